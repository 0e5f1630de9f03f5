//! Several models in the real window under Xvfb: Gene, Luka and Miku (index.pmx), each
//! dancing its own motion, with the WAVEFILE camera, moved apart with `--place`; the window's
//! screenshot must show three figures side by side in the view. (The Models panel's
//! selecting, hiding and removing are driven in `window_ui.rs`.)
//! Skips with a reason without the fixtures, `xvfb-run` or a GPU adapter, and fails instead
//! under `MMD_REQUIRE_FIXTURES=1` / `MMD_REQUIRE_GPU=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod xvfb;

use xvfb::{environment_ready, in_xvfb};

/// Where the 3D view is in a 1280×720 window with both side panels open (points = pixels).
const VIEW_COLUMNS: std::ops::Range<u32> = 384..1020;
const VIEW_ROWS: std::ops::Range<u32> = 30..630;

/// Whether a pixel is part of a figure: dark (clothes, hair, outlines) or strongly coloured,
/// which neither the grey-blue background nor the grey ground shadow is.
fn figure(p: &image::Rgba<u8>) -> bool {
    let (lo, hi) = (p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]));
    hi < 110 || hi - lo > 70
}

/// The runs of view columns holding figure pixels, ignoring gaps narrower than `gap`.
fn figure_spans(image: &image::RgbaImage, gap: u32) -> Vec<(u32, u32)> {
    let mut spans: Vec<(u32, u32)> = Vec::new();
    for x in VIEW_COLUMNS {
        let count = VIEW_ROWS.filter(|&y| figure(image.get_pixel(x, y))).count();
        if count < 3 {
            continue;
        }
        match spans.last_mut() {
            Some((_, end)) if x - *end <= gap => *end = x,
            _ => spans.push((x, x)),
        }
    }
    spans.retain(|(start, end)| end - start >= 10);
    spans
}

#[test]
fn three_dancers_stand_side_by_side_in_the_window() {
    let Some(files) = common::three_dancers() else {
        return;
    };
    if !environment_ready(&[]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("three.png");
    let quoted: Vec<String> = files.iter().map(|f| format!("'{}'", f.display())).collect();
    in_xvfb(
        &format!(
            "'{}' {} --place 1=-20,0,0 --place 2=-6,0,0 --place 3=8,0,0 --size 1280x720 --screenshot '{}' \
             --exit-after-frames 3",
            env!("CARGO_BIN_EXE_mmd-player"),
            quoted.join(" "),
            shot.display()
        ),
        dir.path(),
    );
    let image = image::open(&shot).unwrap().to_rgba8();
    let spans = figure_spans(&image, 2);
    assert_eq!(
        spans.len(),
        3,
        "three figures apart in the view, found {spans:?} (screenshot in {})",
        dir.keep().display()
    );
}
