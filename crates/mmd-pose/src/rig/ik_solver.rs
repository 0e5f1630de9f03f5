//! The IK solvers' definitions in the rig (chains, link limits, the bones each step
//! refreshes, the effectors read stale) and their precomputation from a model's IK bones,
//! with the bad references of a chain reported as [`RigWarning`]s and dropped.
//!
//! Separate from the rest of the build because everything here is about one IK chain at a time
//! and what its solvers (`crate::ik`) need precomputed.

use glam::Vec3A;
use mmd_format::pmx::{self, bone_flags};

use super::clean::{finite_vec, index};
use super::{NONE, RigWarning};

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
pub(super) fn evaluation_layers(
    bones: &[pmx::Bone],
    parent: &[u32],
    topo_order: &[u32],
) -> Vec<(bool, i32)> {
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
pub(super) fn stale_effector_path(
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

pub(super) fn build_solver(
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
