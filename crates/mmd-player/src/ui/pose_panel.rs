//! Pose mode's controls: the Edit menu (Pose mode, undo, redo, reset, key), File → Save
//! pose… / Save motion… with their small window taking a typed path (no system dialog is
//! needed), the "Pose mode" window over the view (pins, undo and redo, key, save, the last
//! solve's time), the menu bar's indication, and Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z.

use std::path::{Path, PathBuf};

use egui::{Id, Key, Modifiers, RichText, Ui};
use mmd_pose::Handle;
use rust_i18n::t;

use super::pose_handles::{handle_color, handle_name};
use super::{ACCENT, ERROR_COLOR};
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_session::Player;
use mmd_session::action::Action;

/// Which file the save window writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SaveKind {
    Pose,
    Motion,
}

/// The save window's state, kept in egui's memory while it is open.
#[derive(Debug, Clone)]
struct SaveForm {
    kind: SaveKind,
    path: String,
}

/// The Pose mode window's width, in points.
const PANEL_WIDTH: f32 = 230.0;

fn form_id() -> Id {
    Id::unique("pose save form")
}

fn pose_action(actions: &mut Vec<Action>, action: PoseAction) {
    actions.push(Action::Pose(action));
}

/// The Edit menu.
pub(super) fn edit_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let mut on = player.pose_mode();
    if ui
        .checkbox(&mut on, t!("pose.mode"))
        .on_hover_text(t!("pose.mode_hint"))
        .changed()
    {
        pose_action(actions, PoseAction::SetMode(on));
        ui.close();
    }
    let editor = player.pose_editor();
    let items = [
        (
            t!("pose.undo_edit"),
            "Ctrl+Z",
            editor.is_some_and(|e| e.can_undo()),
            PoseAction::Undo,
        ),
        (
            t!("pose.redo_edit"),
            "Ctrl+Y",
            editor.is_some_and(|e| e.can_redo()),
            PoseAction::Redo,
        ),
        (
            t!("pose.reset_edit"),
            "",
            editor.is_some_and(|e| e.is_edited()),
            PoseAction::Reset,
        ),
        (
            t!("pose.key"),
            "",
            editor.is_some() && player.key_frame().is_ok(),
            PoseAction::Key,
        ),
    ];
    for (label, shortcut, enabled, action) in items {
        if ui
            .add_enabled(enabled, egui::Button::new(label).shortcut_text(shortcut))
            .clicked()
        {
            pose_action(actions, action);
            ui.close();
        }
    }
}

/// File → Save pose… and Save motion…: they open the save window.
pub(super) fn file_menu_items(ui: &mut Ui, player: &Player) {
    let pose = ui
        .add_enabled(player.pose_mode(), egui::Button::new(t!("pose.save_pose")))
        .on_hover_text(t!("pose.save_pose_hint"))
        .on_disabled_hover_text(t!("pose.save_pose_disabled"));
    if pose.clicked() {
        open_save_form(ui, player, SaveKind::Pose);
        ui.close();
    }
    let motion = ui
        .add_enabled(
            player.has_edited_motion(),
            egui::Button::new(t!("pose.save_motion")),
        )
        .on_hover_text(t!("pose.save_motion_hint"))
        .on_disabled_hover_text(t!("pose.save_motion_disabled"));
    if motion.clicked() {
        open_save_form(ui, player, SaveKind::Motion);
        ui.close();
    }
}

fn open_save_form(ui: &Ui, player: &Player, kind: SaveKind) {
    let folder = player.recent_files().folder();
    let actor = player.actor();
    let path = match kind {
        SaveKind::Pose => {
            let file = actor.map_or("model", |a| a.model.file.as_str());
            default_save_path(folder, file, " pose.vpd")
        }
        SaveKind::Motion => {
            let name = actor
                .and_then(|a| a.layer_sources().first())
                .map_or("motion", |l| l.label.as_str());
            default_save_path(folder, name, " edited.vmd")
        }
    };
    let form = SaveForm {
        kind,
        path: path.display().to_string(),
    };
    ui.ctx().data_mut(|d| d.insert_temp(form_id(), form));
}

/// The menu bar's indication that Pose mode is on.
pub(super) fn status(ui: &mut Ui, player: &Player) {
    if let Some(editor) = player.pose_editor() {
        ui.label(
            RichText::new(t!("pose.status", frame = editor.frame()))
                .color(ACCENT)
                .strong(),
        );
    }
}

/// Undo and redo keys, in Pose mode, while no text field takes the keyboard.
pub(super) fn shortcuts(ui: &Ui, player: &Player, actions: &mut Vec<Action>) {
    if !player.pose_mode() || ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    let redo = ui.input_mut(|i| {
        i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
            || i.consume_key(Modifiers::COMMAND, Key::Y)
    });
    if redo {
        pose_action(actions, PoseAction::Redo);
    } else if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Z)) {
        pose_action(actions, PoseAction::Undo);
    }
}

/// The Pose mode window (while Pose mode is on) and the save window (while open).
pub(super) fn show(
    ctx: &egui::Context,
    view_rect: egui::Rect,
    player: &Player,
    actions: &mut Vec<Action>,
) {
    save_window(ctx, player, actions);
    let Some(editor) = player.pose_editor() else {
        return;
    };
    // Narrow, in the view's top-left corner, so that it leaves the figure (in the middle)
    // and its handles free.
    egui::Window::new(t!("pose.mode"))
        .default_pos(view_rect.left_top() + egui::vec2(12.0, 12.0))
        .default_width(PANEL_WIDTH)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.set_max_width(PANEL_WIDTH);
            ui.label(t!("pose.frame", frame = editor.frame()));
            ui.label(RichText::new(t!("pose.how_to")).small());
            ui.separator();
            ui.label(t!("pose.pinned"));
            egui::Grid::new("pose pins").num_columns(2).show(ui, |ui| {
                let present = Handle::ALL
                    .into_iter()
                    .filter(|&h| editor.handles().any(|(x, _)| x == h));
                for (i, handle) in present.enumerate() {
                    let mut pinned = editor.is_pinned(handle);
                    let name = handle_name(handle);
                    let text =
                        RichText::new(t!("pose.pin", name = name)).color(handle_color(handle));
                    if ui.checkbox(&mut pinned, text).changed() {
                        pose_action(actions, PoseAction::SetPin { handle, pinned });
                    }
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                let buttons = [
                    (t!("pose.undo"), editor.can_undo(), PoseAction::Undo),
                    (t!("pose.redo"), editor.can_redo(), PoseAction::Redo),
                    (t!("pose.reset"), editor.is_edited(), PoseAction::Reset),
                ];
                for (label, enabled, action) in buttons {
                    if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                        pose_action(actions, action);
                    }
                }
            });
            let key_frame = player.key_frame();
            let key = ui
                .add_enabled(key_frame.is_ok(), egui::Button::new(t!("pose.key")))
                .on_hover_text(t!("pose.key_hint"));
            if let Err(why) = &key_frame {
                key.on_disabled_hover_text(crate::i18n::text(why));
            } else if key.clicked() {
                pose_action(actions, PoseAction::Key);
            }
            ui.horizontal(|ui| {
                if ui.button(t!("pose.save_pose")).clicked() {
                    open_save_form(ui, player, SaveKind::Pose);
                }
                if ui
                    .add_enabled(
                        player.has_edited_motion(),
                        egui::Button::new(t!("pose.save_motion")),
                    )
                    .clicked()
                {
                    open_save_form(ui, player, SaveKind::Motion);
                }
            });
            if ui.button(t!("pose.leave")).clicked() {
                pose_action(actions, PoseAction::SetMode(false));
            }
            if let Some(solve) = editor.last_solve() {
                ui.label(
                    RichText::new(t!(
                        "pose.last_solve",
                        ms = solve.micros / 1000.0 : {:.2},
                        iterations = solve.iterations,
                        distance = solve.residual : {:.4}
                    ))
                    .weak()
                    .small(),
                );
            }
            if let Some(outcome) = player.pose_outcome() {
                ui.label(RichText::new(outcome).small());
            }
            ui.label(RichText::new(t!("pose.unsaved_note")).weak().small());
        });
}

/// The window taking the path to save to.
fn save_window(ctx: &egui::Context, player: &Player, actions: &mut Vec<Action>) {
    let Some(mut form) = ctx.data(|d| d.get_temp::<SaveForm>(form_id())) else {
        return;
    };
    let title = match form.kind {
        SaveKind::Pose => t!("pose.save_pose_title"),
        SaveKind::Motion => t!("pose.save_motion_title"),
    };
    let mut open = true;
    let mut done = false;
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label(t!("pose.save_to"));
                ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(360.0))
                    .labelled_by(label.id);
            });
            let path = PathBuf::from(form.path.trim());
            let problem = if form.path.trim().is_empty() {
                Some(t!("pose.no_path"))
            } else if form.kind == SaveKind::Pose && !player.pose_mode() {
                Some(t!("pose.mode_off"))
            } else {
                None
            };
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(problem.is_none(), egui::Button::new(t!("pose.save")))
                    .clicked()
                {
                    let action = match form.kind {
                        SaveKind::Pose => PoseAction::SavePose(path),
                        SaveKind::Motion => PoseAction::SaveMotion(path),
                    };
                    pose_action(actions, action);
                    done = true;
                }
                if let Some(problem) = problem {
                    ui.label(RichText::new(problem).color(ERROR_COLOR));
                }
            });
        });
    ctx.data_mut(|d| {
        if open && !done {
            d.insert_temp(form_id(), form);
        } else {
            d.remove::<SaveForm>(form_id());
        }
    });
}

/// Where the pose or motion is saved unless the user types another path: beside `folder`,
/// named after `name` with `suffix`.
fn default_save_path(folder: Option<&Path>, name: &str, suffix: &str) -> PathBuf {
    let folder = folder
        .map(Path::to_path_buf)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let stem = Path::new(name).file_stem().map_or_else(
        || "mmd-player".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    folder.join(format!("{stem}{suffix}"))
}
