//! Full-body posing: the whole body moves at once to satisfy, in priority order (seed 002),
//!
//! 1. **pins** — bones held at a position and orientation (the feet, by default, where the
//!    reference pose has them): six rows each;
//! 2. **targets** — bones dragged to model-space points (a wrist, the head): three rows
//!    each, served only in what freedom the pins leave;
//! 3. **posture** — in the freedom left after both, every parameter is pulled back toward
//!    the reference pose (the motion's pose at the frame).
//!
//! Degrees of freedom ([`FullBody`]): translation of 全ての親 and センター as slider joints
//! (three parameters each, in the parent's frame); rotations of 下半身, 上半身, 上半身2, 首,
//! 頭 and, per side, 肩, 腕, 手首, 足, 足首 as log-quaternion turns before the reference
//! rotation (three parameters, `exp(v) * reference`, as the Jacobian IK solver's links);
//! ひじ and ひざ as hinges (one angle). Bones are found by MMD's standard names; a model
//! without the leg names uses its leg IK chains' links.
//!
//! Each iteration:
//!
//! - **Forward kinematics** is the model's real deform: the parameters are written into the
//!   pose's animated rotations and translations, and the pose's own stages run (append /
//!   付与 included) with every IK chain off. The reference pose's IK rotations are folded
//!   into its animated rotations first, so with no change the pose is the reference's.
//! - **Jacobian columns** are analytic: `ω × (p_task − p_joint)` for a rotation parameter
//!   (its model-space angular velocity `ω`), the slider's axis for a translation; `ω` again
//!   (and 0 for sliders) in a pin's orientation rows. Only a task's ancestors move it; the
//!   append bones that follow a joint are left out of the Jacobian, and the errors always
//!   come from the real deform.
//! - **Step**: the prioritized damped least squares of [`priority`] (`λ` from 1% of the
//!   model's height, halved after each kept step down to 0.001%). A trust factor scales
//!   the step: a step is kept (and the trust doubled, up to 1) when it lowers a merit that
//!   ranks the levels (pin errors weigh 10 times the targets', posture 10⁻¹⁰), otherwise
//!   undone and the trust halved, so append effects the Jacobian ignores can slow the
//!   solve but never make it diverge. No joint turns more than 0.5 rad a step, no slider
//!   moves more than 10% of the model's height.
//! - **Pins first, in the step size too**: whenever a pin has drifted more than 1e-4 (a
//!   second-order effect of a long step, or a range cutting one short), the next steps
//!   serve the pins alone, with their own trust, until it is back; a solve that ends
//!   without meeting every target (out of reach, or out of iterations) ends with such
//!   steps, so what is left over is the targets' error, not the pins'.
//! - **Posture**: the null-space pull moves each parameter 20% of the way back to the
//!   reference's; every undone step quarters it for the rest of the solve, since near a
//!   singular task (a straight arm) the pull passes the near-singular directions whole and
//!   would undo what the target gains.
//! - **Ranges**: an angle within 1e-3 rad of a limit that the step would push further out
//!   is held (the parameter direction moving it leaves the joint's free directions and the
//!   step is solved again); the step is shortened so that no other angle crosses a limit
//!   (to first order); after it every joint is projected into its range, so every iterate
//!   lies inside. Ranges are the humanoid table of [`humanoid_range`] (documented in
//!   `docs/posing.md`), replaced per bone by the caller's ([`FullBody::with_ranges`]); where a bone
//!   is an IK link with limits in the file (knees), the file's limits hold, narrowed at
//!   most.
//! - The solve stops when every pin and target is within 1e-5, or after 64 iterations.
//!
//! The solved pose then has every IK bone moved onto its effector ([`ik_bones`]), so
//! that written to a VPD or VMD (rotations and translations from
//! [`FullBodySolver::bone_local`]) it plays back identically with IK on. Solving is
//! deterministic (no randomness, no threads, a fixed order of operations) and, after the
//! first solve with a given number of pins and targets, allocates nothing.

mod ik_bones;
mod jacobian;
mod keys;
mod limits;
mod priority;
mod skeleton;

use glam::{Mat3A, Quat, Vec3, Vec3A};

use crate::ik::euler::decompose;
use crate::ik::log_quat;
use crate::pose::Pose;
use crate::rig::{NONE, Rig};
use crate::transform::{local_transform, update_all_locals};
use limits::project;
use priority::PriorityScratch;
use skeleton::{BodyJoint, JointKind, find_handle, find_joints, split_about};

pub use skeleton::{Handle, JointRange, humanoid_range};

/// A bone held in place: its model-space position and orientation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pin {
    pub bone: usize,
    pub position: Vec3,
    pub rotation: Quat,
}

impl Pin {
    /// Bone `bone` held where `pose` has it (`None` when the bone is not in the pose).
    pub fn at(pose: &Pose, bone: usize) -> Option<Pin> {
        let (_, rotation, position) = pose.globals.get(bone)?.to_scale_rotation_translation();
        Some(Pin {
            bone,
            position,
            rotation: rotation.normalize(),
        })
    }

    /// How far `pose` has the bone from the pin: distance and angle (radians, accurate
    /// down to f32's resolution, unlike an arccosine of the quaternions' dot product);
    /// `None` when the bone is not in the pose.
    pub fn drift(&self, pose: &Pose) -> Option<(f32, f32)> {
        let (_, rotation, position) = pose.globals.get(self.bone)?.to_scale_rotation_translation();
        Some((
            position.distance(self.position),
            angle_between(rotation, self.rotation),
        ))
    }
}

/// The angle of the rotation taking `a` to `b`, from the half-angle's sine and cosine.
fn angle_between(a: Quat, b: Quat) -> f32 {
    let turn = a.conjugate() * b;
    2.0 * Vec3::new(turn.x, turn.y, turn.z)
        .length()
        .atan2(turn.w.abs())
}

/// A bone dragged to a model-space point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    pub bone: usize,
    pub position: Vec3,
}

/// How a solve ended. Distances in model units, angles in radians.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SolveReport {
    pub iterations: u32,
    /// The largest distance from a target's bone to its point.
    pub target_residual: f32,
    /// The largest distance of a pinned bone from its pin.
    pub pin_position_drift: f32,
    /// The largest angle between a pinned bone's orientation and its pin's.
    pub pin_rotation_drift: f32,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FullBodyError {
    #[error("bone {0} is not in the model")]
    NoSuchBone(usize),
    #[error("bone {0}: the target or pin is not finite")]
    NotFinite(usize),
    #[error("the reference pose was made for another model ({0} bones, the model has {1})")]
    WrongPose(usize, usize),
    #[error("the solver or the body was made for another model")]
    WrongModel,
}

/// Errors below this (model units, radians) count as met.
const TOLERANCE: f32 = 1.0e-5;
const MAX_ITERATIONS: u32 = 64;
/// The most a joint turns (radians) in one step, past which the linear model stops
/// holding; a slider moves at most this fraction of the model's height.
const MAX_TURN: f32 = 0.5;
const MAX_SLIDE: f32 = 0.1;
/// Initial and smallest damping λ, as fractions of the model's height.
const DAMPING: f64 = 1.0e-2;
const MIN_DAMPING: f64 = 1.0e-5;
/// The step is scaled by a trust factor, halved after a rejected step and doubled (up to 1)
/// after an accepted one; below this no step is going to help (a target out of reach).
const MIN_TRUST: f32 = 1.0e-3;
/// Pins-only steps (targets and posture left out) that end a solve that did not meet every
/// task, at most.
const POLISH: u32 = 8;
/// A pin that drifted farther than this (model units, radians) gets pins-only steps until
/// it is back.
const PIN_SLACK: f32 = 1.0e-4;
/// Indices of the two kinds of step's trust.
const PINS_ONLY: usize = 0;
const ALL_TASKS: usize = 1;
/// How much of the way back to the reference posture the null space pulls per step.
const POSTURE_GAIN: f32 = 0.2;
/// Merit weights of pins and posture relative to targets: pins rank first, but not so far
/// that a long step serving a target is refused for the pins' second-order drift, which the
/// pins-only steps then repair.
const PIN_WEIGHT: f64 = 10.0;
const POSTURE_WEIGHT: f64 = 1.0e-10;
/// An angle this close (radians) to a limit counts as lying on it: wide enough that an
/// angle a step left just short of its limit is held rather than pushed across it (where
/// the projection back into the Euler box would bend the step's other components too).
const ON_LIMIT: f32 = 1.0e-3;
/// Squared rate below which a parameter direction does not move an Euler angle.
const NEGLIGIBLE_RATE: f32 = 1.0e-6;

/// The joints a model's body moves and where its handles sit, built once per rig.
#[derive(Debug, Clone)]
pub struct FullBody {
    joints: Vec<BodyJoint>,
    parameters: usize,
    /// Joint index per bone, `NONE` for bones the solver does not move.
    joint_of_bone: Vec<u32>,
    handles: [Option<usize>; 6],
    /// The model's height (extent of its rest positions), the scale of damping and slides.
    height: f32,
}

impl FullBody {
    /// The body with the humanoid ranges.
    pub fn new(rig: &Rig) -> FullBody {
        FullBody::with_ranges(rig, &[])
    }

    /// The body with `ranges` (bone, range) replacing the humanoid table's for those bones
    /// (an IK link's file limits still hold: a range only narrows them).
    pub fn with_ranges(rig: &Rig, ranges: &[(usize, JointRange)]) -> FullBody {
        let joints = find_joints(rig, ranges);
        let parameters = joints.iter().map(|j| j.kind.width()).sum();
        let mut joint_of_bone = vec![NONE; rig.bone_count()];
        for (k, j) in joints.iter().enumerate() {
            joint_of_bone[j.bone as usize] = k as u32;
        }
        let handles = Handle::ALL.map(|h| find_handle(rig, h));
        let (lo, hi) = rig.rest_position.iter().fold(
            (Vec3A::splat(f32::MAX), Vec3A::splat(f32::MIN)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
        );
        let height = if rig.bone_count() == 0 {
            1.0
        } else {
            (hi - lo).max_element().max(1.0)
        };
        FullBody {
            joints,
            parameters,
            joint_of_bone,
            handles,
            height,
        }
    }

    /// The bone `handle` sits on, when the model has one.
    pub fn handle(&self, handle: Handle) -> Option<usize> {
        let i = Handle::ALL.iter().position(|&h| h == handle)?;
        self.handles[i]
    }

    pub fn parameter_count(&self) -> usize {
        self.parameters
    }

    /// How far (radians) the local rotations of `pose` lie outside the joints' ranges, at
    /// most: 0 when every joint is inside. Reads the bones' rotations relative to their
    /// parents (the animated rotation of a pose with IK folded in, as solved poses are).
    pub fn range_excess(&self, rig: &Rig, pose: &Pose) -> f32 {
        let mut excess = 0.0f32;
        for j in &self.joints {
            let b = j.bone as usize;
            let rotation = local_rotation_of(rig, pose, b);
            let outside = match j.kind {
                JointKind::Slider => 0.0,
                JointKind::Ball { limit } => {
                    let angles = decompose(&Mat3A::from_quat(rotation), limit.order);
                    (limit.min - angles).max(angles - limit.max).max_element()
                }
                JointKind::Hinge { axis, min, max, .. } => {
                    let (angle, _) = split_about(rotation, axis);
                    (min - angle).max(angle - max)
                }
            };
            excess = excess.max(outside);
        }
        excess
    }
}

/// Bone `b`'s rotation relative to its parent, from the pose's model-space matrices.
fn local_rotation_of(rig: &Rig, pose: &Pose, b: usize) -> Quat {
    let world = Mat3A::from_mat4(pose.globals[b]);
    let parent = match rig.parent[b] {
        NONE => Mat3A::IDENTITY,
        p => Mat3A::from_mat4(pose.globals[p as usize]),
    };
    Quat::from_mat3a(&(parent.transpose() * world)).normalize()
}

/// Solves poses for one rig, keeping its working state between solves: create it once and
/// call [`FullBodySolver::solve`] per drag step.
#[derive(Debug, Clone)]
pub struct FullBodySolver {
    pose: Pose,
    /// Per joint: the reference translation (sliders) or rotation (balls), or the part of
    /// the reference rotation off the hinge axis (hinges).
    reference_t: Vec<Vec3A>,
    reference_r: Vec<Quat>,
    /// Per joint: parameters (hinges use `x`): the reference posture projected into the
    /// ranges, the accepted ones, a trial step's and the step.
    home: Vec<Vec3A>,
    params: Vec<Vec3A>,
    trial: Vec<Vec3A>,
    step: Vec<Vec3A>,
    /// Per joint: projector onto the parameter changes allowed this iteration.
    free: Vec<Mat3A>,
    linear: PriorityScratch,
}

impl FullBodySolver {
    pub fn new(rig: &Rig, body: &FullBody) -> FullBodySolver {
        let n = body.joints.len();
        FullBodySolver {
            pose: Pose::new(rig),
            reference_t: vec![Vec3A::ZERO; n],
            reference_r: vec![Quat::IDENTITY; n],
            home: vec![Vec3A::ZERO; n],
            params: vec![Vec3A::ZERO; n],
            trial: vec![Vec3A::ZERO; n],
            step: vec![Vec3A::ZERO; n],
            free: vec![Mat3A::IDENTITY; n],
            linear: PriorityScratch::default(),
        }
    }

    /// The solved pose (after [`FullBodySolver::solve`]): model-space matrices in
    /// [`Pose::globals`], every IK chain off and every IK bone on its effector.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Bone `bone`'s translation and rotation relative to rest in the solved pose (`None`
    /// past the rig): what a VPD bone or a VMD key holds so that the pose plays back, IK
    /// on, as solved.
    pub fn bone_local(&self, bone: usize) -> Option<(Vec3, Quat)> {
        let s = &self.pose.scratch;
        Some(((*s.anim_t.get(bone)?).into(), *s.anim_r.get(bone)?))
    }

    /// Solves from `reference` (an evaluated pose of `rig`: the motion's at the frame) for
    /// `pins` and `targets` (see the module docs). The result is in
    /// [`FullBodySolver::pose`]; the report says how near the tasks came.
    pub fn solve(
        &mut self,
        rig: &Rig,
        body: &FullBody,
        reference: &Pose,
        pins: &[Pin],
        targets: &[Target],
    ) -> Result<SolveReport, FullBodyError> {
        check_tasks(rig, reference, pins, targets)?;
        if self.pose.globals.len() != rig.bone_count()
            || body.joint_of_bone.len() != rig.bone_count()
            || self.params.len() != body.joints.len()
        {
            return Err(FullBodyError::WrongModel);
        }
        self.start_from(rig, body, reference);
        let height = f64::from(body.height);
        let floor = (MIN_DAMPING * height).powi(2);
        let mut damping = (DAMPING * height).powi(2);
        let n = body.joints.len();
        self.linear
            .shape(body.parameters, 6 * pins.len(), 3 * targets.len());

        self.params[..n].copy_from_slice(&self.home[..n]);
        self.apply(rig, body, Parameters::Accepted);
        // Two kinds of step, each with its own trust: pins only (taken whenever a pin has
        // drifted past PIN_SLACK, and to finish), and all tasks. The pins-only step is
        // never shrunk by the targets' trust or ranges, so a step that served a target
        // at the pins' expense (second order, or through a range) is repaired at once.
        let mut trust = [1.0f32; 2];
        let mut posture = POSTURE_GAIN;
        let mut iterations = 0;
        let mut finishing = false;
        let mut mode = None;
        let mut merit = f64::INFINITY;
        while iterations < MAX_ITERATIONS {
            if self.met(pins, targets) {
                break;
            }
            // Out of reach or out of iterations: finish with pins-only steps, so that what
            // is left over is the targets' error, never the pins'.
            finishing |= trust[ALL_TASKS] < MIN_TRUST || iterations + POLISH >= MAX_ITERATIONS;
            if finishing && (self.pins_within(pins, TOLERANCE) || trust[PINS_ONLY] < MIN_TRUST) {
                break;
            }
            let pins_only = finishing || !self.pins_within(pins, PIN_SLACK);
            let kind = if pins_only { PINS_ONLY } else { ALL_TASKS };
            let tasks = if pins_only { &[][..] } else { targets };
            if mode != Some(kind) {
                mode = Some(kind);
                merit = self.merit(body, pins, tasks, Parameters::Accepted);
            }
            iterations += 1;
            let pull = if pins_only { 0.0 } else { posture };
            let size = StepSize {
                damping,
                trust: trust[kind],
                posture: pull,
            };
            self.compute_step(rig, body, pins, tasks, size);
            for k in 0..n {
                let stepped = self.params[k] + self.step[k];
                self.trial[k] = project(body.joints[k].kind, self.reference_r[k], stepped);
            }
            self.apply(rig, body, Parameters::Trial);
            let tried = self.merit(body, pins, tasks, Parameters::Trial);
            if tried < merit {
                merit = tried;
                self.params[..n].copy_from_slice(&self.trial[..n]);
                damping = (damping * 0.5).max(floor);
                trust[kind] = (trust[kind] * 2.0).min(1.0);
            } else {
                // Raising λ here would shrink the task steps but not the posture pull
                // (its projector tends to the identity), so the trust shrinks instead; and
                // the pull weakens for good, since where a task is singular (a straight
                // arm) it is the pull, passing the null space's near-singular directions
                // whole, that undoes what the task gains.
                trust[kind] *= 0.5;
                if !pins_only {
                    posture *= 0.25;
                }
                self.apply(rig, body, Parameters::Accepted);
            }
        }
        // Placing the IK bones runs every append bone again and refreshes every global: the
        // pose is whole.
        ik_bones::place_on_effectors(rig, &mut self.pose.scratch);
        self.pose.finish(rig);
        Ok(self.report(pins, targets, iterations))
    }

    /// Copies the reference into the working pose with its IK rotations folded into the
    /// animated ones and every chain off, and reads each joint's reference and home.
    fn start_from(&mut self, rig: &Rig, body: &FullBody, reference: &Pose) {
        let (from, to) = (&reference.scratch, &mut self.pose.scratch);
        to.anim_t.copy_from_slice(&from.anim_t);
        to.anim_r.copy_from_slice(&from.anim_r);
        to.append_t.copy_from_slice(&from.append_t);
        to.append_r.copy_from_slice(&from.append_r);
        to.ik_r.copy_from_slice(&from.ik_r);
        for &b in &rig.ik_link_bones {
            let b = b as usize;
            to.anim_r[b] = to.ik_r[b] * to.anim_r[b];
            to.ik_r[b] = Quat::IDENTITY;
        }
        update_all_locals(rig, to);
        self.pose
            .morph_weights
            .copy_from_slice(&reference.morph_weights);
        self.pose.ik_enabled.fill(false);

        let s = &self.pose.scratch;
        for (k, joint) in body.joints.iter().enumerate() {
            let b = joint.bone as usize;
            self.reference_t[k] = s.anim_t[b];
            let (reference_r, start) = match joint.kind {
                JointKind::Slider | JointKind::Ball { .. } => (s.anim_r[b], Vec3A::ZERO),
                JointKind::Hinge { axis, whole, .. } => {
                    let (angle, rest) = split_about(s.anim_r[b], axis);
                    let rest = if whole { Quat::IDENTITY } else { rest };
                    (rest, Vec3A::new(angle, 0.0, 0.0))
                }
            };
            self.reference_r[k] = reference_r;
            self.home[k] = project(joint.kind, reference_r, start);
        }
    }

    /// Writes the accepted or trial parameters into the pose and deforms it (IK off).
    fn apply(&mut self, rig: &Rig, body: &FullBody, which: Parameters) {
        let params = match which {
            Parameters::Accepted => &self.params,
            Parameters::Trial => &self.trial,
        };
        let s = &mut self.pose.scratch;
        for (k, joint) in body.joints.iter().enumerate() {
            let b = joint.bone as usize;
            let p = params[k];
            match joint.kind {
                JointKind::Slider => s.anim_t[b] = self.reference_t[k] + p,
                JointKind::Ball { .. } => {
                    s.anim_r[b] = (log_quat::exp(p) * self.reference_r[k]).normalize();
                }
                JointKind::Hinge { axis, .. } => {
                    let turn = Quat::from_axis_angle(axis.into(), p.x);
                    s.anim_r[b] = (turn * self.reference_r[k]).normalize();
                }
            }
            s.local[b] = local_transform(rig, s, b);
        }
        self.pose.deform_without_physics(rig);
    }

    /// Position and orientation errors of pin `pin` (model space; the orientation error is
    /// the rotation vector taking the bone's orientation to the pin's).
    fn pin_error(&self, pin: &Pin) -> (Vec3A, Vec3A) {
        let world = &self.pose.scratch.world[pin.bone];
        let position = Vec3A::from(pin.position) - world.translation;
        let current = Quat::from_mat3a(&world.matrix3).normalize();
        let turn = (pin.rotation * current.inverse()).normalize();
        (position, 2.0 * log_quat::log(turn))
    }

    fn target_error(&self, target: &Target) -> Vec3A {
        Vec3A::from(target.position) - self.pose.scratch.world[target.bone].translation
    }

    fn met(&self, pins: &[Pin], targets: &[Target]) -> bool {
        self.pins_within(pins, TOLERANCE)
            && targets
                .iter()
                .all(|t| self.target_error(t).length() <= TOLERANCE)
    }

    fn pins_within(&self, pins: &[Pin], tolerance: f32) -> bool {
        pins.iter().all(|p| {
            let (a, b) = self.pin_error(p);
            a.length() <= tolerance && b.length() <= tolerance
        })
    }

    /// The ranking of a pose: pins first, then targets, then closeness to the posture.
    fn merit(&self, body: &FullBody, pins: &[Pin], targets: &[Target], which: Parameters) -> f64 {
        let params = match which {
            Parameters::Accepted => &self.params,
            Parameters::Trial => &self.trial,
        };
        let pin: f32 = pins
            .iter()
            .map(|p| {
                let (a, b) = self.pin_error(p);
                a.length_squared() + b.length_squared()
            })
            .sum();
        let target: f32 = targets
            .iter()
            .map(|t| self.target_error(t).length_squared())
            .sum();
        let posture: f32 = body
            .joints
            .iter()
            .enumerate()
            .map(|(k, j)| {
                let d = params[k] - self.home[k];
                match j.kind {
                    JointKind::Slider => d.length_squared() / (body.height * body.height),
                    _ => d.length_squared(),
                }
            })
            .sum();
        let merit =
            PIN_WEIGHT * f64::from(pin) + f64::from(target) + POSTURE_WEIGHT * f64::from(posture);
        if merit.is_finite() {
            merit
        } else {
            f64::INFINITY
        }
    }

    fn report(&self, pins: &[Pin], targets: &[Target], iterations: u32) -> SolveReport {
        let mut report = SolveReport {
            iterations,
            ..SolveReport::default()
        };
        for t in targets {
            report.target_residual = report.target_residual.max(self.target_error(t).length());
        }
        for p in pins {
            let (a, b) = self.pin_error(p);
            report.pin_position_drift = report.pin_position_drift.max(a.length());
            report.pin_rotation_drift = report.pin_rotation_drift.max(b.length());
        }
        report
    }

    /// The step from the accepted parameters into `self.step`: the prioritized damped
    /// least squares, solved again while it holds new limits, then scaled to the largest
    /// turn and slide allowed.
    fn compute_step(
        &mut self,
        rig: &Rig,
        body: &FullBody,
        pins: &[Pin],
        targets: &[Target],
        size: StepSize,
    ) {
        let n = body.joints.len();
        for (free, joint) in self.free.iter_mut().zip(&body.joints) {
            *free = match joint.kind {
                JointKind::Hinge { .. } => Mat3A::from_diagonal(Vec3::X),
                _ => Mat3A::IDENTITY,
            };
        }
        // Each pass holds at least one more direction (three per joint at most).
        for _ in 0..=3 * n {
            self.fill(rig, body, pins, targets, size.posture);
            self.linear.solve(size.damping);
            for (k, joint) in body.joints.iter().enumerate() {
                let o = joint.offset;
                let raw = match joint.kind.width() {
                    1 => Vec3A::new(self.linear.step[o] as f32, 0.0, 0.0),
                    _ => Vec3A::new(
                        self.linear.step[o] as f32,
                        self.linear.step[o + 1] as f32,
                        self.linear.step[o + 2] as f32,
                    ),
                };
                self.step[k] = self.free[k] * raw;
            }
            if !self.hold_limits(body) {
                break;
            }
        }
        let mut scale = size.trust.min(self.room_to_limits(body));
        for (k, joint) in body.joints.iter().enumerate() {
            let (amount, most) = match joint.kind {
                JointKind::Slider => (self.step[k].length(), MAX_SLIDE * body.height),
                JointKind::Ball { .. } => (2.0 * self.step[k].length(), MAX_TURN),
                JointKind::Hinge { .. } => (self.step[k].x.abs(), MAX_TURN),
            };
            if amount * scale > most {
                scale = most / amount;
            }
        }
        if !scale.is_finite() {
            scale = 0.0;
        }
        for step in &mut self.step[..n] {
            *step *= scale;
        }
    }
}

/// What sizes a step: the damping `λ²`, the trust factor and the posture pull.
#[derive(Debug, Clone, Copy)]
struct StepSize {
    damping: f64,
    trust: f32,
    posture: f32,
}

/// Which parameter set a pose is made from.
#[derive(Debug, Clone, Copy)]
enum Parameters {
    Accepted,
    Trial,
}

fn check_tasks(
    rig: &Rig,
    reference: &Pose,
    pins: &[Pin],
    targets: &[Target],
) -> Result<(), FullBodyError> {
    let n = rig.bone_count();
    if reference.globals.len() != n {
        return Err(FullBodyError::WrongPose(reference.globals.len(), n));
    }
    for pin in pins {
        if pin.bone >= n {
            return Err(FullBodyError::NoSuchBone(pin.bone));
        }
        if !(pin.position.is_finite() && pin.rotation.is_finite()) {
            return Err(FullBodyError::NotFinite(pin.bone));
        }
    }
    for target in targets {
        if target.bone >= n {
            return Err(FullBodyError::NoSuchBone(target.bone));
        }
        if !target.position.is_finite() {
            return Err(FullBodyError::NotFinite(target.bone));
        }
    }
    Ok(())
}
