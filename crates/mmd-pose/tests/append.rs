//! Append (付与) on synthetic models, against hand-computed matrices.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

use common::*;
use glam::{Mat4, Quat, Vec3};
use mmd_format::pmx::bone_flags::{APPEND_LOCAL, APPEND_ROTATE, APPEND_TRANSLATE};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};

fn pose_of(pmx: &mmd_format::pmx::Pmx, keys: Vec<mmd_format::vmd::BoneKey>) -> Pose {
    let (rig, warnings) = Rig::from_pmx(pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    let vmd = motion(keys);
    let motion = Motion::bind(&rig, &[&vmd]);
    let mut pose = Pose::new(&rig);
    evaluate(&rig, &motion, 0.0, &IkOverrides::new(&rig), &mut pose);
    pose
}

fn assert_mat(got: Mat4, want: Mat4) {
    assert!(got.abs_diff_eq(want, 1.0e-5), "got {got:?}\nwant {want:?}");
}

/// Source at the origin, follower at (1, 0, 0), both roots.
fn pair(weight: f32, flags: u16) -> mmd_format::pmx::Pmx {
    model(vec![
        bone("src", [0.0, 0.0, 0.0], -1),
        append_bone("follower", [1.0, 0.0, 0.0], -1, 0, weight, flags),
    ])
}

#[test]
fn rotation_is_scaled_by_the_weight() {
    let pose = pose_of(
        &pair(0.5, APPEND_ROTATE),
        vec![key("src", 0, [0.0; 3], Quat::from_rotation_y(FRAC_PI_2))],
    );
    let want = Mat4::from_rotation_translation(Quat::from_rotation_y(FRAC_PI_4), Vec3::X);
    assert_mat(pose.globals[1], want);
}

#[test]
fn translation_is_scaled_by_the_weight() {
    let pose = pose_of(
        &pair(0.5, APPEND_TRANSLATE),
        vec![key("src", 0, [2.0, 0.0, -4.0], Quat::IDENTITY)],
    );
    assert_mat(
        pose.globals[1],
        Mat4::from_translation(Vec3::new(2.0, 0.0, -2.0)),
    );
}

#[test]
fn rotation_only_append_ignores_translation() {
    let pose = pose_of(
        &pair(1.0, APPEND_ROTATE),
        vec![key("src", 0, [5.0, 5.0, 5.0], Quat::from_rotation_x(0.3))],
    );
    assert_mat(
        pose.globals[1],
        Mat4::from_rotation_translation(Quat::from_rotation_x(0.3), Vec3::X),
    );
}

#[test]
fn negative_weight_turns_the_other_way() {
    let pose = pose_of(
        &pair(-1.0, APPEND_ROTATE | APPEND_TRANSLATE),
        vec![key("src", 0, [0.0, 3.0, 0.0], Quat::from_rotation_z(0.4))],
    );
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_z(-0.4), Vec3::new(1.0, -3.0, 0.0));
    assert_mat(pose.globals[1], want);
}

#[test]
fn weight_above_one_extrapolates() {
    let pose = pose_of(
        &pair(1.5, APPEND_ROTATE | APPEND_TRANSLATE),
        vec![key(
            "src",
            0,
            [2.0, 0.0, 0.0],
            Quat::from_rotation_y(FRAC_PI_2),
        )],
    );
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_y(0.75 * PI), Vec3::new(4.0, 0.0, 0.0));
    assert_mat(pose.globals[1], want);
}

#[test]
fn follower_keeps_its_own_motion_too() {
    // Own rotation then appended rotation (both about Y here, so the order cannot matter).
    let pose = pose_of(
        &pair(1.0, APPEND_ROTATE),
        vec![
            key("src", 0, [0.0; 3], Quat::from_rotation_y(0.25)),
            key("follower", 0, [0.0, 1.0, 0.0], Quat::from_rotation_y(0.5)),
        ],
    );
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_y(0.75), Vec3::new(1.0, 1.0, 0.0));
    assert_mat(pose.globals[1], want);
}

/// A rotates 90° about Y and moves (2, 0, 0); B appends A (weight 0.5) and has its own
/// 30° about X and (0, 7, 0); C appends B (weight 0.5), local or not.
fn chain(c_flags: u16) -> Pose {
    let pmx = model(vec![
        bone("A", [0.0, 0.0, 0.0], -1),
        append_bone(
            "B",
            [0.0, 0.0, 0.0],
            -1,
            0,
            0.5,
            APPEND_ROTATE | APPEND_TRANSLATE,
        ),
        append_bone("C", [0.0, 0.0, 0.0], -1, 1, 0.5, c_flags),
    ]);
    pose_of(
        &pmx,
        vec![
            key("A", 0, [2.0, 0.0, 0.0], Quat::from_rotation_y(FRAC_PI_2)),
            key("B", 0, [0.0, 7.0, 0.0], Quat::from_rotation_x(PI / 6.0)),
        ],
    )
}

#[test]
fn append_of_an_append_takes_the_sources_append() {
    let pose = chain(APPEND_ROTATE | APPEND_TRANSLATE);
    // B's append: 45° about Y and (1, 0, 0); C takes half of that, not B's own motion.
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_y(PI / 8.0), Vec3::new(0.5, 0.0, 0.0));
    assert_mat(pose.globals[2], want);
    // B: own motion, then its append on the right.
    let b = Mat4::from_rotation_translation(
        Quat::from_rotation_x(PI / 6.0) * Quat::from_rotation_y(FRAC_PI_4),
        Vec3::new(1.0, 7.0, 0.0),
    );
    assert_mat(pose.globals[1], b);
}

#[test]
fn local_append_takes_the_sources_own_motion() {
    let pose = chain(APPEND_ROTATE | APPEND_TRANSLATE | APPEND_LOCAL);
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_x(PI / 12.0), Vec3::new(0.0, 3.5, 0.0));
    assert_mat(pose.globals[2], want);
}

#[test]
fn append_from_an_ik_link_includes_the_ik_rotation() {
    // One-link chain: the link at the origin holds the effector at (0, 1, 0); the IK bone at
    // (1, 0, 0) makes the link turn -90° about Z in one step. The follower (deformed after
    // the IK) appends half the link's rotation.
    let mut follower = append_bone("follower", [0.0, 0.0, 5.0], -1, 1, 0.5, APPEND_ROTATE);
    follower.deform_depth = 2;
    let pmx = model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("link", [0.0, 0.0, 0.0], 0),
        bone("effector", [0.0, 1.0, 0.0], 1),
        ik_bone("ik", [1.0, 0.0, 0.0], 0, 2, vec![(1, None)], 4, PI),
        follower,
    ]);
    let pose = pose_of(&pmx, vec![]);
    assert_mat(pose.globals[1], Mat4::from_rotation_z(-FRAC_PI_2));
    let want = Mat4::from_rotation_translation(
        Quat::from_rotation_z(-FRAC_PI_4),
        Vec3::new(0.0, 0.0, 5.0),
    );
    assert_mat(pose.globals[4], want);
}

#[test]
fn append_follows_the_parent_chain() {
    // The follower is a child of a moved parent: parent global times its local.
    let pmx = model(vec![
        bone("parent", [0.0, 1.0, 0.0], -1),
        bone("src", [0.0, 0.0, 0.0], -1),
        append_bone("follower", [0.0, 2.0, 0.0], 0, 1, 1.0, APPEND_ROTATE),
    ]);
    let pose = pose_of(
        &pmx,
        vec![
            key("parent", 0, [3.0, 0.0, 0.0], Quat::IDENTITY),
            key("src", 0, [0.0; 3], Quat::from_rotation_z(0.5)),
        ],
    );
    let want =
        Mat4::from_rotation_translation(Quat::from_rotation_z(0.5), Vec3::new(3.0, 2.0, 0.0));
    assert_mat(pose.globals[2], want);
}
