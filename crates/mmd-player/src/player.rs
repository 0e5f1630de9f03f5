//! The player's state apart from the window: the scene (its actors carry their own IK and
//! morph overrides), the timeline, the selected model and bone, the view options and free
//! camera, the physics mode with each model's simulation and bake, the last error and the
//! notices, the recent files, and the poses the view draws. The interface changes it only
//! through [`Player::apply`]; what it asks of "the model" (IK switches, morph pins, bones,
//! layers) is asked of the selected one.
//!
//! Physics follows motion time, never calls: [`Player::update_pose`] evaluates only when the
//! frame moved or an input changed, and live physics holds its bodies when asked for the same
//! frame again, so however often a displayed frame is evaluated the bodies step once per move
//! of the timeline. What changes restart or re-bake the simulation is said at
//! [`PhysicsChange`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use mmd_physics::{PhysicsOptions, SubstepRate};
use mmd_pose::{IkMethod, IkOverride, IkOverrides, Pose, Rig, SelfShadow};
use mmd_render::{Aabb, Camera};

use crate::action::{Action, ViewOption};
use crate::bake_job::{BakeInputs, BakeJob};
use crate::framing;
use crate::notices::{Notice, Notices};
use crate::orbit::Orbit;
use crate::physics::{LivePhysics, MAX_BAKE_FRAMES, PhysicsBake, PhysicsMode};
use crate::playback::Playback;
use crate::recent::RecentFiles;
use crate::scene::{Actor, Model, OpenInto, Scene};
use crate::scene_poser::pose_actors;
use export_actions::ExportState;
pub use music_actions::MusicSettings;
use music_actions::MusicState;
use pose_actions::PoseModeState;

mod export_actions;
mod layer_actions;
mod model_actions;
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
    /// What the player keeps per actor; parallel to `scene.actors`.
    actors: Vec<ActorState>,
    /// The actor the panels show and edit; `None` when the stage is empty.
    selected: Option<usize>,
    /// Use the scene's camera motion (when it has one) instead of the free camera.
    use_camera_motion: bool,
    view: ViewOptions,
    /// The free camera; framed when the view's size is first known.
    orbit: Option<Orbit>,
    /// The shown models' bounds over their motions, for framing.
    bounds: Option<Aabb>,
    /// The last error (a file that failed to open), shown until dismissed or the next open
    /// succeeds.
    pub error: Option<String>,
    /// Every problem met so far, errors and warnings, each with its file.
    notices: Notices,
    /// The user asked for a file dialog, which the window layer shows.
    pub open_dialog_requested: bool,
    /// The same, for a model to put in place of the selected one.
    pub replace_dialog_requested: bool,
    /// The same, for motions to add as layers.
    pub add_layer_dialog_requested: bool,
    /// The user asked to close the window.
    pub quit_requested: bool,
    recent: RecentFiles,
    /// The frame the poses were evaluated at; `None` when an override or a model changed
    /// since.
    posed_frame: Option<f32>,
    /// Time the last evaluation took to pose the models, physics left out, summed over the
    /// models (which are posed in parallel), microseconds.
    pub pose_micros: f32,
    /// Time live physics took to simulate in it, summed over the models, microseconds (0
    /// without live physics).
    pub physics_micros: f32,
    physics: PhysicsSettings,
    /// File → Export: the running export, and how the last one ended.
    export: ExportState,
    /// How the scene's music plays, and the clock that follows it.
    music: MusicState,
    /// Pose mode and its edit (`player/pose_actions.rs`).
    pose_mode: PoseModeState,
}

/// The simulation settings, the same for every model.
#[derive(Default)]
struct PhysicsSettings {
    mode: PhysicsMode,
    rate: SubstepRate,
}

/// What the player keeps for one actor besides the scene's part.
struct ActorState {
    pose: Pose,
    physics: ActorPhysics,
    /// The model's bone hierarchy, built once per model.
    bone_tree: BoneTree,
    selected_bone: Option<usize>,
    /// The last blow-up of live physics, until reported.
    blow_up: Option<String>,
    /// The model's extent over the scene's frames, in its own space (see [`framing`]):
    /// measured when models or motions change, so moving the model costs nothing.
    bounds: Option<Aabb>,
    /// Seconds the last evaluation took, and the part live physics took of it.
    evaluate_seconds: f32,
    physics_seconds: f32,
}

impl ActorState {
    fn new(actor: &Actor) -> ActorState {
        let rig = &actor.model.rig;
        ActorState {
            pose: Pose::new(rig),
            physics: ActorPhysics::default(),
            bone_tree: BoneTree::new(rig),
            selected_bone: rig.bone_index("センター"),
            blow_up: None,
            bounds: None,
            evaluate_seconds: 0.0,
            physics_seconds: 0.0,
        }
    }
}

/// One model's rigid-body simulation as the player runs it.
#[derive(Default)]
struct ActorPhysics {
    /// The model's bodies at the chosen rate: built when a simulating mode is first chosen,
    /// dropped when the model or the rate changes.
    live: Option<LivePhysics>,
    /// A bake of the model, motions, overrides and pins at the rate; dropped when any of
    /// them changes.
    /// Shared with exports, which read it as it is.
    bake: Option<Arc<PhysicsBake>>,
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

/// What reading `model` repaired, as notices.
fn model_notices(model: &Model) -> impl Iterator<Item = Notice> + '_ {
    model
        .warnings
        .iter()
        .map(|w| Notice::warning(&model.file, w))
}

impl Player {
    /// The player for `scene`, the first model selected; the models' warnings are logged.
    pub fn new(scene: Scene) -> Player {
        let mut notices = Notices::default();
        for actor in &scene.actors {
            actor.model.log_warnings();
            for notice in model_notices(&actor.model) {
                notices.push(notice);
            }
        }
        let mut player = Player {
            playback: Playback::new(scene.last_frame()),
            actors: scene.actors.iter().map(ActorState::new).collect(),
            selected: (!scene.actors.is_empty()).then_some(0),
            use_camera_motion: scene.has_camera(),
            view: ViewOptions::default(),
            orbit: None,
            bounds: None,
            error: None,
            notices,
            open_dialog_requested: false,
            replace_dialog_requested: false,
            add_layer_dialog_requested: false,
            quit_requested: false,
            recent: RecentFiles::default(),
            posed_frame: None,
            pose_micros: 0.0,
            physics_micros: 0.0,
            physics: PhysicsSettings::default(),
            export: ExportState::default(),
            music: MusicState::default(),
            pose_mode: PoseModeState::default(),
            scene,
        };
        player.measure_models();
        player
    }

    /// Measures every model again over the scene's frames (after models or motions
    /// changed) and frames the shown ones.
    fn measure_models(&mut self) {
        let last = self.scene.last_frame();
        for (state, actor) in self.actors.iter_mut().zip(&self.scene.actors) {
            let model = &actor.model;
            state.bounds = framing::motion_bounds(&model.pmx, &model.rig, actor.layers(), last);
        }
        self.frame_shown_models();
    }

    /// What the free camera frames: the shown models' measured extents, each where it
    /// stands.
    fn frame_shown_models(&mut self) {
        self.bounds = self
            .actors
            .iter()
            .zip(&self.scene.actors)
            .filter(|(_, actor)| actor.visible)
            .filter_map(|(state, actor)| Some(state.bounds?.translated(actor.position)))
            .reduce(Aabb::union);
    }

    /// Opens files into the scene as `into` says (see [`Scene::open`]). On failure the scene
    /// is untouched and the error is kept for the UI. New models' warnings are logged and
    /// listed as notices, and the last new model is selected; the files go to the top of the
    /// recent files.
    fn open(&mut self, paths: &[PathBuf], into: OpenInto) {
        let opened = match self.scene.open(paths, into) {
            Ok(opened) => opened,
            Err(e) => {
                self.notices
                    .push(Notice::error(e.path.display().to_string(), &e.message));
                self.error = Some(e.to_string());
                return;
            }
        };
        self.recent.add(paths);
        for &index in &opened.models {
            let actor = &self.scene.actors[index];
            actor.model.log_warnings();
            for notice in model_notices(&actor.model) {
                self.notices.push(notice);
            }
            let state = ActorState::new(actor);
            if index < self.actors.len() {
                self.actors[index] = state;
            } else {
                self.actors.push(state);
            }
        }
        if let Some(&last) = opened.models.last() {
            self.selected = Some(last);
        }
        if !opened.models.is_empty() || opened.motions > 0 {
            self.measure_models();
            // New models or motions frame the camera again, unless the user has moved it.
            if self.orbit.is_some_and(|o| o.is_home()) {
                self.orbit = None;
            }
        }
        if opened.camera {
            self.use_camera_motion = true;
        }
        if opened.music {
            self.music_changed();
        }
        self.playback.set_last_frame(self.scene.last_frame());
        self.error = None;
        for &index in &opened.models {
            self.physics_changed(PhysicsChange::Bodies, Some(index));
        }
        for &index in &opened.rebound {
            self.physics_changed(PhysicsChange::Motion, Some(index));
        }
        if opened.camera && opened.rebound.is_empty() && opened.models.is_empty() {
            // A camera can lengthen the timeline, which the bakes must cover.
            self.physics_changed(PhysicsChange::Motion, None);
        }
        self.posed_frame = None;
    }

    /// Shows `message` as the error and lists it as a notice about `file`.
    fn fail(&mut self, file: &str, message: String) {
        self.notices.push(Notice::error(file, &message));
        self.error = Some(message);
    }

    /// [`Player::fail`] about the selected model's file.
    fn fail_on_selected(&mut self, message: String) {
        let file = self
            .actor()
            .map(|a| a.model.file.clone())
            .unwrap_or_default();
        self.fail(&file, message);
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
            Action::PinMorph { morph, weight } => self.pin_morph(morph, weight),
            Action::SelectBone(bone) => {
                if let Some(i) = self.selected
                    && bone < self.scene.actors[i].model.rig.bone_count()
                {
                    self.actors[i].selected_bone = Some(bone);
                }
            }
            Action::Deselect => {
                if let Some(state) = self.selected.and_then(|i| self.actors.get_mut(i)) {
                    state.selected_bone = None;
                }
            }
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
            Action::Open(paths) => self.open(
                &paths,
                OpenInto::Add {
                    selected: self.selected,
                },
            ),
            Action::ReplaceModelDialog => self.replace_dialog_requested = self.selected.is_some(),
            Action::ReplaceModel(path) => {
                if let Some(selected) = self.selected {
                    self.open(&[path], OpenInto::Replace { selected });
                }
            }
            Action::SelectModel(index) => self.select_model(index),
            Action::SetModelVisible { model, visible } => self.set_model_visible(model, visible),
            Action::PlaceModel { model, position } => self.place_model(model, position),
            Action::RemoveModel(index) => self.remove_model(index),
            Action::Quit => self.quit_requested = true,
            Action::DismissError => self.error = None,
            Action::ClearNotices => self.notices.clear(),
            Action::SetPhysicsMode(mode) => {
                if mode != self.physics.mode {
                    self.physics.mode = mode;
                    // The bodies stand where the last simulated frame left them, which is
                    // not this frame's history.
                    for state in &mut self.actors {
                        if let Some(live) = state.physics.live.as_mut() {
                            live.restart();
                        }
                    }
                    self.posed_frame = None;
                    self.prepare_physics();
                }
            }
            Action::SetPhysicsRate(rate) => {
                if rate != self.physics.rate {
                    self.physics.rate = rate;
                    self.physics_changed(PhysicsChange::Bodies, None);
                }
            }
            Action::ResetPhysics => self.physics_changed(PhysicsChange::Reset, None),
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

    /// An IK switch or solver choice on the selected model: re-poses and re-bakes only when
    /// an override really changed.
    fn change_ik(&mut self, change: impl FnOnce(&mut IkOverrides)) {
        let Some(index) = self.selected else {
            return;
        };
        let ik = &mut self.scene.actors[index].ik;
        let before = ik.clone();
        change(ik);
        if *ik != before {
            self.physics_changed(PhysicsChange::Overrides, Some(index));
        }
    }

    /// Pins a morph of the selected model (or gives it back to the motion).
    fn pin_morph(&mut self, morph: usize, weight: Option<f32>) {
        let Some(index) = self.selected else {
            return;
        };
        let weight = weight.filter(|w| w.is_finite());
        // A dragged slider sends its weight every frame; only a new one re-bakes.
        if let Some(slot) = self.scene.actors[index].morph_pins.get_mut(morph)
            && *slot != weight
        {
            *slot = weight;
            self.physics_changed(PhysicsChange::Overrides, Some(index));
        }
    }

    /// Brings the simulation of actor `only` (every actor when `None`) in line with
    /// `change` (see [`PhysicsChange`]) and poses again.
    fn physics_changed(&mut self, change: PhysicsChange, only: Option<usize>) {
        let mode = self.physics.mode;
        for (index, state) in self.actors.iter_mut().enumerate() {
            if only.is_some_and(|i| i != index) {
                continue;
            }
            let physics = &mut state.physics;
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
            if change != PhysicsChange::Reset || mode == PhysicsMode::Baked {
                physics.bake = None;
                physics.baking = None;
            }
        }
        self.posed_frame = None;
        self.prepare_physics();
    }

    /// Builds what the mode needs and lacks: each model's bodies, and in Baked mode a bake.
    /// Physics off cancels running bakes (finished ones are kept for coming back).
    fn prepare_physics(&mut self) {
        if self.physics.mode == PhysicsMode::Off {
            for state in &mut self.actors {
                state.physics.baking = None;
            }
            return;
        }
        for index in 0..self.actors.len() {
            if self.actors[index].physics.live.is_none() {
                match self.new_bodies(index) {
                    Ok(live) => self.actors[index].physics.live = Some(live),
                    Err(message) => {
                        let file = self.scene.actors[index].model.file.clone();
                        self.fail(&file, message);
                        self.physics.mode = PhysicsMode::Off;
                        return;
                    }
                }
            }
            let p = &self.actors[index].physics;
            if self.physics.mode == PhysicsMode::Baked && p.bake.is_none() && p.baking.is_none() {
                self.start_bake(index);
            }
        }
    }

    /// Actor `index`'s bodies at the chosen rate.
    fn new_bodies(&self, index: usize) -> Result<LivePhysics, String> {
        let options = PhysicsOptions {
            rate: self.physics.rate,
            ..PhysicsOptions::default()
        };
        let model = &self.scene.actors[index].model;
        LivePhysics::new(&model.pmx, &options).map_err(|e| format!("{}: {e}", model.label))
    }

    /// Starts baking actor `index`'s frames `0..=` the timeline's end on a thread, from
    /// copies of its current inputs.
    fn start_bake(&mut self, index: usize) {
        let file = self.scene.actors[index].model.file.clone();
        let last = self.playback.last_frame().max(0.0).ceil();
        if last >= MAX_BAKE_FRAMES as f32 {
            self.fail(
                &file,
                format!(
                    "physics: a motion of {last} frames is too long to bake (at most \
                     {MAX_BAKE_FRAMES}); live physics is shown"
                ),
            );
            return;
        }
        let bodies = match self.new_bodies(index) {
            Ok(bodies) => bodies,
            Err(message) => {
                self.fail(&file, message);
                return;
            }
        };
        let actor = &self.scene.actors[index];
        let inputs = BakeInputs {
            rig: actor.model.rig.clone(),
            layers: actor.layers().clone(),
            overrides: actor.ik.clone(),
            morph_pins: actor.morph_pins.clone(),
        };
        match BakeJob::start(inputs, bodies, last as u32) {
            Ok(job) => self.actors[index].physics.baking = Some(job),
            Err(e) => self.fail(&file, format!("physics: cannot start the bake: {e}")),
        }
    }

    /// Takes finished bakes in (without waiting for running ones) and poses with them.
    fn poll_bakes(&mut self) {
        for index in 0..self.actors.len() {
            let physics = &mut self.actors[index].physics;
            let Some(result) = physics.baking.as_mut().and_then(BakeJob::poll) else {
                continue;
            };
            physics.baking = None;
            let model = &self.scene.actors[index].model;
            let (label, file) = (model.label.clone(), model.file.clone());
            match result {
                Ok(bake) => {
                    for (frame, message) in &bake.blow_ups {
                        log::warn!("{label}: frame {frame}: {message}");
                    }
                    if let Some((frame, message)) = bake.blow_ups.first() {
                        let count = bake.blow_ups.len();
                        self.fail(
                            &file,
                            format!(
                                "physics bake of {label}: {count} blow-up(s), the first at \
                                 frame {frame}: {message}"
                            ),
                        );
                    }
                    self.actors[index].physics.bake = Some(Arc::new(bake));
                    self.posed_frame = None;
                }
                Err(message) => self.fail(&file, format!("physics: {message}")),
            }
        }
    }

    pub fn physics_mode(&self) -> PhysicsMode {
        self.physics.mode
    }

    pub fn physics_rate(&self) -> SubstepRate {
        self.physics.rate
    }

    /// Frames simulated and frames to simulate, over every model, while bakes run.
    pub fn bake_progress(&self) -> Option<(u32, u32)> {
        self.actors
            .iter()
            .filter_map(|s| s.physics.baking.as_ref().map(BakeJob::progress))
            .reduce(|(d1, t1), (d2, t2)| (d1 + d2, t1 + t2))
    }

    /// Whether every model's bake of the current inputs is ready (Baked mode then shows
    /// them).
    pub fn physics_baked(&self) -> bool {
        !self.actors.is_empty() && self.actors.iter().all(|s| s.physics.bake.is_some())
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

    /// The selected actor's index, if any.
    pub fn selected_model(&self) -> Option<usize> {
        self.selected
    }

    /// The selected actor.
    pub fn actor(&self) -> Option<&Actor> {
        self.scene.actors.get(self.selected?)
    }

    /// What the player keeps for the selected actor.
    fn state(&self) -> Option<&ActorState> {
        self.actors.get(self.selected?)
    }

    /// The selected model's IK bones, in bone order.
    pub fn ik_bones(&self) -> Vec<usize> {
        self.actor()
            .map(|a| a.model.rig.ik_bones().collect())
            .unwrap_or_default()
    }

    /// The selected model's switch of an IK bone.
    pub fn ik_override(&self, bone: usize) -> IkOverride {
        self.actor().map_or(IkOverride::Auto, |a| a.ik.get(bone))
    }

    /// The solver of an IK bone's chain of the selected model.
    pub fn ik_method(&self, bone: usize) -> IkMethod {
        self.actor().map_or(IkMethod::Ccd, |a| a.ik.method(bone))
    }

    /// The selected model's pin of a morph.
    pub fn morph_override(&self, morph: usize) -> Option<f32> {
        self.actor()?.morph_pins.get(morph).copied().flatten()
    }

    /// The selected bone of the selected model.
    pub fn selected_bone(&self) -> Option<usize> {
        self.state()?.selected_bone
    }

    /// The self-shadow to draw at the current frame: off when the view turns it off.
    pub fn self_shadow(&self) -> SelfShadow {
        self.scene
            .self_shadow_shown(self.playback.frame(), self.view.self_shadow)
    }

    pub fn view_options(&self) -> ViewOptions {
        self.view
    }

    /// Whether the view draws with the scene's camera motion.
    pub fn uses_camera_motion(&self) -> bool {
        self.use_camera_motion
    }

    /// Whether the free camera has been framed on the models yet.
    pub fn free_camera_framed(&self) -> bool {
        self.orbit.is_some()
    }

    /// Brings the poses up to the timeline's frame: evaluates when the frame moved, an
    /// override or a model changed, or a bake finished since the last evaluation. Returns
    /// whether it did.
    pub fn update_pose(&mut self) -> bool {
        self.poll_bakes();
        self.poll_export();
        self.sync_pose_edit();
        let frame = self.playback.frame();
        if self.posed_frame == Some(frame) {
            return false;
        }
        self.evaluate();
        true
    }

    /// Computes every actor's pose at the timeline's frame, the actors in parallel: the
    /// motion with the user's IK overrides and pinned morphs, and the bodies as the physics
    /// mode says. Off and a finished bake depend on nothing but the frame and the
    /// overrides; Live steps the bodies from the last frame it posed (see
    /// [`crate::physics`]). Baked shows live physics until its bake is ready: played from
    /// frame 0 that is the bake itself, bit for bit.
    pub fn evaluate(&mut self) {
        let frame = self.playback.frame();
        let mode = self.physics.mode;
        pose_actors(&mut self.actors, &self.scene.actors, |state, actor| {
            state.evaluate(actor, mode, frame);
        });
        self.pose_micros = 0.0;
        self.physics_micros = 0.0;
        for index in 0..self.actors.len() {
            let state = &self.actors[index];
            self.pose_micros += (state.evaluate_seconds - state.physics_seconds) * 1.0e6;
            self.physics_micros += state.physics_seconds * 1.0e6;
            if let Some(message) = self.actors[index].blow_up.take() {
                let model = &self.scene.actors[index].model;
                let (label, file) = (model.label.clone(), model.file.clone());
                log::warn!("{label}: frame {frame}: {message}");
                self.fail(
                    &file,
                    format!("physics of {label} at frame {frame}: {message}"),
                );
            }
        }
        self.posed_frame = Some(frame);
    }

    /// The selected model's pose as the view draws it: the edited one in Pose mode,
    /// otherwise the last evaluation's.
    pub fn pose(&self) -> Option<&Pose> {
        let evaluated = &self.state()?.pose;
        Some(self.pose_editor().map_or(evaluated, |e| e.shown()))
    }

    /// Every actor with the pose the view draws, in scene order (the selected one's edited
    /// pose in Pose mode).
    pub fn posed_actors(&self) -> impl Iterator<Item = (&Actor, &Pose)> {
        let edited = self.pose_editor().zip(self.selected);
        self.scene.actors.iter().zip(&self.actors).enumerate().map(
            move |(index, (actor, state))| match edited {
                Some((editor, selected)) if selected == index => (actor, editor.shown()),
                _ => (actor, &state.pose),
            },
        )
    }

    /// The camera to draw with: the camera motion at the current frame when it is in use,
    /// otherwise the free camera (MMD's start-up camera until it is framed).
    pub fn camera(&self) -> Camera {
        self.use_camera_motion
            .then(|| self.scene.camera_at(self.playback.frame()))
            .flatten()
            .unwrap_or_else(|| self.orbit.map_or_else(Camera::default, |o| o.camera))
    }

    /// The selected model's bones whose name contains `query` (any case), with every
    /// ancestor of a match kept so the tree stays connected; in bone order.
    pub fn bones_matching(&self, query: &str) -> Vec<bool> {
        let Some(actor) = self.actor() else {
            return Vec::new();
        };
        let rig = &actor.model.rig;
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

    /// The selected model's bone hierarchy.
    pub fn bone_tree(&self) -> Option<&BoneTree> {
        Some(&self.state()?.bone_tree)
    }
}

impl ActorState {
    /// Poses `actor` at `frame` as the physics `mode` says (see [`Player::evaluate`]).
    fn evaluate(&mut self, actor: &Actor, mode: PhysicsMode, frame: f32) {
        let start = Instant::now();
        let input = actor.pose_input();
        let physics = &mut self.physics;
        self.physics_seconds = 0.0;
        match (mode, &physics.bake, physics.live.as_mut()) {
            (PhysicsMode::Baked, Some(bake), _) => bake.evaluate(input, frame, &mut self.pose),
            (PhysicsMode::Live | PhysicsMode::Baked, _, Some(live)) => {
                live.evaluate(input, frame, &mut self.pose);
                self.physics_seconds = live.step_seconds();
                self.blow_up = live.take_blow_up();
            }
            _ => input.evaluate(frame, &mut self.pose),
        }
        self.evaluate_seconds = start.elapsed().as_secs_f32();
    }
}
