//! A model's motion layers flattened into one ordinary VMD (`mmd-player bake-motion`), which
//! MMD and every other player open: for every frame asked for, a key for every bone and
//! morph a layer taking part animates, holding the blend (before bone morphs, which the
//! baked morph weights drive again), with linear curves, the physics switch of the heaviest
//! layer animating the bone, and a show/IK key naming every IK bone. Camera keys come from the
//! scene's camera motion (its own, or the first layer having camera keys), light keys from the
//! first layer having them, sampled per frame the same way. At every whole frame the baked
//! motion poses exactly as the layers do; between frames it interpolates linearly.

use mmd_format::FixedText;
use mmd_format::vmd::{BoneKey, CameraKey, IkKey, IkState, LightKey, MorphKey, Vmd};
use mmd_pose::Layer;

use crate::actor::Actor;
use crate::scene::Scene;

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
    let light = first_light(actor);

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
        if let Some((layer, keys)) = &light {
            let (color, direction) = light_at(keys, layer.local_frame(frame));
            vmd.light_keys.push(LightKey {
                frame: f,
                color,
                direction,
            });
        }
    }
    Some(vmd)
}

/// The first layer taking part whose files have light keys, with those keys sorted by frame
/// (of keys on one frame, the last).
fn first_light(actor: &Actor) -> Option<(&Layer, Vec<LightKey>)> {
    actor
        .layers()
        .iter()
        .zip(actor.layer_sources())
        .filter(|(layer, _)| layer.effective_weight() > 0.0)
        .find_map(|(layer, source)| {
            let file = source
                .files
                .iter()
                .rev()
                .find(|f| !f.vmd.light_keys.is_empty())?;
            let mut keys = file.vmd.light_keys.clone();
            keys.sort_by_key(|k| k.frame);
            keys.dedup_by(|later, earlier| {
                let same = later.frame == earlier.frame;
                if same {
                    *earlier = later.clone();
                }
                same
            });
            Some((layer, keys))
        })
}

/// The light at `frame`, linear between keys (MMD interpolates lights linearly), holding the
/// first and last keys outside them. `keys` is sorted and not empty.
fn light_at(keys: &[LightKey], frame: f32) -> ([f32; 3], [f32; 3]) {
    let next = keys.partition_point(|k| k.frame as f32 <= frame);
    let (a, b) = match (next.checked_sub(1), keys.get(next)) {
        (Some(i), Some(b)) => (&keys[i], b),
        (Some(i), None) => (&keys[i], &keys[i]),
        (None, _) => (&keys[0], &keys[0]),
    };
    if a.frame == b.frame {
        return (a.color, a.direction);
    }
    let s = (frame - a.frame as f32) / (b.frame as f32 - a.frame as f32);
    let lerp = |x: [f32; 3], y: [f32; 3]| std::array::from_fn(|i| x[i] + (y[i] - x[i]) * s);
    (lerp(a.color, b.color), lerp(a.direction, b.direction))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(frame: u32, v: f32) -> LightKey {
        LightKey {
            frame,
            color: [v; 3],
            direction: [-v, 0.0, 1.0],
        }
    }

    #[test]
    fn lights_interpolate_linearly_and_hold_outside_their_keys() {
        let keys = [key(10, 0.0), key(20, 1.0)];
        assert_eq!(light_at(&keys, 0.0), ([0.0; 3], [0.0, 0.0, 1.0]));
        assert_eq!(light_at(&keys, 15.0), ([0.5; 3], [-0.5, 0.0, 1.0]));
        assert_eq!(light_at(&keys, 20.0), ([1.0; 3], [-1.0, 0.0, 1.0]));
        assert_eq!(light_at(&keys, 99.0), ([1.0; 3], [-1.0, 0.0, 1.0]));
    }
}
