//! A project's keys as VMD motions, which the player already plays: a model's bone, morph and
//! show/IK keys, and the camera's, the light's and the self-shadow's keys. Values move
//! unchanged (a project stores them as a VMD does, see the [module docs](super)); curves are
//! laid out as MMD writes them in a VMD. What a VMD cannot hold stays in the [`Pmm`](super::Pmm):
//! outside parents, accessory and gravity keys, the bone a camera key follows, the editor's
//! state.

use super::{Camera, Light, PmmModel, SelfShadow};
use crate::text::FixedText;
use crate::vmd::{self, IkKey, IkState, ShadowKey, Vmd};

/// The model name MMD writes in a camera and light motion.
const CAMERA_AND_LIGHT: &str = "カメラ・照明";

/// The model's bone keys (every track, its initial frame-0 key included, in track then frame
/// order), morph keys and show/IK keys. Names longer than a VMD's fields (15 bytes for bones
/// and morphs, 20 for IK bones) are cut as MMD cuts them when it saves a VMD; an IK switch
/// whose bone index is past the bone names (a warning when read) has no name and is left out.
pub fn model_motion(model: &PmmModel) -> Vmd {
    let name = |names: &[String], t: usize| names.get(t).map_or("", String::as_str).to_owned();
    let bone_keys = model
        .bone_tracks
        .iter()
        .enumerate()
        .flat_map(|(t, keys)| {
            let name = FixedText::encode(&name(&model.bone_names, t));
            keys.iter().map(move |k| vmd::BoneKey {
                name,
                frame: k.frame,
                translation: k.translation,
                rotation: k.rotation,
                interpolation: bone_interpolation(&k.curves, k.physics_off),
            })
        })
        .collect();
    let morph_keys = model
        .morph_tracks
        .iter()
        .enumerate()
        .flat_map(|(t, keys)| {
            let name = FixedText::encode(&name(&model.morph_names, t));
            keys.iter().map(move |k| vmd::MorphKey {
                name,
                frame: k.frame,
                weight: k.weight,
            })
        })
        .collect();
    let ik_names: Vec<Option<FixedText<20>>> = model
        .ik_bones
        .iter()
        .map(|&bone| {
            let bone = usize::try_from(bone).ok()?;
            model.bone_names.get(bone).map(|n| FixedText::encode(n))
        })
        .collect();
    let ik_keys = model
        .model_keys
        .iter()
        .map(|k| IkKey {
            frame: k.frame,
            visible: u8::from(k.visible),
            iks: ik_names
                .iter()
                .zip(&k.iks)
                .filter_map(|(name, &on)| {
                    Some(IkState {
                        name: (*name)?,
                        enabled: u8::from(on),
                    })
                })
                .collect(),
        })
        .collect();
    Vmd {
        model_name: FixedText::encode(&model.name),
        bone_keys,
        morph_keys,
        ik_keys,
        ..Vmd::default()
    }
}

/// The camera keys. A key's followed bone is not part of a VMD and is left out.
pub fn camera_motion(camera: &Camera) -> Vmd {
    Vmd {
        model_name: FixedText::encode(CAMERA_AND_LIGHT),
        camera_keys: camera
            .keys
            .iter()
            .map(|k| vmd::CameraKey {
                frame: k.frame,
                distance: k.distance,
                position: k.look_at,
                rotation: k.angle,
                interpolation: camera_interpolation(&k.curves),
                // A negative field of view cannot be shown; MMD's own range starts at 1.
                fov: u32::try_from(k.fov).unwrap_or(0),
                perspective_off: u8::from(!k.perspective),
            })
            .collect(),
        ..Vmd::default()
    }
}

pub fn light_motion(light: &Light) -> Vmd {
    Vmd {
        model_name: FixedText::encode(CAMERA_AND_LIGHT),
        light_keys: light
            .keys
            .iter()
            .map(|k| vmd::LightKey {
                frame: k.frame,
                color: k.state.color,
                direction: k.state.direction,
            })
            .collect(),
        ..Vmd::default()
    }
}

pub fn self_shadow_motion(self_shadow: &SelfShadow) -> Vmd {
    Vmd {
        model_name: FixedText::encode(CAMERA_AND_LIGHT),
        shadow_keys: self_shadow
            .keys
            .iter()
            .map(|k| ShadowKey {
                frame: k.frame,
                mode: k.mode,
                distance: k.distance,
            })
            .collect(),
        ..Vmd::default()
    }
}

/// A VMD bone key's 64-byte block for curves X, Y, Z, rotation (each x1, y1, x2, y2), as
/// MMD 9 lays it out: row 0 holds x1 of the four curves, then y1, x2, y2; row k is row 0
/// shifted left by k bytes (zero filled); bytes 2 and 3 carry the physics switch. Each
/// curve reads back unchanged through [`vmd::BoneKey::curve`], which takes curve c from
/// row c.
pub fn bone_interpolation(curves: &[[u8; 4]; 4], physics_off: bool) -> [u8; 64] {
    let mut row0 = [0u8; 16];
    for (c, curve) in curves.iter().enumerate() {
        for (j, &value) in curve.iter().enumerate() {
            row0[4 * j + c] = value;
        }
    }
    let mut key = vmd::BoneKey {
        name: FixedText::default(),
        frame: 0,
        translation: [0.0; 3],
        rotation: [0.0; 4],
        interpolation: [0; 64],
    };
    for row in 0..4 {
        key.interpolation[16 * row..16 * row + 16 - row].copy_from_slice(&row0[row..]);
    }
    key.set_physics_off(physics_off);
    key.interpolation
}

/// A VMD camera key's 24-byte block for curves X, Y, Z, rotation, distance, fov: each curve
/// as x1, x2, y1, y2 (a project stores x1, y1, x2, y2).
pub fn camera_interpolation(curves: &[[u8; 4]; 6]) -> [u8; 24] {
    let mut block = [0u8; 24];
    for (c, &[x1, y1, x2, y2]) in curves.iter().enumerate() {
        block[4 * c..4 * c + 4].copy_from_slice(&[x1, x2, y1, y2]);
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINEAR: [u8; 4] = [20, 20, 107, 107];

    #[test]
    fn linear_curves_give_the_blocks_mmd_writes() {
        assert_eq!(
            bone_interpolation(&[LINEAR; 4], false),
            vmd::BoneKey::LINEAR_INTERPOLATION
        );
        assert_eq!(
            camera_interpolation(&[LINEAR; 6]),
            vmd::CameraKey::LINEAR_INTERPOLATION
        );
    }

    #[test]
    fn every_curve_reads_back_with_and_without_physics() {
        let curves = [
            [1, 2, 3, 4],
            [5, 6, 7, 8],
            [9, 10, 11, 12],
            [13, 14, 15, 16],
        ];
        for physics_off in [false, true] {
            let key = vmd::BoneKey {
                name: FixedText::default(),
                frame: 0,
                translation: [0.0; 3],
                rotation: [0.0; 4],
                interpolation: bone_interpolation(&curves, physics_off),
            };
            assert_eq!(key.physics_off(), physics_off);
            for (c, curve) in curves.iter().enumerate() {
                assert_eq!(key.curve(c), *curve, "curve {c}");
            }
        }
    }
}
