//! CPU reference skinning: BDEF1/2/4 linear blend, SDEF (MMD's spherical deformation with
//! C, R0, R1) and QDEF (dual-quaternion blend), vertex morphs applied first. The renderer
//! skins on the GPU; this is the reference its output and the tests are checked against.
//! Both read each vertex's bones and weights as [`VertexWeights`] cleans them.

use glam::{Affine3A, Mat3A, Quat, Vec3, Vec3A, Vec4};
use mmd_format::pmx::{MorphOffsets, Pmx};

use crate::pose::Pose;
use crate::rig::finite_vec;
use crate::skin_weights::{NO_BONE, SdefParams, VertexWeights};

/// A model's mesh as the CPU skinning needs it.
#[derive(Debug, Clone)]
pub struct SkinMesh {
    positions: Vec<Vec3A>,
    skins: Vec<VertexWeights>,
    /// (morph index, range in `morph_offsets`) per vertex morph.
    vertex_morphs: Vec<(usize, u32, u32)>,
    morph_offsets: Vec<(u32, Vec3A)>,
}

impl SkinMesh {
    pub fn from_pmx(pmx: &Pmx) -> SkinMesh {
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
            .map(|v| VertexWeights::from_pmx(&v.weight, pmx.bones.len()))
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
            Some(
                VertexWeights::Linear { bones, weights } | VertexWeights::Qdef { bones, weights },
            ) => (bones, weights),
            Some(VertexWeights::Sdef { bones, weights, .. }) => (bones, weights),
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
                VertexWeights::Linear { bones, weights } => {
                    let mut acc = Vec3A::ZERO;
                    for (&b, &w) in bones.iter().zip(&weights) {
                        if w != 0.0 {
                            acc += matrix(b).transform_point3a(p) * w;
                        }
                    }
                    acc
                }
                VertexWeights::Sdef {
                    bones,
                    weights: [w0, w1],
                    params: SdefParams { c, cr0, cr1 },
                } => {
                    let (m0, m1) = (matrix(bones[0]), matrix(bones[1]));
                    let q = rotation(bones[0]).slerp(rotation(bones[1]), w1);
                    Mat3A::from_quat(q) * (p - c)
                        + m0.transform_point3a(cr0) * w0
                        + m1.transform_point3a(cr1) * w1
                }
                VertexWeights::Qdef { bones, weights } => {
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
