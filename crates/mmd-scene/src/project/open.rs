//! The scene a project makes. Every part opens on its own: a model, a layer's file, a track,
//! an accessory or the music that is missing or fails is reported and kept as it was written
//! ([`Leftovers`]), and the rest of the project opens. A file not found where the project
//! says is looked for under the project's folder and the folders above it
//! ([`super::relocate`]), as after a project and its files were moved together.

use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_pose::{IkMethod, IkOverride, Layer, LayerMode};

use super::document::{
    AccessoryEntry, Document, FileRef, LayerEntry, LayerModeEntry, ModelEntry, MusicEntry,
};
use super::relocate::relocate;
use super::{HostSettings, Leftovers, ProjectError, newer_version_notice, read};
use crate::accessory::Accessory;
use crate::actor::Actor;
use crate::bundled;
use crate::files::{LoadError, MotionFile, bind, read_file};
use crate::layers::LayerSource;
use crate::model::read_model;
use crate::music::Music;
use crate::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use crate::read_error::read_bytes;
use crate::scene::Scene;
use crate::source::Track;

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
    let mut opening = Opening {
        folder,
        problems: Vec::new(),
        leftovers: Leftovers::default(),
    };
    let mut scene = Scene::default();
    // Per model of the document, its actor's index in the scene (`None`: it did not open).
    let mut actors = Vec::new();
    for entry in &document.models {
        match opening.model(entry) {
            Some(actor) => {
                actors.push(Some(scene.actors.len()));
                scene.actors.push(actor);
            }
            None => actors.push(None),
        }
    }
    for (entry, actor) in document.models.iter().zip(&actors) {
        if let Some(index) = *actor {
            let parents = opening.outside_parents(entry, index, &scene, &actors);
            scene.actors[index].outside_parents = parents;
        }
    }
    if let Some(reference) = &document.camera {
        scene.camera = opening.track(reference, |f| f.camera.take(), "camera");
        if scene.camera.is_none() {
            opening.leftovers.camera = Some(reference.clone());
        }
    }
    if let Some(reference) = &document.light {
        scene.light = opening.track(reference, |f| f.light.take(), "light");
        if scene.light.is_none() {
            opening.leftovers.light = Some(reference.clone());
        }
    }
    if let Some(reference) = &document.self_shadow {
        scene.self_shadow = opening.track(reference, |f| f.self_shadow.take(), "self-shadow");
        if scene.self_shadow.is_none() {
            opening.leftovers.self_shadow = Some(reference.clone());
        }
    }
    for entry in &document.accessories {
        if let Some(accessory) = opening.accessory(entry, &scene, &actors) {
            scene.accessories.push(accessory);
        }
    }
    if let Some(entry) = &document.music {
        scene.music = opening.music(entry);
    }
    OpenedProject {
        scene,
        settings: HostSettings::of(document),
        problems: opening.problems,
        notices: Vec::new(),
        leftovers: opening.leftovers,
        from_pmm: false,
    }
}

/// What opening a project has met so far.
struct Opening<'a> {
    folder: &'a Path,
    problems: Vec<LoadError>,
    leftovers: Leftovers,
}

impl Opening<'_> {
    /// Where the file the project names as `text` is: relative to the project's folder (or
    /// absolute), or else found by the tail of its path under the project's folder or one
    /// above it ([`relocate`]); where it was written when neither exists (to be reported).
    fn resolve(&self, text: &str) -> PathBuf {
        relocate(self.folder, text).unwrap_or_else(|| self.folder.join(text.replace('\\', "/")))
    }

    fn problem(&mut self, path: PathBuf, message: String) {
        self.problems.push(LoadError { path, message });
    }

    /// The actor of `entry`, or `None` (reported, kept) when its model does not open.
    fn model(&mut self, entry: &ModelEntry) -> Option<Actor> {
        let (model, path) = match &entry.file {
            FileRef::Bundled => (bundled::model(), PathBuf::from("bundled model")),
            FileRef::File(text) => {
                let path = self.resolve(text);
                (read_model(&path), path)
            }
        };
        let model = match model {
            Ok(model) => model,
            Err(e) => {
                self.problems.push(e);
                self.leftovers.models.push(entry.clone());
                return None;
            }
        };
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
                    path.clone(),
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
                    path.clone(),
                    format!("has no IK bone \"{name}\": its solver choice is left out"),
                ),
            }
        }
        for (name, &weight) in &entry.morph_pins {
            match rig.morph_index(name) {
                Some(morph) if weight.is_finite() => actor.morph_pins[morph] = Some(weight),
                _ => self.problem(
                    path.clone(),
                    format!("has no morph \"{name}\": its pinned weight is left out"),
                ),
            }
        }
        for layer in &entry.layers {
            match self.layer_files(layer) {
                Some(files) => push_layer(&mut actor, layer, files),
                None => self.leftovers.layers.push((actor.id, layer.clone())),
            }
        }
        Some(actor)
    }

    /// The outside parents `entry` gives its model (actor `own` of `scene`), once every model
    /// is open: bones and parents by name, the parents' models by place (`actors`: each
    /// model's actor in `scene`). A bone or parent that is not there is reported and left out.
    fn outside_parents(
        &mut self,
        entry: &ModelEntry,
        own: usize,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Vec<OutsideParent> {
        let model = &scene.actors[own].model;
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
                        let holder = actors.get(p.model).copied().flatten();
                        let found = holder.and_then(|i| {
                            let rig = &scene.actors[i].model.rig;
                            Some(OutsideTarget {
                                actor: scene.actors[i].id,
                                bone: rig.bone_index(&p.bone)?,
                            })
                        });
                        if found.is_none() {
                            self.problem(
                                path.clone(),
                                format!(
                                    "the outside parent of \"{}\" at frame {}: model {} bone \"{}\" is not there; left out",
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

    /// The motions of `layer`, or `None` (reported) when one does not open.
    fn layer_files(&mut self, layer: &LayerEntry) -> Option<Vec<MotionFile>> {
        let mut files = Vec::new();
        for reference in &layer.files {
            let motion = match reference {
                FileRef::Bundled => bundled::motion(),
                FileRef::File(text) => {
                    let path = self.resolve(text);
                    read_file(&path).and_then(|file| {
                        file.motion.ok_or_else(|| LoadError {
                            path,
                            message: "has no bone, morph or IK keys to make a layer of".to_owned(),
                        })
                    })
                }
            };
            match motion {
                Ok(motion) => files.push(motion),
                Err(e) => {
                    self.problems.push(e);
                    return None;
                }
            }
        }
        Some(files)
    }

    /// The track `take` finds in the file `reference` names (a `what` motion), or `None`
    /// (reported).
    fn track<T>(
        &mut self,
        reference: &FileRef,
        take: impl FnOnce(&mut crate::files::LoadedFile) -> Option<Track<T>>,
        what: &str,
    ) -> Option<Track<T>> {
        let FileRef::File(text) = reference else {
            self.problem(
                PathBuf::from("bundled"),
                format!("there is no bundled {what} motion"),
            );
            return None;
        };
        let path = self.resolve(text);
        match read_file(&path) {
            Ok(mut file) => {
                let track = take(&mut file);
                if track.is_none() {
                    self.problem(path, format!("has no {what} keys"));
                }
                track
            }
            Err(e) => {
                self.problems.push(e);
                None
            }
        }
    }

    /// The accessory of `entry`, held by the bone it names on `actors[entry.parent.model]`;
    /// `None` (reported, kept) when its file does not open.
    fn accessory(
        &mut self,
        entry: &AccessoryEntry,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Option<Accessory> {
        let path = self.resolve(&entry.file);
        let loaded = read_file(&path).and_then(|file| {
            file.accessory.ok_or_else(|| LoadError {
                path: path.clone(),
                message: "not an accessory (.x or .vac)".to_owned(),
            })
        });
        let mut accessory = match loaded {
            Ok(loaded) => loaded.accessory,
            Err(e) => {
                self.problems.push(e);
                self.leftovers.accessories.push(entry.clone());
                return None;
            }
        };
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
            let holder = actors
                .get(parent.model)
                .copied()
                .flatten()
                .and_then(|i| scene.actors.get(i));
            let held = match holder {
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
                    path,
                    format!(
                        "its parent bone \"{}\": {why}; it stands in the world",
                        parent.bone
                    ),
                );
            }
        }
        Some(accessory)
    }

    /// The music of `entry`, or `None` (reported, kept).
    fn music(&mut self, entry: &MusicEntry) -> Option<Music> {
        let path = self.resolve(&entry.file);
        match Music::open(&path) {
            Ok(music) => Some(music),
            Err(message) => {
                self.problem(path, message);
                self.leftovers.music = Some(entry.clone());
                None
            }
        }
    }
}

/// Adds a layer of `files` with `entry`'s settings after `actor`'s others.
fn push_layer(actor: &mut Actor, entry: &LayerEntry, files: Vec<MotionFile>) {
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
