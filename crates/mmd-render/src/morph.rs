//! Morphs as the renderer applies them: vertex and UV morphs become dense per-vertex deltas
//! (accumulated on the CPU over the active morphs only, uploaded when the weights change);
//! material morphs modify the material parameters.
//!
//! Weights come per model morph, as the pose engine hands them over: group (and flip) morphs
//! are already expanded into the weights of their members, so they are ignored here.

use mmd_format::pmx::{MaterialOp, MorphOffsets, Pmx};

use crate::material::{MaterialParams, MaterialTint};

/// One vertex's offset in a vertex or UV morph.
struct Delta {
    vertex: u32,
    value: [f32; 4],
}

/// Which per-vertex delta a UV morph moves: the main UV or additional UV1 (the two UV sets
/// MMD's shading samples; additional UV2–4 only feed effect shaders, which MMD's standard
/// shading does not have).
#[derive(Clone, Copy)]
enum UvSlot {
    Main,
    Additional1,
}

enum MorphKind {
    Vertex(Vec<Delta>),
    Uv(UvSlot, Vec<Delta>),
    Material(Vec<mmd_format::pmx::MaterialOffset>),
    /// Kinds that do not reach the renderer (bone, group, flip, impulse, UV2–4).
    Other,
}

/// The morphs of a model with the state of the last applied weights.
pub struct Morphs {
    kinds: Vec<MorphKind>,
    /// Weight of each morph as last applied; NaN before the first update (equal to no
    /// weight, so the first update applies every morph).
    applied: Vec<f32>,
    pub position_deltas: Vec<[f32; 4]>,
    pub uv_deltas: Vec<[f32; 4]>,
    /// Per-material multiply and add tints, scratch for [`Morphs::apply`].
    mul: Vec<MaterialTint>,
    add: Vec<MaterialTint>,
}

/// What changed in the last [`Morphs::apply`].
pub struct MorphChanges {
    pub vertices: bool,
    pub uvs: bool,
    pub materials: bool,
}

impl Morphs {
    pub fn new(pmx: &Pmx) -> Morphs {
        let vertex_count = pmx.vertices.len();
        let in_range = |v: u32| (v as usize) < vertex_count;
        let kinds: Vec<MorphKind> = pmx
            .morphs
            .iter()
            .map(|morph| match &morph.offsets {
                MorphOffsets::Vertex(offsets) => MorphKind::Vertex(
                    offsets
                        .iter()
                        .filter(|o| in_range(o.vertex))
                        .map(|o| Delta {
                            vertex: o.vertex,
                            value: [o.offset[0], o.offset[1], o.offset[2], 0.0],
                        })
                        .collect(),
                ),
                MorphOffsets::Uv { channel, offsets } if *channel <= 1 => MorphKind::Uv(
                    if *channel == 0 {
                        UvSlot::Main
                    } else {
                        UvSlot::Additional1
                    },
                    offsets
                        .iter()
                        .filter(|o| in_range(o.vertex))
                        .map(|o| Delta {
                            vertex: o.vertex,
                            value: o.offset,
                        })
                        .collect(),
                ),
                MorphOffsets::Material(offsets) => MorphKind::Material(offsets.clone()),
                _ => MorphKind::Other,
            })
            .collect();
        let material_count = pmx.materials.len();
        Morphs {
            applied: vec![f32::NAN; kinds.len()],
            kinds,
            position_deltas: vec![[0.0; 4]; vertex_count],
            uv_deltas: vec![[0.0; 4]; vertex_count],
            mul: vec![MaterialTint::multiply_identity(); material_count],
            add: vec![MaterialTint::add_identity(); material_count],
        }
    }

    /// Brings the deltas and the materials up to date with `weights` (one per model morph;
    /// missing entries count as 0) and says what changed.
    pub fn apply(
        &mut self,
        weights: &[f32],
        base: &[MaterialParams],
        materials: &mut [MaterialParams],
    ) -> MorphChanges {
        let weight = |i: usize| {
            weights
                .get(i)
                .copied()
                .filter(|w| w.is_finite())
                .unwrap_or(0.0)
        };
        let mut changes = MorphChanges {
            vertices: false,
            uvs: false,
            materials: false,
        };
        for (i, (kind, &old)) in self.kinds.iter().zip(&self.applied).enumerate() {
            if old == weight(i) {
                continue;
            }
            match kind {
                MorphKind::Vertex(_) => changes.vertices = true,
                MorphKind::Uv(..) => changes.uvs = true,
                MorphKind::Material(_) => changes.materials = true,
                MorphKind::Other => {}
            }
        }
        if changes.vertices {
            self.position_deltas.fill([0.0; 4]);
        }
        if changes.uvs {
            self.uv_deltas.fill([0.0; 4]);
        }
        if changes.materials {
            materials.copy_from_slice(base);
            self.mul.fill(MaterialTint::multiply_identity());
            self.add.fill(MaterialTint::add_identity());
        }
        let (mul, add) = (&mut self.mul, &mut self.add);
        for (i, kind) in self.kinds.iter().enumerate() {
            let w = weight(i);
            if w == 0.0 {
                continue;
            }
            match kind {
                MorphKind::Vertex(deltas) if changes.vertices => {
                    for d in deltas {
                        let target = &mut self.position_deltas[d.vertex as usize];
                        for (t, v) in target.iter_mut().zip(&d.value[..3]) {
                            *t += v * w;
                        }
                    }
                }
                MorphKind::Uv(slot, deltas) if changes.uvs => {
                    let offset = match slot {
                        UvSlot::Main => 0,
                        UvSlot::Additional1 => 2,
                    };
                    for d in deltas {
                        let target = &mut self.uv_deltas[d.vertex as usize];
                        target[offset] += d.value[0] * w;
                        target[offset + 1] += d.value[1] * w;
                    }
                }
                MorphKind::Material(offsets) if changes.materials => {
                    for offset in offsets {
                        let targets = match usize::try_from(offset.material) {
                            Ok(m) if m < materials.len() => m..m + 1,
                            Ok(_) => continue,
                            // A negative material index (-1) means every material.
                            Err(_) => 0..materials.len(),
                        };
                        let value = MaterialTint::from_offset(offset);
                        for m in targets {
                            match offset.op {
                                MaterialOp::Multiply => mul[m].multiply_towards(&value, w),
                                MaterialOp::Add => add[m].add_scaled(&value, w),
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if changes.materials {
            for ((material, mul), add) in materials.iter_mut().zip(mul.iter()).zip(add.iter()) {
                material.apply_morph(mul, add);
            }
        }
        for (i, applied) in self.applied.iter_mut().enumerate() {
            *applied = weight(i);
        }
        changes
    }
}
