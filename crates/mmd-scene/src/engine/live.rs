//! Live physics: a frame posed with the rigid bodies simulated between the two deform passes,
//! the bodies stepping as the timeline moves forward.
//!
//! Time is motion time: one frame is 1/30 s, whatever the wall clock does. The simulation
//! starts from the frame's pose with a warm-up ([`WARM_UP_SECONDS`] of motion time holding
//! that pose, so hair and skirts hang before the first frame is shown). Live, a step of up to
//! [`MAX_LIVE_STEP`] frames forward simulates that much time in one step; a longer move forward
//! of up to [`MAX_CATCH_UP`] frames (a slow display, or a short skip) simulates every whole
//! frame in between first; anything else (a backward seek, a long jump, the loop wrapping)
//! starts again from the new frame. Showing the same frame again
//! (paused, or an override changed) does not step. Bone keys that switch physics off
//! (MMD's per-key physics switch) make that bone's bodies follow the animation until a key
//! switches it on again; with several motion layers the heaviest layer animating the bone
//! decides (`mmd_pose::Layers::bone_physics_off`).

use std::time::{Duration, Instant};

use glam::Mat4;
use mmd_format::pmx::Pmx;
use mmd_physics::{ModelPhysics, PhysicsError, PhysicsOptions, StepOutcome};
use mmd_pose::Pose;

use super::PoseInput;
use crate::media::playback::FRAMES_PER_SECOND;

/// Motion time simulated, holding the start pose, before the first frame is shown.
pub const WARM_UP_SECONDS: f32 = 1.0;
/// The largest forward move (in frames) that live physics simulates instead of starting
/// again: playback at any speed up to 2× on a display down to 30 Hz.
pub const MAX_LIVE_STEP: f32 = 2.0;
/// The longest forward move (in frames) that live physics catches up with frame by frame
/// instead of starting again: one second of motion, a few milliseconds of simulation.
pub const MAX_CATCH_UP: f32 = 30.0;

/// What the user asked the frame to do to the simulation.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Advance {
    /// Put the bodies on this frame's pose and warm up.
    Start,
    /// Simulate this many seconds of motion time.
    Step(f32),
    /// Show the bodies where they are.
    Hold,
}

/// A model's bodies: the world, and the frame it was last brought to.
pub struct LivePhysics {
    physics: ModelPhysics,
    /// The frame the bodies stand at; `None` before the first frame or after a restart.
    at: Option<f32>,
    /// The last blow-up, if any, since [`LivePhysics::take_blow_up`].
    blow_up: Option<String>,
    /// Wall time the simulation took in the last [`LivePhysics::evaluate`], catching up
    /// included: what the status line shows beside the pose's own time.
    stepped: Duration,
}

impl LivePhysics {
    pub fn new(pmx: &Pmx, options: &PhysicsOptions) -> Result<LivePhysics, PhysicsError> {
        let (physics, _) = ModelPhysics::new(pmx, options)?;
        Ok(LivePhysics {
            physics,
            at: None,
            blow_up: None,
            stepped: Duration::ZERO,
        })
    }

    /// The next frame starts the simulation again from its own pose.
    pub fn restart(&mut self) {
        self.at = None;
    }

    /// The bodies themselves.
    pub(crate) fn bodies(&self) -> &ModelPhysics {
        &self.physics
    }

    /// Seconds the simulation itself took in the last [`LivePhysics::evaluate`].
    pub fn step_seconds(&self) -> f32 {
        self.stepped.as_secs_f32()
    }

    /// A blow-up (the simulation reset itself) since the last call, for the user to see.
    pub fn take_blow_up(&mut self) -> Option<String> {
        self.blow_up.take()
    }

    /// Poses `frame` with the bodies simulated up to it (see the module docs for when it
    /// steps, holds or starts again).
    pub fn evaluate(&mut self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) {
        self.stepped = Duration::ZERO;
        let frame = if frame.is_finite() { frame } else { 0.0 };
        if self
            .at
            .is_some_and(|at| frame - at > MAX_LIVE_STEP && frame - at <= MAX_CATCH_UP)
        {
            self.catch_up(input, frame, pose);
        }
        self.simulate(input, frame, pose);
        input.after_physics(
            self.physics.driven_bones(),
            self.physics.rotation_driven_bones(),
            pose,
        );
    }

    /// The pose at `frame` up to the physics stage, with the bodies brought to `frame` and
    /// the driven bones' matrices written into [`Pose::globals`].
    pub(crate) fn simulate(&mut self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) {
        let frame = if frame.is_finite() { frame } else { 0.0 };
        let advance = match self.at {
            Some(at) if at == frame => Advance::Hold,
            Some(at) if frame > at && frame - at <= MAX_LIVE_STEP => {
                Advance::Step((frame - at) / FRAMES_PER_SECOND)
            }
            _ => Advance::Start,
        };
        input.before_physics(frame, pose);
        if input.layers.has_physics_toggles() {
            // Bone keys can switch a bone's bodies to follow the animation (MMD's per-key
            // physics switch): set before the bodies move.
            for k in 0..self.physics.driven_bones().len() {
                let bone = self.physics.driven_bones()[k];
                let off = input.layers.bone_physics_off(bone, frame);
                self.physics.set_bone_follows_animation(bone, off);
            }
        }
        if let Some(gravity) = input.gravity {
            // Before the bodies move (a start rebuilds the world with it).
            self.physics.set_gravity(gravity.at(frame));
        }
        let start = Instant::now();
        if let Some(outcome) = run(&mut self.physics, advance, &pose.globals) {
            self.blow_up = Some(outcome);
        }
        self.physics.write_back(&mut pose.globals);
        self.stepped += start.elapsed();
        self.at = Some(frame);
    }

    /// Poses `frame` as playback reaching it does: every whole frame between the last one
    /// posed and `frame` is simulated first, one 1/30 s step each. A frame before the last
    /// one starts again from it, as a seek back does.
    pub fn play_to(&mut self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) {
        let frame = if frame.is_finite() { frame } else { 0.0 };
        if self.at.is_some_and(|at| at <= frame) {
            self.catch_up(input, frame, pose);
        }
        self.evaluate(input, frame, pose);
    }

    /// Simulates every whole frame after the last one posed and before `frame`, one 1/30 s
    /// step each.
    fn catch_up(&mut self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) {
        // `at + 1.0 > at` stops where f32 can no longer count whole frames (a corrupt key
        // frame in the tens of millions), which would otherwise loop for ever.
        while let Some(at) = self.at.filter(|&at| at + 1.0 < frame && at + 1.0 > at) {
            self.simulate(input, at + 1.0, pose);
        }
    }
}

/// Moves the bodies as `advance` says, for bones at `globals`; a blow-up's message.
fn run(physics: &mut ModelPhysics, advance: Advance, globals: &[Mat4]) -> Option<String> {
    let outcome = match advance {
        Advance::Hold => return None,
        Advance::Step(seconds) => physics.step(globals, seconds),
        Advance::Start => {
            physics.reset(globals);
            let substep = physics.options().rate.seconds();
            let substeps = (WARM_UP_SECONDS / substep).round() as u32;
            let mut outcome = StepOutcome::Idle;
            for _ in 0..substeps {
                outcome = physics.step(globals, substep);
                if matches!(outcome, StepOutcome::Reset(_)) {
                    break;
                }
            }
            outcome
        }
    };
    match outcome {
        StepOutcome::Reset(cause) => Some(cause.to_string()),
        StepOutcome::Idle | StepOutcome::Stepped { .. } => None,
    }
}
