//! IK solvers for MMD's IK chains (an IK bone, its effector — the PMX's "IK target" — and
//! the links between), chosen per chain with [`IkMethod`]:
//!
//! - **CCD** ([`IkMethod::Ccd`], the default; `ccd.rs`): cyclic coordinate descent with
//!   MikuMikuDance 9.32's rules (the crate docs list them). This is what MMD shows.
//! - **Jacobian** ([`IkMethod::Jacobian`]; `jacobian.rs`): damped least squares on
//!   log-quaternion joint parameters (seed 000), limits by clamping, a redundancy term and
//!   projection (seed 002). It moves every link at once toward the target instead of one
//!   link at a time, so it reaches targets CCD's directional stop leaves short, at the cost
//!   of not being MMD's own result.
//!
//! The Jacobian solver, per chain:
//!
//! - **Parameters.** A link whose limits allow one axis only (a knee) has one: its angle
//!   about that axis, which is its whole rotation, starting from the animated rotation's
//!   angle clamped into the range. A link with a fixed axis has one: its IK turn about the
//!   axis. Every other link has three: the log-quaternion `v` of its IK rotation
//!   (`ik = exp(v)`, axis × half angle), starting at 0 (the animated pose). The link's
//!   rotation relative to its parent is `ik * animated`, as with CCD.
//! - **Jacobian.** Column `i` is how the effector moves per unit of parameter `i`:
//!   `ω_i × (effector − link)`, with `ω_i` the link's angular velocity in model space — the
//!   axis for one-angle links, `2 ∂q/∂v_i q*` for log-quaternions (seed 000's derivatives
//!   of `exp`).
//! - **Step.** Damped least squares, `Δ = W Jᵀ (J W Jᵀ + λ² I)⁻¹ e`, with `e` the vector from
//!   the effector to the IK bone and `λ` 1% of the chain's length. `J W Jᵀ` is 3 × 3 however
//!   long the chain, so the only matrix solved is 3 × 3 (glam's `DMat3`, in f64); columns and
//!   parameters live in arrays sized once per pose, and solving allocates nothing.
//! - **Limits.** A one-angle link at a limit that the step pushes further is held there
//!   (weight 0 in `W`, solved again); angles are clamped after the step. For a limited
//!   three-parameter link, seed 002's redundancy term `(I − J⁺J) z` adds the change `z` that
//!   projecting its stepped rotation into the limits would make, within the Jacobian's null
//!   space so that the effector is kept; then the rotation is projected (Euler angles in the
//!   limits' order, clamped), so every link ends every iteration inside its limits.
//! - **Iterations and step size** come from the chain: at most the solver's iteration count
//!   (the file's loop count, raised as for CCD), and the step is scaled so that no link
//!   turns by more than the unit angle in one iteration. The solve ends when the effector is
//!   within 1e-4 of the IK bone, or when a step would turn no link by more than 1e-6 rad
//!   (converged as far as it can, or stuck at a singular pose). The best iteration's pose
//!   is kept, so the result never reaches worse than the animated pose.
//! - **Singular poses** (a straight chain, the target on a link) give a rank-deficient
//!   Jacobian; the damping keeps the step finite, and zero-length lever arms drop out.

mod ccd;
mod chain;
mod euler;
mod jacobian;
mod log_quat;

pub(crate) use jacobian::JacobianScratch;

use crate::pose::Scratch;
use crate::rig::{IkSolverDef, Rig};

/// Which solver an IK chain runs (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum IkMethod {
    /// Cyclic coordinate descent with MMD's rules: what MikuMikuDance shows.
    #[default]
    Ccd,
    /// Damped least squares on log-quaternion joint parameters.
    Jacobian,
}

/// Solves one IK chain in place with `method`: writes the links' IK rotations, their locals
/// and the globals of the solver's dependencies.
pub(crate) fn solve(
    rig: &Rig,
    def: &IkSolverDef,
    method: IkMethod,
    s: &mut Scratch,
    jacobian: &mut JacobianScratch,
) {
    match method {
        IkMethod::Ccd => ccd::solve(rig, def, s),
        IkMethod::Jacobian => jacobian::solve(rig, def, s, jacobian),
    }
}
