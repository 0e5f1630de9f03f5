//! A solved pose as files MMD reads: a VPD (every bone, full names) and VMD keys at one
//! frame. Both hold each bone's translation and rotation relative to rest
//! ([`FullBodySolver::bone_local`]), which play back as solved with IK on because the
//! solve moved every IK bone onto its effector.
//!
//! A VMD names bones in 15 bytes, so a bone whose cut name binds to another bone cannot be
//! keyed ([`vmd_keyable_bones`]); when that is an IK bone, its chain would solve from where
//! the motion leaves it, so the keys switch such chains off (show/IK names hold 20 bytes)
//! and the links keep their keyed, solved rotations.

use mmd_format::FixedText;
use mmd_format::vmd::{BoneKey, IkKey, IkState, Vmd};
use mmd_format::vpd::{Vpd, VpdBone};

use super::FullBodySolver;
use crate::motion::vmd_keyable_bones;
use crate::rig::Rig;

impl FullBodySolver {
    /// The solved pose as a VPD holding every bone of `rig`; `model_name` is what MMD
    /// writes on its third line (the model's file name with `.osm`).
    pub fn to_vpd(&self, rig: &Rig, model_name: &str) -> Vpd {
        let bones = (0..rig.bone_count())
            .filter_map(|b| {
                let (translation, rotation) = self.bone_local(b)?;
                Some(VpdBone {
                    name: rig.bone_name(b).to_string(),
                    translation: translation.to_array(),
                    rotation: rotation.to_array(),
                })
            })
            .collect();
        Vpd {
            model_name: model_name.to_string(),
            bones,
            ..Vpd::default()
        }
    }

    /// The solved pose as VMD keys at `frame`: one key per bone a VMD can name (linear
    /// curves) and one show/IK key switching on every IK chain whose IK bone is keyed,
    /// off the others.
    pub fn to_vmd_keys(&self, rig: &Rig, frame: u32) -> Vmd {
        let keyable = vmd_keyable_bones(rig);
        let bone_keys = (0..rig.bone_count())
            .filter(|&b| keyable[b])
            .filter_map(|b| {
                let (translation, rotation) = self.bone_local(b)?;
                Some(BoneKey {
                    name: FixedText::encode(rig.bone_name(b)),
                    frame,
                    translation: translation.to_array(),
                    rotation: rotation.to_array(),
                    interpolation: BoneKey::LINEAR_INTERPOLATION,
                })
            })
            .collect();
        let iks = rig
            .ik_bones()
            .map(|b| IkState {
                name: FixedText::encode(rig.bone_name(b)),
                enabled: u8::from(keyable[b]),
            })
            .collect();
        Vmd {
            bone_keys,
            ik_keys: vec![IkKey {
                frame,
                visible: 1,
                iks,
            }],
            ..Vmd::default()
        }
    }
}
