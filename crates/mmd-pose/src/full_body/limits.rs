//! Joint ranges during a solve: an angle on a limit that a step would push further out is
//! held (its parameter direction leaves the joint's free directions), a step stops where
//! the first angle meets a limit, and after each step every joint is projected back into
//! its range (the Jacobian IK solver's rules, `ik/jacobian.rs`, for a whole body).

use glam::{Mat3A, Quat, Vec3A};

use super::skeleton::JointKind;
use super::{FullBody, FullBodySolver, NEGLIGIBLE_RATE, ON_LIMIT};
use crate::ik::euler::{angle_rates, compose, decompose};
use crate::ik::log_quat;
use crate::rig::LinkLimit;

impl FullBodySolver {
    /// Holds, for every joint with a range, each angle lying on a limit that the step would
    /// push further out (the Jacobian IK's rule): true when it held a new one.
    pub(super) fn hold_limits(&mut self, body: &FullBody) -> bool {
        let mut held = false;
        for (k, joint) in body.joints.iter().enumerate() {
            match joint.kind {
                JointKind::Slider => {}
                JointKind::Hinge { min, max, .. } => {
                    let (angle, rate) = (self.params[k].x, self.step[k].x);
                    let out = (angle <= min + ON_LIMIT && rate < 0.0)
                        || (angle >= max - ON_LIMIT && rate > 0.0);
                    if out && self.free[k].x_axis.x != 0.0 {
                        self.free[k] = Mat3A::ZERO;
                        held = true;
                    }
                }
                JointKind::Ball { limit } => {
                    held |= self.hold_ball(k, &limit);
                }
            }
        }
        held
    }

    /// The largest fraction (at most 1) of the step that, to first order, carries no angle
    /// from inside its range past a limit: the step stops where the first one meets its
    /// limit, which the next iteration then holds.
    pub(super) fn room_to_limits(&self, body: &FullBody) -> f32 {
        let mut room = 1.0f32;
        let mut meet = |angle: f32, rate: f32, min: f32, max: f32| {
            let gap = if rate > 0.0 { max - angle } else { min - angle };
            if gap.abs() > ON_LIMIT && rate != 0.0 {
                room = room.min((gap / rate).max(0.0));
            }
        };
        for (k, joint) in body.joints.iter().enumerate() {
            match joint.kind {
                JointKind::Slider => {}
                JointKind::Hinge { min, max, .. } => {
                    meet(self.params[k].x, self.step[k].x, min, max);
                }
                JointKind::Ball { limit } => {
                    let (angles, rates) = self.ball_angles(k, &limit);
                    let change = rates * self.step[k];
                    for a in 0..3 {
                        meet(angles[a], change[a], limit.min[a], limit.max[a]);
                    }
                }
            }
        }
        room
    }

    /// A ball joint's Euler angles at the accepted parameters and, as rows, how each
    /// changes per unit of each parameter.
    pub(super) fn ball_angles(&self, k: usize, limit: &LinkLimit) -> (Vec3A, Mat3A) {
        let p = self.params[k];
        let rotation = log_quat::exp(p) * self.reference_r[k];
        let angles = decompose(&Mat3A::from_quat(rotation), limit.order);
        (angles, angle_rates(angles, limit.order) * ball_rates(p))
    }

    pub(super) fn hold_ball(&mut self, k: usize, limit: &LinkLimit) -> bool {
        let (angles, rates) = self.ball_angles(k, limit);
        let mut held = false;
        for a in 0..3 {
            let gradient = rates.row(a);
            let rate = gradient.dot(self.step[k]);
            let at_min = angles[a] <= limit.min[a] + ON_LIMIT && rate < 0.0;
            let at_max = angles[a] >= limit.max[a] - ON_LIMIT && rate > 0.0;
            if !(at_min || at_max) {
                continue;
            }
            let direction = self.free[k] * gradient;
            if direction.length_squared() < NEGLIGIBLE_RATE {
                continue;
            }
            let u = direction.normalize();
            self.free[k] -= Mat3A::from_cols(u * u.x, u * u.y, u * u.z);
            held = true;
        }
        held
    }
}

/// Parameters `p` put back inside the joint's range: a hinge's angle clamped, a ball's
/// rotation replaced by the one whose Euler angles are its own clamped (and kept within a
/// half turn).
pub(super) fn project(kind: JointKind, reference: Quat, p: Vec3A) -> Vec3A {
    let projected = match kind {
        JointKind::Slider => p,
        JointKind::Hinge { min, max, .. } => Vec3A::new(p.x.clamp(min, max), 0.0, 0.0),
        JointKind::Ball { limit } => {
            let rotation = log_quat::exp(p) * reference;
            let angles = decompose(&Mat3A::from_quat(rotation), limit.order);
            let inside = compose(angles.clamp(limit.min, limit.max), limit.order);
            log_quat::log((inside * reference.inverse()).normalize())
        }
    };
    if projected.is_finite() { projected } else { p }
}

pub(super) fn ball_rates(p: Vec3A) -> Mat3A {
    let [x, y, z] = log_quat::angular_columns(p);
    Mat3A::from_cols(x, y, z)
}
