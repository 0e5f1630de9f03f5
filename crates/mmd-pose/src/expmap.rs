//! The quaternion logarithm and exponential (the exponential map of Grassia 1998, seeds 000
//! and 003): a unit quaternion `cos θ + v̂ sin θ` has the logarithm `v̂ θ`, a 3-vector, and
//! `exp(u) = cos |u| + û sin |u|` maps any 3-vector back to a unit quaternion. Rotations are
//! blended by summing weighted logarithms and mapping the sum back, which no order of the
//! terms changes and which always gives a unit quaternion.
//!
//! `q` and `-q` are the same rotation but have different logarithms, so [`log`](fn@log) takes the
//! one in the identity's hemisphere (`w ≥ 0`): its logarithm has length at most π/2, half
//! the rotation angle, and a convex combination of such logarithms never reaches the length
//! π where the map folds over.
//!
//! Logarithms are `f64`: near a half turn `w = cos |u|` is ill-conditioned, and in `f32` a
//! round trip would move a matrix element by about 1e-6; in `f64` it returns `q` to within
//! `f32` rounding.

use glam::{DVec3, Quat};

/// The logarithm of the rotation `q` (any length but zero; a zero quaternion gives zero),
/// taken in the identity's hemisphere: a vector along the rotation axis whose length is half
/// the rotation angle, in [0, π/2].
#[inline]
pub fn log(q: Quat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let v = DVec3::new(f64::from(q.x), f64::from(q.y), f64::from(q.z));
    let sin = v.length();
    if sin == 0.0 {
        return DVec3::ZERO;
    }
    // atan2 rather than acos: exact near the identity and indifferent to q's length.
    v * (sin.atan2(f64::from(q.w)) / sin)
}

/// The unit quaternion whose logarithm is `u`: `cos |u| + û sin |u|`.
#[inline]
pub fn exp(u: DVec3) -> Quat {
    let angle = u.length();
    if angle == 0.0 {
        return Quat::IDENTITY;
    }
    let (sin, cos) = angle.sin_cos();
    let v = (u * (sin / angle)).as_vec3();
    Quat::from_xyzw(v.x, v.y, v.z, cos as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_of_a_turn_about_an_axis_is_the_axis_times_half_the_angle() {
        let axis = DVec3::new(1.0, 2.0, -2.0).normalize();
        for angle in [0.0f32, 1.0e-6, 0.3, 1.5, 3.0, std::f32::consts::PI - 1.0e-3] {
            let q = Quat::from_axis_angle(axis.as_vec3(), angle);
            let u = log(q);
            assert!(
                (u - axis * f64::from(angle / 2.0)).length() < 1e-6,
                "{angle}: {u}"
            );
            let back = exp(u);
            assert!((back - q).length() < 1e-7, "{angle}: {back} vs {q}");
        }
    }

    #[test]
    fn q_and_minus_q_have_the_same_logarithm() {
        let q = Quat::from_rotation_y(2.5);
        assert_eq!(log(q), log(-q));
        // A turn past π is the shorter turn the other way.
        let u = log(Quat::from_rotation_y(1.5 * std::f32::consts::PI));
        assert!((u - DVec3::new(0.0, -std::f64::consts::FRAC_PI_4, 0.0)).length() < 1e-6);
    }

    #[test]
    fn the_length_of_q_does_not_matter() {
        let q = Quat::from_rotation_x(0.8);
        assert!((log(q * 3.0) - log(q)).length() < 1e-6);
        assert_eq!(log(Quat::from_xyzw(0.0, 0.0, 0.0, 0.0)), DVec3::ZERO);
        assert_eq!(exp(DVec3::ZERO), Quat::IDENTITY);
    }
}
