//! The desktop window: winit + wgpu + egui around the window-free player state in the
//! library (`mmd_player::player`). This layer only turns events into calls on that state and
//! draws what it says.

mod gpu;
mod ui;
mod window;

use anyhow::Result;
use mmd_player::player::Player;
use mmd_player::scene::Scene;

use crate::cli::WindowArgs;

/// Opens the window on the files of the command line (the bundled default without any).
/// A file that fails to open is reported in the window, over the bundled scene.
pub fn run(args: &WindowArgs) -> Result<()> {
    let (scene, error) = match Scene::from_command_line(&args.files) {
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
