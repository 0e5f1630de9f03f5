//! Pose mode in the real window under Xvfb: the player started with `--pose-mode`, the left
//! hand's handle found by its colour in a first screenshot, then dragged with a real
//! pointer (xdotool) in a second run, whose last frame must show the handle, and so the
//! hand, where the drag ended. Skips with a reason when `xvfb-run`, `xdotool` or a GPU
//! adapter is missing, and fails instead when `MMD_REQUIRE_GPU=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod xvfb;

use xvfb::{environment_ready, in_xvfb};

/// The left hand's handle colour (`ui::pose_handles::handle_color`).
const LEFT_HAND: [u8; 3] = [255, 60, 60];
/// The drag, in pixels (the window is at the screen's origin under Xvfb without a window
/// manager, one pixel a point).
const DRAG: (i32, i32) = (50, -150);
/// Frames before the window saves its screenshot and exits: long enough for the drag
/// (about 4 s after the window opens) at 60 frames a second, and at lavapipe's ~10.
const FRAMES: u32 = 300;

/// The centre of the densest spot of pixels of `color` (within a few levels): the handle's
/// disc, not the odd pixel of that colour elsewhere (a red ribbon's edge).
fn find(image: &image::RgbaImage, color: [u8; 3]) -> Option<(f32, f32)> {
    let matching: Vec<(f32, f32)> = image
        .enumerate_pixels()
        .filter(|(_, _, p)| (0..3).all(|c| p[c].abs_diff(color[c]) <= 8))
        .map(|(x, y, _)| (x as f32, y as f32))
        .collect();
    let near =
        |a: (f32, f32), b: (f32, f32), r: f32| (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2) <= r * r;
    let densest = *matching
        .iter()
        .max_by_key(|&&a| matching.iter().filter(|&&b| near(a, b, 6.0)).count())?;
    let disc: Vec<_> = matching
        .iter()
        .filter(|&&b| near(densest, b, 10.0))
        .collect();
    if disc.len() < 40 {
        return None;
    }
    let n = disc.len() as f32;
    Some((
        disc.iter().map(|p| p.0).sum::<f32>() / n,
        disc.iter().map(|p| p.1).sum::<f32>() / n,
    ))
}

#[test]
fn dragging_the_hand_handle_in_the_real_window_moves_the_arm() {
    if !environment_ready(&["xdotool"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let player = env!("CARGO_BIN_EXE_mmd-player");
    let before = dir.path().join("before.png");
    in_xvfb(
        &format!(
            "'{player}' --pose-mode --screenshot '{}' --exit-after-frames 30",
            before.display()
        ),
        dir.path(),
    );
    let image = image::open(&before).unwrap().to_rgba8();
    let (hx, hy) = find(&image, LEFT_HAND).expect("no left hand handle on screen");
    let (hx, hy) = (hx.round() as i32, hy.round() as i32);

    let after = dir.path().join("after.png");
    let step = |i: i32| (hx + DRAG.0 * i / 10, hy + DRAG.1 * i / 10);
    let steps: String = (2..=10)
        .map(|i| {
            let (x, y) = step(i);
            format!("xdotool mousemove --window $W {x} {y}; sleep 0.15; ")
        })
        .collect();
    // The press and the first move, already past the handle's grab radius, come in one
    // xdotool command and so (at lavapipe's frame rate) in one frame: the press must still
    // grab the handle where it went down, not the view under the pointer by the frame's end.
    let (x1, y1) = step(1);
    let script = format!(
        "'{player}' --pose-mode --screenshot '{after}' --exit-after-frames {FRAMES} & \
         APP=$!; W=$(xdotool search --sync --name mmd-player | head -1); sleep 1.5; \
         xdotool mousemove --window $W {hx} {hy}; sleep 0.3; \
         xdotool mousedown 1 mousemove --window $W {x1} {y1}; sleep 0.15; \
         {steps} sleep 0.3; xdotool mouseup 1; wait $APP",
        after = after.display()
    );
    in_xvfb(&script, dir.path());
    let image = image::open(&after).unwrap().to_rgba8();
    let (x, y) = find(&image, LEFT_HAND).expect("no left hand handle after the drag");
    let goal = ((hx + DRAG.0) as f32, (hy + DRAG.1) as f32);
    let miss = ((x - goal.0).powi(2) + (y - goal.1).powi(2)).sqrt();
    assert!(
        miss < 6.0,
        "the hand's handle is at ({x}, {y}), the drag ended at {goal:?} (screenshots in {})",
        dir.keep().display()
    );
}
