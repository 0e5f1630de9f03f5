//! `render --video`: the frames `render` draws, encoded by ffmpeg, checked with ffprobe (stream,
//! frame count, rate, duration) and against the PNGs of the same run decoded back; and what a
//! machine without ffmpeg is told. Tests needing ffmpeg skip with a printed reason when it is
//! absent, and fail instead under `MMD_REQUIRE_FFMPEG=1`; tests needing a GPU adapter skip the
//! same way unless `MMD_REQUIRE_GPU=1`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod ffmpeg;
mod frame_diff;
mod render_cli;

use ffmpeg::{have_ffmpeg, probe};
use frame_diff::difference;
use render_cli::render;

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mmd-video-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn succeeded(output: &Output) {
    assert!(
        output.status.success(),
        "render failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every frame of `video` as an RGBA image, in order.
fn decode(video: &Path, dir: &Path) -> Vec<image::RgbaImage> {
    let pattern = dir.join("decoded_%05d.png");
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(video)
        .args(["-start_number", "0"])
        .arg(&pattern)
        .status()
        .unwrap();
    assert!(status.success());
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("decoded_"))
        })
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| image::open(p).unwrap().to_rgba8())
        .collect()
}

#[test]
fn an_mp4_holds_the_frames_render_writes_as_png() {
    if !have_ffmpeg() {
        return;
    }
    let dir = out_dir("mp4");
    let video = dir.join("dance.mp4");
    let pngs = dir.join("png");
    let args: [&OsStr; 8] = [
        "--frames".as_ref(),
        "0..29".as_ref(),
        "--size".as_ref(),
        "160x120".as_ref(),
        "--out".as_ref(),
        pngs.as_os_str(),
        "--video".as_ref(),
        video.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    succeeded(&output);

    let probed = probe(&video);
    let stream = probed.video();
    assert_eq!(stream.codec, "h264");
    assert_eq!(stream.frames, Some(30));
    assert_eq!(stream.rate, "30/1");
    let duration = probed.duration;
    assert!((duration - 1.0).abs() < 0.05, "{duration} s");

    let decoded = decode(&video, &dir);
    assert_eq!(decoded.len(), 30);
    let mut moved = false;
    for (i, frame) in decoded.iter().enumerate() {
        let png = image::open(pngs.join(format!("frame_{i:05}.png")))
            .unwrap()
            .to_rgba8();
        let (mean, _) = difference(frame, &png);
        // H.264 at CRF 16 with 4:2:0 chroma: well under one level on average.
        assert!(mean < 1.5, "frame {i}: mean difference {mean}");
        if i > 0 {
            // The frames are in order: each is closer to its own PNG than to frame 0's.
            let png0 = image::open(pngs.join("frame_00000.png"))
                .unwrap()
                .to_rgba8();
            moved |= difference(frame, &png0).0 > mean;
        }
    }
    assert!(moved, "the video does not show the dance moving");
}

#[test]
fn sixty_fps_plays_the_frames_at_sixty_and_webm_is_vp9() {
    if !have_ffmpeg() {
        return;
    }
    let dir = out_dir("webm");
    let video = dir.join("dance.webm");
    let args: [&OsStr; 8] = [
        "--frames".as_ref(),
        "0..14".as_ref(),
        "--size".as_ref(),
        "96x64".as_ref(),
        "--fps".as_ref(),
        "60".as_ref(),
        "--video".as_ref(),
        video.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    succeeded(&output);
    let probed = probe(&video);
    let stream = probed.video();
    assert_eq!(stream.codec, "vp9");
    assert_eq!(stream.frames, Some(15));
    assert_eq!(stream.rate, "60/1");
}

#[test]
fn without_ffmpeg_video_says_what_to_install_and_png_export_still_works() {
    let dir = out_dir("no-ffmpeg");
    // A PATH with nothing on it: no ffmpeg to be found.
    let empty = dir.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let video = dir.join("dance.mp4");
    let args: [&OsStr; 6] = [
        "--frames".as_ref(),
        "0".as_ref(),
        "--size".as_ref(),
        "64x48".as_ref(),
        "--video".as_ref(),
        video.as_os_str(),
    ];
    let output = render(&args, Some(&empty)).unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ffmpeg was not found"), "{stderr}");
    assert!(stderr.contains("apt-get install ffmpeg"), "{stderr}");
    assert!(!video.exists());

    let pngs = dir.join("png");
    let args: [&OsStr; 6] = [
        "--frames".as_ref(),
        "0".as_ref(),
        "--size".as_ref(),
        "64x48".as_ref(),
        "--out".as_ref(),
        pngs.as_os_str(),
    ];
    let Some(output) = render(&args, Some(&empty)) else {
        return;
    };
    succeeded(&output);
    assert!(pngs.join("frame_00000.png").exists());
}

#[test]
fn bad_video_requests_fail_with_a_reason() {
    let dir = out_dir("bad");
    let cases: [(&str, &str, &str); 2] = [
        ("dance.avi", "64x48", "name the file .mp4"),
        ("dance.mp4", "65x48", "even width and height"),
    ];
    for (name, size, reason) in cases {
        let video = dir.join(name);
        let args: [&OsStr; 6] = [
            "--frames".as_ref(),
            "0".as_ref(),
            "--size".as_ref(),
            size.as_ref(),
            "--video".as_ref(),
            video.as_os_str(),
        ];
        let output = render(&args, None).unwrap();
        assert_eq!(output.status.code(), Some(1), "{name} {size}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(reason), "{stderr}");
        assert!(!video.exists());
    }
    // Neither an output folder nor a video: nothing to write, refused by the parser.
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(["render", "--frames", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
