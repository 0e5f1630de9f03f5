//! What a value or reference from a file becomes before the engine keeps it: indices checked
//! against their count, cycles of parents and of append links broken (each repair reported
//! as a [`RigWarning`]), NaN and infinite values zeroed, coordinates, weights and rotations
//! bounded.
//!
//! Separate from the rig's build because the value bounds are shared: morphs, motions, meshes,
//! cameras and lights are built from files with the same ones.

use glam::{Quat, Vec3A};

use super::{AppendLink, NONE, RigWarning};

/// A file's `i32` index as a `u32`, when it lies in `0..count`.
pub(crate) fn index(i: i32, count: usize) -> Option<u32> {
    usize::try_from(i)
        .ok()
        .filter(|&i| i < count)
        .map(|i| i as u32)
}

/// Largest coordinate (position, translation, offset; model units) the engine takes from a
/// file. Real models and motions stay within a few thousand units, so anything beyond is
/// corrupt. See [`MAX_WEIGHT`].
pub(crate) const MAX_COORD: f32 = 1.0e7;

/// Largest magnitude of a weight taken from a file (morph weights and group factors, append
/// and vertex weights); real ones lie within a few units. Clamping coordinates and weights
/// once, where rigs, motions, meshes and cameras are built, keeps every sum and product that
/// evaluation and skinning form far below `f32::MAX`, so a hostile file cannot push a pose to
/// infinity and from there to NaN (`inf - inf`, `inf * 0`); it also keeps the slerp angles
/// (`weight * angle`) small enough for glam's sine to stay accurate. Only where bounded values
/// multiply along a chain (group morphs of group morphs, append bones following append
/// bones) does evaluation clamp again, per link, for the same reason. Values within the
/// bounds pass unchanged, so valid files pose bit for bit as before.
pub(crate) const MAX_WEIGHT: f32 = 1.0e4;

/// A vector from a file: zero when any component is NaN or infinite, else clamped to
/// [`MAX_COORD`].
pub(crate) fn finite_vec(v: [f32; 3]) -> Vec3A {
    let v = Vec3A::from_array(v);
    if v.is_finite() {
        v.clamp(Vec3A::splat(-MAX_COORD), Vec3A::splat(MAX_COORD))
    } else {
        Vec3A::ZERO
    }
}

/// A weight from a file: zero when NaN or infinite, else clamped to [`MAX_WEIGHT`].
pub(crate) fn finite_weight(w: f32) -> f32 {
    if w.is_finite() {
        w.clamp(-MAX_WEIGHT, MAX_WEIGHT)
    } else {
        0.0
    }
}

/// Makes every parent chain end at a root: the bone whose parent closes a cycle becomes a
/// root. Iterative, linear in the bone count.
pub(super) fn break_parent_cycles(
    parent: &mut [u32],
    names: &[String],
    warnings: &mut Vec<RigWarning>,
) {
    // 0 = unvisited, 1 = on the current walk, 2 = known to reach a root.
    let mut state = vec![0u8; parent.len()];
    let mut walk = Vec::new();
    for start in 0..parent.len() {
        let mut b = start;
        walk.clear();
        while state[b] == 0 {
            state[b] = 1;
            walk.push(b);
            match parent[b] {
                NONE => break,
                p => {
                    if state[p as usize] == 1 {
                        warnings.push(RigWarning::new(format!(
                            "bone {b} ({}): parent {p} closes a parent cycle; treated as a root",
                            names[b]
                        )));
                        parent[b] = NONE;
                        break;
                    }
                    b = p as usize;
                }
            }
        }
        for &w in &walk {
            state[w] = 2;
        }
    }
}

/// Drops the append link that closes an append cycle (A follows B follows A).
pub(super) fn break_append_cycles(
    append: &mut [Option<AppendLink>],
    names: &[String],
    warnings: &mut Vec<RigWarning>,
) {
    let mut state = vec![0u8; append.len()];
    let mut walk = Vec::new();
    for start in 0..append.len() {
        let mut b = start;
        walk.clear();
        while state[b] == 0 {
            state[b] = 1;
            walk.push(b);
            let Some(link) = append[b] else { break };
            let s = link.source as usize;
            if state[s] == 1 {
                warnings.push(RigWarning::new(format!(
                    "bone {b} ({}): append source {s} closes an append cycle; append ignored",
                    names[b]
                )));
                append[b] = None;
                break;
            }
            b = s;
        }
        for &w in &walk {
            state[w] = 2;
        }
    }
}

/// How far from 1 a stored rotation's squared length may be and still be kept as stored:
/// mmd-anim 0.5.3, which follows MMD, keeps a key as written within 2e-4, and the last bits
/// of a key reach the stop decisions of long IK chains (with this bound our poses of j3
/// Miku dancing wavefile_v2 match 0.5.3's bit for bit before IK).
const UNIT_TOLERANCE: f32 = 2.0e-4;

/// A rotation from a file (motion key, bone morph): kept as stored when it is near unit
/// length, otherwise normalised, or the identity when it is not finite or too short to
/// normalise.
pub(crate) fn finite_quat(q: [f32; 4]) -> Quat {
    let q = Quat::from_array(q);
    if !q.is_finite() {
        return Quat::IDENTITY;
    }
    let length_squared = q.length_squared();
    if (length_squared - 1.0).abs() <= UNIT_TOLERANCE {
        return q;
    }
    if length_squared.is_infinite() {
        // Components so large that their squares overflow (normalising would give zero):
        // scale down by an exact power of two first.
        return (q * 2.0f32.powi(-100)).normalize();
    }
    if length_squared > 1.0e-12 {
        q.normalize()
    } else {
        Quat::IDENTITY
    }
}
