//! Morph definitions as the evaluator needs them: group morphs expanded in a precomputed
//! order (with cycles cut at build time) and bone morph offsets in flat arrays.

use glam::{Quat, Vec3A};
use mmd_format::pmx::{Morph, MorphOffsets};

use crate::rig::{MAX_WEIGHT, RigWarning, finite_quat, finite_vec, finite_weight, index};

/// What a morph changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MorphKind {
    /// Drives other morphs (expanded into `Pose::morph_weights`).
    Group,
    /// Moves vertices (applied by [`crate::SkinMesh`] and the renderer).
    Vertex,
    /// Moves and turns bones (applied by the evaluator).
    Bone,
    /// Offsets UVs; `channel` 0 is the main UV, 1..=4 the additional UVs.
    Uv { channel: u8 },
    /// Changes material colours (applied by the renderer).
    Material,
    /// PMX 2.1 flip morph (weight exposed only).
    Flip,
    /// PMX 2.1 impulse morph (physics; weight exposed only).
    Impulse,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct BoneMorphOffset {
    pub bone: u32,
    pub translation: Vec3A,
    pub rotation: Quat,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct MorphSet {
    pub names: Vec<String>,
    pub by_name: foldhash::HashMap<String, usize>,
    pub kinds: Vec<MorphKind>,
    /// Group morphs, every group before the groups it drives.
    group_order: Vec<u32>,
    /// Per morph, its range in `group_offsets` (empty for non-groups).
    group_ranges: Vec<(u32, u32)>,
    group_offsets: Vec<(u32, f32)>,
    /// Bone morphs and their ranges in `bone_offsets`.
    bone_morphs: Vec<(u32, u32, u32)>,
    bone_offsets: Vec<BoneMorphOffset>,
}

impl MorphSet {
    pub fn from_pmx(morphs: &[Morph], bone_count: usize, warnings: &mut Vec<RigWarning>) -> Self {
        let n = morphs.len();
        let mut set = MorphSet {
            names: morphs.iter().map(|m| m.name.clone()).collect(),
            ..MorphSet::default()
        };
        for (i, m) in morphs.iter().enumerate() {
            set.by_name.entry(m.name.clone()).or_insert(i);
        }
        for (i, m) in morphs.iter().enumerate() {
            let kind = match &m.offsets {
                MorphOffsets::Group(_) => MorphKind::Group,
                MorphOffsets::Vertex(_) => MorphKind::Vertex,
                MorphOffsets::Bone(_) => MorphKind::Bone,
                MorphOffsets::Uv { channel, .. } => MorphKind::Uv { channel: *channel },
                MorphOffsets::Material(_) => MorphKind::Material,
                MorphOffsets::Flip(_) => MorphKind::Flip,
                MorphOffsets::Impulse(_) => MorphKind::Impulse,
            };
            set.kinds.push(kind);
            let start = set.group_offsets.len() as u32;
            if let MorphOffsets::Group(offsets) = &m.offsets {
                for o in offsets {
                    match index(o.morph, n) {
                        Some(t) if t as usize != i => {
                            set.group_offsets.push((t, finite_weight(o.weight)))
                        }
                        _ => warnings.push(RigWarning::new(format!(
                            "morph {i} ({}): group member {} invalid; ignored",
                            m.name, o.morph
                        ))),
                    }
                }
            }
            set.group_ranges
                .push((start, set.group_offsets.len() as u32));
            if let MorphOffsets::Bone(offsets) = &m.offsets {
                let start = set.bone_offsets.len() as u32;
                for o in offsets {
                    match index(o.bone, bone_count) {
                        Some(b) => set.bone_offsets.push(BoneMorphOffset {
                            bone: b,
                            translation: finite_vec(o.translation),
                            rotation: finite_quat(o.rotation),
                        }),
                        None => warnings.push(RigWarning::new(format!(
                            "morph {i} ({}): bone {} out of range; ignored",
                            m.name, o.bone
                        ))),
                    }
                }
                set.bone_morphs
                    .push((i as u32, start, set.bone_offsets.len() as u32));
            }
        }
        set.order_groups(warnings);
        set
    }

    /// Depth-first over group → member edges; an edge back to a group on the current path
    /// closes a cycle and is removed. The reverse post-order puts every group before its
    /// members.
    fn order_groups(&mut self, warnings: &mut Vec<RigWarning>) {
        let n = self.kinds.len();
        let mut state = vec![0u8; n]; // 0 new, 1 on path, 2 done
        let mut post = Vec::new();
        let mut stack: Vec<(u32, u32)> = Vec::new();
        for root in 0..n {
            if self.kinds[root] != MorphKind::Group || state[root] != 0 {
                continue;
            }
            state[root] = 1;
            stack.push((root as u32, self.group_ranges[root].0));
            while let Some(&mut (g, ref mut next)) = stack.last_mut() {
                let (_, end) = self.group_ranges[g as usize];
                if *next == end {
                    state[g as usize] = 2;
                    post.push(g);
                    stack.pop();
                    continue;
                }
                let edge = *next as usize;
                *next += 1;
                let member = self.group_offsets[edge].0 as usize;
                if self.kinds[member] != MorphKind::Group {
                    continue;
                }
                match state[member] {
                    0 => {
                        state[member] = 1;
                        stack.push((member as u32, self.group_ranges[member].0));
                    }
                    1 => {
                        warnings.push(RigWarning::new(format!(
                            "morph {g} ({}): member {member} closes a group cycle; ignored",
                            self.names[g as usize]
                        )));
                        self.group_offsets[edge].1 = 0.0;
                    }
                    _ => {}
                }
            }
        }
        post.reverse();
        self.group_order = post;
    }

    /// Adds every group morph's weight, times the member weight, to its members (groups of
    /// groups included).
    pub fn expand_groups(&self, weights: &mut [f32]) {
        for &g in &self.group_order {
            let w = weights[g as usize];
            if w == 0.0 {
                continue;
            }
            let (start, end) = self.group_ranges[g as usize];
            for &(member, factor) in &self.group_offsets[start as usize..end as usize] {
                // Clamped: along a chain of groups the factors multiply, and a hostile chain
                // would overflow (factors are bounded, but their products are not). A no-op
                // for real weights.
                let sum = weights[member as usize] + w * factor;
                weights[member as usize] = sum.clamp(-MAX_WEIGHT, MAX_WEIGHT);
            }
        }
    }

    /// Adds bone morphs to the animated transforms: translation offsets scaled by the
    /// weight, rotations slerped from identity by the weight and applied after the motion's.
    pub fn apply_bone_morphs(
        &self,
        weights: &[f32],
        translation: &mut [Vec3A],
        rotation: &mut [Quat],
    ) {
        for &(m, start, end) in &self.bone_morphs {
            let w = weights[m as usize];
            if w == 0.0 {
                continue;
            }
            for o in &self.bone_offsets[start as usize..end as usize] {
                let b = o.bone as usize;
                translation[b] += o.translation * w;
                rotation[b] = (rotation[b] * Quat::IDENTITY.slerp(o.rotation, w)).normalize();
            }
        }
    }
}
