//! Help → Keys and mouse: the controls, as the window guide's table (`docs/window.md`) lists
//! them in English (a test keeps the two the same).

use std::borrow::Cow;

use egui::{RichText, Ui};
use rust_i18n::t;

/// Each input and what it does, in the interface's language; a key's name reads the same in
/// every language.
pub fn controls() -> [(Cow<'static, str>, Cow<'static, str>); 18] {
    [
        ("Space".into(), t!("help.play")),
        ("← / →".into(), t!("help.step")),
        ("Home / End".into(), t!("help.ends")),
        (t!("help.orbit_drag"), t!("help.orbit")),
        (t!("help.middle_drag"), t!("help.pan")),
        (t!("help.wheel"), t!("help.zoom")),
        ("2 / 8 / 4 / 6 / 5".into(), t!("help.look_from")),
        (t!("help.click"), t!("help.select")),
        ("Esc".into(), t!("help.deselect")),
        ("R".into(), t!("help.reset_camera")),
        ("P".into(), t!("help.reset_physics")),
        ("Ctrl+O".into(), t!("help.open")),
        ("Ctrl+S / Ctrl+Shift+S".into(), t!("help.save_project")),
        ("Ctrl+Q".into(), t!("help.quit")),
        (t!("help.drag_handle"), t!("help.move_handle")),
        (t!("help.depth_drag_handle"), t!("help.move_handle_depth")),
        (t!("help.right_click_handle"), t!("help.pin_handle")),
        ("Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z".into(), t!("help.undo_redo")),
    ]
}

/// The controls window; `open` turns false when the user closes it.
pub(super) fn show(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new(t!("menu.keys_and_mouse"))
        .open(open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, table);
}

fn table(ui: &mut Ui) {
    egui::Grid::new("controls")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            ui.label(RichText::new(t!("help.input")).strong());
            ui.label(RichText::new(t!("help.action")).strong());
            ui.end_row();
            for (input, action) in controls() {
                ui.monospace(input);
                ui.label(action);
                ui.end_row();
            }
        });
}
