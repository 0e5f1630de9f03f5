//! CPU reference skinning: BDEF1/2/4 linear blend, SDEF (MMD's spherical deformation with
//! C, R0, R1) and QDEF (dual-quaternion blend), vertex morphs applied first. The renderer
//! skins on the GPU; this is the reference its output and the tests are checked against.

use glam::{Affine3A, Mat3A, Quat, Vec3, Vec3A, Vec4};
use mmd_format::pmx::{MorphOffsets, Pmx, Weight};

use crate::pose::Pose;
use crate::rig::{finite_vec, finite_weight, index};

#[derive(Debug, Clone, Copy)]
enum Skin {
    Linear {
        bones: [u32; 4],
        weights: [f32; 4],
    },
    Sdef {
        bones: [u32; 2],
        weight: f32,
        c: Vec3A,
        /// (C + R0') / 2 and (C + R1') / 2, with R0', R1' moved so their weighted mean is C.
        cr0: Vec3A,
        cr1: Vec3A,
    },
    Qdef {
        bones: [u32; 4],
        weights: [f32; 4],
    },
}

/// A model's mesh as the CPU skinning needs it.
#[derive(Debug, Clone)]
pub struct SkinMesh {
    positions: Vec<Vec3A>,
    skins: Vec<Skin>,
    /// (morph index, range in `morph_offsets`) per vertex morph.
    vertex_morphs: Vec<(usize, u32, u32)>,
    morph_offsets: Vec<(u32, Vec3A)>,
}

/// Invalid bone indices skin with the identity.
const NO_BONE: u32 = u32::MAX;

impl SkinMesh {
    pub fn from_pmx(pmx: &Pmx) -> SkinMesh {
        let bone_count = pmx.bones.len();
        let bone = |i: i32| index(i, bone_count).unwrap_or(NO_BONE);
        // Positions and offsets as the rig takes them (non-finite ones zero, huge ones
        // clamped), so that skinning sums stay finite.
        let positions = pmx
            .vertices
            .iter()
            .map(|v| finite_vec(v.position))
            .collect();
        let skins = pmx
            .vertices
            .iter()
            .map(|v| match &v.weight {
                Weight::Bdef1 { bone: b } => Skin::Linear {
                    bones: [bone(*b), NO_BONE, NO_BONE, NO_BONE],
                    weights: [1.0, 0.0, 0.0, 0.0],
                },
                Weight::Bdef2 { bones, weight } => {
                    let w = finite_weight(*weight);
                    Skin::Linear {
                        bones: [bone(bones[0]), bone(bones[1]), NO_BONE, NO_BONE],
                        weights: [w, 1.0 - w, 0.0, 0.0],
                    }
                }
                Weight::Bdef4 { bones, weights } => Skin::Linear {
                    bones: bones.map(bone),
                    weights: weights.map(finite_weight),
                },
                Weight::Sdef {
                    bones,
                    weight,
                    c,
                    r0,
                    r1,
                } => {
                    let w0 = finite_weight(*weight);
                    let w1 = 1.0 - w0;
                    let (c, r0, r1) = (finite_vec(*c), finite_vec(*r0), finite_vec(*r1));
                    let rw = r0 * w0 + r1 * w1;
                    let r0 = c + r0 - rw;
                    let r1 = c + r1 - rw;
                    Skin::Sdef {
                        bones: [bone(bones[0]), bone(bones[1])],
                        weight: w0,
                        c,
                        cr0: (c + r0) * 0.5,
                        cr1: (c + r1) * 0.5,
                    }
                }
                Weight::Qdef { bones, weights } => Skin::Qdef {
                    bones: bones.map(bone),
                    weights: weights.map(finite_weight),
                },
            })
            .collect();
        let mut vertex_morphs = Vec::new();
        let mut morph_offsets = Vec::new();
        for (m, morph) in pmx.morphs.iter().enumerate() {
            if let MorphOffsets::Vertex(offsets) = &morph.offsets {
                let start = morph_offsets.len() as u32;
                morph_offsets.extend(
                    offsets
                        .iter()
                        .filter(|o| (o.vertex as usize) < pmx.vertices.len())
                        .map(|o| (o.vertex, finite_vec(o.offset))),
                );
                vertex_morphs.push((m, start, morph_offsets.len() as u32));
            }
        }
        SkinMesh {
            positions,
            skins,
            vertex_morphs,
            morph_offsets,
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }

    /// The bones that move vertex `v` (with a non-zero weight); empty when out of range.
    pub fn vertex_bones(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let (bones, weights): (&[u32], &[f32]) = match self.skins.get(v) {
            Some(Skin::Linear { bones, weights } | Skin::Qdef { bones, weights }) => {
                (bones, weights)
            }
            Some(Skin::Sdef { bones, weight, .. }) => (
                bones,
                if *weight == 0.0 {
                    &[0.0, 1.0]
                } else if *weight == 1.0 {
                    &[1.0, 0.0]
                } else {
                    &[1.0, 1.0]
                },
            ),
            None => (&[], &[]),
        };
        bones
            .iter()
            .zip(weights)
            .filter(|&(&b, &w)| w != 0.0 && b != NO_BONE)
            .map(|(&b, _)| b as usize)
    }

    /// Skins every vertex with `pose` (vertex morphs at `pose.morph_weights` applied first)
    /// into `out`, which is resized to the vertex count.
    pub fn skin(&self, pose: &Pose, out: &mut Vec<Vec3>) {
        out.clear();
        out.extend(self.positions.iter().map(|&p| Vec3::from(p)));
        for &(m, start, end) in &self.vertex_morphs {
            let w = pose.morph_weights.get(m).copied().unwrap_or(0.0);
            if w == 0.0 {
                continue;
            }
            for &(v, offset) in &self.morph_offsets[start as usize..end as usize] {
                out[v as usize] += Vec3::from(offset * w);
            }
        }
        let matrix = |b: u32| -> Affine3A {
            pose.skinning
                .get(b as usize)
                .map_or(Affine3A::IDENTITY, |m| Affine3A::from_mat4(*m))
        };
        let rotation = |b: u32| -> Quat {
            pose.globals
                .get(b as usize)
                .map_or(Quat::IDENTITY, |m| Quat::from_mat4(m).normalize())
        };
        for (skin, slot) in self.skins.iter().zip(out.iter_mut()) {
            let p = Vec3A::from(*slot);
            let p = match *skin {
                Skin::Linear { bones, weights } => {
                    let mut acc = Vec3A::ZERO;
                    for (&b, &w) in bones.iter().zip(&weights) {
                        if w != 0.0 {
                            acc += matrix(b).transform_point3a(p) * w;
                        }
                    }
                    acc
                }
                Skin::Sdef {
                    bones,
                    weight,
                    c,
                    cr0,
                    cr1,
                } => {
                    let w1 = 1.0 - weight;
                    let (m0, m1) = (matrix(bones[0]), matrix(bones[1]));
                    let q = rotation(bones[0]).slerp(rotation(bones[1]), w1);
                    Mat3A::from_quat(q) * (p - c)
                        + m0.transform_point3a(cr0) * weight
                        + m1.transform_point3a(cr1) * w1
                }
                Skin::Qdef { bones, weights } => {
                    dual_quaternion_blend(&bones, &weights, p, &matrix)
                }
            };
            *slot = Vec3::from(p);
        }
    }
}

/// Blends the bones' rigid transforms as dual quaternions (signs aligned with the first
/// used bone), then applies the normalised result to `p`.
fn dual_quaternion_blend(
    bones: &[u32; 4],
    weights: &[f32; 4],
    p: Vec3A,
    matrix: &impl Fn(u32) -> Affine3A,
) -> Vec3A {
    let mut real = Vec4::ZERO;
    let mut dual = Vec4::ZERO;
    let mut pivot: Option<Vec4> = None;
    for (&b, &w) in bones.iter().zip(weights) {
        if w == 0.0 {
            continue;
        }
        let m = matrix(b);
        let q = Quat::from_mat3a(&m.matrix3).normalize();
        let t = m.translation;
        // dual part = 0.5 * (t, 0) * q
        let d = Quat::from_xyzw(t.x, t.y, t.z, 0.0) * q * 0.5;
        let (mut qv, mut dv) = (Vec4::from(q), Vec4::from(d));
        match pivot {
            None => pivot = Some(qv),
            Some(first) if first.dot(qv) < 0.0 => {
                qv = -qv;
                dv = -dv;
            }
            Some(_) => {}
        }
        real += qv * w;
        dual += dv * w;
    }
    let len = real.length();
    // Also catches NaN.
    if len.is_nan() || len <= 1.0e-8 {
        return p;
    }
    let real = Quat::from_vec4(real / len);
    let dual = Quat::from_vec4(dual / len);
    let t = dual * real.conjugate() * 2.0;
    real.mul_vec3a(p) + Vec3A::new(t.x, t.y, t.z)
}
