//! IK solvers for MMD's IK chains (an IK bone, its effector — the PMX's "IK target" — and
//! the links between), chosen per chain with [`IkMethod`]:
//!
//! - **CCD** ([`IkMethod::Ccd`], the default; `ccd.rs`): cyclic coordinate descent with
//!   MikuMikuDance 9.32's rules (the crate docs list them). This is what MMD shows.
//! - **Jacobian** ([`IkMethod::Jacobian`]; `jacobian.rs`): damped least squares on
//!   log-quaternion joint parameters (seed 000), joint limits held and projected (seed 002).
//!   It moves every link at once toward the target instead of one link at a time, so it
//!   reaches targets that CCD's directional stop leaves short (on the reference dances its
//!   median reach is about 2e-5 model units where CCD's is about 0.07), at the cost of not
//!   being the pose MMD shows.
//!
//! The Jacobian solver, per chain:
//!
//! - **Parameters.** A link whose limits allow one axis only (a knee) has one: its angle
//!   about that axis, which is its whole rotation relative to its parent, starting from the
//!   animated rotation's angle clamped into the range. A link with a fixed axis has one: its
//!   IK turn about the axis. Every other link has three: the log-quaternion `v` of its IK
//!   rotation (`ik = exp(v)`, the axis times half the angle, as seed 000 and DirectX define
//!   it), starting at 0, i.e. at the animated pose projected into its limits. The rotation
//!   relative to the parent is `ik * animated`, as with CCD, so append bones that follow a
//!   link's IK rotation follow it here too.
//! - **Jacobian.** Column `i` is how the effector moves per unit of parameter `i`:
//!   `ω_i × (effector − link)`, `ω_i` being the link's angular velocity in model space —
//!   its axis for one-angle links, `2 (∂q/∂v_i) q*` for log-quaternions, with seed 000's
//!   partial derivatives of `exp` (Taylor series near 0).
//! - **Step.** Damped least squares, `Δ = P Jᵀ (J P Jᵀ + λ² I)⁻¹ e`, `e` running from the
//!   effector to the IK bone, `P` the free directions (below). `J P Jᵀ` is 3 × 3 however long
//!   the chain, so the only system solved is 3 × 3 (glam's `DMat3`, in f64) and no large
//!   matrix exists: columns and parameters live in per-link arrays sized once per [`Pose`],
//!   and solving allocates nothing. `λ` starts at 1% of the chain's length (the sum of the
//!   distances from its links to the effector) and follows Levenberg–Marquardt: halved
//!   after a step that brings the effector closer (down to 0.01%), quadrupled after one
//!   that does not, which is undone.
//! - **Limits.** Each limited link's rotation is read as Euler angles in the order its
//!   limits pick (CCD's). An angle lying on a limit that the step would push further is held:
//!   the parameter direction that moves it (from the angles' rates, `euler::angle_rates`)
//!   leaves the link's free directions `P`, and the step is solved again. The step is then
//!   shortened so that no angle inside its range crosses a limit (to first order), and after
//!   it every link is projected into its limits (the angles clamped), so every iterate, and
//!   the result, lies inside them. Seed 002 also pushes joints back into range with a
//!   redundancy term `(I − J⁺J) z`; holding and projecting keep every iterate inside, where
//!   that term has nothing left to do, and in our tests reached closer on chains pressed
//!   against their limits.
//! - **Iterations and step size** come from the chain: at most the solver's iteration count
//!   (the file's loop count, raised as for CCD), and no link turns by more than the unit
//!   angle in one iteration — nor by more than 0.5 rad, past which the linear model stops
//!   holding (MMD legs carry a unit angle of 2 rad, and such a step can fold a knee into a
//!   pose it cannot leave). The solve ends when the effector is within 1e-4 of the IK bone
//!   or when the iterations run out; the closest pose seen is kept, so the result is never
//!   farther than the animated pose (projected into the limits).
//! - **Singular poses.** A straight chain with the target along it (a straight knee and a
//!   raised foot), or a target on a link, gives a Jacobian that cannot move the effector
//!   toward the target at all: the damping keeps the step finite, zero lever arms drop out,
//!   and when a step would turn no link by more than 1e-6 rad the solver bends every link
//!   once by 0.1 rad (a one-angle link toward the middle of its range, others about the axis
//!   across the chain nearest the parent's X, the axis knees and hair bend about) and goes
//!   on from there; a second stall ends the solve.
//!
//! [`Pose`]: crate::Pose

mod ccd;
mod chain;
mod d3dx;
pub(crate) mod euler;
mod jacobian;
pub(crate) mod log_quat;

pub(crate) use jacobian::JacobianScratch;

use crate::rig::IkSolverDef;
use crate::transform::Scratch;

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
    def: &IkSolverDef,
    method: IkMethod,
    s: &mut Scratch,
    jacobian: &mut JacobianScratch,
) {
    match method {
        IkMethod::Ccd => ccd::solve(def, s),
        IkMethod::Jacobian => jacobian::solve(def, s, jacobian),
    }
}
