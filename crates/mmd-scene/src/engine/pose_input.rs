//! What a frame is posed from, and the pose stages around physics.

use mmd_pose::{IkOverrides, Layers, Pose, Rig, evaluate_layers};

use crate::stage::actor::Actor;
use crate::stage::gravity::GravityMotion;

/// The motion layers and the user's overrides that a frame is posed from, and the scene's
/// gravity keys the bodies fall by.
#[derive(Clone, Copy)]
pub struct PoseInput<'a> {
    pub rig: &'a Rig,
    pub layers: &'a Layers,
    pub overrides: &'a IkOverrides,
    pub morph_pins: &'a [Option<f32>],
    /// `None`: MMD's default gravity.
    pub gravity: Option<&'a GravityMotion>,
}

impl<'a> PoseInput<'a> {
    /// What a frame of `actor` is posed from, with MMD's default gravity.
    pub fn of(actor: &'a Actor) -> PoseInput<'a> {
        PoseInput {
            rig: &actor.model.rig,
            layers: &actor.layers,
            overrides: &actor.ik,
            morph_pins: &actor.morph_pins,
            gravity: None,
        }
    }

    /// The same input with the scene's `gravity` keys.
    pub fn with_gravity(self, gravity: Option<&'a GravityMotion>) -> PoseInput<'a> {
        PoseInput { gravity, ..self }
    }

    /// The pose at `frame` without physics: the bodies' bones follow their parents.
    pub fn evaluate(&self, frame: f32, pose: &mut Pose) {
        evaluate_layers(
            self.rig,
            self.layers,
            frame,
            self.overrides,
            self.morph_pins,
            pose,
        );
    }

    /// The pose at `frame` up to the physics stage: sampled, before-physics pass run,
    /// [`Pose::globals`] holding the bones the bodies follow.
    pub(crate) fn before_physics(&self, frame: f32, pose: &mut Pose) {
        pose.sample_layers(
            self.rig,
            self.layers,
            frame,
            self.overrides,
            self.morph_pins,
        );
        pose.deform_before_physics(self.rig);
    }

    /// The rest of the pose once the physics stage has written the `driven` bones (the
    /// `rotated` ones take only their rotation).
    pub(crate) fn after_physics(&self, driven: &[usize], rotated: &[usize], pose: &mut Pose) {
        pose.apply_physics(self.rig, driven, rotated);
        pose.deform_after_physics(self.rig);
        pose.finish(self.rig);
    }
}
