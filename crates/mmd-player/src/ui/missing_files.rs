//! The "Missing files" window: each file of the project that did not open, with what it was
//! for and a "Locate…" button that asks where it is now. It opens by itself when a project
//! brings missing files, and again from the error banner or the notices panel.

use egui::RichText;
use mmd_scene::project::locate::MissingKind;
use rust_i18n::t;

use super::WARNING_COLOR;
use mmd_session::Player;
use mmd_session::action::Action;

/// The window, while `open` and files are missing.
pub(super) fn show(
    ctx: &egui::Context,
    open: &mut bool,
    player: &Player,
    actions: &mut Vec<Action>,
) {
    let missing = player.missing_files();
    if missing.is_empty() {
        *open = false;
    }
    if !*open {
        return;
    }
    egui::Window::new(t!("missing.title"))
        .id(egui::Id::unique("missing files"))
        .open(open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(t!("missing.hint"));
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for (i, file) in missing.iter().enumerate() {
                        if i > 0 {
                            ui.separator();
                        }
                        // The button first: the path below wraps in the whole width, however
                        // long (MMD's absolute Windows paths are).
                        ui.horizontal(|ui| {
                            let button = ui
                                .button(t!("missing.locate"))
                                .on_hover_text(t!("missing.locate_hint"));
                            if button.clicked() {
                                actions.push(Action::LocateMissingDialog(file.part));
                            }
                            ui.colored_label(WARNING_COLOR, kind_label(file.part.kind()));
                        });
                        ui.add(egui::Label::new(RichText::new(&file.written).monospace()).wrap());
                    }
                });
        });
}

/// What the missing file was for, in the interface's language.
fn kind_label(kind: MissingKind) -> std::borrow::Cow<'static, str> {
    match kind {
        MissingKind::Model => t!("missing.kind_model"),
        MissingKind::Motion => t!("missing.kind_motion"),
        MissingKind::Camera => t!("missing.kind_camera"),
        MissingKind::Light => t!("missing.kind_light"),
        MissingKind::SelfShadow => t!("missing.kind_self_shadow"),
        MissingKind::Accessory => t!("missing.kind_accessory"),
        MissingKind::Music => t!("missing.kind_music"),
    }
}
