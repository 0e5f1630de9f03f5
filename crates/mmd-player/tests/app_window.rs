//! The real window under Xvfb: `--screenshot FILE --exit-after-frames N` must save the last
//! frame (UI included) at the window's size, with the model drawn. Skips with a reason when
//! `xvfb-run` or a GPU adapter is missing, and fails instead when `MMD_REQUIRE_GPU=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The window's size at start (`src/window/event_loop.rs`).
const WINDOW: (u32, u32) = (1280, 720);

fn require_gpu() -> bool {
    std::env::var("MMD_REQUIRE_GPU").is_ok_and(|v| v == "1")
}

/// Whether the test can run here; prints why not (or panics when a GPU is required).
fn environment_ready() -> bool {
    let problem = if Command::new("xvfb-run").arg("--help").output().is_err() {
        Some("xvfb-run is not installed")
    } else if mmd_render::GpuContext::headless().is_err() {
        Some("no GPU adapter (install mesa-vulkan-drivers)")
    } else {
        None
    };
    match problem {
        None => true,
        Some(reason) if require_gpu() => panic!("MMD_REQUIRE_GPU=1 but {reason}"),
        Some(reason) => {
            eprintln!("skipping window test: {reason}");
            false
        }
    }
}

fn screenshot(files: &[PathBuf], frames: u32, out: &Path) -> image::RgbaImage {
    let output = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1600x900x24"])
        .arg(env!("CARGO_BIN_EXE_mmd-player"))
        .args(files)
        // The settings and recent files go to the test's folder, not the user's.
        .env("XDG_CONFIG_HOME", out.parent().unwrap())
        .env(
            "MMD_PLAYER_CONFIG_DIR",
            out.parent().unwrap().join("mmd-player"),
        )
        .arg("--screenshot")
        .arg(out)
        .args(["--exit-after-frames", &frames.to_string()])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "mmd-player failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    image::open(out).unwrap().to_rgba8()
}

/// Pixels of the 3D view (between the side panels) that differ from its background.
fn model_pixels(image: &image::RgbaImage) -> usize {
    let (w, h) = image.dimensions();
    let background = *image.get_pixel(w / 2, 40);
    let mut count = 0;
    for y in (40..h - 120).step_by(2) {
        for x in (w * 30 / 100..w * 70 / 100).step_by(2) {
            let p = image.get_pixel(x, y);
            let diff: i32 = (0..3)
                .map(|c| (i32::from(p[c]) - i32::from(background[c])).abs())
                .sum();
            if diff > 40 {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn screenshot_of_the_default_scene_shows_model_and_ui() {
    if !environment_ready() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("mmd-player-window-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("shot.png");
    let image = screenshot(&[], 90, &out);
    assert_eq!(image.dimensions(), WINDOW);
    // The figure covers a good part of the view...
    let covered = model_pixels(&image);
    assert!(
        covered > 2000,
        "the model is missing from the view ({covered} pixels)"
    );
    // ...and the UI panels (dark) frame it: the far left and the bottom are not the view's
    // light background.
    let panel = image.get_pixel(20, WINDOW.1 / 2);
    let timeline = image.get_pixel(WINDOW.0 / 2, WINDOW.1 - 10);
    assert!(
        panel[0] < 100 && timeline[0] < 100,
        "UI panels missing: {panel:?} {timeline:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn fixture_model_with_dance_and_camera_opens_from_the_command_line() {
    let shared = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ));
    if !shared.is_dir() {
        assert!(
            !std::env::var("MMD_REQUIRE_FIXTURES").is_ok_and(|v| v == "1"),
            "MMD_REQUIRE_FIXTURES=1 but {} is missing",
            shared.display()
        );
        eprintln!("skipping: {} is absent", shared.display());
        return;
    }
    if !environment_ready() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("mmd-player-fixture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("miku.png");
    let files = [
        shared.join("mmd-viewer-js/miku/miku_v2.pmd"),
        shared.join("mmd-viewer-js/vmd/wavefile_v2.vmd"),
        shared.join("three-mmd/vmds/wavefile_camera.vmd"),
    ];
    let image = screenshot(&files, 30, &out);
    assert_eq!(image.dimensions(), WINDOW);
    let covered = model_pixels(&image);
    assert!(
        covered > 500,
        "the model is missing from the view ({covered} pixels)"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
