//! Log-quaternions: a rotation as three independent parameters `v`, the rotation axis
//! scaled by half the angle, with `q = exp(v) = (sin|v| v/|v|, cos|v|)`. Seed 000 (after
//! Grassia, "Practical Parameterization of Rotations Using the Exponential Map", 1998) uses
//! them as the joint parameters of a Jacobian IK: unlike a quaternion's four or an
//! axis-angle's, the three are independent, so partial derivatives exist, and unlike Euler
//! angles they have no gimbal lock. The half-angle scaling is seed 000's (DirectX's
//! `D3DXQuaternionLn`).

use glam::{Quat, Vec3A};

/// Below this |v| the closed forms lose precision in f32 and their Taylor series take over
/// (the first omitted terms are under 1e-9).
const SMALL: f32 = 0.05;

/// sin θ / θ.
fn sinc(theta: f32) -> f32 {
    if theta < SMALL {
        let t2 = theta * theta;
        1.0 - t2 / 6.0 + t2 * t2 / 120.0
    } else {
        theta.sin() / theta
    }
}

/// (cos θ − sin θ / θ) / θ², the factor seed 000 calls `it2c_it3s`.
fn sinc_slope(theta: f32) -> f32 {
    if theta < SMALL {
        let t2 = theta * theta;
        -1.0 / 3.0 + t2 / 30.0 - t2 * t2 / 840.0
    } else {
        (theta.cos() - theta.sin() / theta) / (theta * theta)
    }
}

/// The rotation of log-quaternion `v`.
pub(crate) fn exp(v: Vec3A) -> Quat {
    let theta = v.length();
    let s = v * sinc(theta);
    Quat::from_xyzw(s.x, s.y, s.z, theta.cos())
}

/// The log-quaternion of unit quaternion `q`, taken in the hemisphere `w >= 0` so that
/// |v| <= π/2 (a rotation by at most half a turn).
pub(crate) fn log(q: Quat) -> Vec3A {
    let q = if q.w < 0.0 { -q } else { q };
    let xyz = Vec3A::new(q.x, q.y, q.z);
    let theta = xyz.length().atan2(q.w);
    xyz / sinc(theta)
}

/// The angular velocities (in the frame `exp(v)` rotates into) caused by a unit change of
/// each of `v`'s three parameters: `ω_i = 2 (∂q/∂v_i · q*)`, with seed 000's partial
/// derivatives of the quaternion, `∂q/∂v_i = (e_i sinc θ + v v_i s'(θ), −v_i sinc θ)`.
pub(crate) fn angular_columns(v: Vec3A) -> [Vec3A; 3] {
    let theta = v.length();
    let sinc = sinc(theta);
    let slope = sinc_slope(theta);
    let q = exp(v);
    let q_xyz = Vec3A::new(q.x, q.y, q.z);
    let mut columns = [Vec3A::ZERO; 3];
    for (i, column) in columns.iter_mut().enumerate() {
        let mut d_xyz = v * (v[i] * slope);
        d_xyz[i] += sinc;
        let d_w = -v[i] * sinc;
        // Vector part of (d_xyz, d_w) · (−q_xyz, q_w).
        *column = 2.0 * (q.w * d_xyz - d_w * q_xyz - d_xyz.cross(q_xyz));
    }
    columns
}

#[cfg(test)]
mod tests {
    use glam::Mat3A;

    use super::*;

    fn close(a: Vec3A, b: Vec3A, tol: f32) -> bool {
        (a - b).abs().max_element() <= tol
    }

    #[test]
    fn exp_turns_by_twice_the_length_about_the_direction() {
        let v = Vec3A::new(0.3, -0.2, 0.5);
        let q = exp(v);
        let expected = Quat::from_axis_angle(v.normalize().into(), 2.0 * v.length());
        assert!(q.abs_diff_eq(expected, 1e-6), "{q} vs {expected}");
        assert_eq!(exp(Vec3A::ZERO), Quat::IDENTITY);
    }

    #[test]
    fn log_inverts_exp_from_tiny_to_half_turn_angles() {
        let axis = Vec3A::new(1.0, 2.0, -2.0).normalize();
        for half in [0.0, 1e-7, 1e-3, 0.04, 0.06, 0.5, 1.2, 1.57] {
            let v = axis * half;
            let back = log(exp(v));
            assert!(close(back, v, 2e-6), "{v} -> {back}");
        }
    }

    #[test]
    fn log_takes_the_shorter_of_q_and_minus_q() {
        let q = Quat::from_rotation_y(0.4);
        assert!(close(log(-q), log(q), 1e-6));
        assert!(close(log(q), Vec3A::new(0.0, 0.2, 0.0), 1e-6));
    }

    /// `∂R(exp(v))/∂v_i · R(exp(v))ᵀ` must be the cross-product matrix of `ω_i`.
    #[test]
    fn angular_columns_match_numerical_derivatives() {
        for v in [
            Vec3A::ZERO,
            Vec3A::new(0.01, -0.02, 0.015),
            Vec3A::new(0.3, -0.2, 0.5),
            Vec3A::new(-0.9, 0.7, 0.4),
        ] {
            let columns = angular_columns(v);
            let r = Mat3A::from_quat(exp(v));
            for (i, column) in columns.iter().enumerate() {
                let h = 1e-3;
                let mut plus = v;
                plus[i] += h;
                let mut minus = v;
                minus[i] -= h;
                let dr = (Mat3A::from_quat(exp(plus)) - Mat3A::from_quat(exp(minus))) * (0.5 / h);
                let w = dr * r.transpose();
                // w = [ω]×: ω = (w[2][1], w[0][2], w[1][0]) with m.col(c)[r].
                let omega = Vec3A::new(w.y_axis.z, w.z_axis.x, w.x_axis.y);
                assert!(
                    close(omega, *column, 2e-3),
                    "v {v} i {i}: {omega} vs {column}"
                );
            }
        }
    }
}
