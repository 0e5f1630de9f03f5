//! The desktop window: winit + wgpu + egui around the player and its interface in the library
//! (`mmd_player::session`, `mmd_player::ui`). This layer only feeds window events to egui,
//! shows the file dialog the interface asks for, and draws what the player says.

mod audio;
mod event_loop;
mod file_dialog;
mod frame_clock;
mod gpu;
mod press_split;

use anyhow::Result;
use mmd_player::session::Player;
use mmd_player::session::action::Action;
use mmd_player::session::notices::Notice;
use mmd_player::session::recent::{self, RecentFiles};
use mmd_scene::pose_edit::PoseAction;
use mmd_scene::scene::Scene;

use crate::cli::accessory_settings::set_accessories;
use crate::cli::{WindowArgs, layer_specs, place_models};

/// Opens the window on the files of the command line (the bundled default without any).
/// A file that fails to open is reported in the window, over the bundled scene.
pub fn run(args: &WindowArgs) -> Result<()> {
    let layers = layer_specs(&args.layer)?;
    let mut recent = recent::default_store().map_or_else(RecentFiles::default, RecentFiles::load);
    let (scene, error) = match Scene::from_files_with_layers(&args.files, &layers) {
        Ok(mut scene) => {
            place_models(&mut scene, &args.place)?;
            set_accessories(&mut scene, &args.accessory)?;
            if !args.files.is_empty() {
                recent.add(&args.files);
            }
            (scene, None)
        }
        Err(e) => (Scene::bundled()?, Some(e)),
    };
    let size = crate::cli::render::parse_size(&args.size)?;
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
    event_loop::run(
        player,
        size,
        event_loop::TestHooks {
            screenshot: args.screenshot.clone(),
            exit_after_frames: args.exit_after_frames,
        },
    )
}
