//! Physics as the player carries it out: the mode and rate the user picks, what a change of
//! the scene does to the simulation (see [`PhysicsChange`]), the bakes made on workers while
//! the window goes on drawing, and their problems as notices. The simulation itself is the
//! scene engine's ([`mmd_scene::engine`]).

use mmd_physics::SubstepRate;
use mmd_scene::engine::{BakeOutcome, EngineError, PhysicsChange, PhysicsMode};

use super::Player;
use super::message::Message;

impl Player {
    pub(super) fn set_physics_mode(&mut self, mode: PhysicsMode) {
        if mode != self.engine.mode() {
            self.engine.set_mode(mode);
            self.posed_frame = None;
            self.prepare_physics();
        }
    }

    pub(super) fn set_physics_rate(&mut self, rate: SubstepRate) {
        if rate != self.engine.rate() {
            self.engine.set_rate(rate);
            self.posed_frame = None;
            self.prepare_physics();
        }
    }

    /// Brings the simulation of actor `only` (every actor when `None`) in line with
    /// `change` and poses again.
    pub(super) fn physics_changed(&mut self, change: PhysicsChange, only: Option<usize>) {
        self.engine.sync(&self.scene.actors);
        self.engine.changed(change, only);
        self.posed_frame = None;
        self.prepare_physics();
    }

    /// Builds what the mode needs and lacks: each model's bodies, and in Baked mode a bake
    /// on a worker. Bodies that cannot be built turn physics off, with the reason shown.
    fn prepare_physics(&mut self) {
        if let Err(e) = self.engine.prepare(&self.scene.actors) {
            self.physics_failed(&e);
            self.engine.set_mode(PhysicsMode::Off);
            return;
        }
        let last = self.playback.last_frame();
        for problem in self.engine.start_bakes(&self.scene.actors, last) {
            self.physics_failed(&problem);
        }
    }

    /// Shows a physics problem, as a notice about the model's file.
    fn physics_failed(&mut self, error: &EngineError) {
        let actor = match error {
            EngineError::Physics { actor, .. }
            | EngineError::TooLong { actor, .. }
            | EngineError::Worker { actor, .. } => Some(*actor),
            EngineError::Stopped => None,
        };
        let file = actor
            .and_then(|i| self.scene.actors.get(i))
            .map(|a| a.model.file.clone())
            .unwrap_or_default();
        let message = match error {
            EngineError::TooLong { frames, .. } => Message::TooLongToBake {
                frames: *frames,
                most: mmd_scene::engine::MAX_BAKE_FRAMES,
            },
            other => Message::PhysicsFailed {
                error: other.to_string(),
            },
        };
        let message = self.text(&message);
        self.fail(&file, message);
    }

    /// Takes finished bakes in (without waiting for running ones) and poses with them; a
    /// model hung from one that came in (外部親) starts baking then.
    pub(super) fn poll_bakes(&mut self) {
        let outcomes = self.engine.poll_bakes();
        let baked = outcomes.iter().any(|o| o.result.is_ok());
        for BakeOutcome { actor, result } in outcomes {
            let Some(model) = self.scene.actors.get(actor).map(|a| &a.model) else {
                continue;
            };
            let (label, file) = (model.label.clone(), model.file.clone());
            match result {
                Ok(bake) => {
                    for (frame, message) in &bake.blow_ups {
                        log::warn!("{label}: frame {frame}: {message}");
                    }
                    if let Some((frame, message)) = bake.blow_ups.first() {
                        let count = bake.blow_ups.len();
                        let message = self.text(&Message::BakeBlewUp {
                            model: label,
                            count,
                            frame: *frame,
                            error: message.clone(),
                        });
                        self.fail(&file, message);
                    }
                    self.posed_frame = None;
                }
                Err(message) => {
                    let message = self.text(&Message::PhysicsFailed {
                        error: message.to_string(),
                    });
                    self.fail(&file, message);
                }
            }
        }
        if baked {
            self.prepare_physics();
        }
    }

    pub fn physics_mode(&self) -> PhysicsMode {
        self.engine.mode()
    }

    pub fn physics_rate(&self) -> SubstepRate {
        self.engine.rate()
    }

    /// Frames simulated and frames to simulate, over every model, while bakes run.
    pub fn bake_progress(&self) -> Option<(u32, u32)> {
        self.engine.bake_progress()
    }

    /// Whether every model's bake of the current inputs is ready (Baked mode then shows
    /// them).
    pub fn physics_baked(&self) -> bool {
        self.engine.all_baked()
    }
}
