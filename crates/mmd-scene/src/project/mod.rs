//! Projects: a scene with the host's settings (physics, view, camera, light, timeline, music
//! playing, export) kept in one human-readable file, and opened again.
//!
//! - [`document`]: the file's layout (JSON, versioned, paths relative to the project's folder).
//! - [`save`]: the document a scene makes, with the motions made in the player (Pose mode's
//!   edits, a `.pmm`'s keys) written as VMD files beside the project.
//! - [`open`]: the scene a document makes. A file that is missing or fails leaves the rest
//!   open: each is reported, and its entry is kept ([`Leftovers`]) so that saving again loses
//!   nothing; a missing file is also looked for by name in the project's folder.

pub mod document;
pub mod open;
pub mod pmm;
pub mod relocate;
pub mod save;

use std::path::{Path, PathBuf};

use document::{
    AccessoryEntry, CameraEntry, Document, ExportEntry, FORMAT, FileRef, LayerEntry, LightEntry,
    ModelEntry, MusicEntry, ParentEntry, PhysicsEntry, PhysicsModeEntry, TimelineEntry, VERSION,
    ViewEntry,
};
use mmd_physics::SubstepRate;

use crate::engine::PhysicsMode;
use crate::read_error::FileProblem;

/// A project file that cannot be read or written at all (a missing part is not this: see
/// [`open::OpenedProject::problems`]).
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    /// The file is missing, empty, unreadable, or (a `.pmm`) damaged, in the words every
    /// file problem is told in.
    #[error("{path}: {problem}")]
    File { path: PathBuf, problem: FileProblem },
    #[error("{path}: cannot write: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: the file is damaged: {detail}")]
    Damaged { path: PathBuf, detail: String },
    #[error("{path}: not an mmd-player project")]
    NotAProject { path: PathBuf },
    #[error("{path}: {detail}")]
    Motion { path: PathBuf, detail: String },
}

/// What the host keeps of a project besides the scene: how physics runs, what the view
/// draws, its camera and light, the timeline, the music's playing and the export.
#[derive(Debug, Clone, PartialEq)]
pub struct HostSettings {
    pub physics: PhysicsEntry,
    pub view: ViewEntry,
    pub free_camera: Option<CameraEntry>,
    pub use_camera_motion: bool,
    pub light_by_hand: Option<LightEntry>,
    pub timeline: TimelineEntry,
    pub export: ExportEntry,
    pub music: MusicPlay,
}

impl Default for HostSettings {
    fn default() -> HostSettings {
        let document = Document::default();
        HostSettings::of(&document)
    }
}

impl HostSettings {
    fn of(document: &Document) -> HostSettings {
        let music = document.music.clone().unwrap_or_default();
        HostSettings {
            physics: document.physics,
            view: document.view,
            free_camera: document.free_camera,
            use_camera_motion: document.use_camera_motion,
            light_by_hand: document.light_by_hand,
            timeline: document.timeline,
            export: document.export.clone(),
            music: MusicPlay {
                offset: music.offset,
                volume: music.volume,
                muted: music.muted,
            },
        }
    }
}

/// How the music plays: its offset on the timeline (frames), volume (0 to 1) and mute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MusicPlay {
    pub offset: f32,
    pub volume: f32,
    pub muted: bool,
}

impl Default for MusicPlay {
    fn default() -> MusicPlay {
        let music = MusicEntry::default();
        MusicPlay {
            offset: music.offset,
            volume: music.volume,
            muted: music.muted,
        }
    }
}

/// The parts of an opened project that did not open (a missing or broken file), as they were
/// written, so that saving the project again keeps them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Leftovers {
    pub models: Vec<ModelEntry>,
    /// Layers of models that opened, by the actor's id.
    pub layers: Vec<(u64, LayerEntry)>,
    pub camera: Option<FileRef>,
    pub light: Option<FileRef>,
    pub self_shadow: Option<FileRef>,
    pub accessories: Vec<AccessoryEntry>,
    /// The parents of accessories that opened, held by a model that did not, by the
    /// accessory's id: written back while the accessory has no other parent.
    pub accessory_parents: Vec<(u64, ParentEntry)>,
    pub music: Option<MusicEntry>,
}

impl Leftovers {
    pub fn is_empty(&self) -> bool {
        *self == Leftovers::default()
    }
}

/// Whether `bytes` are a project this crate opens: ours ([`is_project`]) or MikuMikuDance's
/// (`.pmm`, [`pmm::open_pmm`]).
pub fn is_any_project(bytes: &[u8]) -> bool {
    is_project(bytes) || mmd_format::pmm::has_magic(bytes)
}

/// Whether `bytes` are a project file: JSON whose `format` field says so.
pub fn is_project(bytes: &[u8]) -> bool {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text.trim_start_matches('\u{feff}').trim_start(),
        Err(_) => return false,
    };
    text.starts_with('{') && text.contains(&format!("\"{FORMAT}\""))
}

/// A project file's document, with the fields this version does not know (from a later
/// version) by their path, e.g. `models[0].mirror`.
pub fn read(path: &Path, bytes: &[u8]) -> Result<(Document, Vec<String>), ProjectError> {
    let damaged = |detail: String| ProjectError::Damaged {
        path: path.to_path_buf(),
        detail,
    };
    let mut unknown = Vec::new();
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let document: Document = serde_ignored::deserialize(&mut deserializer, |field| {
        unknown.push(field.to_string());
    })
    .map_err(|e| damaged(e.to_string()))?;
    deserializer.end().map_err(|e| damaged(e.to_string()))?;
    if document.format != FORMAT {
        return Err(ProjectError::NotAProject {
            path: path.to_path_buf(),
        });
    }
    Ok((document, unknown))
}

/// What a newer project file means for this version, as a notice; `None` for this version's
/// files and earlier ones.
pub fn newer_version_notice(document: &Document) -> Option<String> {
    (document.version > VERSION).then(|| {
        format!(
            "written by a newer mmd-player (project version {}, this one reads {VERSION}): \
             what it does not know is left out",
            document.version
        )
    })
}

/// `document` as the file holds it: pretty JSON ending in a newline.
pub fn to_bytes(document: &Document) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(document)?;
    bytes.push(b'\n');
    Ok(bytes)
}

impl PhysicsEntry {
    /// The engine's mode and substep rate; a rate other than 120 or 240 is 60, the default.
    pub fn engine_settings(&self) -> (PhysicsMode, SubstepRate) {
        let mode = match self.mode {
            PhysicsModeEntry::Off => PhysicsMode::Off,
            PhysicsModeEntry::Live => PhysicsMode::Live,
            PhysicsModeEntry::Baked => PhysicsMode::Baked,
        };
        let rate = match self.rate {
            120 => SubstepRate::Hz120,
            240 => SubstepRate::Hz240,
            _ => SubstepRate::Hz60,
        };
        (mode, rate)
    }

    /// The entry for the engine's `mode` and `rate`.
    pub fn of(mode: PhysicsMode, rate: SubstepRate) -> PhysicsEntry {
        PhysicsEntry {
            mode: match mode {
                PhysicsMode::Off => PhysicsModeEntry::Off,
                PhysicsMode::Live => PhysicsModeEntry::Live,
                PhysicsMode::Baked => PhysicsModeEntry::Baked,
            },
            rate: match rate {
                SubstepRate::Hz60 => 60,
                SubstepRate::Hz120 => 120,
                SubstepRate::Hz240 => 240,
            },
        }
    }
}
