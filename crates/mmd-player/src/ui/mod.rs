//! The egui interface: menu, timeline, bone tree with IK switches, the model list, motion
//! layers, morph sliders (the panels showing the selected model), the accessories with their
//! settings, and the 3D view (with the skeleton overlay and Pose mode's handles) in the
//! centre, the notices panel, the keys-and-mouse help, the export window, Pose mode's window
//! and its save window, and the in-window file browser. Panels only read the player and
//! return [`Action`]s; [`frame`] hands them to [`Player::apply`], so no widget changes the
//! player by itself and tests can drive the real interface (`egui_kittest`).
//!
//! The side panels can be resized and collapsed to a strip; they start at a share of the
//! window's width (the view keeps most of it), and below [`NARROW`] points they start
//! collapsed. The left panel holds the bones; the right one the scene: models, motions,
//! accessories and morphs. The last error shows over the top of the view, so nothing moves
//! when it comes or goes.

mod accessory_panel;
mod bone_panel;
pub mod export_panel;
pub mod file_browser;
pub mod fonts;
pub mod help;
mod light_panel;
mod menu;
mod missing_files;
mod model_panel;
mod morph_panel;
mod motion_panel;
mod notices_panel;
mod outside_parent_panel;
mod pose_handles;
mod pose_panel;
mod project_dialog;
mod timeline;
mod view;

use std::borrow::Cow;
use std::path::Path;

use egui::{Color32, Key, Modifiers, Pos2, Rect, RichText, Ui, Vec2};
use rust_i18n::t;
use serde::{Deserialize, Serialize};

use export_panel::{ExportForm, ExportKind};
use file_browser::{FileBrowser, FilePurpose, Outcome};
use mmd_session::Player;
use mmd_session::action::Action;
use mmd_session::orbit::ViewSide;

/// Window width (points) below which the side panels start collapsed.
pub const NARROW: f32 = 800.0;
/// The largest share of the window's width a side panel may take.
const MAX_SIDE_SHARE: f32 = 0.3;
/// The share of the window's width a side panel starts at, within [`START_SIDE_WIDTHS`].
const START_SIDE_SHARE: f32 = 0.18;
/// The narrowest and widest a side panel starts: the narrowest keeps a morph's name, slider and
/// weight on one line; the widest leaves a large window's extra room to the view.
const START_SIDE_WIDTHS: (f32, f32) = (200.0, 260.0);
/// The height the right panel keeps for the morphs' header, search and first rows.
const MORPHS_ROOM: f32 = 150.0;
/// The share of the right panel's height the sections above the morphs may always take.
const MIN_UPPER_SHARE: f32 = 0.35;
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
    scene_open: bool,
    /// The side panels' widths as the user left them (kept between runs).
    panel_widths: PanelWidths,
    /// Whether the window was narrower than [`NARROW`] at the last frame; `None` before the
    /// first.
    narrow: Option<bool>,
    notices_open: bool,
    /// The "Missing files" window.
    missing_open: bool,
    /// How many files of the project were missing at the last frame: more open the window.
    missing_seen: usize,
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
            scene_open: true,
            panel_widths: PanelWidths::default(),
            narrow: None,
            notices_open: false,
            missing_open: false,
            missing_seen: 0,
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

    /// The side panels' widths, as last shown open.
    pub fn panel_widths(&self) -> PanelWidths {
        self.panel_widths
    }

    /// The widths the side panels start at (before they are first laid out).
    pub fn set_panel_widths(&mut self, widths: PanelWidths) {
        self.panel_widths = widths;
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
        state.scene_open = !narrow;
    }
    egui::Panel::top("menu").show(ui, |ui| menu::show(ui, state, player, &mut actions));
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| timeline::show(ui, state, player, &mut actions));
    // A project opened with missing files (more than before) lists them at once.
    let missing = player.missing_files().len();
    if missing > state.missing_seen {
        state.missing_open = true;
    }
    state.missing_seen = missing;
    if state.notices_open {
        let mut open = true;
        egui::Panel::bottom("notices")
            .resizable(true)
            .default_size(140.0)
            .show(ui, |ui| {
                notices_panel::show(ui, player, &mut open, &mut state.missing_open, &mut actions)
            });
        state.notices_open = open;
    }
    let max_side = (width * MAX_SIDE_SHARE).max(120.0);
    let start_side = (width * START_SIDE_SHARE).clamp(START_SIDE_WIDTHS.0, START_SIDE_WIDTHS.1);
    let sizes = (start_side, max_side);
    side_panel(ui, state, Side::Bones, sizes, |ui, state| {
        bone_panel::show(ui, state, player, &mut actions)
    });
    side_panel(ui, state, Side::Scene, sizes, |ui, state| {
        // The models, motions and accessories scroll together above the morphs, leaving the
        // morphs room for their search and a few rows however short the window.
        let room = ui.available_height();
        let upper = (room - MORPHS_ROOM).max(room * MIN_UPPER_SHARE);
        egui::ScrollArea::vertical()
            .id_salt("scene sections")
            .max_height(upper)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                model_panel::show(ui, player, &mut actions);
                motion_panel::show(ui, player, &mut actions);
                accessory_panel::show(ui, state, player, &mut actions);
            });
        morph_panel::show(ui, state, player, &mut actions)
    });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            view::show(ui, state, player, view_texture, &mut actions)
        });
    notices_panel::error_banner(
        ui.ctx(),
        state.view_rect,
        player,
        &mut state.missing_open,
        &mut actions,
    );
    missing_files::show(ui.ctx(), &mut state.missing_open, player, &mut actions);
    if state.help_open {
        help::show(ui.ctx(), &mut state.help_open);
    }
    export_panel::show(ui.ctx(), &mut state.export_form, player, &mut actions);
    pose_panel::show(ui.ctx(), state.view_rect, player, &mut actions);
    project_dialog::show(ui.ctx(), player, &mut actions);
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

/// The window's title: the project's name (marked `*` while it has unsaved changes), each
/// model with its motions, and the camera motion.
pub fn window_title(player: &Player) -> String {
    let mut title = String::new();
    write_window_title(player, &mut title);
    title
}

/// [`window_title`], written into `out` (emptied first). The window writes it every frame
/// into the same string, so that an unchanged title costs no allocation.
pub fn write_window_title(player: &Player, out: &mut String) {
    out.clear();
    let scene = &player.scene;
    if let Some(name) = player.project_name() {
        out.push_str(&name);
        if player.project_modified() {
            out.push('*');
        }
        out.push_str(" — ");
    }
    let mut first = true;
    let mut separate = |out: &mut String| {
        if !std::mem::take(&mut first) {
            out.push_str(" · ");
        }
    };
    for actor in &scene.actors {
        separate(out);
        out.push_str(&actor.model.label);
        for (i, layer) in actor.layer_sources().iter().enumerate() {
            out.push_str(if i == 0 { " · " } else { ", " });
            out.push_str(&layer.label);
        }
    }
    if scene.actors.is_empty() {
        separate(out);
        out.push_str(&t!("window.no_model"));
    }
    if let Some(label) = scene.camera_label() {
        separate(out);
        // The translation without its label filled in (no formatting, so no allocation),
        // then the label where it says.
        let template = t!("window.camera");
        match template.split_once("%{label}") {
            Some((before, after)) => {
                out.push_str(before);
                out.push_str(label);
                out.push_str(after);
            }
            None => out.push_str(&template),
        }
    }
    out.push_str(" — mmd-player");
}

/// The side panels' widths in points, as the user left them; `None` for the default width.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct PanelWidths {
    /// The left panel (Bones).
    pub bones: Option<f32>,
    /// The right panel (Scene: models, motions, accessories, morphs).
    pub scene: Option<f32>,
}

/// The left panel (bones) or the right one (the scene: models, motions, accessories and
/// morphs).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Bones,
    Scene,
}

impl Side {
    fn title(self) -> Cow<'static, str> {
        match self {
            Side::Bones => t!("bones.title"),
            Side::Scene => t!("side.scene"),
        }
    }

    /// The names of the buttons that hide and show the panel.
    fn hide_and_show(self) -> (Cow<'static, str>, Cow<'static, str>) {
        match self {
            Side::Bones => (t!("side.hide_bones"), t!("side.show_bones")),
            Side::Scene => (t!("side.hide_scene"), t!("side.show_scene")),
        }
    }

    /// The arrows of the collapse and expand buttons: each points the way the panel moves.
    fn arrows(self) -> (&'static str, &'static str) {
        match self {
            Side::Bones => ("⏴", "⏵"),
            Side::Scene => ("⏵", "⏴"),
        }
    }

    fn panel(self, id: &'static str) -> egui::Panel {
        match self {
            Side::Bones => egui::Panel::left(id),
            Side::Scene => egui::Panel::right(id),
        }
    }

    fn open(self, state: &mut UiState) -> &mut bool {
        match self {
            Side::Bones => &mut state.bones_open,
            Side::Scene => &mut state.scene_open,
        }
    }

    fn width(self, state: &mut UiState) -> &mut Option<f32> {
        match self {
            Side::Bones => &mut state.panel_widths.bones,
            Side::Scene => &mut state.panel_widths.scene,
        }
    }
}

/// A side panel that starts `start_size` wide (or as wide as the user left it), can be
/// resized up to `max_size` and collapsed to a strip holding the button that opens it again;
/// `contents` fills it when open.
fn side_panel(
    ui: &mut Ui,
    state: &mut UiState,
    side: Side,
    (default_size, max_size): (f32, f32),
    contents: impl FnOnce(&mut Ui, &mut UiState),
) {
    let ids = match side {
        Side::Bones => ("bones strip", "bones"),
        Side::Scene => ("scene strip", "scene"),
    };
    let strip = side
        .panel(ids.0)
        .resizable(false)
        .exact_size(STRIP_WIDTH)
        .frame(egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::symmetric(3, 6)));
    let min_size = 140.0_f32.min(max_size);
    let start_size = side.width(state).unwrap_or(default_size);
    let full = side
        .panel(ids.1)
        .default_size(start_size.clamp(min_size, max_size))
        .min_size(min_size)
        .max_size(max_size);
    let (collapse, expand) = side.arrows();
    let mut open = *side.open(state);
    let mut toggled = false;
    let mut shown_open = false;
    let panel = egui::Panel::show_switched(ui, &mut open, strip, full, |ui, expanded| {
        shown_open = expanded;
        let (hide, show) = side.hide_and_show();
        if expanded {
            // Scroll bars beside the rows rather than over their right end.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            ui.horizontal(|ui| {
                ui.heading(side.title());
                if named_button(ui, collapse, &hide).clicked() {
                    toggled = true;
                }
            });
            contents(ui, state);
        } else if named_button(ui, expand, &show).clicked() {
            toggled = true;
        }
    });
    *side.open(state) = open != toggled;
    if shown_open && open && !toggled {
        *side.width(state) = Some(panel.response.rect.width());
    }
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
    if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::O)) {
        actions.push(Action::OpenDialog);
    }
    // Ctrl+Shift+S before Ctrl+S, which would take it too.
    if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::S)) {
        actions.push(Action::SaveProjectAsDialog);
    }
    if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::S)) {
        actions.push(Action::SaveProject);
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
    let view_keys = VIEW_KEYS.map(|(key, side)| (key, Action::LookFrom(side)));
    for (key, action) in keys.into_iter().chain(view_keys) {
        if ui.input(|i| i.key_pressed(key)) {
            actions.push(action);
        }
    }
}

/// MMD's view keys, laid out as the numeric keypad (either row of digits works): the free
/// camera looks from each side.
const VIEW_KEYS: [(Key, ViewSide); 5] = [
    (Key::Num2, ViewSide::Front),
    (Key::Num8, ViewSide::Back),
    (Key::Num4, ViewSide::Left),
    (Key::Num6, ViewSide::Right),
    (Key::Num5, ViewSide::Top),
];
