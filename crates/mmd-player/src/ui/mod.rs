//! The egui interface: menu, timeline, bone tree with IK switches, motion layers, morph
//! sliders and the 3D view (with the skeleton overlay) in the centre. Panels only read the
//! player and return [`Action`]s; [`frame`] hands them to [`Player::apply`], so no widget
//! changes the player by itself and tests can drive the real interface (`egui_kittest`).

mod bone_panel;
mod menu;
mod morph_panel;
mod motion_panel;
mod timeline;
mod view;

use egui::{Color32, Key, Ui, Vec2};

use crate::action::Action;
use crate::player::Player;

/// Figures for the status line, measured by the window layer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    pub fps: f32,
    pub render_ms: f32,
}

/// What the interface keeps between frames that is not the player's: text being typed and
/// layout figures.
pub struct UiState {
    bone_search: String,
    morph_search: String,
    frame_text: String,
    /// The central view's size in points, from this frame's layout.
    pub view_size: Vec2,
    pub stats: Stats,
}

impl Default for UiState {
    fn default() -> UiState {
        UiState {
            bone_search: String::new(),
            morph_search: String::new(),
            frame_text: String::new(),
            view_size: Vec2::new(1.0, 1.0),
            stats: Stats::default(),
        }
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
    shortcuts(ui, &mut actions);
    egui::Panel::top("menu").show(ui, |ui| menu::show(ui, player, &mut actions));
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| timeline::show(ui, state, player, &mut actions));
    egui::Panel::left("bones")
        .default_size(270.0)
        .show(ui, |ui| bone_panel::show(ui, state, player, &mut actions));
    egui::Panel::right("morphs")
        .default_size(220.0)
        .show(ui, |ui| {
            motion_panel::show(ui, player, &mut actions);
            morph_panel::show(ui, state, player, &mut actions);
        });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            view::show(ui, state, player, view_texture, &mut actions)
        });
    actions
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

fn shortcuts(ui: &Ui, actions: &mut Vec<Action>) {
    if ui.ctx().egui_wants_keyboard_input() {
        return;
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
