//! What the GPU holds for a scene and what a frame draws, in MMD's order, and where, with the
//! View menu's switches: the window, the exported frames and the benchmarks upload and draw
//! the same lists.

use std::path::Path;

use glam::Mat4;
use mmd_format::pmx::Pmx;
use mmd_pose::Pose;
use mmd_render::{AccessoryLook, ModelGpu, RenderError, Renderer, TextureWarning, View};
use mmd_scene::engine::frame::SceneFrame;
use mmd_scene::stage::accessory::AccessorySettings;
use mmd_scene::stage::model::TextureOrigin;
use mmd_scene::stage::scene::{Drawn, Scene};
use mmd_session::view_options::ViewOptions;
use smallvec::SmallVec;

use crate::textures::texture_source;

/// A model's or an accessory's mesh, as the GPU uploads it.
pub struct SceneMesh<'a> {
    /// The actor's or accessory's id, which its upload keeps.
    pub id: u64,
    /// What notices call it.
    pub label: &'a str,
    /// The file notices name (a model's as the user opened it, or "bundled model").
    pub file: &'a Path,
    pub mesh: &'a Pmx,
    pub textures: &'a TextureOrigin,
    /// Drawn with the accessory shading.
    pub accessory: bool,
    /// Shown now (hidden ones are drawn again once shown).
    pub shown: bool,
}

impl SceneMesh<'_> {
    /// Uploads the mesh with its textures (see [`ModelGpu::new`]).
    pub fn upload(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
    ) -> Result<(ModelGpu, Vec<TextureWarning>), RenderError> {
        let textures = texture_source(self.textures);
        let upload = if self.accessory {
            ModelGpu::new_accessory
        } else {
            ModelGpu::new
        };
        upload(device, queue, renderer, self.mesh, textures.as_ref())
    }
}

/// Every model's and accessory's mesh in `scene`, models first.
pub fn scene_meshes(scene: &Scene) -> impl Iterator<Item = SceneMesh<'_>> {
    let models = scene.actors.iter().map(|actor| SceneMesh {
        id: actor.id,
        label: &actor.model.label,
        file: Path::new(actor.model.file.as_str()),
        mesh: &actor.model.pmx,
        textures: &actor.model.textures,
        accessory: false,
        shown: actor.visible,
    });
    let accessories = scene.accessories.iter().map(|accessory| SceneMesh {
        id: accessory.id,
        label: &accessory.label,
        file: &accessory.file,
        mesh: &accessory.mesh,
        textures: &accessory.textures,
        accessory: true,
        shown: accessory.ever_shown(),
    });
    models.chain(accessories)
}

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
fn accessory_look(s: &AccessorySettings) -> AccessoryLook {
    AccessoryLook {
        opacity: s.opacity,
        additive: s.additive,
        ground_shadow: s.ground_shadow,
    }
}

/// Everything `frame` draws of `scene`, in its draw order, each actor in the pose `pose_of`
/// gives it (an actor without one is left out) and each accessory where the frame placed it.
pub fn draw_items<'a, 'p: 'a>(
    scene: &'a Scene,
    frame: &'a SceneFrame,
    pose_of: impl Fn(usize) -> Option<&'p Pose> + Copy + 'a,
) -> impl Iterator<Item = DrawItem<'p>> + Clone + 'a {
    frame
        .draw_order()
        .iter()
        .filter_map(move |&drawn| match drawn {
            Drawn::Actor(i) => {
                let actor = scene.actors.get(i)?;
                Some(DrawItem {
                    id: actor.id,
                    placement: actor.placement(),
                    pose: Some(pose_of(i)?),
                    look: AccessoryLook::default(),
                })
            }
            Drawn::Accessory(i) => {
                let at = frame.accessory(i)?;
                Some(DrawItem {
                    id: scene.accessories.get(i)?.id,
                    placement: at.world,
                    pose: None,
                    look: accessory_look(&at.settings),
                })
            }
        })
}

/// The view the renderer draws `frame` with: the View menu's switches (`options`) over the
/// one set of view defaults ([`View::default`]: MMD's white background and its ground
/// shadow's colour), for the window, `render`, export and the benchmarks alike.
pub fn frame_view(frame: &SceneFrame, options: &ViewOptions) -> View {
    let default = View::default();
    View {
        camera: frame.camera,
        light: frame.light,
        self_shadow: frame.self_shadow,
        edges: options.edges,
        wireframe: options.wireframe,
        ground_shadow: default.ground_shadow.filter(|_| options.ground_shadow),
        ..default
    }
}

/// How many uploads a frame lists without allocating: more models and accessories than
/// scenes usually hold (a stage, a few dancers, their props).
pub const DRAWN_ON_STACK: usize = 64;

/// A scene's meshes on the GPU, each with its actor's or accessory's id, and the order the
/// last frame drew them in (kept to reuse its memory). The ids sit apart from the uploads, so
/// that finding an item's upload reads a few cache lines rather than one per upload.
#[derive(Default)]
pub struct Uploads {
    ids: Vec<u64>,
    models: Vec<ModelGpu>,
    order: Vec<usize>,
}

impl Uploads {
    pub fn insert(&mut self, id: u64, model: ModelGpu) {
        self.ids.push(id);
        self.models.push(model);
    }

    pub fn contains(&self, id: u64) -> bool {
        self.ids.contains(&id)
    }

    /// Drops the uploads whose id `keep` refuses, keeping the others in order. The window
    /// calls it every frame, so it moves the kept ones forward in place rather than allocate.
    pub fn retain(&mut self, keep: impl Fn(u64) -> bool) {
        let mut kept = 0;
        for at in 0..self.ids.len() {
            if keep(self.ids[at]) {
                self.ids.swap(kept, at);
                self.models.swap(kept, at);
                kept += 1;
            }
        }
        self.ids.truncate(kept);
        self.models.truncate(kept);
        self.order.clear();
    }

    /// Sets the upload of each of `items` to its place, look and pose for the next frame, and
    /// returns the uploads in the items' order (an item without an upload is left out), on
    /// the stack up to [`DRAWN_ON_STACK`] of them.
    pub fn prepare<'a>(
        &mut self,
        queue: &wgpu::Queue,
        items: impl IntoIterator<Item = DrawItem<'a>>,
    ) -> SmallVec<[&ModelGpu; DRAWN_ON_STACK]> {
        self.order.clear();
        for item in items {
            let Some(at) = self.ids.iter().position(|&id| id == item.id) else {
                continue;
            };
            let model = &mut self.models[at];
            model.set_placement(item.placement);
            model.set_accessory_look(item.look);
            match item.pose {
                Some(pose) => model.update(queue, &pose.skinning, &pose.morph_weights),
                None => model.update(queue, &[], &[]),
            }
            self.order.push(at);
        }
        self.order.iter().map(|&at| &self.models[at]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_keeps_mmds_background_and_takes_the_switches() {
        let frame = SceneFrame::default();
        let on = frame_view(&frame, &ViewOptions::default());
        let off = frame_view(
            &frame,
            &ViewOptions {
                edges: false,
                ground_shadow: false,
                wireframe: true,
                ..ViewOptions::default()
            },
        );
        assert_eq!(on.background, View::default().background);
        assert_eq!(on.ground_shadow, View::default().ground_shadow);
        assert!(on.edges && !off.edges);
        assert_eq!(off.ground_shadow, None);
        assert!(off.wireframe && !on.wireframe);
    }
}
