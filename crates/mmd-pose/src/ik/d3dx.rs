//! Vector and quaternion arithmetic in the order D3DX (on which MMD is built) performs it.
//! CCD on a long unlimited chain (hair, a tie) stops when a direction's last bits say so and
//! its step angle comes from `acos` of a dot product near 1, where one rounding step of the
//! dot is a whole 3e-4 rad of turn: the same sums in another order end the solve elsewhere.
//! These helpers keep D3DX's order so that the chain follows the same path.

use glam::{Mat3A, Quat, Vec3A};

use super::euler::middle_cap;
use crate::rig::EulerOrder;

/// `v` scaled to unit length. D3DX sums each component's squared length in its own lane
/// order: y, x, z for the x component, z, y, x for y, and x, z, y for z.
#[inline]
pub(crate) fn direction(v: Vec3A) -> Vec3A {
    let sq = v * v;
    let inverse = |first: f32, second: f32, third: f32| 1.0 / ((first + second) + third).sqrt();
    Vec3A::new(
        v.x * inverse(sq.y, sq.x, sq.z),
        v.y * inverse(sq.z, sq.y, sq.x),
        v.z * inverse(sq.x, sq.z, sq.y),
    )
}

/// `a · b`, summed x, y, then z.
#[inline]
pub(crate) fn dot(a: Vec3A, b: Vec3A) -> f32 {
    (a.x * b.x + a.y * b.y) + a.z * b.z
}

/// The rotation `first`, then `then` (the product `then * first`), summed in D3DX's order
/// (which does not renormalise).
#[inline]
pub(crate) fn then(first: Quat, then: Quat) -> Quat {
    let (p, r) = (then, first);
    Quat::from_xyzw(
        ((p.y * r.z + p.x * r.w) - p.z * r.y) + p.w * r.x,
        ((p.y * r.w - p.x * r.z) + p.z * r.x) + p.w * r.y,
        ((-p.y * r.x + p.x * r.y) + p.z * r.w) + p.w * r.z,
        ((-p.y * r.y - p.x * r.x) - p.z * r.z) + p.w * r.w,
    )
}

/// `atan2(y, x)` of f32 inputs worked in f64 and rounded once: MMD's (Windows') `atan2f`
/// rounds so where Linux's f32 `atan2` can be one step off, enough to flip a later limit
/// reflection.
fn atan2(y: f32, x: f32) -> f32 {
    f64::from(y).atan2(f64::from(x)) as f32
}

/// X, Y and Z angles of rotation `m` in `order`, as MMD reads a limited link: the middle
/// angle from `asin`, capped at ±88°, and the outer two from `atan2` of their matrix entries
/// each divided by the middle angle's cosine.
pub(crate) fn euler_angles(m: &Mat3A, order: EulerOrder) -> Vec3A {
    let cap = middle_cap();
    let middle = |sine: f32| (-sine).clamp(-1.0, 1.0).asin().clamp(-cap, cap);
    // m.col(c)[r] is row r, column c.
    match order {
        EulerOrder::Yxz => {
            let x = middle(m.z_axis.y);
            let c = x.cos();
            let y = atan2(m.z_axis.x / c, m.z_axis.z / c);
            Vec3A::new(x, y, atan2(m.x_axis.y / c, m.y_axis.y / c))
        }
        EulerOrder::Zyx => {
            let y = middle(m.x_axis.z);
            let c = y.cos();
            let x = atan2(m.y_axis.z / c, m.z_axis.z / c);
            Vec3A::new(x, y, atan2(m.x_axis.y / c, m.x_axis.x / c))
        }
        EulerOrder::Xzy => {
            let z = middle(m.y_axis.x);
            let c = z.cos();
            let x = atan2(m.y_axis.z / c, m.y_axis.y / c);
            Vec3A::new(x, atan2(m.z_axis.x / c, m.x_axis.x / c), z)
        }
    }
}

/// The turn by `angle` about axis `axis` (0, 1, 2: X, Y, Z) as a matrix, its sine and cosine
/// worked in f64 and rounded once, as D3DX builds it.
fn axis_turn(axis: usize, angle: f32) -> Mat3A {
    let (s, c) = f64::from(angle).sin_cos();
    let (s, c) = (s as f32, c as f32);
    match axis {
        0 => Mat3A::from_cols(Vec3A::X, Vec3A::new(0.0, c, s), Vec3A::new(0.0, -s, c)),
        1 => Mat3A::from_cols(Vec3A::new(c, 0.0, -s), Vec3A::Y, Vec3A::new(s, 0.0, c)),
        _ => Mat3A::from_cols(Vec3A::new(c, s, 0.0), Vec3A::new(-s, c, 0.0), Vec3A::Z),
    }
}

/// The rotation with X, Y and Z angles `angles` in `order`, as the product of the three
/// axis turns (the inner two multiplied first).
pub(crate) fn euler_matrix(angles: Vec3A, order: EulerOrder) -> Mat3A {
    let turn = |axis: usize| axis_turn(axis, angles[axis]);
    match order {
        EulerOrder::Yxz => turn(1) * (turn(0) * turn(2)),
        EulerOrder::Zyx => turn(2) * (turn(1) * turn(0)),
        EulerOrder::Xzy => turn(0) * (turn(2) * turn(1)),
    }
}

/// The quaternion of rotation matrix `m`, D3DX's way: from the trace when it is not
/// negative, otherwise from the largest diagonal entry.
pub(crate) fn matrix_rotation(m: &Mat3A) -> Quat {
    // e(r, c): row r, column c.
    let e = |r: usize, c: usize| m.col(c)[r];
    let trace = (e(0, 0) + e(1, 1)) + e(2, 2);
    if trace >= 0.0 {
        let root = (trace + 1.0).sqrt();
        let scale = 0.5 / root;
        return Quat::from_xyzw(
            (e(2, 1) - e(1, 2)) * scale,
            (e(0, 2) - e(2, 0)) * scale,
            (e(1, 0) - e(0, 1)) * scale,
            root * 0.5,
        );
    }
    let mut i = 0;
    if e(1, 1) > e(0, 0) {
        i = 1;
    }
    if e(2, 2) > e(i, i) {
        i = 2;
    }
    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
    let root = ((e(i, i) - e(j, j)) - e(k, k) + 1.0).sqrt();
    let scale = 0.5 / root;
    let mut v = [0.0f32; 3];
    v[i] = root * 0.5;
    v[j] = (e(j, i) + e(i, j)) * scale;
    v[k] = (e(k, i) + e(i, k)) * scale;
    Quat::from_xyzw(v[0], v[1], v[2], (e(k, j) - e(j, k)) * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_agree_with_glam_to_rounding() {
        let v = Vec3A::new(0.3, -1.7, 2.2);
        assert!((direction(v) - v.normalize()).abs().max_element() < 1e-6);
        assert!((dot(v, Vec3A::new(1.0, 2.0, -0.5)) - (0.3 - 3.4 - 1.1)).abs() < 1e-6);
        let a = Quat::from_axis_angle(glam::Vec3::new(0.6, 0.0, 0.8), 0.7);
        let b = Quat::from_axis_angle(glam::Vec3::Y, -1.2);
        let d = (glam::Vec4::from(then(a, b)) - glam::Vec4::from(b * a))
            .abs()
            .max_element();
        assert!(d < 1e-6, "{d}");
    }
}
