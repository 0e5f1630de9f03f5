//! Opening the command line's files as the window does: a file that fails is left out and
//! named, every file that opened stays, and the bundled model stands in only when no model
//! opened.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use mmd_scene::stage::scene::Scene;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_broken_motion_leaves_the_model_it_follows_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let broken = write(
        dir.path(),
        "broken.vmd",
        b"Vocaloid Motion Data 0002\0\0\0\0\0",
    );
    let silent = write(dir.path(), "empty.wav", b"");
    let model = assets().join("default_model.pmx");
    let files = [model, broken.clone(), silent.clone()];
    let (scene, failed) = Scene::from_files_keeping_good(&files, &[]).unwrap();
    assert_eq!(scene.actors.len(), 1);
    assert!(
        scene.actors[0].model.label.ends_with("(default_model.pmx)"),
        "the model from the command line, not the bundled one: {}",
        scene.actors[0].model.label
    );
    assert!(scene.actors[0].layers().is_empty(), "no motion bound");
    let paths: Vec<&Path> = failed.iter().map(|e| e.path.as_path()).collect();
    assert_eq!(paths, [broken.as_path(), silent.as_path()]);
    // The all-or-nothing opening refuses the same list, naming the first bad file.
    let error = Scene::from_files(&files).err().expect("refused");
    assert_eq!(error.path, broken);
}

#[test]
fn motions_after_a_model_that_failed_are_left_out_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut half = std::fs::read(assets().join("default_model.pmx")).unwrap();
    half.truncate(half.len() / 2);
    let broken_model = write(dir.path(), "broken.pmx", &half);
    let motion = assets().join("default_motion.vmd");
    let files = [broken_model.clone(), motion.clone()];
    let (scene, failed) = Scene::from_files_keeping_good(&files, &[]).unwrap();
    assert_eq!(scene.actors.len(), 1);
    assert!(scene.actors[0].model.label.ends_with("(bundled)"));
    assert_eq!(failed.len(), 2);
    assert_eq!(failed[0].path, broken_model);
    assert_eq!(failed[1].path, motion);
    assert!(
        failed[1].message.contains("broken.pmx"),
        "{}",
        failed[1].message
    );
}

#[test]
fn without_failures_it_opens_what_the_strict_opening_opens() {
    let files = [
        assets().join("default_model.pmx"),
        assets().join("default_motion.vmd"),
    ];
    let (scene, failed) = Scene::from_files_keeping_good(&files, &[]).unwrap();
    assert!(failed.is_empty());
    let strict = Scene::from_files(&files).unwrap();
    assert_eq!(scene.actors.len(), strict.actors.len());
    assert_eq!(scene.actors[0].model.label, strict.actors[0].model.label);
    assert_eq!(scene.last_frame(), strict.last_frame());
}
