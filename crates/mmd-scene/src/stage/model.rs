//! A model ready to pose and draw: the file in PMX terms (a PMD converted), its rig, where its
//! textures come from, and what reading it repaired.

use std::path::{Path, PathBuf};

use mmd_format::pmx::Pmx;
use mmd_physics::{ModelPhysics, PhysicsOptions};
use mmd_pose::Rig;

use crate::project::files::{LoadError, read_file};
use crate::stage::source::Source;

/// Where the renderer finds the model's textures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureOrigin {
    /// The embedded default textures.
    Bundled,
    /// The folder the model file is in.
    Directory(PathBuf),
}

impl TextureOrigin {
    /// Where a texture named `path` is looked for, as notices show it.
    pub fn file(&self, path: &str) -> String {
        match self {
            TextureOrigin::Bundled => format!("{path} (bundled)"),
            TextureOrigin::Directory(dir) => {
                dir.join(path.replace('\\', "/")).display().to_string()
            }
        }
    }
}

/// A model ready to pose and draw.
#[derive(Clone)]
pub struct Model {
    /// What the UI calls it: the model's own name and the file it came from.
    pub label: String,
    /// The file as the user opened it (or "bundled model"), for notices about it.
    pub file: String,
    pub source: Source,
    /// The model in PMX terms (a PMD is converted) for the renderer.
    pub pmx: Pmx,
    pub rig: Rig,
    pub textures: TextureOrigin,
    /// Problems neutralised on the way: references in the file that point nowhere (the
    /// reader's, "byte N: …"), then what the rig builder found (bad indices, cycles), then
    /// the rigid bodies and joints physics repairs or leaves out.
    pub warnings: Vec<String>,
}

impl Model {
    /// Logs every warning, each prefixed with the model's label.
    pub fn log_warnings(&self) {
        for w in &self.warnings {
            log::warn!("{}: {w}", self.label);
        }
    }

    /// Where a texture the model names is looked for, as notices show it.
    pub fn texture_file(&self, path: &str) -> String {
        self.textures.file(path)
    }
}

/// `label` names the source ("bundled", a file name); the model's own name goes first.
pub(crate) fn model_from_pmx(
    pmx: Pmx,
    rig: (Rig, Vec<mmd_pose::RigWarning>),
    (label, file): (&str, String),
    textures: TextureOrigin,
    source: Source,
) -> Model {
    let (rig, rig_warnings) = rig;
    let physics_warnings = match ModelPhysics::check(&pmx, &PhysicsOptions::default()) {
        Ok(warnings) => warnings.iter().map(|w| format!("physics: {w}")).collect(),
        Err(e) => vec![e.to_string()],
    };
    let warnings = pmx
        .warnings
        .iter()
        .map(ToString::to_string)
        .chain(rig_warnings.iter().map(ToString::to_string))
        .chain(physics_warnings)
        .collect();
    Model {
        label: format!("{} ({label})", pmx.name),
        file,
        source,
        pmx,
        rig,
        textures,
        warnings,
    }
}

/// Reads one model file (PMX or PMD); anything else is an error that says so.
pub fn read_model(path: &Path) -> Result<Model, LoadError> {
    read_file(path)?.model.ok_or_else(|| LoadError {
        path: path.to_path_buf(),
        message: "not a model (PMX or PMD)".to_owned(),
    })
}
