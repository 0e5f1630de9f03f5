//! Damped least squares IK on log-quaternion joint parameters (seed 000), joint limits by
//! holding the limited directions and projecting (seed 002). See the [`super`] docs for the
//! method; the code follows it step by step.

use glam::{DMat3, DVec3, Mat3A, Quat, Vec3A};

use super::chain::{DEGENERATE, TOLERANCE, distance, refresh_deps, set_local_rotation};
use super::euler::{angle_rates, compose, decompose};
use super::log_quat;
use crate::rig::{IkLinkDef, IkSolverDef, LinkLimit, NONE};
use crate::transform::Scratch;

/// Damping λ as a fraction of the chain's length (the sum of the distances from each link
/// to the effector): small enough that a well-conditioned step is Gauss–Newton's, large
/// enough that a nearly straight chain does not fling its links.
const DAMPING: f64 = 1.0e-2;

/// The lowest damping the solver goes down to after successful steps, as a fraction of the
/// chain's length.
const MIN_DAMPING: f64 = 1.0e-4;

/// The most (radians) a link turns in one iteration, whatever the unit angle: beyond about
/// this the linear model a step comes from no longer holds, and a long step (MMD legs carry
/// a unit angle of 2 rad) can fold a knee into a pose it cannot leave.
const MAX_TURN: f32 = 0.5;

/// A step that turns no link by more than this (radians) changes nothing: the solve has
/// converged as far as it can, or sits at a singular pose.
const STALLED: f32 = 1.0e-6;

/// How far (radians) the escape from a singular pose bends each link, at most.
const ESCAPE: f32 = 0.1;

/// An Euler angle this close (radians) to a limit counts as lying on it.
const ON_LIMIT: f32 = 1.0e-5;

/// Squared rate (radians per unit parameter) below which a parameter change does not move
/// an Euler angle.
const NEGLIGIBLE_RATE: f32 = 1.0e-6;

/// How a link's rotation is parameterised.
#[derive(Debug, Clone, Copy)]
enum Joint {
    /// A link whose limits allow one axis: the angle `φ` about that axis (X, Y or Z of the
    /// parent frame) is the link's whole rotation, within `[lo, hi]`.
    Plane { axis: Vec3A, lo: f32, hi: f32 },
    /// A link with a fixed axis: its IK rotation is the angle `φ` about that axis (parent
    /// frame).
    Fixed { axis: Vec3A },
    /// Any other link: its IK rotation is `exp(v)`, three log-quaternion parameters.
    Ball,
}

impl Joint {
    fn of(link: &IkLinkDef) -> Joint {
        match (link.limit, link.fixed_axis) {
            (
                Some(LinkLimit {
                    plane_axis: Some(i),
                    min,
                    max,
                    ..
                }),
                _,
            ) => {
                let mut axis = Vec3A::ZERO;
                axis[i] = 1.0;
                Joint::Plane {
                    axis,
                    lo: min[i],
                    hi: max[i],
                }
            }
            (_, Some(axis)) => Joint::Fixed { axis },
            _ => Joint::Ball,
        }
    }

    /// The link's angular velocity (parent frame) per unit of each parameter, as columns;
    /// unused parameters have zero columns.
    fn angular(self, p: Vec3A) -> Mat3A {
        match self {
            Joint::Plane { axis, .. } | Joint::Fixed { axis } => {
                Mat3A::from_cols(axis, Vec3A::ZERO, Vec3A::ZERO)
            }
            Joint::Ball => {
                let [x, y, z] = log_quat::angular_columns(p);
                Mat3A::from_cols(x, y, z)
            }
        }
    }

    /// The projector onto the parameters the link uses.
    fn free(self) -> Mat3A {
        match self {
            Joint::Plane { .. } | Joint::Fixed { .. } => Mat3A::from_diagonal(Vec3A::X.into()),
            Joint::Ball => Mat3A::IDENTITY,
        }
    }

    /// The IK rotation (the part left of the animated rotation) of parameters `p`.
    fn ik_rotation(self, p: Vec3A, anim: Quat) -> Quat {
        match self {
            Joint::Plane { axis, .. } => Quat::from_axis_angle(axis.into(), p.x) * anim.inverse(),
            Joint::Fixed { axis } => Quat::from_axis_angle(axis.into(), p.x),
            Joint::Ball => log_quat::exp(p),
        }
    }
}

/// Per-link working state, sized once for the rig's longest chain so that solving allocates
/// nothing.
#[derive(Debug, Clone)]
pub(crate) struct JacobianScratch {
    /// The link's parameters (one-angle links use `x`).
    params: Vec<Vec3A>,
    /// The parameters the next step starts from, and the closest ones seen.
    accepted: Vec<Vec3A>,
    best: Vec<Vec3A>,
    step: Vec<Vec3A>,
    /// ∂effector/∂parameter (model space), one column per parameter.
    columns: Vec<Mat3A>,
    /// Projector onto the parameter changes allowed this iteration: the parameters the link
    /// uses, less the directions that would push it past a limit it lies on.
    free: Vec<Mat3A>,
}

impl JacobianScratch {
    pub(crate) fn new(max_links: usize) -> JacobianScratch {
        JacobianScratch {
            params: vec![Vec3A::ZERO; max_links],
            accepted: vec![Vec3A::ZERO; max_links],
            best: vec![Vec3A::ZERO; max_links],
            step: vec![Vec3A::ZERO; max_links],
            columns: vec![Mat3A::ZERO; max_links],
            free: vec![Mat3A::ZERO; max_links],
        }
    }
}

/// The link's rotation `ik * animated` with its Euler angles clamped into `limit`.
fn clamp_rotation(ik: Quat, anim: Quat, limit: &LinkLimit) -> Quat {
    let angles = decompose(&Mat3A::from_quat(ik * anim), limit.order);
    compose(angles.clamp(limit.min, limit.max), limit.order)
}

/// Puts parameters `p` of a link back inside its limits: a plane angle clamped, a limited
/// ball rotation projected onto the rotation whose Euler angles are its own clamped, a
/// limited fixed-axis link's turn about its axis taken from that projection. A ball's
/// parameters are also brought to the hemisphere `|v| <= π/2`.
fn project(joint: Joint, limit: Option<LinkLimit>, anim: Quat, p: Vec3A) -> Vec3A {
    let projected = match (joint, limit) {
        (Joint::Plane { lo, hi, .. }, _) => Vec3A::new(p.x.clamp(lo, hi), 0.0, 0.0),
        (Joint::Ball, limit) => {
            let mut ik = log_quat::exp(p);
            if let Some(limit) = limit {
                ik = clamp_rotation(ik, anim, &limit) * anim.inverse();
            }
            log_quat::log(ik.normalize())
        }
        (Joint::Fixed { axis }, Some(limit)) => {
            let ik = Quat::from_axis_angle(axis.into(), p.x);
            let inside = clamp_rotation(ik, anim, &limit) * anim.inverse();
            let along = Vec3A::new(inside.x, inside.y, inside.z).dot(axis);
            Vec3A::new(2.0 * along.atan2(inside.w), 0.0, 0.0)
        }
        (Joint::Fixed { .. }, None) => p,
    };
    if projected.is_finite() { projected } else { p }
}

/// The starting parameters: the animated rotation (IK rotation identity), projected into
/// the limits; a plane link's angle is the animated rotation's about its axis.
fn initial_params(link: &IkLinkDef, anim: Quat) -> Vec3A {
    let joint = Joint::of(link);
    let p = match (joint, link.limit) {
        (Joint::Plane { axis, .. }, Some(limit)) => {
            let angles = decompose(&Mat3A::from_quat(anim), limit.order);
            Vec3A::new(angles.dot(axis), 0.0, 0.0)
        }
        _ => Vec3A::ZERO,
    };
    project(joint, link.limit, anim, p)
}

/// Writes every link's IK rotation from the parameters and refreshes the chain's globals.
fn pose_chain(def: &IkSolverDef, s: &mut Scratch, params: &[Vec3A]) {
    for (link, &p) in def.links.iter().zip(params) {
        let b = link.bone as usize;
        let ik = Joint::of(link).ik_rotation(p, s.anim_r[b]).normalize();
        if ik.is_finite() {
            s.ik_r[b] = ik;
            set_local_rotation(s, b);
        }
    }
    refresh_deps(def, s);
}

/// Solves one IK chain in place (see the module docs): writes the links' IK rotations,
/// their locals and the globals of the solver's dependencies.
pub(crate) fn solve(def: &IkSolverDef, s: &mut Scratch, w: &mut JacobianScratch) {
    let n = def.links.len();
    for (link, p) in def.links.iter().zip(&mut w.params) {
        *p = initial_params(link, s.anim_r[link.bone as usize]);
    }
    pose_chain(def, s, &w.params[..n]);
    let effector = def.effector as usize;
    let chain_length: f32 = def
        .links
        .iter()
        .map(|l| (s.world[effector].translation - s.world[l.bone as usize].translation).length())
        .sum();
    let floor = (MIN_DAMPING * f64::from(chain_length)).powi(2);
    let mut damping = (DAMPING * f64::from(chain_length)).powi(2);

    // Levenberg–Marquardt on top: a step that does not bring the effector closer is undone
    // and the damping raised; one that does is kept and the damping lowered. `accepted` is
    // the pose steps start from, `best` the closest pose seen (they part after an escape,
    // which accepts a farther pose to leave a singular one).
    let mut accepted = distance(s, def);
    let mut best = accepted;
    w.accepted[..n].copy_from_slice(&w.params[..n]);
    w.best[..n].copy_from_slice(&w.params[..n]);
    let mut escaped = false;
    for _ in 0..def.iterations {
        if best <= TOLERANCE {
            break;
        }
        let error = s.world[def.bone as usize].translation - s.world[effector].translation;
        fill_columns(def, s, w);
        let turn = solve_step(def, s, w, error, damping);
        let escaping = turn <= STALLED;
        if !escaping {
            for (k, link) in def.links.iter().enumerate() {
                let anim = s.anim_r[link.bone as usize];
                let stepped = w.params[k] + w.step[k];
                w.params[k] = project(Joint::of(link), link.limit, anim, stepped);
            }
        } else if !escaped {
            escaped = true;
            escape(def, s, w);
        } else {
            break;
        }
        pose_chain(def, s, &w.params[..n]);
        let reach = distance(s, def);
        if reach < best {
            best = reach;
            w.best[..n].copy_from_slice(&w.params[..n]);
        }
        if reach < accepted || escaping {
            accepted = reach;
            w.accepted[..n].copy_from_slice(&w.params[..n]);
            damping = (damping * 0.5).max(floor);
        } else {
            damping *= 4.0;
            w.params[..n].copy_from_slice(&w.accepted[..n]);
            pose_chain(def, s, &w.params[..n]);
        }
    }
    if w.best[..n] != w.params[..n] {
        w.params[..n].copy_from_slice(&w.best[..n]);
        pose_chain(def, s, &w.params[..n]);
    }
    clamp_fixed_axis_links(def, s);
}

/// A limited link with a fixed axis turns about the axis only, which its Euler limits may
/// not allow exactly (the projection keeps the turn about the axis): like CCD, the final
/// rotation is clamped into the limits, so every link ends inside them.
fn clamp_fixed_axis_links(def: &IkSolverDef, s: &mut Scratch) {
    let mut clamped = false;
    for link in &def.links {
        let (Joint::Fixed { .. }, Some(limit)) = (Joint::of(link), link.limit) else {
            continue;
        };
        let b = link.bone as usize;
        let anim = s.anim_r[b];
        let ik = (clamp_rotation(s.ik_r[b], anim, &limit) * anim.inverse()).normalize();
        if ik.is_finite() {
            s.ik_r[b] = ik;
            set_local_rotation(s, b);
            clamped = true;
        }
    }
    if clamped {
        refresh_deps(def, s);
    }
}

/// The Jacobian's columns: for each parameter, how the effector moves per unit change,
/// `ω × (effector − link)` with `ω` the link's angular velocity in model space.
fn fill_columns(def: &IkSolverDef, s: &Scratch, w: &mut JacobianScratch) {
    let effector = s.world[def.effector as usize].translation;
    for (k, link) in def.links.iter().enumerate() {
        let b = link.bone as usize;
        let r = effector - s.world[b].translation;
        if r.length_squared() <= DEGENERATE {
            w.columns[k] = Mat3A::ZERO;
            continue;
        }
        let omegas = parent_rotation(s, b) * Joint::of(link).angular(w.params[k]);
        w.columns[k] = Mat3A::from_cols(
            omegas.x_axis.cross(r),
            omegas.y_axis.cross(r),
            omegas.z_axis.cross(r),
        );
    }
}

fn parent_rotation(s: &Scratch, b: usize) -> Mat3A {
    match s.parent[b] {
        NONE => Mat3A::IDENTITY,
        p => s.world[p as usize].matrix3,
    }
}

/// Computes the step into `w.step` (see the module docs) and returns the largest turn of a
/// link it makes, after scaling to the unit angle.
fn solve_step(
    def: &IkSolverDef,
    s: &Scratch,
    w: &mut JacobianScratch,
    error: Vec3A,
    damping: f64,
) -> f32 {
    let n = def.links.len();
    for (free, link) in w.free.iter_mut().zip(&def.links) {
        *free = Joint::of(link).free();
    }
    let e = error.as_dvec3();
    // Damped least squares, holding the directions that push a link past a limit it lies
    // on: each pass holds at least one more (three per link at most), so the loop ends.
    for _ in 0..=3 * n {
        let mut normal = DMat3::from_diagonal(DVec3::splat(damping));
        for (c, free) in w.columns[..n].iter().zip(&w.free[..n]) {
            let c = c.as_dmat3();
            normal += c * free.as_dmat3() * c.transpose();
        }
        let y = normal.inverse_or_zero() * e;
        for k in 0..n {
            let dy = w.columns[k].as_dmat3().transpose() * y;
            w.step[k] = w.free[k] * Vec3A::new(dy.x as f32, dy.y as f32, dy.z as f32);
        }
        if !hold_limits(def, s, w) {
            break;
        }
    }

    let mut largest = 0.0f32;
    for (k, link) in def.links.iter().enumerate() {
        let omega = Joint::of(link).angular(w.params[k]) * w.step[k];
        largest = largest.max(omega.length());
    }
    if !largest.is_finite() {
        return 0.0;
    }
    let scale = (def.unit_angle.min(MAX_TURN) / largest).min(room_to_limits(def, s, w));
    if scale < 1.0 {
        for step in &mut w.step[..n] {
            *step *= scale;
        }
        largest *= scale;
    }
    largest
}

/// A limited link's Euler angles at parameters `p`, in its limits' order, with how they
/// change per unit of angular velocity and the angular velocity per unit of each parameter.
fn limit_angles(
    link: &IkLinkDef,
    limit: &LinkLimit,
    s: &Scratch,
    p: Vec3A,
) -> (Vec3A, Mat3A, Mat3A) {
    let joint = Joint::of(link);
    let anim = s.anim_r[link.bone as usize];
    let rotation = joint.ik_rotation(p, anim) * anim;
    let angles = decompose(&Mat3A::from_quat(rotation), limit.order);
    (angles, angle_rates(angles, limit.order), joint.angular(p))
}

/// The largest fraction (at most 1) of the step that, to first order, carries no Euler
/// angle of a limited link from inside its range past a limit: the step stops where the
/// first one meets its limit, which the next iteration then holds.
fn room_to_limits(def: &IkSolverDef, s: &Scratch, w: &JacobianScratch) -> f32 {
    let mut room = 1.0f32;
    for (k, link) in def.links.iter().enumerate() {
        let Some(limit) = link.limit else { continue };
        let (angles, angle_rate, angular) = limit_angles(link, &limit, s, w.params[k]);
        let rates = angle_rate * (angular * w.step[k]);
        for a in 0..3 {
            let (angle, rate) = (angles[a], rates[a]);
            let gap = if rate > 0.0 {
                limit.max[a] - angle
            } else {
                limit.min[a] - angle
            };
            if gap.abs() > ON_LIMIT && rate != 0.0 {
                room = room.min((gap / rate).max(0.0));
            }
        }
    }
    room
}

/// For every limited link: each Euler angle lying on a limit that the step would push
/// further out is held, by removing from the link's free directions the parameter change
/// that moves that angle. True when it held a new one.
fn hold_limits(def: &IkSolverDef, s: &Scratch, w: &mut JacobianScratch) -> bool {
    let mut held = false;
    for (k, link) in def.links.iter().enumerate() {
        let Some(limit) = link.limit else { continue };
        let (angles, angle_rate, angular) = limit_angles(link, &limit, s, w.params[k]);
        // Row a of `rates`: how angle a changes per unit of each parameter.
        let rates = angle_rate * angular;
        for a in 0..3 {
            let gradient = rates.row(a);
            let rate = gradient.dot(w.step[k]);
            let at_min = angles[a] <= limit.min[a] + ON_LIMIT && rate < 0.0;
            let at_max = angles[a] >= limit.max[a] - ON_LIMIT && rate > 0.0;
            if !(at_min || at_max) {
                continue;
            }
            // An angle the link's free parameters barely move (an axis the parameterisation
            // leaves out, up to rounding) needs no holding.
            let direction = w.free[k] * gradient;
            if direction.length_squared() < NEGLIGIBLE_RATE {
                continue;
            }
            let u = direction.normalize();
            let outer = Mat3A::from_cols(u * u.x, u * u.y, u * u.z);
            w.free[k] -= outer;
            held = true;
        }
    }
    held
}

/// Leaves a singular pose, where no link can move the effector toward the IK bone to first
/// order (a straight chain with the target along it): every link bends by a small angle,
/// a one-angle link toward the middle of its range, a ball link about the axis across the
/// chain nearest its parent's X axis (the axis knees and hair bend about in MMD models).
fn escape(def: &IkSolverDef, s: &Scratch, w: &mut JacobianScratch) {
    let angle = ESCAPE.min(def.unit_angle);
    let effector = s.world[def.effector as usize].translation;
    for (k, link) in def.links.iter().enumerate() {
        let b = link.bone as usize;
        let anim = s.anim_r[b];
        let joint = Joint::of(link);
        let p = w.params[k];
        let bent = match joint {
            Joint::Plane { lo, hi, .. } => {
                let toward = if 0.5 * (lo + hi) < p.x { -angle } else { angle };
                p + Vec3A::new(toward, 0.0, 0.0)
            }
            Joint::Fixed { .. } => p + Vec3A::new(angle, 0.0, 0.0),
            Joint::Ball => {
                let to_parent = parent_rotation(s, b).transpose();
                let along = (to_parent * (effector - s.world[b].translation)).normalize_or_zero();
                let across = (Vec3A::X - along * along.x)
                    .try_normalize()
                    .unwrap_or(Vec3A::Z);
                let turn = Quat::from_axis_angle(across.into(), angle);
                log_quat::log((turn * log_quat::exp(p)).normalize())
            }
        };
        w.params[k] = project(joint, link.limit, anim, bent);
    }
}
