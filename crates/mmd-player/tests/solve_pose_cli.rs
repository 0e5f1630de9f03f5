//! `mmd-player solve-pose`: a wrist target reached with the feet pinned on Miku dancing
//! WAVEFILE, the VPD it writes posed by `pose` at frame 0 and its VMD keys at the frame
//! agreeing bone for bone, errors as one line with status 1, and a VPD of a solved Gene
//! posed by `pose` bone for bone as solved, her long-named cloak IK chain included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::process::{Command, Output};

use common::fixture;
use glam::Vec3;
use mmd_pose::{FullBody, FullBodySolver, Handle, IkOverrides, Motion, Pin, Pose, Rig, Target};
use serde_json::Value;

fn player(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(args)
        .output()
        .unwrap()
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Bone name → model-space matrix, from `pose` output.
fn matrices(out: &Output) -> Vec<(String, Vec<f64>)> {
    json_lines(out)
        .iter()
        .map(|l| {
            let m = l["m"].as_array().unwrap();
            (
                l["name"].as_str().unwrap().to_owned(),
                m.iter().map(|v| v.as_f64().unwrap()).collect(),
            )
        })
        .collect()
}

#[test]
fn miku_wrist_target_is_reached_and_the_written_pose_plays_back() {
    let (Some(model), Some(dance)) = (
        fixture("j3/miku/index.pmx"),
        fixture("mmd-viewer-js/vmd/wavefile_v2.vmd"),
    ) else {
        return;
    };
    let (model, dance) = (model.to_str().unwrap(), dance.to_str().unwrap());
    let motion_pose = player(&["pose", model, dance, "--frames", "300"]);
    let wrist = matrices(&motion_pose)
        .into_iter()
        .find(|(n, _)| n == "左手首")
        .unwrap()
        .1;
    // Five units up and forward of where the dance has the wrist.
    let goal = [wrist[12], wrist[13] + 3.0, wrist[14] - 4.0];
    let dir = tempfile::tempdir().unwrap();
    let vpd = dir.path().join("pose.vpd");
    let vmd = dir.path().join("keys.vmd");
    let target = format!("左手首={},{},{}", goal[0], goal[1], goal[2]);
    let out = player(&[
        "solve-pose",
        model,
        dance,
        "--frame",
        "300",
        "--target",
        &target,
        "--out",
        vpd.to_str().unwrap(),
        "--key-vmd",
        vmd.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0]["residual"].as_f64().unwrap() <= 1e-3,
        "{}",
        lines[0]
    );
    for pin in &lines[1..3] {
        assert!(pin["position_drift"].as_f64().unwrap() < 1e-3, "{pin}");
        assert!(pin["rotation_drift"].as_f64().unwrap() < 1e-3, "{pin}");
    }
    assert!(lines[3]["solve_ms"].as_f64().unwrap() > 0.0);

    let from_vpd = matrices(&player(&[
        "pose",
        model,
        vpd.to_str().unwrap(),
        "--frames",
        "0",
    ]));
    let from_keys = matrices(&player(&[
        "pose",
        model,
        vmd.to_str().unwrap(),
        "--frames",
        "300",
    ]));
    assert_eq!(from_vpd.len(), from_keys.len());
    for ((name, a), (_, b)) in from_vpd.iter().zip(&from_keys) {
        let d = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        assert!(d < 1e-4, "{name}: the VPD and the keys differ by {d}");
        if name == "左手首" {
            let reached = [a[12], a[13], a[14]];
            let miss = (0..3)
                .map(|i| (reached[i] - goal[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!(miss <= 1e-3, "the VPD's wrist is {miss} from the goal");
        }
    }
}

#[test]
fn bad_targets_fail_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("x.vpd");
    let out = out_path.to_str().unwrap();
    for target in ["存在しない骨=1,2,3", "センター=1,inf,3", "センター=1,2"] {
        let run = player(&["solve-pose", "--target", target, "--out", out]);
        assert_eq!(run.status.code(), Some(1), "{target}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!out_path.exists());
    }
}

/// Gene's front-cloak IK bone, whose name is longer than a VMD's 15-byte field: cut there
/// it is another bone's name, so a VPD bound through VMD names moved the wrong bone.
const LONG_NAMED_IK: &str = "前クローク2_1xcIK";

#[test]
fn gene_vpd_binds_long_names_whole_and_plays_back_the_solved_pose() {
    let (Some(model), Some(dance)) = (
        fixture("gene/Gene_light.pmx"),
        fixture("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let pmx = mmd_format::pmx::read(&std::fs::read(&model).unwrap()).unwrap();
    let vmd = mmd_format::vmd::read(&std::fs::read(&dance).unwrap()).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let mut reference = Pose::new(&rig);
    let motion = Motion::bind(&rig, &[&vmd]);
    mmd_pose::evaluate(&rig, &motion, 60.0, &IkOverrides::new(&rig), &mut reference);
    let body = FullBody::new(&rig);
    let wrist = body.handle(Handle::LeftHand).unwrap();
    let pins: Vec<Pin> = [Handle::LeftFoot, Handle::RightFoot]
        .iter()
        .filter_map(|&h| Pin::at(&reference, body.handle(h)?))
        .collect();
    let goal = reference.globals[wrist].w_axis.truncate() + Vec3::new(0.0, 3.0, -4.0);
    let mut solver = FullBodySolver::new(&rig, &body);
    solver
        .solve(
            &rig,
            &body,
            &reference,
            &pins,
            &[Target {
                bone: wrist,
                position: goal,
            }],
        )
        .unwrap();

    let dir = tempfile::tempdir().unwrap();
    let vpd = dir.path().join("pose.vpd");
    let text = mmd_format::vpd::write(&solver.to_vpd(&rig, "Gene_light.osm")).unwrap();
    std::fs::write(&vpd, text).unwrap();
    let out = player(&[
        "pose",
        model.to_str().unwrap(),
        vpd.to_str().unwrap(),
        "--frames",
        "0",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let posed = matrices(&out);
    assert_eq!(posed.len(), rig.bone_count());

    let ik = rig.bone_index(LONG_NAMED_IK).unwrap();
    let solver_index = rig.ik_solver_of_bone(ik).unwrap();
    let (_, effector, links) = rig.ik_chain(solver_index);
    let chain: Vec<usize> = [ik, effector]
        .into_iter()
        .chain(links.iter().copied())
        .collect();
    for (bone, (name, m)) in posed.iter().enumerate() {
        let global = solver.pose().globals[bone];
        // A VPD keeps six decimals of each rotation: a bone far from the origin (Gene's cloak
        // counterweights hang 75 units down) moves by that rounding times its lever, so
        // differences are compared per 20 units (about the model's height) of lever.
        let lever = f64::from(global.w_axis.truncate().length() / 20.0).max(1.0);
        let d = m
            .iter()
            .zip(global.to_cols_array())
            .map(|(a, b)| (a - f64::from(b)).abs())
            .fold(0.0, f64::max)
            / lever;
        let on_chain = if chain.contains(&bone) {
            " (cloak chain)"
        } else {
            ""
        };
        assert!(
            d < 1e-4,
            "{name}{on_chain}: `pose` of the VPD is {d} from the solve"
        );
    }
}
