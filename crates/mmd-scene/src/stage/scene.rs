//! What is on stage: the models (actors), each with its motion layers (see
//! [`crate::stage::layers`]), overrides and visibility, the accessories, one camera motion, the light,
//! the self-shadow keys and the music, and where each model's textures come from. Loading is all-or-nothing: every
//! file is read and checked before anything changes, so a file that fails leaves the scene
//! exactly as it was.

use std::path::PathBuf;

use mmd_pose::{
    Camera, CameraMotion, Layer, Light, LightMotion, Pose, SelfShadow, SelfShadowMode,
    SelfShadowMotion,
};

use crate::media::music::Music;
use crate::project::bundled;
use crate::project::files::{LoadError, MotionFile, ReadFiles, bind, read_file};
use crate::stage::accessory::Accessory;
use crate::stage::actor::Actor;
use crate::stage::camera_follow::CameraFollow;
use crate::stage::gravity::GravityMotion;
use crate::stage::layers::{LayerSource, LayerSpec};
use crate::stage::model::Model;
use crate::stage::source::Track;

/// What [`Scene::open`] changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Opened {
    /// The actors with a model new to them (added, or the selected one replaced), by index.
    pub models: Vec<usize>,
    /// The actors given new motions (not counting the new models' own), by index.
    pub rebound: Vec<usize>,
    /// Motion and pose files bound, on all actors.
    pub motions: usize,
    /// The accessories added, by index.
    pub accessories: Vec<usize>,
    pub camera: bool,
    pub light: bool,
    pub music: bool,
}

/// One thing drawn, in [`crate::engine::frame::SceneFrame::draw_order`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    Actor(usize),
    Accessory(usize),
}

/// Where [`Scene::open`] puts what it opens. Motions (and a `.vac`'s parent bone) bind to the
/// model before them in the list; motions before any model bind to the selected actor (to the
/// first model of the list without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenInto {
    /// Models are added after the others.
    Add { selected: Option<usize> },
    /// The first model replaces the selected actor's (keeping its motions unless the list
    /// gives it new ones); any further models are added.
    Replace { selected: usize },
}

impl OpenInto {
    fn selected(self) -> Option<usize> {
        match self {
            OpenInto::Add { selected } => selected,
            OpenInto::Replace { selected } => Some(selected),
        }
    }
}

/// The models on stage, in the order MMD draws them, with one camera, one light, one
/// self-shadow and one song for all.
#[derive(Clone, Default)]
pub struct Scene {
    pub actors: Vec<Actor>,
    /// The accessories, in the order they were added (MMD's order among the opaque ones,
    /// and among the translucent ones).
    pub accessories: Vec<Accessory>,
    /// A camera motion opened on its own (a VMD with camera keys only, or `render
    /// --camera`). Without one the camera comes from the first layer (of the first actor)
    /// that has camera keys.
    pub camera: Option<Track<CameraMotion>>,
    /// A light motion opened on its own (a VMD with light keys and no bone, morph or IK keys,
    /// such as MMD's camera-and-light VMDs). Without one the light comes from the first layer
    /// that has light keys, else it is MMD's default.
    pub light: Option<Track<LightMotion>>,
    /// The self-shadow keys of the last VMD opened that has any (MMD keeps them beside the
    /// camera's); without them, MMD's default setting.
    pub self_shadow: Option<Track<SelfShadowMotion>>,
    /// The song the dance is played to.
    pub music: Option<Music>,
    /// Gravity keys (from a `.pmm` or a project); `None`: MMD's default gravity.
    pub gravity: Option<GravityMotion>,
    /// The bone the camera's look-at point follows, keyed (from a `.pmm` or a project).
    pub camera_follow: Option<CameraFollow>,
}

/// Models with the motions that follow each; the first entry has no model when motions come
/// before any model.
type MotionGroups = Vec<(Option<Model>, Vec<MotionFile>, PathBuf)>;

impl Scene {
    /// The bundled default model playing the bundled dance.
    pub fn bundled() -> Result<Scene, LoadError> {
        let mut actor = Actor::new(bundled::model()?);
        actor.set_motions(vec![bundled::motion()?]);
        Ok(Scene {
            actors: vec![actor],
            ..Scene::default()
        })
    }

    /// The scene a list of files makes, as the command line gives them: `A.pmx a.vmd B.pmx
    /// b.vmd cam.vmd song.wav`, each motion (VMD, or VPD pose) bound to the model before it
    /// (motions before the first model to the first), a camera VMD as the camera motion,
    /// audio as the music. Without files, the bundled default; motions without a model play
    /// on the bundled model; a model without motions stands at rest.
    pub fn from_files(files: &[PathBuf]) -> Result<Scene, LoadError> {
        Scene::from_files_with_layers(files, &[])
    }

    /// [`Scene::from_files`] from files already read.
    fn from_read_files(read: ReadFiles) -> Result<Scene, LoadError> {
        if read.has_model() {
            let mut scene = Scene::default();
            scene.apply(read, OpenInto::Add { selected: None })?;
            return Ok(scene);
        }
        let mut scene = Scene::bundled()?;
        scene.apply(read, OpenInto::Add { selected: Some(0) })?;
        Ok(scene)
    }

    /// Opens files (as dropped on the window or picked in the dialog) as `into` says:
    /// models are added or replace the selected one; the motions (VMD, or VPD poses) that
    /// follow a model become its one layer, and motions before any model replace the
    /// selected actor's layers with one layer of them; a VMD with camera keys becomes the
    /// camera motion (the camera of that layer when it has bone, morph or IK keys too), one
    /// with self-shadow keys drives the self-shadow, audio becomes the music. Every file is
    /// read first: if any fails, nothing changes and the error names it.
    pub fn open(&mut self, paths: &[PathBuf], into: OpenInto) -> Result<Opened, LoadError> {
        let read = ReadFiles::read(paths)?;
        self.apply(read, into)
    }

    /// Sorts `read` into models with their motions, checking that every motion has a model
    /// to play on.
    fn group(&self, read: &mut ReadFiles, into: OpenInto) -> Result<MotionGroups, LoadError> {
        let mut groups: MotionGroups = Vec::new();
        for (path, file) in &mut read.files {
            if let Some(model) = file.model.take() {
                // Motions before the first model, with no actor selected, are its own.
                match groups.last_mut() {
                    Some((slot @ None, _, _)) if into.selected().is_none() => {
                        *slot = Some(model);
                    }
                    _ => groups.push((Some(model), Vec::new(), path.clone())),
                }
            }
            if let Some(motion) = file.motion.take() {
                if groups.is_empty() {
                    groups.push((None, Vec::new(), path.clone()));
                }
                if let Some((_, motions, _)) = groups.last_mut() {
                    motions.push(motion);
                }
            }
        }
        if let Some((None, _, path)) = groups.first() {
            let selected = into.selected().filter(|&i| i < self.actors.len());
            if selected.is_none() {
                return Err(LoadError {
                    path: path.clone(),
                    message: "no model to play it on: open a model first".to_owned(),
                });
            }
        }
        Ok(groups)
    }

    /// Puts what `read` holds into the scene (see [`Scene::open`]).
    fn apply(&mut self, mut read: ReadFiles, into: OpenInto) -> Result<Opened, LoadError> {
        // Each accessory with how many models come before it in the list, for its parent.
        let mut accessories = Vec::new();
        let mut models_before = 0;
        for (_, file) in &mut read.files {
            models_before += usize::from(file.model.is_some());
            if let Some(loaded) = file.accessory.take() {
                accessories.push((loaded, models_before));
            }
        }
        let mut music = None;
        // The last files with camera and light keys, and whether each is a motion of its own.
        let mut camera = None;
        let mut light = None;
        let mut self_shadow = None;
        for (_, file) in &mut read.files {
            music = file.music.take().or(music);
            if let Some(c) = file.camera.take() {
                camera = Some((c, file.motion.is_none()));
            }
            if let Some(l) = file.light.take() {
                light = Some((l, file.motion.is_none()));
            }
            self_shadow = file.self_shadow.take().or(self_shadow);
        }
        let groups = self.group(&mut read, into)?;
        let mut opened = Opened {
            music: music.is_some(),
            camera: camera.is_some(),
            light: light.is_some(),
            ..Opened::default()
        };
        if music.is_some() {
            self.music = music;
        }
        if self_shadow.is_some() {
            self.self_shadow = self_shadow;
        }
        let mut replace = match into {
            OpenInto::Replace { selected } if selected < self.actors.len() => Some(selected),
            _ => None,
        };
        for (model, motions, _) in groups {
            opened.motions += motions.len();
            match model {
                None => {
                    let Some(index) = into.selected().filter(|&i| i < self.actors.len()) else {
                        continue;
                    };
                    self.actors[index].set_motions(motions);
                    opened.rebound.push(index);
                }
                Some(model) => {
                    let index = match replace.take() {
                        Some(index) => {
                            self.actors[index].replace_model(model);
                            index
                        }
                        None => {
                            self.actors.push(Actor::new(model));
                            self.actors.len() - 1
                        }
                    };
                    if !motions.is_empty() {
                        self.actors[index].set_motions(motions);
                    }
                    opened.models.push(index);
                }
            }
        }
        replace_track(&mut self.camera, camera);
        replace_track(&mut self.light, light);
        for (loaded, models_before) in accessories {
            let mut accessory = loaded.accessory;
            if let Some(bone) = loaded.parent_bone {
                let holder = match models_before.checked_sub(1) {
                    Some(k) => opened.models.get(k).copied(),
                    None => into.selected(),
                };
                self.hold(&mut accessory, holder, bone);
            }
            self.accessories.push(accessory);
            opened.accessories.push(self.accessories.len() - 1);
        }
        Ok(opened)
    }

    /// Gives `accessory` the parent bone its `.vac` names, on actor `holder`; without that
    /// actor or bone it stands in the world, with a warning saying why.
    fn hold(&self, accessory: &mut Accessory, holder: Option<usize>, bone: String) {
        let held = match holder.and_then(|i| self.actors.get(i)) {
            Some(actor) => accessory.set_parent(Some((actor, &bone))),
            None => Err("it needs a model opened before it".to_owned()),
        };
        if let Err(why) = held {
            accessory.warnings.push(format!(
                "its parent bone \"{bone}\": {why}; it stands in the world"
            ));
        }
    }

    /// Takes accessory `index` off the stage; returns whether there was one.
    pub fn remove_accessory(&mut self, index: usize) -> bool {
        if index >= self.accessories.len() {
            return false;
        }
        self.accessories.remove(index);
        true
    }

    /// Takes actor `index` off the stage; returns whether there was one.
    pub fn remove_actor(&mut self, index: usize) -> bool {
        if index >= self.actors.len() {
            return false;
        }
        self.actors.remove(index);
        true
    }

    /// The camera motion's camera at `frame`, or `None` without a camera motion: the camera
    /// motion opened on its own, otherwise the first layer taking part that has camera keys
    /// (at the layer's own frame), looking through the actors in order.
    pub fn camera_at(&self, frame: f32) -> Option<Camera> {
        Some(match &self.camera {
            Some(track) => track.motion.sample(frame),
            None => {
                let (actor, index, camera) = self.first_layer_with(|s| s.camera.as_ref())?;
                camera.sample(actor.layers()[index].local_frame(frame))
            }
        })
    }

    /// The camera at `frame` as it is shown once the actors are posed (`pose_of`): the
    /// camera motion's, its look-at point moved with the bone it follows, if any.
    pub fn camera_posed<'p>(
        &self,
        frame: f32,
        pose_of: impl Fn(usize) -> Option<&'p Pose>,
    ) -> Option<Camera> {
        let mut camera = self.camera_at(frame)?;
        if let Some(point) = self
            .camera_follow
            .as_ref()
            .and_then(|f| f.point(frame, &self.actors, pose_of))
        {
            camera.target += point;
        }
        Some(camera)
    }

    /// The light motion's light at `frame`, or `None` without a light motion: the one opened
    /// on its own, otherwise the first layer taking part that has light keys (at the layer's
    /// own frame), looking through the actors in order.
    pub fn light_motion_at(&self, frame: f32) -> Option<Light> {
        Some(match &self.light {
            Some(track) => track.motion.sample(frame),
            None => {
                let (actor, index, light) = self.first_layer_with(|s| s.light.as_ref())?;
                light.sample(actor.layers()[index].local_frame(frame))
            }
        })
    }

    /// The light at `frame`: the light motion's, or MMD's default.
    pub fn light_at(&self, frame: f32) -> Light {
        self.light_motion_at(frame).unwrap_or_default()
    }

    /// The self-shadow at `frame`: the keys', or MMD's default.
    pub fn self_shadow_at(&self, frame: f32) -> SelfShadow {
        self.self_shadow
            .as_ref()
            .map_or_else(SelfShadow::default, |t| t.motion.at(frame))
    }

    /// The self-shadow drawn at `frame`: [`Scene::self_shadow_at`], or off when the view
    /// (or the command line) turns it off.
    pub fn self_shadow_shown(&self, frame: f32, on: bool) -> SelfShadow {
        if on {
            self.self_shadow_at(frame)
        } else {
            SelfShadow {
                mode: SelfShadowMode::Off,
                ..SelfShadow::default()
            }
        }
    }

    /// The first layer taking part whose files give `part` (its camera or light motion), in
    /// actor order: its actor, its index and that part.
    fn first_layer_with<'a, T>(
        &'a self,
        part: impl Fn(&'a LayerSource) -> Option<&'a T> + Copy,
    ) -> Option<(&'a Actor, usize, &'a T)> {
        self.actors.iter().find_map(|actor| {
            let (index, found) = actor.first_layer_with(part)?;
            Some((actor, index, found))
        })
    }

    /// Whether the scene has a camera motion (its own or a layer's).
    pub fn has_camera(&self) -> bool {
        self.camera.is_some() || self.first_layer_with(|s| s.camera.as_ref()).is_some()
    }

    /// What the camera motion in use is called.
    pub fn camera_label(&self) -> Option<&str> {
        match &self.camera {
            Some(track) => Some(&track.label),
            None => {
                let (actor, index, _) = self.first_layer_with(|s| s.camera.as_ref())?;
                Some(&actor.layer_sources()[index].label)
            }
        }
    }

    /// The last frame of anything animated: every actor's layers, the camera, the light, the
    /// self-shadow, the accessories' keys and gravity.
    pub fn last_frame(&self) -> f32 {
        let camera = self.camera.as_ref().map_or(0.0, |t| t.motion.last_frame());
        let light = self.light.as_ref().map_or(0.0, |t| t.motion.last_frame());
        let self_shadow = self
            .self_shadow
            .as_ref()
            .map_or(0.0, |t| t.motion.last_frame());
        let gravity = self.gravity.as_ref().map_or(0, GravityMotion::last_frame);
        let accessories = self
            .accessories
            .iter()
            .filter_map(|a| Some(a.motion.as_ref()?.last_frame()))
            .max()
            .unwrap_or(0)
            .max(gravity) as f32;
        self.actors.iter().map(Actor::last_frame).fold(
            camera.max(light).max(self_shadow).max(accessories),
            f32::max,
        )
    }

    /// The scene of `files` (see [`Scene::from_files`]), then each of `layers` added to the
    /// last model, after its motions (which together make its first layer). Layers without a
    /// model replace the bundled model's dance.
    pub fn from_files_with_layers(
        files: &[PathBuf],
        layers: &[LayerSpec],
    ) -> Result<Scene, LoadError> {
        let read = ReadFiles::read(files)?;
        let mut scene = Scene::from_read_files_and_layers(read, layers)?;
        scene.add_layers_to_last(layers)?;
        Ok(scene)
    }

    /// [`Scene::from_files_with_layers`] going on past files that fail to open, as the
    /// window opens its command line: every file that opened is in the scene (the bundled
    /// model only when no model opened), and each failure is returned, in order. Only the
    /// bundled model failing to load is an error.
    pub fn from_files_keeping_good(
        files: &[PathBuf],
        layers: &[LayerSpec],
    ) -> Result<(Scene, Vec<LoadError>), LoadError> {
        let (read, mut failed) = ReadFiles::read_each(files);
        let mut scene = match Scene::from_read_files_and_layers(read, layers) {
            Ok(scene) => scene,
            Err(e) => {
                failed.push(e);
                Scene::bundled()?
            }
        };
        if let Err(e) = scene.add_layers_to_last(layers) {
            failed.push(e);
        }
        Ok((scene, failed))
    }

    /// The scene `read` makes; the bundled dance is left out when `layers` are all the
    /// motion given.
    fn from_read_files_and_layers(
        read: ReadFiles,
        layers: &[LayerSpec],
    ) -> Result<Scene, LoadError> {
        let layers_alone = !read.has_model() && !read.has_motion() && !layers.is_empty();
        let mut scene = Scene::from_read_files(read)?;
        if layers_alone && let Some(last) = scene.actors.last_mut() {
            last.clear_layers();
        }
        Ok(scene)
    }

    /// Adds `layers` to the last model (nothing without models).
    fn add_layers_to_last(&mut self, layers: &[LayerSpec]) -> Result<(), LoadError> {
        if let Some(last) = self.actors.len().checked_sub(1) {
            self.add_layers(last, layers)?;
        }
        Ok(())
    }

    /// Adds each motion or pose of `specs` as a layer of its own after actor `actor`'s
    /// others, with the spec's weight and offset; a VMD with camera or light keys only becomes
    /// the camera or light motion, as [`Scene::open`] makes it. Every file is read first: if any fails,
    /// or is a model, an accessory or music, or there is no such actor, nothing changes and the error
    /// names it.
    pub fn add_layers(&mut self, actor: usize, specs: &[LayerSpec]) -> Result<Opened, LoadError> {
        let mut added = Vec::new();
        let mut camera = None;
        let mut light = None;
        for spec in specs {
            let file = read_file(&spec.path)?;
            let not_a_motion = if file.model.is_some() {
                Some("a model")
            } else if file.accessory.is_some() {
                Some("an accessory")
            } else if file.music.is_some() {
                Some("music")
            } else {
                None
            };
            if let Some(what) = not_a_motion {
                return Err(LoadError {
                    path: spec.path.clone(),
                    message: format!("{what}, not a motion: open it with Open instead"),
                });
            }
            match file.motion {
                Some(motion) => added.push((spec, motion)),
                None => {
                    camera = file.camera.or(camera);
                    light = file.light.or(light);
                }
            }
        }
        if added.is_empty() && camera.is_none() && light.is_none() {
            return Ok(Opened::default());
        }
        let Some(target) = self.actors.get_mut(actor) else {
            return Err(LoadError {
                path: specs.first().map(|s| s.path.clone()).unwrap_or_default(),
                message: "no model to add layers to: open a model first".to_owned(),
            });
        };
        let opened = Opened {
            rebound: if added.is_empty() {
                Vec::new()
            } else {
                vec![actor]
            },
            motions: added.len(),
            camera: camera.is_some() || added.iter().any(|(_, m)| has_camera(m)),
            light: light.is_some(),
            ..Opened::default()
        };
        for (spec, motion) in added {
            let source = LayerSource::new(vec![motion]);
            target.layers.push(Layer {
                weight: spec.weight,
                offset: spec.offset,
                ..Layer::new(bind(&target.model.rig, &source.files))
            });
            target.sources.push(source);
        }
        if camera.is_some() {
            self.camera = camera;
        }
        if light.is_some() {
            self.light = light;
        }
        Ok(opened)
    }
}

/// Puts the last file's track (camera or light motion) of an opening into the scene: a file
/// holding only that track becomes the scene's own; one inside a model's motion clears the
/// scene's own, so that the layer's keys are the ones shown.
fn replace_track<T>(own: &mut Option<T>, last: Option<(T, bool)>) {
    match last {
        Some((track, true)) => *own = Some(track),
        Some((_, false)) => *own = None,
        None => {}
    }
}

fn has_camera(motion: &MotionFile) -> bool {
    !motion.vmd.camera_keys.is_empty()
}
