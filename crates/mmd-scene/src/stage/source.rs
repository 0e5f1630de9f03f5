//! Where what is on stage came from, so that a project can name it again: a file, the
//! bundled default, or keys made in the player (Pose mode's edits, a `.pmm`'s keyframes)
//! that live in no file of their own until a project is saved.

use std::path::{Path, PathBuf};

use mmd_format::vmd::Vmd;

/// Where a model, a motion or a track was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The bundled default model or dance.
    Bundled,
    /// A file, as it was opened.
    File(PathBuf),
    /// Made in the player: saved with a project as a file of its own.
    Made,
}

impl Source {
    /// The file, for a source that is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::File(path) => Some(path),
            Source::Bundled | Source::Made => None,
        }
    }
}

/// One of the scene's own tracks (the camera, the light or the self-shadow motion): what the
/// interface calls it, where it came from, the keys it was made from (written out when the
/// track was made in the player) and the motion.
#[derive(Debug, Clone)]
pub struct Track<T> {
    pub label: String,
    pub source: Source,
    /// The VMD keys the motion was made from.
    pub vmd: Vmd,
    pub motion: T,
}

impl<T> Track<T> {
    /// `motion`, made from `vmd`'s keys, read from `source`.
    pub fn new(vmd: &Vmd, label: &str, source: &Source, motion: T) -> Track<T> {
        Track {
            label: label.to_owned(),
            source: source.clone(),
            vmd: vmd.clone(),
            motion,
        }
    }
}
