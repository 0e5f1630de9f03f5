//! What a frame is posed from, and the pose stages around physics.

use mmd_pose::{IkOverrides, Layers, Pose, Rig, evaluate_layers};

/// The motion layers and the user's overrides that a frame is posed from.
#[derive(Clone, Copy)]
pub struct PoseInput<'a> {
    pub rig: &'a Rig,
    pub layers: &'a Layers,
    pub overrides: &'a IkOverrides,
    pub morph_pins: &'a [Option<f32>],
}

impl PoseInput<'_> {
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
