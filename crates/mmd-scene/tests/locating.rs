//! Locating the files of a project that did not open: each part, opened from where the user
//! points, makes the scene the project makes with its files in place (the same poses, camera,
//! accessory and music), saving then names the new places, a file of the wrong kind is
//! refused and the part stays missing, and once one file is located the others are found in
//! its folder.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posing;
mod tone_wav;

use posing::{assets, camera_vmd, fixture, poses, write_triangle_x};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mmd_scene::project::document::{
    AccessoryEntry, Document, FileRef, LayerEntry, LayerModeEntry, ModelEntry, MusicEntry,
    OutsideParentEntry, OutsideParentKeyEntry, ParentEntry,
};
use mmd_scene::project::locate::{MissingKind, MissingPart, locate, locate_in_folder};
use mmd_scene::project::open::{OpenedProject, open, open_any};
use mmd_scene::project::save::save;
use mmd_scene::project::{Leftovers, MusicPlay};
use mmd_scene::stage::scene::Scene;

const FRAMES: [f32; 5] = [0.0, 12.0, 20.5, 35.0, 100.0];

/// The files a project names, under `dir`: `media/` (two models, two motions, a camera and a
/// song) and `props/box.x`.
fn write_files(dir: &Path) {
    let media = dir.join("media");
    std::fs::create_dir_all(&media).unwrap();
    for (asset, name) in [
        ("default_model.pmx", "a.pmx"),
        ("default_model.pmx", "b.pmx"),
        ("default_motion.vmd", "dance.vmd"),
        ("default_motion.vmd", "second.vmd"),
    ] {
        std::fs::copy(assets().join(asset), media.join(name)).unwrap();
    }
    std::fs::write(media.join("camera.vmd"), camera_vmd()).unwrap();
    std::fs::write(
        media.join("song.wav"),
        tone_wav::tone_wav_with(1.0, 8000, 1),
    )
    .unwrap();
    write_triangle_x(&dir.join("props/box.x"));
}

fn file(text: &str) -> FileRef {
    FileRef::File(text.to_owned())
}

/// A project of two dancers: the first placed, with an IK switch, a pinned morph and a
/// layer; the second with two layers (the second offset, weighted, Replace, looping) and its
/// root hanging from the first's hand from frame 10 to 30; a camera, a box held by the
/// first's hand, and the song at an offset, quiet and muted.
fn write_project(dir: &Path) -> PathBuf {
    write_files(dir);
    let rig = Scene::from_files(&[dir.join("media/a.pmx")])
        .unwrap()
        .actors[0]
        .model
        .rig
        .clone();
    let hand = rig.bone_name(5).to_owned();
    let ik = rig.bone_name(rig.ik_bones().next().unwrap()).to_owned();
    let root = rig.bone_name(0).to_owned();
    let layer = |name: &str| LayerEntry {
        files: vec![file(name)],
        ..LayerEntry::default()
    };
    let document = Document {
        models: vec![
            ModelEntry {
                file: file("media/a.pmx"),
                position: [-8.0, 0.0, 0.0],
                ik: BTreeMap::from([(ik, false)]),
                morph_pins: BTreeMap::from([(rig.morph_name(0).to_owned(), 0.75)]),
                layers: vec![layer("media/dance.vmd")],
                ..ModelEntry::default()
            },
            ModelEntry {
                file: file("media/b.pmx"),
                position: [8.0, 0.0, 1.5],
                layers: vec![
                    layer("media/dance.vmd"),
                    LayerEntry {
                        weight: 0.4,
                        offset: 12.0,
                        looping: true,
                        mode: LayerModeEntry::Replace,
                        ..layer("media/second.vmd")
                    },
                ],
                outside_parents: vec![OutsideParentEntry {
                    bone: root,
                    keys: vec![
                        OutsideParentKeyEntry {
                            frame: 10,
                            parent: Some(ParentEntry {
                                model: 0,
                                bone: hand.clone(),
                            }),
                        },
                        OutsideParentKeyEntry {
                            frame: 30,
                            parent: None,
                        },
                    ],
                }],
                ..ModelEntry::default()
            },
        ],
        camera: Some(file("media/camera.vmd")),
        accessories: vec![AccessoryEntry {
            file: "props/box.x".to_owned(),
            position: [1.0, 2.0, 3.0],
            opacity: 0.5,
            parent: Some(ParentEntry {
                model: 0,
                bone: hand,
            }),
            ..AccessoryEntry::default()
        }],
        music: Some(MusicEntry {
            file: "media/song.wav".to_owned(),
            offset: -15.0,
            volume: 0.6,
            muted: true,
        }),
        ..Document::default()
    };
    let project = dir.join("show.mmdproject");
    std::fs::write(&project, serde_json::to_vec_pretty(&document).unwrap()).unwrap();
    project
}

/// The files that go missing, by their path under the project's folder.
const MOVED: [&str; 5] = [
    "media/a.pmx",
    "media/second.vmd",
    "media/camera.vmd",
    "props/box.x",
    "media/song.wav",
];

/// Moves the files of [`MOVED`] from `dir` into `dir/moved/`, keeping their folders.
fn move_files(dir: &Path) -> PathBuf {
    let moved = dir.join("moved");
    for name in MOVED {
        let to = moved.join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::rename(dir.join(name), to).unwrap();
    }
    moved
}

fn opened_whole(project: &Path) -> OpenedProject {
    let opened = open(project).unwrap();
    assert!(opened.problems.is_empty(), "{:?}", opened.problems);
    assert!(opened.leftovers.is_empty());
    opened
}

/// The scene with its actors in the order of their files' names (a model located comes last
/// in the scene; the poses do not depend on the order).
fn by_file(mut scene: Scene) -> Scene {
    scene.actors.sort_by_key(|a| {
        a.model
            .source
            .path()
            .and_then(Path::file_name)
            .map(|n| n.to_owned())
    });
    scene
}

/// Checks that `scene` is the scene `whole` is, with the files in place.
fn assert_same_scene(scene: Scene, whole: &Scene) {
    let scene = by_file(scene);
    assert_eq!(scene.actors.len(), 2);
    assert_eq!(
        poses(&scene, &FRAMES),
        poses(whole, &FRAMES),
        "the same poses (places, IK, pins, layers, outside parents)"
    );
    for frame in FRAMES {
        let (a, b) = (scene.camera_at(frame), whole.camera_at(frame));
        assert_eq!(a.map(|c| c.distance), b.map(|c| c.distance));
    }
    let (box_, whole_box) = (&scene.accessories[0], &whole.accessories[0]);
    assert_eq!(box_.settings.position, whole_box.settings.position);
    assert_eq!(box_.settings.opacity, whole_box.settings.opacity);
    let holder = |s: &Scene, a: &mmd_scene::stage::accessory::Accessory| {
        let parent = a.settings.parent.as_ref().expect("held");
        let actor = s.actors.iter().position(|x| x.id == parent.actor);
        (actor, parent.bone.clone())
    };
    assert_eq!(
        holder(&scene, box_),
        holder(whole, whole_box),
        "held by a's hand"
    );
    assert_eq!(
        scene.music.as_ref().map(|m| m.duration()),
        whole.music.as_ref().map(|m| m.duration())
    );
}

#[test]
fn each_missing_part_located_makes_the_scene_of_the_files_in_place_and_is_saved_there() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let whole = opened_whole(&project);
    let moved = move_files(dir.path());

    let mut opened = open(&project).unwrap();
    assert_eq!(opened.scene.actors.len(), 1);
    assert!(
        opened.scene.actors[0].outside_parents[0].keys.len() == 1,
        "the key hanging from the missing model waits"
    );
    let missing = opened.leftovers.missing();
    let kinds: Vec<(MissingKind, &str)> = missing
        .iter()
        .map(|m| (m.part.kind(), m.written.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            (MissingKind::Model, "media/a.pmx"),
            (MissingKind::Motion, "media/second.vmd"),
            (MissingKind::Camera, "media/camera.vmd"),
            (MissingKind::Accessory, "props/box.x"),
            (MissingKind::Music, "media/song.wav"),
        ]
    );

    let mut music = None;
    while let Some(next) = opened.leftovers.missing().into_iter().next() {
        let path = moved.join(&next.written);
        let located = locate(&mut opened.scene, &mut opened.leftovers, next.part, &path)
            .unwrap_or_else(|e| panic!("{}: {e}", next.written));
        assert!(located.problems.is_empty(), "{:?}", located.problems);
        music = music.or(located.music);
    }
    assert!(opened.leftovers.is_empty(), "{:?}", opened.leftovers);
    assert_eq!(
        music,
        Some(MusicPlay {
            offset: -15.0,
            volume: 0.6,
            muted: true
        }),
        "the music as the project plays it"
    );
    let located = opened.scene.clone();
    assert_same_scene(opened.scene.clone(), &whole.scene);

    let saved = save(&located, &opened.settings, &opened.leftovers, &project).unwrap();
    let models: Vec<&FileRef> = saved.models.iter().map(|m| &m.file).collect();
    assert_eq!(
        models,
        [&file("media/b.pmx"), &file("moved/media/a.pmx")],
        "the model located is named where it was found"
    );
    assert_eq!(
        saved.models[0].layers[1].files,
        [file("moved/media/second.vmd")]
    );
    assert_eq!(saved.models[0].layers[1].weight, 0.4);
    assert_eq!(
        saved.models[0].outside_parents[0].keys[0].parent,
        Some(ParentEntry {
            model: 1,
            bone: whole.scene.actors[0].model.rig.bone_name(5).to_owned()
        }),
        "the outside parent names the located model at its place now"
    );
    assert_eq!(saved.models[1].position, [-8.0, 0.0, 0.0]);
    assert_eq!(saved.models[1].ik.len(), 1);
    assert_eq!(saved.models[1].morph_pins.len(), 1);
    assert_eq!(saved.camera, Some(file("moved/media/camera.vmd")));
    assert_eq!(saved.accessories[0].file, "moved/props/box.x");
    assert_eq!(
        saved.accessories[0].parent.as_ref().map(|p| p.model),
        Some(1)
    );
    let song = saved.music.as_ref().unwrap();
    assert_eq!(
        (song.file.as_str(), song.offset, song.volume, song.muted),
        ("moved/media/song.wav", -15.0, 0.6, true)
    );

    let reopened = opened_whole(&project);
    assert_same_scene(reopened.scene, &whole.scene);
}

#[test]
fn saving_before_locating_keeps_every_part_and_its_model_places() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let before: Document = serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    std::fs::remove_file(dir.path().join("media/a.pmx")).unwrap();
    let opened = open(&project).unwrap();
    let saved = save(&opened.scene, &opened.settings, &opened.leftovers, &project).unwrap();
    // The missing model is written after the one that opened: every place naming it follows.
    assert_eq!(saved.models[1], before.models[0]);
    assert_eq!(saved.models[0].outside_parents, {
        let mut parents = before.models[1].outside_parents.clone();
        parents[0].keys[0].parent.as_mut().unwrap().model = 1;
        parents
    });
    assert_eq!(
        saved.accessories[0].parent.as_ref().map(|p| p.model),
        Some(1),
        "the box is still held by the missing model"
    );
}

#[test]
fn a_file_of_the_wrong_kind_is_refused_and_the_part_stays_missing() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let moved = move_files(dir.path());
    let mut opened = open(&project).unwrap();
    let before = opened.leftovers.clone();
    let camera = moved.join("media/camera.vmd");
    let model = moved.join("media/a.pmx");
    let attempts = [
        (MissingPart::Model(0), camera.clone(), "not a model"),
        (MissingPart::Camera, model.clone(), "has no camera keys"),
        (
            MissingPart::Accessory(0),
            camera.clone(),
            "not an accessory",
        ),
        (MissingPart::Music, model.clone(), ""),
        (
            MissingPart::Layer { layer: 0, file: 0 },
            camera.clone(),
            "no bone, morph or IK keys",
        ),
    ];
    for (part, path, why) in attempts {
        let refused = locate(&mut opened.scene, &mut opened.leftovers, part, &path)
            .expect_err("the wrong kind of file");
        assert_eq!(refused.path, path);
        assert!(
            refused.message.contains(why),
            "{part:?}: {}",
            refused.message
        );
        assert_eq!(opened.leftovers, before, "{part:?} stays missing");
    }
    assert_eq!(opened.scene.actors.len(), 1);
    assert!(opened.scene.camera.is_none() && opened.scene.music.is_none());
    assert!(opened.scene.accessories.is_empty());
    assert_eq!(opened.scene.actors[0].layers().len(), 1);
}

#[test]
fn once_one_file_is_located_the_others_are_found_in_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let whole = opened_whole(&project);
    let moved = move_files(dir.path());
    let mut opened = open(&project).unwrap();
    locate(
        &mut opened.scene,
        &mut opened.leftovers,
        MissingPart::Model(0),
        &moved.join("media/a.pmx"),
    )
    .unwrap();
    let search = locate_in_folder(
        &mut opened.scene,
        &mut opened.leftovers,
        &moved.join("media"),
    );
    let found: Vec<&str> = search
        .located
        .iter()
        .map(|(m, _)| m.written.as_str())
        .collect();
    assert_eq!(
        found,
        [
            "media/second.vmd",
            "media/camera.vmd",
            "props/box.x",
            "media/song.wav"
        ],
        "by the tail of their paths, from the folder and the one above"
    );
    assert!(search.refused.is_empty(), "{:?}", search.refused);
    assert!(opened.leftovers.is_empty());
    assert_same_scene(opened.scene, &whole.scene);
}

#[test]
fn a_file_found_in_the_folder_that_does_not_open_is_refused_and_stays_missing() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let moved = move_files(dir.path());
    std::fs::write(moved.join("media/song.wav"), b"not a song").unwrap();
    let mut opened = open(&project).unwrap();
    let search = locate_in_folder(
        &mut opened.scene,
        &mut opened.leftovers,
        &moved.join("media"),
    );
    assert_eq!(search.located.len(), 4, "the model brings its layer");
    assert_eq!(search.refused.len(), 1, "{:?}", search.refused);
    assert_eq!(search.refused[0].path, moved.join("media/song.wav"));
    let missing = opened.leftovers.missing();
    assert_eq!(missing.len(), 1);
    assert_eq!(missing[0].part, MissingPart::Music);
    assert!(opened.scene.music.is_none());
}

#[test]
fn a_pmm_model_located_plays_the_projects_keys_and_is_saved_with_them() {
    let (Some(pmm), Some(model)) = (
        fixture("mmd-anim/ik_multi_bone_from_pmx_vmd.pmm"),
        fixture("mmd-anim/ik_multi_axis_limit.pmx"),
    ) else {
        return;
    };
    let in_place = open_any(&pmm).unwrap();
    assert!(in_place.problems.is_empty(), "{:?}", in_place.problems);
    let dir = tempfile::tempdir().unwrap();
    let alone = dir.path().join("alone.pmm");
    std::fs::copy(&pmm, &alone).unwrap();
    let mut opened = open_any(&alone).unwrap();
    assert!(opened.scene.actors.is_empty());
    let missing = opened.leftovers.missing();
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(missing[0].part, MissingPart::Model(0));
    assert!(missing[0].written.ends_with("ik_multi_axis_limit.pmx"));
    locate(
        &mut opened.scene,
        &mut opened.leftovers,
        MissingPart::Model(0),
        &model,
    )
    .unwrap();
    assert!(opened.leftovers.is_empty());
    let last = in_place.scene.last_frame();
    assert!(last > 0.0);
    let frames: Vec<f32> = (0..=(last as u32 + 2)).map(|f| f as f32).collect();
    assert_eq!(
        poses(&opened.scene, &frames),
        poses(&in_place.scene, &frames)
    );

    let project = dir.path().join("alone.mmdproject");
    save(
        &opened.scene,
        &opened.settings,
        &Leftovers::default(),
        &project,
    )
    .unwrap();
    let reopened = opened_whole(&project);
    assert_eq!(
        poses(&reopened.scene, &frames),
        poses(&in_place.scene, &frames)
    );
}

#[test]
fn a_pmm_saved_with_its_model_missing_keeps_the_models_keys() {
    let Some(pmm) = fixture("mmd-anim/ik_multi_bone_from_pmx_vmd.pmm") else {
        return;
    };
    let model = fixture("mmd-anim/ik_multi_axis_limit.pmx").unwrap();
    let in_place = open_any(&pmm).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let alone = dir.path().join("alone.pmm");
    std::fs::copy(&pmm, &alone).unwrap();
    let opened = open_any(&alone).unwrap();
    let project = dir.path().join("alone.mmdproject");
    let saved = save(&opened.scene, &opened.settings, &opened.leftovers, &project).unwrap();
    assert_eq!(saved.models.len(), 1);
    assert_eq!(
        saved.models[0].layers[0].files,
        [file("alone_motions/model1_keys.vmd")],
        "the .pmm's keys written beside the project"
    );
    // The model put beside the project is found there, playing the keys.
    std::fs::copy(&model, dir.path().join("ik_multi_axis_limit.pmx")).unwrap();
    let reopened = opened_whole(&project);
    let frames: Vec<f32> = (0..=40).map(|f| f as f32).collect();
    assert_eq!(
        poses(&reopened.scene, &frames),
        poses(&in_place.scene, &frames)
    );
}

#[test]
fn saving_elsewhere_names_the_missing_files_from_the_new_folder() {
    let dir = tempfile::tempdir().unwrap();
    let project = write_project(dir.path());
    let whole = opened_whole(&project);
    let aside = dir.path().join("aside.pmx");
    std::fs::rename(dir.path().join("media/a.pmx"), &aside).unwrap();
    std::fs::rename(
        dir.path().join("media/song.wav"),
        dir.path().join("aside.wav"),
    )
    .unwrap();
    let opened = open(&project).unwrap();
    let elsewhere = dir.path().join("copies").join("again.mmdproject");
    std::fs::create_dir_all(elsewhere.parent().unwrap()).unwrap();
    let saved = save(
        &opened.scene,
        &opened.settings,
        &opened.leftovers,
        &elsewhere,
    )
    .unwrap();
    assert_eq!(saved.models[1].file, file("../media/a.pmx"));
    assert_eq!(saved.music.as_ref().unwrap().file, "../media/song.wav");
    // The files back where the first project had them: the copy opens whole.
    std::fs::rename(&aside, dir.path().join("media/a.pmx")).unwrap();
    std::fs::rename(
        dir.path().join("aside.wav"),
        dir.path().join("media/song.wav"),
    )
    .unwrap();
    let again = opened_whole(&elsewhere);
    assert_same_scene(again.scene, &whole.scene);
}
