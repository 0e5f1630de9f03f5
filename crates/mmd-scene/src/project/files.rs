//! Reading files and telling them apart by content: a model, an accessory (`.x`, or `.vac`
//! with the `.x` it names), music, or a motion with its parts for the model, the camera and
//! the self-shadow.

use std::fmt;
use std::path::{Path, PathBuf};

use mmd_format::FixedText;
use mmd_format::any::{AnyFile, read_any};
use mmd_format::vac::Vac;
use mmd_format::vmd::{BoneKey, MorphKey, Vmd};
use mmd_format::vpd::Vpd;
use mmd_format::xfile;
use mmd_pose::{CameraMotion, LightMotion, Motion, MotionSource, Rig, SelfShadowMotion};

use crate::media::music::{self, Music};
use crate::project::read_error::{FileProblem, read_bytes};
use crate::stage::accessory::{Accessory, AccessorySettings};
use crate::stage::model::{Model, TextureOrigin, model_from_pmx};
use crate::stage::source::{Source, Track};

/// A motion file bound (or to be bound) to the model.
#[derive(Clone)]
pub struct MotionFile {
    pub label: String,
    /// The keys; a VPD pose's as a one-frame VMD (its names cut to VMD's fields), which is
    /// what a VMD written from it can hold.
    pub vmd: Vmd,
    /// A VPD pose as read: it binds by whole names (a cut name may be another bone's).
    pub pose: Option<Vpd>,
    pub source: Source,
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

/// One file, read and classified: a model, music, or a motion with its parts for the model,
/// the camera, the light and the self-shadow (a VMD with only camera, light or self-shadow
/// keys has no model part).
#[derive(Default)]
pub(crate) struct LoadedFile {
    pub model: Option<Model>,
    pub accessory: Option<LoadedAccessory>,
    pub music: Option<Music>,
    pub motion: Option<MotionFile>,
    pub camera: Option<Track<CameraMotion>>,
    pub light: Option<Track<LightMotion>>,
    pub self_shadow: Option<Track<SelfShadowMotion>>,
}

/// An accessory as opened, with the parent bone its `.vac` names (bound by the scene to the
/// model opened before it).
pub(crate) struct LoadedAccessory {
    pub accessory: Accessory,
    pub parent_bone: Option<String>,
}

/// Every file of a list, read and classified, in order.
pub(crate) struct ReadFiles {
    pub(crate) files: Vec<(PathBuf, LoadedFile)>,
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

    /// Reads every path, leaving out those that fail: what opened, and each failure in order.
    /// The motions after a model file that failed are left out too (with a failure each):
    /// they were meant for that model, not for the one before it.
    pub(crate) fn read_each(paths: &[PathBuf]) -> (ReadFiles, Vec<LoadError>) {
        let mut files = Vec::new();
        let mut failed = Vec::new();
        let mut lost_model: Option<&Path> = None;
        for path in paths {
            match read_file(path) {
                Ok(file) if file.model.is_some() => {
                    lost_model = None;
                    files.push((path.clone(), file));
                }
                Ok(file) => match (lost_model, &file.motion) {
                    (Some(model), Some(_)) => failed.push(LoadError {
                        path: path.clone(),
                        message: format!(
                            "left out: it follows {}, which did not open",
                            file_label(model)
                        ),
                    }),
                    _ => files.push((path.clone(), file)),
                },
                Err(e) => {
                    if is_model_name(path) {
                        lost_model = Some(path);
                    }
                    failed.push(e);
                }
            }
        }
        (ReadFiles { files }, failed)
    }

    pub(crate) fn has_model(&self) -> bool {
        self.files.iter().any(|(_, f)| f.model.is_some())
    }

    pub(crate) fn has_motion(&self) -> bool {
        self.files.iter().any(|(_, f)| f.motion.is_some())
    }
}

/// Whether `path` is named as a model (`.pmx`, `.pmd`): what a file that cannot be read was
/// probably meant to be.
fn is_model_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("pmx") || e.eq_ignore_ascii_case("pmd"))
}

fn file_label(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
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

fn file_stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The accessory a `.vac` describes: the `.x` it names (relative to the `.vac`, written with
/// `\` on Windows) read and placed as the `.vac` says.
fn accessory_of_vac(path: &Path, vac: &Vac) -> Result<LoadedAccessory, LoadError> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let x_path = folder.join(vac.x_file.replace('\\', "/"));
    let fail = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let mesh_failed =
        |problem: FileProblem| fail(format!("its mesh {}: {problem}", x_path.display()));
    let bytes = read_bytes(&x_path).map_err(mesh_failed)?;
    let x = xfile::read(&bytes).map_err(|e| mesh_failed(e.into()))?;
    let label = if vac.name.trim().is_empty() {
        file_stem(path)
    } else {
        vac.name.clone()
    };
    let mut accessory = Accessory::new(&x, &x_path, label);
    accessory.settings = AccessorySettings::from_vac(vac);
    Ok(LoadedAccessory {
        accessory,
        parent_bone: vac.parent_bone.clone().filter(|b| !b.is_empty()),
    })
}

/// Reads and classifies one file.
pub(crate) fn read_file(path: &Path) -> Result<LoadedFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_path_buf(),
        message,
    };
    let failed = |problem: FileProblem| fail(problem.to_string());
    let bytes = read_bytes(path).map_err(failed)?;
    if music::is_music(path, &bytes) {
        let music = Music::from_bytes(path, bytes).map_err(|e| failed(e.into()))?;
        return Ok(LoadedFile {
            music: Some(music),
            ..LoadedFile::default()
        });
    }
    let file = read_any(&bytes).map_err(|e| failed(e.into()))?;
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
            Source::File(path.to_path_buf()),
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
        AnyFile::Vmd(vmd) => motion_of_vmd(vmd, label, Source::File(path.to_path_buf())),
        AnyFile::X(x) => LoadedFile {
            accessory: Some(LoadedAccessory {
                accessory: Accessory::new(&x, path, file_stem(path)),
                parent_bone: None,
            }),
            ..LoadedFile::default()
        },
        AnyFile::Pmm(_) => {
            return Err(fail(
                "a MikuMikuDance project (.pmm): open it alone, without other files".to_owned(),
            ));
        }
        AnyFile::Vac(vac) => LoadedFile {
            accessory: Some(accessory_of_vac(path, &vac)?),
            ..LoadedFile::default()
        },
        AnyFile::Vpd(vpd) => LoadedFile {
            motion: Some(MotionFile {
                label,
                vmd: pose_as_motion(&vpd),
                pose: Some(vpd),
                source: Source::File(path.to_path_buf()),
            }),
            ..LoadedFile::default()
        },
    })
}

/// What a VMD holds for the scene: its model part (bone, morph or IK keys; a VMD with no keys
/// at all counts as one, an empty motion) and its camera, light and self-shadow tracks.
pub(crate) fn motion_of_vmd(vmd: Vmd, label: String, source: Source) -> LoadedFile {
    let camera = CameraMotion::from_vmd(&vmd).map(|m| Track::new(&vmd, &label, &source, m));
    let light = LightMotion::from_vmd(&vmd).map(|m| Track::new(&vmd, &label, &source, m));
    let self_shadow =
        SelfShadowMotion::from_vmd(&vmd).map(|m| Track::new(&vmd, &label, &source, m));
    let has_model_keys =
        !(vmd.bone_keys.is_empty() && vmd.morph_keys.is_empty() && vmd.ik_keys.is_empty());
    let motion = (has_model_keys || (camera.is_none() && light.is_none() && self_shadow.is_none()))
        .then_some(MotionFile {
            label,
            vmd,
            pose: None,
            source,
        });
    LoadedFile {
        motion,
        camera,
        light,
        self_shadow,
        ..LoadedFile::default()
    }
}
