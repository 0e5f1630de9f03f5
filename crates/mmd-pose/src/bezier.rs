//! VMD interpolation curves: cubic Bézier curves from (0, 0) to (1, 1) with two control points
//! stored as bytes in 0..=127. A key's progress `s` in [0, 1] is the curve's x; the value used
//! for interpolation is the curve's y at the parameter t where x(t) = s.
//!
//! MMD finds that t by 12 halvings of [0, 1] starting from 0.5 (so t is within 2^-13 of the
//! exact parameter, not closer), with each point of the curve summed in Bernstein form, and
//! reads the control points as byte × (1/127). mmd-anim 0.5.3, whose authors measured MMD,
//! does the same, and our poses between keys match its bit for bit only so: the last bits
//! of a sampled rotation or translation decide where a long IK chain (hair) stops.

/// Halvings of the parameter interval.
const HALVINGS: usize = 12;

/// A control point's byte in 0..=127 as a coordinate, as MMD scales it (by the reciprocal).
fn coordinate(b: u8) -> f32 {
    f32::from(b) * (1.0 / 127.0)
}

/// One interpolation curve: its two control points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bezier {
    x1: f32,
    y1: f32,
    x2: f32,
    y2: f32,
    /// x(t) = y(t) for every t (x1 = y1 and x2 = y2): the curve is the identity.
    linear: bool,
}

impl Default for Bezier {
    fn default() -> Self {
        Bezier::LINEAR
    }
}

impl Bezier {
    /// The identity curve (y = s), what MMD writes as (20, 20, 107, 107).
    pub const LINEAR: Bezier = Bezier {
        x1: 0.0,
        y1: 0.0,
        x2: 1.0,
        y2: 1.0,
        linear: true,
    };

    /// A curve from its control points (x1, y1) and (x2, y2), each in [0, 1]. Values outside
    /// [0, 1] (or NaN, read as 0) are clamped so that x(t) stays monotonic.
    pub fn new(x1: f32, y1: f32, x2: f32, y2: f32) -> Bezier {
        let clamp = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
        let (x1, y1, x2, y2) = (clamp(x1), clamp(y1), clamp(x2), clamp(y2));
        Bezier {
            x1,
            y1,
            x2,
            y2,
            linear: x1 == y1 && x2 == y2,
        }
    }

    /// A curve from the bytes stored in a VMD file (x1, y1, x2, y2), each times 1/127.
    pub fn from_bytes([x1, y1, x2, y2]: [u8; 4]) -> Bezier {
        Bezier::new(
            coordinate(x1),
            coordinate(y1),
            coordinate(x2),
            coordinate(y2),
        )
    }

    /// True when the curve is the identity (`eval(s) == s`).
    pub fn is_linear(&self) -> bool {
        self.linear
    }

    /// The curve's y where its x equals `s` (clamped to [0, 1]; NaN reads as 0), at the
    /// parameter MMD's 12 halvings find (see the module docs).
    pub fn eval(&self, s: f32) -> f32 {
        let s = if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) };
        if self.linear || s == 0.0 || s == 1.0 {
            return s;
        }
        let mut step = 0.5;
        let mut t = step;
        for _ in 0..HALVINGS {
            let (a, b, c) = weights(t);
            let off = (a * self.x1 + b * self.x2 + c) - s;
            if off == 0.0 {
                break;
            }
            step *= 0.5;
            t += if off < 0.0 { step } else { -step };
        }
        let (a, b, c) = weights(t);
        a * self.y1 + b * self.y2 + c
    }
}

/// The Bernstein weights of the two control points and of the end point (1, 1) at `t`:
/// 3(1-t)²t, 3(1-t)t² and t³, each multiplied left to right.
fn weights(t: f32) -> (f32, f32, f32) {
    let u = 1.0 - t;
    (3.0 * u * u * t, 3.0 * u * t * t, t * t * t)
}

#[cfg(test)]
mod tests {
    use super::Bezier;

    /// Reference by dense sampling of the parametric curve, independent of the solver.
    fn reference(x1: f32, y1: f32, x2: f32, y2: f32, s: f32) -> f32 {
        let point = |t: f64| {
            let (x1, y1, x2, y2) = (x1 as f64, y1 as f64, x2 as f64, y2 as f64);
            let u = 1.0 - t;
            let x = 3.0 * u * u * t * x1 + 3.0 * u * t * t * x2 + t * t * t;
            let y = 3.0 * u * u * t * y1 + 3.0 * u * t * t * y2 + t * t * t;
            (x, y)
        };
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if point(mid).0 < s as f64 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        point(0.5 * (lo + hi)).1 as f32
    }

    #[test]
    fn linear_curve_is_identity() {
        let c = Bezier::from_bytes([20, 20, 107, 107]);
        assert!(c.is_linear());
        for i in 0..=10 {
            let s = i as f32 / 10.0;
            assert_eq!(c.eval(s), s);
        }
    }

    #[test]
    fn matches_dense_reference() {
        let curves = [
            (0.0, 1.0, 1.0, 0.0),
            (1.0, 0.0, 0.0, 1.0),
            (0.5, 0.0, 0.5, 1.0),
            (0.9, 0.1, 0.1, 0.9),
            (0.2, 0.8, 0.3, 0.1),
            (1.0, 1.0, 1.0, 1.0),
            (0.0, 0.0, 0.0, 0.0),
        ];
        for &(x1, y1, x2, y2) in &curves {
            let c = Bezier::new(x1, y1, x2, y2);
            for i in 0..=100 {
                let s = i as f32 / 100.0;
                let want = reference(x1, y1, x2, y2, s);
                let got = c.eval(s);
                // 12 halvings leave t within 2^-13 of the exact parameter, and y changes by
                // at most 3 per unit of t (control points in [0, 1]).
                assert!(
                    (got - want).abs() < 3.0 / 8192.0 + 1.0e-6,
                    "curve {:?} s {s}: {got} vs {want}",
                    (x1, y1, x2, y2)
                );
            }
        }
    }

    #[test]
    fn out_of_range_input_is_clamped() {
        let c = Bezier::new(0.3, 0.9, 0.6, 0.2);
        assert_eq!(c.eval(-1.0), 0.0);
        assert_eq!(c.eval(2.0), 1.0);
        assert_eq!(c.eval(f32::NAN), 0.0);
        let wild = Bezier::new(f32::NAN, 5.0, -3.0, f32::INFINITY);
        assert!(wild.eval(0.5).is_finite());
    }
}
