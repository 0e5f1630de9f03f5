//! Cyclic coordinate descent IK as MikuMikuDance 9.32 runs it (see the crate docs for the
//! rules): every link turns in its parent's frame toward the IK bone, by at most the unit
//! angle times its position in the chain; limited links are clamped in an Euler
//! decomposition their limits pick, reflecting off the limits during the first half of the
//! iterations; the solve stops when the effector points at the target from some link.

use glam::{Affine3A, Mat3A, Quat, Vec3A};

use super::chain::{DEGENERATE, TOLERANCE, refresh_deps, set_local_rotation};
use super::euler::{compose, decompose};
use crate::pose::{Scratch, rotation_matrix, rotation_of_parts, update_global};
use crate::rig::{IkLinkDef, IkSolverDef, LinkLimit, NONE};

/// Squared distance between the unit directions from a link to the effector and to the IK
/// bone below which MMD considers the chain converged.
const CONVERGED: f32 = 1.0e-7;

/// Squared length of a turn's axis below which the axis is undefined (angle under 1e-5 rad,
/// or a half turn).
const NO_AXIS: f32 = 1.0e-10;

fn set_link_rotation(def: &IkSolverDef, s: &mut Scratch, k: usize, ik_rotation: Quat) {
    let bone = def.links[k].bone as usize;
    s.ik_r[bone] = ik_rotation;
    set_local_rotation(s, bone);
    let (start, end) = def.below_ranges[k];
    for &b in &def.below[start as usize..end as usize] {
        update_global(s, b as usize);
    }
    if def.effector_position_only && def.moves_effector[k] {
        let e = def.effector as usize;
        let translation = match s.parent[e] {
            NONE => s.local[e].translation,
            p => {
                let parent = &s.world[p as usize];
                parent.matrix3 * s.local[e].translation + parent.translation
            }
        };
        s.world[e].translation = translation;
    }
}

/// What one link's step found.
enum Step {
    /// The link's new rotation (IK times animated, in its parent's frame).
    Turn(Quat),
    /// Nothing to do for this link.
    Skip,
    /// The effector already points at the target from this link: the solve is over.
    Converged,
}

/// Solves one IK chain in place: writes the links' IK rotations, their locals and the
/// globals of the solver's dependencies.
pub(crate) fn solve(def: &IkSolverDef, s: &mut Scratch) {
    for link in &def.links {
        let b = link.bone as usize;
        s.ik_r[b] = Quat::IDENTITY;
        set_local_rotation(s, b);
    }
    refresh_deps(def, s);
    // Until a link turns, MMD reads the effector where it last computed it.
    let mut stale = stale_effector(def, s);

    'iterations: for iteration in 0..def.iterations {
        let effector = stale.unwrap_or(s.world[def.effector as usize].translation);
        if (effector - s.world[def.bone as usize].translation).length() <= TOLERANCE {
            break;
        }
        let reflect = iteration < def.iterations / 2;
        for (k, link) in def.links.iter().enumerate() {
            let unit = def.unit_angle * (k + 1) as f32;
            match link_step(s, def, link, unit, reflect, stale) {
                Step::Turn(rotation) => {
                    let anim = s.anim_r[link.bone as usize];
                    let ik = (rotation * anim.inverse()).normalize();
                    if ik.is_finite() {
                        set_link_rotation(def, s, k, ik);
                    }
                    stale = None;
                }
                Step::Skip => {}
                Step::Converged => break 'iterations,
            }
        }
    }
    clamp_unturned_links(def, s);
    if def.effector_position_only {
        update_global(s, def.effector as usize);
    }
}

/// The effector's position as MMD's first step reads it when earlier solvers turned its
/// ancestors (`IkSolverDef::stale_effector`): computed without their IK rotations.
fn stale_effector(def: &IkSolverDef, s: &Scratch) -> Option<Vec3A> {
    let &(first, _) = def.stale_effector.first()?;
    let mut world = match s.parent[first as usize] {
        NONE => Affine3A::IDENTITY,
        p => s.world[p as usize],
    };
    for &(b, without_ik) in &def.stale_effector {
        let b = b as usize;
        let local = if without_ik {
            Affine3A {
                matrix3: rotation_matrix(rotation_of_parts(
                    Quat::IDENTITY,
                    s.anim_r[b],
                    s.append_r[b],
                )),
                translation: s.local[b].translation,
            }
        } else {
            s.local[b]
        };
        world *= local;
    }
    Some(world.translation)
}

/// A link the solve ended before turning (the effector already at the target, as at rest)
/// still holds its animated rotation, which may lie outside its limits: MMD leaves it there
/// (a knee at rest stays straight past its -0.5° limit); here it is clamped, so every
/// limited link ends inside its limits. Links that turned end with a clamp already.
fn clamp_unturned_links(def: &IkSolverDef, s: &mut Scratch) {
    for (k, link) in def.links.iter().enumerate() {
        let Some(limit) = link.limit else { continue };
        let b = link.bone as usize;
        let anim = s.anim_r[b];
        let angles = decompose(&Mat3A::from_quat(s.ik_r[b] * anim), limit.order);
        let clamped = angles.clamp(limit.min, limit.max);
        if clamped != angles {
            let ik = (compose(clamped, limit.order) * anim.inverse()).normalize();
            if ik.is_finite() {
                set_link_rotation(def, s, k, ik);
            }
        }
    }
}

/// One link's CCD step: the turn, in the link's parent frame, taking the direction from the
/// link to the effector (at `stale` when given) onto the direction to the IK bone, then the
/// link's constraints.
fn link_step(
    s: &Scratch,
    def: &IkSolverDef,
    link: &IkLinkDef,
    unit: f32,
    reflect: bool,
    stale: Option<Vec3A>,
) -> Step {
    let bone = link.bone as usize;
    let origin = s.world[bone].translation;
    let effector = stale.unwrap_or(s.world[def.effector as usize].translation);
    let to_effector = origin - effector;
    let to_target = origin - s.world[def.bone as usize].translation;
    if to_effector.length_squared() <= DEGENERATE || to_target.length_squared() <= DEGENERATE {
        return Step::Skip;
    }
    let (a, b) = (to_effector.normalize(), to_target.normalize());
    if (a - b).length_squared() < CONVERGED {
        return Step::Converged;
    }
    // World matrices are rotations and translations only: the inverse rotation is the
    // transpose.
    let to_parent = match s.parent[bone] {
        NONE => Mat3A::IDENTITY,
        p => s.world[p as usize].matrix3.transpose(),
    };
    let cross = to_parent * a.cross(b);
    let cos = a.dot(b).clamp(-1.0, 1.0);
    let angle = cos.acos();
    let current = s.ik_r[bone] * s.anim_r[bone];
    let turned = match (link.limit, link.fixed_axis) {
        (Some(limit), fixed) => limited_turn(current, cross, angle, unit, &limit, fixed, reflect),
        (None, Some(axis)) => fixed_axis_turn(current, cross, angle, unit, axis),
        (None, None) => free_turn(current, cross, cos, angle, unit, &to_parent, a),
    };
    match turned {
        Some(q) => Step::Turn(q),
        None => Step::Skip,
    }
}

fn turn(axis: Vec3A, angle: f32, unit: f32, current: Quat) -> Quat {
    Quat::from_axis_angle(axis.into(), angle.clamp(-unit, unit)) * current
}

/// An unlimited link turns about the axis perpendicular to both directions; at a half turn,
/// about any axis perpendicular to the effector's direction (`to_parent * a` in the parent's
/// frame, only formed then).
fn free_turn(
    current: Quat,
    cross: Vec3A,
    cos: f32,
    angle: f32,
    unit: f32,
    to_parent: &Mat3A,
    a: Vec3A,
) -> Option<Quat> {
    if cross.length_squared() >= NO_AXIS {
        return Some(turn(cross.normalize(), angle, unit, current));
    }
    if cos > 0.0 {
        return None;
    }
    let a = *to_parent * a;
    let helper = if a.x.abs() < 0.9 { Vec3A::X } else { Vec3A::Y };
    Some(turn(a.cross(helper).try_normalize()?, angle, unit, current))
}

/// A link with a fixed axis turns about it by the angle's component along that axis.
fn fixed_axis_turn(
    current: Quat,
    cross: Vec3A,
    angle: f32,
    unit: f32,
    axis: Vec3A,
) -> Option<Quat> {
    if cross.length_squared() < NO_AXIS {
        return None;
    }
    Some(turn(
        axis,
        angle * axis.dot(cross.normalize()),
        unit,
        current,
    ))
}

/// A limited link: during the first half of the iterations a link limited to one axis turns
/// about that axis (toward the target's side) by the whole angle; otherwise it turns freely
/// (or about its fixed axis). The result is decomposed in the limits' Euler order and each
/// angle clamped, reflecting off the limit into the range while `reflect`.
fn limited_turn(
    current: Quat,
    cross: Vec3A,
    angle: f32,
    unit: f32,
    limit: &LinkLimit,
    fixed: Option<Vec3A>,
    reflect: bool,
) -> Option<Quat> {
    let normal = cross.normalize_or_zero();
    let (axis, angle) = match (limit.plane_axis.filter(|_| reflect), fixed) {
        (Some(i), _) => {
            let mut axis = Vec3A::ZERO;
            axis[i] = if cross[i] < 0.0 { -1.0 } else { 1.0 };
            (axis, angle)
        }
        (None, Some(f)) => (f, angle * f.dot(normal)),
        (None, None) => (normal, angle),
    };
    if axis.length_squared() <= DEGENERATE {
        return None;
    }
    let candidate = Mat3A::from_quat(turn(axis, angle, unit, current));
    let mut angles = decompose(&candidate, limit.order);
    for i in 0..3 {
        angles[i] = clamp_reflecting(angles[i], limit.min[i], limit.max[i], reflect);
    }
    Some(compose(angles, limit.order))
}

/// `v` clamped to [lo, hi]; while `reflect`, an angle past a limit bounces back off it when
/// that lands inside the range.
fn clamp_reflecting(v: f32, lo: f32, hi: f32, reflect: bool) -> f32 {
    let mut v = v;
    if v < lo {
        let r = 2.0 * lo - v;
        v = if reflect && r <= hi { r } else { lo };
    }
    if v > hi {
        let r = 2.0 * hi - v;
        v = if reflect && r >= lo { r } else { hi };
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflection_bounces_off_a_limit_only_while_reflecting() {
        // 0.1 past the lower limit -0.5 of [-0.5, 0.5]: reflected to -0.4, else clamped.
        assert!((clamp_reflecting(-0.6, -0.5, 0.5, true) + 0.4).abs() < 1e-6);
        assert_eq!(clamp_reflecting(-0.6, -0.5, 0.5, false), -0.5);
        // A knee bent the wrong way (+0.3 with limits [-π, -0.5°]) folds back to 2·hi - 0.3.
        let hi = -0.5f32.to_radians();
        let r = clamp_reflecting(0.3, -std::f32::consts::PI, hi, true);
        assert!((r - (2.0 * hi - 0.3)).abs() < 1e-6, "{r}");
        // Reflection that would leave the range clamps instead.
        assert_eq!(clamp_reflecting(2.0, -0.5, 0.5, true), 0.5);
    }
}
