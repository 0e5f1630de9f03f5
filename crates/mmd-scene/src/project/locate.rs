//! Locating a part of a project that did not open: the file the user points to is opened into
//! the scene as the project describes that part (a model with its place, switches, pins,
//! layers and outside parents; a layer into its model; a camera, light or self-shadow
//! motion; an accessory with its settings and parent; the music), and the part leaves the
//! [`Leftovers`], so that saving the project writes the new path. MMD users move whole
//! `UserFile` trees: once one file is located, the others are looked for in its folder
//! ([`locate_in_folder`]) before the user is asked again.

use std::path::{Path, PathBuf};

use super::document::{FileRef, OutsideParentKeyEntry};
use super::open::{
    Opening, layer_files, push_layer, read_accessory, read_motion, read_music, read_track_at,
};
use super::relocate::relocate;
use super::save::{relative_to, resolved};
use super::{Leftovers, MusicPlay};
use crate::project::files::LoadError;
use crate::stage::model::read_model;
use crate::stage::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use crate::stage::scene::Scene;

/// A part of the project that did not open, by its place among the [`Leftovers`]' (which
/// changes as parts are located: read the list again after each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MissingPart {
    /// `Leftovers::models[_]`.
    Model(usize),
    /// File `file` of `Leftovers::layers[layer]`.
    Layer {
        layer: usize,
        file: usize,
    },
    Camera,
    Light,
    SelfShadow,
    /// `Leftovers::accessories[_]`.
    Accessory(usize),
    Music,
}

/// What kind of file a missing part wants, for the picker's filter and the list's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MissingKind {
    Model,
    Motion,
    Camera,
    Light,
    SelfShadow,
    Accessory,
    Music,
}

impl MissingPart {
    pub fn kind(self) -> MissingKind {
        match self {
            MissingPart::Model(_) => MissingKind::Model,
            MissingPart::Layer { .. } => MissingKind::Motion,
            MissingPart::Camera => MissingKind::Camera,
            MissingPart::Light => MissingKind::Light,
            MissingPart::SelfShadow => MissingKind::SelfShadow,
            MissingPart::Accessory(_) => MissingKind::Accessory,
            MissingPart::Music => MissingKind::Music,
        }
    }
}

/// One missing file: the part it belongs to and the file as the project names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingFile {
    pub part: MissingPart,
    pub written: String,
}

/// A part located: what opening it met (an IK switch the model lacks, another file of the
/// same layer still missing), and for the music how the project plays it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Located {
    pub problems: Vec<LoadError>,
    pub music: Option<MusicPlay>,
}

impl Leftovers {
    /// The files of the parts that did not open, in the project's order: models, layers (the
    /// first file of each that is not found, else its first file), camera, light, self-shadow,
    /// accessories, music. A model's layers are listed once the model is located.
    pub fn missing(&self) -> Vec<MissingFile> {
        let mut missing = Vec::new();
        let mut push = |part, written: &str| {
            missing.push(MissingFile {
                part,
                written: written.to_owned(),
            });
        };
        for (m, model) in self.models.iter().enumerate() {
            push(MissingPart::Model(m), written_of(&model.entry.file));
        }
        for (layer, (_, entry)) in self.layers.iter().enumerate() {
            // The first file not found; else (a file there that does not open) the first file.
            let file = entry
                .files
                .iter()
                .position(|f| match f {
                    FileRef::Bundled => false,
                    FileRef::File(text) => relocate(&self.folder, text).is_none(),
                })
                .or_else(|| {
                    entry
                        .files
                        .iter()
                        .position(|f| matches!(f, FileRef::File(_)))
                })
                .unwrap_or(0);
            if let Some(reference) = entry.files.get(file) {
                push(MissingPart::Layer { layer, file }, written_of(reference));
            }
        }
        let tracks = [
            (MissingPart::Camera, &self.camera),
            (MissingPart::Light, &self.light),
            (MissingPart::SelfShadow, &self.self_shadow),
        ];
        for (part, reference) in tracks {
            if let Some(reference) = reference {
                push(part, written_of(reference));
            }
        }
        for (a, entry) in self.accessories.iter().enumerate() {
            push(MissingPart::Accessory(a), &entry.file);
        }
        if let Some(music) = &self.music {
            push(MissingPart::Music, &music.file);
        }
        missing
    }
}

fn written_of(reference: &FileRef) -> &str {
    match reference {
        FileRef::Bundled => "bundled",
        FileRef::File(text) => text,
    }
}

/// Opens `part` from the file at `path` into `scene`, as the project describes it, and takes
/// it out of `leftovers`. A file that does not open as that part (not a model, no camera
/// keys, unreadable) is refused with its error, and the part stays where it was.
pub fn locate(
    scene: &mut Scene,
    leftovers: &mut Leftovers,
    part: MissingPart,
    path: &Path,
) -> Result<Located, LoadError> {
    let gone = || LoadError {
        path: path.to_path_buf(),
        message: "the part it was picked for is no longer missing".to_owned(),
    };
    let mut located = Located::default();
    match part {
        MissingPart::Model(m) => {
            let model = read_model(path)?;
            let missing = leftovers.models.get(m).cloned().ok_or_else(gone)?;
            leftovers.models.remove(m);
            let mut opening = Opening::new(leftovers);
            let mut actor = opening.dress_model(model, &missing.entry, missing.keys.as_ref(), path);
            // The id the project's other parts know it by; its layers kept meanwhile follow.
            for (id, _) in &mut opening.leftovers.layers {
                if *id == actor.id {
                    *id = missing.id;
                }
            }
            actor.id = missing.id;
            scene.actors.push(actor);
            let own = scene.actors.len() - 1;
            let parents = opening.outside_parents(&missing.entry, own, scene);
            scene.actors[own].outside_parents = parents;
            let problems = welcome(scene, opening.leftovers, own);
            located.problems = opening.problems;
            located.problems.extend(problems);
        }
        MissingPart::Layer { layer, file } => {
            read_motion(path)?;
            let (actor_id, mut entry) = leftovers.layers.get(layer).cloned().ok_or_else(gone)?;
            let Some(actor) = scene.actors.iter_mut().find(|a| a.id == actor_id) else {
                return Err(LoadError {
                    path: path.to_path_buf(),
                    message: "its model is no longer in the scene".to_owned(),
                });
            };
            let Some(reference) = entry.files.get_mut(file) else {
                return Err(gone());
            };
            // Named as the project names its files (relative to its folder; "" is the
            // current folder, where a project given by its bare name lies).
            let folder = if leftovers.folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                leftovers.folder.as_path()
            };
            *reference = FileRef::File(relative_to(&resolved(folder), path));
            match layer_files(&leftovers.folder, &entry) {
                Ok(files) => {
                    push_layer(actor, &entry, files);
                    leftovers.layers.remove(layer);
                }
                // Another file of the layer is missing too: the one located is kept, and
                // the layer waits for the rest.
                Err(e) => {
                    located.problems.push(e);
                    leftovers.layers[layer] = (actor_id, entry);
                }
            }
        }
        MissingPart::Camera => {
            let track = read_track_at(path, |f| f.camera.take(), "camera")?;
            leftovers.camera.take().ok_or_else(gone)?;
            scene.camera = Some(track);
        }
        MissingPart::Light => {
            let track = read_track_at(path, |f| f.light.take(), "light")?;
            leftovers.light.take().ok_or_else(gone)?;
            scene.light = Some(track);
        }
        MissingPart::SelfShadow => {
            let track = read_track_at(path, |f| f.self_shadow.take(), "self-shadow")?;
            leftovers.self_shadow.take().ok_or_else(gone)?;
            scene.self_shadow = Some(track);
        }
        MissingPart::Accessory(a) => {
            let accessory = read_accessory(path)?;
            let entry = leftovers.accessories.get(a).cloned().ok_or_else(gone)?;
            leftovers.accessories.remove(a);
            let mut opening = Opening::new(leftovers);
            let accessory = opening.dress_accessory(accessory, &entry, scene);
            scene.accessories.push(accessory);
            located.problems = opening.problems;
        }
        MissingPart::Music => {
            let music = read_music(path)?;
            let entry = leftovers.music.take().ok_or_else(gone)?;
            scene.music = Some(music);
            located.music = Some(MusicPlay {
                offset: entry.offset,
                volume: entry.volume,
                muted: entry.muted,
            });
        }
    }
    Ok(located)
}

/// Gives the model just located (actor `own`) what the rest of the project held for it: the
/// outside parent keys of other models that hang from it, and the accessories it holds.
/// What it lacks (a bone named) is returned as problems.
fn welcome(scene: &mut Scene, leftovers: &mut Leftovers, own: usize) -> Vec<LoadError> {
    let id = scene.actors[own].id;
    let path = scene.actors[own].model.source.path().map_or_else(
        || PathBuf::from(&scene.actors[own].model.file),
        Path::to_path_buf,
    );
    let mut problems = Vec::new();
    let model_ids = leftovers.model_ids.clone();
    let names_it = |key: &OutsideParentKeyEntry| {
        key.parent
            .as_ref()
            .is_some_and(|p| model_ids.get(p.model) == Some(&id))
    };
    let (keys, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut leftovers.outside_parent_keys)
        .into_iter()
        .partition(|(_, _, key)| names_it(key));
    leftovers.outside_parent_keys = waiting;
    for (holder_id, bone_name, key) in keys {
        let Some(parent) = key.parent else { continue };
        let target = scene.actors[own].model.rig.bone_index(&parent.bone);
        let Some(holder) = scene.actors.iter_mut().find(|a| a.id == holder_id) else {
            continue;
        };
        let (Some(bone), Some(target)) = (holder.model.rig.bone_index(&bone_name), target) else {
            problems.push(LoadError {
                path: path.clone(),
                message: format!(
                    "has no bone \"{}\" for the outside parent of \"{bone_name}\" at frame {}; left out",
                    parent.bone, key.frame
                ),
            });
            continue;
        };
        let key = OutsideParentKey {
            frame: key.frame,
            target: Some(OutsideTarget {
                actor: id,
                bone: target,
            }),
        };
        match holder.outside_parents.iter_mut().find(|p| p.bone == bone) {
            Some(track) => {
                track.keys.push(key);
                track.keys.sort_by_key(|k| k.frame);
            }
            None => holder.outside_parents.push(OutsideParent {
                bone,
                keys: vec![key],
            }),
        }
    }
    let (held, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut leftovers.accessory_parents)
        .into_iter()
        .partition(|(_, parent)| model_ids.get(parent.model) == Some(&id));
    leftovers.accessory_parents = waiting;
    for (accessory_id, parent) in held {
        let actor = &scene.actors[own];
        let Some(accessory) = scene.accessories.iter_mut().find(|a| a.id == accessory_id) else {
            continue;
        };
        // Given another parent meanwhile: the user's choice stands.
        if accessory.settings.parent.is_some() {
            continue;
        }
        if let Err(why) = accessory.set_parent(Some((actor, &parent.bone))) {
            problems.push(LoadError {
                path: accessory.file.clone(),
                message: format!(
                    "its parent bone \"{}\": {why}; it stands in the world",
                    parent.bone
                ),
            });
        }
    }
    problems
}

/// What looking in one folder for the missing files found.
#[derive(Debug, Default)]
pub struct FolderSearch {
    /// Each file found there and located, with what opening it met.
    pub located: Vec<(MissingFile, Located)>,
    /// Files found there by name that did not open as their part (left missing).
    pub refused: Vec<LoadError>,
}

/// Looks for each missing file in `folder` (and the folders above it) by the longest tail of
/// the path the project names it by, down to its name alone, and locates those found, as
/// after the user located one file there. A file found that does not open as its part is
/// returned among the refused, and its part stays missing. Parts a located model brings
/// (its missing layers) are looked for too.
pub fn locate_in_folder(
    scene: &mut Scene,
    leftovers: &mut Leftovers,
    folder: &Path,
) -> FolderSearch {
    let mut search = FolderSearch::default();
    // Files found that did not open as their part, not tried again for that kind of part.
    let mut refused: Vec<(MissingKind, PathBuf)> = Vec::new();
    // Each part located changes the list's places: look again from the start after each.
    'again: loop {
        for file in leftovers.missing() {
            let Some(found) = relocate(folder, &file.written) else {
                continue;
            };
            let kind = file.part.kind();
            if refused.iter().any(|(k, p)| *k == kind && *p == found) {
                continue;
            }
            match locate(scene, leftovers, file.part, &found) {
                Ok(located) => {
                    search.located.push((file, located));
                    continue 'again;
                }
                Err(e) => {
                    refused.push((kind, found));
                    search.refused.push(e);
                }
            }
        }
        return search;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::document::{LayerEntry, ModelEntry, MusicEntry};

    #[test]
    fn the_list_names_each_part_with_its_file_as_written() {
        let mut leftovers = Leftovers {
            folder: std::env::temp_dir().join("mmd-locate-nowhere"),
            ..Leftovers::default()
        };
        leftovers.missing_model(
            ModelEntry {
                file: FileRef::File(r"C:\UserFile\Model\a.pmx".to_owned()),
                ..ModelEntry::default()
            },
            None,
        );
        leftovers.layers.push((
            7,
            LayerEntry {
                files: vec![FileRef::Bundled, FileRef::File("m/b.vmd".to_owned())],
                ..LayerEntry::default()
            },
        ));
        leftovers.camera = Some(FileRef::File("cam.vmd".to_owned()));
        leftovers.music = Some(MusicEntry {
            file: "song.wav".to_owned(),
            ..MusicEntry::default()
        });
        let missing = leftovers.missing();
        let parts: Vec<_> = missing
            .iter()
            .map(|m| (m.part, m.written.as_str()))
            .collect();
        assert_eq!(
            parts,
            [
                (MissingPart::Model(0), r"C:\UserFile\Model\a.pmx"),
                (MissingPart::Layer { layer: 0, file: 1 }, "m/b.vmd"),
                (MissingPart::Camera, "cam.vmd"),
                (MissingPart::Music, "song.wav"),
            ]
        );
        assert_eq!(leftovers.model_ids.len(), 1);
        assert_eq!(leftovers.model_ids[0], leftovers.models[0].id);
    }
}
