//! The desktop window: winit + wgpu + egui around the player and its interface in the library
//! (`mmd_player::session`, `mmd_player::ui`). This layer only feeds window events to egui,
//! shows the file dialog the interface asks for, and draws what the player says.

mod audio;
mod event_loop;
mod file_dialog;
mod frame_clock;
mod gpu;
mod press_split;

use std::path::{Path, PathBuf};

use anyhow::Result;
use mmd_player::i18n::Language;
use mmd_player::settings::{self, ForThisRun, SettingsFile};
use mmd_player::ui::UiState;
use mmd_scene::engine::PhysicsMode;
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use rust_i18n::t;

use crate::cli::accessory_settings::set_accessories;
use crate::cli::project::project_alone;
use crate::cli::{WindowArgs, layer_specs, place_models};

/// The physics the window starts with when neither the command line nor the settings say:
/// baked, as MMD plays a motion (every frame the same however it is reached). The engine shows
/// live physics until a model's bake is ready, which played from frame 0 is the bake itself,
/// and live physics alone where a motion is too long to bake.
const START_PHYSICS: PhysicsMode = PhysicsMode::Baked;
/// The window's size when neither the command line nor the settings say.
const START_SIZE: (u32, u32) = (1280, 720);
/// The largest side of a kept window size: wgpu's default texture limit, which every adapter
/// meets.
const MAX_KEPT_SIDE: u32 = 8192;

/// Opens the window on the files of the command line (the bundled default without any), with
/// the settings kept from the last run where the command line does not say otherwise.
/// A file that fails to open is listed in the window's notices; the files that opened are
/// shown (the bundled model only when no model opened).
pub fn run(args: &WindowArgs) -> Result<()> {
    let settings = settings::default_store().map_or_else(SettingsFile::default, SettingsFile::load);
    let kept = &settings.settings;
    args.lang
        .or(kept.language)
        .unwrap_or_else(Language::from_system)
        .set();
    let layers = layer_specs(&args.layer)?;
    // A project given alone opens once the player is made, as File → Open opens it.
    let project = project_alone(&args.files).map(Path::to_path_buf);
    let (mut scene, failed) = match project {
        Some(_) => (Scene::default(), Vec::new()),
        None => Scene::from_files_keeping_good(&args.files, &layers)?,
    };
    // With a file left out, a model or accessory number may name nothing: said in the
    // window like the file itself, rather than keeping the window from opening.
    let refused: Vec<String> = if project.is_some() {
        (!(args.place.is_empty() && args.accessory.is_empty() && layers.is_empty()))
            .then(|| t!("project.options_with_project").into_owned())
            .into_iter()
            .collect()
    } else {
        [
            place_models(&mut scene, &args.place),
            set_accessories(&mut scene, &args.accessory),
        ]
        .into_iter()
        .filter_map(|r| r.err().map(|e| e.to_string()))
        .collect()
    };
    let opened: Vec<PathBuf> = args
        .files
        .iter()
        .filter(|f| !failed.iter().any(|e| &e.path == *f))
        .cloned()
        .collect();
    let size = args
        .size
        .as_deref()
        .map(crate::cli::render::parse_size)
        .transpose()?;
    let for_this_run = ForThisRun {
        physics: args.physics,
        language: args.lang,
        window_size: size.map(|(w, h)| [w, h]),
    };
    let mut player = Player::with_services(scene, mmd_player::services::desktop_services());
    let mut ui = UiState::default();
    kept.apply(&mut player, &mut ui);
    if !opened.is_empty() {
        player.remember_opened(&opened);
    }
    player.apply(Action::SetMusicOffset(args.music_offset));
    let physics = args.physics.or(kept.physics).unwrap_or(START_PHYSICS);
    player.apply(Action::SetPhysicsMode(physics));
    if let Some(project) = project {
        player.apply(Action::Open(vec![project]));
        // Given here, for this run, over the project's.
        if let Some(mode) = args.physics {
            player.apply(Action::SetPhysicsMode(mode));
        }
    }
    if let Some(frame) = args.frame {
        player.apply(Action::Seek(frame));
    }
    if args.pose_mode {
        player.apply(Action::Pose(PoseAction::SetMode(true)));
    }
    player.report_start_problems(&failed, &refused);
    // A kept size beyond what every GPU can draw (a file edited by hand) is cut to it.
    let kept_size = kept
        .window
        .size
        .map(|[w, h]| (w.min(MAX_KEPT_SIDE), h.min(MAX_KEPT_SIDE)));
    let placement = event_loop::Placement {
        size: size.or(kept_size).unwrap_or(START_SIZE),
        position: kept.window.position,
    };
    event_loop::run(
        event_loop::Session {
            player,
            ui,
            settings,
            for_this_run,
        },
        placement,
        event_loop::TestHooks {
            screenshot: args.screenshot.clone(),
            exit_after_frames: args.exit_after_frames,
        },
    )
}
