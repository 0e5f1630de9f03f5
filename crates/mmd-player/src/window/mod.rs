//! The desktop window: winit + wgpu + egui around the player and its interface in the library
//! (`mmd_player::session`, `mmd_player::ui`). This layer only feeds window events to egui,
//! shows the file dialog the interface asks for, and draws what the player says.

mod audio;
mod event_loop;
mod file_dialog;
mod frame_clock;
mod gpu;
mod press_split;

use std::path::PathBuf;

use anyhow::Result;
use mmd_player::session::Player;
use mmd_player::session::action::Action;
use mmd_player::session::recent::{self, RecentFiles};
use mmd_scene::pose_edit::PoseAction;
use mmd_scene::scene::Scene;

use crate::cli::accessory_settings::set_accessories;
use crate::cli::{WindowArgs, layer_specs, place_models};

/// Opens the window on the files of the command line (the bundled default without any).
/// A file that fails to open is listed in the window's notices; the files that opened are
/// shown (the bundled model only when no model opened).
pub fn run(args: &WindowArgs) -> Result<()> {
    let layers = layer_specs(&args.layer)?;
    let mut recent = recent::default_store().map_or_else(RecentFiles::default, RecentFiles::load);
    let (mut scene, failed) = Scene::from_files_keeping_good(&args.files, &layers)?;
    // With a file left out, a model or accessory number may name nothing: said in the
    // window like the file itself, rather than keeping the window from opening.
    let refused: Vec<String> = [
        place_models(&mut scene, &args.place),
        set_accessories(&mut scene, &args.accessory),
    ]
    .into_iter()
    .filter_map(|r| r.err().map(|e| e.to_string()))
    .collect();
    let opened: Vec<PathBuf> = args
        .files
        .iter()
        .filter(|f| !failed.iter().any(|e| &e.path == *f))
        .cloned()
        .collect();
    if !opened.is_empty() {
        recent.add(&opened);
    }
    let size = crate::cli::render::parse_size(&args.size)?;
    let mut player = Player::new(scene);
    player.set_recent_files(recent);
    player.apply(Action::SetMusicOffset(args.music_offset));
    if args.pose_mode {
        player.apply(Action::Pose(PoseAction::SetMode(true)));
    }
    player.report_start_problems(&failed, &refused);
    event_loop::run(
        player,
        size,
        event_loop::TestHooks {
            screenshot: args.screenshot.clone(),
            exit_after_frames: args.exit_after_frames,
        },
    )
}
