//! Projects: a scene with the host's settings (physics, view, camera, light, timeline, music
//! playing, export) kept in one human-readable file, and opened again.
//!
//! - [`document`]: the file's layout (JSON, versioned, paths relative to the project's folder).
//! - [`save`]: the document a scene makes, with the motions made in the player (Pose mode's
//!   edits, a `.pmm`'s keys) written as VMD files beside the project.
//! - [`open`]: the scene a document makes. A file that is missing or fails leaves the rest
//!   open: each is reported, and its entry is kept ([`Leftovers`]) so that saving again loses
//!   nothing; a missing file is also looked for by name in the project's folder.
//! - [`locate`]: a part that did not open, opened from a file the user points to (and the
//!   other missing files looked for in that file's folder).
//! - [`files`]: reading files and telling them apart by content (a model, an accessory,
//!   music, a motion); [`read_error`]: why a file cannot be opened, in words; [`bundled`]: the
//!   bundled default model, motion and textures.

pub mod bundled;
pub mod document;
pub mod files;
mod layout;
pub mod locate;
pub mod open;
pub mod pmm;
pub mod read_error;
pub mod relocate;
pub mod save;

use std::path::{Path, PathBuf};

use document::{
    AccessoryEntry, CameraEntry, Document, ExportEntry, FORMAT, FileRef, LayerEntry, LightEntry,
    ModelEntry, MusicEntry, OutsideParentKeyEntry, ParentEntry, PhysicsEntry, PhysicsModeEntry,
    TimelineEntry, VERSION, ViewEntry,
};
use mmd_physics::SubstepRate;

use crate::engine::PhysicsMode;
use crate::project::read_error::FileProblem;

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
/// written, so that saving the project again keeps them and each can be located later
/// ([`locate`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Leftovers {
    /// The folder the written paths are relative to: the project's.
    pub folder: PathBuf,
    /// Per model of the project, in its order, the id it goes by: its actor's, or for a model
    /// that did not open the id its actor takes once located. The project names models by
    /// place (outside parents, accessories' parents); the leftovers' places are read through
    /// this, so they keep naming the same model however the scene's list changes.
    pub model_ids: Vec<u64>,
    pub models: Vec<MissingModel>,
    /// Layers of models that opened, by the actor's id.
    pub layers: Vec<(u64, LayerEntry)>,
    /// Outside parent keys of models that opened whose parent is a model that did not: the
    /// actor's id, the bone's name and the key.
    pub outside_parent_keys: Vec<(u64, String, OutsideParentKeyEntry)>,
    pub camera: Option<FileRef>,
    pub light: Option<FileRef>,
    pub self_shadow: Option<FileRef>,
    pub accessories: Vec<AccessoryEntry>,
    /// The parents of accessories that opened, held by a model that did not, by the
    /// accessory's id: written back while the accessory has no other parent.
    pub accessory_parents: Vec<(u64, ParentEntry)>,
    pub music: Option<MusicEntry>,
}

/// A model of the project that did not open.
#[derive(Debug, Clone, PartialEq)]
pub struct MissingModel {
    /// The id its actor takes once located (see [`Leftovers::model_ids`]).
    pub id: u64,
    pub entry: ModelEntry,
    /// Keys made outside a file (a `.pmm`'s), played as its first layer once located and
    /// written beside the project when it is saved.
    pub keys: Option<MadeKeys>,
}

/// Keys that live in no file of their own, with the label their layer shows.
#[derive(Debug, Clone, PartialEq)]
pub struct MadeKeys {
    pub label: String,
    pub vmd: mmd_format::vmd::Vmd,
}

impl Leftovers {
    /// Whether every part opened (the folder and the models' ids aside).
    pub fn is_empty(&self) -> bool {
        self.models.is_empty()
            && self.layers.is_empty()
            && self.outside_parent_keys.is_empty()
            && self.camera.is_none()
            && self.light.is_none()
            && self.self_shadow.is_none()
            && self.accessories.is_empty()
            && self.accessory_parents.is_empty()
            && self.music.is_none()
    }

    /// The id of the project's model at `place`, if the project has one there.
    pub fn model_id(&self, place: usize) -> Option<u64> {
        self.model_ids.get(place).copied()
    }

    /// A model that did not open, with `keys` made outside a file if any: kept, and given the
    /// id its actor will take once located, which is returned.
    pub fn missing_model(&mut self, entry: ModelEntry, keys: Option<MadeKeys>) -> u64 {
        let id = crate::stage::actor::next_id();
        self.model_ids.push(id);
        self.models.push(MissingModel { id, entry, keys });
        id
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

/// `document` as the file holds it: indented JSON with short lists on one line, ending in a
/// newline (see `layout.rs`).
pub fn to_bytes(document: &Document) -> Result<Vec<u8>, serde_json::Error> {
    let pretty = serde_json::to_string_pretty(document)?;
    Ok(layout::join_plain_lists(&pretty).into_bytes())
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
