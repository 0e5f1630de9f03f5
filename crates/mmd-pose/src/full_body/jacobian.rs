//! The tasks' Jacobians, errors and posture pull, filled into the prioritized step's
//! matrices: analytic columns, `ω × (p_task − p_joint)` per rotation parameter (its
//! model-space angular velocity `ω`), the slider's axis per translation, `ω` (0 for
//! sliders) in a pin's orientation rows; only a task bone's ancestors move it.

use glam::{Mat3A, Vec3A};

use super::limits::ball_rates;
use super::skeleton::JointKind;
use super::{FullBody, FullBodySolver, Pin, Target};
use crate::rig::{NONE, Rig};

impl FullBodySolver {
    /// Fills the Jacobians, errors and posture pull of the accepted pose, each joint's
    /// columns restricted to its free directions; `posture` is the fraction of the way back
    /// to the home parameters the pull asks for.
    pub(super) fn fill(
        &mut self,
        rig: &Rig,
        body: &FullBody,
        pins: &[Pin],
        targets: &[Target],
        posture: f32,
    ) {
        self.linear.clear_inputs();
        for (t, pin) in pins.iter().enumerate() {
            let (position, orientation) = self.pin_error(pin);
            for a in 0..3 {
                self.linear.e1[6 * t + a] = f64::from(position[a]);
                self.linear.e1[6 * t + 3 + a] = f64::from(orientation[a]);
            }
            self.columns(rig, body, pin.bone, Level::Pins, 6 * t, true);
        }
        for (t, target) in targets.iter().enumerate() {
            let error = self.target_error(target);
            for a in 0..3 {
                self.linear.e2[3 * t + a] = f64::from(error[a]);
            }
            self.columns(rig, body, target.bone, Level::Targets, 3 * t, false);
        }
        for (k, joint) in body.joints.iter().enumerate() {
            let pull = self.free[k] * ((self.home[k] - self.params[k]) * posture);
            for a in 0..joint.kind.width() {
                self.linear.z[joint.offset + a] = f64::from(pull[a]);
            }
        }
    }

    /// Writes the columns of every joint moving `bone` into the rows starting at `row` of
    /// one level's Jacobian: position rows, then (`orientation`) three orientation rows.
    fn columns(
        &mut self,
        rig: &Rig,
        body: &FullBody,
        bone: usize,
        level: Level,
        row: usize,
        orientation: bool,
    ) {
        let s = &self.pose.scratch;
        let task = s.world[bone].translation;
        let jacobian = match level {
            Level::Pins => &mut self.linear.j1,
            Level::Targets => &mut self.linear.j2,
        };
        let mut b = bone as u32;
        while b != NONE {
            let k = body.joint_of_bone[b as usize];
            b = rig.parent[b as usize];
            if k == NONE {
                continue;
            }
            let k = k as usize;
            let joint = &body.joints[k];
            let parent = match b {
                NONE => Mat3A::IDENTITY,
                p => s.world[p as usize].matrix3,
            };
            let lever = task - s.world[joint.bone as usize].translation;
            let rates = parameter_rates(joint.kind, self.params[k]);
            // Columns per parameter, restricted to the free directions.
            let axes = parent * rates * self.free[k];
            for a in 0..joint.kind.width() {
                let axis = axes.col(a);
                let (moved, turned) = match joint.kind {
                    JointKind::Slider => (axis, Vec3A::ZERO),
                    _ => (axis.cross(lever), axis),
                };
                let col = joint.offset + a;
                for r in 0..3 {
                    jacobian[(row + r, col)] = f64::from(moved[r]);
                    if orientation {
                        jacobian[(row + 3 + r, col)] = f64::from(turned[r]);
                    }
                }
            }
        }
    }
}

/// Per parameter (columns), the joint's motion in its parent's frame per unit change: a
/// slider's translation, a hinge's angular velocity (its axis), a ball's angular velocity.
fn parameter_rates(kind: JointKind, p: Vec3A) -> Mat3A {
    match kind {
        JointKind::Slider => Mat3A::IDENTITY,
        JointKind::Hinge { axis, .. } => Mat3A::from_cols(axis, Vec3A::ZERO, Vec3A::ZERO),
        JointKind::Ball { .. } => ball_rates(p),
    }
}

/// Which level's Jacobian a task's rows go to.
#[derive(Debug, Clone, Copy)]
enum Level {
    Pins,
    Targets,
}
