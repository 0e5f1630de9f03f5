//! Building the rig from a PMX model (or a PMD one, converted): names, parents, rest
//! positions, append links, the orders bones are computed and deformed in, the IK solvers
//! and which bones each deform pass acts on, all precomputed once.
//!
//! Separate from the rig's types and lookups (`mod.rs`) because it runs once per model, while
//! those are what evaluation reads every frame.

use glam::Vec3A;
use mmd_format::pmx::{self, Pmx, bone_flags};

use super::clean::{break_append_cycles, break_parent_cycles, finite_vec, finite_weight, index};
use super::ik_solver::{build_solver, evaluation_layers, stale_effector_path};
use super::{AppendLink, NONE, Rig, RigWarning};
use crate::morph::MorphSet;

impl Rig {
    /// Builds the rig of a PMX model. Never fails: bad references become warnings.
    pub fn from_pmx(pmx: &Pmx) -> (Rig, Vec<RigWarning>) {
        let mut warnings = Vec::new();
        let n = pmx.bones.len();
        let names: Vec<String> = pmx.bones.iter().map(|b| b.name.clone()).collect();
        let mut bone_by_name =
            foldhash::HashMap::with_capacity_and_hasher(n, foldhash::fast::RandomState::default());
        for (i, name) in names.iter().enumerate() {
            // MMD binds a motion to the first bone of a name.
            bone_by_name.entry(name.clone()).or_insert(i);
        }
        let rest_position: Vec<Vec3A> = pmx.bones.iter().map(|b| finite_vec(b.position)).collect();

        let mut parent = vec![NONE; n];
        for (i, bone) in pmx.bones.iter().enumerate() {
            match index(bone.parent, n) {
                Some(p) if p as usize == i => warnings.push(RigWarning::new(format!(
                    "bone {i} ({}): is its own parent; treated as a root",
                    bone.name
                ))),
                Some(p) => parent[i] = p,
                None if bone.parent != -1 => warnings.push(RigWarning::new(format!(
                    "bone {i} ({}): parent index {} out of range; treated as a root",
                    bone.name, bone.parent
                ))),
                None => {}
            }
        }
        break_parent_cycles(&mut parent, &names, &mut warnings);
        let topo_order = topological_order(&parent);

        let rest_offset = (0..n)
            .map(|i| match parent[i] {
                NONE => rest_position[i],
                p => rest_position[i] - rest_position[p as usize],
            })
            .collect();

        let mut append = vec![None; n];
        for (i, bone) in pmx.bones.iter().enumerate() {
            let rotate = bone.has(bone_flags::APPEND_ROTATE);
            let translate = bone.has(bone_flags::APPEND_TRANSLATE);
            let Some(a) = bone.append.filter(|_| rotate || translate) else {
                continue;
            };
            match index(a.parent, n) {
                Some(s) if s as usize != i => {
                    append[i] = Some(AppendLink {
                        source: s,
                        weight: finite_weight(a.weight),
                        rotate,
                        translate,
                        local: bone.has(bone_flags::APPEND_LOCAL),
                    })
                }
                _ => warnings.push(RigWarning::new(format!(
                    "bone {i} ({}): append source {} invalid; append ignored",
                    bone.name, a.parent
                ))),
            }
        }
        break_append_cycles(&mut append, &names, &mut warnings);

        let mut deform_order: Vec<u32> = (0..n as u32).collect();
        deform_order.sort_by_key(|&i| {
            let b = &pmx.bones[i as usize];
            (b.has(bone_flags::AFTER_PHYSICS), b.deform_depth)
        });
        let physics_split = deform_order
            .iter()
            .position(|&i| pmx.bones[i as usize].has(bone_flags::AFTER_PHYSICS))
            .unwrap_or(n);

        let mut solvers = Vec::new();
        let mut solver_of_bone = vec![NONE; n];
        for (i, bone) in pmx.bones.iter().enumerate() {
            let Some(ik) = bone.ik.as_ref().filter(|_| bone.has(bone_flags::IK)) else {
                continue;
            };
            if let Some(def) = build_solver(i, &pmx.bones, ik, &parent, &topo_order, &mut warnings)
            {
                solver_of_bone[i] = solvers.len() as u32;
                solvers.push(def);
            }
        }
        // Solvers run in deform order, so number them that way.
        solvers.sort_by_key(|s| {
            deform_order
                .iter()
                .position(|&b| b == s.bone)
                .unwrap_or(usize::MAX)
        });
        for (k, s) in solvers.iter().enumerate() {
            solver_of_bone[s.bone as usize] = k as u32;
        }
        let layers = evaluation_layers(&pmx.bones, &parent, &topo_order);
        let stale: Vec<_> = (0..solvers.len())
            .map(|k| stale_effector_path(&solvers, k, &parent, &layers))
            .collect();
        for (solver, path) in solvers.iter_mut().zip(stale) {
            solver.stale_effector = path;
        }
        let append_bones = (0..n as u32)
            .filter(|&i| append[i as usize].is_some())
            .collect();
        let ik_link_bones = solvers
            .iter()
            .flat_map(|s| s.links.iter().map(|l| l.bone))
            .collect();
        let acts = |&b: &u32| append[b as usize].is_some() || solver_of_bone[b as usize] != NONE;
        let steps_split = deform_order[..physics_split]
            .iter()
            .filter(|b| acts(b))
            .count();
        let deform_steps = deform_order.iter().copied().filter(|b| acts(b)).collect();
        let mut moves = vec![false; n];
        for &b in &deform_order[physics_split..] {
            moves[b as usize] |= append[b as usize].is_some();
            if solver_of_bone[b as usize] != NONE {
                for link in &solvers[solver_of_bone[b as usize] as usize].links {
                    moves[link.bone as usize] = true;
                }
            }
        }
        // Parents come first in `topo_order`, so one walk carries the mark down.
        for &b in &topo_order {
            let p = parent[b as usize];
            if p != NONE && moves[p as usize] {
                moves[b as usize] = true;
            }
        }
        let after_physics_moves = topo_order
            .iter()
            .copied()
            .filter(|&b| moves[b as usize])
            .collect();

        let morphs = MorphSet::from_pmx(&pmx.morphs, n, &mut warnings);
        let rig = Rig {
            names,
            bone_by_name,
            parent,
            rest_position,
            rest_offset,
            append,
            topo_order,
            deform_order,
            physics_split,
            deform_steps,
            steps_split,
            after_physics_moves,
            solvers,
            solver_of_bone,
            morphs,
            append_bones,
            ik_link_bones,
        };
        (rig, warnings)
    }

    /// Builds the rig of a PMD model: the model in PMX terms, plus MMD's knee rule (PMD has
    /// no per-link limits; links named 左ひざ / 右ひざ bend about X only, within
    /// [-180°, -0.5°]).
    pub fn from_pmd(pmd: &mmd_format::pmd::Pmd) -> (Rig, Vec<RigWarning>) {
        Rig::from_pmx(&pmd_as_pmx(pmd))
    }
}

/// A PMD model in PMX terms as MMD poses it: [`mmd_format::convert::pmd_to_pmx`] plus the
/// PMD knee rule. Callers that need the model as well as the rig (to draw or skin it) convert
/// once with this and build the rig with [`Rig::from_pmx`].
pub fn pmd_as_pmx(pmd: &mmd_format::pmd::Pmd) -> Pmx {
    let mut pmx = mmd_format::convert::pmd_to_pmx(pmd);
    apply_knee_rule(&mut pmx);
    pmx
}

/// PMD knees: links named 左ひざ / 右ひざ without limits bend about X in [-180°, -0.5°].
fn apply_knee_rule(pmx: &mut Pmx) {
    let knees: Vec<bool> = pmx
        .bones
        .iter()
        .map(|b| b.name == "左ひざ" || b.name == "右ひざ")
        .collect();
    for bone in &mut pmx.bones {
        let Some(ik) = bone.ik.as_mut() else { continue };
        for link in &mut ik.links {
            let is_knee = usize::try_from(link.bone)
                .ok()
                .and_then(|b| knees.get(b).copied())
                .unwrap_or(false);
            if is_knee && link.limit.is_none() {
                link.limit = Some(pmx::AngleLimit {
                    min: [-std::f32::consts::PI, 0.0, 0.0],
                    max: [-0.5f32.to_radians(), 0.0, 0.0],
                });
            }
        }
    }
}

/// Parents before children (roots first, then by depth), ties by index.
fn topological_order(parent: &[u32]) -> Vec<u32> {
    let n = parent.len();
    let mut depth = vec![u32::MAX; n];
    let mut chain = Vec::new();
    for start in 0..n {
        chain.clear();
        let mut b = start;
        while depth[b] == u32::MAX {
            chain.push(b);
            match parent[b] {
                NONE => break,
                p => b = p as usize,
            }
        }
        let base = match parent[*chain.last().unwrap_or(&start)] {
            NONE => 0,
            p if depth[p as usize] != u32::MAX => depth[p as usize] + 1,
            _ => 0,
        };
        for (k, &c) in chain.iter().rev().enumerate() {
            depth[c] = base + k as u32;
        }
    }
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_by_key(|&i| depth[i as usize]);
    order
}
