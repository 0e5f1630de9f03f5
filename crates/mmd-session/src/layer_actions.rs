//! What the player does when motion layers are added or edited: the timeline's length
//! follows the layers, the pose is evaluated again at once (paused or playing), and the
//! physics hears of it. A weight is an edit of the pose, as a morph pin is (the bake is
//! redone, live bodies carry on); adding, removing, reordering, enabling, offsetting,
//! looping or switching a layer's mode changes the motion (live physics starts again from
//! the current frame, the bake is redone).

use std::path::PathBuf;

use mmd_scene::engine::PhysicsChange;

use super::Player;
use mmd_scene::stage::layers::{LayerEdit, LayerSpec};

impl Player {
    /// Adds each file as a layer at weight 1 to the selected model (see
    /// [`mmd_scene::stage::scene::Scene::add_layers`]). On failure nothing changes and the error is
    /// kept for the interface.
    pub(super) fn add_layers(&mut self, paths: &[PathBuf]) {
        let specs: Vec<LayerSpec> = paths.iter().map(LayerSpec::new).collect();
        let index = self.selected.unwrap_or(usize::MAX);
        match self.scene.add_layers(index, &specs) {
            Ok(opened) => {
                if opened.camera {
                    self.camera.use_motion = true;
                }
                self.playback.set_last_frame(self.scene.last_frame());
                self.error = None;
                self.physics_changed(PhysicsChange::Motion, Some(index));
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Carries out `edit` on the selected model's layer `layer`, when it changes anything.
    pub(super) fn edit_layer(&mut self, layer: usize, edit: LayerEdit) {
        let Some(index) = self.selected else {
            return;
        };
        if !self.scene.actors[index].edit_layer(layer, edit) {
            return;
        }
        self.playback.set_last_frame(self.scene.last_frame());
        let change = match edit {
            LayerEdit::Weight(_) => PhysicsChange::Overrides,
            _ => PhysicsChange::Motion,
        };
        self.physics_changed(change, Some(index));
    }
}
