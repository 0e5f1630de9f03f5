//! The document a scene makes, and writing it with the files it needs: a motion made in the
//! player (Pose mode's edits, a `.pmm`'s keys) has no file of its own, so it is written as a
//! VMD in a folder beside the project (`NAME_motions/`) and the project names that file.

use std::path::{Path, PathBuf};

use mmd_format::vmd::Vmd;
use mmd_pose::{IkMethod, IkOverride, LayerMode};

use super::document::{
    AccessoryEntry, AccessoryKeyEntry, Document, FileRef, GravityKeyEntry, LayerEntry,
    LayerModeEntry, ModelEntry, MusicEntry, OutsideParentEntry, OutsideParentKeyEntry, ParentEntry,
};
use super::{HostSettings, Leftovers, ProjectError, to_bytes};
use crate::stage::accessory::{Accessory, AccessoryParent};
use crate::stage::actor::Actor;
use crate::stage::outside_parent::OutsideTarget;
use crate::stage::scene::Scene;
use crate::stage::source::{Source, Track};

/// A motion made in the player that a project names, to be written as a VMD beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct MadeMotion<'a> {
    pub path: PathBuf,
    pub vmd: &'a Vmd,
}

/// A project as it is about to be written: the document and the motions it names that were
/// made in the player.
#[derive(Debug, Clone, PartialEq)]
pub struct Saving<'a> {
    pub document: Document,
    pub made: Vec<MadeMotion<'a>>,
}

/// The project `scene` and `settings` make, to be written at `project`, with `leftovers` (the
/// parts of the project it was opened from that did not open) kept.
pub fn document_of<'a>(
    scene: &'a Scene,
    settings: &HostSettings,
    leftovers: &'a Leftovers,
    project: &Path,
) -> Saving<'a> {
    let mut paths = ProjectPaths::new(project);
    let places = Places { scene, leftovers };
    // Where the leftovers' paths are relative to: the project they were opened from.
    let from = leftovers.folder.as_path();
    let mut models = Vec::new();
    for (index, actor) in scene.actors.iter().enumerate() {
        let mut entry = model_entry(actor, index, &mut paths);
        entry.outside_parents = outside_parent_entries(scene, actor);
        for (_, bone, key) in leftovers
            .outside_parent_keys
            .iter()
            .filter(|(id, _, _)| *id == actor.id)
        {
            add_key(&mut entry.outside_parents, bone, places.key(key));
        }
        entry.layers.extend(
            leftovers
                .layers
                .iter()
                .filter(|(id, _)| *id == actor.id)
                .map(|(_, layer)| paths.rebased_layer(from, layer)),
        );
        models.push(entry);
    }
    for (m, missing) in leftovers.models.iter().enumerate() {
        let mut entry = missing.entry.clone();
        entry.file = paths.rebased_ref(from, &entry.file);
        for layer in &mut entry.layers {
            *layer = paths.rebased_layer(from, layer);
        }
        for parent in &mut entry.outside_parents {
            for key in &mut parent.keys {
                *key = places.key(key);
            }
        }
        if let Some(keys) = &missing.keys {
            let name = format!("model{}_keys", scene.actors.len() + m + 1);
            let made = paths.motion_ref(&Source::Made, &keys.vmd, &name);
            entry.layers.insert(
                0,
                LayerEntry {
                    files: vec![made],
                    ..LayerEntry::default()
                },
            );
        }
        models.push(entry);
    }
    let camera = match &scene.camera {
        Some(track) => Some(paths.track_ref(track, "camera")),
        None => leftovers
            .camera
            .as_ref()
            .map(|r| paths.rebased_ref(from, r)),
    };
    let light = match &scene.light {
        Some(track) => Some(paths.track_ref(track, "light")),
        None => leftovers.light.as_ref().map(|r| paths.rebased_ref(from, r)),
    };
    let self_shadow = match &scene.self_shadow {
        Some(track) => Some(paths.track_ref(track, "self_shadow")),
        None => leftovers
            .self_shadow
            .as_ref()
            .map(|r| paths.rebased_ref(from, r)),
    };
    let mut accessories: Vec<AccessoryEntry> = scene
        .accessories
        .iter()
        .map(|accessory| accessory_entry(accessory, &places, &mut paths))
        .collect();
    accessories.extend(leftovers.accessories.iter().map(|entry| {
        AccessoryEntry {
            file: paths.rebased(from, &entry.file),
            parent: entry.parent.as_ref().and_then(|p| places.parent(p)),
            keys: entry
                .keys
                .iter()
                .map(|key| AccessoryKeyEntry {
                    parent: key.parent.as_ref().and_then(|p| places.parent(p)),
                    ..key.clone()
                })
                .collect(),
            ..entry.clone()
        }
    }));
    let music = match &scene.music {
        Some(music) => Some(MusicEntry {
            file: paths.relative(&music.path),
            offset: settings.music.offset,
            volume: settings.music.volume,
            muted: settings.music.muted,
        }),
        None => leftovers.music.as_ref().map(|m| MusicEntry {
            file: paths.rebased(from, &m.file),
            ..m.clone()
        }),
    };
    let document = Document {
        models,
        camera,
        light,
        self_shadow,
        accessories,
        music,
        physics: settings.physics,
        view: settings.view,
        free_camera: settings.free_camera,
        use_camera_motion: settings.use_camera_motion,
        light_by_hand: settings.light_by_hand,
        timeline: settings.timeline,
        export: settings.export.clone(),
        gravity: scene.gravity.as_ref().map_or_else(Vec::new, |g| {
            g.keys()
                .iter()
                .map(|k| GravityKeyEntry {
                    frame: k.frame,
                    acceleration: k.acceleration,
                    direction: k.direction.to_array(),
                })
                .collect()
        }),
        camera_follow: scene.camera_follow.as_ref().map_or_else(Vec::new, |f| {
            f.keys
                .iter()
                .map(|k| OutsideParentKeyEntry {
                    frame: k.frame,
                    parent: k.target.and_then(|t| target_entry(scene, t)),
                })
                .collect()
        }),
        ..Document::default()
    };
    Saving {
        document,
        made: paths.made,
    }
}

/// Writes the project `scene` and `settings` make to `project` (see [`document_of`]), the
/// made motions first, the project last and whole (written beside, then renamed over), so
/// that a failure never leaves half a project.
pub fn save(
    scene: &Scene,
    settings: &HostSettings,
    leftovers: &Leftovers,
    project: &Path,
) -> Result<Document, ProjectError> {
    let saving = document_of(scene, settings, leftovers, project);
    for made in &saving.made {
        let bytes = mmd_format::vmd::write(made.vmd).map_err(|e| ProjectError::Motion {
            path: made.path.clone(),
            detail: e.to_string(),
        })?;
        if let Some(folder) = made.path.parent() {
            std::fs::create_dir_all(folder).map_err(|source| ProjectError::Write {
                path: folder.to_path_buf(),
                source,
            })?;
        }
        write_whole(&made.path, &bytes)?;
    }
    let bytes = to_bytes(&saving.document).map_err(|e| ProjectError::Damaged {
        path: project.to_path_buf(),
        detail: e.to_string(),
    })?;
    write_whole(project, &bytes)?;
    Ok(saving.document)
}

/// Where the models the leftovers name by their place in the project they were opened from
/// stand in the project being written: the scene's actors first, then the models that did not
/// open, in their order.
struct Places<'a> {
    scene: &'a Scene,
    leftovers: &'a Leftovers,
}

impl Places<'_> {
    /// The place now of the model at `place` in the project opened; `None` when it has left
    /// the scene.
    fn of(&self, place: usize) -> Option<usize> {
        self.of_id(self.leftovers.model_id(place)?)
    }

    /// The place now of the model going by `id` (an actor's, or a missing model's); `None`
    /// when it has left the scene.
    fn of_id(&self, id: u64) -> Option<usize> {
        let actors = self.scene.actors.len();
        self.scene
            .actors
            .iter()
            .position(|a| a.id == id)
            .or_else(|| {
                let m = self.leftovers.models.iter().position(|m| m.id == id)?;
                Some(actors + m)
            })
    }

    /// `parent` with its model's place now; `None` when that model has left the scene.
    fn parent(&self, parent: &ParentEntry) -> Option<ParentEntry> {
        Some(ParentEntry {
            model: self.of(parent.model)?,
            bone: parent.bone.clone(),
        })
    }

    /// `key` with its parent's place now (none when that model has left the scene).
    fn key(&self, key: &OutsideParentKeyEntry) -> OutsideParentKeyEntry {
        OutsideParentKeyEntry {
            frame: key.frame,
            parent: key.parent.as_ref().and_then(|p| self.parent(p)),
        }
    }
}

/// `accessory` as the project keeps it. A keyed accessory's settings are written as its keys
/// give them at frame 0 (what it shows then), so that playing it changes nothing to save.
fn accessory_entry<'a>(
    accessory: &'a Accessory,
    places: &Places<'_>,
    paths: &mut ProjectPaths<'a>,
) -> AccessoryEntry {
    let mut s = accessory.settings.clone();
    if let Some(motion) = &accessory.motion {
        motion.apply(0.0, &mut s);
    }
    let parent_entry = |p: &AccessoryParent| {
        Some(ParentEntry {
            model: places.of_id(p.actor)?,
            bone: p.bone.clone(),
        })
    };
    let parent = match &s.parent {
        Some(p) => parent_entry(p),
        None => places
            .leftovers
            .accessory_parents
            .iter()
            .find(|(id, _)| *id == accessory.id)
            .and_then(|(_, parent)| places.parent(parent)),
    };
    let keys = accessory.motion.as_ref().map_or_else(Vec::new, |motion| {
        motion
            .keys()
            .iter()
            .map(|k| AccessoryKeyEntry::of(k, k.parent.as_ref().and_then(parent_entry)))
            .collect()
    });
    AccessoryEntry {
        file: paths.relative(&accessory.file),
        name: accessory.label.clone(),
        visible: s.visible,
        position: s.position.to_array(),
        rotation: s.rotation.to_array(),
        scale: s.scale,
        opacity: s.opacity,
        additive: s.additive,
        ground_shadow: s.ground_shadow,
        parent,
        keys,
    }
}

/// A bone of an actor on stage by its model's place and the bone's name; `None` when the actor
/// or bone is gone.
fn target_entry(scene: &Scene, target: OutsideTarget) -> Option<ParentEntry> {
    let model = scene.actors.iter().position(|a| a.id == target.actor)?;
    let rig = &scene.actors[model].model.rig;
    let bone = (target.bone < rig.bone_count()).then(|| rig.bone_name(target.bone))?;
    Some(ParentEntry {
        model,
        bone: bone.to_owned(),
    })
}

/// Adds `key` to `bone`'s outside parent keys among `parents` (a new entry for the bone when
/// it has none), kept in frame order.
fn add_key(parents: &mut Vec<OutsideParentEntry>, bone: &str, key: OutsideParentKeyEntry) {
    let index = match parents.iter().position(|p| p.bone == bone) {
        Some(index) => index,
        None => {
            parents.push(OutsideParentEntry {
                bone: bone.to_owned(),
                keys: Vec::new(),
            });
            parents.len() - 1
        }
    };
    let keys = &mut parents[index].keys;
    keys.push(key);
    keys.sort_by_key(|k| k.frame);
}

/// Writes `bytes` to a file beside `path`, then renames it over `path`.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), ProjectError> {
    let fail = |source| ProjectError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, bytes).map_err(fail)?;
    std::fs::rename(&partial, path).map_err(fail)
}

/// One actor as the project names it.
fn model_entry<'a>(actor: &'a Actor, index: usize, paths: &mut ProjectPaths<'a>) -> ModelEntry {
    let rig = &actor.model.rig;
    let file = match &actor.model.source {
        Source::File(path) => FileRef::File(paths.relative(path)),
        Source::Bundled | Source::Made => FileRef::Bundled,
    };
    let ik = rig
        .ik_bones()
        .filter_map(|bone| {
            let on = match actor.ik.get(bone) {
                IkOverride::Auto => return None,
                IkOverride::On => true,
                IkOverride::Off => false,
            };
            Some((rig.bone_name(bone).to_owned(), on))
        })
        .collect();
    let jacobian_ik = rig
        .ik_bones()
        .filter(|&bone| actor.ik.method(bone) == IkMethod::Jacobian)
        .map(|bone| rig.bone_name(bone).to_owned())
        .collect();
    let morph_pins = actor
        .morph_pins
        .iter()
        .enumerate()
        .filter_map(|(i, pin)| Some((rig.morph_name(i).to_owned(), (*pin)?)))
        .collect();
    let mut layers = Vec::new();
    for (l, (layer, source)) in actor.layers().iter().zip(actor.layer_sources()).enumerate() {
        let mut files = Vec::new();
        for (f, file) in source.files.iter().enumerate() {
            let name = format!("model{}_layer{}_{}", index + 1, l + 1, f + 1);
            files.push(paths.motion_ref(&file.source, &file.vmd, &name));
        }
        layers.push(LayerEntry {
            files,
            weight: layer.weight,
            offset: layer.offset,
            enabled: layer.enabled,
            looping: layer.looping,
            mode: match layer.mode {
                LayerMode::Blend => LayerModeEntry::Blend,
                LayerMode::Replace => LayerModeEntry::Replace,
            },
        });
    }
    ModelEntry {
        file,
        position: actor.position.to_array(),
        visible: actor.visible,
        ik,
        jacobian_ik,
        morph_pins,
        layers,
        outside_parents: Vec::new(),
    }
}

/// `actor`'s outside parents by bone name, each key's parent a model of `scene` by place; a
/// key whose parent has left the scene is written as none.
fn outside_parent_entries(scene: &Scene, actor: &Actor) -> Vec<OutsideParentEntry> {
    let rig = &actor.model.rig;
    actor
        .outside_parents
        .iter()
        .filter(|p| p.bone < rig.bone_count())
        .map(|p| OutsideParentEntry {
            bone: rig.bone_name(p.bone).to_owned(),
            keys: p
                .keys
                .iter()
                .map(|k| OutsideParentKeyEntry {
                    frame: k.frame,
                    parent: k.target.and_then(|t| {
                        let model = scene.actors.iter().position(|a| a.id == t.actor)?;
                        let bones = &scene.actors[model].model.rig;
                        (t.bone < bones.bone_count()).then(|| ParentEntry {
                            model,
                            bone: bones.bone_name(t.bone).to_owned(),
                        })
                    }),
                })
                .collect(),
        })
        .collect()
}

/// Paths as a project at one place names them, and the motion files it must write.
struct ProjectPaths<'a> {
    /// The project's folder, absolute.
    folder: PathBuf,
    /// Where made motions go: `NAME_motions/` beside the project.
    made_folder: PathBuf,
    made: Vec<MadeMotion<'a>>,
}

impl<'a> ProjectPaths<'a> {
    fn new(project: &Path) -> ProjectPaths<'a> {
        let project = std::path::absolute(project).unwrap_or_else(|_| project.to_path_buf());
        let folder = project
            .parent()
            .map_or_else(|| PathBuf::from("."), resolved);
        let stem = project.file_stem().map_or_else(
            || "project".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        );
        ProjectPaths {
            made_folder: folder.join(format!("{stem}_motions")),
            folder,
            made: Vec::new(),
        }
    }

    /// `path` relative to the project's folder, with `/` between names; absolute where no
    /// relative path leads there (another drive).
    fn relative(&self, path: &Path) -> String {
        relative_to(&self.folder, path)
    }

    /// A path `text` as the project at `from` names it (a part that did not open), as this
    /// project names it: the same from the same folder, or when it is absolute (a Windows
    /// path from another machine included); else relative to this project's folder.
    fn rebased(&self, from: &Path, text: &str) -> String {
        let bytes = text.as_bytes();
        let foreign_absolute = bytes.first() == Some(&b'\\') || bytes.get(1) == Some(&b':');
        if Path::new(text).is_absolute() || foreign_absolute || resolved(from) == self.folder {
            return text.to_owned();
        }
        self.relative(&resolved(from).join(text.replace('\\', "/")))
    }

    fn rebased_ref(&self, from: &Path, reference: &FileRef) -> FileRef {
        match reference {
            FileRef::Bundled => FileRef::Bundled,
            FileRef::File(text) => FileRef::File(self.rebased(from, text)),
        }
    }

    fn rebased_layer(&self, from: &Path, layer: &LayerEntry) -> LayerEntry {
        LayerEntry {
            files: layer
                .files
                .iter()
                .map(|f| self.rebased_ref(from, f))
                .collect(),
            ..layer.clone()
        }
    }

    /// The reference to a motion file from `source`, writing `vmd` as `NAME.vmd` when the
    /// motion was made in the player.
    fn motion_ref(&mut self, source: &Source, vmd: &'a Vmd, name: &str) -> FileRef {
        match source {
            Source::File(path) => FileRef::File(self.relative(path)),
            Source::Bundled => FileRef::Bundled,
            Source::Made => {
                let path = self.made_folder.join(format!("{name}.vmd"));
                let reference = FileRef::File(self.relative(&path));
                self.made.push(MadeMotion { path, vmd });
                reference
            }
        }
    }

    fn track_ref<T>(&mut self, track: &'a Track<T>, name: &str) -> FileRef {
        self.motion_ref(&track.source, &track.vmd, name)
    }
}

/// `path` relative to `folder` (absolute, resolved), with `/` between names; absolute where
/// no relative path leads there (another drive).
pub(super) fn relative_to(folder: &Path, path: &Path) -> String {
    let absolute = resolved(path);
    match pathdiff::diff_paths(&absolute, folder) {
        Some(relative) => relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/"),
        None => absolute.to_string_lossy().into_owned(),
    }
}

/// `path` absolute, with `.` and `..` resolved (through the file system where it exists, so
/// that a link and its target give one relative path).
pub(super) fn resolved(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path))
        .unwrap_or_else(|_| path.to_path_buf())
}
