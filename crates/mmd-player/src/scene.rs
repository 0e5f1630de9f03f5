//! What is on stage: one model, its motion layers (see [`crate::layers`]), an optional camera
//! motion, and where the model's textures come from. Loading is all-or-nothing: every file is
//! read and checked before anything changes, so a file that fails leaves the scene exactly as
//! it was.

use std::fmt;
use std::path::{Path, PathBuf};

use mmd_format::FixedText;
use mmd_format::any::{AnyFile, read_any};
use mmd_format::pmx::Pmx;
use mmd_format::vmd::{BoneKey, MorphKey, Vmd};
use mmd_format::vpd::Vpd;
use mmd_physics::{ModelPhysics, PhysicsOptions};
use mmd_pose::{
    CameraMotion, CameraState, Layer, Layers, Motion, MotionSource, Rig, SelfShadow,
    SelfShadowMotion,
};
use mmd_render::{Camera, DirTextureSource, TextureSource};

use crate::default_assets;
use crate::layers::LayerSource;
use crate::music::{self, Music};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Opened {
    pub model: bool,
    pub motions: usize,
    pub camera: bool,
    pub music: bool,
}

#[derive(Clone)]
pub struct Scene {
    pub model: Model,
    /// A camera motion opened on its own (a VMD with camera keys only, or `render
    /// --camera`). Without one the camera comes from the first layer that has camera keys.
    pub camera: Option<(String, CameraMotion)>,
    /// The self-shadow keys of the last VMD opened that has any (MMD keeps them beside the
    /// camera's); without them, MMD's default setting.
    pub self_shadow: Option<SelfShadowMotion>,
    /// The song the dance is played to.
    pub music: Option<Music>,
    /// Per layer, the files it was made from; parallel to `layers`.
    pub(crate) sources: Vec<LayerSource>,
    /// The layers bound to `model`.
    pub(crate) layers: Layers,
}

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
        let source = LayerSource::new(vec![MotionFile {
            label: "dance (bundled)".to_owned(),
            vmd,
            pose: None,
        }]);
        Ok(Scene {
            layers: [Layer::new(bind(&model.rig, &source.files))].into(),
            sources: vec![source],
            model,
            camera: None,
            self_shadow: None,
            music: None,
        })
    }

    /// The scene the command line asks for: `MODEL [MOTION...]` (motions may include a
    /// camera VMD and VPD poses). Without files, the bundled default; motions alone play on
    /// the bundled model; a model alone stands at rest.
    pub fn from_command_line(files: &[PathBuf]) -> Result<Scene, LoadError> {
        Scene::from_command_line_with_layers(files, &[])
    }

    /// Binds every layer's files to the model again (after the model changed), keeping the
    /// layers' settings.
    fn rebind(&mut self) {
        for (layer, source) in self.layers.iter_mut().zip(&self.sources) {
            layer.motion = bind(&self.model.rig, &source.files);
        }
    }

    /// Opens files (as dropped on the window or picked in the dialog): a model replaces the
    /// model and keeps the layers; motions (VMD, or VPD poses) together replace the layers
    /// with one layer of them all; a VMD with camera keys becomes the camera motion (the
    /// camera of that layer when it has bone, morph or IK keys too), one with self-shadow
    /// keys drives the self-shadow. Every file is read first: if any fails, nothing changes
    /// and the error names it.
    pub fn open(&mut self, paths: &[PathBuf]) -> Result<Opened, LoadError> {
        let mut model = None;
        let mut motions = Vec::new();
        // The last file with camera keys, and whether it is a camera motion alone.
        let mut camera = None;
        let mut self_shadow = None;
        let mut music = None;
        for path in paths {
            let file = read_file(path)?;
            music = file.music.or(music);
            if let Some(m) = file.model {
                if model.is_some() {
                    return Err(LoadError {
                        path: path.clone(),
                        message: "more than one model given; open one model at a time".to_owned(),
                    });
                }
                model = Some(m);
            }
            if let Some(c) = file.camera {
                camera = Some((c, file.motion.is_none()));
            }
            if file.self_shadow.is_some() {
                self_shadow = file.self_shadow;
            }
            motions.extend(file.motion);
        }
        let opened = Opened {
            model: model.is_some(),
            motions: motions.len(),
            camera: camera.is_some(),
            music: music.is_some(),
        };
        if music.is_some() {
            self.music = music;
        }
        if let Some(model) = model {
            self.model = model;
            if motions.is_empty() {
                self.rebind();
            }
        }
        if !motions.is_empty() {
            let source = LayerSource::new(motions);
            self.layers = [Layer::new(bind(&self.model.rig, &source.files))].into();
            self.sources = vec![source];
        }
        match camera {
            Some((camera, true)) => self.camera = Some(camera),
            Some((_, false)) => self.camera = None,
            None => {}
        }
        if self_shadow.is_some() {
            self.self_shadow = self_shadow;
        }
        Ok(opened)
    }

    /// The camera motion's camera at `frame`, or `None` without a camera motion: the camera
    /// motion opened on its own, otherwise the first layer taking part that has camera keys
    /// (at the layer's own frame).
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

    /// [`Scene::camera_at`] in VMD terms.
    pub fn camera_state_at(&self, frame: f32) -> Option<CameraState> {
        Some(match &self.camera {
            Some((_, motion)) => motion.sample(frame),
            None => {
                let (index, camera) = self.layer_camera()?;
                camera.sample(self.layers[index].local_frame(frame))
            }
        })
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

    /// Whether the scene has a camera motion (its own or a layer's).
    pub fn has_camera(&self) -> bool {
        self.camera.is_some() || self.layer_camera().is_some()
    }

    /// What the camera motion in use is called.
    pub fn camera_label(&self) -> Option<&str> {
        match &self.camera {
            Some((label, _)) => Some(label),
            None => {
                let (index, _) = self.layer_camera()?;
                Some(&self.sources[index].label)
            }
        }
    }

    /// The last frame of anything animated: the layers, the camera and the self-shadow.
    pub fn last_frame(&self) -> f32 {
        let camera = self.camera.as_ref().map_or(0.0, |(_, c)| c.last_frame());
        let self_shadow = self.self_shadow.as_ref().map_or(0.0, |s| s.last_frame());
        self.layers.last_frame().max(camera).max(self_shadow)
    }
}
