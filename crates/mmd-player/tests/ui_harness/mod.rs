//! The player's interface driven as the window drives it, through egui_kittest: the player
//! and the interface's state, a harness laid out at the window's start size, and the
//! clicks and file drops the tests make.
// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mmd_player::ui::{self, UiState};
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;

/// What the window holds: the player and the interface's own state.
pub struct App {
    pub player: Player,
    pub ui: UiState,
}

impl App {
    /// The player for `scene`, paused at `frame`.
    pub fn new(scene: Scene, frame: f32) -> App {
        let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
        player.apply(Action::Seek(frame));
        App {
            player,
            ui: UiState::default(),
        }
    }

    /// One frame of the interface, as the window runs it (without a 3D image).
    pub fn frame(ui: &mut egui::Ui, app: &mut App) {
        ui::frame(ui, &mut app.ui, &mut app.player, None);
    }
}

/// The interface over `scene`, paused at `frame`, laid out at the window's start size.
pub fn harness_at(scene: Scene, frame: f32) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        // Without a system CJK font Japanese names draw as boxes; the tests find widgets by
        // their accessible text, which does not depend on the font.
        .allow_missing_glyphs()
        .with_context_setup(|ctx| {
            mmd_player::ui::fonts::install(ctx);
        })
        .build_ui_state(App::frame, App::new(scene, frame));
    h.run();
    h
}

/// [`harness_at`] frame 0.
pub fn harness(scene: Scene) -> Harness<'static, App> {
    harness_at(scene, 0.0)
}

pub fn player<'h>(h: &'h Harness<'_, App>) -> &'h Player {
    &h.state().player
}

/// The label of the selected model (its file name); empty on an empty stage.
pub fn selected_model<'h>(h: &'h Harness<'_, App>) -> &'h str {
    player(h)
        .actor()
        .map_or("", |actor| actor.model.label.as_str())
}

/// Clicks the widget named `label` (scrolled into sight first, as a panel's lower rows may
/// be) and runs a frame.
pub fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// A file dropped on the window, as the window layer hands it to egui.
#[derive(Debug)]
struct DroppedPath(PathBuf);

impl egui::DroppedFile for DroppedPath {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// Drops `paths` on the window together and runs a frame.
pub fn drop_files(h: &mut Harness<'_, App>, paths: &[&Path]) {
    for p in paths {
        h.input_mut()
            .dropped_files
            .push(Arc::new(DroppedPath(p.to_path_buf())));
    }
    h.run();
}
