//! Help → Keys and mouse: the controls, as the window guide's table (`docs/window.md`) lists
//! them (a test keeps the two the same).

use egui::{RichText, Ui};

/// Each input and what it does.
pub const CONTROLS: [(&str, &str); 15] = [
    ("Space", "play / pause"),
    ("← / →", "previous / next frame"),
    ("Home / End", "first / last frame"),
    ("left drag", "orbit"),
    ("middle drag, shift + left drag", "pan"),
    ("wheel", "zoom"),
    (
        "click",
        "select the bone under the pointer (skeleton shown), or deselect",
    ),
    ("Esc", "deselect the bone"),
    ("R", "reset the camera"),
    (
        "P",
        "reset physics (Live: start again from this frame; Baked: bake again)",
    ),
    ("Ctrl+Q", "quit"),
    ("drag a handle", "Pose mode: move it in the view's plane"),
    (
        "Ctrl or Alt + drag a handle",
        "Pose mode: up / down moves it farther / nearer",
    ),
    ("right-click a handle", "Pose mode: pin or free it"),
    (
        "Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z",
        "Pose mode: undo / redo a pose edit",
    ),
];

/// The controls window; `open` turns false when the user closes it.
pub(super) fn show(ctx: &egui::Context, open: &mut bool) {
    egui::Window::new("Keys and mouse")
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
            ui.label(RichText::new("input").strong());
            ui.label(RichText::new("action").strong());
            ui.end_row();
            for (input, action) in CONTROLS {
                ui.monospace(input);
                ui.label(action);
                ui.end_row();
            }
        });
}
