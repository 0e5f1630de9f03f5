//! The model list as the player carries it out: selecting the model the panels show,
//! showing and hiding a model, moving it on the stage, and taking one off. A hidden model keeps dancing
//! (its pose and physics go on), so showing it again shows it where the others are.

use glam::Vec3;

use super::Player;

impl Player {
    /// Makes actor `index` the one the panels show and edit.
    pub(super) fn select_model(&mut self, index: usize) {
        if index < self.scene.actors.len() {
            self.selected = Some(index);
        }
    }

    pub(super) fn set_model_visible(&mut self, index: usize, visible: bool) {
        if let Some(actor) = self.scene.actors.get_mut(index) {
            actor.visible = visible;
        }
    }

    /// Moves actor `index` to `position` in the scene (not finite is ignored).
    pub(super) fn place_model(&mut self, index: usize, position: Vec3) {
        if !position.is_finite() {
            return;
        }
        if let Some(actor) = self.scene.actors.get_mut(index) {
            actor.position = position;
            self.frame_shown_models();
        }
    }

    /// Takes actor `index` off the stage with everything the player kept for it; the
    /// selection stays on the same model, or moves to the one after (else before) the
    /// removed one.
    pub(super) fn remove_model(&mut self, index: usize) {
        if !self.scene.remove_actor(index) {
            return;
        }
        self.sync_actors();
        let count = self.scene.actors.len();
        self.selected = match self.selected {
            _ if count == 0 => None,
            Some(s) if s > index => Some(s - 1),
            Some(s) => Some(s.min(count - 1)),
            None => Some(0),
        };
        if !self.scene.has_camera() {
            self.camera.use_motion = false;
        }
        self.measure_models();
        self.playback.set_last_frame(self.scene.last_frame());
        self.posed_frame = None;
    }
}
