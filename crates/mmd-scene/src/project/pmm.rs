//! MikuMikuDance's own projects (`.pmm`) opened as a scene: each model found again from the
//! absolute Windows path MMD keeps ([`super::relocate`]), its keys played as a motion, the
//! camera, light and self-shadow keys as the scene's tracks, the accessories placed as their
//! keys (or their current state without keys) move them, gravity keys, the camera following a
//! bone, the music, and MMD's settings (output size, play range, ground shadow, self-shadow,
//! physics, the frame shown) as the host's. Outside parents (外部親) are played. Everything
//! the file holds that the player does not show yet is named in a notice, never dropped
//! silently: gravity noise, per-model drawing settings, backgrounds, the edge colour.
//!
//! The keys made here live in no file of their own: saving the scene as a project writes them
//! beside it (see [`super::save`]).

use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_format::pmm::{self, ModelRef, ModelShape, Pmm, PmmAccessory, PmmModel, to_vmd};
use mmd_format::vmd::Vmd;
use mmd_pose::{CameraMotion, LightMotion, SelfShadowMotion};

use super::document::{
    AccessoryEntry, AccessoryKeyEntry, FileRef, ModelEntry, MusicEntry, OutsideParentKeyEntry,
    ParentEntry, PhysicsModeEntry, TimelineEntry,
};
use super::open::{OpenedProject, read_project};
use super::relocate::relocate;
use super::{HostSettings, Leftovers, MadeKeys, ProjectError};
use crate::media::music::Music;
use crate::project::files::{LoadError, MotionFile, read_file};
use crate::project::read_error::FileProblem;
use crate::stage::accessory::{Accessory, AccessoryParent};
use crate::stage::accessory_motion::{AccessoryKey, AccessoryMotion};
use crate::stage::actor::Actor;
use crate::stage::camera_follow::CameraFollow;
use crate::stage::gravity::{GravityKey, GravityMotion};
use crate::stage::model::read_model;
use crate::stage::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use crate::stage::scene::Scene;
use crate::stage::source::{Source, Track};

/// Opens the `.pmm` at `path`.
pub fn open_pmm(path: &Path) -> Result<OpenedProject, ProjectError> {
    open_pmm_bytes(path, &read_project(path)?)
}

/// Opens the `.pmm` at `path`, read as `bytes`.
pub fn open_pmm_bytes(path: &Path, bytes: &[u8]) -> Result<OpenedProject, ProjectError> {
    let folder = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let project = pmm::read_with_models(bytes, |model| shape_of(&folder, model)).map_err(|e| {
        ProjectError::File {
            path: path.to_path_buf(),
            problem: FileProblem::Format(e.into()),
        }
    })?;
    Ok(scene_of_pmm(&project, &folder))
}

/// The bone, morph and IK counts a version 0001 project takes from its model's PMD.
fn shape_of(folder: &Path, model: &ModelRef<'_>) -> Option<ModelShape> {
    let found = relocate(folder, model.path)?;
    let bytes = std::fs::read(found).ok()?;
    let pmd = mmd_format::pmd::read(&bytes).ok()?;
    Some(ModelShape::of_pmd(&pmd))
}

/// The scene `project` makes, its files looked for from `folder`.
pub fn scene_of_pmm(project: &Pmm, folder: &Path) -> OpenedProject {
    let mut import = Import {
        folder,
        project,
        problems: Vec::new(),
        notices: project
            .warnings
            .iter()
            .map(|w| format!("repaired on reading: {w}"))
            .collect(),
        leftovers: Leftovers {
            folder: folder.to_path_buf(),
            ..Leftovers::default()
        },
    };
    let mut scene = Scene::default();
    // Per model of the project, its actor's index in the scene.
    let mut actors = Vec::new();
    for model in &project.models {
        actors.push(import.model(model).map(|actor| {
            scene.actors.push(actor);
            scene.actors.len() - 1
        }));
    }
    for (model, actor) in project.models.iter().zip(&actors) {
        if let Some(index) = *actor {
            let parents = import.outside_parents(model, index, &scene, &actors);
            scene.actors[index].outside_parents = parents;
        }
    }
    import.tracks(&mut scene);
    scene.camera_follow = import.camera_follow(&scene, &actors);
    scene.gravity = import.gravity();
    for accessory in &project.accessories {
        if let Some(accessory) = import.accessory(accessory, &scene, &actors) {
            scene.accessories.push(accessory);
        }
    }
    scene.music = import.music();
    import.unshown();
    OpenedProject {
        settings: import.settings(),
        scene,
        problems: import.problems,
        notices: import.notices,
        leftovers: import.leftovers,
        from_pmm: true,
    }
}

struct Import<'a> {
    folder: &'a Path,
    project: &'a Pmm,
    problems: Vec<LoadError>,
    notices: Vec<String>,
    /// The models and music that did not open, to be located (`super::locate`).
    leftovers: Leftovers,
}

impl Import<'_> {
    /// Where the file the project names as `written` is, or `None` (reported as not found).
    fn find(&mut self, written: &str, what: &str) -> Option<PathBuf> {
        let found = relocate(self.folder, written);
        if found.is_none() {
            self.problems.push(LoadError {
                path: PathBuf::from(written),
                message: format!(
                    "{what} not found: looked for it by name under the project's folder and \
                     the folders above it; locate it, or put it there and open the project \
                     again"
                ),
            });
        }
        found
    }

    /// The actor of `model` playing its keys, or `None` (reported) when its file is missing.
    fn model(&mut self, model: &PmmModel) -> Option<Actor> {
        let opened = self
            .find(&model.path, "the model")
            .map(|path| read_model(&path));
        let mut actor = match opened {
            Some(Ok(model)) => Actor::new(model),
            missing => {
                if let Some(Err(e)) = missing {
                    self.problems.push(e);
                }
                // Kept with its keys, to be located.
                let entry = ModelEntry {
                    file: FileRef::File(model.path.clone()),
                    visible: model.visible,
                    ..ModelEntry::default()
                };
                let keys = MadeKeys {
                    label: format!("{} (.pmm keys)", model.name),
                    vmd: to_vmd::model_motion(model),
                };
                self.leftovers.missing_model(entry, Some(keys));
                return None;
            }
        };
        self.leftovers.model_ids.push(actor.id);
        actor.visible = model.visible;
        actor.set_motions(vec![MotionFile {
            label: format!("{} (.pmm keys)", model.name),
            vmd: to_vmd::model_motion(model),
            pose: None,
            source: Source::Made,
        }]);
        Some(actor)
    }

    /// The outside parents `model` keys (actor `own` of `scene`; `actors`: each project
    /// model's actor): per outside-parent bone (the whole model: each of its root bones), the
    /// parent each model key gives it. A parent whose model or bone is not there is reported
    /// and that key hangs the bone from its own parent.
    fn outside_parents(
        &mut self,
        model: &PmmModel,
        own: usize,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Vec<OutsideParent> {
        let actor = &scene.actors[own];
        let rig = &actor.model.rig;
        let mut parents = Vec::new();
        for (slot, &bone) in model.outside_parent_bones.iter().enumerate() {
            let bones: Vec<usize> = match usize::try_from(bone) {
                Ok(bone) => model
                    .bone_names
                    .get(bone)
                    .and_then(|name| rig.bone_index(name))
                    .into_iter()
                    .collect(),
                Err(_) => (0..rig.bone_count())
                    .filter(|&b| rig.bone_parent(b).is_none())
                    .collect(),
            };
            let mut keys = Vec::new();
            for key in &model.model_keys {
                let picked = key.outside_parents.get(slot).and_then(|p| p.get());
                let target = picked.and_then(|picked| self.bone_target(picked, scene, actors));
                let missing_model = picked
                    .filter(|&(m, _)| matches!(actors.get(m), Some(None)))
                    .and_then(|(m, b)| Some((m, self.project.models[m].bone_names.get(b)?)));
                if let Some((m, name)) = missing_model {
                    // Kept, so that locating that model brings the key back.
                    for &own_bone in &bones {
                        self.leftovers.outside_parent_keys.push((
                            actor.id,
                            rig.bone_name(own_bone).to_owned(),
                            OutsideParentKeyEntry {
                                frame: key.frame,
                                parent: Some(ParentEntry {
                                    model: m,
                                    bone: name.clone(),
                                }),
                            },
                        ));
                    }
                } else if let (Some((m, b)), None) = (picked, target) {
                    self.notices.push(format!(
                        "{}: the outside parent at frame {} (model {}, bone {}) is not there; \
                         left out",
                        model.name,
                        key.frame,
                        m + 1,
                        b + 1
                    ));
                }
                keys.push(OutsideParentKey {
                    frame: key.frame,
                    target,
                });
            }
            if keys.iter().all(|k| k.target.is_none()) {
                continue;
            }
            for bone in bones {
                parents.push(OutsideParent {
                    bone,
                    keys: keys.clone(),
                });
            }
        }
        parents
    }

    /// The camera, light and self-shadow keys as the scene's own tracks.
    fn tracks(&mut self, scene: &mut Scene) {
        let project = self.project;
        let label = "MMD project";
        let camera = to_vmd::camera_motion(&project.camera);
        scene.camera = CameraMotion::from_vmd(&camera).map(|m| made(&camera, label, m));
        let light = to_vmd::light_motion(&project.light);
        scene.light = LightMotion::from_vmd(&light).map(|m| made(&light, label, m));
        if let Some(self_shadow) = &project.self_shadow {
            let keys = to_vmd::self_shadow_motion(self_shadow);
            scene.self_shadow = SelfShadowMotion::from_vmd(&keys).map(|m| made(&keys, label, m));
        }
    }

    /// `accessory` moved by its keys (one key, or its current state without keys, places it
    /// for good), or `None` (reported) when its file is missing. A key's parent bone that is
    /// not there is reported and that key stands it in the world.
    fn accessory(
        &mut self,
        accessory: &PmmAccessory,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Option<Accessory> {
        let Some(path) = self.find(&accessory.path, "the accessory") else {
            self.keep_accessory(accessory);
            return None;
        };
        let loaded = read_file(&path).and_then(|file| {
            file.accessory.ok_or_else(|| LoadError {
                path: path.clone(),
                message: "not an accessory (.x)".to_owned(),
            })
        });
        let mut placed = match loaded {
            Ok(loaded) => loaded.accessory,
            Err(e) => {
                self.problems.push(e);
                self.keep_accessory(accessory);
                return None;
            }
        };
        if !accessory.name.is_empty() {
            placed.label = accessory.name.clone();
        }
        let state = accessory
            .keys
            .first()
            .map_or(accessory.current, |k| k.state);
        placed.settings.additive = accessory.additive;
        let mut keys = Vec::with_capacity(accessory.keys.len());
        for key in &accessory.keys {
            let parent = match self.accessory_parent(&key.state, scene, actors) {
                Ok(parent) => parent,
                Err(why) => {
                    self.problems.push(LoadError {
                        path: path.clone(),
                        message: format!(
                            "its parent bone at frame {}: {why}; it stands in the world",
                            key.frame
                        ),
                    });
                    None
                }
            };
            keys.push(accessory_key(key.frame, &key.state, parent));
        }
        if keys.is_empty() {
            let parent = self
                .accessory_parent(&state, scene, actors)
                .unwrap_or_else(|why| {
                    self.problems.push(LoadError {
                        path: path.clone(),
                        message: format!("its parent bone: {why}; it stands in the world"),
                    });
                    None
                });
            keys.push(accessory_key(0, &state, parent));
        }
        placed.motion = AccessoryMotion::new(keys);
        placed.settle_at(0.0);
        if accessory.keys.len() <= 1 {
            // One key (or none) places it for good: its settings, free to edit.
            placed.motion = None;
        }
        Some(placed)
    }

    /// Keeps `accessory`, whose file did not open, as a project of ours writes it, to be
    /// located or saved: its first key's (or current) settings and every key, its parents by
    /// the model's place in the project and the bone's name.
    fn keep_accessory(&mut self, accessory: &PmmAccessory) {
        let parent = |state: &pmm::AccessoryState| {
            let (model, bone) = state.parent.get()?;
            let bone = self.project.models.get(model)?.bone_names.get(bone)?;
            Some(ParentEntry {
                model,
                bone: bone.clone(),
            })
        };
        let key_of = |frame: u32, state: &pmm::AccessoryState| {
            AccessoryKeyEntry::of(&accessory_key(frame, state, None), parent(state))
        };
        let first = accessory
            .keys
            .first()
            .map_or(accessory.current, |k| k.state);
        let settings = key_of(0, &first);
        let keys = if accessory.keys.len() > 1 {
            accessory
                .keys
                .iter()
                .map(|k| key_of(k.frame, &k.state))
                .collect()
        } else {
            Vec::new()
        };
        self.leftovers.accessories.push(AccessoryEntry {
            file: accessory.path.clone(),
            name: accessory.name.clone(),
            visible: settings.visible,
            position: settings.position,
            rotation: settings.rotation,
            scale: settings.scale,
            opacity: settings.opacity,
            additive: accessory.additive,
            ground_shadow: settings.ground_shadow,
            parent: settings.parent,
            keys,
        });
    }

    /// The bone `state` holds the accessory by: `Ok(None)` for the world, or why it cannot be.
    fn accessory_parent(
        &self,
        state: &pmm::AccessoryState,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Result<Option<AccessoryParent>, String> {
        let Some((model, bone)) = state.parent.get() else {
            return Ok(None);
        };
        let holder = actors
            .get(model)
            .copied()
            .flatten()
            .and_then(|i| scene.actors.get(i));
        let name = self
            .project
            .models
            .get(model)
            .and_then(|m| m.bone_names.get(bone));
        match (holder, name) {
            (Some(actor), Some(name)) if actor.model.rig.bone_index(name).is_some() => {
                Ok(Some(AccessoryParent {
                    actor: actor.id,
                    bone: name.clone(),
                }))
            }
            // A model that did not open (reported already): held by the bone it will have
            // once located, in the world meanwhile.
            (None, Some(name)) if actors.get(model).is_some() => {
                Ok(self.leftovers.model_id(model).map(|actor| AccessoryParent {
                    actor,
                    bone: name.clone(),
                }))
            }
            _ => Err(format!(
                "model {} bone {} is not there",
                model + 1,
                bone + 1
            )),
        }
    }

    /// The bone `(model, bone)` of the project (indices as MMD stores them) on its actor in
    /// `scene` (`actors`: each project model's actor), or `None` when the model did not open
    /// or the bone is not in it.
    fn bone_target(
        &self,
        (model, bone): (usize, usize),
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Option<OutsideTarget> {
        let actor = &scene.actors[actors.get(model).copied().flatten()?];
        let name = self.project.models.get(model)?.bone_names.get(bone)?;
        Some(OutsideTarget {
            actor: actor.id,
            bone: actor.model.rig.bone_index(name)?,
        })
    }

    /// The bone the camera follows, per camera key (a bone that is not there is reported and
    /// that key follows nothing).
    fn camera_follow(&mut self, scene: &Scene, actors: &[Option<usize>]) -> Option<CameraFollow> {
        let mut keys = Vec::with_capacity(self.project.camera.keys.len());
        for key in &self.project.camera.keys {
            let picked = key.follow.get();
            let target = picked.and_then(|picked| self.bone_target(picked, scene, actors));
            if let (Some((m, b)), None) = (picked, target) {
                self.notices.push(format!(
                    "the camera at frame {} follows model {}, bone {}, which is not there; \
                     it follows nothing there",
                    key.frame,
                    m + 1,
                    b + 1
                ));
            }
            keys.push(OutsideParentKey {
                frame: key.frame,
                target,
            });
        }
        CameraFollow::new(keys)
    }

    /// The gravity keys, or `None` when gravity stays MMD's own.
    fn gravity(&mut self) -> Option<GravityMotion> {
        let physics = self.project.physics.as_ref()?;
        let gravity = &physics.gravity;
        let states: Vec<(u32, pmm::GravityState)> = if gravity.keys.is_empty() {
            vec![(0, gravity.current)]
        } else {
            gravity.keys.iter().map(|k| (k.frame, k.state)).collect()
        };
        if let Some((frame, _)) = states.iter().find(|(_, g)| g.noise_enabled) {
            self.notices.push(format!(
                "gravity noise (from frame {frame}) is not simulated; the gravity itself is"
            ));
        }
        GravityMotion::new(
            states
                .into_iter()
                .map(|(frame, g)| GravityKey {
                    frame,
                    acceleration: if g.acceleration.is_finite() {
                        g.acceleration
                    } else {
                        0.0
                    },
                    direction: finite(Vec3::from(g.direction)),
                })
                .collect(),
        )
    }

    /// The music, when the project plays one.
    fn music(&mut self) -> Option<Music> {
        let audio = &self.project.audio;
        if !audio.enabled || audio.path.is_empty() {
            return None;
        }
        let opened = self.find(&audio.path, "the music").map(|path| {
            Music::open(&path).map_err(|message| self.problems.push(LoadError { path, message }))
        });
        if let Some(Ok(music)) = opened {
            return Some(music);
        }
        // Kept, to be located.
        self.leftovers.music = Some(MusicEntry {
            file: audio.path.clone(),
            ..MusicEntry::default()
        });
        None
    }

    /// A notice for each thing the project holds that the player does not show yet.
    fn unshown(&mut self) {
        let project = self.project;
        for model in &project.models {
            if let Some(render) = &model.render
                && (render.additive || render.edge_width != 1.0)
            {
                self.notices.push(format!(
                    "{}: additive drawing and the edge width MMD sets per model are not \
                     applied yet",
                    model.name
                ));
            }
        }
        if project.background_video.shown || project.background_image.shown {
            self.notices
                .push("the background video or image is not shown".to_owned());
        }
        if project.black_background == Some(true) {
            self.notices
                .push("MMD's black background is not applied yet".to_owned());
        }
    }

    /// MMD's settings as the host's: the output size, the play range, the frame shown, the
    /// ground shadow and self-shadow switches, and physics (baked whenever MMD simulates).
    fn settings(&self) -> HostSettings {
        let project = self.project;
        let mut settings = HostSettings::default();
        let [width, height] = project.output_size;
        if let (Ok(w @ 1..), Ok(h @ 1..)) = (u32::try_from(width), u32::try_from(height)) {
            settings.export.width = w;
            settings.export.height = h;
        }
        let range = &project.play_range;
        if range.start.enabled || range.end.enabled {
            let last = self.last_key_frame();
            let start = range.start.get().unwrap_or(0);
            let end = range.end.get().unwrap_or(last).max(start);
            settings.export.frames = Some((start as f32, end as f32));
        }
        settings.timeline = TimelineEntry {
            frame: project.editor.current_frame.max(0) as f32,
            ..TimelineEntry::default()
        };
        settings.view.ground_shadow = project.ground_shadow.shown;
        if let Some(self_shadow) = &project.self_shadow {
            settings.view.self_shadow = self_shadow.enabled;
        }
        if let Some(physics) = &project.physics {
            settings.physics.mode = match physics.mode {
                pmm::PhysicsMode::Off => PhysicsModeEntry::Off,
                _ => PhysicsModeEntry::Baked,
            };
        }
        settings.use_camera_motion = !project.camera.keys.is_empty();
        settings
    }

    fn last_key_frame(&self) -> u32 {
        let project = self.project;
        let models = project.models.iter().flat_map(|m| {
            m.bone_tracks
                .iter()
                .flatten()
                .map(|k| k.frame)
                .chain(m.morph_tracks.iter().flatten().map(|k| k.frame))
        });
        let camera = project.camera.keys.iter().map(|k| k.frame);
        models.chain(camera).max().unwrap_or(0)
    }
}

/// The key `state` makes at `frame`, held by `parent`: rotations from radians to degrees,
/// numbers that are not finite as MMD's defaults.
fn accessory_key(
    frame: u32,
    state: &pmm::AccessoryState,
    parent: Option<AccessoryParent>,
) -> AccessoryKey {
    AccessoryKey {
        frame,
        visible: state.shown,
        position: finite(Vec3::from(state.position)),
        rotation: finite(Vec3::from(state.rotation)).map(f32::to_degrees),
        scale: if state.scale.is_finite() {
            state.scale
        } else {
            1.0
        },
        opacity: state.opacity().clamp(0.0, 1.0),
        ground_shadow: state.shadow,
        parent,
    }
}

fn made<T>(vmd: &Vmd, label: &str, motion: T) -> Track<T> {
    Track::new(vmd, label, &Source::Made, motion)
}

fn finite(v: Vec3) -> Vec3 {
    Vec3::select(v.is_finite_mask(), v, Vec3::ZERO)
}
