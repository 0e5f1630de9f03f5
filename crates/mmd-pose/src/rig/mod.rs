//! The rig: an immutable, flat (structure-of-arrays) description of a model's skeleton built
//! once from a PMX (or PMD) model. Malformed references in the file are reported as
//! [`RigWarning`]s and neutralised here, so evaluation never has to check them again.
//!
//! This module holds the rig's types and the lookups on them; building it from a model is in
//! `build.rs`, the IK solvers' definitions and their precomputation in `ik_solver.rs`, and
//! the bounds and repairs applied to what a file gives in `clean.rs`.

mod build;
mod clean;
mod ik_solver;

use std::fmt;

use glam::{Vec3, Vec3A};

use crate::morph::{MorphKind, MorphSet};

pub use build::pmd_as_pmx;
pub(crate) use clean::{MAX_COORD, MAX_WEIGHT, finite_quat, finite_vec, finite_weight, index};
pub(crate) use ik_solver::{EulerOrder, IkLinkDef, IkSolverDef, LinkLimit, link_limit};

/// Sentinel for "no bone" in the rig's `u32` index arrays.
pub(crate) const NONE: u32 = u32::MAX;

/// A problem found in the model while building the rig; the offending reference was ignored.
#[derive(Debug, Clone, PartialEq)]
pub struct RigWarning {
    message: String,
}

impl RigWarning {
    pub(crate) fn new(message: String) -> RigWarning {
        RigWarning { message }
    }
}

impl fmt::Display for RigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Append (付与) link of one bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct AppendLink {
    pub source: u32,
    pub weight: f32,
    pub rotate: bool,
    pub translate: bool,
    pub local: bool,
}

/// A model's skeleton and morph definitions, ready for evaluation. See the crate docs for
/// the evaluation rules.
#[derive(Debug, Clone)]
pub struct Rig {
    pub(crate) names: Vec<String>,
    /// foldhash rather than SipHash: an accessory held by a bone looks its bone up by name every
    /// frame.
    pub(crate) bone_by_name: foldhash::HashMap<String, usize>,
    pub(crate) parent: Vec<u32>,
    pub(crate) rest_position: Vec<Vec3A>,
    /// Rest position relative to the parent (the model-space rest position for roots).
    pub(crate) rest_offset: Vec<Vec3A>,
    pub(crate) append: Vec<Option<AppendLink>>,
    /// Parents before children: the order globals are computed in.
    pub(crate) topo_order: Vec<u32>,
    /// Deform order: stable sort by (after physics, deform depth, index).
    pub(crate) deform_order: Vec<u32>,
    /// `deform_order[..physics_split]` deform before physics, the rest after.
    pub(crate) physics_split: usize,
    /// `deform_order` less the bones a deform pass leaves as they are (no append link, no IK
    /// solver): what the passes walk. `deform_steps[..steps_split]` deform before physics.
    pub(crate) deform_steps: Vec<u32>,
    pub(crate) steps_split: usize,
    /// In `topo_order`, the bones whose globals the after-physics pass can move: the append
    /// bones of that pass, the links of its IK solvers and everything below them. Without a
    /// physics stage between the passes, every other bone's global stays what the
    /// before-physics pass left.
    pub(crate) after_physics_moves: Vec<u32>,
    pub(crate) solvers: Vec<IkSolverDef>,
    /// Solver index per bone (`NONE` when the bone is not an IK bone).
    pub(crate) solver_of_bone: Vec<u32>,
    pub(crate) morphs: MorphSet,
    /// Bones with an append link: the only ones whose append parts leave the identity.
    pub(crate) append_bones: Vec<u32>,
    /// Bones that are a link of some solver: the only ones whose IK rotation leaves the
    /// identity.
    pub(crate) ik_link_bones: Vec<u32>,
}

impl Rig {
    pub fn bone_count(&self) -> usize {
        self.names.len()
    }

    /// Bone name; panics when `i >= bone_count()`.
    pub fn bone_name(&self, i: usize) -> &str {
        &self.names[i]
    }

    pub fn bone_index(&self, name: &str) -> Option<usize> {
        self.bone_by_name.get(name).copied()
    }

    pub fn bone_parent(&self, i: usize) -> Option<usize> {
        match self.parent[i] {
            NONE => None,
            p => Some(p as usize),
        }
    }

    /// Model-space rest position of bone `i`.
    pub fn bone_rest_position(&self, i: usize) -> Vec3 {
        self.rest_position[i].into()
    }

    /// Bone index of each IK bone, in solver (deform) order.
    pub fn ik_bones(&self) -> impl Iterator<Item = usize> + '_ {
        self.solvers.iter().map(|s| s.bone as usize)
    }

    pub fn ik_solver_count(&self) -> usize {
        self.solvers.len()
    }

    /// The most links any IK chain has.
    pub(crate) fn longest_ik_chain(&self) -> usize {
        self.solvers
            .iter()
            .map(|s| s.links.len())
            .max()
            .unwrap_or(0)
    }

    /// Solver index of an IK bone.
    pub fn ik_solver_of_bone(&self, bone: usize) -> Option<usize> {
        match self.solver_of_bone.get(bone) {
            Some(&s) if s != NONE => Some(s as usize),
            _ => None,
        }
    }

    /// (IK bone, effector, link bones nearest the effector first) of solver `solver`.
    pub fn ik_chain(&self, solver: usize) -> (usize, usize, Vec<usize>) {
        let s = &self.solvers[solver];
        let links = s.links.iter().map(|l| l.bone as usize).collect();
        (s.bone as usize, s.effector as usize, links)
    }

    /// Euler limits (min, max, radians) of link `link` of `solver`, when it has any.
    pub fn ik_link_limits(&self, solver: usize, link: usize) -> Option<(Vec3, Vec3)> {
        self.solvers[solver].links[link]
            .limit
            .map(|l| (l.min.into(), l.max.into()))
    }

    pub fn morph_count(&self) -> usize {
        self.morphs.names.len()
    }

    pub fn morph_name(&self, i: usize) -> &str {
        &self.morphs.names[i]
    }

    pub fn morph_index(&self, name: &str) -> Option<usize> {
        self.morphs.by_name.get(name).copied()
    }

    /// What a morph changes; vertex, UV and material morphs are applied by the renderer
    /// (and by [`crate::SkinMesh`] for vertex morphs) from `Pose::morph_weights`.
    pub fn morph_kind(&self, i: usize) -> MorphKind {
        self.morphs.kinds[i]
    }

    /// The bones the before-physics deform pass acts on (append or IK), in deform order.
    pub(crate) fn steps_before_physics(&self) -> &[u32] {
        &self.deform_steps[..self.steps_split]
    }

    /// The bones the after-physics deform pass acts on, in deform order.
    pub(crate) fn steps_after_physics(&self) -> &[u32] {
        &self.deform_steps[self.steps_split..]
    }

    /// Whether bone `i` deforms after physics.
    pub fn bone_after_physics(&self, i: usize) -> bool {
        self.deform_order[self.physics_split..].contains(&(i as u32))
    }
}
