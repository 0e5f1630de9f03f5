//! The player's state apart from the window: the scene, the timeline, the user's IK and morph
//! overrides, the selected bone, the view options and free camera, the last error, and the
//! pose the view draws. The interface changes it only through [`Player::apply`].

use std::path::PathBuf;
use std::time::Instant;

use mmd_pose::{IkOverride, IkOverrides, Pose, Rig, evaluate_with_morph_pins};
use mmd_render::{Aabb, Camera};

use crate::action::{Action, ViewOption};
use crate::orbit::Orbit;
use crate::playback::Playback;
use crate::scene::Scene;

/// What the view draws besides the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewOptions {
    pub edges: bool,
    pub ground_shadow: bool,
    pub skeleton: bool,
    pub wireframe: bool,
}

impl Default for ViewOptions {
    /// As MMD starts: edges and ground shadow on.
    fn default() -> ViewOptions {
        ViewOptions {
            edges: true,
            ground_shadow: true,
            skeleton: false,
            wireframe: false,
        }
    }
}

pub struct Player {
    pub scene: Scene,
    playback: Playback,
    ik: IkOverrides,
    /// Per model morph: a weight that replaces the motion's, or `None`.
    morph_overrides: Vec<Option<f32>>,
    /// Use the scene's camera motion (when it has one) instead of the free camera.
    use_camera_motion: bool,
    selected_bone: Option<usize>,
    view: ViewOptions,
    /// The free camera; framed when the view's size is first known.
    orbit: Option<Orbit>,
    /// The model's bounds at rest, for framing.
    bounds: Option<Aabb>,
    /// The last error (a file that failed to open), shown until dismissed or the next open
    /// succeeds.
    pub error: Option<String>,
    /// The user asked for the native file dialog, which the window layer shows.
    pub open_dialog_requested: bool,
    /// Changes whenever the model is replaced, so the window re-uploads it.
    pub model_generation: u64,
    pose: Pose,
    /// The frame the pose was evaluated at; `None` when an override or the model changed
    /// since.
    posed_frame: Option<f32>,
    /// Wall time of the last pose evaluation, microseconds.
    pub pose_micros: f32,
    /// The model's bone hierarchy, built once per model.
    bone_tree: BoneTree,
}

/// The bone hierarchy as the bone panel walks it, in bone order.
pub struct BoneTree {
    pub roots: Vec<usize>,
    /// Each bone's children.
    pub children: Vec<Vec<usize>>,
}

impl BoneTree {
    /// A bone whose parent is missing, out of range or itself is a root.
    fn new(rig: &Rig) -> BoneTree {
        let mut roots = Vec::new();
        let mut children = vec![Vec::new(); rig.bone_count()];
        for bone in 0..rig.bone_count() {
            match rig.bone_parent(bone) {
                Some(parent) if parent < children.len() && parent != bone => {
                    children[parent].push(bone)
                }
                _ => roots.push(bone),
            }
        }
        BoneTree { roots, children }
    }
}

/// The bone selected at first: the centre, whose keys most motions have.
fn default_selection(scene: &Scene) -> Option<usize> {
    scene.model.rig.bone_index("センター")
}

/// The model's extent at rest: its vertices, or its bones when it has no mesh.
fn rest_bounds(scene: &Scene) -> Option<Aabb> {
    let pmx = &scene.model.pmx;
    let vertices = pmx
        .vertices
        .iter()
        .map(|v| glam::Vec3::from_array(v.position));
    Aabb::from_points(vertices)
        .or_else(|| Aabb::from_points(pmx.bones.iter().map(|b| glam::Vec3::from_array(b.position))))
}

impl Player {
    /// The player for `scene`; the model's warnings are logged.
    pub fn new(scene: Scene) -> Player {
        scene.model.log_warnings();
        let pose = Pose::new(&scene.model.rig);
        Player {
            playback: Playback::new(scene.last_frame()),
            ik: IkOverrides::new(&scene.model.rig),
            morph_overrides: vec![None; scene.model.rig.morph_count()],
            use_camera_motion: scene.camera.is_some(),
            selected_bone: default_selection(&scene),
            view: ViewOptions::default(),
            orbit: None,
            bounds: rest_bounds(&scene),
            error: None,
            open_dialog_requested: false,
            model_generation: 0,
            pose,
            posed_frame: None,
            pose_micros: 0.0,
            bone_tree: BoneTree::new(&scene.model.rig),
            scene,
        }
    }

    /// Opens files into the scene (see [`Scene::open`]). On failure the scene is untouched
    /// and the error is kept for the UI. A new model's warnings are logged.
    fn open(&mut self, paths: &[PathBuf]) {
        match self.scene.open(paths) {
            Ok(opened) => {
                if opened.model {
                    self.scene.model.log_warnings();
                    let rig = &self.scene.model.rig;
                    self.ik = IkOverrides::new(rig);
                    self.morph_overrides = vec![None; rig.morph_count()];
                    self.pose = Pose::new(rig);
                    self.bone_tree = BoneTree::new(rig);
                    self.selected_bone = default_selection(&self.scene);
                    self.bounds = rest_bounds(&self.scene);
                    self.orbit = None;
                    self.model_generation += 1;
                }
                self.posed_frame = None;
                if opened.camera {
                    self.use_camera_motion = true;
                }
                self.playback.set_last_frame(self.scene.last_frame());
                self.error = None;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Carries out what the user asked. Anything that changes what is drawn at the current
    /// frame makes the next [`Player::update_pose`] evaluate again.
    pub fn apply(&mut self, action: Action) {
        let p = &mut self.playback;
        match action {
            Action::TogglePlay => p.toggle_play(),
            Action::Step(frames) => p.step(frames),
            Action::JumpToStart => p.jump_to_start(),
            Action::JumpToEnd => p.jump_to_end(),
            Action::SetLooping(looping) => p.looping = looping,
            Action::SetSpeed(speed) => p.set_speed(speed),
            Action::Seek(frame) => {
                p.playing = false;
                p.seek(frame);
            }
            Action::SetIk { bone, value } => {
                self.ik.set(bone, value);
                self.posed_frame = None;
            }
            Action::SetAllIk(value) => {
                self.ik.set_all(value);
                self.posed_frame = None;
            }
            Action::PinMorph { morph, weight } => {
                if let Some(slot) = self.morph_overrides.get_mut(morph) {
                    *slot = weight.filter(|w| w.is_finite());
                    self.posed_frame = None;
                }
            }
            Action::SelectBone(bone) => {
                if bone < self.scene.model.rig.bone_count() {
                    self.selected_bone = Some(bone);
                }
            }
            Action::SetView(option, on) => match option {
                ViewOption::Edges => self.view.edges = on,
                ViewOption::GroundShadow => self.view.ground_shadow = on,
                ViewOption::Skeleton => self.view.skeleton = on,
                ViewOption::Wireframe => self.view.wireframe = on,
            },
            Action::UseCameraMotion(on) => {
                self.use_camera_motion = on && self.scene.camera.is_some()
            }
            Action::FrameCamera { aspect } => {
                if let Some(bounds) = self.bounds {
                    self.orbit = Some(Orbit::framing(bounds, aspect));
                }
            }
            Action::OrbitCamera { dx, dy } => self.move_free_camera(|o| o.orbit(dx, dy)),
            Action::PanCamera {
                dx,
                dy,
                view_height,
            } => self.move_free_camera(|o| o.pan(dx, dy, view_height)),
            Action::ZoomCamera(points) => self.move_free_camera(|o| o.zoom(points)),
            Action::ResetCamera => {
                if let Some(orbit) = self.orbit.as_mut() {
                    orbit.reset();
                }
            }
            Action::OpenDialog => self.open_dialog_requested = true,
            Action::Open(paths) => {
                self.open(&paths);
            }
            Action::DismissError => self.error = None,
        }
    }

    /// Moves the free camera and draws with it from then on.
    fn move_free_camera(&mut self, change: impl FnOnce(&mut Orbit)) {
        if let Some(orbit) = self.orbit.as_mut() {
            change(orbit);
            self.use_camera_motion = false;
        }
    }

    /// Advances the timeline by `seconds` of wall time (when playing).
    pub fn advance(&mut self, seconds: f32) {
        self.playback.advance(seconds);
    }

    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    /// The model's IK bones, in bone order.
    pub fn ik_bones(&self) -> Vec<usize> {
        self.scene.model.rig.ik_bones().collect()
    }

    pub fn ik_override(&self, bone: usize) -> IkOverride {
        self.ik.get(bone)
    }

    pub fn morph_override(&self, morph: usize) -> Option<f32> {
        self.morph_overrides.get(morph).copied().flatten()
    }

    pub fn selected_bone(&self) -> Option<usize> {
        self.selected_bone
    }

    pub fn view_options(&self) -> ViewOptions {
        self.view
    }

    /// Whether the view draws with the scene's camera motion.
    pub fn uses_camera_motion(&self) -> bool {
        self.use_camera_motion
    }

    /// Whether the free camera has been framed on the model yet.
    pub fn free_camera_framed(&self) -> bool {
        self.orbit.is_some()
    }

    /// Brings the pose up to the timeline's frame: evaluates when the frame moved or an
    /// override or the model changed since the last evaluation. Returns whether it did.
    pub fn update_pose(&mut self) -> bool {
        let frame = self.playback.frame();
        if self.posed_frame == Some(frame) {
            return false;
        }
        self.evaluate();
        true
    }

    /// Computes the pose at the timeline's frame: the motion with the user's IK overrides and
    /// pinned morphs. It depends on nothing but the frame and the overrides, never on the
    /// previously shown frame.
    pub fn evaluate(&mut self) -> &Pose {
        let start = Instant::now();
        let scene = &self.scene;
        let frame = self.playback.frame();
        evaluate_with_morph_pins(
            &scene.model.rig,
            &scene.motion,
            frame,
            &self.ik,
            &self.morph_overrides,
            &mut self.pose,
        );
        self.posed_frame = Some(frame);
        self.pose_micros = start.elapsed().as_secs_f32() * 1.0e6;
        &self.pose
    }

    /// The pose of the last evaluation.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// The camera to draw with: the camera motion at the current frame when it is in use,
    /// otherwise the free camera (MMD's start-up camera until it is framed).
    pub fn camera(&self) -> Camera {
        self.use_camera_motion
            .then(|| self.scene.camera_at(self.playback.frame()))
            .flatten()
            .unwrap_or_else(|| self.orbit.map_or_else(Camera::default, |o| o.camera))
    }

    /// Bones whose name contains `query` (any case), with every ancestor of a match kept so
    /// the tree stays connected; in bone order.
    pub fn bones_matching(&self, query: &str) -> Vec<bool> {
        let rig = &self.scene.model.rig;
        let query = query.trim().to_lowercase();
        let mut keep = vec![query.is_empty(); rig.bone_count()];
        if query.is_empty() {
            return keep;
        }
        for bone in 0..rig.bone_count() {
            if rig.bone_name(bone).to_lowercase().contains(&query) {
                let mut at = Some(bone);
                let mut guard = 0;
                while let Some(b) = at {
                    if keep[b] || guard > rig.bone_count() {
                        break;
                    }
                    keep[b] = true;
                    at = rig.bone_parent(b);
                    guard += 1;
                }
            }
        }
        keep
    }

    /// The model's bone hierarchy.
    pub fn bone_tree(&self) -> &BoneTree {
        &self.bone_tree
    }
}
