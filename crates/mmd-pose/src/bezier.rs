//! VMD interpolation curves: cubic Bézier curves from (0, 0) to (1, 1) with two control points
//! stored as bytes in 0..=127. A key's progress `s` in [0, 1] is the curve's x; the value used
//! for interpolation is the curve's y at the parameter t where x(t) = s.

/// Largest error in x accepted when solving x(t) = s.
const X_TOLERANCE: f32 = 1.0e-6;
/// Newton steps tried before falling back to bisection.
const NEWTON_STEPS: usize = 8;
/// Bisection steps of the fallback: 2^-30 is far below f32 resolution on [0, 1].
const BISECTION_STEPS: usize = 30;

/// One interpolation curve, kept in polynomial form so evaluation is a few multiply-adds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bezier {
    /// x(t) = ((ax t + bx) t + cx) t
    ax: f32,
    bx: f32,
    cx: f32,
    /// y(t) = ((ay t + by) t + cy) t
    ay: f32,
    by: f32,
    cy: f32,
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
        ax: 1.0,
        bx: 0.0,
        cx: 0.0,
        ay: 1.0,
        by: 0.0,
        cy: 0.0,
        linear: true,
    };

    /// A curve from its control points (x1, y1) and (x2, y2), each in [0, 1]. Values outside
    /// [0, 1] (or NaN) are clamped so that x(t) stays monotonic and the solve stays defined.
    pub fn new(x1: f32, y1: f32, x2: f32, y2: f32) -> Bezier {
        let clamp = |v: f32| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
        let (x1, y1, x2, y2) = (clamp(x1), clamp(y1), clamp(x2), clamp(y2));
        let linear = x1 == y1 && x2 == y2;
        let poly = |p1: f32, p2: f32| {
            let c = 3.0 * p1;
            let b = 3.0 * (p2 - p1) - c;
            let a = 1.0 - c - b;
            (a, b, c)
        };
        let (ax, bx, cx) = poly(x1, x2);
        let (ay, by, cy) = poly(y1, y2);
        Bezier {
            ax,
            bx,
            cx,
            ay,
            by,
            cy,
            linear,
        }
    }

    /// A curve from the bytes stored in a VMD file (x1, y1, x2, y2), each divided by 127.
    pub fn from_bytes([x1, y1, x2, y2]: [u8; 4]) -> Bezier {
        let f = |b: u8| f32::from(b) / 127.0;
        Bezier::new(f(x1), f(y1), f(x2), f(y2))
    }

    /// True when the curve is the identity (`eval(s) == s`).
    pub fn is_linear(&self) -> bool {
        self.linear
    }

    fn x(&self, t: f32) -> f32 {
        ((self.ax * t + self.bx) * t + self.cx) * t
    }

    fn dx(&self, t: f32) -> f32 {
        (3.0 * self.ax * t + 2.0 * self.bx) * t + self.cx
    }

    fn y(&self, t: f32) -> f32 {
        ((self.ay * t + self.by) * t + self.cy) * t
    }

    /// The curve's y where its x equals `s` (clamped to [0, 1]). Newton's method from t = s,
    /// with bisection when Newton leaves [0, 1] or stalls on a flat stretch; x is solved to
    /// 1e-6.
    pub fn eval(&self, s: f32) -> f32 {
        let s = if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) };
        if self.linear || s == 0.0 || s == 1.0 {
            return s;
        }
        self.y(self.solve_t(s))
    }

    fn solve_t(&self, s: f32) -> f32 {
        let mut t = s;
        for _ in 0..NEWTON_STEPS {
            let err = self.x(t) - s;
            if err.abs() < X_TOLERANCE {
                return t;
            }
            let d = self.dx(t);
            if d.abs() < 1.0e-6 {
                break;
            }
            let next = t - err / d;
            if !(0.0..=1.0).contains(&next) {
                break;
            }
            t = next;
        }
        // x(t) is non-decreasing on [0, 1] (control points clamped to [0, 1]).
        let (mut lo, mut hi) = (0.0f32, 1.0f32);
        t = s;
        for _ in 0..BISECTION_STEPS {
            let err = self.x(t) - s;
            if err.abs() < X_TOLERANCE {
                break;
            }
            if err < 0.0 {
                lo = t;
            } else {
                hi = t;
            }
            t = 0.5 * (lo + hi);
        }
        t
    }
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
                assert!(
                    (got - want).abs() < 2.0e-5,
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
