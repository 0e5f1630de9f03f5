//! File → Export driven through the real interface (egui_kittest): the window's exported
//! frames equal `render`'s bit for bit for the same scene, frames and size; a video export
//! holds its frames (checked with ffprobe) and a cancelled one leaves no file; the form
//! refuses what cannot be exported. GPU tests skip when the machine has no adapter, unless
//! `MMD_REQUIRE_GPU=1`; video tests skip without ffmpeg, unless `MMD_REQUIRE_FFMPEG=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod ffmpeg;
mod ui_harness;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use ffmpeg::{have_ffmpeg, probe};
use mmd_scene::stage::scene::{OpenInto, Scene};
use mmd_session::export::ExportOutcome;
use ui_harness::{App, harness};

/// Clicks a text field, replaces its text with `text` and presses Enter.
fn type_into(h: &mut Harness<'_, App>, field: Rect, text: &str) {
    h.hover_at(field.center());
    h.drag_at(field.center());
    h.drop_at(field.center());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text(text.to_owned()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

fn fill(h: &mut Harness<'_, App>, field: &str, text: &str) {
    let rect = h.get_by_role_and_label(Role::TextInput, field).rect();
    type_into(h, rect, text);
}

/// Opens File → `item` and fills the export window in.
fn open_export(h: &mut Harness<'_, App>, item: &str, fields: &[(&str, &str)]) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    for (field, text) in fields {
        fill(h, field, text);
    }
}

/// Runs the interface until the export has ended and the window shows how; `None` (reason
/// printed) when it failed for want of a GPU adapter, which fails the test instead under
/// `MMD_REQUIRE_GPU=1`.
fn wait_for_export(h: &mut Harness<'_, App>) -> Option<ExportOutcome> {
    let start = Instant::now();
    loop {
        h.run();
        if h.state().player.export_progress().is_none()
            && let Some(outcome) = h.state().player.export_outcome()
        {
            if let ExportOutcome::Failed(message) = outcome
                && message.contains("no GPU adapter")
            {
                assert_ne!(
                    std::env::var("MMD_REQUIRE_GPU").as_deref(),
                    Ok("1"),
                    "{message}"
                );
                eprintln!("skipping: {message}");
                return None;
            }
            let outcome = outcome.clone();
            // The frame that took the outcome in may have drawn the window before it did
            // (the window redraws continuously; the harness stops when nothing asks to).
            h.run();
            return Some(outcome);
        }
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the export did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn pixels(path: &Path) -> image::RgbaImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

#[test]
fn exported_frames_equal_what_render_writes() {
    let Some(camera) = common::fixture("three-mmd/vmds/wavefile_camera.vmd") else {
        return;
    };
    let mut scene = Scene::bundled().unwrap();
    let selected = OpenInto::Add { selected: Some(0) };
    assert!(
        scene
            .open(std::slice::from_ref(&camera), selected)
            .unwrap()
            .camera
    );
    let mut h = harness(scene);
    let dir = tempfile::tempdir().unwrap();
    let exported = dir.path().join("window");
    let exported_text = exported.display().to_string();
    open_export(
        &mut h,
        "Export frames…",
        &[
            ("First frame", "10"),
            ("Last frame", "14"),
            ("Width", "160"),
            ("Height", "120"),
            ("Save to", &exported_text),
        ],
    );
    h.get_by_label("Export").click();
    let Some(outcome) = wait_for_export(&mut h) else {
        return;
    };
    let ExportOutcome::Done(done) = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(done.frames, 5);
    assert!(h.query_by_label_contains("Exported 5 frames").is_some());

    let rendered = dir.path().join("render");
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("render")
        .arg("--camera")
        .arg(&camera)
        .args(["--frames", "10..14", "--size", "160x120", "--out"])
        .arg(&rendered)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    for frame in 10..=14 {
        let name = format!("frame_{frame:05}.png");
        let (a, b) = (pixels(&exported.join(&name)), pixels(&rendered.join(&name)));
        assert!(a == b, "{name}: the export and render differ");
    }
    // The camera motion moves between these frames: the comparison compares something.
    assert!(pixels(&exported.join("frame_00010.png")) != pixels(&exported.join("frame_00014.png")));
}

#[test]
fn a_video_export_holds_its_frames_and_a_cancelled_one_leaves_no_file() {
    if !have_ffmpeg() {
        return;
    }
    let mut h = harness(Scene::bundled().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let video = dir.path().join("dance.mp4");
    let video_text = video.display().to_string();
    open_export(
        &mut h,
        "Export video…",
        &[
            ("First frame", "0"),
            ("Last frame", "9"),
            ("Width", "96"),
            ("Height", "64"),
            ("Save to", &video_text),
        ],
    );
    h.get_by_label("60 fps").click();
    h.run();
    h.get_by_label("Export").click();
    let Some(outcome) = wait_for_export(&mut h) else {
        return;
    };
    assert!(matches!(outcome, ExportOutcome::Done(_)), "{outcome:?}");
    let probed = probe(&video);
    // Frames 0 to 9 at 60 fps: the 10 frames and the 9 half frames between them.
    assert_eq!(probed.video().rate, "60/1");
    assert_eq!(probed.video().frames, Some(19));

    let long = dir.path().join("long.mp4");
    fill(&mut h, "Last frame", "239");
    fill(&mut h, "Save to", &long.display().to_string());
    h.get_by_label("Export").click();
    h.run();
    assert!(h.state().player.export_progress().is_some());
    h.get_by_label("Cancel").click();
    let Some(outcome) = wait_for_export(&mut h) else {
        return;
    };
    assert_eq!(outcome, ExportOutcome::Cancelled);
    assert!(!long.exists(), "a cancelled video is removed");
    assert!(h.query_by_label("Cancelled").is_some());
}

#[test]
fn the_form_says_what_cannot_be_exported() {
    let video = std::env::temp_dir().join("never-written.mp4");
    let cases = [
        ("Width", "641", "even width and height"),
        ("Save to", "dance.avi", "name the file .mp4"),
        ("Last frame", "abc", "not a whole number"),
    ];
    for (field, text, problem) in cases {
        let mut h = harness(Scene::bundled().unwrap());
        open_export(
            &mut h,
            "Export video…",
            &[("Save to", &video.display().to_string())],
        );
        fill(&mut h, field, text);
        assert!(
            h.query_by_label_contains(problem).is_some(),
            "{field} = {text}: the form should say {problem:?}"
        );
        h.get_by_label("Export").click();
        h.run();
        assert!(h.state().player.export_progress().is_none());
        assert!(h.state().player.export_outcome().is_none());
    }
}
