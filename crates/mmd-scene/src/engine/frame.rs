//! A scene evaluated at one frame, the one description of a frame every host draws: the
//! window, `render`, `pose`, `bench` and video export all bring a scene to a frame through
//! [`SceneFrame::pose`] (or [`SceneFrame::evaluate`] over poses they already have), and draw
//! what it holds.
//!
//! What the user authored stays in the [`Scene`]; what the frame evaluated is kept here
//! apart from it: whether each model's show keys show it, each accessory's settings as its
//! keys give them and where it stands, the camera, the light, the self-shadow and the draw
//! order. So scrubbing the timeline never changes what a project saves.
//!
//! A frame is evaluated into the same [`SceneFrame`] again and again: its lists keep their
//! memory, so evaluating a frame of an unchanged scene allocates nothing.

use glam::Mat4;
use mmd_pose::{Camera, Light, Pose, SelfShadow};

use crate::engine::SceneEngine;
use crate::engine::accessory_placements::AccessoryPlacements;
use crate::stage::accessory::AccessorySettings;
use crate::stage::scene::{Drawn, Scene};

/// Where a frame's camera comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraChoice {
    /// The scene's camera motion, its look-at point moved with the bone it follows
    /// ([`Scene::camera_posed`]); `otherwise` when the scene has no camera motion.
    Motion { otherwise: Camera },
    /// This camera, whatever the scene keys (the window's free camera, an export's fixed
    /// one).
    Fixed(Camera),
}

/// What the host decides about a frame beyond what the scene keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameChoices {
    pub camera: CameraChoice,
    /// A light set by hand (MMD's light panel), over the scene's light motion.
    pub light: Option<Light>,
    /// Whether the self-shadow is drawn at all (the View menu's switch, `--self-shadow`).
    pub self_shadow: bool,
}

impl Default for FrameChoices {
    /// The scene's camera motion (MMD's start-up camera without one), its light and its
    /// self-shadow.
    fn default() -> FrameChoices {
        FrameChoices {
            camera: CameraChoice::Motion {
                otherwise: Camera::default(),
            },
            light: None,
            self_shadow: true,
        }
    }
}

/// The camera `choice` gives for `scene` at `frame`, the actors posed as `pose_of` gives.
pub fn camera_of<'p>(
    scene: &Scene,
    frame: f32,
    pose_of: impl Fn(usize) -> Option<&'p Pose>,
    choice: CameraChoice,
) -> Camera {
    match choice {
        CameraChoice::Fixed(camera) => camera,
        CameraChoice::Motion { otherwise } => {
            scene.camera_posed(frame, pose_of).unwrap_or(otherwise)
        }
    }
}

/// The light drawn at `frame`: the one set by hand, else the scene's light motion (MMD's
/// default light without one).
pub fn light_of(scene: &Scene, frame: f32, by_hand: Option<Light>) -> Light {
    by_hand.unwrap_or_else(|| scene.light_at(frame))
}

/// One accessory at the frame: its settings as its keys give them (the authored ones when it
/// has no keys) and where it is drawn.
#[derive(Debug, Clone, Default)]
pub struct AccessoryFrame {
    pub settings: AccessorySettings,
    /// Its parent bone's matrix in the frame's poses (the world without a parent) times its
    /// own place.
    pub world: Mat4,
}

/// A scene at one frame (see the module's notes).
#[derive(Debug, Clone, Default)]
pub struct SceneFrame {
    /// The frame it was evaluated at.
    pub frame: f32,
    pub camera: Camera,
    pub light: Light,
    /// The self-shadow drawn: the keys', or off when the host turns it off.
    pub self_shadow: SelfShadow,
    /// Per actor, in scene order: whether it is drawn (visible, and shown by its show keys).
    actors_drawn: Vec<bool>,
    /// Per accessory, in scene order.
    accessories: Vec<AccessoryFrame>,
    /// What is drawn, in MMD's order.
    order: Vec<Drawn>,
    /// The accessories' own matrices and parent bones, kept from frame to frame.
    placements: AccessoryPlacements,
}

impl SceneFrame {
    /// Poses `scene`'s actors with `engine` at `frame`, then evaluates the rest of the frame
    /// over those poses (see [`SceneFrame::evaluate`]).
    pub fn pose(
        &mut self,
        engine: &mut SceneEngine,
        scene: &Scene,
        frame: f32,
        choices: &FrameChoices,
    ) {
        engine.pose(&scene.actors, frame);
        self.evaluate(scene, frame, |i| engine.pose_of(i), choices);
    }

    /// Evaluates `scene` at `frame` over the actors' poses `pose_of` gives (which place the
    /// held accessories and the followed camera): what the keys show, the accessories'
    /// settings and places, the camera, the light, the self-shadow and the draw order.
    pub fn evaluate<'p>(
        &mut self,
        scene: &Scene,
        frame: f32,
        pose_of: impl Fn(usize) -> Option<&'p Pose> + Copy,
        choices: &FrameChoices,
    ) {
        self.frame = frame;
        self.actors_drawn.clear();
        self.actors_drawn.extend(
            scene
                .actors
                .iter()
                .map(|actor| actor.visible && actor.layers().shown(frame)),
        );
        self.accessories
            .resize_with(scene.accessories.len(), AccessoryFrame::default);
        for (index, (accessory, at)) in scene
            .accessories
            .iter()
            .zip(&mut self.accessories)
            .enumerate()
        {
            accessory.settings_at(frame, &mut at.settings);
            at.world = self.placements.world_matrix(
                index,
                accessory.id,
                &at.settings,
                &scene.actors,
                pose_of,
            );
        }
        self.order.clear();
        self.order
            .extend(draw_order(&self.actors_drawn, &self.accessories));
        self.camera = camera_of(scene, frame, pose_of, choices.camera);
        self.light = light_of(scene, frame, choices.light);
        self.self_shadow = scene.self_shadow_shown(frame, choices.self_shadow);
    }

    /// Whether actor `index` is drawn at this frame.
    pub fn actor_drawn(&self, index: usize) -> bool {
        self.actors_drawn.get(index).copied().unwrap_or(false)
    }

    /// Accessory `index` at this frame.
    pub fn accessory(&self, index: usize) -> Option<&AccessoryFrame> {
        self.accessories.get(index)
    }

    /// What is drawn, in MMD's order: the shown opaque accessories (Tr 1: stages), the drawn
    /// models, then the shown translucent accessories, each group in list order.
    pub fn draw_order(&self) -> &[Drawn] {
        &self.order
    }
}

/// MMD's order: the shown opaque accessories (Tr 1: stages), the drawn models, then the shown
/// translucent accessories, each group in list order.
fn draw_order<'a>(
    actors_drawn: &'a [bool],
    accessories: &'a [AccessoryFrame],
) -> impl Iterator<Item = Drawn> + 'a {
    let accessories = move |after: bool| {
        accessories
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.settings.visible && a.settings.drawn_after_models() == after)
            .map(|(i, _)| Drawn::Accessory(i))
    };
    let actors = actors_drawn
        .iter()
        .enumerate()
        .filter(|(_, drawn)| **drawn)
        .map(|(i, _)| Drawn::Actor(i));
    accessories(false).chain(actors).chain(accessories(true))
}
