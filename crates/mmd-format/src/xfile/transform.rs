//! `FrameTransformMatrix`: a row-major Direct3D matrix used with row vectors (p' = p·M, the
//! translation in the last row).

/// A frame's matrix, row-major as stored.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Matrix(pub [f32; 16]);

impl Matrix {
    pub(super) const IDENTITY: Matrix = Matrix([
        1.0, 0.0, 0.0, 0.0, //
        0.0, 1.0, 0.0, 0.0, //
        0.0, 0.0, 1.0, 0.0, //
        0.0, 0.0, 0.0, 1.0,
    ]);

    fn at(&self, row: usize, col: usize) -> f32 {
        self.0[row * 4 + col]
    }

    /// `[x y z 1]·M`; the fourth column (projective) is ignored, as for any affine frame.
    pub(super) fn point(&self, p: [f32; 3]) -> [f32; 3] {
        std::array::from_fn(|c| {
            p[0] * self.at(0, c) + p[1] * self.at(1, c) + p[2] * self.at(2, c) + self.at(3, c)
        })
    }

    /// The matrix that carries normals: the inverse transpose of the upper 3×3, up to a
    /// positive factor (normals are renormalised after): its cofactor matrix, negated when
    /// the frame mirrors (negative determinant).
    pub(super) fn normal_matrix(&self) -> [[f32; 3]; 3] {
        let a = |r: usize, c: usize| self.at(r, c);
        let cof = |r: usize, c: usize| {
            let (r1, r2) = ((r + 1) % 3, (r + 2) % 3);
            let (c1, c2) = ((c + 1) % 3, (c + 2) % 3);
            a(r1, c1) * a(r2, c2) - a(r1, c2) * a(r2, c1)
        };
        let det = a(0, 0) * cof(0, 0) + a(0, 1) * cof(0, 1) + a(0, 2) * cof(0, 2);
        let sign = if det < 0.0 { -1.0 } else { 1.0 };
        std::array::from_fn(|r| std::array::from_fn(|c| sign * cof(r, c)))
    }
}

/// `n·N`, renormalised; a normal the matrix collapses (a degenerate frame) is kept as it was.
pub(super) fn normal(n: [f32; 3], m: &[[f32; 3]; 3]) -> [f32; 3] {
    let t: [f32; 3] = std::array::from_fn(|c| n[0] * m[0][c] + n[1] * m[1][c] + n[2] * m[2][c]);
    normalized(t).unwrap_or(n)
}

/// `v` scaled to unit length, or `None` when it has no direction.
pub(super) fn normalized(v: [f32; 3]) -> Option<[f32; 3]> {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    (len > 0.0 && len.is_finite()).then(|| v.map(|x| x / len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation_is_the_last_row() {
        let mut m = Matrix::IDENTITY;
        m.0[12..15].copy_from_slice(&[1.0, 2.0, 3.0]);
        assert_eq!(m.point([1.0, 1.0, 1.0]), [2.0, 3.0, 4.0]);
        assert_eq!(normal([0.0, 0.0, 1.0], &m.normal_matrix()), [0.0, 0.0, 1.0]);
    }

    #[test]
    fn non_uniform_scale_keeps_normals_perpendicular() {
        // Scale x by 2: the plane x + y = 1 becomes x/2 + y = 1, whose normal is (1, 2, 0)/√5.
        let mut m = Matrix::IDENTITY;
        m.0[0] = 2.0;
        let n = normal([1.0, 1.0, 0.0], &m.normal_matrix());
        let s = 5f32.sqrt();
        assert!((n[0] - 1.0 / s).abs() < 1e-6 && (n[1] - 2.0 / s).abs() < 1e-6);
    }

    #[test]
    fn mirroring_keeps_the_normal_on_the_mirrored_side() {
        let mut m = Matrix::IDENTITY;
        m.0[0] = -1.0;
        assert_eq!(
            normal([1.0, 0.0, 0.0], &m.normal_matrix()),
            [-1.0, 0.0, 0.0]
        );
    }
}
