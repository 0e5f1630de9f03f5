//! `save-project` on the command line: the project it writes renders and poses exactly as the
//! files and options it was made from.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod render_cli;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::fixture;
use render_cli::render;

fn player(args: &[OsString]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(args)
        .output()
        .unwrap()
}

fn os(items: &[&str]) -> Vec<OsString> {
    items.iter().map(OsString::from).collect()
}

/// Two dancers placed apart with a layer on the second, a camera motion, baked physics and
/// self-shadow off, as files and options; `None` without the fixtures.
fn scene_args() -> Option<Vec<OsString>> {
    let files = [
        fixture("gene/Gene_light.pmx")?,
        fixture("gene/motion/02_laugh.vmd")?,
        fixture("blender_mmd_tools/pmx/巡音ルカ.pmx")?,
        fixture("mmd-viewer-js/vmd/wavefile_v2.vmd")?,
    ];
    let layer = fixture("gene/motion/02_laugh.vmd")?;
    let camera = fixture("three-mmd/vmds/wavefile_camera.vmd")?;
    let mut args: Vec<OsString> = files.iter().map(OsString::from).collect();
    args.extend(os(&[
        "--place", "1=-8,0,0", "--place", "2=8,0,0", "--layer",
    ]));
    let mut layer = layer.into_os_string();
    layer.push(":0.5:10");
    args.push(layer);
    args.push("--camera".into());
    args.push(camera.into());
    args.extend(os(&[
        "--physics",
        "baked",
        "--self-shadow",
        "off",
        "--size",
        "320x180",
    ]));
    Some(args)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mmd-project-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn save_project(args: &[OsString], dir: &Path) -> PathBuf {
    let project = dir.join("two.mmdproject");
    let mut save = vec![OsString::from("save-project")];
    save.extend(args.iter().cloned());
    save.push("--out".into());
    save.push(project.clone().into());
    let output = player(&save);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    project
}

#[test]
fn a_saved_project_renders_the_same_frames_as_its_files() {
    let Some(args) = scene_args() else { return };
    let dir = temp("render");
    let project = save_project(&args, &dir);
    let frames = os(&["--frames", "0,30,45"]);
    let (from_files, from_project) = (dir.join("files"), dir.join("project"));
    let mut direct = args.clone();
    direct.extend(frames.iter().cloned());
    direct.extend([OsString::from("--out"), from_files.clone().into()]);
    let Some(output) = render(
        &direct.iter().map(|a| a.as_os_str()).collect::<Vec<_>>(),
        None,
    ) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut again = vec![OsString::from(&project)];
    again.extend(frames.iter().cloned());
    again.extend([OsString::from("--out"), from_project.clone().into()]);
    let output = render(
        &again.iter().map(|a| a.as_os_str()).collect::<Vec<_>>(),
        None,
    )
    .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for frame in ["frame_00000.png", "frame_00030.png", "frame_00045.png"] {
        let a = std::fs::read(from_files.join(frame)).unwrap();
        let b = std::fs::read(from_project.join(frame)).unwrap();
        assert_eq!(
            image::load_from_memory(&b).unwrap().width(),
            320,
            "the project's size"
        );
        assert!(a == b, "{frame} differs between the files and the project");
    }
}

#[test]
fn a_saved_project_poses_as_its_files() {
    let Some(mut args) = scene_args() else { return };
    // `pose` has no camera, place or size options: the project keeps them, the pose ignores
    // them (bones are in model space).
    let camera_at = args.iter().position(|a| a == "--camera").unwrap();
    let project = save_project(&args, &temp("pose"));
    args.drain(camera_at..);
    let place_at = args.iter().position(|a| a == "--place").unwrap();
    let layer = args[place_at + 5].clone();
    args.truncate(place_at);
    let mut direct = vec![OsString::from("pose")];
    direct.extend(args);
    direct.extend([OsString::from("--layer"), layer]);
    direct.extend(os(&["--frames", "0,12.5,40", "--physics", "baked"]));
    let from_files = player(&direct);
    assert!(
        from_files.status.success(),
        "{}",
        String::from_utf8_lossy(&from_files.stderr)
    );
    let from_project = player(&[
        "pose".into(),
        project.into(),
        "--frames".into(),
        "0,12.5,40".into(),
    ]);
    assert!(
        from_project.status.success(),
        "{}",
        String::from_utf8_lossy(&from_project.stderr)
    );
    assert!(!from_files.stdout.is_empty());
    assert!(from_files.stdout == from_project.stdout, "the poses differ");
}

#[test]
fn a_project_opens_alone() {
    let Some(args) = scene_args() else { return };
    let project = save_project(&args, &temp("alone"));
    let model = fixture("gene/Gene_light.pmx").unwrap();
    let output = player(&[
        "pose".into(),
        project.into(),
        model.into(),
        "--frames".into(),
        "0".into(),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("a project opens alone"), "{stderr}");
}

#[test]
fn inspect_lists_what_a_project_names() {
    let Some(args) = scene_args() else { return };
    let project = save_project(&args, &temp("inspect"));
    let output = player(&["inspect".into(), "--json".into(), project.into()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["format"], "mmd-player project");
    let models = summary["models"].as_array().unwrap();
    assert_eq!(models.len(), 2);
    assert_eq!(models[0]["name"], "Gene_light.pmx");
    assert_eq!(
        models[1]["layers"].as_array().unwrap().len(),
        2,
        "its motion and the layer"
    );
    assert_eq!(summary["physics"], "baked");
    assert_eq!(summary["size"], serde_json::json!([320, 180]));
}
