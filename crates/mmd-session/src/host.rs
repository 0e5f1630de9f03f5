//! What the session asks of the program that hosts it. A window, a command line and a test
//! each give their own: the session never opens a GPU, a sound device, a dialog or the
//! settings folder itself.
//!
//! - Words: [`crate::message::Words`] puts the session's messages into the interface's
//!   language.
//! - Export: [`Exporter`] renders and encodes the frames of an
//!   [`crate::export::ExportRequest`] (a GPU and ffmpeg in the window).
//! - The settings store: [`SettingsStore`] keeps small files between runs (the recent files).
//! - Sound: the music plays on the host's output, a
//!   [`mmd_scene::media::music_clock::MusicTrack`] handed to
//!   [`crate::Player::advance_with_music`] each frame, whose position the timeline follows.
//! - The clock: the host says how much wall time passed ([`crate::Player::advance`]), so a
//!   test runs a session at whatever pace it likes.
//! - Dialogs: a dialog answers later, so the session asks for one through its
//!   [`crate::requests::Requests`] and the host answers with the action the dialog gives
//!   ([`crate::action::Action::Open`] and the like).

use std::collections::HashMap;

use crate::export::{ExportOutcome, ExportProgress, ExportRequest, ExportScene};
use crate::message::{MessageNames, Words};

/// An export under way, as the host runs it.
pub trait ExportRun {
    /// How far it has come.
    fn progress(&self) -> ExportProgress;
    /// Asks it to stop; it ends as [`ExportOutcome::Cancelled`].
    fn cancel(&self);
    /// How it ended, once it has (then once only); `None` while it runs.
    fn poll(&mut self) -> Option<ExportOutcome>;
}

/// Renders a scene's frames to a video or a folder of pictures.
pub trait Exporter {
    /// Why the host cannot carry `request` out (a video format it does not write, a size
    /// the encoder refuses), in the interface's language; `None` when it can. The session
    /// checks what any export needs ([`ExportRequest::fault`]) before asking.
    fn problem(&self, request: &ExportRequest) -> Option<String>;
    /// Begins exporting `scene` as `request` says, or says in words why it cannot.
    fn start(
        &mut self,
        scene: ExportScene,
        request: ExportRequest,
    ) -> Result<Box<dyn ExportRun>, String>;
}

/// A host that cannot export (a program without a GPU): every request is refused with
/// `reason`.
#[derive(Debug, Clone)]
pub struct NoExport {
    pub reason: String,
}

impl Exporter for NoExport {
    fn problem(&self, _: &ExportRequest) -> Option<String> {
        Some(self.reason.clone())
    }

    fn start(&mut self, _: ExportScene, _: ExportRequest) -> Result<Box<dyn ExportRun>, String> {
        Err(self.reason.clone())
    }
}

/// Small files kept between runs, each under a name (`recent.txt`). Keeping them is only a
/// convenience: a store that cannot read gives nothing, one that cannot write says so in the
/// log, and the session goes on either way.
pub trait SettingsStore {
    /// What was kept under `name`; `None` when nothing was (or it cannot be read).
    fn read(&self, name: &str) -> Option<Vec<u8>>;
    /// Keeps `bytes` under `name`.
    fn write(&mut self, name: &str, bytes: &[u8]);
}

/// A store in memory, gone with the session: what a test or a one-off program keeps.
#[derive(Debug, Clone, Default)]
pub struct MemoryStore {
    files: HashMap<String, Vec<u8>>,
}

impl SettingsStore for MemoryStore {
    fn read(&self, name: &str) -> Option<Vec<u8>> {
        self.files.get(name).cloned()
    }

    fn write(&mut self, name: &str, bytes: &[u8]) {
        self.files.insert(name.to_owned(), bytes.to_vec());
    }
}

/// Everything a session asks of its host.
pub struct Services {
    pub words: Box<dyn Words>,
    pub exporter: Box<dyn Exporter>,
    pub settings: Box<dyn SettingsStore>,
}

impl Default for Services {
    /// A host with nothing: messages as their names, no export, settings kept in memory.
    fn default() -> Services {
        Services {
            words: Box::new(MessageNames),
            exporter: Box::new(NoExport {
                reason: "this program does not export".to_owned(),
            }),
            settings: Box::new(MemoryStore::default()),
        }
    }
}
