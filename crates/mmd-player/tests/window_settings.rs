//! The real window under Xvfb keeps its settings between runs, in a temporary config folder:
//! resized by the user (xdotool) and closed with Ctrl+Q, it writes its size with the settings
//! it was started with (one of them garbled, which costs only itself), and the next run opens
//! at that size. Skips with a reason when `xvfb-run`, `xdotool` or a GPU adapter is missing,
//! and fails instead when `MMD_REQUIRE_GPU=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod xvfb;

use mmd_player::settings::SettingsFile;
use mmd_scene::engine::PhysicsMode;
use xvfb::{environment_ready, in_xvfb};

#[test]
fn the_window_opens_as_it_was_left() {
    if !environment_ready(&["xdotool"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // `in_xvfb` points the player at `dir/mmd-player` for its settings.
    let config = dir.path().join("mmd-player");
    std::fs::create_dir_all(&config).unwrap();
    let store = config.join("settings.json");
    std::fs::write(
        &store,
        r#"{ "physics": "live", "view": { "skeleton": true }, "panels": "wide" }"#,
    )
    .unwrap();
    let player = env!("CARGO_BIN_EXE_mmd-player");

    // Paused, so that the window waits for input; resized, then closed as a user would.
    in_xvfb(
        &format!(
            "timeout 120 '{player}' --frame 0 & APP=$!; \
             W=$(xdotool search --sync --name mmd-player | head -1); sleep 2; \
             xdotool windowsize $W 900 600; sleep 1; \
             xdotool windowfocus --sync $W; xdotool key ctrl+q; wait $APP"
        ),
        dir.path(),
    );
    let kept = SettingsFile::load(store.clone()).settings;
    assert_eq!(kept.window.size, Some([900, 600]), "{kept:?}");
    assert_eq!(kept.physics, Some(PhysicsMode::Live), "kept as it was read");
    assert!(kept.view.skeleton && kept.view.edges, "{:?}", kept.view);
    assert!(
        kept.panels.bones.is_some(),
        "the garbled panel widths were replaced by the ones shown"
    );

    let shot = dir.path().join("shot.png");
    in_xvfb(
        &format!(
            "'{player}' --screenshot '{}' --exit-after-frames 3",
            shot.display()
        ),
        dir.path(),
    );
    let image = image::open(&shot).unwrap();
    assert_eq!(
        (image.width(), image.height()),
        (900, 600),
        "the next run opens at the size the window was left at"
    );
}
