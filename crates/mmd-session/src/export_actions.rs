//! File → Export as the player carries it out: a copy of the scene as the user sees it (the
//! models shown, with their IK overrides and morph pins, the camera in use, the view's
//! switches, the physics mode and the models' bakes) goes to an [`ExportJob`]; its progress
//! and outcome are there for the interface, and a failure is also listed as a notice. The
//! folder an export is first suggested in is one the user can write to (see
//! [`Player::suggested_export_folder`]).

use std::path::{Path, PathBuf};

use mmd_scene::engine::PhysicsMode;

use super::Player;
use super::notices::Notice;
use crate::export::{ExportOutcome, ExportProgress, ExportRequest, ExportScene};
use crate::host::ExportRun;
use crate::message::Message;

#[derive(Default)]
pub(super) struct ExportState {
    job: Option<Box<dyn ExportRun>>,
    /// Where the running (or last) export writes.
    request: Option<ExportRequest>,
    outcome: Option<ExportOutcome>,
    /// The folder the last export went to (in this run, or kept from the last).
    folder: Option<PathBuf>,
}

impl Player {
    /// Starts exporting the scene as it is now, unless an export is running.
    pub(super) fn start_export(&mut self, request: ExportRequest) {
        if self.export.job.is_some() {
            return;
        }
        let problem = match request.fault() {
            Some(fault) => Some(self.text(&fault)),
            None => self.services.exporter.problem(&request),
        };
        if let Some(problem) = problem {
            self.export.outcome = Some(ExportOutcome::Failed(problem));
            return;
        }
        let scene = self.export_scene();
        self.export.outcome = None;
        match self.services.exporter.start(scene, request.clone()) {
            Ok(job) => {
                self.export.job = Some(job);
                let path = request.target.path();
                self.export.folder = std::path::absolute(path)
                    .ok()
                    .and_then(|path| path.parent().map(Path::to_path_buf));
            }
            Err(e) => {
                let message = self.text(&Message::ExportNotStarted { error: e });
                self.export.outcome = Some(ExportOutcome::Failed(message));
            }
        }
        self.export.request = Some(request);
    }

    pub(super) fn cancel_export(&self) {
        if let Some(job) = &self.export.job {
            job.cancel();
        }
    }

    /// Takes the outcome of a finished export in (without waiting for a running one).
    pub(super) fn poll_export(&mut self) {
        let Some(outcome) = self.export.job.as_mut().and_then(|job| job.poll()) else {
            return;
        };
        self.export.job = None;
        if let ExportOutcome::Failed(message) = &outcome {
            let file = self
                .export
                .request
                .as_ref()
                .map_or_else(String::new, |r| r.target.path().display().to_string());
            let message = self.text(&Message::ExportFailed {
                error: message.clone(),
            });
            self.notices.push(Notice::error(file, message));
        }
        self.export.outcome = Some(outcome);
    }

    /// What the export thread works from: copies of what the view shows now.
    fn export_scene(&self) -> ExportScene {
        let bakes = match self.engine.mode() {
            PhysicsMode::Baked => self.engine.bakes(),
            PhysicsMode::Off | PhysicsMode::Live => Vec::new(),
        };
        ExportScene {
            scene: self.scene.clone(),
            choices: self.frame_choices(),
            view: self.view,
            music_offset: self.music_settings().offset,
            physics: (self.engine.mode(), self.engine.rate()),
            bakes,
        }
    }

    /// How far the running export has come; `None` when none runs.
    pub fn export_progress(&self) -> Option<ExportProgress> {
        self.export.job.as_ref().map(|job| job.progress())
    }

    /// How the last export ended, until the next one starts.
    pub fn export_outcome(&self) -> Option<&ExportOutcome> {
        self.export.outcome.as_ref()
    }

    /// The folder the last export went to, if any.
    pub fn export_folder(&self) -> Option<&Path> {
        self.export.folder.as_deref()
    }

    /// Remembers `folder` as the last export's (kept from the last run).
    pub fn set_export_folder(&mut self, folder: Option<PathBuf>) {
        self.export.folder = folder;
    }

    /// Where File → Export suggests saving: the first folder that can be written to of the
    /// last export's, the user's videos folder and the current folder, or the current folder
    /// when none can (the export then says why it fails). Not the models' folder, which is
    /// often a read-only download or a shared drive.
    pub fn suggested_export_folder(&self) -> PathBuf {
        let current = std::env::current_dir().unwrap_or_default();
        let candidates = [self.export.folder.clone(), dirs::video_dir()];
        writable_folder(
            candidates.into_iter().flatten().chain([current.clone()]),
            can_write_in,
        )
        .unwrap_or(current)
    }
}

/// The first of `candidates` that `writable` says can be written in.
pub fn writable_folder(
    candidates: impl IntoIterator<Item = PathBuf>,
    writable: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    candidates.into_iter().find(|folder| writable(folder))
}

/// Whether `folder` is a folder a file can be made in: tried by making (and removing) one,
/// since permission bits miss read-only mounts and access lists.
pub fn can_write_in(folder: &Path) -> bool {
    if !folder.is_dir() {
        return false;
    }
    let probe = folder.join(format!(".mmd-player-write-check-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            if let Err(e) = std::fs::remove_file(&probe) {
                log::warn!("{}: cannot remove: {e}", probe.display());
            }
            true
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_writable_candidate_is_suggested() {
        let candidates = || ["/last", "/videos", "/current"].map(PathBuf::from);
        let choose = |writable: &[&str]| {
            writable_folder(candidates(), |folder| {
                writable.iter().any(|w| folder == Path::new(w))
            })
        };
        assert_eq!(choose(&["/last", "/videos"]), Some("/last".into()));
        assert_eq!(choose(&["/videos", "/current"]), Some("/videos".into()));
        assert_eq!(choose(&["/current"]), Some("/current".into()));
        assert_eq!(choose(&[]), None);
    }

    #[test]
    fn only_a_folder_that_takes_a_file_is_writable() {
        let dir = tempfile::tempdir().unwrap();
        assert!(can_write_in(dir.path()));
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "the check leaves nothing behind"
        );
        assert!(!can_write_in(&dir.path().join("missing")));
        let file = dir.path().join("a file");
        std::fs::write(&file, b"").unwrap();
        assert!(!can_write_in(&file));
    }
}
