//! Every bone of every reference case that mmd-anim 0.5.3 dumped (`../shared/reference/
//! CASES.json`, `NAME.mmdanim053.jsonl.gz`) lies within 1e-3 units and 1e-3 rad of the dump.
//! 0.5.3 follows MMD 9.32's rules and D3DX's order of operations, and so do we; long IK
//! chains amplify the last bits of each step, so this checks, among others:
//! - a toe IK's first step reads the toe where it was before the leg IK moved the ankle
//!   (`IkSolverDef::stale_effector`; reading it where the leg IK left it turns the ankles up
//!   to 0.42 rad away);
//! - j3 Miku's hair and tie (five unlimited links, many iterations) stop where MMD stops,
//!   which takes D3DX's arithmetic from the sampled keys to each CCD step (with glam's own
//!   order they end up to 1.6 units away).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::{Mat3, Mat4};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};
use serde_json::Value;

const TOLERANCE: f32 = 1.0e-3;

/// The angle between two matrices' rotations.
fn rotation_error(a: &Mat4, b: &Mat4) -> f32 {
    let (a, b) = (Mat3::from_mat4(*a), Mat3::from_mat4(*b));
    let trace = (0..3)
        .map(|c| a.col(c).normalize().dot(b.col(c).normalize()))
        .sum::<f32>();
    ((trace - 1.0) / 2.0).clamp(-1.0, 1.0).acos()
}

#[test]
fn every_bone_matches_mmd_anim_053() {
    let Some(root) = common::reference_root() else {
        return;
    };
    let mut cases_checked = 0;
    for case in &common::reference_cases(&root) {
        let name = case["name"].as_str().unwrap();
        let dump = root.join(format!("shared/reference/{name}.mmdanim053.jsonl.gz"));
        if !dump.exists() {
            continue;
        }
        let read = |key: &Value| std::fs::read(root.join(key.as_str().unwrap())).unwrap();
        let pmx = mmd_format::pmx::read(&read(&case["model"])).unwrap();
        let vmds: Vec<_> = case["motions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| mmd_format::vmd::read(&read(m)).unwrap())
            .collect();
        let (rig, _) = Rig::from_pmx(&pmx);
        let motion = Motion::bind(&rig, &vmds.iter().collect::<Vec<_>>());
        let reference = common::load_dump(&dump).bones;
        let overrides = IkOverrides::new(&rig);
        let mut pose = Pose::new(&rig);
        let mut checked = 0;
        for frame in case["frames"].as_array().unwrap() {
            let frame = frame.as_f64().unwrap();
            evaluate(&rig, &motion, frame as f32, &overrides, &mut pose);
            for bone in 0..rig.bone_count() {
                let expected = Mat4::from_cols_array(&reference[&(common::frame_key(frame), bone)]);
                let ours = pose.globals[bone];
                let position = ours.w_axis.truncate().distance(expected.w_axis.truncate());
                let rotation = rotation_error(&ours, &expected);
                assert!(
                    position < TOLERANCE && rotation < TOLERANCE,
                    "{name} frame {frame} {}: {position} units, {rotation} rad",
                    rig.bone_name(bone)
                );
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            rig.bone_count() * case["frames"].as_array().unwrap().len()
        );
        cases_checked += 1;
    }
    assert_eq!(cases_checked, 4, "the four cases 0.5.3 dumped");
}
