//! What both solvers do to a chain: write a link's IK rotation into its local transform,
//! refresh the globals the solver reads, and measure how far the effector is from the IK
//! bone.

use crate::rig::IkSolverDef;
use crate::transform::{Scratch, local_rotation, rotation_matrix, update_global};

/// The solve ends once the effector is this close to the IK bone (model units).
pub(crate) const TOLERANCE: f32 = 1.0e-4;

/// Squared distance from a link to the effector or the IK bone below which the link has no
/// direction to turn in (f32::EPSILON, as the reference engines use).
pub(crate) const DEGENERATE: f32 = f32::EPSILON;

/// Recomputes the global of every bone the solver reads, parents first.
pub(crate) fn refresh_deps(def: &IkSolverDef, s: &mut Scratch) {
    for &b in &def.deps {
        update_global(s, b as usize);
    }
}

/// Recomputes bone `b`'s local rotation after its IK rotation changed. Only the matrix part:
/// IK never moves the translation, which stays `local_transform`'s.
pub(crate) fn set_local_rotation(s: &mut Scratch, b: usize) {
    s.local[b].matrix3 = rotation_matrix(local_rotation(s, b));
}

/// |effector - IK bone| in model space.
pub(crate) fn distance(s: &Scratch, def: &IkSolverDef) -> f32 {
    (s.world[def.effector as usize].translation - s.world[def.bone as usize].translation).length()
}
