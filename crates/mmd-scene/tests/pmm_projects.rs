//! MikuMikuDance's projects (`.pmm`) opened as a scene: the fixture exported by mmd-anim poses
//! as the PMX and VMD it was made from, and projects of both versions written in nanoem's
//! layout bring their models (found again from MMD's absolute Windows paths), keys, camera,
//! light, self-shadow, accessories and their keys, gravity keys, the camera following a bone,
//! music and settings, with a notice for each part the player does not show yet.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../mmd-format/tests/pmm_writer/mod.rs"]
mod pmm_writer;
mod posing;
mod tone_wav;

use posing::{fixture, poses, write_triangle_x};
use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_format::pmm::{BoneKey, BoneState, ModelShape, MorphKey, Pmm, PmmModel, PmmVersion};
use mmd_physics::SubstepRate;
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::project::document::PhysicsModeEntry;
use mmd_scene::project::open::{OpenedProject, open_any};
use mmd_scene::stage::scene::Scene;

/// An engine with `scene` posed at `frame`, physics off.
fn posed_at(scene: &Scene, frame: f32) -> SceneEngine {
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        SubstepRate::Hz60,
        LiveStepping::EveryFrame,
    );
    engine.pose(&scene.actors, frame);
    engine
}

/// `scene` evaluated at `frame` (its actors posed without physics), and the engine posing it.
fn frame_at(scene: &Scene, frame: f32) -> (SceneFrame, SceneEngine) {
    let engine = posed_at(scene, frame);
    let mut evaluated = SceneFrame::default();
    evaluated.evaluate(
        scene,
        frame,
        |i| engine.pose_of(i),
        &FrameChoices::default(),
    );
    (evaluated, engine)
}

#[test]
fn the_fixture_poses_as_the_files_it_was_made_from() {
    let Some(project) = fixture("mmd-anim/ik_multi_bone_from_pmx_vmd.pmm") else {
        return;
    };
    let model = fixture("mmd-anim/ik_multi_axis_limit.pmx").unwrap();
    let motion = fixture("mmd-anim/ik_multi_bone_nondefault.vmd").unwrap();
    let opened = open_any(&project).unwrap();
    assert!(opened.problems.is_empty(), "{:?}", opened.problems);
    assert!(opened.notices.is_empty(), "{:?}", opened.notices);
    assert_eq!(opened.scene.actors.len(), 1, "its model, found beside it");
    let files = Scene::from_files(&[model, motion]).unwrap();
    let last = files.last_frame();
    assert!(last > 0.0);
    let frames: Vec<f32> = (0..=(last as u32 + 5)).map(|f| f as f32 * 0.5).collect();
    assert_eq!(poses(&opened.scene, &frames), poses(&files, &frames));
}

/// `model` given `shape`'s tracks: a rest key per bone and morph, and センター moved by
/// (1, 2, 3) at frame 30.
fn shaped(model: &mut PmmModel, shape: &ModelShape) {
    let rest = |frame: u32, translation: [f32; 3]| BoneKey {
        frame,
        translation,
        rotation: [0.0, 0.0, 0.0, 1.0],
        curves: [[20, 20, 107, 107]; 4],
        physics_off: false,
        selected: false,
    };
    model.bone_names = shape.bone_names.clone();
    model.morph_names = shape.morph_names.clone();
    model.ik_bones = shape.ik_bones.clone();
    model.bone_tracks = shape
        .bone_names
        .iter()
        .map(|name| {
            let mut track = vec![rest(0, [0.0; 3])];
            if name == "センター" {
                track.push(rest(30, [1.0, 2.0, 3.0]));
            }
            track
        })
        .collect();
    model.morph_tracks = shape
        .morph_names
        .iter()
        .map(|_| {
            vec![MorphKey {
                frame: 0,
                weight: 0.0,
                selected: false,
            }]
        })
        .collect();
    for key in &mut model.model_keys {
        key.iks = vec![true; shape.ik_bones.len()];
    }
    let current = &mut model.current;
    current.bones = vec![
        BoneState {
            rotation: [0.0, 0.0, 0.0, 1.0],
            ..BoneState::default()
        };
        shape.bone_names.len()
    ];
    current.morphs = vec![0.0; shape.morph_names.len()];
    current.iks = vec![true; shape.ik_bones.len()];
}

/// nanoem's layout of the sample project in `version`, its models Gene (a PMD, as 0001 needs)
/// and its files laid out under `dir` as on the MMD machine, below `UserFile/`.
fn written_project(gene: &Path, dir: &Path, version: PmmVersion) -> (PathBuf, Pmm) {
    let user = dir.join("UserFile");
    for name in ["初音ミク.pmd", "ステージ.pmd"] {
        let path = user.join("Model").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::copy(gene, path).unwrap();
    }
    write_triangle_x(&user.join("Accessory/床.x"));
    write_triangle_x(&user.join("Accessory/negi.x"));
    std::fs::create_dir_all(user.join("Wave")).unwrap();
    std::fs::write(
        user.join("Wave/曲.wav"),
        tone_wav::tone_wav_with(1.0, 8000, 1),
    )
    .unwrap();
    let pmd = mmd_format::pmd::read(&std::fs::read(gene).unwrap()).unwrap();
    let shape = ModelShape::of_pmd(&pmd);
    let mut pmm = pmm_writer::sample::sample_project(version);
    for model in &mut pmm.models {
        shaped(model, &shape);
    }
    let path = user.join("Projects").join("show.pmm");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, pmm_writer::write(&pmm)).unwrap();
    (path, pmm)
}

fn open_written(version: PmmVersion) -> Option<(OpenedProject, Pmm)> {
    let gene = fixture("gene/Gene_light.pmd")?;
    let dir = tempfile::tempdir().unwrap();
    let (path, pmm) = written_project(&gene, dir.path(), version);
    Some((open_any(&path).unwrap(), pmm))
}

fn check_common(opened: &OpenedProject, pmm: &Pmm) {
    assert!(opened.problems.is_empty(), "{:?}", opened.problems);
    let scene = &opened.scene;
    assert_eq!(
        scene.actors.len(),
        2,
        "both models found under UserFile/Model"
    );

    let centre = scene.actors[0].model.rig.bone_index("センター").unwrap();
    let rest = scene.actors[0].model.rig.bone_rest_position(centre);
    let at_30 = poses(scene, &[30.0]);
    let moved = at_30[0][centre].w_axis.truncate() - rest;
    assert!(moved.abs_diff_eq(Vec3::new(1.0, 2.0, 3.0), 1e-4), "{moved}");

    let key = &pmm.camera.keys[2];
    let camera = scene.camera_at(key.frame as f32).unwrap();
    assert_eq!(
        camera.distance, key.distance,
        "the key's distance at its frame"
    );
    let light = scene.light_at(45.0);
    assert!(
        light.color.abs_diff_eq(Vec3::new(0.2, 0.2, 0.6), 1e-6),
        "{}",
        light.color
    );

    assert_eq!(scene.accessories.len(), 2);
    let authored = scene.accessories[0].settings.clone();
    let first = pmm.accessories[0].keys[0].state;
    let second = pmm.accessories[0].keys[1];
    let (at_10, _) = frame_at(scene, 10.0);
    let floor = &at_10.accessory(0).unwrap().settings;
    assert_eq!(floor.position, Vec3::from(first.position));
    assert!(floor.rotation.abs_diff_eq(
        Vec3::from(first.rotation) * 180.0 / std::f32::consts::PI,
        1e-4
    ));
    assert_eq!(floor.scale, first.scale);
    let halfway = (first.opacity() + second.state.opacity()) / 2.0;
    assert!(
        (floor.opacity - halfway).abs() < 1e-6,
        "Tr halfway between its keys at frame 10: {}",
        floor.opacity
    );
    assert!(floor.visible, "shown until the key that hides it");
    assert_eq!(floor.parent, None);
    assert!(at_10.actor_drawn(0), "shown until its model key hides it");
    let holder = &pmm.models[0].bone_names[3];
    let (at_25, engine) = frame_at(scene, 25.0);
    assert!(!at_25.actor_drawn(0), "hidden by its model key at frame 15");
    assert!(
        !at_25
            .draw_order()
            .contains(&mmd_scene::stage::scene::Drawn::Actor(0)),
        "and not drawn"
    );
    let floor = at_25.accessory(0).unwrap();
    assert!(!floor.settings.visible, "hidden from its second key");
    assert_eq!(
        floor
            .settings
            .parent
            .as_ref()
            .map(|p| (p.actor, p.bone.as_str())),
        Some((scene.actors[0].id, holder.as_str())),
        "held by the second key's bone"
    );
    let bone = scene.actors[0].model.rig.bone_index(holder).unwrap();
    let expected = scene.actors[0].placement()
        * engine.pose_of(0).unwrap().globals[bone]
        * floor.settings.local_matrix();
    assert!(
        floor.world.abs_diff_eq(expected, 1e-5),
        "on the bone's place"
    );
    assert_eq!(
        scene.accessories[0].settings, authored,
        "what the frames evaluated is not what the project keeps"
    );
    let negi = &scene.accessories[1];
    assert!(negi.motion.is_none(), "one key places it for good");
    assert!(scene.music.is_some(), "the song found under UserFile/Wave");

    let settings = &opened.settings;
    assert_eq!(
        (settings.export.width, settings.export.height),
        (1920, 1080)
    );
    assert_eq!(settings.export.frames.map(|(a, _)| a), Some(10.0));
    assert!(settings.view.ground_shadow);
    let notices = opened.notices.join("\n");
    assert!(!notices.contains("keys after the first"), "{notices}");
}

#[test]
fn a_version_2_project_brings_every_part_it_can_show_and_names_the_rest() {
    let Some((opened, pmm)) = open_written(PmmVersion::V2) else {
        return;
    };
    check_common(&opened, &pmm);
    assert!(opened.scene.self_shadow.is_some());
    assert_eq!(opened.settings.physics.mode, PhysicsModeEntry::Baked);
    let notices = opened.notices.join("\n");
    assert!(notices.contains("gravity noise"), "{notices}");
    assert!(!notices.contains("camera follows"), "{notices}");

    let scene = &opened.scene;
    let gravity = scene.gravity.as_ref().expect("gravity keys");
    assert_eq!(gravity.at(0.0), Vec3::new(0.0, -98.0, 0.0));
    let strong = Vec3::new(1.0, -1.0, 0.0).normalize() * 200.0;
    assert!(
        gravity.at(100.0).abs_diff_eq(strong, 1e-3),
        "{}",
        gravity.at(100.0)
    );
    assert!(
        gravity
            .at(50.0)
            .abs_diff_eq((Vec3::new(0.0, -98.0, 0.0) + strong) / 2.0, 1e-3)
    );

    let follows = &pmm.camera.keys[1];
    let bone = scene.actors[0]
        .model
        .rig
        .bone_index(&pmm.models[0].bone_names[3])
        .unwrap();
    let engine = posed_at(scene, follows.frame as f32);
    let camera = scene
        .camera_posed(follows.frame as f32, |i| engine.pose_of(i))
        .unwrap();
    let point = (scene.actors[0].placement() * engine.pose_of(0).unwrap().globals[bone])
        .w_axis
        .truncate();
    assert!(
        camera
            .target
            .abs_diff_eq(Vec3::from(follows.look_at) + point, 1e-4),
        "the look-at point taken from the followed bone: {}",
        camera.target
    );
    let after = &pmm.camera.keys[2];
    let engine = posed_at(scene, after.frame as f32);
    let camera = scene
        .camera_posed(after.frame as f32, |i| engine.pose_of(i))
        .unwrap();
    assert_eq!(
        camera.target,
        Vec3::from(after.look_at),
        "following nothing again"
    );
    assert!(!notices.contains("outside parent"), "{notices}");
    let parents = &opened.scene.actors[0].outside_parents;
    let stage = opened.scene.actors[1].id;
    assert!(
        !parents.is_empty(),
        "the sample hangs the first model from the second"
    );
    assert!(
        parents
            .iter()
            .all(|p| p.at(15.0).is_some_and(|t| t.actor == stage) && p.at(14.0).is_none()),
        "{parents:?}"
    );
}

#[test]
fn a_version_1_project_takes_its_models_shapes_from_their_files() {
    let Some((opened, pmm)) = open_written(PmmVersion::V1) else {
        return;
    };
    check_common(&opened, &pmm);
    assert!(
        opened.scene.self_shadow.is_none(),
        "0001 has no self-shadow keys"
    );
}

#[test]
fn a_missing_model_is_named_and_the_rest_opens() {
    let Some(gene) = fixture("gene/Gene_light.pmd") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = written_project(&gene, dir.path(), PmmVersion::V2);
    std::fs::remove_file(dir.path().join("UserFile/Model/ステージ.pmd")).unwrap();
    let opened = open_any(&path).unwrap();
    assert_eq!(opened.scene.actors.len(), 1);
    assert_eq!(opened.problems.len(), 1, "{:?}", opened.problems);
    assert!(
        opened.problems[0]
            .path
            .to_string_lossy()
            .contains("ステージ.pmd")
    );
}

#[test]
fn mutated_projects_open_or_fail_without_a_panic() {
    let Some(gene) = fixture("gene/Gene_light.pmd") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = written_project(&gene, dir.path(), PmmVersion::V2);
    let bytes = std::fs::read(&path).unwrap();
    let mut opened = 0;
    // About 150 places through the file, set to values that break counts, indices, flags
    // and floats.
    for at in (30..bytes.len()).step_by(bytes.len() / 150 + 1) {
        for value in [0x00, 0x7f, 0xff] {
            let mut mutated = bytes.clone();
            mutated[at] = value;
            if let Ok(project) = mmd_scene::project::pmm::open_pmm_bytes(&path, &mutated) {
                poses(&project.scene, &[0.0, 17.5]);
                opened += 1;
            }
        }
    }
    assert!(opened > 50, "most single-byte changes still read: {opened}");
}

/// What a `.pmm` keys beyond the models' motions (accessory keys, gravity, the camera
/// following a bone) survives being saved as one of our projects and opened again.
#[test]
fn a_pmm_saved_as_a_project_keeps_its_accessory_gravity_and_camera_keys() {
    let Some(gene) = fixture("gene/Gene_light.pmd") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = written_project(&gene, dir.path(), PmmVersion::V2);
    let opened = open_any(&path).unwrap();
    let saved = dir.path().join("UserFile/Projects/show.mmdproject");
    mmd_scene::project::save::save(&opened.scene, &opened.settings, &opened.leftovers, &saved)
        .unwrap();
    let again = open_any(&saved).unwrap();
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    let (a, b) = (&opened.scene, &again.scene);
    assert_eq!(a.gravity, b.gravity);
    for frame in [0.0, 10.0, 20.0, 25.0, 30.0, 31.0] {
        let ((fa, _), (fb, _)) = (frame_at(a, frame), frame_at(b, frame));
        for index in 0..a.accessories.len().max(b.accessories.len()) {
            let (mut sx, mut sy) = (
                fa.accessory(index).unwrap().settings.clone(),
                fb.accessory(index).unwrap().settings.clone(),
            );
            let holder = |s: &mut mmd_scene::stage::accessory::AccessorySettings, scene: &Scene| {
                s.parent.take().map(|p| {
                    let actor = scene.actors.iter().position(|a| a.id == p.actor);
                    (actor, p.bone)
                })
            };
            assert_eq!(holder(&mut sx, a), holder(&mut sy, b), "frame {frame}");
            assert_eq!(sx, sy, "frame {frame}");
        }
        let (ea, eb) = (posed_at(a, frame), posed_at(b, frame));
        assert_eq!(
            a.camera_posed(frame, |i| ea.pose_of(i)),
            b.camera_posed(frame, |i| eb.pose_of(i)),
            "frame {frame}"
        );
    }
}

/// A `.pmm` whose second model and keyed accessory were moved away opens without them, keeps
/// them (the accessory's keys, the first model's outside parent on the second), and once they
/// are located in their new folder plays as the project with every file in place.
#[test]
fn a_pmm_model_and_keyed_accessory_located_later_play_as_in_place() {
    use mmd_scene::project::locate::locate_in_folder;
    let Some(gene) = fixture("gene/Gene_light.pmd") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = written_project(&gene, dir.path(), PmmVersion::V2);
    let in_place = open_any(&path).unwrap();
    let away = dir.path().join("away");
    std::fs::create_dir_all(&away).unwrap();
    for moved in ["Model/ステージ.pmd", "Accessory/床.x"] {
        let from = dir.path().join("UserFile").join(moved);
        std::fs::rename(&from, away.join(from.file_name().unwrap())).unwrap();
    }
    let mut opened = open_any(&path).unwrap();
    assert_eq!(opened.scene.actors.len(), 1);
    assert_eq!(opened.scene.accessories.len(), 1);
    assert_eq!(
        opened.leftovers.missing().len(),
        2,
        "{:?}",
        opened.leftovers.missing()
    );
    let search = locate_in_folder(&mut opened.scene, &mut opened.leftovers, &away);
    assert!(search.refused.is_empty(), "{:?}", search.refused);
    assert!(opened.leftovers.missing().is_empty());

    let (a, b) = (&in_place.scene, &opened.scene);
    let frames = [0.0, 14.0, 15.0, 25.0];
    assert_eq!(
        poses(b, &frames),
        poses(a, &frames),
        "hung from the located model"
    );
    for frame in [0.0, 10.0, 25.0] {
        let floor = |scene: &Scene| {
            let index = scene
                .accessories
                .iter()
                .position(|x| x.label == "床")
                .unwrap();
            let (evaluated, _) = frame_at(scene, frame);
            let mut settings = evaluated.accessory(index).unwrap().settings.clone();
            let parent = settings.parent.take().map(|p| {
                let model = scene.actors.iter().position(|x| x.id == p.actor);
                (model, p.bone)
            });
            (settings, parent)
        };
        assert_eq!(floor(b), floor(a), "frame {frame}");
    }
}
