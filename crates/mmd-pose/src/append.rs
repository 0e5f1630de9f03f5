//! Append (付与) bones: how a bone takes a weighted share of its source bone's rotation and
//! translation, with the rotation scaled as MikuMikuDance 9.32 scales it (D3DX's sign of
//! the quaternion, MMD's 3.14 for π; the crate docs give the rule).
//!
//! Separate from `pose.rs` because it is one rule of MMD's with its own arithmetic, run by the
//! deform passes there and by the full-body solver's IK bones, on the transforms of
//! `transform.rs`.

use glam::{Quat, Vec3A};

use crate::rig::{MAX_COORD, Rig};
use crate::transform::{Scratch, local_transform, rotation_matrix};

/// Recomputes bone `i`'s append rotation and translation from its source (see the crate
/// docs for the rules).
pub(crate) fn update_append(rig: &Rig, s: &mut Scratch, i: usize) {
    let Some(link) = rig.append[i] else { return };
    let src = link.source as usize;
    let source_is_append = !link.local && rig.append[src].is_some();
    if link.rotate {
        let q = if source_is_append {
            s.append_r[src]
        } else {
            s.anim_r[src]
        };
        s.append_r[i] = scale_rotation(s.ik_r[src] * q, link.weight);
    }
    if link.translate {
        let t = if source_is_append {
            s.append_t[src]
        } else {
            s.anim_t[src]
        };
        // Clamped: along a chain of append bones the weights multiply (bounded weights, but
        // unbounded products). A no-op for real models.
        s.append_t[i] = (t * link.weight).clamp(Vec3A::splat(-MAX_COORD), Vec3A::splat(MAX_COORD));
    }
    s.local[i] = local_transform(rig, s, i);
}

/// MikuMikuDance's value of π where it scales a granted rotation: 3.14.
const MMD_PI: f32 = f32::from_bits(0x4048_f5c3);

/// `q` raised to `weight` as MMD 9.32 grants a rotation (captured in `tests/mmd_captures.rs`):
/// the quaternion is read back from the rotation matrix, so its sign is D3DX's (w ≥ 0 when
/// the matrix's trace is, otherwise the component of the largest diagonal element
/// positive), and its half angle is scaled by the weight. For w ≥ 0 that is slerp from the
/// identity, used as is; for w < 0 MMD subtracts its constant 3.14 (not π) from the half
/// angle first, which turns the result by 2 · (π − 3.14) · weight more than slerp would.
fn scale_rotation(q: Quat, weight: f32) -> Quat {
    let signed = d3dx_sign(q);
    if signed.w >= 0.0 {
        return Quat::IDENTITY.slerp(q, weight).normalize();
    }
    let v = Vec3A::new(signed.x, signed.y, signed.z);
    let length = v.length();
    if length < f32::EPSILON {
        return Quat::IDENTITY;
    }
    // atan2 rather than MMD's acos of w: the same angle for a unit quaternion, without
    // acos's loss of precision where w nears ±1.
    let half = length.atan2(signed.w) - MMD_PI;
    let (sin, cos) = (half * weight).sin_cos();
    let v = v * (sin / length);
    Quat::from_xyzw(v.x, v.y, v.z, cos)
}

/// `q` or `-q` (the same rotation), whichever D3DX's matrix-to-quaternion conversion
/// returns: w ≥ 0 when the trace `4w² − 1` is, otherwise the component of the largest
/// diagonal element (the largest of |x|, |y|, |z|, the first on a tie) positive.
fn d3dx_sign(q: Quat) -> Quat {
    let m = rotation_matrix(q);
    let diagonal = Vec3A::new(m.x_axis.x, m.y_axis.y, m.z_axis.z);
    let largest = if diagonal.x + diagonal.y + diagonal.z >= 0.0 {
        q.w
    } else {
        let mut i = 0;
        if diagonal.y > diagonal.x {
            i = 1;
        }
        if diagonal.z > diagonal[i] {
            i = 2;
        }
        Vec3A::new(q.x, q.y, q.z)[i]
    };
    if largest < 0.0 { -q } else { q }
}
