//! A toe IK's first step reads the toe where it was before the leg IK moved the ankle
//! (`IkSolverDef::stale_effector`): on j3 Miku dancing wavefile_v2, the ankles and toes of
//! every frame of `../shared/reference/CASES.json`'s `miku_pmx_wavefile` lie within 0.01
//! units and 0.01 rad of mmd-anim 0.5.3's dump, which follows MMD 9.32 here. Reading the
//! toe where the leg IK left it turns the ankles up to 0.42 rad away.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;

use glam::{Mat3, Mat4};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};
use serde_json::Value;

const FEET: [&str; 4] = ["左足首", "右足首", "左つま先", "右つま先"];
const TOLERANCE: f32 = 0.01;

/// The dump's matrices of the bones named in `FEET`, keyed by (frame × 10⁴, bone).
fn feet_of_dump(path: &Path) -> HashMap<(i64, usize), Mat4> {
    let file = std::fs::File::open(path).unwrap();
    let mut feet = HashMap::new();
    for line in BufReader::new(flate2::read::GzDecoder::new(file)).lines() {
        let v: Value = serde_json::from_str(&line.unwrap()).unwrap();
        if !FEET.contains(&v["name"].as_str().unwrap_or("")) {
            continue;
        }
        let m: Vec<f32> = v["m"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap() as f32)
            .collect();
        let frame = (v["frame"].as_f64().unwrap() * 1e4).round() as i64;
        let bone = v["bone"].as_u64().unwrap() as usize;
        feet.insert((frame, bone), Mat4::from_cols_slice(&m));
    }
    feet
}

/// The angle between two matrices' rotations.
fn rotation_error(a: &Mat4, b: &Mat4) -> f32 {
    let (a, b) = (Mat3::from_mat4(*a), Mat3::from_mat4(*b));
    let trace = (0..3)
        .map(|c| a.col(c).normalize().dot(b.col(c).normalize()))
        .sum::<f32>();
    ((trace - 1.0) / 2.0).clamp(-1.0, 1.0).acos()
}

#[test]
fn miku_feet_match_mmd_anim_053() {
    let Some(root) = common::reference_root() else {
        return;
    };
    let cases: Value =
        serde_json::from_slice(&std::fs::read(root.join("shared/reference/CASES.json")).unwrap())
            .unwrap();
    let case = cases
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "miku_pmx_wavefile")
        .unwrap();
    let read = |key: &Value| std::fs::read(root.join(key.as_str().unwrap())).unwrap();
    let pmx = mmd_format::pmx::read(&read(&case["model"])).unwrap();
    let vmd = mmd_format::vmd::read(&read(&case["motions"][0])).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let reference =
        feet_of_dump(&root.join("shared/reference/miku_pmx_wavefile.mmdanim053.jsonl.gz"));
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);
    let mut checked = 0;
    for frame in case["frames"].as_array().unwrap() {
        let frame = frame.as_f64().unwrap();
        evaluate(&rig, &motion, frame as f32, &overrides, &mut pose);
        for bone in FEET.map(|name| rig.bone_index(name).unwrap()) {
            let expected = reference[&((frame * 1e4).round() as i64, bone)];
            let ours = pose.globals[bone];
            let position = ours.w_axis.truncate().distance(expected.w_axis.truncate());
            let rotation = rotation_error(&ours, &expected);
            assert!(
                position < TOLERANCE && rotation < TOLERANCE,
                "frame {frame} {}: {position} units, {rotation} rad",
                rig.bone_name(bone)
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * case["frames"].as_array().unwrap().len());
}
