//! Cyclic coordinate descent IK, MMD style (see the crate docs): per iteration every link
//! turns the effector toward the IK bone by at most the unit angle; single-axis links solve
//! in their plane, other limited links clamp Euler angles; the best iteration is kept and
//! the solve stops once the distance no longer shrinks.

use std::f32::consts::PI;

use glam::{Mat3A, Quat, Vec3A};

use crate::pose::{Scratch, local_rotation, rotation_matrix, update_global};
use crate::rig::{IkSolverDef, LinkLimit, NONE, Rig};

/// Per-link solver state, reset for every solve.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LinkState {
    /// Euler angles of the previous iteration (limited links).
    prev_angle: Vec3A,
    /// Accumulated rotation about the plane axis (single-axis links).
    plane_angle: f32,
    /// IK rotation of the best iteration so far.
    saved: Quat,
}

impl Default for LinkState {
    fn default() -> Self {
        LinkState {
            prev_angle: Vec3A::ZERO,
            plane_angle: 0.0,
            saved: Quat::IDENTITY,
        }
    }
}

/// Steps smaller than this (radians, compared as a sine; MMD uses 1e-3 degrees) are skipped.
const MIN_STEP: f32 = 1.0e-3 * PI / 180.0;

fn refresh_deps(rig: &Rig, def: &IkSolverDef, s: &mut Scratch) {
    for &b in &def.deps {
        update_global(rig, s, b as usize);
    }
}

fn set_link_rotation(rig: &Rig, def: &IkSolverDef, s: &mut Scratch, k: usize, ik_rotation: Quat) {
    let bone = def.links[k].bone as usize;
    s.ik_r[bone] = ik_rotation;
    set_local_rotation(s, bone);
    let (start, end) = def.below_ranges[k];
    for &b in &def.below[start as usize..end as usize] {
        update_global(rig, s, b as usize);
    }
    if def.effector_position_only && def.moves_effector[k] {
        let e = def.effector as usize;
        let translation = match rig.parent[e] {
            NONE => s.local[e].translation,
            p => {
                let parent = &s.world[p as usize];
                parent.matrix3 * s.local[e].translation + parent.translation
            }
        };
        s.world[e].translation = translation;
    }
}

/// Recomputes bone `b`'s local rotation after its IK rotation changed. Only the matrix part:
/// IK never moves the translation, which stays `local_transform`'s.
fn set_local_rotation(s: &mut Scratch, b: usize) {
    s.local[b].matrix3 = rotation_matrix(local_rotation(s, b));
}

fn distance(s: &Scratch, def: &IkSolverDef) -> f32 {
    (s.world[def.effector as usize].translation - s.world[def.bone as usize].translation).length()
}

/// Solves one IK chain in place: writes the links' IK rotations, their locals and the
/// globals of the solver's dependencies.
pub(crate) fn solve(rig: &Rig, def: &IkSolverDef, s: &mut Scratch) {
    for (k, link) in def.links.iter().enumerate() {
        let b = link.bone as usize;
        s.ik_r[b] = Quat::IDENTITY;
        set_local_rotation(s, b);
        s.links[k] = LinkState::default();
    }
    refresh_deps(rig, def, s);

    let mut best = f32::MAX;
    for iteration in 0..def.iterations {
        solve_iteration(rig, def, s, iteration);
        let d = distance(s, def);
        if d < best {
            best = d;
            for (k, link) in def.links.iter().enumerate() {
                s.links[k].saved = s.ik_r[link.bone as usize];
            }
        } else {
            for (k, link) in def.links.iter().enumerate() {
                let b = link.bone as usize;
                s.ik_r[b] = s.links[k].saved;
                set_local_rotation(s, b);
            }
            refresh_deps(rig, def, s);
            return;
        }
    }
    if def.effector_position_only {
        update_global(rig, s, def.effector as usize);
    }
}

/// The IK bone's and the effector's positions seen from the link, as unit vectors.
fn link_space_directions(
    s: &Scratch,
    link: usize,
    ik_pos: Vec3A,
    eff_pos: Vec3A,
) -> Option<(Vec3A, Vec3A)> {
    let w = &s.world[link];
    // World matrices are rotations and translations only: the inverse rotation is the
    // transpose.
    let inv: Mat3A = w.matrix3.transpose();
    let to_ik = (inv * (ik_pos - w.translation)).try_normalize()?;
    let to_eff = (inv * (eff_pos - w.translation)).try_normalize()?;
    Some((to_ik, to_eff))
}

fn solve_iteration(rig: &Rig, def: &IkSolverDef, s: &mut Scratch, iteration: u32) {
    let ik_pos = s.world[def.bone as usize].translation;
    for (k, link) in def.links.iter().enumerate() {
        let bone = link.bone as usize;
        let eff_pos = s.world[def.effector as usize].translation;
        let Some((to_ik, to_eff)) = link_space_directions(s, bone, ik_pos, eff_pos) else {
            continue;
        };
        // The turn taking to_eff onto to_ik: axis to_eff x to_ik, sin and cos of the angle
        // straight from the cross and dot products (no acos: its rounding near 1 would turn
        // two equal vectors into a 3.5e-4 rad "step" around a random axis).
        let cross = to_eff.cross(to_ik);
        let sin = cross.length();
        let cos = to_eff.dot(to_ik);
        let anim = s.anim_r[bone];
        let new_ik = match link.limit {
            LinkLimit::Plane { axis, min, max } => {
                let angle = sin.atan2(cos).min(def.unit_angle);
                let state = &mut s.links[k];
                // Of +angle and -angle about the axis, the one that brings to_eff nearer to_ik.
                let mut next = if angle > 0.0 && cross[axis] > 0.0 {
                    state.plane_angle + angle
                } else {
                    state.plane_angle - angle
                };
                if iteration == 0 && (next < min || next > max) {
                    // First pass: the mirrored solution may be the one inside the limits.
                    if -next > min && -next < max {
                        next = -next;
                    } else {
                        let mid = 0.5 * (min + max);
                        if (mid - next).abs() > (mid + next).abs() {
                            next = -next;
                        }
                    }
                }
                let next = next.clamp(min, max);
                state.plane_angle = next;
                let (half_sin, half_cos) = (0.5 * next).sin_cos();
                let mut v = Vec3A::ZERO;
                v[axis] = half_sin;
                Quat::from_xyzw(v.x, v.y, v.z, half_cos) * anim.inverse()
            }
            limit => {
                if cos > 0.0 && sin < MIN_STEP {
                    continue;
                }
                let step = if cos < def.unit_cos {
                    // Clamped to the unit angle, whose half-angle sine and cosine are
                    // precomputed.
                    let Some(axis) = (cross / sin).try_normalize() else {
                        continue;
                    };
                    let (half_sin, half_cos) = def.unit_half;
                    Quat::from_vec4((axis * half_sin).extend(half_cos))
                } else {
                    // Half-angle form of the turn: (sin θ n, 1 + cos θ) normalised.
                    let q = cross.extend(1.0 + cos);
                    let Some(q) = q.try_normalize() else {
                        continue;
                    };
                    Quat::from_vec4(q)
                };
                let mut chain = s.ik_r[bone] * anim * step;
                if let LinkLimit::Euler { min, max } = limit {
                    let state = &mut s.links[k];
                    let euler = decompose(&Mat3A::from_quat(chain), state.prev_angle);
                    let clamped = euler.clamp(min, max);
                    let delta = (clamped - state.prev_angle)
                        .clamp(Vec3A::splat(-def.unit_angle), Vec3A::splat(def.unit_angle));
                    let angles = state.prev_angle + delta;
                    state.prev_angle = angles;
                    chain = compose(angles);
                }
                chain * anim.inverse()
            }
        };
        let new_ik = new_ik.normalize();
        if new_ik.is_finite() {
            set_link_rotation(rig, def, s, k, new_ik);
        }
    }
}

/// Rotation from limited-link Euler angles: X, then Y, then Z applied on the right, as the
/// reference engines do.
fn compose(angles: Vec3A) -> Quat {
    Quat::from_rotation_x(angles.x)
        * Quat::from_rotation_y(angles.y)
        * Quat::from_rotation_z(angles.z)
}

fn normalize_angle(a: f32) -> f32 {
    a.rem_euclid(2.0 * PI)
}

fn diff_angle(a: f32, b: f32) -> f32 {
    let d = normalize_angle(a) - normalize_angle(b);
    if d > PI {
        d - 2.0 * PI
    } else if d < -PI {
        d + 2.0 * PI
    } else {
        d
    }
}

/// Euler angles of `m`, choosing among the equivalent decompositions the one nearest
/// `before` (continuity across iterations).
fn decompose(m: &Mat3A, before: Vec3A) -> Vec3A {
    let sy = (-m.x_axis.z).clamp(-1.0, 1.0);
    let mut r = if 1.0 - sy.abs() < 1.0e-6 {
        let y = sy.asin();
        if before.x.sin().abs() < before.z.sin().abs() {
            if before.x.cos() > 0.0 {
                Vec3A::new(0.0, y, (-m.y_axis.x).clamp(-1.0, 1.0).asin())
            } else {
                Vec3A::new(PI, y, m.y_axis.x.clamp(-1.0, 1.0).asin())
            }
        } else if before.z.cos() > 0.0 {
            Vec3A::new((-m.z_axis.y).clamp(-1.0, 1.0).asin(), y, 0.0)
        } else {
            Vec3A::new(m.z_axis.y.clamp(-1.0, 1.0).asin(), y, PI)
        }
    } else {
        Vec3A::new(
            m.y_axis.z.atan2(m.z_axis.z),
            sy.asin(),
            m.x_axis.y.atan2(m.x_axis.x),
        )
    };
    let error = |v: Vec3A| {
        diff_angle(v.x, before.x).abs()
            + diff_angle(v.y, before.y).abs()
            + diff_angle(v.z, before.z).abs()
    };
    let base = r;
    let mut best = error(r);
    for sx in [PI, -PI] {
        for y in [PI - base.y, -PI - base.y] {
            for sz in [PI, -PI] {
                let candidate = Vec3A::new(base.x + sx, y, base.z + sz);
                let e = error(candidate);
                if e < best {
                    best = e;
                    r = candidate;
                }
            }
        }
    }
    r
}
