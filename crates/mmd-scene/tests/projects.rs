//! Projects: a scene saved and opened again is the same scene (the same document, the same
//! poses); a missing file leaves the rest open and is kept for the next save; a file moved
//! beside the project is found; earlier and later versions open; damaged files fail cleanly.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posing;
mod tone_wav;

use posing::{assets, camera_vmd, poses, write_triangle_x};
use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_pose::{IkMethod, IkOverride};
use mmd_scene::project::document::{
    CameraEntry, Document, FileRef, LayerEntry, ModelEntry, PhysicsModeEntry, VERSION,
};
use mmd_scene::project::files::MotionFile;
use mmd_scene::project::open::{OpenedProject, open};
use mmd_scene::project::save::{document_of, save};
use mmd_scene::project::{HostSettings, Leftovers, MusicPlay, is_project, read};
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::layers::{LayerEdit, LayerSpec};
use mmd_scene::stage::scene::Scene;
use mmd_scene::stage::source::Source;

fn copy_asset(dir: &Path, name: &str, as_name: &str) -> PathBuf {
    let path = dir.join(as_name);
    std::fs::copy(assets().join(name), &path).unwrap();
    path
}

fn write_box(dir: &Path) -> PathBuf {
    let path = dir.join("props").join("box.x");
    write_triangle_x(&path);
    path
}

/// Two dancers placed apart, the second with two layers (one offset, weighted, Replace),
/// IK and morph overrides, a camera motion, an accessory on the first's bone, and music;
/// every file in `dir` (the models and motions in `media/`).
fn busy_scene(dir: &Path) -> Scene {
    let media = dir.join("media");
    std::fs::create_dir_all(&media).unwrap();
    let a = copy_asset(&media, "default_model.pmx", "a.pmx");
    let b = copy_asset(&media, "default_model.pmx", "b.pmx");
    let dance = copy_asset(&media, "default_motion.vmd", "dance.vmd");
    let second = copy_asset(&media, "default_motion.vmd", "second.vmd");
    let camera = media.join("camera.vmd");
    std::fs::write(&camera, camera_vmd()).unwrap();
    let song = media.join("song.wav");
    std::fs::write(&song, tone_wav::tone_wav_with(1.0, 8000, 1)).unwrap();
    let x = write_box(dir);
    let files = [a, dance.clone(), b, dance, camera, song, x];
    let mut scene =
        Scene::from_files_with_layers(&files, &[LayerSpec::new(second)]).expect("the scene opens");
    scene.actors[0].position = Vec3::new(-8.0, 0.0, 0.0);
    scene.actors[1].position = Vec3::new(8.0, 0.0, 1.5);
    let actor = &mut scene.actors[1];
    assert!(actor.edit_layer(1, LayerEdit::Weight(0.4)));
    assert!(actor.edit_layer(1, LayerEdit::Offset(12.0)));
    assert!(actor.edit_layer(1, LayerEdit::Mode(mmd_pose::LayerMode::Replace)));
    assert!(actor.edit_layer(1, LayerEdit::Looping(true)));
    let ik_bone = actor.model.rig.ik_bones().next().expect("an IK bone");
    actor.ik.set(ik_bone, IkOverride::Off);
    let second_ik = actor.model.rig.ik_bones().nth(1).expect("two IK bones");
    actor.ik.set_method(second_ik, IkMethod::Jacobian);
    actor.morph_pins[0] = Some(0.75);
    let actors = scene.actors.clone();
    let hand = actors[0].model.rig.bone_name(5).to_owned();
    let accessory = &mut scene.accessories[0];
    accessory
        .edit(AccessoryEdit::Parent(Some((0, hand))), &actors)
        .unwrap();
    accessory
        .edit(AccessoryEdit::Position(Vec3::new(1.0, 2.0, 3.0)), &actors)
        .unwrap();
    accessory
        .edit(AccessoryEdit::Opacity(0.5), &actors)
        .unwrap();
    scene
}

fn settings() -> HostSettings {
    let mut settings = HostSettings::default();
    settings.physics.mode = PhysicsModeEntry::Live;
    settings.physics.rate = 120;
    settings.view.edges = false;
    settings.view.skeleton = true;
    settings.use_camera_motion = false;
    settings.free_camera = Some(CameraEntry {
        target: [0.0, 12.0, 0.0],
        rotation: [0.1, 0.2, 0.0],
        distance: -40.0,
        fov_y_deg: 25.0,
        perspective: true,
    });
    settings.timeline.frame = 42.0;
    settings.timeline.speed = 0.5;
    settings.export.width = 640;
    settings.export.height = 360;
    settings.export.fps = 60;
    settings.export.frames = Some((10.0, 90.0));
    settings.music = MusicPlay {
        offset: -15.0,
        volume: 0.6,
        muted: true,
    };
    settings
}

fn reopen(path: &Path) -> OpenedProject {
    let opened = open(path).expect("the project opens");
    assert!(opened.problems.is_empty(), "{:?}", opened.problems);
    assert!(opened.notices.is_empty(), "{:?}", opened.notices);
    opened
}

#[test]
fn a_saved_scene_opens_as_the_same_scene() {
    let dir = tempfile::tempdir().unwrap();
    let scene = busy_scene(dir.path());
    let settings = settings();
    let project = dir.path().join("show.mmdproject");
    let saved = save(&scene, &settings, &Leftovers::default(), &project).unwrap();
    let bytes = std::fs::read(&project).unwrap();
    assert!(is_project(&bytes));
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains("\"media/a.pmx\""), "relative paths: {text}");
    assert!(text.contains("\"props/box.x\""), "{text}");

    let opened = reopen(&project);
    assert_eq!(opened.settings, settings);
    assert_eq!(opened.scene.actors.len(), 2);
    assert!(opened.leftovers.is_empty());
    let again = document_of(&opened.scene, &opened.settings, &opened.leftovers, &project);
    assert_eq!(
        again.document, saved,
        "saving the opened project writes the same file"
    );
    assert!(again.made.is_empty());

    let model = &saved.models[1];
    assert_eq!(model.position, [8.0, 0.0, 1.5]);
    assert_eq!(model.ik.len(), 1);
    assert_eq!(model.jacobian_ik.len(), 1);
    assert_eq!(model.morph_pins.len(), 1);
    assert_eq!(model.layers.len(), 2);
    assert_eq!(model.layers[1].weight, 0.4);
    assert_eq!(model.layers[1].offset, 12.0);
    assert!(saved.camera.is_some() && saved.music.is_some());
    assert_eq!(
        saved.accessories[0].parent.as_ref().map(|p| p.model),
        Some(0)
    );
    let accessory = &opened.scene.accessories[0];
    assert_eq!(accessory.settings.opacity, 0.5);
    assert_eq!(
        accessory.settings.parent.as_ref().map(|p| p.actor),
        Some(opened.scene.actors[0].id),
        "held by the first model as opened"
    );

    let frames = [0.0, 17.5, 40.0, 100.0];
    assert_eq!(poses(&opened.scene, &frames), poses(&scene, &frames));
    for frame in frames {
        let (a, b) = (opened.scene.camera_at(frame), scene.camera_at(frame));
        assert_eq!(a.map(|c| c.distance), b.map(|c| c.distance));
    }
}

#[test]
fn a_missing_file_leaves_the_rest_open_and_is_kept_on_saving() {
    let dir = tempfile::tempdir().unwrap();
    let scene = busy_scene(dir.path());
    let project = dir.path().join("show.mmdproject");
    let saved = save(
        &scene,
        &HostSettings::default(),
        &Leftovers::default(),
        &project,
    )
    .unwrap();
    std::fs::remove_file(dir.path().join("media/second.vmd")).unwrap();
    std::fs::remove_file(dir.path().join("media/a.pmx")).unwrap();
    std::fs::remove_file(dir.path().join("media/song.wav")).unwrap();

    let opened = open(&project).unwrap();
    let named: Vec<String> = opened
        .problems
        .iter()
        .map(|p| p.path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        named,
        ["a.pmx", "second.vmd", "box.x", "song.wav"],
        "the box's parent is the missing model: {:?}",
        opened.problems
    );
    assert_eq!(opened.scene.actors.len(), 1, "the second model opened");
    assert_eq!(
        opened.scene.actors[0].layers().len(),
        1,
        "its first layer opened"
    );
    assert_eq!(
        opened.scene.accessories.len(),
        1,
        "the accessory opened, in the world"
    );
    assert!(opened.scene.accessories[0].settings.parent.is_none());
    assert!(opened.scene.camera.is_some());

    let again = document_of(&opened.scene, &opened.settings, &opened.leftovers, &project);
    let files = |d: &Document| {
        let mut all: Vec<FileRef> = d
            .models
            .iter()
            .flat_map(|m| {
                std::iter::once(m.file.clone()).chain(m.layers.iter().flat_map(|l| l.files.clone()))
            })
            .collect();
        all.sort();
        all
    };
    assert_eq!(
        files(&again.document),
        files(&saved),
        "nothing named is lost"
    );
    assert_eq!(again.document.music, saved.music);
    // The missing model is written after the one that opened; the box's parent follows it.
    let a = again
        .document
        .models
        .iter()
        .position(|m| m.file == FileRef::File("media/a.pmx".to_owned()));
    let mut accessories = saved.accessories.clone();
    accessories[0].parent.as_mut().unwrap().model = a.unwrap();
    assert_eq!(
        again.document.accessories, accessories,
        "the box keeps its parent"
    );
}

#[test]
fn a_file_moved_beside_the_project_is_found_there() {
    let dir = tempfile::tempdir().unwrap();
    copy_asset(dir.path(), "default_model.pmx", "dancer.pmx");
    let document = Document {
        models: vec![ModelEntry {
            file: FileRef::File("C:\\Users\\someone\\UserFile\\Model\\dancer.pmx".to_owned()),
            ..ModelEntry::default()
        }],
        ..Document::default()
    };
    let project = dir.path().join("moved.mmdproject");
    std::fs::write(&project, serde_json::to_vec(&document).unwrap()).unwrap();
    let opened = reopen(&project);
    assert_eq!(opened.scene.actors.len(), 1);
    assert_eq!(
        opened.scene.actors[0].model.source,
        Source::File(dir.path().join("dancer.pmx"))
    );
}

#[test]
fn a_motion_made_in_the_player_is_written_beside_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let mut scene =
        Scene::from_files(&[copy_asset(dir.path(), "default_model.pmx", "m.pmx")]).unwrap();
    let vmd = mmd_format::vmd::read(&std::fs::read(assets().join("default_motion.vmd")).unwrap())
        .unwrap();
    scene.actors[0].set_first_layer_motion(MotionFile {
        label: "edited".to_owned(),
        vmd: vmd.clone(),
        pose: None,
        source: Source::Made,
    });
    let project = dir.path().join("made.mmdproject");
    let saved = save(
        &scene,
        &HostSettings::default(),
        &Leftovers::default(),
        &project,
    )
    .unwrap();
    assert_eq!(
        saved.models[0].layers[0].files,
        [FileRef::File("made_motions/model1_layer1_1.vmd".to_owned())]
    );
    let opened = reopen(&project);
    let files = &opened.scene.actors[0].layer_sources()[0].files;
    assert_eq!(files[0].vmd, vmd, "the keys as made");
    let frames = [0.0, 30.0, 61.5];
    assert_eq!(poses(&opened.scene, &frames), poses(&scene, &frames));
}

/// A version 1 file as written by hand: every field left out takes its default.
const VERSION_1: &str = r#"{
  "format": "mmd-player project",
  "version": 1,
  "models": [
    { "file": "bundled", "position": [1, 0, 0],
      "layers": [ { "files": ["bundled"], "weight": 0.5 } ] }
  ],
  "physics": { "mode": "off" }
}"#;

/// A version 2 file as written by hand: gravity keys and the camera following a bone.
const VERSION_2: &str = r#"{
  "format": "mmd-player project",
  "version": 2,
  "models": [ { "file": "bundled" } ],
  "gravity": [ { "frame": 0 }, { "frame": 60, "acceleration": 4.9, "direction": [1, 0, 0] } ],
  "camera_follow": [ { "frame": 10, "parent": { "model": 0, "bone": "センター" } } ]
}"#;

#[test]
fn each_version_opens() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("v2.mmdproject");
    std::fs::write(&project, VERSION_2).unwrap();
    let opened = reopen(&project);
    assert_eq!(VERSION, 2, "add the new version's file to this test");
    let scene = &opened.scene;
    let gravity = scene.gravity.as_ref().expect("gravity keys");
    assert_eq!(gravity.at(30.0), Vec3::new(24.5, -49.0, 0.0), "halfway");
    let follow = scene.camera_follow.as_ref().expect("the camera follows");
    assert_eq!(follow.at(9.0), None);
    let centre = scene.actors[0].model.rig.bone_index("センター");
    assert_eq!(follow.at(10.0).map(|t| t.bone), centre);

    let project = dir.path().join("v1.mmdproject");
    std::fs::write(&project, VERSION_1).unwrap();
    let opened = reopen(&project);
    assert_eq!(opened.scene.actors.len(), 1);
    assert_eq!(opened.scene.actors[0].position, Vec3::X);
    assert_eq!(opened.scene.actors[0].layers()[0].weight, 0.5);
    assert_eq!(opened.settings.physics.mode, PhysicsModeEntry::Off);
    assert_eq!(opened.settings.physics.rate, 60);
    assert!(opened.settings.view.self_shadow);
}

#[test]
fn a_later_versions_fields_are_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let later = VERSION_1
        .replace(
            "\"version\": 1",
            "\"version\": 7, \"stage\": {\"fog\": true}",
        )
        .replace("\"weight\": 0.5", "\"weight\": 0.5, \"curve\": \"ease\"");
    let project = dir.path().join("v7.mmdproject");
    std::fs::write(&project, later).unwrap();
    let opened = open(&project).unwrap();
    assert!(opened.problems.is_empty());
    assert_eq!(opened.scene.actors[0].layers()[0].weight, 0.5);
    assert_eq!(opened.notices.len(), 2, "{:?}", opened.notices);
    assert!(opened.notices[0].contains("version 7"));
    assert!(opened.notices[1].contains("stage"), "{}", opened.notices[1]);
    assert!(
        opened.notices[1].contains("models.0.layers.0.curve"),
        "{}",
        opened.notices[1]
    );
}

#[test]
fn damaged_projects_fail_with_a_reason_and_odd_values_open_safely() {
    let path = Path::new("p.mmdproject");
    assert!(read(path, b"{\"format\": \"mmd-player project\", \"models\": [").is_err());
    assert!(read(path, b"{\"format\": \"something else\"}").is_err());
    assert!(
        read(
            path,
            b"{\"format\": \"mmd-player project\", \"version\": -1}"
        )
        .is_err()
    );
    assert!(!is_project(b"Vocaloid Motion Data 0002"));
    let mut mutated = 0;
    for (i, _) in VERSION_1.char_indices() {
        for replacement in ["", "9", "\"", "{", "-1e40", "null"] {
            let text = format!("{}{replacement}{}", &VERSION_1[..i], &VERSION_1[i + 1..]);
            if let Ok((document, _)) = read(path, text.as_bytes()) {
                let dir = Path::new("/nonexistent");
                let _ = mmd_scene::project::open::open_document(&document, dir);
                mutated += 1;
            }
        }
    }
    assert!(mutated > 100, "some mutations still read: {mutated}");
    let odd = Document {
        models: vec![ModelEntry {
            position: [f32::NAN, f32::INFINITY, 1.0],
            layers: vec![LayerEntry {
                files: vec![FileRef::Bundled],
                weight: f32::NAN,
                ..LayerEntry::default()
            }],
            ..ModelEntry::default()
        }],
        ..Document::default()
    };
    let opened = mmd_scene::project::open::open_document(&odd, Path::new("."));
    assert_eq!(opened.scene.actors[0].position, Vec3::new(0.0, 0.0, 1.0));
    assert_eq!(opened.scene.actors[0].layers()[0].weight, 1.0);
}

/// Evaluating frames (as scrubbing the timeline does) leaves what the scene authored alone: a
/// keyed accessory saves the same document at whatever frame the timeline stood, while each
/// frame shows it where its keys put it.
#[test]
fn scrubbing_a_keyed_accessory_does_not_change_what_is_saved() {
    use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
    use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
    use mmd_scene::stage::accessory_motion::{AccessoryKey, AccessoryMotion};
    let dir = tempfile::tempdir().unwrap();
    let mut scene = busy_scene(dir.path());
    let key = |frame: u32, x: f32| AccessoryKey {
        frame,
        visible: true,
        position: Vec3::new(x, 0.0, 0.0),
        rotation: Vec3::ZERO,
        scale: 1.0,
        opacity: 1.0,
        ground_shadow: true,
        parent: None,
    };
    scene.accessories[0].motion = AccessoryMotion::new(vec![key(0, 0.0), key(40, 20.0)]);
    let path = dir.path().join("scrubbed.mmdproject");
    let leftovers = Leftovers::default();
    let document = |scene: &Scene| document_of(scene, &settings(), &leftovers, &path).document;
    let before = document(&scene);
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        Default::default(),
        LiveStepping::EveryFrame,
    );
    let mut frame = SceneFrame::default();
    for (at, x) in [(30.0, 15.0), (10.0, 5.0)] {
        frame.pose(&mut engine, &scene, at, &FrameChoices::default());
        let shown = frame.accessory(0).unwrap();
        assert_eq!(
            shown.settings.position,
            Vec3::new(x, 0.0, 0.0),
            "frame {at}"
        );
        assert_eq!(document(&scene), before, "saved after showing frame {at}");
    }
}
