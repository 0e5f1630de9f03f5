//! MikuMikuDance's own projects (`.pmm`) opened as a scene: each model found again from the
//! absolute Windows path MMD keeps ([`super::relocate`]), its keys played as a motion, the
//! camera, light and self-shadow keys as the scene's tracks, the accessories placed as their
//! first key (or their current state) sets them, the music, and MMD's settings (output size,
//! play range, ground shadow, self-shadow, physics, the frame shown) as the host's. Everything
//! the file holds that the player does not show yet is named in a notice, never dropped
//! silently: accessory keys after the first, gravity, a camera following a bone, per-model
//! drawing settings, backgrounds, the edge colour. Outside parents (外部親) are played.
//!
//! The keys made here live in no file of their own: saving the scene as a project writes them
//! beside it (see [`super::save`]).

use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_format::pmm::{self, ModelRef, ModelShape, Pmm, PmmAccessory, PmmModel, to_vmd};
use mmd_format::vmd::Vmd;
use mmd_pose::{CameraMotion, LightMotion, SelfShadowMotion};

use super::document::{PhysicsModeEntry, TimelineEntry};
use super::open::{OpenedProject, read_project};
use super::relocate::relocate;
use super::{HostSettings, Leftovers, ProjectError};
use crate::accessory::Accessory;
use crate::actor::Actor;
use crate::files::{LoadError, MotionFile, read_file};
use crate::model::read_model;
use crate::music::Music;
use crate::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use crate::read_error::FileProblem;
use crate::scene::Scene;
use crate::source::{Source, Track};

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
        leftovers: Leftovers::default(),
        from_pmm: true,
    }
}

struct Import<'a> {
    folder: &'a Path,
    project: &'a Pmm,
    problems: Vec<LoadError>,
    notices: Vec<String>,
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
                     the folders above it; put it there and open the project again"
                ),
            });
        }
        found
    }

    /// The actor of `model` playing its keys, or `None` (reported) when its file is missing.
    fn model(&mut self, model: &PmmModel) -> Option<Actor> {
        let path = self.find(&model.path, "the model")?;
        let mut actor = match read_model(&path) {
            Ok(model) => Actor::new(model),
            Err(e) => {
                self.problems.push(e);
                return None;
            }
        };
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
        let rig = &scene.actors[own].model.rig;
        let mut parents = Vec::new();
        for (slot, &bone) in model.outside_parent_bones.iter().enumerate() {
            let mut keys = Vec::new();
            for key in &model.model_keys {
                let picked = key.outside_parents.get(slot).and_then(|p| p.get());
                let target = picked.and_then(|(m, b)| {
                    let actor = &scene.actors[actors.get(m).copied().flatten()?];
                    let name = self.project.models.get(m)?.bone_names.get(b)?;
                    Some(OutsideTarget {
                        actor: actor.id,
                        bone: actor.model.rig.bone_index(name)?,
                    })
                });
                if let (Some((m, b)), None) = (picked, target) {
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

    /// `accessory` placed as its first key (else its current state) sets it, or `None`
    /// (reported) when its file is missing.
    fn accessory(
        &mut self,
        accessory: &PmmAccessory,
        scene: &Scene,
        actors: &[Option<usize>],
    ) -> Option<Accessory> {
        let path = self.find(&accessory.path, "the accessory")?;
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
        if accessory.keys.len() > 1 {
            self.notices.push(format!(
                "{}: its keys after the first ({} more) are not played yet; it stays as its \
                 first key sets it",
                accessory.name,
                accessory.keys.len() - 1
            ));
        }
        let s = &mut placed.settings;
        s.visible = state.shown;
        s.position = finite(Vec3::from(state.position));
        s.rotation = finite(Vec3::from(state.rotation)) * (180.0 / std::f32::consts::PI);
        s.scale = if state.scale.is_finite() {
            state.scale
        } else {
            1.0
        };
        s.opacity = state.opacity().clamp(0.0, 1.0);
        s.ground_shadow = state.shadow;
        s.additive = accessory.additive;
        if let Some((model, bone)) = state.parent.get() {
            let holder = actors.get(model).copied().flatten();
            let bone_name = self
                .project
                .models
                .get(model)
                .and_then(|m| m.bone_names.get(bone));
            let held = match (holder.and_then(|i| scene.actors.get(i)), bone_name) {
                (Some(actor), Some(name)) => placed.set_parent(Some((actor, name))),
                _ => Err(format!(
                    "model {} bone {} is not there",
                    model + 1,
                    bone + 1
                )),
            };
            if let Err(why) = held {
                self.problems.push(LoadError {
                    path,
                    message: format!("its parent bone: {why}; it stands in the world"),
                });
            }
        }
        Some(placed)
    }

    /// The music, when the project plays one.
    fn music(&mut self) -> Option<Music> {
        let audio = &self.project.audio;
        if !audio.enabled || audio.path.is_empty() {
            return None;
        }
        let path = self.find(&audio.path, "the music")?;
        match Music::open(&path) {
            Ok(music) => Some(music),
            Err(message) => {
                self.problems.push(LoadError { path, message });
                None
            }
        }
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
        if project.camera.keys.iter().any(|k| k.follow.get().is_some()) {
            self.notices
                .push("the camera follows a model's bone: not applied yet".to_owned());
        }
        if let Some(physics) = &project.physics
            && let Some(key) = physics
                .gravity
                .keys
                .iter()
                .find(|k| !is_default_gravity(&k.state))
        {
            let g = key.state;
            self.notices.push(format!(
                "gravity keys are not applied yet (the one at frame {} sets {} along {:?}{}); \
                 MMD's default gravity is used",
                key.frame,
                g.acceleration,
                g.direction,
                if g.noise_enabled { " with noise" } else { "" }
            ));
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

fn made<T>(vmd: &Vmd, label: &str, motion: T) -> Track<T> {
    Track::new(vmd, label, &Source::Made, motion)
}

fn finite(v: Vec3) -> Vec3 {
    Vec3::select(v.is_finite_mask(), v, Vec3::ZERO)
}

/// Whether `gravity` is MMD's own: 9.8 straight down, without noise.
fn is_default_gravity(gravity: &pmm::GravityState) -> bool {
    let direction = Vec3::from(gravity.direction).normalize_or_zero();
    !gravity.noise_enabled
        && (gravity.acceleration - 9.8).abs() < 1e-3
        && direction.abs_diff_eq(Vec3::NEG_Y, 1e-3)
}
