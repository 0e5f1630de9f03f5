//! The desktop window: winit + wgpu + egui around the player and its interface in the library
//! (`mmd_player::player`, `mmd_player::ui`). This layer only feeds window events to egui,
//! shows the native file dialog the interface asks for, and draws what the player says.

mod gpu;
mod window;

use anyhow::Result;
use mmd_player::player::Player;
use mmd_player::scene::Scene;

use crate::cli::{WindowArgs, layer_specs};

/// Opens the window on the files of the command line (the bundled default without any).
/// A file that fails to open is reported in the window, over the bundled scene.
pub fn run(args: &WindowArgs) -> Result<()> {
    let layers = layer_specs(&args.layer)?;
    let (scene, error) = match Scene::from_command_line_with_layers(&args.files, &layers) {
        Ok(scene) => (scene, None),
        Err(e) => (Scene::bundled()?, Some(e.to_string())),
    };
    if let Some(error) = &error {
        log::error!("{error}");
    }
    let mut player = Player::new(scene);
    player.error = error;
    window::run(
        player,
        window::TestHooks {
            screenshot: args.screenshot.clone(),
            exit_after_frames: args.exit_after_frames,
        },
    )
}
