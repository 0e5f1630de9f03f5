//! The player's logic without a window: IK switches, show/IK keys, scrubbing against the
//! `pose` subcommand, and failed loads.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use glam::{Mat4, Vec3};
use mmd_format::FixedText;
use mmd_format::vmd::{IkKey, IkState, Vmd};
use mmd_player::player::Player;
use mmd_player::scene::Scene;
use mmd_pose::IkOverride;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mmd-player-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bone(player: &Player, name: &str) -> usize {
    player.scene.model.rig.bone_index(name).unwrap()
}

fn position(m: &Mat4) -> Vec3 {
    m.w_axis.truncate()
}

/// A frame of the default dance where the centre is lowered, so leg IK bends the knees.
const CROUCH_FRAME: f32 = 60.0;

#[test]
fn ik_off_draws_the_ik_free_pose() {
    let mut player = Player::new(Scene::bundled().unwrap());
    player.playback.seek(CROUCH_FRAME);
    let knee = bone(&player, "左ひざ");
    let lower = bone(&player, "下半身");
    let leg_ik = bone(&player, "左足ＩＫ");
    let rest_knee = player.scene.model.rig.bone_rest_position(knee);
    let rest_lower = player.scene.model.rig.bone_rest_position(lower);

    let solved = position(&player.evaluate().globals[knee]);
    player.set_ik_override(leg_ik, IkOverride::Off);
    let pose = player.evaluate();
    // The dance keys neither 左足 nor 左ひざ, so without IK the leg hangs straight from the
    // lower body: the knee sits at its rest offset from 下半身, carried by 下半身's transform.
    let expected = pose.globals[lower].transform_point3(rest_knee - rest_lower);
    let knee_now = position(&pose.globals[knee]);
    assert!(
        (knee_now - expected).length() < 1e-4,
        "{knee_now} vs {expected}"
    );
    assert!(
        (knee_now - solved).length() > 0.05,
        "turning IK off should move the knee ({solved} -> {knee_now})"
    );
    let enabled = pose.ik_enabled.clone();
    let solver = player.ik_bones().iter().position(|&b| b == leg_ik).unwrap();
    assert!(!enabled[solver]);

    player.set_ik_override(leg_ik, IkOverride::Auto);
    let back = position(&player.evaluate().globals[knee]);
    assert_eq!(back, solved, "Auto again restores the solved pose exactly");
}

#[test]
fn auto_follows_the_motions_show_ik_keys() {
    let dir = temp_dir("ik-keys");
    let toggles = |frame: u32, on: u8| IkKey {
        frame,
        visible: 1,
        iks: vec![IkState {
            name: FixedText::encode("左足ＩＫ"),
            enabled: on,
        }],
    };
    let vmd = Vmd {
        ik_keys: vec![toggles(0, 1), toggles(10, 0), toggles(20, 1)],
        ..Vmd::default()
    };
    let path = dir.join("toggle.vmd");
    std::fs::write(&path, mmd_format::vmd::write(&vmd).unwrap()).unwrap();

    let mut player = Player::new(Scene::bundled().unwrap());
    assert!(player.open(&[path]), "{:?}", player.error);
    let leg_ik = bone(&player, "左足ＩＫ");
    let solver = player.ik_bones().iter().position(|&b| b == leg_ik).unwrap();
    let enabled_at = |player: &mut Player, frame: f32| {
        player.playback.seek(frame);
        player.evaluate().ik_enabled[solver]
    };
    assert!(enabled_at(&mut player, 5.0));
    assert!(!enabled_at(&mut player, 15.0));
    assert!(enabled_at(&mut player, 25.0));
    player.set_ik_override(leg_ik, IkOverride::On);
    assert!(
        enabled_at(&mut player, 15.0),
        "On overrides the motion's off key"
    );
    player.set_all_ik_overrides(IkOverride::Off);
    assert!(
        !enabled_at(&mut player, 25.0),
        "Off overrides the motion's on key"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Parses the `pose` subcommand's JSON lines into (frame, bone) -> matrix.
fn run_pose_command(model: &Path, motion: &Path, frames: &str) -> Vec<(f32, usize, Mat4)> {
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .arg(model)
        .arg(motion)
        .args(["--frames", frames])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "pose failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let m: Vec<f32> = v["m"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect();
            (
                v["frame"].as_f64().unwrap() as f32,
                v["bone"].as_u64().unwrap() as usize,
                Mat4::from_cols_slice(&m),
            )
        })
        .collect()
}

#[test]
fn scrubbing_draws_what_the_pose_command_prints() {
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let frames = [0.0f32, 37.0, 61.5, 200.0];
    let dumped = run_pose_command(&model, &motion, "0,37,61.5,200");
    let mut player = Player::new(Scene::from_command_line(&[model, motion]).unwrap());
    // Play a while first: what is drawn after scrubbing must not depend on it.
    for _ in 0..50 {
        player.playback.advance(0.033);
        player.evaluate();
    }
    for frame in frames {
        player.playback.seek(frame);
        let pose = player.evaluate();
        let expected: Vec<_> = dumped.iter().filter(|(f, _, _)| *f == frame).collect();
        assert_eq!(expected.len(), pose.globals.len(), "frame {frame}");
        for (_, bone, m) in expected {
            let drawn = pose.globals[*bone];
            let diff = (drawn - *m)
                .abs()
                .to_cols_array()
                .into_iter()
                .fold(0.0f32, f32::max);
            // The dump prints floats in shortest round-trip form, so they agree exactly
            // up to parsing through f64.
            assert!(diff < 1e-5, "frame {frame} bone {bone}: {diff}");
        }
    }
}

#[test]
fn scrubbing_is_stateless() {
    let mut player = Player::new(Scene::bundled().unwrap());
    player.playback.seek(123.0);
    let direct = player.evaluate().globals.clone();
    player.playback.seek(0.0);
    for _ in 0..200 {
        player.playback.advance(1.0 / 30.0);
        player.evaluate();
    }
    player.playback.seek(123.0);
    assert_eq!(player.evaluate().globals, direct);
}

#[test]
fn a_corrupt_file_leaves_the_scene_unchanged_and_reports_the_error() {
    let dir = temp_dir("corrupt");
    let bad_model = dir.join("broken.pmx");
    let mut bytes = std::fs::read(assets().join("default_model.pmx")).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&bad_model, &bytes).unwrap();
    let not_mmd = dir.join("notes.vmd");
    std::fs::write(&not_mmd, b"hello, this is not a motion").unwrap();

    let mut player = Player::new(Scene::bundled().unwrap());
    player.playback.seek(42.0);
    let before = player.evaluate().globals.clone();
    let label = player.scene.model.label.clone();
    let generation = player.model_generation;
    let last_frame = player.playback.last_frame();

    for (paths, named) in [
        (vec![bad_model.clone()], &bad_model),
        (
            vec![assets().join("default_motion.vmd"), not_mmd.clone()],
            &not_mmd,
        ),
    ] {
        assert!(!player.open(&paths));
        let error = player.error.clone().unwrap();
        assert!(
            error.contains(&named.display().to_string()),
            "error should name the file: {error}"
        );
        assert_eq!(player.scene.model.label, label);
        assert_eq!(player.model_generation, generation);
        assert_eq!(player.playback.last_frame(), last_frame);
        assert_eq!(player.playback.frame(), 42.0);
        assert_eq!(player.evaluate().globals, before);
    }
    // A good file afterwards clears the error.
    assert!(player.open(&[assets().join("default_motion.vmd")]));
    assert!(player.error.is_none());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn morph_override_pins_the_weight_the_view_draws() {
    let mut player = Player::new(Scene::bundled().unwrap());
    let blink = player.scene.model.rig.morph_index("まばたき").unwrap();
    player.playback.seek(38.0);
    assert!(
        player.evaluate().morph_weights[blink] > 0.9,
        "the dance blinks at 38"
    );
    player.set_morph_override(blink, Some(0.25));
    assert_eq!(player.evaluate().morph_weights[blink], 0.25);
    player.set_morph_override(blink, None);
    assert!(player.evaluate().morph_weights[blink] > 0.9);
}

#[test]
fn command_line_model_alone_stands_at_rest_and_motions_alone_use_the_bundled_model() {
    let model = assets().join("default_model.pmx");
    let scene = Scene::from_command_line(std::slice::from_ref(&model)).unwrap();
    assert!(scene.motions.is_empty());
    assert_eq!(scene.last_frame(), 0.0);
    let scene = Scene::from_command_line(&[assets().join("default_motion.vmd")]).unwrap();
    assert!(scene.model.label.contains("bundled"));
    assert_eq!(scene.last_frame(), 240.0);
}

#[test]
fn bone_search_keeps_ancestors_of_matches() {
    let player = Player::new(Scene::bundled().unwrap());
    let keep = player.bones_matching("ひざD");
    let rig = &player.scene.model.rig;
    for name in [
        "左ひざD",
        "右ひざD",
        "左足D",
        "下半身",
        "センター",
        "全ての親",
    ] {
        assert!(keep[rig.bone_index(name).unwrap()], "{name} should be kept");
    }
    assert!(!keep[rig.bone_index("頭").unwrap()]);
    assert!(player.bones_matching("").iter().all(|&k| k));
}
