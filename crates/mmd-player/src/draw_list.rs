//! What a frame draws, in MMD's order, and where: the window and the exported frames draw
//! the same list.

use glam::Mat4;
use mmd_pose::Pose;
use mmd_render::AccessoryLook;
use mmd_scene::accessory::Accessory;
use mmd_scene::scene::{Drawn, Scene};

/// One model or accessory to draw: its GPU upload's id, its place, its pose (`None` for an
/// accessory, whose one bone is its place) and its look.
#[derive(Debug, Clone, Copy)]
pub struct DrawItem<'a> {
    pub id: u64,
    pub placement: Mat4,
    pub pose: Option<&'a Pose>,
    pub look: AccessoryLook,
}

/// An accessory's Tr, AD and shadow as the renderer takes them.
pub fn accessory_look(accessory: &Accessory) -> AccessoryLook {
    let s = &accessory.settings;
    AccessoryLook {
        opacity: s.opacity,
        additive: s.additive,
        ground_shadow: s.ground_shadow,
    }
}

/// Everything shown in `scene`, in [`Scene::draw_order`], each actor in the pose `pose_of`
/// gives it (an actor without one is left out) and each accessory where its parent bone is
/// in those poses.
pub fn draw_items<'a>(
    scene: &'a Scene,
    pose_of: impl Fn(usize) -> Option<&'a Pose> + Copy + 'a,
) -> impl Iterator<Item = DrawItem<'a>> + 'a {
    scene.draw_order().filter_map(move |drawn| match drawn {
        Drawn::Actor(i) => {
            let actor = &scene.actors[i];
            Some(DrawItem {
                id: actor.id,
                placement: actor.placement(),
                pose: Some(pose_of(i)?),
                look: AccessoryLook::default(),
            })
        }
        Drawn::Accessory(i) => {
            let accessory = &scene.accessories[i];
            Some(DrawItem {
                id: accessory.id,
                placement: accessory.world_matrix(&scene.actors, pose_of),
                pose: None,
                look: accessory_look(accessory),
            })
        }
    })
}

/// Sets `model` (the upload of `item`) to `item`'s place, look and pose for the next frame.
pub fn prepare(model: &mut mmd_render::ModelGpu, queue: &wgpu::Queue, item: &DrawItem<'_>) {
    model.set_placement(item.placement);
    model.set_accessory_look(item.look);
    match item.pose {
        Some(pose) => model.update(queue, &pose.skinning, &pose.morph_weights),
        None => model.update(queue, &[], &[]),
    }
}
