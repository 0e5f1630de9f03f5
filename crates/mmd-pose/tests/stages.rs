//! The public stages of an evaluation: without a physics stage they give `evaluate`'s result
//! bit for bit; with one, the driven bones take the matrices it writes and the bones below
//! them follow.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::{Mat4, Quat, Vec3};
use mmd_format::{pmx, vmd};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};

fn staged(rig: &Rig, motion: &Motion, frame: f32, pose: &mut Pose) {
    let overrides = IkOverrides::new(rig);
    pose.sample(rig, motion, frame, &overrides, &[]);
    pose.deform_before_physics(rig);
    pose.apply_physics(rig, &[], &[]);
    pose.deform_after_physics(rig);
    pose.finish(rig);
}

#[test]
fn stages_without_physics_equal_evaluate_bit_for_bit() {
    let (Some(model), Some(dance)) = (
        common::fixture("gene/Gene_light.pmx"),
        common::fixture("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let pmx = pmx::read(&model).unwrap();
    let vmd = vmd::read(&dance).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let (mut direct, mut by_stage) = (Pose::new(&rig), Pose::new(&rig));
    for frame in [0.0, 17.5, 60.0, 133.25, 300.0] {
        evaluate(&rig, &motion, frame, &IkOverrides::new(&rig), &mut direct);
        staged(&rig, &motion, frame, &mut by_stage);
        assert_eq!(direct.globals, by_stage.globals, "frame {frame}");
        assert_eq!(direct.skinning, by_stage.skinning, "frame {frame}");
        assert_eq!(direct.morph_weights, by_stage.morph_weights);
    }
}

#[test]
fn driven_bones_take_the_physics_matrices_and_their_children_follow() {
    // root → hair (at y 10) → tip (at y 5); the physics stage swings the hair 90° about Z.
    let pmx = common::model(vec![
        common::bone("root", [0.0, 0.0, 0.0], -1),
        common::bone("hair", [0.0, 10.0, 0.0], 0),
        common::bone("tip", [0.0, 5.0, 0.0], 1),
    ]);
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(
        &rig,
        &[&common::motion(vec![common::key(
            "root",
            0,
            [1.0, 0.0, 0.0],
            Quat::IDENTITY,
        )])],
    );
    let mut pose = Pose::new(&rig);
    pose.sample(&rig, &motion, 0.0, &IkOverrides::new(&rig), &[]);
    pose.deform_before_physics(&rig);
    assert_eq!(pose.globals[2].w_axis.truncate(), Vec3::new(1.0, 5.0, 0.0));
    let swung = Mat4::from_rotation_translation(
        Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
        Vec3::new(1.0, 10.0, 0.0),
    );
    pose.globals[1] = swung;
    pose.apply_physics(&rig, &[1], &[]);
    pose.deform_after_physics(&rig);
    pose.finish(&rig);
    assert!(
        pose.globals[1].abs_diff_eq(swung, 1e-5),
        "{}",
        pose.globals[1]
    );
    // The tip hangs 5 units below the hair at rest; turned 90° about Z, that is +X.
    let tip = pose.globals[2].w_axis.truncate();
    assert!(tip.abs_diff_eq(Vec3::new(6.0, 10.0, 0.0), 1e-5), "{tip}");
    // The root is not driven and keeps its animated place.
    assert_eq!(pose.globals[0].w_axis.truncate(), Vec3::new(1.0, 0.0, 0.0));
    // A matrix that is not finite is ignored: the bone keeps its animated transform.
    pose.sample(&rig, &motion, 0.0, &IkOverrides::new(&rig), &[]);
    pose.deform_before_physics(&rig);
    pose.globals[1] = Mat4::NAN;
    pose.apply_physics(&rig, &[1, 99], &[]);
    pose.finish(&rig);
    assert_eq!(pose.globals[1].w_axis.truncate(), Vec3::new(1.0, 10.0, 0.0));
}
