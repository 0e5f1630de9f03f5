//! One step of prioritized inverse kinematics (seed 002, after Yamane & Nakamura and
//! Siciliano & Slotine): the parameter change that best serves task level 1, then, without
//! disturbing level 1 (to first order), level 2, then, in what freedom is left, pulls the
//! parameters toward a posture:
//!
//! ```text
//! Δ1 = J1⁺ e1                    N1 = I − J1⁺ J1
//! Δ2 = Δ1 + (J2 N1)⁺ (e2 − J2 Δ1)  N2 = N1 − (J2 N1)⁺ (J2 N1)
//! Δ  = Δ2 + N2 z
//! ```
//!
//! Every `A⁺` is singularity-robust (damped): `Aᵀ (A Aᵀ + λ² I)⁻¹`, so a straight arm or a
//! target on a joint gives a finite step. Only `A Aᵀ` (tasks × tasks, at most a few dozen
//! rows) is factored, by Cholesky, and neither the pseudo-inverses nor the projectors are
//! formed: with `G = A Aᵀ + λ² I`, `A⁺ e = Aᵀ (G⁻¹ e)`, `N1 v = v − J1ᵀ G1⁻¹ (J1 v)`,
//! `J2 N1 = J2 − (G1⁻¹ J1 J2ᵀ)ᵀ J1` and `N2 v = N1 v − (J2 N1)ᵀ G2⁻¹ (J2 N1 v)`: solves
//! for a few vectors and products of a few rows by the parameters. The matrices
//! live in [`PriorityScratch`], resized only when the number of parameters or task rows
//! changes, so the steps of one drag allocate nothing.

use nalgebra::{Cholesky, DMatrix, DVector, Dyn};

/// The step's inputs (`j1`, `e1`, `j2`, `e2`, `z`, filled by the caller after
/// [`PriorityScratch::shape`]), its output (`step`) and the intermediate matrices.
#[derive(Debug, Clone)]
pub(crate) struct PriorityScratch {
    /// Level 1: Jacobian (rows × parameters) and error.
    pub j1: DMatrix<f64>,
    pub e1: DVector<f64>,
    /// Level 2: Jacobian and error.
    pub j2: DMatrix<f64>,
    pub e2: DVector<f64>,
    /// Level 3: the posture pull, a parameter change.
    pub z: DVector<f64>,
    /// The result.
    pub step: DVector<f64>,
    /// `(A Aᵀ + λ² I)` per level, factored in place.
    gram1: DMatrix<f64>,
    gram2: DMatrix<f64>,
    /// `G1⁻¹ J1 J2ᵀ`, levels 1 × 2.
    coupling_t: DMatrix<f64>,
    /// `J2 N1`, and the transposes of it, `J1` and `J2` (to form products without
    /// allocating).
    j2_null1: DMatrix<f64>,
    j2_null1_t: DMatrix<f64>,
    j1_t: DMatrix<f64>,
    j2_t: DMatrix<f64>,
    /// `e2 − J2 Δ1`.
    residual2: DVector<f64>,
    /// Per-level row vectors and a parameter vector for the posture's projection.
    rows1: DVector<f64>,
    rows2: DVector<f64>,
    pull: DVector<f64>,
}

impl Default for PriorityScratch {
    fn default() -> PriorityScratch {
        let m = || DMatrix::zeros(0, 0);
        let v = || DVector::zeros(0);
        PriorityScratch {
            j1: m(),
            e1: v(),
            j2: m(),
            e2: v(),
            z: v(),
            step: v(),
            gram1: m(),
            gram2: m(),
            coupling_t: m(),
            j2_null1: m(),
            j2_null1_t: m(),
            j1_t: m(),
            j2_t: m(),
            residual2: v(),
            rows1: v(),
            rows2: v(),
            pull: v(),
        }
    }
}

fn shape_matrix(m: &mut DMatrix<f64>, rows: usize, cols: usize) {
    if m.shape() != (rows, cols) {
        *m = DMatrix::zeros(rows, cols);
    }
}

fn shape_vector(v: &mut DVector<f64>, rows: usize) {
    if v.len() != rows {
        *v = DVector::zeros(rows);
    }
}

impl PriorityScratch {
    /// Sizes every matrix for `n` parameters, `rows1` level-1 rows and `rows2` level-2 rows
    /// (allocating only when a size changed) and zeroes the inputs.
    pub fn shape(&mut self, n: usize, rows1: usize, rows2: usize) {
        shape_matrix(&mut self.j1, rows1, n);
        shape_vector(&mut self.e1, rows1);
        shape_matrix(&mut self.j2, rows2, n);
        shape_vector(&mut self.e2, rows2);
        shape_vector(&mut self.z, n);
        shape_vector(&mut self.step, n);
        shape_matrix(&mut self.gram1, rows1, rows1);
        shape_matrix(&mut self.gram2, rows2, rows2);
        shape_matrix(&mut self.coupling_t, rows1, rows2);
        shape_matrix(&mut self.j2_null1, rows2, n);
        shape_matrix(&mut self.j2_null1_t, n, rows2);
        shape_matrix(&mut self.j1_t, n, rows1);
        shape_matrix(&mut self.j2_t, n, rows2);
        shape_vector(&mut self.residual2, rows2);
        shape_vector(&mut self.rows1, rows1);
        shape_vector(&mut self.rows2, rows2);
        shape_vector(&mut self.pull, n);
        self.clear_inputs();
    }

    /// Zeroes the Jacobians, errors and posture pull (for filling again).
    pub fn clear_inputs(&mut self) {
        self.j1.fill(0.0);
        self.e1.fill(0.0);
        self.j2.fill(0.0);
        self.e2.fill(0.0);
        self.z.fill(0.0);
    }

    /// Computes [`PriorityScratch::step`] from the inputs with damping `λ²` (see the
    /// module docs).
    pub fn solve(&mut self, damping: f64) {
        let (rows1, rows2) = (self.j1.nrows(), self.j2.nrows());
        self.step.fill(0.0);
        self.pull.copy_from(&self.z);
        self.j1_t.tr_copy_from(&self.j1);
        let level1 = (rows1 > 0).then(|| factor(&self.j1_t, damping, &mut self.gram1));
        if let Some(Some(g1)) = &level1 {
            // Δ1 = J1ᵀ G1⁻¹ e1; the pull's N1 z = z − J1ᵀ G1⁻¹ (J1 z).
            self.rows1.copy_from(&self.e1);
            g1.solve_mut(&mut self.rows1);
            self.step.gemv_tr(1.0, &self.j1, &self.rows1, 0.0);
            self.rows1.gemv(1.0, &self.j1, &self.z, 0.0);
            g1.solve_mut(&mut self.rows1);
            self.pull.gemv_tr(-1.0, &self.j1, &self.rows1, 1.0);
        }
        if rows2 > 0 {
            // J2 N1 = J2 − (G1⁻¹ J1 J2ᵀ)ᵀ J1.
            self.j2_null1.copy_from(&self.j2);
            if let Some(Some(g1)) = &level1 {
                self.j2_t.tr_copy_from(&self.j2);
                self.coupling_t.gemm(1.0, &self.j1, &self.j2_t, 0.0);
                g1.solve_mut(&mut self.coupling_t);
                self.j2_null1.gemm_tr(-1.0, &self.coupling_t, &self.j1, 1.0);
            }
            self.j2_null1_t.tr_copy_from(&self.j2_null1);
            if let Some(g2) = factor(&self.j2_null1_t, damping, &mut self.gram2) {
                // Δ2 = Δ1 + (J2 N1)ᵀ G2⁻¹ (e2 − J2 Δ1).
                self.residual2.copy_from(&self.e2);
                self.residual2.gemv(-1.0, &self.j2, &self.step, 1.0);
                g2.solve_mut(&mut self.residual2);
                self.step.gemv_tr(1.0, &self.j2_null1, &self.residual2, 1.0);
                // N2 z = N1 z − (J2 N1)ᵀ G2⁻¹ (J2 N1) z.
                self.rows2.gemv(1.0, &self.j2_null1, &self.z, 0.0);
                g2.solve_mut(&mut self.rows2);
                self.pull.gemv_tr(-1.0, &self.j2_null1, &self.rows2, 1.0);
                self.gram2 = g2.unpack_dirty();
            }
        }
        if let Some(Some(g1)) = level1 {
            self.gram1 = g1.unpack_dirty();
        }
        self.step += &self.pull;
        if !self.step.iter().all(|v| v.is_finite()) {
            self.step.fill(0.0);
        }
    }
}

/// The Cholesky factor of `A Aᵀ + λ² I`, given `Aᵀ`, built in `gram`'s storage (handed
/// back by the caller with `unpack_dirty`); `None` (and `gram` left empty, to be sized
/// again) only for non-finite input: with `λ² > 0` the matrix is positive definite.
fn factor(a_t: &DMatrix<f64>, damping: f64, gram: &mut DMatrix<f64>) -> Option<Cholesky<f64, Dyn>> {
    let rows = a_t.ncols();
    if gram.shape() != (rows, rows) {
        *gram = DMatrix::zeros(rows, rows);
    }
    gram.gemm_tr(1.0, a_t, a_t, 0.0);
    for i in 0..rows {
        gram[(i, i)] += damping;
    }
    Cholesky::new(std::mem::replace(gram, DMatrix::zeros(0, 0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two parameters, level 1 holds their sum at 1, level 2 wants the first at 3: the
    /// result keeps the sum and moves the difference.
    #[test]
    fn level_two_moves_only_in_level_ones_null_space() {
        let mut w = PriorityScratch::default();
        w.shape(2, 1, 1);
        w.j1.copy_from_slice(&[1.0, 1.0]);
        w.e1[0] = 1.0;
        w.j2.copy_from_slice(&[1.0, 0.0]);
        w.e2[0] = 3.0;
        w.solve(1e-12);
        let (a, b) = (w.step[0], w.step[1]);
        assert!((a + b - 1.0).abs() < 1e-9, "{a} {b}");
        // Level 2 within level 1's null space: a as near 3 as a + b = 1 lets it be, which
        // the null space (1, −1) reaches exactly.
        assert!((a - 3.0).abs() < 1e-6, "{a} {b}");
    }

    /// The posture pull acts only where both levels leave freedom.
    #[test]
    fn posture_fills_the_remaining_null_space() {
        let mut w = PriorityScratch::default();
        w.shape(3, 1, 1);
        w.j1.copy_from_slice(&[1.0, 0.0, 0.0]);
        w.j2.copy_from_slice(&[0.0, 1.0, 0.0]);
        w.z.copy_from_slice(&[5.0, 5.0, 5.0]);
        w.solve(1e-12);
        assert!(w.step[0].abs() < 1e-9 && w.step[1].abs() < 1e-9);
        assert!((w.step[2] - 5.0).abs() < 1e-9);
    }

    /// A singular level (two identical rows asking for different things) gives a finite
    /// step, the least-squares compromise.
    #[test]
    fn singular_tasks_give_finite_steps() {
        let mut w = PriorityScratch::default();
        w.shape(2, 2, 0);
        // Column-major: both rows are (1, 0).
        w.j1.copy_from_slice(&[1.0, 1.0, 0.0, 0.0]);
        w.e1.copy_from_slice(&[1.0, 2.0]);
        w.solve(1e-6);
        assert!(w.step.iter().all(|v| v.is_finite()));
        assert!((w.step[0] - 1.5).abs() < 1e-3, "{}", w.step);
        assert_eq!(w.step[1], 0.0);
    }
}
