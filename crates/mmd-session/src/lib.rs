//! The player's application model, without a window: the scene (its actors carry their own
//! IK and morph overrides), the timeline, the scene engine that poses it (physics with each
//! model's simulation and bake), the selected model and bone, the view options and camera,
//! Pose mode with its undo, the project and whether it changed, the export settings, the last
//! error and the notices, the recent files, and what the host is asked to do. A host (the
//! window, a script, a test) changes it only through [`Player::apply`], which hands each
//! action to the part that owns what it changes; what it asks of "the model" (IK switches,
//! morph pins, bones, layers) is asked of the selected one. What the session needs of its
//! host (words, export, a settings store, sound, the clock, dialogs) is said in [`host`].
//!
//! Physics follows motion time, never calls: [`Player::update_pose`] evaluates only when the
//! frame moved or an input changed, and live physics holds its bodies when asked for the same
//! frame again, so however often a displayed frame is evaluated the bodies step once per move
//! of the timeline. What changes restart or re-bake the simulation is said at
//! [`PhysicsChange`].

use std::path::PathBuf;

use mmd_physics::SubstepRate;
use mmd_pose::{Camera, IkMethod, IkOverride, IkOverrides, Light, Pose, SelfShadow};
use mmd_scene::engine::frame::{CameraChoice, FrameChoices, SceneFrame, camera_of, light_of};
use mmd_scene::engine::per_actor::PerActor;
use mmd_scene::engine::{LiveStepping, PhysicsChange, PhysicsMode, SceneEngine};
use mmd_scene::media::playback::Playback;
use mmd_scene::project::files::LoadError;
use mmd_scene::stage::actor::Actor;
use mmd_scene::stage::bounds;
use mmd_scene::stage::model::Model;
use mmd_scene::stage::scene::{OpenInto, Scene};

use crate::host::Services;
use crate::message::Message;
use crate::view_options::ViewOptions;

use accessory_actions::accessory_notices;
use action::Action;
use export_actions::ExportState;
pub use music_actions::MusicSettings;
use music_actions::MusicState;
use notices::{Notice, Notices};
pub use panels::BoneTree;
use panels::{ActorPanel, bones_matching};
use pose_actions::PoseModeState;
use project_actions::ProjectState;
use recent::RecentFiles;
pub use requests::{Request, Requests};
use view::ViewCamera;

mod accessory_actions;
pub mod action;
pub mod export;
mod export_actions;
pub mod host;
mod layer_actions;
pub mod message;
mod missing_actions;
mod model_actions;
mod music_actions;
pub mod notices;
pub mod orbit;
mod outside_parent_actions;
mod panels;
mod physics_actions;
mod pose_actions;
pub mod project_actions;
pub mod recent;
pub mod requests;
mod view;
mod view_actions;
pub mod view_options;

pub struct Player {
    pub scene: Scene,
    playback: Playback,
    /// Poses the scene at the timeline's frame, with each model's physics.
    engine: SceneEngine,
    /// What the panels keep per actor.
    panels: PerActor<ActorPanel>,
    /// The actor the panels show and edit; `None` when the stage is empty.
    selected: Option<usize>,
    /// The accessory the Accessories panel shows and edits; `None` without accessories.
    selected_accessory: Option<usize>,
    camera: ViewCamera,
    /// The light as set by hand (MMD's light panel), over the light motion until reset.
    light: Option<Light>,
    view: ViewOptions,
    /// The last error (a file that failed to open), shown until dismissed or the next open
    /// succeeds.
    pub error: Option<String>,
    /// Every problem met so far, errors and warnings, each with its file.
    notices: Notices,
    pub requests: Requests,
    recent: RecentFiles,
    /// The frame the poses were evaluated at; `None` when an override or a model changed
    /// since.
    posed_frame: Option<f32>,
    /// The scene evaluated at the timeline's frame, as the view draws it (brought up to date
    /// by [`Player::update_pose`]).
    frame: SceneFrame,
    /// File → Export: the running export, and how the last one ended.
    export: ExportState,
    /// How the scene's music plays, and the clock that follows it.
    music: MusicState,
    /// Pose mode and its edit (`pose_actions.rs`).
    pose_mode: PoseModeState,
    /// The project the scene belongs to (`project_actions.rs`).
    project: ProjectState,
    /// What the host does for the session (words, export, the settings store).
    services: Services,
}

/// What reading `model` repaired, as notices.
fn model_notices(model: &Model) -> impl Iterator<Item = Notice> + '_ {
    model
        .warnings
        .iter()
        .map(|w| Notice::warning(&model.file, w))
}

impl Player {
    /// The player for `scene` with a host that gives nothing ([`Services::default`]).
    pub fn new(scene: Scene) -> Player {
        Player::with_services(scene, Services::default())
    }

    /// The player for `scene` hosted by `services`, the first model and accessory selected;
    /// the models' and accessories' warnings are logged, and the recent files are read from
    /// the host's settings store.
    pub fn with_services(scene: Scene, services: Services) -> Player {
        let mut notices = Notices::default();
        for actor in &scene.actors {
            actor.model.log_warnings();
            for notice in model_notices(&actor.model) {
                notices.push(notice);
            }
        }
        for accessory in &scene.accessories {
            for notice in accessory_notices(accessory) {
                notices.push(notice);
            }
        }
        let mut player = Player {
            playback: Playback::new(scene.last_frame()),
            engine: SceneEngine::new(
                PhysicsMode::default(),
                SubstepRate::default(),
                LiveStepping::Display,
            ),
            panels: PerActor::default(),
            selected: (!scene.actors.is_empty()).then_some(0),
            selected_accessory: (!scene.accessories.is_empty()).then_some(0),
            camera: ViewCamera {
                use_motion: scene.has_camera(),
                ..ViewCamera::default()
            },
            light: None,
            view: ViewOptions::default(),
            error: None,
            notices,
            requests: Requests::default(),
            recent: RecentFiles::read_from(services.settings.as_ref()),
            posed_frame: None,
            frame: SceneFrame::default(),
            export: ExportState::default(),
            music: MusicState::default(),
            pose_mode: PoseModeState::default(),
            project: ProjectState::default(),
            services,
            scene,
        };
        player.engine.time_poses();
        player.engine.set_gravity(player.scene.gravity.as_ref());
        player.sync_actors();
        player.measure_models();
        player
    }

    /// Brings the engine's and the panels' per-actor state in line with the scene's actors.
    fn sync_actors(&mut self) {
        self.engine.sync(&self.scene.actors);
        self.panels.sync(&self.scene.actors, ActorPanel::new);
    }

    /// Measures every model again over the scene's frames (after models or motions
    /// changed) and frames the shown ones.
    fn measure_models(&mut self) {
        let last = self.scene.last_frame();
        self.panels.sync(&self.scene.actors, ActorPanel::new);
        for (panel, actor) in self.panels.iter_mut().zip(&self.scene.actors) {
            let model = &actor.model;
            panel.bounds = bounds::motion_bounds(&model.pmx, &model.rig, actor.layers(), last);
        }
        self.frame_shown_models();
    }

    /// What the free camera frames: the shown models' measured extents, each where it
    /// stands.
    fn frame_shown_models(&mut self) {
        self.camera.bounds = self
            .panels
            .iter()
            .zip(&self.scene.actors)
            .filter(|(_, actor)| actor.visible)
            .filter_map(|(panel, actor)| Some(panel.bounds?.translated(actor.position)))
            .reduce(mmd_pose::Aabb::union);
    }

    /// Opens files into the scene as `into` says (see [`Scene::open`]). On failure the scene
    /// is untouched and the error is kept for the UI. New models' and accessories' warnings
    /// are logged and listed as notices, and the last new model and the last new accessory
    /// are selected; the files go to the top of the recent files.
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
        self.remember_opened(paths);
        for &index in &opened.models {
            let actor = &self.scene.actors[index];
            actor.model.log_warnings();
            for notice in model_notices(&actor.model) {
                self.notices.push(notice);
            }
        }
        self.accessories_opened(&opened.accessories);
        self.sync_actors();
        if let Some(&last) = opened.models.last() {
            self.selected = Some(last);
        }
        if !opened.models.is_empty() || opened.motions > 0 {
            self.measure_models();
            // New models or motions frame the camera again, unless the user has moved it.
            if self.camera.orbit.is_some_and(|o| o.is_home()) {
                self.camera.orbit = None;
            }
        }
        if opened.camera {
            self.camera.use_motion = true;
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

    /// [`Player::fail`] about the selected model's file, in the host's words.
    fn fail_on_selected(&mut self, message: &Message) {
        let message = self.text(message);
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
        let may_change_project = action.may_change_project();
        self.carry_out(action);
        if may_change_project {
            self.check_project_changes();
        }
    }

    fn carry_out(&mut self, action: Action) {
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
            Action::SelectBone(bone) => self.select_bone(Some(bone)),
            Action::Deselect => self.select_bone(None),
            Action::SetView(option, on) => self.set_view(option, on),
            Action::UseCameraMotion(on) => self.use_camera_motion(on),
            Action::FrameCamera { aspect } => self.frame_camera(aspect),
            Action::OrbitCamera { dx, dy } => self.camera.move_free(|o| o.orbit(dx, dy)),
            Action::PanCamera {
                dx,
                dy,
                view_height,
            } => self.camera.move_free(|o| o.pan(dx, dy, view_height)),
            Action::ZoomCamera(points) => self.camera.move_free(|o| o.zoom(points)),
            Action::LookFrom(side) => self.camera.move_free(|o| o.look_from(side)),
            Action::ResetCamera => self.reset_camera(),
            Action::SetLight(light) => self.set_light(Some(light)),
            Action::ResetLight => self.set_light(None),
            Action::OpenDialog => self.requests.push(Request::OpenDialog),
            Action::Open(paths) => self.open_files(&paths),
            Action::ReplaceModelDialog => {
                self.request_if(self.selected.is_some(), Request::ReplaceModelDialog);
            }
            Action::ReplaceModel(path) => self.replace_model(path),
            Action::SelectModel(index) => self.select_model(index),
            Action::SetModelVisible { model, visible } => self.set_model_visible(model, visible),
            Action::PlaceModel { model, position } => self.place_model(model, position),
            Action::SetOutsideParent { bone, parent } => self.set_outside_parent(bone, parent),
            Action::RemoveModel(index) => self.remove_model(index),
            Action::SelectAccessory(index) => self.select_accessory(index),
            Action::EditAccessory { index, edit } => self.edit_accessory(index, edit),
            Action::RemoveAccessory(index) => self.remove_accessory(index),
            Action::SaveAccessoryVacDialog(index) => self.request_if(
                index < self.scene.accessories.len(),
                Request::SaveVacDialog(index),
            ),
            Action::SaveAccessoryVac { index, path } => self.save_accessory_vac(index, &path),
            Action::Quit => self.quit(),
            Action::SaveProject => self.save_project(),
            Action::SaveProjectAsDialog => self.requests.push(Request::SaveProjectDialog),
            Action::SaveProjectTo(path) => self.save_project_to(&path),
            Action::AnswerUnsaved(answer) => self.answer_unsaved(answer),
            Action::LocateMissingDialog(part) => self.requests.push(Request::LocateDialog(part)),
            Action::LocateMissing { part, path } => self.locate_missing(part, &path),
            Action::DismissError => self.error = None,
            Action::ClearNotices => self.notices.clear(),
            Action::SetPhysicsMode(mode) => self.set_physics_mode(mode),
            Action::SetPhysicsRate(rate) => self.set_physics_rate(rate),
            Action::ResetPhysics => self.physics_changed(PhysicsChange::Reset, None),
            Action::AddLayerDialog => self.requests.push(Request::AddLayersDialog),
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

    /// Queues `request` for the window when `asked` holds (a dialog about something that is
    /// there).
    fn request_if(&mut self, asked: bool, request: Request) {
        if asked {
            self.requests.push(request);
        }
    }

    /// Opens `paths`: a project among them in place of the scene (asking first about unsaved
    /// changes), otherwise the files added to the scene.
    fn open_files(&mut self, paths: &[PathBuf]) {
        match Player::project_among(paths) {
            Some(project) => self.open_project_asking(project),
            None => self.open(
                paths,
                OpenInto::Add {
                    selected: self.selected,
                },
            ),
        }
    }

    /// Puts the model at `path` in place of the selected one.
    fn replace_model(&mut self, path: PathBuf) {
        if let Some(selected) = self.selected {
            self.open(&[path], OpenInto::Replace { selected });
        }
    }

    /// Selects `bone` of the selected model (one it has), or no bone.
    fn select_bone(&mut self, bone: Option<usize>) {
        let Some(i) = self.selected else {
            return;
        };
        let exists = bone.is_none_or(|b| b < self.scene.actors[i].model.rig.bone_count());
        if exists && let Some(panel) = self.panels.get_mut(i) {
            panel.selected_bone = bone;
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

    /// Every problem met so far, oldest first.
    pub fn notices(&self) -> &Notices {
        &self.notices
    }

    /// Lists a problem found outside the player (a texture the renderer cannot read).
    pub fn add_notice(&mut self, notice: Notice) {
        self.notices.push(notice);
    }

    /// Lists what the command line could not open (`failed`, each naming its file) and the
    /// settings it could not apply (`refused`), as errors the window shows at once.
    pub fn report_start_problems(&mut self, failed: &[LoadError], refused: &[String]) {
        for error in failed {
            log::error!("{error}");
            let file = error.path.display().to_string();
            self.notices.push(Notice::error(file, &error.message));
            // The banner names the file, as when File → Open fails.
            self.error = Some(error.to_string());
        }
        for message in refused {
            log::error!("{message}");
            let file = self.text(&Message::CommandLine);
            self.fail(&file, message.clone());
        }
    }

    pub fn recent_files(&self) -> &RecentFiles {
        &self.recent
    }

    /// Puts `opened` at the top of the recent files, and keeps the list in the host's
    /// settings store.
    pub fn remember_opened(&mut self, opened: &[PathBuf]) {
        self.recent.add(opened);
        self.recent.write_to(self.services.settings.as_mut());
    }

    /// `message` in the host's words.
    pub fn text(&self, message: &Message) -> String {
        self.services.words.text(message)
    }

    /// Lists what the GPU device reported (`message`: an error in a draw, the device lost)
    /// as a notice; a lost device (`lost`) is also shown as the error, since nothing is drawn
    /// until a restart.
    pub fn report_gpu_error(&mut self, message: String, lost: bool) {
        if lost {
            self.error = Some(self.text(&Message::DeviceLost {
                error: message.clone(),
            }));
        }
        self.notices.push(Notice::error("GPU", message));
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

    /// The selected actor's panel state.
    fn panel(&self) -> Option<&ActorPanel> {
        self.panels.get(self.selected?)
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
        self.panel()?.selected_bone
    }

    /// The self-shadow to draw at the current frame: off when the view turns it off.
    pub fn self_shadow(&self) -> SelfShadow {
        self.scene
            .self_shadow_shown(self.playback.frame(), self.view.self_shadow)
    }

    /// What the view decides about a frame beyond what the scene keys: the camera motion (the
    /// free camera where the scene has none) or the free camera, the light set by hand, the
    /// self-shadow switch.
    pub fn frame_choices(&self) -> FrameChoices {
        let free = self.camera.free();
        FrameChoices {
            camera: if self.camera.use_motion {
                CameraChoice::Motion { otherwise: free }
            } else {
                CameraChoice::Fixed(free)
            },
            light: self.light,
            self_shadow: self.view.self_shadow,
        }
    }

    /// The scene evaluated at the timeline's frame as the view draws it (Pose mode's edited
    /// pose for the selected model), as of the last [`Player::update_pose`].
    pub fn frame(&self) -> &SceneFrame {
        &self.frame
    }

    pub fn view_options(&self) -> ViewOptions {
        self.view
    }

    /// Sets every View menu switch at once (the settings kept from the last run).
    pub fn set_view_options(&mut self, options: ViewOptions) {
        self.view = options;
    }

    /// Whether the view draws with the scene's camera motion.
    pub fn uses_camera_motion(&self) -> bool {
        self.camera.use_motion
    }

    /// Whether the free camera has been framed on the models yet.
    pub fn free_camera_framed(&self) -> bool {
        self.camera.orbit.is_some()
    }

    /// Brings the poses up to the timeline's frame: evaluates when the frame moved, an
    /// override or a model changed, or a bake finished since the last evaluation. Returns
    /// whether it did.
    /// The rest of the frame (camera, light, accessories, draw order) is evaluated again
    /// either way, since the camera and the settings move without the timeline.
    pub fn update_pose(&mut self) -> bool {
        self.poll_bakes();
        self.poll_export();
        self.sync_pose_edit();
        let frame = self.playback.frame();
        let posed = self.posed_frame != Some(frame);
        if posed {
            self.evaluate();
        }
        self.evaluate_frame();
        posed
    }

    /// Evaluates the frame the view draws over the poses it shows.
    fn evaluate_frame(&mut self) {
        // Taken out and put back, so that it can be written while the poses are read; its
        // lists keep their memory.
        let mut scene_frame = std::mem::take(&mut self.frame);
        let choices = self.frame_choices();
        scene_frame.evaluate(
            &self.scene,
            self.playback.frame(),
            |i| self.shown_pose(i),
            &choices,
        );
        self.frame = scene_frame;
    }

    /// Computes every actor's pose at the timeline's frame, the actors in parallel: the
    /// motion with the user's IK overrides and pinned morphs, and the bodies as the physics
    /// mode says (see [`mmd_scene::engine`]). Blow-ups of live physics are shown.
    pub fn evaluate(&mut self) {
        let frame = self.playback.frame();
        self.engine.pose(&self.scene.actors, frame);
        let blown: Vec<(usize, String)> = self
            .engine
            .blow_ups()
            .map(|(index, message)| (index, message.to_owned()))
            .collect();
        for (index, message) in blown {
            let model = &self.scene.actors[index].model;
            let (label, file) = (model.label.clone(), model.file.clone());
            log::warn!("{label}: frame {frame}: {message}");
            let message = self.text(&Message::PhysicsBlewUp {
                model: label,
                frame,
                error: message,
            });
            self.fail(&file, message);
        }
        self.posed_frame = Some(frame);
    }

    /// Microseconds the last evaluation took to pose the models, physics left out, summed
    /// over the models (which are posed in parallel).
    pub fn pose_micros(&self) -> f32 {
        self.engine.micros().0
    }

    /// Microseconds live physics took in the last evaluation, summed over the models (0
    /// without live physics).
    pub fn physics_micros(&self) -> f32 {
        self.engine.micros().1
    }

    /// The selected model's pose as the view draws it: the edited one in Pose mode,
    /// otherwise the last evaluation's.
    pub fn pose(&self) -> Option<&Pose> {
        let evaluated = self.engine.pose_of(self.selected?)?;
        Some(self.pose_editor().map_or(evaluated, |e| e.shown()))
    }

    /// Every actor with the pose the view draws, in scene order (the selected one's edited
    /// pose in Pose mode).
    pub fn posed_actors(&self) -> impl Iterator<Item = (&Actor, &Pose)> {
        let edited = self.pose_editor().zip(self.selected);
        self.scene
            .actors
            .iter()
            .zip(self.engine.poses())
            .enumerate()
            .map(move |(index, (actor, pose))| match edited {
                Some((editor, selected)) if selected == index => (actor, editor.shown()),
                _ => (actor, pose),
            })
    }

    /// The pose actor `index` is shown in (Pose mode's edit for the selected actor while
    /// posing), or `None` when there is no such actor.
    pub fn shown_pose(&self, index: usize) -> Option<&Pose> {
        match self.pose_editor().zip(self.selected) {
            Some((editor, selected)) if selected == index => Some(editor.shown()),
            _ => self.engine.pose_of(index),
        }
    }

    /// The camera to draw with: the camera motion at the current frame when it is in use,
    /// otherwise the free camera (MMD's start-up camera until it is framed).
    pub fn camera(&self) -> Camera {
        camera_of(
            &self.scene,
            self.playback.frame(),
            |i| self.engine.pose_of(i),
            self.frame_choices().camera,
        )
    }

    /// The light to draw with: the one set by hand, else the scene's light motion at the
    /// current frame (MMD's default without one).
    pub fn light(&self) -> Light {
        light_of(&self.scene, self.playback.frame(), self.light)
    }

    /// Whether the light is set by hand (over the light motion).
    pub fn light_set_by_hand(&self) -> bool {
        self.light.is_some()
    }

    /// The selected model's bones whose name contains `query` (any case), with every
    /// ancestor of a match kept so the tree stays connected; in bone order.
    pub fn bones_matching(&self, query: &str) -> Vec<bool> {
        self.actor()
            .map(|actor| bones_matching(&actor.model.rig, query))
            .unwrap_or_default()
    }

    /// The selected model's bone hierarchy.
    pub fn bone_tree(&self) -> Option<&BoneTree> {
        Some(&self.panel()?.bone_tree)
    }
}
