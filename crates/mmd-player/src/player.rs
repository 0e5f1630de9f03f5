//! The player's state apart from the window: the scene, the timeline, the user's IK and morph
//! overrides, the selected bone, the view options and free camera, the physics mode with its
//! simulation and bake, the last error and the notices, the recent files, and the pose the
//! view draws. The interface changes it only through [`Player::apply`].
//!
//! Physics follows motion time, never calls: [`Player::update_pose`] evaluates only when the
//! frame moved or an input changed, and live physics holds its bodies when asked for the same
//! frame again, so however often a displayed frame is evaluated the bodies step once per move
//! of the timeline. What changes restart or re-bake the simulation is said at
//! [`PhysicsChange`].

use std::path::PathBuf;
use std::time::Instant;

use mmd_physics::{PhysicsOptions, SubstepRate};
use mmd_pose::{
    IkMethod, IkOverride, IkOverrides, Pose, Rig, SelfShadow, SelfShadowMode, evaluate_layers,
};
use mmd_render::{Aabb, Camera};

use crate::action::{Action, ViewOption};
use crate::bake_job::{BakeInputs, BakeJob};
use crate::framing;
use crate::notices::{Notice, Notices};
use crate::orbit::Orbit;
use crate::physics::{LivePhysics, MAX_BAKE_FRAMES, PhysicsBake, PhysicsMode, PoseInput};
use crate::playback::Playback;
use crate::recent::RecentFiles;
use crate::scene::{Model, Scene};
use export_actions::ExportState;
pub use music_actions::MusicSettings;
use music_actions::MusicState;
use pose_actions::PoseModeState;

mod export_actions;
mod layer_actions;
mod music_actions;
mod pose_actions;

/// What the view draws besides the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewOptions {
    pub edges: bool,
    pub ground_shadow: bool,
    /// MMD's self-shadow, in the mode and distance the self-shadow keys give (MMD's default
    /// without keys).
    pub self_shadow: bool,
    pub skeleton: bool,
    pub wireframe: bool,
}

impl Default for ViewOptions {
    /// As MMD starts: edges, ground shadow and self-shadow on.
    fn default() -> ViewOptions {
        ViewOptions {
            edges: true,
            ground_shadow: true,
            self_shadow: true,
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
    /// The model's bounds over its motion, for framing.
    bounds: Option<Aabb>,
    /// The last error (a file that failed to open), shown until dismissed or the next open
    /// succeeds.
    pub error: Option<String>,
    /// Every problem met so far, errors and warnings, each with its file.
    notices: Notices,
    /// The user asked for a file dialog, which the window layer shows.
    pub open_dialog_requested: bool,
    /// The same, for motions to add as layers.
    pub add_layer_dialog_requested: bool,
    /// The user asked to close the window.
    pub quit_requested: bool,
    recent: RecentFiles,
    /// Changes whenever the model is replaced, so the window re-uploads it.
    pub model_generation: u64,
    pose: Pose,
    /// The frame the pose was evaluated at; `None` when an override or the model changed
    /// since.
    posed_frame: Option<f32>,
    /// Wall time of the last pose evaluation (physics included), microseconds.
    pub pose_micros: f32,
    /// The part of it live physics took to simulate, microseconds (0 without live physics).
    pub physics_micros: f32,
    physics: PhysicsState,
    /// The model's bone hierarchy, built once per model.
    bone_tree: BoneTree,
    /// File → Export: the running export, and how the last one ended.
    export: ExportState,
    /// How the scene's music plays, and the clock that follows it.
    music: MusicState,
    /// Pose mode and its edit (`player/pose_actions.rs`).
    pose_mode: PoseModeState,
}

/// The rigid-body simulation as the player runs it.
#[derive(Default)]
struct PhysicsState {
    mode: PhysicsMode,
    rate: SubstepRate,
    /// The current model's bodies at `rate`: built when a simulating mode is first chosen,
    /// dropped when the model or the rate changes.
    live: Option<LivePhysics>,
    /// A bake of the current model, motions, overrides and pins at `rate`; dropped when any
    /// of them changes.
    bake: Option<PhysicsBake>,
    /// The bake being simulated (Baked mode only).
    baking: Option<BakeJob>,
}

/// What changed, for the physics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PhysicsChange {
    /// The model or the rate: the bodies are rebuilt and the bake is redone.
    Bodies,
    /// The motions: the bodies' history belongs to another motion, so live physics starts
    /// again from the current frame, and the bake is redone.
    Motion,
    /// An IK override, a morph pin or a layer's weight. The bake is redone; live physics
    /// carries on from where the bodies are, as MMD does while a pose is edited: restarting
    /// on every click (or every step of a dragged slider) would make hair and skirts jump
    /// back to their warm-up.
    Overrides,
    /// The user asked: live physics starts again from the current frame; in Baked mode the
    /// bake is redone.
    Reset,
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

/// The model's extent over its motion (see [`framing`]).
fn framing_bounds(scene: &Scene) -> Option<Aabb> {
    let model = &scene.model;
    framing::motion_bounds(&model.pmx, &model.rig, scene.layers(), scene.last_frame())
}

/// What reading `model` repaired, as notices.
fn model_notices(model: &Model) -> impl Iterator<Item = Notice> + '_ {
    model
        .warnings
        .iter()
        .map(|w| Notice::warning(&model.file, w))
}

impl Player {
    /// The player for `scene`; the model's warnings are logged.
    pub fn new(scene: Scene) -> Player {
        scene.model.log_warnings();
        let pose = Pose::new(&scene.model.rig);
        let mut notices = Notices::default();
        for notice in model_notices(&scene.model) {
            notices.push(notice);
        }
        Player {
            playback: Playback::new(scene.last_frame()),
            ik: IkOverrides::new(&scene.model.rig),
            morph_overrides: vec![None; scene.model.rig.morph_count()],
            use_camera_motion: scene.has_camera(),
            selected_bone: default_selection(&scene),
            view: ViewOptions::default(),
            orbit: None,
            bounds: framing_bounds(&scene),
            error: None,
            notices,
            open_dialog_requested: false,
            add_layer_dialog_requested: false,
            quit_requested: false,
            recent: RecentFiles::default(),
            model_generation: 0,
            pose,
            posed_frame: None,
            pose_micros: 0.0,
            physics_micros: 0.0,
            physics: PhysicsState::default(),
            bone_tree: BoneTree::new(&scene.model.rig),
            export: ExportState::default(),
            music: MusicState::default(),
            pose_mode: PoseModeState::default(),
            scene,
        }
    }

    /// Opens files into the scene (see [`Scene::open`]). On failure the scene is untouched
    /// and the error is kept for the UI. A new model's warnings are logged and listed as
    /// notices; the files go to the top of the recent files.
    fn open(&mut self, paths: &[PathBuf]) {
        match self.scene.open(paths) {
            Ok(opened) => {
                self.recent.add(paths);
                if opened.model {
                    self.scene.model.log_warnings();
                    for notice in model_notices(&self.scene.model) {
                        self.notices.push(notice);
                    }
                    let rig = &self.scene.model.rig;
                    self.ik = IkOverrides::new(rig);
                    self.morph_overrides = vec![None; rig.morph_count()];
                    self.pose = Pose::new(rig);
                    self.bone_tree = BoneTree::new(rig);
                    self.selected_bone = default_selection(&self.scene);
                    self.orbit = None;
                    self.model_generation += 1;
                }
                if opened.model || opened.motions > 0 {
                    self.bounds = framing_bounds(&self.scene);
                    // New motions frame the camera again, unless the user has moved it.
                    if self.orbit.is_some_and(|o| o.is_home()) {
                        self.orbit = None;
                    }
                }
                self.posed_frame = None;
                if opened.camera {
                    self.use_camera_motion = true;
                }
                if opened.music {
                    self.music_changed();
                }
                self.playback.set_last_frame(self.scene.last_frame());
                self.error = None;
                if opened.model {
                    self.physics_changed(PhysicsChange::Bodies);
                } else if opened.motions > 0 || opened.camera {
                    // A camera can lengthen the timeline, which the bake must cover.
                    self.physics_changed(PhysicsChange::Motion);
                }
            }
            Err(e) => {
                self.notices
                    .push(Notice::error(e.path.display().to_string(), &e.message));
                self.error = Some(e.to_string());
            }
        }
    }

    /// Shows `message` as the error and lists it as a notice about the model's file.
    fn fail(&mut self, message: String) {
        self.notices
            .push(Notice::error(&self.scene.model.file, &message));
        self.error = Some(message);
    }

    /// Carries out what the user asked. Anything that changes what is drawn at the current
    /// frame makes the next [`Player::update_pose`] evaluate again.
    pub fn apply(&mut self, action: Action) {
        self.pose_inputs_changing(&action);
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
            Action::SetIk { bone, value } => self.change_ik(|ik| ik.set(bone, value)),
            Action::SetAllIk(value) => self.change_ik(|ik| ik.set_all(value)),
            Action::SetIkMethod { bone, method } => {
                self.change_ik(|ik| ik.set_method(bone, method));
            }
            Action::SetAllIkMethods(method) => self.change_ik(|ik| ik.set_all_methods(method)),
            Action::PinMorph { morph, weight } => {
                let weight = weight.filter(|w| w.is_finite());
                // A dragged slider sends its weight every frame; only a new one re-bakes.
                if let Some(slot) = self.morph_overrides.get_mut(morph)
                    && *slot != weight
                {
                    *slot = weight;
                    self.physics_changed(PhysicsChange::Overrides);
                }
            }
            Action::SelectBone(bone) => {
                if bone < self.scene.model.rig.bone_count() {
                    self.selected_bone = Some(bone);
                }
            }
            Action::Deselect => self.selected_bone = None,
            Action::SetView(option, on) => match option {
                ViewOption::Edges => self.view.edges = on,
                ViewOption::GroundShadow => self.view.ground_shadow = on,
                ViewOption::SelfShadow => self.view.self_shadow = on,
                ViewOption::Skeleton => self.view.skeleton = on,
                ViewOption::Wireframe => self.view.wireframe = on,
            },
            Action::UseCameraMotion(on) => self.use_camera_motion = on && self.scene.has_camera(),
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
            Action::Quit => self.quit_requested = true,
            Action::DismissError => self.error = None,
            Action::ClearNotices => self.notices.clear(),
            Action::SetPhysicsMode(mode) => {
                if mode != self.physics.mode {
                    self.physics.mode = mode;
                    // The bodies stand where the last simulated frame left them, which is
                    // not this frame's history.
                    if let Some(live) = self.physics.live.as_mut() {
                        live.restart();
                    }
                    self.posed_frame = None;
                    self.prepare_physics();
                }
            }
            Action::SetPhysicsRate(rate) => {
                if rate != self.physics.rate {
                    self.physics.rate = rate;
                    self.physics_changed(PhysicsChange::Bodies);
                }
            }
            Action::ResetPhysics => self.physics_changed(PhysicsChange::Reset),
            Action::AddLayerDialog => self.add_layer_dialog_requested = true,
            Action::AddLayers(paths) => self.add_layers(&paths),
            Action::EditLayer { layer, edit } => self.edit_layer(layer, edit),
            Action::StartExport(request) => self.start_export(request),
            Action::CancelExport => self.cancel_export(),
            Action::SetMusicOffset(frame) => self.set_music_offset(frame),
            Action::SetMusicVolume(volume) => self.set_music_volume(volume),
            Action::SetMusicMuted(muted) => self.music.settings.muted = muted,
            Action::RemoveMusic => self.remove_music(),
            Action::Pose(pose) => self.apply_pose(pose),
        }
    }

    /// An IK switch or solver choice: re-poses and re-bakes only when an override really
    /// changed.
    fn change_ik(&mut self, change: impl FnOnce(&mut IkOverrides)) {
        let before = self.ik.clone();
        change(&mut self.ik);
        if self.ik != before {
            self.physics_changed(PhysicsChange::Overrides);
        }
    }

    /// Brings the simulation in line with `change` (see [`PhysicsChange`]) and poses again.
    fn physics_changed(&mut self, change: PhysicsChange) {
        let physics = &mut self.physics;
        match change {
            PhysicsChange::Bodies => physics.live = None,
            PhysicsChange::Motion | PhysicsChange::Reset => {
                if let Some(live) = physics.live.as_mut() {
                    live.restart();
                }
            }
            PhysicsChange::Overrides => {}
        }
        // A reset in Live mode leaves a bake of the same inputs standing.
        if change != PhysicsChange::Reset || physics.mode == PhysicsMode::Baked {
            physics.bake = None;
            physics.baking = None;
        }
        self.posed_frame = None;
        self.prepare_physics();
    }

    /// Builds what the mode needs and lacks: the model's bodies, and in Baked mode a bake.
    /// Physics off cancels a running bake (a finished one is kept for coming back).
    fn prepare_physics(&mut self) {
        if self.physics.mode == PhysicsMode::Off {
            self.physics.baking = None;
            return;
        }
        if self.physics.live.is_none() {
            match self.new_bodies() {
                Ok(live) => self.physics.live = Some(live),
                Err(message) => {
                    self.fail(message);
                    self.physics.mode = PhysicsMode::Off;
                    return;
                }
            }
        }
        let p = &self.physics;
        if p.mode == PhysicsMode::Baked && p.bake.is_none() && p.baking.is_none() {
            self.start_bake();
        }
    }

    /// The current model's bodies at the chosen rate.
    fn new_bodies(&self) -> Result<LivePhysics, String> {
        let options = PhysicsOptions {
            rate: self.physics.rate,
            ..PhysicsOptions::default()
        };
        LivePhysics::new(&self.scene.model.pmx, &options)
            .map_err(|e| format!("{}: {e}", self.scene.model.label))
    }

    /// Starts baking frames `0..=` the timeline's end on a thread, from copies of the
    /// current inputs.
    fn start_bake(&mut self) {
        let last = self.playback.last_frame().max(0.0).ceil();
        if last >= MAX_BAKE_FRAMES as f32 {
            self.fail(format!(
                "physics: a motion of {last} frames is too long to bake (at most \
                 {MAX_BAKE_FRAMES}); live physics is shown"
            ));
            return;
        }
        let bodies = match self.new_bodies() {
            Ok(bodies) => bodies,
            Err(message) => {
                self.fail(message);
                return;
            }
        };
        let inputs = BakeInputs {
            rig: self.scene.model.rig.clone(),
            layers: self.scene.layers().clone(),
            overrides: self.ik.clone(),
            morph_pins: self.morph_overrides.clone(),
        };
        match BakeJob::start(inputs, bodies, last as u32) {
            Ok(job) => self.physics.baking = Some(job),
            Err(e) => self.fail(format!("physics: cannot start the bake: {e}")),
        }
    }

    /// Takes a finished bake in (without waiting for a running one) and poses with it.
    fn poll_bake(&mut self) {
        let Some(result) = self.physics.baking.as_mut().and_then(BakeJob::poll) else {
            return;
        };
        self.physics.baking = None;
        match result {
            Ok(bake) => {
                for (frame, message) in &bake.blow_ups {
                    log::warn!("{}: frame {frame}: {message}", self.scene.model.label);
                }
                if let Some((frame, message)) = bake.blow_ups.first() {
                    self.fail(format!(
                        "physics bake: {} blow-up(s), the first at frame {frame}: {message}",
                        bake.blow_ups.len()
                    ));
                }
                self.physics.bake = Some(bake);
                self.posed_frame = None;
            }
            Err(message) => self.fail(format!("physics: {message}")),
        }
    }

    pub fn physics_mode(&self) -> PhysicsMode {
        self.physics.mode
    }

    pub fn physics_rate(&self) -> SubstepRate {
        self.physics.rate
    }

    /// Frames simulated and frames to simulate, while a bake runs.
    pub fn bake_progress(&self) -> Option<(u32, u32)> {
        self.physics.baking.as_ref().map(BakeJob::progress)
    }

    /// Whether a bake of the current inputs is ready (Baked mode then shows it).
    pub fn physics_baked(&self) -> bool {
        self.physics.bake.is_some()
    }

    /// Every problem met so far, oldest first.
    pub fn notices(&self) -> &Notices {
        &self.notices
    }

    /// Lists a problem found outside the player (a texture the renderer cannot read).
    pub fn add_notice(&mut self, notice: Notice) {
        self.notices.push(notice);
    }

    pub fn recent_files(&self) -> &RecentFiles {
        &self.recent
    }

    /// Where the recent files come from and go to (none unless set: a player made in a test
    /// writes nothing).
    pub fn set_recent_files(&mut self, recent: RecentFiles) {
        self.recent = recent;
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

    /// The solver of an IK bone's chain.
    pub fn ik_method(&self, bone: usize) -> IkMethod {
        self.ik.method(bone)
    }

    pub fn morph_override(&self, morph: usize) -> Option<f32> {
        self.morph_overrides.get(morph).copied().flatten()
    }

    pub fn selected_bone(&self) -> Option<usize> {
        self.selected_bone
    }

    /// The self-shadow to draw at the current frame: off when the view turns it off.
    pub fn self_shadow(&self) -> SelfShadow {
        if self.view.self_shadow {
            self.scene.self_shadow_at(self.playback.frame())
        } else {
            SelfShadow {
                mode: SelfShadowMode::Off,
                ..SelfShadow::default()
            }
        }
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

    /// Brings the pose up to the timeline's frame: evaluates when the frame moved, an
    /// override or the model changed, or a bake finished since the last evaluation. Returns
    /// whether it did.
    pub fn update_pose(&mut self) -> bool {
        self.poll_bake();
        self.poll_export();
        self.sync_pose_edit();
        let frame = self.playback.frame();
        if self.posed_frame == Some(frame) {
            return false;
        }
        self.evaluate();
        true
    }

    /// Computes the pose at the timeline's frame: the motion with the user's IK overrides and
    /// pinned morphs, and the bodies as the physics mode says. Off and a finished bake
    /// depend on nothing but the frame and the overrides; Live steps the bodies from the last
    /// frame it posed (see [`crate::physics`]). Baked shows live physics until its bake is
    /// ready: played from frame 0 that is the bake itself, bit for bit.
    pub fn evaluate(&mut self) -> &Pose {
        let start = Instant::now();
        let scene = &self.scene;
        let frame = self.playback.frame();
        let input = PoseInput {
            rig: &scene.model.rig,
            layers: scene.layers(),
            overrides: &self.ik,
            morph_pins: &self.morph_overrides,
        };
        let physics = &mut self.physics;
        let mut blow_up = None;
        self.physics_micros = 0.0;
        match (physics.mode, &physics.bake, physics.live.as_mut()) {
            (PhysicsMode::Baked, Some(bake), _) => bake.evaluate(input, frame, &mut self.pose),
            (PhysicsMode::Live | PhysicsMode::Baked, _, Some(live)) => {
                live.evaluate(input, frame, &mut self.pose);
                self.physics_micros = live.step_seconds() * 1.0e6;
                blow_up = live.take_blow_up();
            }
            _ => evaluate_layers(
                &scene.model.rig,
                scene.layers(),
                frame,
                &self.ik,
                &self.morph_overrides,
                &mut self.pose,
            ),
        }
        if let Some(message) = blow_up {
            log::warn!("{}: frame {frame}: {message}", scene.model.label);
            self.fail(format!("physics at frame {frame}: {message}"));
        }
        self.posed_frame = Some(frame);
        self.pose_micros = start.elapsed().as_secs_f32() * 1.0e6;
        &self.pose
    }

    /// The pose the view draws: the edited one in Pose mode, otherwise the last
    /// evaluation's.
    pub fn pose(&self) -> &Pose {
        self.pose_editor().map_or(&self.pose, |e| e.shown())
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
