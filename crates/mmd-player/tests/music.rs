//! Music: every format the player reads decodes from small files made here (a WAV written by
//! the test, MP3, Ogg Vorbis and FLAC encoded from it by ffmpeg); broken files are refused
//! with the scene unchanged; `render --video` carries the music, cut or delayed to the
//! offset. Tests needing ffmpeg skip with a printed reason when it is absent, and fail
//! instead under `MMD_REQUIRE_FFMPEG=1`; rendering ones skip without a GPU adapter unless
//! `MMD_REQUIRE_GPU=1`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};
use std::process::Command;

mod ffmpeg;
mod render_cli;
// The scene crate's test tone writer (its music decoding is tested there).
#[path = "../../mmd-scene/tests/tone_wav/mod.rs"]
mod tone_wav;

use ffmpeg::{have_ffmpeg, probe};
use mmd_scene::media::music::Music;
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use render_cli::render;
use tone_wav::tone_wav;

fn write_tone(dir: &Path, seconds: f32) -> PathBuf {
    let path = dir.join("tone.wav");
    std::fs::write(&path, tone_wav(seconds)).unwrap();
    path
}

#[test]
fn every_format_decodes_to_the_length_it_was_made_with() {
    let dir = tempfile::tempdir().unwrap();
    let wav = write_tone(dir.path(), 1.0);
    let music = Music::open(&wav).unwrap();
    assert!(
        (music.duration() - 1.0).abs() < 1e-3,
        "{}",
        music.duration()
    );
    assert_eq!((music.sample_rate(), music.channels()), (44_100, 2));
    if !have_ffmpeg() {
        return;
    }
    for (name, codec) in [
        ("tone.mp3", "libmp3lame"),
        ("tone.ogg", "libvorbis"),
        ("tone.flac", "flac"),
    ] {
        let path = dir.path().join(name);
        let status = Command::new("ffmpeg")
            .args(["-v", "error", "-y", "-i"])
            .arg(&wav)
            .args(["-c:a", codec])
            .arg(&path)
            .status()
            .unwrap();
        assert!(status.success(), "{name}");
        let music = Music::open(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        // MP3 and Vorbis pad a little at either end.
        assert!(
            (music.duration() - 1.0).abs() < 0.1,
            "{name}: {} s",
            music.duration()
        );
    }
}

#[test]
fn inspect_reports_how_long_music_plays() {
    let dir = tempfile::tempdir().unwrap();
    // Named as no music: told by its first bytes, as the scene tells it.
    let path = dir.path().join("song.bin");
    std::fs::write(&path, tone_wav::tone_wav_with(1.5, 22_050, 2)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(["inspect", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        summary,
        serde_json::json!({"format": "music", "seconds": 1.5, "sample_rate": 22050,
            "channels": 2})
    );
}

#[test]
fn broken_music_is_refused_and_the_scene_stays_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_tone(dir.path(), 2.0);
    let mut cut = tone_wav(3.0);
    cut.truncate(cut.len() / 3);
    let noise: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 253) as u8).collect();
    let broken = [
        ("empty.mp3", Vec::new(), "empty"),
        ("cut.wav", cut, "the file is damaged: it ends too early"),
        ("noise.ogg", noise, "not a music file"),
    ];

    let mut player = Player::with_services(
        Scene::bundled().unwrap(),
        desktop_services_in(ConfigFiles::none()),
    );
    player.apply(Action::Open(vec![good.clone()]));
    assert_eq!(
        player.music().map(|m| m.label.clone()),
        Some("tone.wav".to_owned())
    );
    let motions = player.scene.actors[0].layer_sources().len();
    let generation = player.music_generation();
    for (name, bytes, reason) in broken {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        player.apply(Action::Open(vec![path]));
        let error = player.error.clone().unwrap_or_default();
        assert!(error.contains(reason), "{name}: {error}");
        assert_eq!(player.music().map(|m| m.path.clone()), Some(good.clone()));
        assert_eq!(player.scene.actors[0].layer_sources().len(), motions);
        assert_eq!(player.music_generation(), generation, "{name}");
    }
    player.apply(Action::RemoveMusic);
    assert!(player.music().is_none());
}

/// The loudness (RMS, 0 to 1) of `video`'s sound from `from` for `seconds`.
fn loudness(video: &Path, from: f64, seconds: f64) -> f64 {
    let output = Command::new("ffmpeg")
        .args([
            "-v",
            "error",
            "-ss",
            &from.to_string(),
            "-t",
            &seconds.to_string(),
            "-i",
        ])
        .arg(video)
        .args(["-vn", "-ac", "1", "-f", "s16le", "-"])
        .output()
        .unwrap();
    let samples: Vec<f64> = output
        .stdout
        .chunks_exact(2)
        .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect();
    assert!(!samples.is_empty());
    (samples.iter().map(|s| s * s).sum::<f64>() / samples.len() as f64).sqrt()
}

#[test]
fn render_muxes_the_music_in_at_its_offset() {
    if !have_ffmpeg() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let song = write_tone(dir.path(), 10.0);

    // Frames 0 to 89 (3 s) of a 10 s song: the video's length decides.
    let video = dir.path().join("with-music.mp4");
    let args: [&std::ffi::OsStr; 7] = [
        song.as_os_str(),
        "--frames".as_ref(),
        "0..89".as_ref(),
        "--size".as_ref(),
        "96x64".as_ref(),
        "--video".as_ref(),
        video.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    assert!(output.status.success(), "{output:?}");
    let probed = probe(&video);
    assert_eq!(probed.codecs(), [("video", "h264"), ("audio", "aac")]);
    let duration = probed.duration;
    assert!((duration - 3.0).abs() < 0.15, "{duration} s");
    assert!(loudness(&video, 0.5, 2.0) > 0.1, "the tone is heard");

    // The music starting at frame 45: the first 1.5 s are silent, the tone follows.
    let delayed = dir.path().join("delayed.webm");
    let args: [&std::ffi::OsStr; 9] = [
        song.as_os_str(),
        "--frames".as_ref(),
        "0..89".as_ref(),
        "--size".as_ref(),
        "96x64".as_ref(),
        "--music-offset".as_ref(),
        "45".as_ref(),
        "--video".as_ref(),
        delayed.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    assert!(output.status.success(), "{output:?}");
    let probed = probe(&delayed);
    assert_eq!(probed.codecs(), [("video", "vp9"), ("audio", "opus")]);
    let duration = probed.duration;
    assert!((duration - 3.0).abs() < 0.15, "{duration} s");
    assert!(
        loudness(&delayed, 0.1, 1.2) < 0.01,
        "silence before the music"
    );
    assert!(
        loudness(&delayed, 1.8, 1.0) > 0.1,
        "the tone after it starts"
    );
}
