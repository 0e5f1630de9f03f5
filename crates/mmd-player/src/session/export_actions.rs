//! File → Export as the player carries it out: a copy of the scene as the user sees it (the
//! models shown, with their IK overrides and morph pins, the camera in use, the view's
//! switches, the physics mode and the models' bakes) goes to an [`ExportJob`]; its progress
//! and outcome are there for the interface, and a failure is also listed as a notice.

use mmd_scene::engine::PhysicsMode;

use super::Player;
use super::notices::Notice;
use crate::export::job::{ExportJob, ExportOutcome, ExportProgress, ExportRequest, ExportScene};

#[derive(Default)]
pub(super) struct ExportState {
    job: Option<ExportJob>,
    /// Where the running (or last) export writes.
    request: Option<ExportRequest>,
    outcome: Option<ExportOutcome>,
}

impl Player {
    /// Starts exporting the scene as it is now, unless an export is running.
    pub(super) fn start_export(&mut self, request: ExportRequest) {
        if self.export.job.is_some() {
            return;
        }
        if let Some(problem) = request.problem() {
            self.export.outcome = Some(ExportOutcome::Failed(problem));
            return;
        }
        let scene = self.export_scene();
        self.export.outcome = None;
        match ExportJob::start(scene, request.clone()) {
            Ok(job) => self.export.job = Some(job),
            Err(e) => {
                let message = format!("cannot start the export: {e}");
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
        let Some(outcome) = self.export.job.as_mut().and_then(ExportJob::poll) else {
            return;
        };
        self.export.job = None;
        if let ExportOutcome::Failed(message) = &outcome {
            let file = self
                .export
                .request
                .as_ref()
                .map_or_else(String::new, |r| r.target.path().display().to_string());
            self.notices
                .push(Notice::error(file, format!("export: {message}")));
        }
        self.export.outcome = Some(outcome);
    }

    /// What the export thread works from: copies of what the view shows now.
    fn export_scene(&self) -> ExportScene {
        let bakes = match self.engine.mode() {
            PhysicsMode::Baked => self.engine.bakes(),
            PhysicsMode::Off | PhysicsMode::Live => Vec::new(),
        };
        let motion_camera = self.camera.use_motion && self.scene.has_camera();
        ExportScene {
            scene: self.scene.clone(),
            fixed_camera: (!motion_camera).then(|| self.camera()),
            fixed_light: self.light,
            music_offset: self.music_settings().offset,
            self_shadow: self.view.self_shadow,
            edges: self.view.edges,
            ground_shadow: self.view.ground_shadow,
            physics: (self.engine.mode(), self.engine.rate()),
            bakes,
        }
    }

    /// How far the running export has come; `None` when none runs.
    pub fn export_progress(&self) -> Option<ExportProgress> {
        self.export.job.as_ref().map(ExportJob::progress)
    }

    /// How the last export ended, until the next one starts.
    pub fn export_outcome(&self) -> Option<&ExportOutcome> {
        self.export.outcome.as_ref()
    }
}
