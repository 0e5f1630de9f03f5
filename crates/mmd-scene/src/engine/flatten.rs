//! A model's motion layers flattened into one ordinary VMD (`mmd-player bake-motion`), which
//! MMD and every other player open: for every frame asked for, a key for every bone and
//! morph a layer taking part animates, holding the blend (before bone morphs, which the
//! baked morph weights drive again), with linear curves, the physics switch of the heaviest
//! layer animating the bone, and a show/IK key naming every IK bone. Camera keys come from the
//! scene's camera motion (its own, or the first layer having camera keys), light keys from its
//! light motion (the same way), sampled per frame. At every whole frame the baked
//! motion poses exactly as the layers do; between frames it interpolates linearly.

use mmd_format::FixedText;
use mmd_format::vmd::{BoneKey, CameraKey, IkKey, IkState, LightKey, MorphKey, Vmd};

use crate::stage::scene::Scene;

/// The layers of `scene`'s actor `actor` at each of `frames`, as one VMD for its model;
/// `None` without such an actor.
pub fn flatten_layers(scene: &Scene, actor: usize, frames: &[u32]) -> Option<Vmd> {
    let actor = scene.actors.get(actor)?;
    let rig = &actor.model.rig;
    let layers = actor.layers();
    let bones: Vec<(usize, FixedText<15>)> = (0..rig.bone_count())
        .filter(|&b| layers.animates_bone(b))
        .map(|b| (b, FixedText::encode(rig.bone_name(b))))
        .collect();
    let morphs: Vec<(usize, FixedText<15>)> = (0..rig.morph_count())
        .filter(|&m| layers.animates_morph(m))
        .map(|m| (m, FixedText::encode(rig.morph_name(m))))
        .collect();
    let ik_names: Vec<FixedText<20>> = rig
        .ik_bones()
        .map(|b| FixedText::encode(rig.bone_name(b)))
        .collect();
    let toggles = layers.has_physics_toggles();

    let mut vmd = Vmd {
        model_name: FixedText::encode(&actor.model.pmx.name),
        ..Vmd::default()
    };
    for &f in frames {
        let frame = f as f32;
        for (bone, name) in &bones {
            let Some((translation, rotation)) = layers.sample_bone(*bone, frame) else {
                continue;
            };
            let mut key = BoneKey {
                name: *name,
                frame: f,
                translation: translation.to_array(),
                rotation: rotation.to_array(),
                interpolation: BoneKey::LINEAR_INTERPOLATION,
            };
            if toggles {
                key.set_physics_off(layers.bone_physics_off(*bone, frame));
            }
            vmd.bone_keys.push(key);
        }
        for (morph, name) in &morphs {
            if let Some(weight) = layers.sample_morph(*morph, frame) {
                vmd.morph_keys.push(MorphKey {
                    name: *name,
                    frame: f,
                    weight,
                });
            }
        }
        if !ik_names.is_empty() {
            vmd.ik_keys.push(IkKey {
                frame: f,
                visible: 1,
                iks: ik_names
                    .iter()
                    .enumerate()
                    .map(|(solver, name)| IkState {
                        name: *name,
                        enabled: u8::from(layers.ik_enabled(solver, frame)),
                    })
                    .collect(),
            });
        }
        if let Some(camera) = scene.camera_at(frame) {
            vmd.camera_keys.push(CameraKey {
                frame: f,
                distance: camera.distance,
                position: camera.target.to_array(),
                rotation: camera.rotation.to_array(),
                interpolation: CameraKey::LINEAR_INTERPOLATION,
                fov: camera.fov_y_deg.round().clamp(0.0, u32::MAX as f32) as u32,
                perspective_off: u8::from(!camera.perspective),
            });
        }
        if let Some(light) = scene.light_motion_at(frame) {
            vmd.light_keys.push(LightKey {
                frame: f,
                color: light.color.to_array(),
                direction: light.direction.to_array(),
            });
        }
    }
    Some(vmd)
}
