//! The Accessories panel as the player carries it out: which accessory the panel shows, MMD's
//! settings of one (place, Si, Tr, AD, shadow, the bone holding it), taking one off the stage
//! and saving its settings as a `.vac`. Accessories are drawn from the scene as it stands at
//! each frame and take no part in posing or physics, so none of this re-poses, restarts or
//! re-bakes anything.

use std::path::Path;

use mmd_format::vac;
use mmd_scene::stage::accessory::{Accessory, AccessoryEdit};

use super::Player;
use super::message::Message;
use super::notices::Notice;

/// The file an accessory's notices name: its `.x`, as the user knows it.
fn accessory_file(accessory: &Accessory) -> String {
    accessory.file.display().to_string()
}

/// What reading `accessory` repaired or could not honour, as notices; each is also logged,
/// as a model's warnings are.
pub(super) fn accessory_notices(accessory: &Accessory) -> Vec<Notice> {
    accessory
        .warnings
        .iter()
        .map(|w| {
            log::warn!("{}: {w}", accessory.label);
            Notice::warning(accessory_file(accessory), w)
        })
        .collect()
}

impl Player {
    /// The accessory the Accessories panel shows and edits.
    pub fn selected_accessory(&self) -> Option<usize> {
        self.selected_accessory
    }

    /// Lists the warnings of the accessories just opened (`indices` into the scene's) and
    /// selects the last of them, so the panel shows what was opened.
    pub(super) fn accessories_opened(&mut self, indices: &[usize]) {
        for &index in indices {
            if let Some(accessory) = self.scene.accessories.get(index) {
                for notice in accessory_notices(accessory) {
                    self.notices.push(notice);
                }
            }
        }
        if let Some(&last) = indices.last() {
            self.selected_accessory = Some(last);
        }
    }

    pub(super) fn select_accessory(&mut self, index: usize) {
        if index < self.scene.accessories.len() {
            self.selected_accessory = Some(index);
        }
    }

    /// Carries out `edit` on accessory `index`; what cannot be done (a bone the model lacks,
    /// a model that is gone) is shown as the error and listed as a notice.
    pub(super) fn edit_accessory(&mut self, index: usize, edit: AccessoryEdit) {
        let Some(accessory) = self.scene.accessories.get_mut(index) else {
            return;
        };
        if edit == AccessoryEdit::DropKeys {
            // It stays where its keys have it at the frame shown.
            accessory.settle_at(self.playback.frame());
        }
        if let Err(message) = accessory.edit(edit, &self.scene.actors) {
            let message = Message::AccessoryFailed {
                accessory: accessory.label.clone(),
                error: message.to_string(),
            };
            let file = accessory_file(accessory);
            let message = self.text(&message);
            self.fail(&file, message);
        }
    }

    /// Takes accessory `index` off the stage; the selection stays on the same accessory, or
    /// moves to the one after (else before) the removed one.
    pub(super) fn remove_accessory(&mut self, index: usize) {
        if !self.scene.remove_accessory(index) {
            return;
        }
        let count = self.scene.accessories.len();
        self.selected_accessory = match self.selected_accessory {
            _ if count == 0 => None,
            Some(s) if s > index => Some(s - 1),
            Some(s) => Some(s.min(count - 1)),
            None => Some(0),
        };
    }

    /// Writes accessory `index`'s settings as a `.vac` at `path`, its `.x` named relative to
    /// the `.vac`'s folder where it can be; a file that cannot be written is an error.
    pub(super) fn save_accessory_vac(&mut self, index: usize, path: &Path) {
        let Some(accessory) = self.scene.accessories.get(index) else {
            return;
        };
        let folder = path.parent().unwrap_or(Path::new(""));
        let bytes = vac::write(&accessory.to_vac(folder));
        match std::fs::write(path, bytes) {
            Ok(()) => log::info!("saved {} as {}", accessory.label, path.display()),
            Err(e) => {
                let message = self.text(&Message::VacNotWritten {
                    accessory: accessory.label.clone(),
                    path: path.display().to_string(),
                    error: e.to_string(),
                });
                self.fail(&path.display().to_string(), message);
            }
        }
    }
}
