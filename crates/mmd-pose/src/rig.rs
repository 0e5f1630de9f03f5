//! The rig: an immutable, flat (structure-of-arrays) description of a model's skeleton built
//! once from a PMX (or PMD) model. Malformed references in the file are reported as
//! [`RigWarning`]s and neutralised here, so evaluation never has to check them again.

use std::fmt;

use glam::{Quat, Vec3, Vec3A};
use mmd_format::pmx::{self, Pmx, bone_flags};

use crate::morph::{MorphKind, MorphSet};

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

/// The Euler decomposition MMD clamps a limited link's rotation in, picked from its limits:
/// the first axis whose range lies inside ±90° goes in the middle, where the decomposition
/// is unique. Named by the product: `Yxz` is `Ry * Rx * Rz`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EulerOrder {
    Yxz,
    Zyx,
    Xzy,
}

/// Euler limits of an IK link, radians.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LinkLimit {
    pub min: Vec3A,
    pub max: Vec3A,
    pub order: EulerOrder,
    /// The one axis (0 = X, 1 = Y, 2 = Z) allowed to turn, when the others are locked at 0.
    pub plane_axis: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct IkLinkDef {
    pub bone: u32,
    pub limit: Option<LinkLimit>,
    /// The bone's fixed axis (unit, parent frame): IK turns the link about it only.
    pub fixed_axis: Option<Vec3A>,
}

/// One CCD solver with everything the evaluator needs precomputed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct IkSolverDef {
    pub bone: u32,
    pub effector: u32,
    /// The file's loop count, raised to MMD's minimum of 4π / unit angle (at most 360).
    pub iterations: u32,
    /// Largest rotation of the first link per iteration, radians (link k turns up to k + 1
    /// times this); infinite when the file gives 0 or less.
    pub unit_angle: f32,
    pub links: Vec<IkLinkDef>,
    /// Every bone whose global the solver reads (the IK bone, the effector, the links and
    /// all their ancestors), parents before children.
    pub deps: Vec<u32>,
    /// For link k, `below[below_ranges[k]]` are the entries of `deps` at or below that link,
    /// in `deps` order: the globals to refresh after the link turns. When
    /// `effector_position_only`, the effector is left out of these lists and only its
    /// position is refreshed (see there).
    pub below: Vec<u32>,
    pub below_ranges: Vec<(u32, u32)>,
    /// Per link: whether turning it moves the effector.
    pub moves_effector: Vec<bool>,
    /// No other dependency lies below the effector, so during the solve nothing reads the
    /// effector's global rotation, only its position: each step refreshes just the
    /// translation (the same operations as the full product's translation), and the solve
    /// finishes with one full update.
    pub effector_position_only: bool,
    /// Where an earlier solver of the same or a later deform layer turns some ancestor of
    /// the effector: the effector's ancestors from the first such one down to the effector,
    /// each marked when its IK rotation is an earlier solver's. MMD refreshes every bone
    /// below a link it turns except the effectors of other solvers, so CCD's first step
    /// here reads the effector where the layer's world pass put it, before those solvers
    /// turned its ancestors (a toe IK after its leg IK). Empty when no earlier solver does.
    pub stale_effector: Vec<(u32, bool)>,
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

/// A file's `i32` index as a `u32`, when it lies in `0..count`.
pub(crate) fn index(i: i32, count: usize) -> Option<u32> {
    usize::try_from(i)
        .ok()
        .filter(|&i| i < count)
        .map(|i| i as u32)
}

/// Largest coordinate (position, translation, offset; model units) the engine takes from a
/// file. Real models and motions stay within a few thousand units, so anything beyond is
/// corrupt. See [`MAX_WEIGHT`].
pub(crate) const MAX_COORD: f32 = 1.0e7;

/// Largest magnitude of a weight taken from a file (morph weights and group factors, append
/// and vertex weights); real ones lie within a few units. Clamping coordinates and weights
/// once, where rigs, motions, meshes and cameras are built, keeps every sum and product that
/// evaluation and skinning form far below `f32::MAX`, so a hostile file cannot push a pose to
/// infinity and from there to NaN (`inf - inf`, `inf * 0`); it also keeps the slerp angles
/// (`weight * angle`) small enough for glam's sine to stay accurate. Only where bounded values
/// multiply along a chain (group morphs of group morphs, append bones following append
/// bones) does evaluation clamp again, per link, for the same reason. Values within the
/// bounds pass unchanged, so valid files pose bit for bit as before.
pub(crate) const MAX_WEIGHT: f32 = 1.0e4;

/// A vector from a file: zero when any component is NaN or infinite, else clamped to
/// [`MAX_COORD`].
pub(crate) fn finite_vec(v: [f32; 3]) -> Vec3A {
    let v = Vec3A::from_array(v);
    if v.is_finite() {
        v.clamp(Vec3A::splat(-MAX_COORD), Vec3A::splat(MAX_COORD))
    } else {
        Vec3A::ZERO
    }
}

/// A weight from a file: zero when NaN or infinite, else clamped to [`MAX_WEIGHT`].
pub(crate) fn finite_weight(w: f32) -> f32 {
    if w.is_finite() {
        w.clamp(-MAX_WEIGHT, MAX_WEIGHT)
    } else {
        0.0
    }
}

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

/// Makes every parent chain end at a root: the bone whose parent closes a cycle becomes a
/// root. Iterative, linear in the bone count.
fn break_parent_cycles(parent: &mut [u32], names: &[String], warnings: &mut Vec<RigWarning>) {
    // 0 = unvisited, 1 = on the current walk, 2 = known to reach a root.
    let mut state = vec![0u8; parent.len()];
    let mut walk = Vec::new();
    for start in 0..parent.len() {
        let mut b = start;
        walk.clear();
        while state[b] == 0 {
            state[b] = 1;
            walk.push(b);
            match parent[b] {
                NONE => break,
                p => {
                    if state[p as usize] == 1 {
                        warnings.push(RigWarning::new(format!(
                            "bone {b} ({}): parent {p} closes a parent cycle; treated as a root",
                            names[b]
                        )));
                        parent[b] = NONE;
                        break;
                    }
                    b = p as usize;
                }
            }
        }
        for &w in &walk {
            state[w] = 2;
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

/// Drops the append link that closes an append cycle (A follows B follows A).
fn break_append_cycles(
    append: &mut [Option<AppendLink>],
    names: &[String],
    warnings: &mut Vec<RigWarning>,
) {
    let mut state = vec![0u8; append.len()];
    let mut walk = Vec::new();
    for start in 0..append.len() {
        let mut b = start;
        walk.clear();
        while state[b] == 0 {
            state[b] = 1;
            walk.push(b);
            let Some(link) = append[b] else { break };
            let s = link.source as usize;
            if state[s] == 1 {
                warnings.push(RigWarning::new(format!(
                    "bone {b} ({}): append source {s} closes an append cycle; append ignored",
                    names[b]
                )));
                append[b] = None;
                break;
            }
            b = s;
        }
        for &w in &walk {
            state[w] = 2;
        }
    }
}

fn is_ancestor_or_self(parent: &[u32], ancestor: u32, mut bone: u32) -> bool {
    loop {
        if bone == ancestor {
            return true;
        }
        match parent[bone as usize] {
            NONE => return false,
            p => bone = p,
        }
    }
}

pub(crate) fn link_limit(limit: Option<pmx::AngleLimit>) -> Option<LinkLimit> {
    let l = limit?;
    let min = finite_vec(l.min);
    let max = finite_vec(l.max);
    // Keep min <= max so clamping is well defined.
    let (min, max) = (min.min(max), min.max(max));
    let free: Vec<usize> = (0..3).filter(|&a| min[a] != 0.0 || max[a] != 0.0).collect();
    // MMD's own threshold, a few ulps below π/2.
    let half_pi = f32::from_bits(0x3fc9_0fd8);
    let within = |a: usize| min[a] > -half_pi && max[a] < half_pi;
    let order = if within(0) {
        EulerOrder::Yxz
    } else if within(1) {
        EulerOrder::Zyx
    } else {
        EulerOrder::Xzy
    };
    Some(LinkLimit {
        min,
        max,
        order,
        plane_axis: match free[..] {
            [axis] => Some(axis),
            _ => None,
        },
    })
}

/// A fixed axis from a file, as a unit vector; `None` when it cannot be normalised.
fn fixed_axis(bone: &pmx::Bone) -> Option<Vec3A> {
    if bone.flags & pmx::bone_flags::FIXED_AXIS == 0 {
        return None;
    }
    Vec3A::from_array(bone.fixed_axis?).try_normalize()
}

/// Per bone, when MMD's world pass reaches it: (after-physics flag, deform depth), the
/// depth raised to its parent's when that is deeper (MMD evaluates a parent's layer first).
fn evaluation_layers(bones: &[pmx::Bone], parent: &[u32], topo_order: &[u32]) -> Vec<(bool, i32)> {
    let mut layers: Vec<(bool, i32)> = bones
        .iter()
        .map(|b| (b.has(bone_flags::AFTER_PHYSICS), b.deform_depth))
        .collect();
    for &b in topo_order {
        let p = parent[b as usize];
        if p != NONE {
            layers[b as usize] = layers[b as usize].max(layers[p as usize]);
        }
    }
    layers
}

/// `IkSolverDef::stale_effector` of solver `k` (solvers in the order they run).
fn stale_effector_path(
    solvers: &[IkSolverDef],
    k: usize,
    parent: &[u32],
    layers: &[(bool, i32)],
) -> Vec<(u32, bool)> {
    let effector = solvers[k].effector;
    // An earlier solver whose IK bone's layer is not before the effector's ran after the
    // effector's world pass.
    let turned_before = |b: u32| {
        solvers[..k].iter().any(|s| {
            layers[effector as usize] <= layers[s.bone as usize]
                && s.links.iter().any(|l| l.bone == b)
        })
    };
    let mut path = Vec::new();
    let mut b = effector;
    loop {
        path.push(b);
        match parent[b as usize] {
            NONE => break,
            p => b = p,
        }
    }
    path.reverse();
    match path.iter().position(|&b| turned_before(b)) {
        Some(first) => path[first..]
            .iter()
            .map(|&b| (b, turned_before(b)))
            .collect(),
        None => Vec::new(),
    }
}

fn build_solver(
    bone: usize,
    bones: &[pmx::Bone],
    ik: &pmx::Ik,
    parent: &[u32],
    topo_order: &[u32],
    warnings: &mut Vec<RigWarning>,
) -> Option<IkSolverDef> {
    let n = parent.len();
    let name = &bones[bone].name;
    let Some(effector) = index(ik.target, n) else {
        warnings.push(RigWarning::new(format!(
            "IK bone {bone} ({name}): target {} out of range; IK ignored",
            ik.target
        )));
        return None;
    };
    if effector as usize == bone {
        warnings.push(RigWarning::new(format!(
            "IK bone {bone} ({name}): target is the IK bone itself; IK ignored"
        )));
        return None;
    }
    let mut links = Vec::with_capacity(ik.links.len());
    for link in &ik.links {
        match index(link.bone, n) {
            Some(l) if l == effector => warnings.push(RigWarning::new(format!(
                "IK bone {bone} ({name}): link {l} is the target; link ignored"
            ))),
            Some(l) if l as usize == bone => warnings.push(RigWarning::new(format!(
                "IK bone {bone} ({name}): link {l} is the IK bone; link ignored"
            ))),
            Some(l) if links.iter().any(|d: &IkLinkDef| d.bone == l) => {
                warnings.push(RigWarning::new(format!(
                    "IK bone {bone} ({name}): link {l} listed twice; repeat ignored"
                )))
            }
            Some(l) => links.push(IkLinkDef {
                bone: l,
                limit: link_limit(link.limit),
                fixed_axis: fixed_axis(&bones[l as usize]),
            }),
            None => warnings.push(RigWarning::new(format!(
                "IK bone {bone} ({name}): link {} out of range; link ignored",
                link.bone
            ))),
        }
    }
    let mut needed = vec![false; n];
    let roots = [bone as u32, effector]
        .into_iter()
        .chain(links.iter().map(|l| l.bone));
    for start in roots {
        let mut b = start;
        loop {
            if needed[b as usize] {
                break;
            }
            needed[b as usize] = true;
            match parent[b as usize] {
                NONE => break,
                p => b = p,
            }
        }
    }
    let deps: Vec<u32> = topo_order
        .iter()
        .copied()
        .filter(|&b| needed[b as usize])
        .collect();
    let effector_position_only = !deps
        .iter()
        .any(|&b| b != effector && is_ancestor_or_self(parent, effector, b));
    let mut below = Vec::new();
    let mut below_ranges = Vec::with_capacity(links.len());
    let mut moves_effector = Vec::with_capacity(links.len());
    for link in &links {
        let start = below.len() as u32;
        below.extend(deps.iter().copied().filter(|&b| {
            is_ancestor_or_self(parent, link.bone, b) && !(effector_position_only && b == effector)
        }));
        below_ranges.push((start, below.len() as u32));
        moves_effector.push(is_ancestor_or_self(parent, link.bone, effector));
    }
    let unit_angle = if ik.limit_angle.is_finite() && ik.limit_angle > 0.0 {
        ik.limit_angle
    } else {
        f32::INFINITY
    };
    let minimum = (4.0 * std::f32::consts::PI / unit_angle).min(360.0) as u32;
    let iterations = u32::try_from(ik.loop_count)
        .unwrap_or(0)
        .max(minimum)
        .min(1000);
    Some(IkSolverDef {
        bone: bone as u32,
        effector,
        iterations,
        unit_angle,
        links,
        deps,
        below,
        below_ranges,
        moves_effector,
        effector_position_only,
        stale_effector: Vec::new(),
    })
}

/// How far from 1 a stored rotation's squared length may be and still be kept as stored:
/// mmd-anim 0.5.3, which follows MMD, keeps a key as written within 2e-4, and the last bits
/// of a key reach the stop decisions of long IK chains (with this bound our poses of j3
/// Miku dancing wavefile_v2 match 0.5.3's bit for bit before IK).
const UNIT_TOLERANCE: f32 = 2.0e-4;

/// A rotation from a file (motion key, bone morph): kept as stored when it is near unit
/// length, otherwise normalised, or the identity when it is not finite or too short to
/// normalise.
pub(crate) fn finite_quat(q: [f32; 4]) -> Quat {
    let q = Quat::from_array(q);
    if !q.is_finite() {
        return Quat::IDENTITY;
    }
    let length_squared = q.length_squared();
    if (length_squared - 1.0).abs() <= UNIT_TOLERANCE {
        return q;
    }
    if length_squared.is_infinite() {
        // Components so large that their squares overflow (normalising would give zero):
        // scale down by an exact power of two first.
        return (q * 2.0f32.powi(-100)).normalize();
    }
    if length_squared > 1.0e-12 {
        q.normalize()
    } else {
        Quat::IDENTITY
    }
}
