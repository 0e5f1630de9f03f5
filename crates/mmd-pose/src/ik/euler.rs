//! Euler angles of an IK link's rotation in the order its limits pick (see
//! [`EulerOrder`]): how both solvers read and clamp a limited link.

use glam::{Mat3A, Quat, Vec3A};

use crate::rig::EulerOrder;

/// Largest middle angle of an Euler decomposition (about 88°), as MMD caps it.
pub(crate) fn middle_cap() -> f32 {
    f32::from_bits(0x3fc4_9803)
}

/// X, Y and Z angles of rotation `m` in `order`, the middle angle within ±88°.
pub(crate) fn decompose(m: &Mat3A, order: EulerOrder) -> Vec3A {
    let cap = middle_cap();
    // m.col(c)[r] is row r, column c.
    match order {
        EulerOrder::Yxz => Vec3A::new(
            (-m.z_axis.y).clamp(-1.0, 1.0).asin().clamp(-cap, cap),
            m.z_axis.x.atan2(m.z_axis.z),
            m.x_axis.y.atan2(m.y_axis.y),
        ),
        EulerOrder::Zyx => Vec3A::new(
            m.y_axis.z.atan2(m.z_axis.z),
            (-m.x_axis.z).clamp(-1.0, 1.0).asin().clamp(-cap, cap),
            m.x_axis.y.atan2(m.x_axis.x),
        ),
        EulerOrder::Xzy => Vec3A::new(
            m.y_axis.z.atan2(m.y_axis.y),
            m.z_axis.x.atan2(m.x_axis.x),
            (-m.y_axis.x).clamp(-1.0, 1.0).asin().clamp(-cap, cap),
        ),
    }
}

/// The rotation with X, Y and Z angles `angles` in `order`.
pub(crate) fn compose(angles: Vec3A, order: EulerOrder) -> Quat {
    let x = turn_about(Quat::from_rotation_x, angles.x, |s| {
        Quat::from_xyzw(s, 0.0, 0.0, 1.0)
    });
    let y = turn_about(Quat::from_rotation_y, angles.y, |s| {
        Quat::from_xyzw(0.0, s, 0.0, 1.0)
    });
    let z = turn_about(Quat::from_rotation_z, angles.z, |s| {
        Quat::from_xyzw(0.0, 0.0, s, 1.0)
    });
    match order {
        EulerOrder::Yxz => y * x * z,
        EulerOrder::Zyx => z * y * x,
        EulerOrder::Xzy => x * z * y,
    }
}

/// `rotation(angle)`, the turn about one axis; a zero angle, what a locked axis of a limited
/// link always clamps to, is built from `sin(±0 / 2) = ±0` and `cos(±0 / 2) = 1` directly
/// instead of calling sin/cos (the same bits, sign of zero included).
#[inline]
fn turn_about(rotation: fn(f32) -> Quat, angle: f32, zero: fn(f32) -> Quat) -> Quat {
    if angle == 0.0 {
        zero(angle * 0.5)
    } else {
        rotation(angle)
    }
}

/// The rates of change of the X, Y and Z angles (in `order`, at `angles`) that an angular
/// velocity `ω` of the rotation (in the frame it rotates into, `Ṙ = [ω]× R`) causes: rates
/// = `M ω` with `M` returned. For `R = R_a(α) R_b(β) R_c(γ)`,
/// `ω = α̇ e_a + β̇ R_a e_b + γ̇ R_a R_b e_c`, so `M` inverts those columns; it exists while
/// the middle angle stays off ±90° (decompositions cap it at 88°).
pub(crate) fn angle_rates(angles: Vec3A, order: EulerOrder) -> Mat3A {
    // (outer, middle, inner) axis indices.
    let (a, b, c) = match order {
        EulerOrder::Yxz => (1, 0, 2),
        EulerOrder::Zyx => (2, 1, 0),
        EulerOrder::Xzy => (0, 2, 1),
    };
    let unit = |i: usize| {
        let mut v = Vec3A::ZERO;
        v[i] = 1.0;
        v
    };
    let turn =
        |i: usize, angle: f32| Mat3A::from_quat(Quat::from_axis_angle(unit(i).into(), angle));
    let outer = turn(a, angles[a]);
    let middle = outer * turn(b, angles[b]);
    let mut columns = [Vec3A::ZERO; 3];
    columns[a] = unit(a);
    columns[b] = outer * unit(b);
    columns[c] = middle * unit(c);
    // Columns ordered X, Y, Z, so row i of the inverse is angle i's rate.
    Mat3A::from_cols(columns[0], columns[1], columns[2]).inverse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decompose_inverts_compose_in_every_order() {
        let angles = Vec3A::new(0.4, -1.1, 2.5);
        for order in [EulerOrder::Yxz, EulerOrder::Zyx, EulerOrder::Xzy] {
            // Keep the middle angle of each order small enough to be unique.
            let mut a = angles;
            match order {
                EulerOrder::Yxz => a.x = 0.3,
                EulerOrder::Zyx => a.y = -0.7,
                EulerOrder::Xzy => a.z = 1.2,
            }
            let back = decompose(&Mat3A::from_quat(compose(a, order)), order);
            assert!(
                (back - a).abs().max_element() < 1e-5,
                "{order:?}: {a} -> {back}"
            );
        }
    }

    #[test]
    fn middle_angle_is_capped_at_88_degrees() {
        let m = Mat3A::from_quat(compose(Vec3A::new(1.57, 0.0, 0.0), EulerOrder::Yxz));
        let x = decompose(&m, EulerOrder::Yxz).x;
        assert!((x - 88f32.to_radians()).abs() < 1e-4, "{x}");
    }

    #[test]
    fn angle_rates_match_numerical_derivatives() {
        let angles = Vec3A::new(0.3, -0.5, 0.8);
        for order in [EulerOrder::Yxz, EulerOrder::Zyx, EulerOrder::Xzy] {
            let r = Mat3A::from_quat(compose(angles, order));
            let back = decompose(&r, order);
            let rates = angle_rates(back, order);
            for omega in [Vec3A::X, Vec3A::Y, Vec3A::Z, Vec3A::new(0.3, -0.7, 0.2)] {
                let h = 1e-3;
                let turned = |t: f32| {
                    let q = Quat::from_axis_angle(omega.normalize().into(), t * omega.length());
                    decompose(&(Mat3A::from_quat(q) * r), order)
                };
                let numeric = (turned(h) - turned(-h)) / (2.0 * h);
                let analytic = rates * omega;
                assert!(
                    (numeric - analytic).abs().max_element() < 2e-3,
                    "{order:?} ω {omega}: {numeric} vs {analytic}"
                );
            }
        }
    }
}
