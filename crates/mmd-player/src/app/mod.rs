//! The desktop window: winit + wgpu + egui around the player and its interface in the library
//! (`mmd_player::player`, `mmd_player::ui`). This layer only feeds window events to egui,
//! shows the file dialog the interface asks for, and draws what the player says.

mod audio;
mod file_dialog;
mod gpu;
mod press_split;
mod window;

use anyhow::Result;
use mmd_player::action::Action;
use mmd_player::notices::Notice;
use mmd_player::player::Player;
use mmd_player::pose_edit::PoseAction;
use mmd_player::recent::{self, RecentFiles};
use mmd_player::scene::Scene;

use crate::cli::{WindowArgs, layer_specs, place_models};

/// Opens the window on the files of the command line (the bundled default without any).
/// A file that fails to open is reported in the window, over the bundled scene.
pub fn run(args: &WindowArgs) -> Result<()> {
    let layers = layer_specs(&args.layer)?;
    let mut recent = recent::default_store().map_or_else(RecentFiles::default, RecentFiles::load);
    let (scene, error) = match Scene::from_command_line_with_layers(&args.files, &layers) {
        Ok(mut scene) => {
            place_models(&mut scene, &args.place)?;
            if !args.files.is_empty() {
                recent.add(&args.files);
            }
            (scene, None)
        }
        Err(e) => (Scene::bundled()?, Some(e)),
    };
    let size = crate::render_frames::parse_size(&args.size)?;
    let mut player = Player::new(scene);
    player.set_recent_files(recent);
    player.apply(Action::SetMusicOffset(args.music_offset));
    if args.pose_mode {
        player.apply(Action::Pose(PoseAction::SetMode(true)));
    }
    if let Some(error) = error {
        log::error!("{error}");
        player.add_notice(Notice::error(
            error.path.display().to_string(),
            error.message.clone(),
        ));
        player.error = Some(error.to_string());
    }
    window::run(
        player,
        size,
        window::TestHooks {
            screenshot: args.screenshot.clone(),
            exit_after_frames: args.exit_after_frames,
        },
    )
}
