//! The files of a project that did not open, located by the user: each is listed with a
//! "Locate…" button (the notices panel), the file picked opens into the scene as the project
//! describes that part ([`mmd_scene::project::locate`]), and the other missing files are then
//! looked for in the same folder, as MMD users move whole `UserFile` trees. The project is
//! marked changed, so that saving writes the new paths.

use std::path::Path;

use mmd_scene::engine::PhysicsChange;
use mmd_scene::project::files::LoadError;
use mmd_scene::project::locate::{Located, MissingFile, MissingPart, locate, locate_in_folder};

use super::message::Message;
use super::notices::Notice;
use super::{Player, model_notices};

impl Player {
    /// The files of the project that did not open, each with the part it is for.
    pub fn missing_files(&self) -> Vec<MissingFile> {
        self.project.leftovers.missing()
    }

    /// The folder the project's paths are relative to (where a file dialog locating a missing
    /// file starts), if the scene came from a project.
    pub fn project_folder(&self) -> Option<&Path> {
        let folder = self.project.leftovers.folder.as_path();
        (!folder.as_os_str().is_empty()).then_some(folder)
    }

    /// Opens `path` as the missing `part`, then the other missing files found in its folder.
    /// A file that is not what the part needs is refused (an error, and the part stays
    /// listed).
    pub(super) fn locate_missing(&mut self, part: MissingPart, path: &Path) {
        let (actors, accessories) = (self.scene.actors.len(), self.scene.accessories.len());
        let had_camera = self.scene.camera.is_some();
        let located = match locate(&mut self.scene, &mut self.project.leftovers, part, path) {
            Ok(located) => located,
            Err(e) => return self.fail(&e.path.display().to_string(), e.message),
        };
        self.take_located(located);
        if let Some(folder) = path.parent() {
            let search = locate_in_folder(&mut self.scene, &mut self.project.leftovers, folder);
            for (file, located) in search.located {
                let found = self.text(&Message::FoundBeside {
                    folder: folder.display().to_string(),
                });
                self.notices.push(Notice::warning(&file.written, found));
                self.take_located(located);
            }
            for refused in search.refused {
                self.notice_problem(&refused);
            }
        }
        let new: Vec<usize> = (accessories..self.scene.accessories.len()).collect();
        self.accessories_opened(&new);
        self.parts_located(actors, had_camera);
    }

    /// Lists what opening a located part met, and takes the music's playing from the project.
    fn take_located(&mut self, located: Located) {
        for problem in &located.problems {
            self.notice_problem(problem);
        }
        if let Some(music) = located.music {
            self.music_changed();
            self.set_music_offset(music.offset);
            self.set_music_volume(music.volume);
            self.music.settings.muted = music.muted;
        }
    }

    fn notice_problem(&mut self, problem: &LoadError) {
        self.notices.push(Notice::error(
            problem.path.display().to_string(),
            &problem.message,
        ));
    }

    /// Brings the player in line with the parts located: the models added after the first
    /// `actors` (their warnings listed, their bodies built), the camera motion shown as the
    /// project asks when it came back (`had_camera`: the scene had one before), the timeline
    /// and the bakes; and marks the project changed.
    fn parts_located(&mut self, actors: usize, had_camera: bool) {
        for actor in &self.scene.actors[actors..] {
            actor.model.log_warnings();
            for notice in model_notices(&actor.model) {
                self.notices.push(notice);
            }
        }
        self.sync_actors();
        self.measure_models();
        if self.selected.is_none() && !self.scene.actors.is_empty() {
            self.selected = Some(0);
        }
        let wants_camera = self
            .project
            .kept
            .as_ref()
            .is_none_or(|kept| kept.use_camera_motion);
        if !had_camera && self.scene.camera.is_some() && wants_camera {
            self.camera.use_motion = true;
        }
        self.playback.set_last_frame(self.scene.last_frame());
        if let Some(frame) = self.project.frame_waiting.take()
            && !self.playback.playing
        {
            self.playback.seek(frame);
            if self.playback.frame() < frame {
                self.project.frame_waiting = Some(frame);
            }
        }
        for index in actors..self.scene.actors.len() {
            self.physics_changed(PhysicsChange::Bodies, Some(index));
        }
        // New layers or a camera can lengthen the timeline, which the bakes must cover.
        self.physics_changed(PhysicsChange::Motion, None);
        self.posed_frame = None;
        self.project.relocated = true;
        if self.project.leftovers.is_empty() {
            self.error = None;
        }
    }
}
