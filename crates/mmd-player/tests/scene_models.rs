//! Several models in one scene: the command line binds each motion to the model before it,
//! opening adds models (or replaces the selected one), the panels' actions reach the
//! selected model only, every model poses as it would alone (the player poses them in
//! parallel), `pose` labels its lines with the model, and `render --video` draws the three
//! fixture dancers with their camera and song. Tests needing fixtures, a GPU or ffmpeg skip
//! with a printed reason unless `MMD_REQUIRE_FIXTURES`, `MMD_REQUIRE_GPU` or
//! `MMD_REQUIRE_FFMPEG` is 1.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
mod ffmpeg;
mod frame_diff;
mod render_cli;
// The scene crate's test tone writer (its music decoding is tested there).
#[path = "../../mmd-scene/tests/tone_wav/mod.rs"]
mod tone_wav;

use common::three_dancers;
use ffmpeg::{have_ffmpeg, probe};
use frame_diff::difference;
use mmd_pose::{IkOverride, Pose};
use mmd_scene::engine::{LiveStepping, PhysicsMode, PoseInput, SceneEngine};
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use render_cli::render;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn labels(scene: &Scene) -> Vec<(String, Vec<String>)> {
    scene
        .actors
        .iter()
        .map(|a| {
            let file = Path::new(&a.model.file).file_name().unwrap();
            let motions = a.layer_sources().iter().map(|s| s.label.clone()).collect();
            (file.to_string_lossy().into_owned(), motions)
        })
        .collect()
}

/// Each actor of `scene` posed by itself at `frame`.
fn alone(scene: &Scene, frame: f32) -> Vec<Pose> {
    scene
        .actors
        .iter()
        .map(|a| {
            let mut pose = Pose::new(&a.model.rig);
            PoseInput::of(a).evaluate(frame, &mut pose);
            pose
        })
        .collect()
}

#[test]
fn the_command_line_binds_each_motion_to_the_model_before_it() {
    let Some(mut files) = three_dancers() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let song = dir.path().join("song.wav");
    std::fs::write(&song, tone_wav::tone_wav(0.5)).unwrap();
    files.push(song);
    let scene = Scene::from_files(&files).unwrap();
    let one = |m: &str, v: &str| (m.to_owned(), vec![v.to_owned()]);
    assert_eq!(
        labels(&scene),
        [
            one("Gene_light.pmx", "02_laugh.vmd"),
            one("巡音ルカ.pmx", "wavefile_v2.vmd"),
            one("index.pmx", "im5066365.vmd"),
        ]
    );
    assert_eq!(scene.camera_label(), Some("wavefile_camera.vmd"));
    assert!(scene.music.is_some());
    let longest = scene
        .actors
        .iter()
        .map(|a| a.last_frame())
        .fold(0.0, f32::max);
    assert!(scene.last_frame() >= longest && longest > 1000.0);

    // Each model poses as it does alone; the engine runs them in parallel.
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        Default::default(),
        LiveStepping::EveryFrame,
    );
    for frame in [0.0, 95.5, 400.0] {
        engine.pose(&scene.actors, frame);
        let expected = alone(&scene, frame);
        for (k, (got, want)) in engine.poses().zip(&expected).enumerate() {
            assert_eq!(got.globals, want.globals, "model {k} at {frame}");
            assert_eq!(
                got.morph_weights, want.morph_weights,
                "model {k} at {frame}"
            );
        }
    }

    // Motions before any model are the first model's; a model alone stands at rest.
    let scene = Scene::from_files(&[files[1].clone(), files[0].clone(), files[2].clone()]).unwrap();
    assert_eq!(
        labels(&scene),
        [
            one("Gene_light.pmx", "02_laugh.vmd"),
            ("巡音ルカ.pmx".to_owned(), Vec::new())
        ]
    );
}

#[test]
fn opening_adds_models_and_the_panels_act_on_the_selected_one() {
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let mut player = Player::with_services(
        Scene::bundled().unwrap(),
        desktop_services_in(ConfigFiles::none()),
    );
    let bundled = player.scene.actors[0].id;

    player.apply(Action::Open(vec![model.clone()]));
    assert_eq!(player.scene.actors.len(), 2, "{:?}", player.error);
    assert_eq!(player.selected_model(), Some(1), "a new model is selected");
    assert!(player.scene.actors[1].layers().is_empty(), "at rest");
    // A motion alone goes to the selected model; the other keeps its dance.
    player.apply(Action::Open(vec![motion.clone()]));
    assert_eq!(player.scene.actors[1].layers().len(), 1);
    assert_eq!(
        labels(&player.scene)[0].1,
        ["dance (bundled)"],
        "the first model's motion is untouched"
    );

    // IK switches and morph pins reach the selected model only.
    let rig = &player.scene.actors[0].model.rig;
    let leg_ik = rig.ik_bones().next().unwrap();
    player.apply(Action::SelectModel(0));
    player.apply(Action::SetIk {
        bone: leg_ik,
        value: IkOverride::Off,
    });
    player.apply(Action::PinMorph {
        morph: 0,
        weight: Some(1.0),
    });
    assert_eq!(player.scene.actors[0].ik.get(leg_ik), IkOverride::Off);
    assert_eq!(player.scene.actors[1].ik.get(leg_ik), IkOverride::Auto);
    assert_eq!(player.scene.actors[0].morph_pins[0], Some(1.0));
    assert_eq!(player.scene.actors[1].morph_pins[0], None);
    assert_eq!(player.ik_override(leg_ik), IkOverride::Off);
    player.apply(Action::SelectModel(1));
    assert_eq!(
        player.ik_override(leg_ik),
        IkOverride::Auto,
        "the panel follows"
    );

    // Every model is posed, each as it would be alone (with its own overrides).
    player.apply(Action::Seek(42.0));
    player.update_pose();
    let expected = alone(&player.scene, 42.0);
    let posed: Vec<&Pose> = player.posed_actors().map(|(_, p)| p).collect();
    assert_eq!(posed.len(), 2);
    for (got, want) in posed.iter().zip(&expected) {
        assert_eq!(got.globals, want.globals);
        assert_eq!(got.morph_weights, want.morph_weights);
    }
    assert_ne!(posed[0].globals, posed[1].globals, "IK off on one only");

    // Moving a model on the stage moves only it; what is not a number is ignored.
    let place = |x: f32| Action::PlaceModel {
        model: 1,
        position: glam::Vec3::new(x, 0.0, 0.0),
    };
    player.apply(place(8.0));
    player.apply(place(f32::NAN));
    assert_eq!(player.scene.actors[1].position.x, 8.0);
    assert_eq!(player.scene.actors[0].position, glam::Vec3::ZERO);

    // Hiding keeps the model on stage; removing takes it off and keeps the selection on
    // the model that was selected.
    player.apply(Action::SetModelVisible {
        model: 0,
        visible: false,
    });
    assert!(!player.scene.actors[0].visible);
    player.apply(Action::RemoveModel(0));
    assert_eq!(player.scene.actors.len(), 1);
    assert_ne!(player.scene.actors[0].id, bundled);
    assert_eq!(player.selected_model(), Some(0));
    player.update_pose();
    assert_eq!(player.posed_actors().count(), 1);

    // Replace puts another model in place of the selected one, keeping its motions.
    let kept = player.scene.actors[0].id;
    player.apply(Action::ReplaceModel(model.clone()));
    assert_eq!(player.scene.actors.len(), 1);
    assert_ne!(player.scene.actors[0].id, kept, "a new model for the GPU");
    assert_eq!(player.scene.actors[0].layers().len(), 1, "its motion stays");

    // An empty stage: nothing to bind a motion to, which says so and changes nothing.
    player.apply(Action::RemoveModel(0));
    assert!(player.scene.actors.is_empty());
    assert_eq!(player.selected_model(), None);
    player.update_pose();
    assert!(player.pose().is_none());
    player.apply(Action::Open(vec![motion]));
    assert!(player.scene.actors.is_empty());
    let error = player.error.clone().unwrap_or_default();
    assert!(error.contains("open a model first"), "{error}");
    // A model with its motion, dropped together, fills it again.
    player.apply(Action::Open(vec![
        model,
        assets().join("default_motion.vmd"),
    ]));
    assert_eq!(player.scene.actors.len(), 1);
    assert_eq!(player.scene.actors[0].layers().len(), 1);
    assert_eq!(player.selected_model(), Some(0));
}

/// `mmd-player pose ARGS` as lines.
fn pose_lines(args: &[&OsStr]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn pose_labels_each_line_with_its_model_when_there_are_several() {
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let frames = ["--frames".as_ref(), "10,20.5".as_ref()];
    let single = pose_lines(&[&[model.as_os_str(), motion.as_os_str()], &frames[..]].concat());
    assert!(single[0].starts_with("{\"frame\":10,"), "{}", single[0]);
    let two = pose_lines(
        &[
            &[
                model.as_os_str(),
                motion.as_os_str(),
                model.as_os_str(),
                motion.as_os_str(),
            ],
            &frames[..],
        ]
        .concat(),
    );
    assert_eq!(two.len(), 2 * single.len());
    let of = |k: usize| -> Vec<String> {
        let prefix = format!("{{\"model\":{k},");
        two.iter()
            .filter_map(|l| l.strip_prefix(&prefix).map(|rest| format!("{{{rest}")))
            .collect()
    };
    assert_eq!(of(0), single);
    assert_eq!(of(1), single);
    // --ik names a bone of any model; one that no model has is an error.
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .args([model.as_os_str(), model.as_os_str()])
        .args(["--frames", "0", "--ik", "no such bone=off"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no model has"), "{stderr}");
}

#[test]
fn three_dancers_with_camera_and_song_render_to_a_video_with_sound() {
    let Some(mut files) = three_dancers() else {
        return;
    };
    if !have_ffmpeg() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let song = dir.path().join("song.wav");
    std::fs::write(&song, tone_wav::tone_wav(10.0)).unwrap();
    files.push(song);
    let pngs = dir.path().join("png");
    let video = dir.path().join("scene.mp4");
    let solo_pngs = dir.path().join("solo");
    let mut args: Vec<&OsStr> = files.iter().map(|f| f.as_os_str()).collect();
    let options: [&OsStr; 12] = [
        "--place".as_ref(),
        "1=-9,0,0".as_ref(),
        "--place".as_ref(),
        "3=9,0,0".as_ref(),
        "--frames".as_ref(),
        "0..44".as_ref(),
        "--size".as_ref(),
        "192x108".as_ref(),
        "--out".as_ref(),
        pngs.as_os_str(),
        "--video".as_ref(),
        video.as_os_str(),
    ];
    args.extend(options);
    let Some(output) = render(&args, None) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let probed = probe(&video);
    assert_eq!(probed.codecs(), [("video", "h264"), ("audio", "aac")]);
    assert_eq!(probed.video().frames, Some(45));
    let duration = probed.duration;
    assert!((duration - 1.5).abs() < 0.1, "{duration} s");

    // Frames decoded back match the PNGs within the codec's tolerance.
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-i"])
        .arg(&video)
        .args(["-start_number", "0"])
        .arg(dir.path().join("decoded_%05d.png"))
        .status()
        .unwrap();
    assert!(status.success());
    for i in [0, 22, 44] {
        let png = image::open(pngs.join(format!("frame_{i:05}.png")))
            .unwrap()
            .to_rgba8();
        let decoded = image::open(dir.path().join(format!("decoded_{i:05}.png")))
            .unwrap()
            .to_rgba8();
        let (mean, _) = difference(&png, &decoded);
        assert!(mean < 1.5, "frame {i}: mean difference {mean}");
    }

    // All three are drawn: the first model alone, in the same place and with the same
    // camera, is another picture.
    let solo: [&OsStr; 10] = [
        files[0].as_os_str(),
        files[1].as_os_str(),
        files[6].as_os_str(),
        "--place".as_ref(),
        "1=-9,0,0".as_ref(),
        "--frames".as_ref(),
        "22".as_ref(),
        "--size".as_ref(),
        "192x108".as_ref(),
        "--out".as_ref(),
    ];
    let mut solo = solo.to_vec();
    solo.push(solo_pngs.as_os_str());
    let output = render(&solo, None).unwrap();
    assert!(output.status.success());
    let alone = image::open(solo_pngs.join("frame_00022.png"))
        .unwrap()
        .to_rgba8();
    let together = image::open(pngs.join("frame_00022.png"))
        .unwrap()
        .to_rgba8();
    assert!(difference(&alone, &together).0 > 1.0);

    // A place beyond the scene's models is refused.
    let beyond: [&OsStr; 7] = [
        files[0].as_os_str(),
        "--place".as_ref(),
        "2=1,0,0".as_ref(),
        "--frames".as_ref(),
        "0".as_ref(),
        "--out".as_ref(),
        solo_pngs.as_os_str(),
    ];
    let output = render(&beyond, None).unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the scene has 1 model"), "{stderr}");
}

#[test]
fn pose_mode_edits_the_selected_model_where_it_stands() {
    use mmd_scene::engine::pose_edit::PoseAction;
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let scene = Scene::from_files(&[model.clone(), motion.clone(), model, motion]).unwrap();
    let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
    player.apply(Action::PlaceModel {
        model: 1,
        position: glam::Vec3::new(10.0, 0.0, 0.0),
    });
    player.apply(Action::SelectModel(1));
    player.apply(Action::Seek(30.0));
    player.update_pose();
    let before: Vec<Pose> = player.posed_actors().map(|(_, p)| p.clone()).collect();
    player.apply(Action::Pose(PoseAction::SetMode(true)));
    player.update_pose();
    let editor = player.pose_editor().unwrap();
    let (hand, bone) = editor.handles().next().unwrap();
    let at = editor.shown().globals[bone].w_axis.truncate();
    player.apply(Action::Pose(PoseAction::Drag {
        handle: hand,
        to: at + glam::Vec3::new(0.0, 2.0, 0.0),
    }));
    player.update_pose();
    let after: Vec<&Pose> = player.posed_actors().map(|(_, p)| p).collect();
    assert_eq!(
        after[0].globals, before[0].globals,
        "the other model is untouched"
    );
    let moved = after[1].globals[bone].w_axis.truncate();
    assert!(
        moved.distance(at + glam::Vec3::new(0.0, 2.0, 0.0)) < 1e-3,
        "the selected model's handle reaches its model-space target: {moved}"
    );
    // Selecting the other model starts a new edit on it.
    player.apply(Action::SelectModel(0));
    player.update_pose();
    assert!(player.pose_mode());
    assert_eq!(
        player.pose().unwrap().globals.len(),
        before[0].globals.len()
    );
}
