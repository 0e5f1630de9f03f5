//! `mmd-player pose`: output format, IK switches and errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(rel: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ))
    .join(rel);
    if p.exists() {
        return Some(p);
    }
    assert!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
        "MMD_REQUIRE_FIXTURES=1 but {} is missing",
        p.display()
    );
    eprintln!("skipped: {} is absent", p.display());
    None
}

fn pose(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn without_files_it_poses_the_bundled_default_dance() {
    let model_bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/default_model.pmx"
    ))
    .unwrap();
    let bones = mmd_format::pmx::read(&model_bytes).unwrap().bones.len();
    let out = pose(&["--frames", "0,30"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2 * bones);
    let moved = (0..bones).any(|b| lines[b]["m"] != lines[bones + b]["m"]);
    assert!(
        moved,
        "the bundled dance must move some bone between frames 0 and 30"
    );
}

#[test]
fn an_unreadable_model_fails_with_one_line_naming_it() {
    let out = pose(&["/nonexistent/model.pmx", "--frames", "0"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/model.pmx"), "{err}");
}

#[test]
fn prints_one_line_per_bone_per_frame_then_vertices() {
    let (Some(model), Some(dance)) = (
        fixture("j3/miku/index.pmx"),
        fixture("mmd-viewer-js/vmd/wavefile_v2.vmd"),
    ) else {
        return;
    };
    let out = pose(&[
        model.to_str().unwrap(),
        dance.to_str().unwrap(),
        "--frames",
        "0,15.5",
        "--vertices",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // 140 bones then 12354 vertices, per frame.
    assert_eq!(lines.len(), 2 * (140 + 12354));
    let first = &lines[0];
    assert_eq!(first["frame"], 0.0);
    assert_eq!(first["bone"], 0);
    assert_eq!(first["m"].as_array().unwrap().len(), 16);
    let second_frame = &lines[140 + 12354 + 1];
    assert_eq!(second_frame["frame"], 15.5);
    assert_eq!(second_frame["bone"], 1);
    assert!(second_frame["name"].is_string());
    assert_eq!(lines[140]["vertex"], 0);
    assert_eq!(lines[140]["p"].as_array().unwrap().len(), 3);
}

#[test]
fn ik_switches_change_the_legs_and_unknown_names_fail() {
    let (Some(model), Some(dance)) = (
        fixture("j3/miku/index.pmx"),
        fixture("mmd-viewer-js/vmd/wavefile_v2.vmd"),
    ) else {
        return;
    };
    let run = |extra: &[&str]| {
        let mut args = vec![
            model.to_str().unwrap(),
            dance.to_str().unwrap(),
            "--frames",
            "500",
        ];
        args.extend_from_slice(extra);
        pose(&args)
    };
    let on = run(&[]);
    let off = run(&["--ik", "左足ＩＫ=off"]);
    let all_off = run(&["--ik-all", "off"]);
    let back_on = run(&["--ik-all", "off", "--ik", "左足ＩＫ=on"]);
    assert!(
        on.status.success()
            && off.status.success()
            && all_off.status.success()
            && back_on.status.success()
    );
    assert_ne!(on.stdout, off.stdout);
    assert_ne!(off.stdout, all_off.stdout);
    assert_ne!(all_off.stdout, back_on.stdout);

    let bad = run(&["--ik", "存在しないＩＫ=off"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("存在しないＩＫ"));
}
