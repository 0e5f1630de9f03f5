//! The egui interface: menu, timeline, bone tree with IK switches, the model list, motion
//! layers, morph sliders (the panels showing the selected model), the accessories with their
//! settings, and the 3D view (with the skeleton overlay and Pose mode's handles) in the
//! centre, the notices panel, the keys-and-mouse help, the export window, Pose mode's window
//! and its save window, and the in-window file browser. Panels only read the player and
//! return [`Action`]s; [`frame`] hands them to [`Player::apply`], so no widget changes the
//! player by itself and tests can drive the real interface (`egui_kittest`).
//!
//! The side panels can be resized and collapsed to a strip; below [`NARROW`] points they
//! start collapsed, so a small window keeps most of its width for the view.

mod accessory_panel;
mod bone_panel;
pub mod export_panel;
pub mod file_browser;
pub mod fonts;
pub mod help;
mod light_panel;
mod menu;
mod model_panel;
mod morph_panel;
mod motion_panel;
mod notices_panel;
mod pose_handles;
mod pose_panel;
mod timeline;
mod view;

use std::path::Path;

use egui::{Color32, Key, Modifiers, Pos2, Rect, RichText, Ui, Vec2};

use crate::session::Player;
use crate::session::action::Action;
use export_panel::{ExportForm, ExportKind};
use file_browser::{FileBrowser, FilePurpose, Outcome};

/// Window width (points) below which the side panels start collapsed.
pub const NARROW: f32 = 800.0;
/// The largest share of the window's width a side panel may take.
const MAX_SIDE_SHARE: f32 = 0.3;
/// Width of a collapsed side panel's strip: room for its button.
const STRIP_WIDTH: f32 = 36.0;

/// Figures for the status line, measured by the window layer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    pub fps: f32,
    pub render_ms: f32,
}

/// What the interface keeps between frames that is not the player's: text being typed,
/// which panels and windows are open, and layout figures.
pub struct UiState {
    bone_search: String,
    morph_search: String,
    /// The search in the Accessories panel's list of parent bones.
    accessory_bone_search: String,
    frame_text: String,
    /// Where the central view is, in points, from this frame's layout.
    pub view_rect: Rect,
    pub stats: Stats,
    bones_open: bool,
    morphs_open: bool,
    /// Whether the window was narrower than [`NARROW`] at the last frame; `None` before the
    /// first.
    narrow: Option<bool>,
    notices_open: bool,
    help_open: bool,
    /// File → Export's window, while it is open.
    export_form: Option<ExportForm>,
    file_browser: Option<FileBrowser>,
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            bone_search: String::new(),
            morph_search: String::new(),
            accessory_bone_search: String::new(),
            frame_text: String::new(),
            view_rect: Rect::from_min_size(Pos2::ZERO, Vec2::new(1.0, 1.0)),
            stats: Stats::default(),
            bones_open: true,
            morphs_open: true,
            narrow: None,
            notices_open: false,
            help_open: false,
            export_form: None,
            file_browser: None,
        }
    }
}

impl UiState {
    /// Opens the in-window file browser on `folder` for `purpose` (where the system has no
    /// file dialog).
    pub fn browse_files(&mut self, folder: &Path, purpose: FilePurpose) {
        self.file_browser = Some(FileBrowser::new(folder, purpose));
    }

    /// Opens File → Export's window for `kind`, filled in for the scene.
    pub fn open_export(&mut self, kind: ExportKind, player: &Player) {
        self.export_form = Some(ExportForm::new(kind, player));
    }

    /// Whether the in-window file browser is open.
    pub fn browsing_files(&self) -> bool {
        self.file_browser.is_some()
    }
}

const ACCENT: Color32 = Color32::from_rgb(255, 170, 60);
const IK_COLOR: Color32 = Color32::from_rgb(255, 150, 40);
const ERROR_COLOR: Color32 = Color32::from_rgb(255, 110, 110);
const WARNING_COLOR: Color32 = Color32::from_rgb(240, 190, 60);

/// One frame of the interface: brings the pose up to date, lays out every panel from the
/// player's state, then carries out what the user did. The view shows `view_texture` (the
/// renderer's image) when there is one.
pub fn frame(
    ui: &mut Ui,
    state: &mut UiState,
    player: &mut Player,
    view_texture: Option<egui::TextureId>,
) {
    player.update_pose();
    for action in draw(ui, state, player, view_texture) {
        player.apply(action);
    }
    player.update_pose();
}

/// Lays out the whole interface and returns what the user asked for, in order.
pub fn draw(
    ui: &mut Ui,
    state: &mut UiState,
    player: &Player,
    view_texture: Option<egui::TextureId>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    dropped_files(ui, &mut actions);
    shortcuts(ui, state, &mut actions);
    pose_panel::shortcuts(ui, player, &mut actions);
    let width = ui.max_rect().width();
    let narrow = width < NARROW;
    if state.narrow != Some(narrow) {
        state.narrow = Some(narrow);
        state.bones_open = !narrow;
        state.morphs_open = !narrow;
    }
    egui::Panel::top("menu").show(ui, |ui| menu::show(ui, state, player, &mut actions));
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| timeline::show(ui, state, player, &mut actions));
    if state.notices_open {
        let mut open = true;
        egui::Panel::bottom("notices")
            .resizable(true)
            .default_size(140.0)
            .show(ui, |ui| {
                notices_panel::show(ui, player, &mut open, &mut actions)
            });
        state.notices_open = open;
    }
    let max_side = (width * MAX_SIDE_SHARE).max(120.0);
    side_panel(ui, state, Side::Bones, max_side, |ui, state| {
        bone_panel::show(ui, state, player, &mut actions)
    });
    side_panel(ui, state, Side::Morphs, max_side, |ui, state| {
        model_panel::show(ui, player, &mut actions);
        motion_panel::show(ui, player, &mut actions);
        accessory_panel::show(ui, state, player, &mut actions);
        morph_panel::show(ui, state, player, &mut actions)
    });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            view::show(ui, state, player, view_texture, &mut actions)
        });
    if state.help_open {
        help::show(ui.ctx(), &mut state.help_open);
    }
    export_panel::show(ui.ctx(), &mut state.export_form, player, &mut actions);
    pose_panel::show(ui.ctx(), state.view_rect, player, &mut actions);
    if let Some(browser) = state.file_browser.as_mut() {
        match browser.show(ui.ctx()) {
            Outcome::Browsing => {}
            Outcome::Picked(paths) => {
                actions.extend(browser.purpose().action(paths));
                state.file_browser = None;
            }
            Outcome::Closed => state.file_browser = None,
        }
    }
    actions
}

/// The window's title: each model with its motions, and the camera motion.
pub fn window_title(player: &Player) -> String {
    let scene = &player.scene;
    let mut parts = Vec::new();
    for actor in &scene.actors {
        parts.push(actor.model.label.clone());
        let layers = actor.layer_sources();
        if !layers.is_empty() {
            let motions: Vec<&str> = layers.iter().map(|l| l.label.as_str()).collect();
            parts.push(motions.join(", "));
        }
    }
    if parts.is_empty() {
        parts.push("no model".to_owned());
    }
    if let Some(label) = scene.camera_label() {
        parts.push(format!("camera {label}"));
    }
    format!("{} — mmd-player", parts.join(" · "))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Bones,
    Morphs,
}

impl Side {
    fn title(self) -> &'static str {
        match self {
            Side::Bones => "Bones",
            Side::Morphs => "Morphs",
        }
    }

    /// The arrows of the collapse and expand buttons: each points the way the panel moves.
    fn arrows(self) -> (&'static str, &'static str) {
        match self {
            Side::Bones => ("⏴", "⏵"),
            Side::Morphs => ("⏵", "⏴"),
        }
    }

    fn panel(self, id: &'static str) -> egui::Panel {
        match self {
            Side::Bones => egui::Panel::left(id),
            Side::Morphs => egui::Panel::right(id),
        }
    }

    fn open(self, state: &mut UiState) -> &mut bool {
        match self {
            Side::Bones => &mut state.bones_open,
            Side::Morphs => &mut state.morphs_open,
        }
    }
}

/// A side panel that can be resized (up to `max_size`) and collapsed to a strip holding the
/// button that opens it again; `contents` fills it when open.
fn side_panel(
    ui: &mut Ui,
    state: &mut UiState,
    side: Side,
    max_size: f32,
    contents: impl FnOnce(&mut Ui, &mut UiState),
) {
    let (ids, default_size) = match side {
        Side::Bones => (("bones strip", "bones"), 270.0_f32),
        Side::Morphs => (("morphs strip", "morphs"), 240.0),
    };
    let strip = side
        .panel(ids.0)
        .resizable(false)
        .exact_size(STRIP_WIDTH)
        .frame(egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::symmetric(3, 6)));
    let full = side
        .panel(ids.1)
        .default_size(default_size.min(max_size))
        .min_size(140.0_f32.min(max_size))
        .max_size(max_size);
    let (collapse, expand) = side.arrows();
    let mut open = *side.open(state);
    let mut toggled = false;
    egui::Panel::show_switched(ui, &mut open, strip, full, |ui, expanded| {
        let name = side.title();
        if expanded {
            ui.horizontal(|ui| {
                ui.heading(name);
                let hide = format!("Hide the {} panel", name.to_lowercase());
                if named_button(ui, collapse, &hide).clicked() {
                    toggled = true;
                }
            });
            contents(ui, state);
        } else {
            let show = format!("Show the {} panel", name.to_lowercase());
            if named_button(ui, expand, &show).clicked() {
                toggled = true;
            }
        }
    });
    *side.open(state) = open != toggled;
}

/// A small button showing `icon`, named `name` for screen readers (and tests) and on hover.
fn named_button(ui: &mut Ui, icon: &str, name: &str) -> egui::Response {
    let button = ui.small_button(RichText::new(icon));
    button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    button.on_hover_text(name)
}

/// Files dropped on the window open as a batch (a model with its motions); with Shift held
/// they are added as motion layers instead.
fn dropped_files(ui: &Ui, actions: &mut Vec<Action>) {
    let (paths, as_layers): (Vec<_>, bool) = ui.input(|i| {
        let paths = i.raw.dropped_files.iter();
        (
            paths.map(|f| f.path().to_path_buf()).collect(),
            i.modifiers.shift,
        )
    });
    if !paths.is_empty() {
        actions.push(if as_layers {
            Action::AddLayers(paths)
        } else {
            Action::Open(paths)
        });
    }
}

fn shortcuts(ui: &Ui, state: &mut UiState, actions: &mut Vec<Action>) {
    if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Q)) {
        actions.push(Action::Quit);
    }
    if ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    // Esc closes what is open over the view first (a menu, the help, the file browser,
    // which handles its own), and only then deselects.
    if ui.input(|i| i.key_pressed(Key::Escape)) && !egui::Popup::is_any_open(ui.ctx()) {
        if state.help_open {
            state.help_open = false;
        } else if state.file_browser.is_none() {
            actions.push(Action::Deselect);
        }
    }
    let keys = [
        (Key::Space, Action::TogglePlay),
        (Key::ArrowRight, Action::Step(1)),
        (Key::ArrowLeft, Action::Step(-1)),
        (Key::Home, Action::JumpToStart),
        (Key::End, Action::JumpToEnd),
        (Key::R, Action::ResetCamera),
        (Key::P, Action::ResetPhysics),
    ];
    for (key, action) in keys {
        if ui.input(|i| i.key_pressed(key)) {
            actions.push(action);
        }
    }
}
