//! What is on stage: one model, the motions bound to it, an optional camera motion, and where
//! the model's textures come from. Loading is all-or-nothing: every file is read and checked
//! before anything changes, so a file that fails leaves the scene exactly as it was.

use std::fmt;
use std::path::{Path, PathBuf};

use mmd_format::FixedText;
use mmd_format::any::{AnyFile, read_any};
use mmd_format::pmx::Pmx;
use mmd_format::vmd::{BoneKey, MorphKey, Vmd};
use mmd_format::vpd::Vpd;
use mmd_physics::{ModelPhysics, PhysicsOptions};
use mmd_pose::{CameraMotion, Motion, Rig};
use mmd_render::{Camera, DirTextureSource, TextureSource};

use crate::default_assets;
use crate::read_error;

/// Where the renderer finds the model's textures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureOrigin {
    /// The embedded default textures.
    Bundled,
    /// The folder the model file is in.
    Directory(PathBuf),
}

/// A model ready to pose and draw.
pub struct Model {
    /// What the UI calls it: the model's own name and the file it came from.
    pub label: String,
    /// The file as the user opened it (or "bundled model"), for notices about it.
    pub file: String,
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
        match &self.textures {
            TextureOrigin::Bundled => format!("{path} (bundled)"),
            TextureOrigin::Directory(dir) => {
                dir.join(path.replace('\\', "/")).display().to_string()
            }
        }
    }

    /// Where the renderer reads this model's textures from.
    pub fn texture_source(&self) -> Box<dyn TextureSource> {
        match &self.textures {
            TextureOrigin::Bundled => Box::new(default_assets::texture_source()),
            TextureOrigin::Directory(dir) => Box::new(DirTextureSource::new(dir)),
        }
    }
}

/// A motion file bound (or to be bound) to the model.
pub struct MotionFile {
    pub label: String,
    pub vmd: Vmd,
}

/// A file that could not be opened: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for LoadError {}

/// One file, read and classified: a model, or a motion with its parts for the model and
/// for the camera.
#[derive(Default)]
struct LoadedFile {
    model: Option<Model>,
    motion: Option<MotionFile>,
    camera: Option<(String, CameraMotion)>,
}

/// What [`Scene::open`] changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Opened {
    pub model: bool,
    pub motions: usize,
    pub camera: bool,
}

pub struct Scene {
    pub model: Model,
    pub motions: Vec<MotionFile>,
    pub camera: Option<(String, CameraMotion)>,
    /// `motions` bound to `model`.
    pub motion: Motion,
}

fn file_label(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `label` names the source ("bundled", a file name); the model's own name goes first.
fn model_from_pmx(
    pmx: Pmx,
    rig: (Rig, Vec<mmd_pose::RigWarning>),
    (label, file): (&str, String),
    textures: TextureOrigin,
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
        pmx,
        rig,
        textures,
        warnings,
    }
}

/// `motions` bound to the rig, by bone and morph name.
fn bind(rig: &Rig, motions: &[MotionFile]) -> Motion {
    let vmds: Vec<&Vmd> = motions.iter().map(|m| &m.vmd).collect();
    Motion::bind(rig, &vmds)
}

/// A VPD pose as a one-frame motion, so it binds by name like any VMD.
fn pose_as_motion(vpd: &Vpd) -> Vmd {
    let interpolation = {
        // MMD's linear curves: (20, 20) and (107, 107) for all four, in the shifted rows.
        let row0 = [
            20u8, 20, 20, 20, 20, 20, 20, 20, 107, 107, 107, 107, 107, 107, 107, 107,
        ];
        let mut block = [0u8; 64];
        for row in 0..4 {
            block[16 * row..16 * row + 16 - row].copy_from_slice(&row0[row..]);
        }
        block
    };
    Vmd {
        bone_keys: vpd
            .bones
            .iter()
            .map(|b| BoneKey {
                name: FixedText::encode(&b.name),
                frame: 0,
                translation: b.translation,
                rotation: b.rotation,
                interpolation,
            })
            .collect(),
        morph_keys: vpd
            .morphs
            .iter()
            .map(|m| MorphKey {
                name: FixedText::encode(&m.name),
                frame: 0,
                weight: m.weight,
            })
            .collect(),
        ..Vmd::default()
    }
}

/// Reads and classifies one file.
fn read_file(path: &Path) -> Result<LoadedFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| fail(format!("cannot read: {e}")))?;
    let file = read_any(&bytes).map_err(|e| fail(read_error::describe(&e)))?;
    let label = file_label(path);
    let folder = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let model = |pmx, rig| LoadedFile {
        model: Some(model_from_pmx(
            pmx,
            rig,
            (&label, path.display().to_string()),
            TextureOrigin::Directory(folder.clone()),
        )),
        ..LoadedFile::default()
    };
    Ok(match file {
        AnyFile::Pmx(pmx) => {
            let rig = Rig::from_pmx(&pmx);
            model(*pmx, rig)
        }
        AnyFile::Pmd(pmd) => {
            let pmx = mmd_pose::pmd_as_pmx(&pmd);
            let rig = Rig::from_pmx(&pmx);
            model(pmx, rig)
        }
        AnyFile::Vmd(vmd) => {
            let camera = CameraMotion::from_vmd(&vmd).map(|c| (label.clone(), c));
            let has_model_keys =
                !(vmd.bone_keys.is_empty() && vmd.morph_keys.is_empty() && vmd.ik_keys.is_empty());
            LoadedFile {
                model: None,
                motion: (has_model_keys || camera.is_none()).then_some(MotionFile { label, vmd }),
                camera,
            }
        }
        AnyFile::Vpd(vpd) => LoadedFile {
            motion: Some(MotionFile {
                label,
                vmd: pose_as_motion(&vpd),
            }),
            ..LoadedFile::default()
        },
    })
}

impl Scene {
    /// The bundled default model playing the bundled dance.
    pub fn bundled() -> Result<Scene, LoadError> {
        let fail = |what: &str, e: mmd_format::Error| LoadError {
            path: PathBuf::from(format!("<bundled {what}>")),
            message: e.to_string(),
        };
        let pmx = mmd_format::pmx::read(default_assets::MODEL).map_err(|e| fail("model", e))?;
        let vmd = mmd_format::vmd::read(default_assets::MOTION).map_err(|e| fail("motion", e))?;
        let rig = Rig::from_pmx(&pmx);
        let model = model_from_pmx(
            pmx,
            rig,
            ("bundled", "bundled model".to_owned()),
            TextureOrigin::Bundled,
        );
        let motions = vec![MotionFile {
            label: "dance (bundled)".to_owned(),
            vmd,
        }];
        Ok(Scene {
            motion: bind(&model.rig, &motions),
            model,
            motions,
            camera: None,
        })
    }

    /// The scene the command line asks for: `MODEL [MOTION...]` (motions may include a
    /// camera VMD and VPD poses). Without files, the bundled default; motions alone play on
    /// the bundled model; a model alone stands at rest.
    pub fn from_command_line(files: &[PathBuf]) -> Result<Scene, LoadError> {
        let mut scene = Scene::bundled()?;
        let opened = scene.open(files)?;
        if opened.model && opened.motions == 0 {
            scene.motions.clear();
            scene.rebind();
        }
        Ok(scene)
    }

    fn rebind(&mut self) {
        self.motion = bind(&self.model.rig, &self.motions);
    }

    /// Opens files (as dropped on the window or picked in the dialog): a model replaces the
    /// model and keeps the motions; motions (VMD, or VPD poses) together replace the
    /// motions; a VMD with camera keys becomes the camera motion. Every file is read first:
    /// if any fails, nothing changes and the error names it.
    pub fn open(&mut self, paths: &[PathBuf]) -> Result<Opened, LoadError> {
        let mut model = None;
        let mut motions = Vec::new();
        let mut camera = None;
        for path in paths {
            let file = read_file(path)?;
            if let Some(m) = file.model {
                if model.is_some() {
                    return Err(LoadError {
                        path: path.clone(),
                        message: "more than one model given; open one model at a time".to_owned(),
                    });
                }
                model = Some(m);
            }
            motions.extend(file.motion);
            if file.camera.is_some() {
                camera = file.camera;
            }
        }
        let opened = Opened {
            model: model.is_some(),
            motions: motions.len(),
            camera: camera.is_some(),
        };
        if let Some(model) = model {
            self.model = model;
        }
        if !motions.is_empty() {
            self.motions = motions;
        }
        if camera.is_some() {
            self.camera = camera;
        }
        self.rebind();
        Ok(opened)
    }

    /// The camera motion's camera at `frame`, or `None` without a camera motion.
    pub fn camera_at(&self, frame: f32) -> Option<Camera> {
        let (_, motion) = self.camera.as_ref()?;
        let s = motion.sample(frame);
        Some(Camera {
            target: s.target,
            rotation: s.rotation,
            distance: s.distance,
            fov_y_deg: s.fov_deg,
            perspective: s.perspective,
        })
    }

    /// The last frame of anything animated: the motions and the camera.
    pub fn last_frame(&self) -> f32 {
        let camera = self.camera.as_ref().map_or(0.0, |(_, c)| c.last_frame());
        self.motion.last_frame().max(camera)
    }
}
