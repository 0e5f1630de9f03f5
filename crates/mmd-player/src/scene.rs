//! What is on stage: the models (actors), each with its motion layers (see
//! [`crate::layers`]), overrides and visibility, one camera motion, the self-shadow keys and
//! the music, and where each model's textures come from. Loading is all-or-nothing: every
//! file is read and checked before anything changes, so a file that fails leaves the scene
//! exactly as it was.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use glam::{Mat4, Vec3};
use mmd_format::FixedText;
use mmd_format::any::{AnyFile, read_any};
use mmd_format::pmx::Pmx;
use mmd_format::vmd::{BoneKey, MorphKey, Vmd};
use mmd_format::vpd::Vpd;
use mmd_physics::{ModelPhysics, PhysicsOptions};
use mmd_pose::{
    CameraMotion, CameraState, IkOverrides, Layer, Layers, Motion, MotionSource, Rig, SelfShadow,
    SelfShadowMode, SelfShadowMotion,
};
use mmd_render::{Camera, DirTextureSource, TextureSource};

use crate::default_assets;
use crate::layers::LayerSource;
use crate::music::{self, Music};
use crate::physics::PoseInput;
use crate::read_error;

/// Where the renderer finds the model's textures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureOrigin {
    /// The embedded default textures.
    Bundled,
    /// The folder the model file is in.
    Directory(PathBuf),
}

/// A model ready to pose and draw.
#[derive(Clone)]
pub struct Model {
    /// What the UI calls it: the model's own name and the file it came from.
    pub label: String,
    /// The file as the user opened it (or "bundled model"), for notices about it.
    pub file: String,
    /// The model in PMX terms (a PMD is converted) for the renderer.
    pub pmx: Pmx,
    pub rig: Rig,
    pub textures: TextureOrigin,
    /// Problems neutralised on the way: references in the file that point nowhere (the
    /// reader's, "byte N: …"), then what the rig builder found (bad indices, cycles), then
    /// the rigid bodies and joints physics repairs or leaves out.
    pub warnings: Vec<String>,
}

impl Model {
    /// Logs every warning, each prefixed with the model's label.
    pub fn log_warnings(&self) {
        for w in &self.warnings {
            log::warn!("{}: {w}", self.label);
        }
    }

    /// Where a texture the model names is looked for, as notices show it.
    pub fn texture_file(&self, path: &str) -> String {
        match &self.textures {
            TextureOrigin::Bundled => format!("{path} (bundled)"),
            TextureOrigin::Directory(dir) => {
                dir.join(path.replace('\\', "/")).display().to_string()
            }
        }
    }

    /// Where the renderer reads this model's textures from.
    pub fn texture_source(&self) -> Box<dyn TextureSource> {
        match &self.textures {
            TextureOrigin::Bundled => Box::new(default_assets::texture_source()),
            TextureOrigin::Directory(dir) => Box::new(DirTextureSource::new(dir)),
        }
    }
}

/// A motion file bound (or to be bound) to the model.
#[derive(Clone)]
pub struct MotionFile {
    pub label: String,
    /// The keys; a VPD pose's as a one-frame VMD (its names cut to VMD's fields), which is
    /// what a VMD written from it can hold.
    pub vmd: Vmd,
    /// A VPD pose as read: it binds by whole names (a cut name may be another bone's).
    pub pose: Option<Vpd>,
}

/// A file that could not be opened: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for LoadError {}

/// One file, read and classified: a model, music, or a motion with its parts for the model
/// and for the camera (a VMD with camera keys only has no model part).
#[derive(Default)]
pub(crate) struct LoadedFile {
    pub model: Option<Model>,
    pub music: Option<Music>,
    pub motion: Option<MotionFile>,
    pub camera: Option<(String, CameraMotion)>,
    pub self_shadow: Option<SelfShadowMotion>,
}

/// What [`Scene::open`] changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Opened {
    /// The actors with a model new to them (added, or the selected one replaced), by index.
    pub models: Vec<usize>,
    /// The actors given new motions (not counting the new models' own), by index.
    pub rebound: Vec<usize>,
    /// Motion and pose files bound, on all actors.
    pub motions: usize,
    pub camera: bool,
    pub music: bool,
}

/// Where [`Scene::open`] puts what it opens. Motions bind to the model before them in the
/// list; motions before any model bind to the selected actor (to the first model of the
/// list without one).
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

/// Tells the actors apart for the window's GPU copies, which outlive moves in the list.
static NEXT_ACTOR_ID: AtomicU64 = AtomicU64::new(1);

/// One model on stage and what moves it: its motion layers, the user's IK overrides and
/// morph pins, and whether it is shown.
#[derive(Clone)]
pub struct Actor {
    /// Unique in this process; a clone keeps it.
    pub id: u64,
    pub model: Model,
    pub ik: IkOverrides,
    /// Per model morph: a weight that replaces the motion's, or `None`.
    pub morph_pins: Vec<Option<f32>>,
    pub visible: bool,
    /// Where it stands in the scene: its model space moved by this much (MMD stands every
    /// model at the origin; dancers side by side are moved apart).
    pub position: Vec3,
    /// Per layer, the files it was made from; parallel to `layers`.
    pub(crate) sources: Vec<LayerSource>,
    /// The layers bound to `model`.
    pub(crate) layers: Layers,
}

impl Actor {
    /// `model` standing at rest, shown, without overrides.
    pub fn new(model: Model) -> Actor {
        Actor {
            id: NEXT_ACTOR_ID.fetch_add(1, Ordering::Relaxed),
            ik: IkOverrides::new(&model.rig),
            morph_pins: vec![None; model.rig.morph_count()],
            visible: true,
            position: Vec3::ZERO,
            sources: Vec::new(),
            layers: Layers::default(),
            model,
        }
    }

    /// Replaces the layers with one layer of `motions` (none when empty).
    pub(crate) fn set_motions(&mut self, motions: Vec<MotionFile>) {
        if motions.is_empty() {
            self.clear_layers();
            return;
        }
        let source = LayerSource::new(motions);
        self.layers = [Layer::new(bind(&self.model.rig, &source.files))].into();
        self.sources = vec![source];
    }

    /// Puts `model` in place of the actor's, its layers bound to it again (keeping their
    /// settings) and its overrides and pins cleared; the actor becomes a new one for the GPU.
    fn replace_model(&mut self, model: Model) {
        let (visible, position) = (self.visible, self.position);
        let sources = std::mem::take(&mut self.sources);
        let mut layers = std::mem::take(&mut self.layers);
        *self = Actor {
            visible,
            position,
            ..Actor::new(model)
        };
        for (layer, source) in layers.iter_mut().zip(&sources) {
            layer.motion = bind(&self.model.rig, &source.files);
        }
        self.layers = layers;
        self.sources = sources;
    }

    /// Its model space in the scene.
    pub fn placement(&self) -> Mat4 {
        Mat4::from_translation(self.position)
    }

    /// What a frame of this actor is posed from.
    pub fn pose_input(&self) -> PoseInput<'_> {
        PoseInput {
            rig: &self.model.rig,
            layers: &self.layers,
            overrides: &self.ik,
            morph_pins: &self.morph_pins,
        }
    }

    /// The last frame of its layers.
    pub fn last_frame(&self) -> f32 {
        self.layers.last_frame()
    }

    /// The first layer taking part that has camera keys: its index and its camera.
    fn layer_camera(&self) -> Option<(usize, &CameraMotion)> {
        self.layers
            .iter()
            .zip(&self.sources)
            .enumerate()
            .filter(|(_, (layer, _))| layer.effective_weight() > 0.0)
            .find_map(|(index, (_, source))| Some((index, source.camera.as_ref()?)))
    }
}

/// The models on stage, in the order MMD draws them, with one camera, one self-shadow and one
/// song for all.
#[derive(Clone, Default)]
pub struct Scene {
    pub actors: Vec<Actor>,
    /// A camera motion opened on its own (a VMD with camera keys only, or `render
    /// --camera`). Without one the camera comes from the first layer (of the first actor)
    /// that has camera keys.
    pub camera: Option<(String, CameraMotion)>,
    /// The self-shadow keys of the last VMD opened that has any (MMD keeps them beside the
    /// camera's); without them, MMD's default setting.
    pub self_shadow: Option<SelfShadowMotion>,
    /// The song the dance is played to.
    pub music: Option<Music>,
}

/// Every file of a list, read and classified, in order.
pub(crate) struct ReadFiles {
    files: Vec<(PathBuf, LoadedFile)>,
}

impl ReadFiles {
    /// Reads every path; the first that fails is the error.
    pub(crate) fn read(paths: &[PathBuf]) -> Result<ReadFiles, LoadError> {
        let files = paths
            .iter()
            .map(|path| Ok((path.clone(), read_file(path)?)))
            .collect::<Result<_, LoadError>>()?;
        Ok(ReadFiles { files })
    }

    pub(crate) fn has_model(&self) -> bool {
        self.files.iter().any(|(_, f)| f.model.is_some())
    }

    pub(crate) fn has_motion(&self) -> bool {
        self.files.iter().any(|(_, f)| f.motion.is_some())
    }
}

/// Models with the motions that follow each; the first entry has no model when motions come
/// before any model.
type MotionGroups = Vec<(Option<Model>, Vec<MotionFile>, PathBuf)>;

fn file_label(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `label` names the source ("bundled", a file name); the model's own name goes first.
fn model_from_pmx(
    pmx: Pmx,
    rig: (Rig, Vec<mmd_pose::RigWarning>),
    (label, file): (&str, String),
    textures: TextureOrigin,
) -> Model {
    let (rig, rig_warnings) = rig;
    let physics_warnings = match ModelPhysics::check(&pmx, &PhysicsOptions::default()) {
        Ok(warnings) => warnings.iter().map(|w| format!("physics: {w}")).collect(),
        Err(e) => vec![e.to_string()],
    };
    let warnings = pmx
        .warnings
        .iter()
        .map(ToString::to_string)
        .chain(rig_warnings.iter().map(ToString::to_string))
        .chain(physics_warnings)
        .collect();
    Model {
        label: format!("{} ({label})", pmx.name),
        file,
        pmx,
        rig,
        textures,
        warnings,
    }
}

/// `motions` bound to the rig, by bone and morph name.
pub(crate) fn bind(rig: &Rig, motions: &[MotionFile]) -> Motion {
    let sources: Vec<MotionSource> = motions
        .iter()
        .map(|m| match &m.pose {
            Some(vpd) => MotionSource::Pose(vpd),
            None => MotionSource::Vmd(&m.vmd),
        })
        .collect();
    Motion::bind_sources(rig, &sources)
}

/// A VPD pose as a one-frame motion, as a VMD holds it.
fn pose_as_motion(vpd: &Vpd) -> Vmd {
    Vmd {
        bone_keys: vpd
            .bones
            .iter()
            .map(|b| BoneKey {
                name: FixedText::encode(&b.name),
                frame: 0,
                translation: b.translation,
                rotation: b.rotation,
                interpolation: BoneKey::LINEAR_INTERPOLATION,
            })
            .collect(),
        morph_keys: vpd
            .morphs
            .iter()
            .map(|m| MorphKey {
                name: FixedText::encode(&m.name),
                frame: 0,
                weight: m.weight,
            })
            .collect(),
        ..Vmd::default()
    }
}

/// Reads one model file (PMX or PMD); anything else is an error that says so.
pub fn read_model(path: &Path) -> Result<Model, LoadError> {
    read_file(path)?.model.ok_or_else(|| LoadError {
        path: path.to_path_buf(),
        message: "not a model (PMX or PMD)".to_owned(),
    })
}

/// Reads and classifies one file.
pub(crate) fn read_file(path: &Path) -> Result<LoadedFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let bytes = std::fs::read(path).map_err(|e| fail(format!("cannot read: {e}")))?;
    if music::is_music(path, &bytes) {
        let music = Music::from_bytes(path, bytes).map_err(|e| fail(e.to_string()))?;
        return Ok(LoadedFile {
            music: Some(music),
            ..LoadedFile::default()
        });
    }
    let file = read_any(&bytes).map_err(|e| fail(read_error::describe(&e)))?;
    let label = file_label(path);
    let folder = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let model = |pmx, rig| LoadedFile {
        model: Some(model_from_pmx(
            pmx,
            rig,
            (&label, path.display().to_string()),
            TextureOrigin::Directory(folder.clone()),
        )),
        ..LoadedFile::default()
    };
    Ok(match file {
        AnyFile::Pmx(pmx) => {
            let rig = Rig::from_pmx(&pmx);
            model(*pmx, rig)
        }
        AnyFile::Pmd(pmd) => {
            let pmx = mmd_pose::pmd_as_pmx(&pmd);
            let rig = Rig::from_pmx(&pmx);
            model(pmx, rig)
        }
        AnyFile::Vmd(vmd) => {
            let camera = CameraMotion::from_vmd(&vmd).map(|c| (label.clone(), c));
            let self_shadow = SelfShadowMotion::from_vmd(&vmd);
            let has_model_keys =
                !(vmd.bone_keys.is_empty() && vmd.morph_keys.is_empty() && vmd.ik_keys.is_empty());
            LoadedFile {
                motion: (has_model_keys || (camera.is_none() && self_shadow.is_none())).then_some(
                    MotionFile {
                        label,
                        vmd,
                        pose: None,
                    },
                ),
                camera,
                self_shadow,
                ..LoadedFile::default()
            }
        }
        AnyFile::Vpd(vpd) => LoadedFile {
            motion: Some(MotionFile {
                label,
                vmd: pose_as_motion(&vpd),
                pose: Some(vpd),
            }),
            ..LoadedFile::default()
        },
    })
}

impl Scene {
    /// The bundled default model playing the bundled dance.
    pub fn bundled() -> Result<Scene, LoadError> {
        let fail = |what: &str, e: mmd_format::Error| LoadError {
            path: PathBuf::from(format!("<bundled {what}>")),
            message: e.to_string(),
        };
        let pmx = mmd_format::pmx::read(default_assets::MODEL).map_err(|e| fail("model", e))?;
        let vmd = mmd_format::vmd::read(default_assets::MOTION).map_err(|e| fail("motion", e))?;
        let rig = Rig::from_pmx(&pmx);
        let model = model_from_pmx(
            pmx,
            rig,
            ("bundled", "bundled model".to_owned()),
            TextureOrigin::Bundled,
        );
        let mut actor = Actor::new(model);
        actor.set_motions(vec![MotionFile {
            label: "dance (bundled)".to_owned(),
            vmd,
            pose: None,
        }]);
        Ok(Scene {
            actors: vec![actor],
            ..Scene::default()
        })
    }

    /// The scene the command line asks for: `A.pmx a.vmd B.pmx b.vmd cam.vmd song.wav`,
    /// each motion (VMD, or VPD pose) bound to the model before it (motions before the first
    /// model to the first), a camera VMD as the camera motion, audio as the music. Without
    /// files, the bundled default; motions without a model play on the bundled model; a
    /// model without motions stands at rest.
    pub fn from_command_line(files: &[PathBuf]) -> Result<Scene, LoadError> {
        Scene::from_command_line_with_layers(files, &[])
    }

    /// [`Scene::from_command_line`] from files already read.
    pub(crate) fn from_read_files(read: ReadFiles) -> Result<Scene, LoadError> {
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
        let mut music = None;
        // The last file with camera keys, and whether it is a camera motion alone.
        let mut camera = None;
        let mut self_shadow = None;
        for (_, file) in &mut read.files {
            music = file.music.take().or(music);
            if let Some(c) = file.camera.take() {
                camera = Some((c, file.motion.is_none()));
            }
            self_shadow = file.self_shadow.take().or(self_shadow);
        }
        let groups = self.group(&mut read, into)?;
        let mut opened = Opened {
            music: music.is_some(),
            camera: camera.is_some(),
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
        match camera {
            Some((camera, true)) => self.camera = Some(camera),
            Some((_, false)) => self.camera = None,
            None => {}
        }
        Ok(opened)
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
        let s = self.camera_state_at(frame)?;
        Some(Camera {
            target: s.target,
            rotation: s.rotation,
            distance: s.distance,
            fov_y_deg: s.fov_deg,
            perspective: s.perspective,
        })
    }

    /// The self-shadow at `frame`: the keys', or MMD's default.
    pub fn self_shadow_at(&self, frame: f32) -> SelfShadow {
        self.self_shadow
            .as_ref()
            .map_or_else(SelfShadow::default, |m| m.at(frame))
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

    /// [`Scene::camera_at`] in VMD terms.
    pub fn camera_state_at(&self, frame: f32) -> Option<CameraState> {
        Some(match &self.camera {
            Some((_, motion)) => motion.sample(frame),
            None => {
                let (actor, index, camera) = self.layer_camera()?;
                camera.sample(actor.layers[index].local_frame(frame))
            }
        })
    }

    /// The first layer taking part that has camera keys, in actor order: its actor, its
    /// index and its camera.
    fn layer_camera(&self) -> Option<(&Actor, usize, &CameraMotion)> {
        self.actors.iter().find_map(|actor| {
            let (index, camera) = actor.layer_camera()?;
            Some((actor, index, camera))
        })
    }

    /// Whether the scene has a camera motion (its own or a layer's).
    pub fn has_camera(&self) -> bool {
        self.camera.is_some() || self.layer_camera().is_some()
    }

    /// What the camera motion in use is called.
    pub fn camera_label(&self) -> Option<&str> {
        match &self.camera {
            Some((label, _)) => Some(label),
            None => {
                let (actor, index, _) = self.layer_camera()?;
                Some(&actor.sources[index].label)
            }
        }
    }

    /// The last frame of anything animated: every actor's layers, the camera and the
    /// self-shadow.
    pub fn last_frame(&self) -> f32 {
        let camera = self.camera.as_ref().map_or(0.0, |(_, c)| c.last_frame());
        let self_shadow = self.self_shadow.as_ref().map_or(0.0, |s| s.last_frame());
        self.actors
            .iter()
            .map(Actor::last_frame)
            .fold(camera.max(self_shadow), f32::max)
    }
}
