//! Projects in the window: File → Save project (to the file it came from, else asked),
//! Save project as…, and a project opened like any other file (known by its content), which
//! takes the place of the scene; MikuMikuDance's `.pmm` opens the same way, and is saved as a
//! project of ours (never over the `.pmm`). The window's title names the project and marks it while it
//! differs from the file; closing the window or opening another project over such changes
//! first asks whether to save them. The project's layout and its opening and saving are
//! [`mmd_scene::project`]'s; this is what the window adds: which of its settings a project
//! keeps (physics, view, free camera, light by hand, timeline, music), and the question.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_pose::{Camera, Light};
use mmd_scene::project::document::{CameraEntry, Document, LightEntry, PhysicsEntry, ViewEntry};
use mmd_scene::project::save::document_of;
use mmd_scene::project::{self, HostSettings, Leftovers, MusicPlay};

use super::message::Message;
use super::notices::Notice;
use super::orbit::Orbit;
use super::{Player, Request};
use crate::view_options::ViewOptions;

/// A project file's usual name ending; a project is known by its content, so it is only what
/// Save project as… adds to a name typed without one.
pub const PROJECT_EXTENSION: &str = "mmdproject";

/// The project the scene belongs to, if any.
#[derive(Debug, Default)]
pub(super) struct ProjectState {
    /// The file the scene was opened from or last saved to.
    path: Option<PathBuf>,
    /// The parts of the project that did not open, kept for saving it again and located one
    /// by one (`missing_actions.rs`).
    pub(super) leftovers: Leftovers,
    /// The project's settings the window has no place for (the export's), kept as opened.
    pub(super) kept: Option<HostSettings>,
    /// The document as last opened or saved, its frame left out, for telling changes.
    saved: Option<Document>,
    /// Whether the scene differs from `saved`, as of the last action.
    modified: bool,
    /// Whether a missing file was located since the project was opened or saved: the file
    /// saving writes then names it where it was found, a change even when the document
    /// reads the same (a `.pmm`, compared with nothing).
    pub(super) relocated: bool,
    /// The frame the project was saved at, while the timeline cannot reach it (the parts
    /// that make it that long are missing): it is shown once they are located.
    pub(super) frame_waiting: Option<f32>,
    /// What waits for the answer to "save the changes?".
    pending: Option<AfterAnswer>,
}

/// What the player goes on to do once the user has answered whether to save the project's
/// changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AfterAnswer {
    Quit,
    OpenProject(PathBuf),
}

/// The answer to "save the changes to the project?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsavedAnswer {
    Save,
    Discard,
    Cancel,
}

impl Player {
    /// Whether `paths` is one project file, which opens in place of the scene.
    pub(super) fn project_among(paths: &[PathBuf]) -> Option<&Path> {
        let [path] = paths else { return None };
        let bytes = std::fs::read(path).ok()?;
        project::is_any_project(&bytes).then_some(path.as_path())
    }

    /// The project's file name, if the scene belongs to one.
    pub fn project_name(&self) -> Option<Cow<'_, str>> {
        let path = self.project.path.as_ref()?;
        Some(path.file_stem().map_or_else(
            || Cow::Owned(path.display().to_string()),
            |s| s.to_string_lossy(),
        ))
    }

    /// The project's file, if the scene belongs to one.
    pub fn project_path(&self) -> Option<&Path> {
        self.project.path.as_deref()
    }

    /// Whether the scene has changes its project file does not have.
    pub fn project_modified(&self) -> bool {
        self.project.modified
    }

    /// What waits for the answer to "save the changes?", while the question is asked.
    pub fn unsaved_question(&self) -> Option<&AfterAnswer> {
        self.project.pending.as_ref()
    }

    /// File → Save project: to the project's file, or asked where when there is none.
    pub(super) fn save_project(&mut self) {
        match self.project.path.clone() {
            Some(path) => self.save_project_to(&path),
            None => self.requests.push(Request::SaveProjectDialog),
        }
    }

    /// Writes the project to `path`, which it belongs to from then on; then goes on with what
    /// waited for the save.
    pub(super) fn save_project_to(&mut self, path: &Path) {
        let settings = self.host_settings();
        match project::save::save(&self.scene, &settings, &self.project.leftovers, path) {
            Ok(mut document) => {
                document.timeline.frame = 0.0;
                self.project.saved = Some(document);
                self.project.path = Some(path.to_path_buf());
                self.project.modified = false;
                self.project.relocated = false;
                self.recent.add(&[path.to_path_buf()]);
                self.error = None;
                if let Some(next) = self.project.pending.take() {
                    self.go_on(next);
                }
            }
            Err(e) => self.fail(&path.display().to_string(), e.to_string()),
        }
    }

    /// Quits, unless the project has unsaved changes: then asks first.
    pub(super) fn quit(&mut self) {
        if self.project.modified {
            self.project.pending = Some(AfterAnswer::Quit);
        } else {
            self.requests.push(Request::Quit);
        }
    }

    /// Opens the project at `path` in place of the scene, asking first about unsaved
    /// changes.
    pub(super) fn open_project_asking(&mut self, path: &Path) {
        if self.project.modified {
            self.project.pending = Some(AfterAnswer::OpenProject(path.to_path_buf()));
        } else {
            self.open_project(path);
        }
    }

    pub(super) fn answer_unsaved(&mut self, answer: UnsavedAnswer) {
        let Some(next) = self.project.pending.clone() else {
            return;
        };
        match answer {
            // The save goes on with `next` once written (after a file dialog when needed).
            UnsavedAnswer::Save => self.save_project(),
            UnsavedAnswer::Discard => {
                self.project.pending = None;
                self.go_on(next);
            }
            UnsavedAnswer::Cancel => self.project.pending = None,
        }
    }

    fn go_on(&mut self, next: AfterAnswer) {
        match next {
            AfterAnswer::Quit => self.requests.push(Request::Quit),
            AfterAnswer::OpenProject(path) => self.open_project(&path),
        }
    }

    /// Opens the project at `path` in place of the scene: what did not open is listed as
    /// notices (the banner says how many), and the project's settings are taken.
    pub(super) fn open_project(&mut self, path: &Path) {
        let opened = match project::open::open_any(path) {
            Ok(opened) => opened,
            Err(e) => return self.fail(&path.display().to_string(), e.to_string()),
        };
        // A `.pmm` is MMD's: saving writes a project of ours, somewhere the user picks.
        let ours = !opened.from_pmm;
        let services = std::mem::take(&mut self.services);
        let mut fresh = Player::with_services(opened.scene, services);
        fresh.recent = std::mem::take(&mut self.recent);
        fresh.remember_opened(&[path.to_path_buf()]);
        fresh.requests = std::mem::take(&mut self.requests);
        fresh.music.generation = self.music.generation;
        fresh.music_changed();
        let mut notices = std::mem::take(&mut self.notices);
        for notice in fresh.notices.iter() {
            notices.push(notice.clone());
        }
        fresh.notices = notices;
        let file = path.display().to_string();
        for notice in &opened.notices {
            fresh.notices.push(Notice::warning(&file, notice));
        }
        for problem in &opened.problems {
            fresh.notices.push(Notice::error(
                problem.path.display().to_string(),
                &problem.message,
            ));
        }
        if !opened.problems.is_empty() {
            fresh.error = Some(fresh.text(&Message::PartsMissing {
                file: file.clone(),
                count: opened.problems.len(),
            }));
        }
        fresh.apply_host_settings(&opened.settings);
        let frame = opened.settings.timeline.frame;
        fresh.project = ProjectState {
            path: ours.then(|| path.to_path_buf()),
            leftovers: opened.leftovers,
            kept: Some(opened.settings),
            frame_waiting: (fresh.playback.frame() < frame).then_some(frame),
            ..ProjectState::default()
        };
        if ours {
            fresh.project.saved = Some(fresh.unsaved_document());
        }
        *self = fresh;
    }

    /// After an action: whether the scene now differs from its project file.
    pub(super) fn check_project_changes(&mut self) {
        if self.project.saved.is_some() {
            let now = self.unsaved_document();
            self.project.modified = self.project.saved.as_ref() != Some(&now);
        }
        self.project.modified |= self.project.relocated;
    }

    /// The document saving now would write, its frame left out (playing is not a change).
    fn unsaved_document(&self) -> Document {
        let path = self.project.path.clone().unwrap_or_default();
        let mut document = document_of(
            &self.scene,
            &self.host_settings(),
            &self.project.leftovers,
            &path,
        )
        .document;
        document.timeline.frame = 0.0;
        document
    }

    /// The window's settings a project keeps.
    pub fn host_settings(&self) -> HostSettings {
        let kept = self.project.kept.clone().unwrap_or_default();
        let view = self.view;
        let music = self.music.settings;
        HostSettings {
            physics: PhysicsEntry::of(self.physics_mode(), self.physics_rate()),
            view: ViewEntry {
                edges: view.edges,
                ground_shadow: view.ground_shadow,
                self_shadow: view.self_shadow,
                skeleton: view.skeleton,
                wireframe: view.wireframe,
            },
            free_camera: self.camera.orbit.map(|o| camera_entry(&o.camera)),
            use_camera_motion: self.camera.use_motion,
            light_by_hand: self.light.map(|l| LightEntry {
                direction: l.direction.to_array(),
                color: l.color.to_array(),
            }),
            timeline: mmd_scene::project::document::TimelineEntry {
                frame: self.playback.frame(),
                speed: self.playback.speed(),
            },
            export: kept.export,
            music: MusicPlay {
                offset: music.offset,
                volume: music.volume,
                muted: music.muted,
            },
        }
    }

    /// Takes a project's settings: physics, view, camera, light, timeline (paused at its
    /// frame) and music.
    fn apply_host_settings(&mut self, settings: &HostSettings) {
        let (mode, rate) = settings.physics.engine_settings();
        self.set_physics_rate(rate);
        self.set_physics_mode(mode);
        let view = settings.view;
        self.view = ViewOptions {
            edges: view.edges,
            ground_shadow: view.ground_shadow,
            self_shadow: view.self_shadow,
            skeleton: view.skeleton,
            wireframe: view.wireframe,
        };
        if let Some(camera) = settings.free_camera.and_then(camera_of) {
            self.camera.orbit = Some(Orbit::at(camera));
        }
        self.camera.use_motion = settings.use_camera_motion && self.scene.has_camera();
        self.light = settings.light_by_hand.and_then(|l| {
            let (direction, color) = (Vec3::from(l.direction), Vec3::from(l.color));
            (direction.is_finite() && color.is_finite()).then_some(Light {
                direction,
                color: color.clamp(Vec3::ZERO, Vec3::ONE),
            })
        });
        self.playback.playing = false;
        self.playback.set_speed(settings.timeline.speed);
        if settings.timeline.frame.is_finite() {
            self.playback.seek(settings.timeline.frame);
        }
        self.set_music_offset(settings.music.offset);
        self.set_music_volume(settings.music.volume);
        self.music.settings.muted = settings.music.muted;
        self.posed_frame = None;
    }
}

fn camera_entry(camera: &Camera) -> CameraEntry {
    CameraEntry {
        target: camera.target.to_array(),
        rotation: camera.rotation.to_array(),
        distance: camera.distance,
        fov_y_deg: camera.fov_y_deg,
        perspective: camera.perspective,
    }
}

/// The camera of `entry`, or `None` when a number in it is not finite.
fn camera_of(entry: CameraEntry) -> Option<Camera> {
    let camera = Camera {
        target: Vec3::from(entry.target),
        rotation: Vec3::from(entry.rotation),
        distance: entry.distance,
        fov_y_deg: entry.fov_y_deg,
        perspective: entry.perspective,
    };
    (camera.target.is_finite()
        && camera.rotation.is_finite()
        && camera.distance.is_finite()
        && camera.fov_y_deg.is_finite())
    .then_some(camera)
}
