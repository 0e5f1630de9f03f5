//! Keeping MMD's IK bones out of the way of a solved pose: every IK bone is moved onto its
//! effector, so that the pose plays back the same with IK on (the default for a VPD, and
//! for a VMD key). CCD ends a chain's solve before turning any link once the effector is
//! within its tolerance (1e-4) of the IK bone (`ik/ccd.rs`, the check at the top of each
//! iteration), and then only clamps a limited link it did not turn into limits the solved
//! pose already holds; the Jacobian solver ends there too (`ik/jacobian.rs`).
//!
//! "Onto its effector" means where the chain's solve will see it: a chain solves at its IK
//! bone's place in the deform order, before the append (付与) of bones deforming later,
//! which may still move the IK bone or the effector (Gene's cloak IK hangs below such a
//! bone). So the deform order is walked as evaluation walks it, append by append, and each
//! IK bone is placed from the globals its solve would read.

use glam::Affine3A;

use crate::append::update_append;
use crate::rig::{NONE, Rig};
use crate::transform::{Scratch, local_transform, update_global};

/// Sets each IK bone's animated translation so that, when its chain solves during
/// evaluation, it lies on its effector; then refreshes every global. Rotations are left as
/// they are.
pub(crate) fn place_on_effectors(rig: &Rig, s: &mut Scratch) {
    for &b in &rig.deform_steps {
        let b = b as usize;
        update_append(rig, s, b);
        let solver = rig.solver_of_bone[b];
        if solver == NONE {
            continue;
        }
        let def = &rig.solvers[solver as usize];
        // What the chain's solve refreshes before reading positions.
        for &d in &def.deps {
            update_global(s, d as usize);
        }
        let target = s.world[def.effector as usize].translation;
        let parent = match rig.parent[b] {
            NONE => Affine3A::IDENTITY,
            p => s.world[p as usize],
        };
        let local = parent.inverse().transform_point3a(target);
        let translation = local - rig.rest_offset[b] - s.append_t[b];
        if !translation.is_finite() {
            continue;
        }
        s.anim_t[b] = translation;
        s.local[b] = local_transform(rig, s, b);
        update_global(s, b);
    }
    for &i in &rig.topo_order {
        update_global(s, i as usize);
    }
}
