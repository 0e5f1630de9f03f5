//! A vertex's bone influences as both skinnings read them: the CPU reference ([`SkinMesh`])
//! and the renderer's GPU pass take them from this one definition, so that a hostile weight
//! moves a vertex to the same place in both.
//!
//! [`SkinMesh`]: crate::SkinMesh

use glam::Vec3A;
use mmd_format::pmx::Weight;

use crate::rig::{finite_vec, finite_weight, index};

/// The bone index that a reference outside the skeleton becomes; such a bone skins with the
/// identity.
pub const NO_BONE: u32 = u32::MAX;

/// SDEF's centre C and the midpoints (C + R0') / 2 and (C + R1') / 2 that the skinned centre
/// is blended from, R0' and R1' being R0 and R1 shifted so that their weighted mean is C.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SdefParams {
    pub c: Vec3A,
    pub cr0: Vec3A,
    pub cr1: Vec3A,
}

/// How a vertex is skinned, with bone indices checked against the skeleton ([`NO_BONE`] where
/// they fall outside it) and weights made finite and bounded.
///
/// Weights pass through `finite_weight`: NaN and infinite ones become 0 and the rest are
/// clamped to ±1e4 (negative and > 1 weights extrapolate, as MMD lets them). A BDEF2 or SDEF
/// vertex's second weight is `1 - w` of its cleaned first weight, so a NaN weight puts the
/// vertex wholly on its second bone rather than on neither.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum VertexWeights {
    /// Linear blend of up to four bones (BDEF1, BDEF2, BDEF4); unused slots weigh 0.
    Linear { bones: [u32; 4], weights: [f32; 4] },
    /// MMD's spherical deformation of two bones, `weights` being `[w, 1 - w]`.
    Sdef {
        bones: [u32; 2],
        weights: [f32; 2],
        params: SdefParams,
    },
    /// Dual-quaternion blend of four bones.
    Qdef { bones: [u32; 4], weights: [f32; 4] },
}

impl VertexWeights {
    /// The cleaned influences of a vertex of a model with `bone_count` bones.
    pub fn from_pmx(weight: &Weight, bone_count: usize) -> VertexWeights {
        let bone = |i: i32| index(i, bone_count).unwrap_or(NO_BONE);
        match weight {
            Weight::Bdef1 { bone: b } => VertexWeights::Linear {
                bones: [bone(*b), NO_BONE, NO_BONE, NO_BONE],
                weights: [1.0, 0.0, 0.0, 0.0],
            },
            Weight::Bdef2 { bones, weight } => {
                let w = finite_weight(*weight);
                VertexWeights::Linear {
                    bones: [bone(bones[0]), bone(bones[1]), NO_BONE, NO_BONE],
                    weights: [w, 1.0 - w, 0.0, 0.0],
                }
            }
            Weight::Bdef4 { bones, weights } => VertexWeights::Linear {
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
                VertexWeights::Sdef {
                    bones: [bone(bones[0]), bone(bones[1])],
                    weights: [w0, w1],
                    params: sdef_params([w0, w1], finite_vec(*c), finite_vec(*r0), finite_vec(*r1)),
                }
            }
            Weight::Qdef { bones, weights } => VertexWeights::Qdef {
                bones: bones.map(bone),
                weights: weights.map(finite_weight),
            },
        }
    }
}

/// The standard SDEF preparation: R0 and R1 are shifted by the same vector so that their
/// weighted mean lies on C, which keeps the vertex's rest position where the file puts it.
fn sdef_params([w0, w1]: [f32; 2], c: Vec3A, r0: Vec3A, r1: Vec3A) -> SdefParams {
    let rw = r0 * w0 + r1 * w1;
    let r0 = c + r0 - rw;
    let r1 = c + r1 - rw;
    SdefParams {
        c,
        cr0: (c + r0) * 0.5,
        cr1: (c + r1) * 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn linear(weight: &Weight) -> ([u32; 4], [f32; 4]) {
        match VertexWeights::from_pmx(weight, 3) {
            VertexWeights::Linear { bones, weights } => (bones, weights),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bdef2_second_weight_comes_from_the_cleaned_first() {
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let weight = Weight::Bdef2 {
                bones: [0, 2],
                weight: bad,
            };
            assert_eq!(
                linear(&weight),
                ([0, 2, NO_BONE, NO_BONE], [0.0, 1.0, 0.0, 0.0])
            );
        }
        let weight = Weight::Bdef2 {
            bones: [1, 0],
            weight: 1.0e9,
        };
        assert_eq!(linear(&weight).1, [1.0e4, 1.0 - 1.0e4, 0.0, 0.0]);
    }

    #[test]
    fn in_range_weights_and_bones_pass_unchanged() {
        let weight = Weight::Bdef4 {
            bones: [2, 1, 0, 1],
            weights: [-0.5, 1.5, 0.25, -0.25],
        };
        assert_eq!(linear(&weight), ([2, 1, 0, 1], [-0.5, 1.5, 0.25, -0.25]));
    }

    #[test]
    fn bones_outside_the_skeleton_become_no_bone() {
        let weight = Weight::Qdef {
            bones: [-1, 3, i32::MAX, 2],
            weights: [f32::NAN, -1.0e30, 1.0e30, 0.5],
        };
        assert_eq!(
            VertexWeights::from_pmx(&weight, 3),
            VertexWeights::Qdef {
                bones: [NO_BONE, NO_BONE, NO_BONE, 2],
                weights: [0.0, -1.0e4, 1.0e4, 0.5],
            }
        );
        assert_eq!(
            linear(&Weight::Bdef1 { bone: 7 }).0,
            [NO_BONE, NO_BONE, NO_BONE, NO_BONE]
        );
    }

    #[test]
    fn sdef_corrected_centres_average_to_c() {
        for w in [0.3, 1.7, f32::NAN] {
            let weight = Weight::Sdef {
                bones: [0, 1],
                weight: w,
                c: [0.0, 5.0, 0.0],
                r0: [0.5, 6.5, 0.0],
                r1: [0.0, 3.5, f32::INFINITY],
            };
            let VertexWeights::Sdef {
                weights, params, ..
            } = VertexWeights::from_pmx(&weight, 2)
            else {
                panic!("not SDEF");
            };
            let w0 = if w.is_nan() { 0.0 } else { w };
            assert_eq!(weights, [w0, 1.0 - w0]);
            // The non-finite R1 counts as the origin.
            let (c, r0, r1) = (
                Vec3A::new(0.0, 5.0, 0.0),
                Vec3A::new(0.5, 6.5, 0.0),
                Vec3A::ZERO,
            );
            let shift = c - (r0 * w0 + r1 * (1.0 - w0));
            assert_eq!(params.c, c);
            assert!(params.cr0.abs_diff_eq((c + r0 + shift) * 0.5, 1e-6));
            assert!(params.cr1.abs_diff_eq((c + r1 + shift) * 0.5, 1e-6));
            // Weighted, the midpoints give C back: the rest position does not move.
            let centre = params.cr0 * weights[0] + params.cr1 * weights[1];
            assert!(centre.abs_diff_eq(c, 1e-5), "{centre}");
        }
    }
}
