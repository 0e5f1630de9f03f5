//! Cyclic coordinate descent IK as MikuMikuDance 9.32 runs it (see the crate docs for the
//! rules): every link turns in its parent's frame toward the IK bone, by at most the unit
//! angle times its position in the chain; limited links are clamped in an Euler
//! decomposition their limits pick, reflecting off the limits during the first half of the
//! iterations; the solve stops when the effector points at the target from some link.
//! Every step computes in D3DX's order of operations (`d3dx.rs`), since the stop decision of
//! a long chain follows the last bits.

use glam::{Mat3A, Quat, Vec3A};

use super::chain::{DEGENERATE, TOLERANCE, refresh_deps, set_local_rotation};
use super::d3dx::{direction, dot, euler_angles, euler_matrix, matrix_rotation, then};
use crate::rig::{IkLinkDef, IkSolverDef, LinkLimit, NONE};
use crate::transform::{
    Scratch, global_of_skin, parent_skin, rotation_matrix, rotation_of_parts, skin_step,
    update_global,
};

/// Squared distance between the unit directions from a link to the effector and to the IK
/// bone below which MMD considers the chain converged.
const CONVERGED: f32 = 1.0e-7;

/// Squared length of a turn's axis below which the axis is undefined (angle under 1e-5 rad,
/// or a half turn).
const NO_AXIS: f32 = 1.0e-10;

/// Sets link `k`'s rotation relative to its parent (IK times animated) and refreshes the
/// globals below it. The local matrix is `matrix` when the step built one (a limited link's
/// Euler angles), otherwise made from `rotation` as the step left it, not renormalised or
/// split into IK and animated parts: MMD keeps these, and the next step's directions read
/// their last bits.
fn set_link_rotation(
    def: &IkSolverDef,
    s: &mut Scratch,
    k: usize,
    rotation: Quat,
    matrix: Option<Mat3A>,
) {
    let bone = def.links[k].bone as usize;
    s.link_r[bone] = rotation;
    s.local[bone].matrix3 = match matrix {
        Some(m) if s.append_r[bone] == Quat::IDENTITY => m,
        _ => rotation_matrix(rotation_of_parts(
            Quat::IDENTITY,
            rotation,
            s.append_r[bone],
        )),
    };
    let (start, end) = def.below_ranges[k];
    for &b in &def.below[start as usize..end as usize] {
        update_global(s, b as usize);
    }
    if def.effector_position_only && def.moves_effector[k] {
        update_global(s, def.effector as usize);
    }
}

/// What one link's step found.
enum Step {
    /// The link's new rotation (IK times animated, in its parent's frame), and its matrix
    /// when the step built one.
    Turn(Quat, Option<Mat3A>),
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
        s.link_r[b] = s.anim_r[b];
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
                Step::Turn(rotation, matrix) => {
                    if rotation.is_finite() {
                        set_link_rotation(def, s, k, rotation, matrix);
                    }
                    stale = None;
                }
                Step::Skip => {}
                Step::Converged => break 'iterations,
            }
        }
    }
    // The IK parts of the links that turned, which append bones following a link and the
    // Jacobian solver read; the links' local matrices stay the products'.
    for link in &def.links {
        let b = link.bone as usize;
        if s.link_r[b] == s.anim_r[b] {
            continue;
        }
        let ik = (s.link_r[b] * s.anim_r[b].inverse()).normalize();
        if ik.is_finite() {
            s.ik_r[b] = ik;
        }
    }
    if def.effector_position_only {
        update_global(s, def.effector as usize);
    }
}

/// The effector's position as MMD's first step reads it when earlier solvers turned its
/// ancestors (`IkSolverDef::stale_effector`): computed without their IK rotations, along
/// the same skinning chain as every global.
fn stale_effector(def: &IkSolverDef, s: &Scratch) -> Option<Vec3A> {
    let &(first, _) = def.stale_effector.first()?;
    let mut skin = parent_skin(s, first as usize);
    let mut rest = Vec3A::ZERO;
    for &(b, without_ik) in &def.stale_effector {
        let b = b as usize;
        let rotation = if without_ik {
            rotation_matrix(rotation_of_parts(
                Quat::IDENTITY,
                s.anim_r[b],
                s.append_r[b],
            ))
        } else {
            s.local[b].matrix3
        };
        let step = skin_step(s, b, rotation);
        skin = Some(skin.map_or(step, |parent| parent * step));
        rest = s.rest[b];
    }
    Some(global_of_skin(&skin?, rest).translation)
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
    let (a, b) = (direction(to_effector), direction(to_target));
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
    let cos = dot(a, b).clamp(-1.0, 1.0);
    let angle = cos.acos();
    let current = s.link_r[bone];
    let turned = match (link.limit, link.fixed_axis) {
        (Some(limit), fixed) => limited_turn(current, cross, angle, unit, &limit, fixed, reflect)
            .map(|(q, m)| (q, Some(m))),
        (None, Some(axis)) => fixed_axis_turn(current, cross, angle, unit, axis).map(|q| (q, None)),
        (None, None) => {
            free_turn(current, cross, cos, angle, unit, &to_parent, a).map(|q| (q, None))
        }
    };
    match turned {
        Some((q, m)) => Step::Turn(q, m),
        None => Step::Skip,
    }
}

/// `current`, then the turn about unit `axis` by `angle` clamped to the unit angle, in
/// D3DX's product (not renormalised).
fn turn(axis: Vec3A, angle: f32, unit: f32, current: Quat) -> Quat {
    then(
        current,
        Quat::from_axis_angle(axis.into(), angle.clamp(-unit, unit)),
    )
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
        return Some(turn(direction(cross), angle, unit, current));
    }
    if cos > 0.0 {
        return None;
    }
    let a = *to_parent * a;
    let helper = if a.x.abs() < 0.9 { Vec3A::X } else { Vec3A::Y };
    Some(turn(a.cross(helper).try_normalize()?, angle, unit, current))
}

/// A link with a fixed axis turns about it by the angle's component along that axis (the
/// component of the unit turn axis along it, summed y, x, z as MMD does).
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
    let normal = direction(cross);
    let along = (axis.y * normal.y + axis.x * normal.x) + axis.z * normal.z;
    Some(turn(axis, angle * along, unit, current))
}

/// A limited link: during the first half of the iterations a link limited to one axis turns
/// about that axis (toward the target's side) by the whole angle; otherwise it turns freely
/// (or about its fixed axis). The result is decomposed in the limits' Euler order and each
/// angle clamped, reflecting off the limit into the range while `reflect`; the link takes
/// the matrix rebuilt from those angles, and its quaternion for the next step.
fn limited_turn(
    current: Quat,
    cross: Vec3A,
    angle: f32,
    unit: f32,
    limit: &LinkLimit,
    fixed: Option<Vec3A>,
    reflect: bool,
) -> Option<(Quat, Mat3A)> {
    let normal = if cross.length_squared() > 0.0 {
        direction(cross)
    } else {
        Vec3A::ZERO
    };
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
    let candidate = rotation_matrix(turn(axis, angle, unit, current));
    let mut angles = euler_angles(&candidate, limit.order);
    for i in 0..3 {
        angles[i] = clamp_reflecting(angles[i], limit.min[i], limit.max[i], reflect);
    }
    let matrix = euler_matrix(angles, limit.order);
    Some((matrix_rotation(&matrix), matrix))
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
