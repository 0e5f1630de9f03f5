//! The scene a project makes. Every part opens on its own: a model, a layer's file, a track,
//! an accessory or the music that is missing or fails is reported and kept as it was written
//! ([`Leftovers`]), and the rest of the project opens. A file not found where the project
//! says is looked for under the project's folder and the folders above it
//! ([`super::relocate`]), as after a project and its files were moved together.

use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_pose::{IkMethod, IkOverride, Layer, LayerMode};

use super::document::{AccessoryEntry, Document, FileRef, LayerEntry, LayerModeEntry, ModelEntry};
use super::document::{OutsideParentKeyEntry, ParentEntry};
use super::relocate::relocate;
use super::{HostSettings, Leftovers, MadeKeys, ProjectError, newer_version_notice, read};
use crate::media::music::Music;
use crate::project::bundled;
use crate::project::files::{LoadError, LoadedFile, MotionFile, bind, read_file};
use crate::project::read_error::read_bytes;
use crate::stage::accessory::{Accessory, AccessoryParent};
use crate::stage::accessory_motion::{AccessoryKey, AccessoryMotion};
use crate::stage::actor::Actor;
use crate::stage::camera_follow::CameraFollow;
use crate::stage::gravity::{GravityKey, GravityMotion};
use crate::stage::layers::LayerSource;
use crate::stage::model::{Model, read_model};
use crate::stage::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use crate::stage::scene::Scene;
use crate::stage::source::{Source, Track};

/// A project opened: the scene, the host's settings, and what did not open.
pub struct OpenedProject {
    pub scene: Scene,
    pub settings: HostSettings,
    /// Each part that did not open or was not honoured, with its file and why, in the order
    /// the project lists them.
    pub problems: Vec<LoadError>,
    /// About the project file itself: a newer version, fields this version does not know.
    pub notices: Vec<String>,
    /// The parts that did not open, as written, for saving the project again.
    pub leftovers: Leftovers,
    /// Whether it was MikuMikuDance's `.pmm` (saving then writes a project of ours, never
    /// over it).
    pub from_pmm: bool,
}

/// Opens the project at `path`: ours, or MikuMikuDance's (`.pmm`), told apart by content.
pub fn open_any(path: &Path) -> Result<OpenedProject, ProjectError> {
    let bytes = read_project(path)?;
    if mmd_format::pmm::has_magic(&bytes) {
        super::pmm::open_pmm_bytes(path, &bytes)
    } else {
        open_bytes(path, &bytes)
    }
}

/// Opens the project file at `path`.
pub fn open(path: &Path) -> Result<OpenedProject, ProjectError> {
    open_bytes(path, &read_project(path)?)
}

/// The bytes of the project at `path`, or what keeps them from being read, in the words of
/// every file problem.
pub(super) fn read_project(path: &Path) -> Result<Vec<u8>, ProjectError> {
    read_bytes(path).map_err(|problem| ProjectError::File {
        path: path.to_path_buf(),
        problem,
    })
}

/// Opens our project file at `path`, read as `bytes`.
fn open_bytes(path: &Path, bytes: &[u8]) -> Result<OpenedProject, ProjectError> {
    let (document, unknown) = read(path, bytes)?;
    let folder = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let mut opened = open_document(&document, &folder);
    opened.notices.extend(newer_version_notice(&document));
    if !unknown.is_empty() {
        opened.notices.push(format!(
            "left out what this version does not know: {}",
            unknown.join(", ")
        ));
    }
    Ok(opened)
}

/// The scene `document` makes, its paths relative to `folder`.
pub fn open_document(document: &Document, folder: &Path) -> OpenedProject {
    let mut leftovers = Leftovers {
        folder: folder.to_path_buf(),
        ..Leftovers::default()
    };
    let mut opening = Opening::new(&mut leftovers);
    let mut scene = Scene::default();
    for entry in &document.models {
        if let Some(actor) = opening.model(entry) {
            opening.leftovers.model_ids.push(actor.id);
            scene.actors.push(actor);
        }
    }
    for (place, entry) in document.models.iter().enumerate() {
        let id = opening.leftovers.model_id(place);
        if let Some(index) = scene.actors.iter().position(|a| Some(a.id) == id) {
            let parents = opening.outside_parents(entry, index, &scene);
            scene.actors[index].outside_parents = parents;
        }
    }
    if let Some(reference) = &document.camera {
        scene.camera = opening.kept(read_track(folder, reference, |f| f.camera.take(), "camera"));
        if scene.camera.is_none() {
            opening.leftovers.camera = Some(reference.clone());
        }
    }
    if let Some(reference) = &document.light {
        scene.light = opening.kept(read_track(folder, reference, |f| f.light.take(), "light"));
        if scene.light.is_none() {
            opening.leftovers.light = Some(reference.clone());
        }
    }
    if let Some(reference) = &document.self_shadow {
        let read = read_track(folder, reference, |f| f.self_shadow.take(), "self-shadow");
        scene.self_shadow = opening.kept(read);
        if scene.self_shadow.is_none() {
            opening.leftovers.self_shadow = Some(reference.clone());
        }
    }
    for entry in &document.accessories {
        match read_accessory(&resolve(folder, &entry.file)) {
            Ok(accessory) => {
                let accessory = opening.dress_accessory(accessory, entry, &scene);
                scene.accessories.push(accessory);
            }
            Err(e) => {
                opening.problems.push(e);
                opening.leftovers.accessories.push(entry.clone());
            }
        }
    }
    scene.gravity = GravityMotion::new(
        document
            .gravity
            .iter()
            .map(|k| GravityKey {
                frame: k.frame,
                acceleration: finite_or(k.acceleration, 0.0),
                direction: Vec3::from(k.direction).select_finite(),
            })
            .collect(),
    );
    scene.camera_follow = opening.camera_follow(&document.camera_follow, &scene);
    if let Some(entry) = &document.music {
        scene.music = opening.kept(read_music(&resolve(folder, &entry.file)));
        if scene.music.is_none() {
            opening.leftovers.music = Some(entry.clone());
        }
    }
    let problems = opening.problems;
    OpenedProject {
        scene,
        settings: HostSettings::of(document),
        problems,
        notices: Vec::new(),
        leftovers,
        from_pmm: false,
    }
}

/// Where the file the project names as `text` is: relative to the project's `folder` (or
/// absolute), or else found by the tail of its path under the project's folder or one above
/// it ([`relocate`]); where it was written when neither exists (to be reported).
pub(super) fn resolve(folder: &Path, text: &str) -> PathBuf {
    relocate(folder, text).unwrap_or_else(|| folder.join(text.replace('\\', "/")))
}

/// Opening parts of a project into a scene: what they met, and where what did not open is
/// kept. Opening a whole project and locating one missing part ([`super::locate`]) share it.
pub(super) struct Opening<'a> {
    pub problems: Vec<LoadError>,
    pub leftovers: &'a mut Leftovers,
}

impl<'a> Opening<'a> {
    pub fn new(leftovers: &'a mut Leftovers) -> Opening<'a> {
        Opening {
            problems: Vec::new(),
            leftovers,
        }
    }

    fn problem(&mut self, path: PathBuf, message: String) {
        self.problems.push(LoadError { path, message });
    }

    /// What `read` gave, or `None` with its error reported.
    fn kept<T>(&mut self, read: Result<T, LoadError>) -> Option<T> {
        read.map_err(|e| self.problems.push(e)).ok()
    }

    /// The actor of `entry`, or `None` (reported, kept) when its model does not open.
    fn model(&mut self, entry: &ModelEntry) -> Option<Actor> {
        let (model, path) = match &entry.file {
            FileRef::Bundled => (bundled::model(), PathBuf::from("bundled model")),
            FileRef::File(text) => {
                let path = resolve(&self.leftovers.folder, text);
                (read_model(&path), path)
            }
        };
        match model {
            Ok(model) => Some(self.dress_model(model, entry, None, &path)),
            Err(e) => {
                self.problems.push(e);
                self.leftovers.missing_model(entry.clone(), None);
                None
            }
        }
    }

    /// An actor of `model` (read from `path`) as `entry` sets it: its place, visibility, IK
    /// switches and solvers, pinned morphs, and layers (`keys` first, when made outside a
    /// file); a layer whose file does not open is reported and kept. Its outside parents come
    /// once the other models are there ([`Opening::outside_parents`]).
    pub fn dress_model(
        &mut self,
        model: Model,
        entry: &ModelEntry,
        keys: Option<&MadeKeys>,
        path: &Path,
    ) -> Actor {
        let mut actor = Actor::new(model);
        actor.position = Vec3::from(entry.position).select_finite();
        actor.visible = entry.visible;
        let rig = actor.model.rig.clone();
        for (name, &on) in &entry.ik {
            match rig
                .bone_index(name)
                .filter(|&b| rig.ik_solver_of_bone(b).is_some())
            {
                Some(bone) => actor
                    .ik
                    .set(bone, if on { IkOverride::On } else { IkOverride::Off }),
                None => self.problem(
                    path.to_path_buf(),
                    format!("has no IK bone \"{name}\": its IK switch is left out"),
                ),
            }
        }
        for name in &entry.jacobian_ik {
            match rig
                .bone_index(name)
                .filter(|&b| rig.ik_solver_of_bone(b).is_some())
            {
                Some(bone) => actor.ik.set_method(bone, IkMethod::Jacobian),
                None => self.problem(
                    path.to_path_buf(),
                    format!("has no IK bone \"{name}\": its solver choice is left out"),
                ),
            }
        }
        for (name, &weight) in &entry.morph_pins {
            match rig.morph_index(name) {
                Some(morph) if weight.is_finite() => actor.morph_pins[morph] = Some(weight),
                _ => self.problem(
                    path.to_path_buf(),
                    format!("has no morph \"{name}\": its pinned weight is left out"),
                ),
            }
        }
        if let Some(keys) = keys {
            actor.set_motions(vec![MotionFile {
                label: keys.label.clone(),
                vmd: keys.vmd.clone(),
                pose: None,
                source: Source::Made,
            }]);
        }
        for layer in &entry.layers {
            match layer_files(&self.leftovers.folder, layer) {
                Ok(files) => push_layer(&mut actor, layer, files),
                Err(e) => {
                    self.problems.push(e);
                    self.leftovers.layers.push((actor.id, layer.clone()));
                }
            }
        }
        actor
    }

    /// The outside parents `entry` gives its model (actor `own` of `scene`): bones and
    /// parents by name, the parents' models by their place in the project (read through
    /// [`Leftovers::model_ids`]). A key whose parent's model did not open is kept for when it
    /// is located; a bone or parent that is not there is reported and left out.
    pub fn outside_parents(
        &mut self,
        entry: &ModelEntry,
        own: usize,
        scene: &Scene,
    ) -> Vec<OutsideParent> {
        let actor = &scene.actors[own];
        let model = &actor.model;
        let path = model
            .source
            .path()
            .map_or_else(|| PathBuf::from(&model.file), Path::to_path_buf);
        let mut parents = Vec::new();
        for parent in &entry.outside_parents {
            let Some(bone) = model.rig.bone_index(&parent.bone) else {
                self.problem(
                    path.clone(),
                    format!(
                        "has no bone \"{}\": its outside parent is left out",
                        parent.bone
                    ),
                );
                continue;
            };
            let mut keys = Vec::new();
            for key in &parent.keys {
                let target = match &key.parent {
                    None => None,
                    Some(p) => {
                        let id = self.leftovers.model_id(p.model);
                        let holder = scene.actors.iter().find(|a| Some(a.id) == id);
                        let found = holder.and_then(|h| {
                            Some(OutsideTarget {
                                actor: h.id,
                                bone: h.model.rig.bone_index(&p.bone)?,
                            })
                        });
                        if found.is_none() {
                            let awaited = self.leftovers.models.iter().any(|m| Some(m.id) == id);
                            let fate = if awaited {
                                // Kept, so that locating that model brings the key back and
                                // saving meanwhile writes it.
                                self.leftovers.outside_parent_keys.push((
                                    actor.id,
                                    parent.bone.clone(),
                                    key.clone(),
                                ));
                                "did not open; kept until it is located"
                            } else {
                                "is not there; left out"
                            };
                            self.problem(
                                path.clone(),
                                format!(
                                    "the outside parent of \"{}\" at frame {}: model {} bone \"{}\" {fate}",
                                    parent.bone,
                                    key.frame,
                                    p.model + 1,
                                    p.bone
                                ),
                            );
                            continue;
                        }
                        found
                    }
                };
                keys.push(OutsideParentKey {
                    frame: key.frame,
                    target,
                });
            }
            keys.sort_by_key(|k| k.frame);
            parents.push(OutsideParent { bone, keys });
        }
        parents
    }

    /// `accessory` as `entry` sets it: its name, settings, and the bone it is held by on the
    /// model at `entry.parent.model` (its place in the project); while that model did not
    /// open, the parent is kept and the accessory stands in the world.
    pub fn dress_accessory(
        &mut self,
        mut accessory: Accessory,
        entry: &AccessoryEntry,
        scene: &Scene,
    ) -> Accessory {
        if !entry.name.is_empty() {
            accessory.label = entry.name.clone();
        }
        let s = &mut accessory.settings;
        s.visible = entry.visible;
        s.position = Vec3::from(entry.position).select_finite();
        s.rotation = Vec3::from(entry.rotation).select_finite();
        s.scale = finite_or(entry.scale, 1.0);
        s.opacity = finite_or(entry.opacity, 1.0).clamp(0.0, 1.0);
        s.additive = entry.additive;
        s.ground_shadow = entry.ground_shadow;
        if let Some(parent) = &entry.parent {
            let id = self.leftovers.model_id(parent.model);
            let held = match scene.actors.iter().find(|a| Some(a.id) == id) {
                Some(actor) => accessory.set_parent(Some((actor, &parent.bone))),
                None => {
                    self.leftovers
                        .accessory_parents
                        .push((accessory.id, parent.clone()));
                    Err(format!("model {} did not open", parent.model + 1))
                }
            };
            if let Err(why) = held {
                self.problem(
                    accessory.file.clone(),
                    format!(
                        "its parent bone \"{}\": {why}; it stands in the world",
                        parent.bone
                    ),
                );
            }
        }
        if !entry.keys.is_empty() {
            let keys = entry
                .keys
                .iter()
                .map(|key| AccessoryKey {
                    frame: key.frame,
                    visible: key.visible,
                    position: Vec3::from(key.position).select_finite(),
                    rotation: Vec3::from(key.rotation).select_finite(),
                    scale: finite_or(key.scale, 1.0),
                    opacity: finite_or(key.opacity, 1.0).clamp(0.0, 1.0),
                    ground_shadow: key.ground_shadow,
                    parent: key.parent.as_ref().and_then(|parent| {
                        self.key_parent(&accessory.file, key.frame, parent, scene)
                    }),
                })
                .collect();
            accessory.motion = AccessoryMotion::new(keys);
            accessory.settle_at(0.0);
        }
        accessory
    }

    /// The bone an accessory key at `frame` holds it by: on a model that did not open, the
    /// bone it will have once located (the accessory stands in the world meanwhile); `None`
    /// (reported: the key stands it in the world) when the model is not in the project or
    /// lacks the bone.
    fn key_parent(
        &mut self,
        file: &Path,
        frame: u32,
        parent: &ParentEntry,
        scene: &Scene,
    ) -> Option<AccessoryParent> {
        let id = self.leftovers.model_id(parent.model)?;
        let held = AccessoryParent {
            actor: id,
            bone: parent.bone.clone(),
        };
        match scene.actors.iter().find(|a| a.id == id) {
            Some(actor) if actor.model.rig.bone_index(&parent.bone).is_some() => {
                return Some(held);
            }
            // A model that did not open (reported already): the key waits for it, standing
            // the accessory in the world until it is located.
            None if self.leftovers.models.iter().any(|m| m.id == id) => return Some(held),
            _ => {}
        }
        self.problem(
            file.to_path_buf(),
            format!(
                "its key at frame {frame} holds it by model {}'s bone \"{}\", which is not \
                 there; it stands in the world from that key",
                parent.model + 1,
                parent.bone
            ),
        );
        None
    }

    /// The camera's follow keys, each bone found on the model at its place in the project (a
    /// key whose model or bone is not there is reported and follows nothing).
    pub fn camera_follow(
        &mut self,
        keys: &[OutsideParentKeyEntry],
        scene: &Scene,
    ) -> Option<CameraFollow> {
        let mut follow = Vec::with_capacity(keys.len());
        for key in keys {
            let target = key.parent.as_ref().and_then(|parent| {
                let id = self.leftovers.model_id(parent.model)?;
                let actor = scene.actors.iter().find(|a| a.id == id)?;
                Some(OutsideTarget {
                    actor: actor.id,
                    bone: actor.model.rig.bone_index(&parent.bone)?,
                })
            });
            if let (Some(parent), None) = (&key.parent, target) {
                self.problem(
                    PathBuf::from(format!("model {}", parent.model + 1)),
                    format!(
                        "the camera follows its bone \"{}\" from frame {}, but it is not \
                         there; the camera follows nothing there",
                        parent.bone, key.frame
                    ),
                );
            }
            follow.push(OutsideParentKey {
                frame: key.frame,
                target,
            });
        }
        CameraFollow::new(follow)
    }
}

/// The motions of `layer`, its paths relative to `folder`, or the first that does not open.
pub(super) fn layer_files(folder: &Path, layer: &LayerEntry) -> Result<Vec<MotionFile>, LoadError> {
    layer
        .files
        .iter()
        .map(|reference| match reference {
            FileRef::Bundled => bundled::motion(),
            FileRef::File(text) => read_motion(&resolve(folder, text)),
        })
        .collect()
}

/// The bone, morph and IK keys of the file at `path`, for a layer.
pub(super) fn read_motion(path: &Path) -> Result<MotionFile, LoadError> {
    read_file(path)?.motion.ok_or_else(|| LoadError {
        path: path.to_path_buf(),
        message: "has no bone, morph or IK keys to make a layer of".to_owned(),
    })
}

/// The track `take` finds in the file `reference` names (a `what` motion), its path relative
/// to `folder`.
pub(super) fn read_track<T>(
    folder: &Path,
    reference: &FileRef,
    take: impl FnOnce(&mut LoadedFile) -> Option<Track<T>>,
    what: &str,
) -> Result<Track<T>, LoadError> {
    let FileRef::File(text) = reference else {
        return Err(LoadError {
            path: PathBuf::from("bundled"),
            message: format!("there is no bundled {what} motion"),
        });
    };
    read_track_at(&resolve(folder, text), take, what)
}

/// The track `take` finds in the file at `path` (a `what` motion).
pub(super) fn read_track_at<T>(
    path: &Path,
    take: impl FnOnce(&mut LoadedFile) -> Option<Track<T>>,
    what: &str,
) -> Result<Track<T>, LoadError> {
    let mut file = read_file(path)?;
    take(&mut file).ok_or_else(|| LoadError {
        path: path.to_path_buf(),
        message: format!("has no {what} keys"),
    })
}

/// The accessory in the file at `path`.
pub(super) fn read_accessory(path: &Path) -> Result<Accessory, LoadError> {
    let file = read_file(path)?;
    file.accessory
        .map(|loaded| loaded.accessory)
        .ok_or_else(|| LoadError {
            path: path.to_path_buf(),
            message: "not an accessory (.x or .vac)".to_owned(),
        })
}

/// The music in the file at `path`.
pub(super) fn read_music(path: &Path) -> Result<Music, LoadError> {
    Music::open(path).map_err(|message| LoadError {
        path: path.to_path_buf(),
        message,
    })
}

/// Adds a layer of `files` with `entry`'s settings after `actor`'s others.
pub(super) fn push_layer(actor: &mut Actor, entry: &LayerEntry, files: Vec<MotionFile>) {
    let source = LayerSource::new(files);
    let layer = Layer {
        weight: finite_or(entry.weight, 1.0),
        offset: finite_or(entry.offset, 0.0),
        enabled: entry.enabled,
        looping: entry.looping,
        mode: match entry.mode {
            LayerModeEntry::Blend => LayerMode::Blend,
            LayerModeEntry::Replace => LayerMode::Replace,
        },
        ..Layer::new(bind(&actor.model.rig, &source.files))
    };
    actor.layers.push(layer);
    actor.sources.push(source);
}

fn finite_or(value: f32, otherwise: f32) -> f32 {
    if value.is_finite() { value } else { otherwise }
}

/// Non-finite components made 0.
trait SelectFinite {
    fn select_finite(self) -> Self;
}

impl SelectFinite for Vec3 {
    fn select_finite(self) -> Vec3 {
        Vec3::select(self.is_finite_mask(), self, Vec3::ZERO)
    }
}
