//! `mmd-player pose`: output format, IK switches and errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::Command;

use common::fixture;

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

#[test]
fn ik_method_picks_the_solver_per_chain_or_for_all() {
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
    // (IK bone, effector) distance per line set: the reach of a chain.
    let reach = |out: &std::process::Output, ik: &str, effector: &str| {
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        let at = |name: &str| {
            let line = text
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .find(|v| v["name"] == name)
                .unwrap();
            let m = line["m"].as_array().unwrap();
            let p = |i: usize| m[i].as_f64().unwrap();
            [p(12), p(13), p(14)]
        };
        let (a, b) = (at(ik), at(effector));
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    };
    let default = run(&[]);
    let ccd = run(&["--ik-method", "ccd"]);
    let jacobian = run(&["--ik-method", "jacobian"]);
    let left = run(&["--ik-method", "左足ＩＫ=Jacobian"]);
    let all_but_left = run(&["--ik-method", "左足ＩＫ=ccd", "--ik-method", "jacobian"]);
    for out in [&default, &ccd, &jacobian, &left, &all_but_left] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(default.stdout, ccd.stdout, "CCD is the default");
    assert_ne!(default.stdout, jacobian.stdout);
    assert_ne!(left.stdout, default.stdout);
    assert_ne!(left.stdout, jacobian.stdout);
    assert_ne!(all_but_left.stdout, jacobian.stdout);
    // The Jacobian solver brings the left ankle at least as near its IK bone.
    let (c, j) = (
        reach(&default, "左足ＩＫ", "左足首"),
        reach(&left, "左足ＩＫ", "左足首"),
    );
    assert!(j <= c.max(1e-4), "Jacobian reach {j} vs CCD {c}");
    // Only the named chain changes: the right leg stays CCD's.
    assert_eq!(
        reach(&left, "右足ＩＫ", "右足首"),
        reach(&default, "右足ＩＫ", "右足首")
    );

    for bad in [
        &["--ik-method", "newton"][..],
        &["--ik-method", "存在しないＩＫ=ccd"],
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(bad[1].split('=').next().unwrap()), "{err}");
    }
}
