//! A VPD pose bound with `MotionSource::Pose`: every bone by its whole name, so two bones
//! whose names share their first 15 bytes (VMD's field, where Gene's 前クローク2_1xcIK and
//! 前クローク2_1xc+ are one name) each take their own value; names the model lacks are
//! ignored, and a pose after a VMD wins at frame 0 as a later VMD would.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use glam::{Quat, Vec3};
use mmd_format::vpd::{Vpd, VpdBone};
use mmd_pose::{IkOverrides, Motion, MotionSource, Pose, Rig, evaluate};

fn vpd_bone(name: &str, translation: [f32; 3]) -> VpdBone {
    VpdBone {
        name: name.to_owned(),
        translation,
        rotation: [0.0, 0.0, 0.0, 1.0],
    }
}

fn translation(rig: &Rig, pose: &Pose, name: &str) -> Vec3 {
    let b = rig.bone_index(name).unwrap();
    pose.globals[b].w_axis.truncate()
}

#[test]
fn pose_names_bind_whole_and_beat_an_earlier_vmd() {
    let names = ["前クローク2_1xc+", "前クローク2_1xcIK", "センター"];
    let (rig, _) = Rig::from_pmx(&model(
        names.iter().map(|n| bone(n, [0.0; 3], -1)).collect(),
    ));
    let vpd = Vpd {
        bones: vec![
            vpd_bone("前クローク2_1xcIK", [1.0, 0.0, 0.0]),
            vpd_bone("前クローク2_1xc+", [0.0, 2.0, 0.0]),
            vpd_bone("no such bone", [9.0, 9.0, 9.0]),
        ],
        ..Vpd::default()
    };
    let vmd = motion(vec![key("センター", 0, [0.0, 0.0, 3.0], Quat::IDENTITY)]);
    let earlier = motion(vec![key(
        "前クローク2_1xcIK",
        0,
        [5.0, 5.0, 5.0],
        Quat::IDENTITY,
    )]);
    let motion = Motion::bind_sources(
        &rig,
        &[
            MotionSource::Vmd(&earlier),
            MotionSource::Pose(&vpd),
            MotionSource::Vmd(&vmd),
        ],
    );
    let mut pose = Pose::new(&rig);
    evaluate(&rig, &motion, 0.0, &IkOverrides::new(&rig), &mut pose);
    assert_eq!(translation(&rig, &pose, "前クローク2_1xcIK"), Vec3::X);
    assert_eq!(
        translation(&rig, &pose, "前クローク2_1xc+"),
        Vec3::new(0.0, 2.0, 0.0)
    );
    assert_eq!(
        translation(&rig, &pose, "センター"),
        Vec3::new(0.0, 0.0, 3.0)
    );
    assert_eq!(motion.last_frame(), 0.0);
}
