//! IK against MikuMikuDance itself: poses captured from MMD 9.32 (x64) on small synthetic
//! chains, as published with mmd-anim's IK tests (yohawing/mmd-anim, MIT,
//! `ik_oracle_tests.rs`). Each capture gives the chain, the IK bone's position, and the
//! world rotations (and the tip) MMD showed; this crate's solver must land within 1e-3.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The captured values keep the digits they were published with.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

mod common;

use common::*;
use glam::{Mat4, Quat, Vec3};
use mmd_format::vmd::Vmd;
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};

/// root, a link at the origin, a second link one unit along X, the tip one unit further,
/// and the IK bone (child of the root) at `goal`.
fn chain(goal: [f32; 3], links: Vec<Link>, loops: i32, unit: f32) -> mmd_format::pmx::Pmx {
    model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("link1", [0.0, 0.0, 0.0], 0),
        bone("link2", [1.0, 0.0, 0.0], 1),
        bone("tip", [2.0, 0.0, 0.0], 2),
        ik_bone("ik", goal, 0, 3, links, loops, unit),
    ])
}

fn rest_pose(pmx: &mmd_format::pmx::Pmx) -> Pose {
    let (rig, warnings) = Rig::from_pmx(pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut pose = Pose::new(&rig);
    let motion = Motion::bind(&rig, &[&Vmd::default()]);
    evaluate(&rig, &motion, 0.0, &IkOverrides::new(&rig), &mut pose);
    pose
}

fn rotation_error(m: &Mat4, expected: [f32; 4]) -> f32 {
    let actual = Quat::from_mat4(m);
    let expected = Quat::from_array(expected).normalize();
    (actual - expected)
        .length()
        .min((actual + expected).length())
}

type Limits = ([f32; 3], [f32; 3]);

/// (name, loops, unit angle, goal, [proximal, distal] limits, [proximal, distal] world
/// rotations, tip)
type Capture = (
    &'static str,
    i32,
    f32,
    [f32; 3],
    [Limits; 2],
    [[f32; 4]; 2],
    [f32; 3],
);

/// Two links limited as given, solved from the rest pose: MMD's world rotations of both
/// links and the tip's position.
#[test]
fn two_link_limited_chains_match_mmd() {
    let z_limits: [Limits; 2] = [
        ([0.0, 0.0, -0.13872045], [0.0, 0.0, 0.34116379]),
        ([0.0, 0.0, -0.23500146], [0.0, 0.0, 2.1945855]),
    ];
    let rollback_limits: [Limits; 2] = [
        ([0.0, 0.0, -0.84857164], [0.0, 0.0, -0.83914857]),
        ([0.0, 0.0, -0.07899159], [0.0, 0.0, 0.88134842]),
    ];
    let limited_goal = [-0.11982713, 1.7151622, 0.0];
    let limited_rotations = [
        [0.0, 0.0, 0.042474599, 0.99909755],
        [0.0, 0.0, 0.88462116, 0.46631039],
    ];
    let limited_tip = [0.43128252, 0.90988863, 0.0];
    let rollback_goal = [-1.8436406, 1.1624483, 0.0];
    let rollback_rotations = [
        [0.0, 0.0, -0.40737172, 0.91326245],
        [0.0, 0.0, -0.44311469, 0.89646496],
    ];
    let rollback_tip = [1.2753955, -1.5385482, 0.0];
    let multi_goal = [0.5, 1.5, 0.7];
    let multi = |min: [f32; 3], max: [f32; 3]| [(min, max), (min, max)];
    let cases: [Capture; 13] = [
        (
            "limited-n1",
            1,
            0.5,
            limited_goal,
            z_limits,
            limited_rotations,
            limited_tip,
        ),
        (
            "limited-n24",
            24,
            0.5,
            limited_goal,
            z_limits,
            limited_rotations,
            limited_tip,
        ),
        (
            "limited-n25",
            25,
            0.5,
            limited_goal,
            z_limits,
            limited_rotations,
            limited_tip,
        ),
        (
            "limited-n26",
            26,
            0.5,
            limited_goal,
            z_limits,
            limited_rotations,
            limited_tip,
        ),
        (
            "limited-n32",
            32,
            0.5,
            limited_goal,
            z_limits,
            limited_rotations,
            limited_tip,
        ),
        (
            "rollback-n1",
            1,
            16.0,
            rollback_goal,
            rollback_limits,
            [
                [0.0, 0.0, -0.40737172, 0.91326245],
                [0.0, 0.0, 0.021098363, 0.99977741],
            ],
            [1.6672064, -0.70188725, 0.0],
        ),
        (
            "rollback-n2",
            2,
            16.0,
            rollback_goal,
            rollback_limits,
            rollback_rotations,
            rollback_tip,
        ),
        (
            "rollback-n4",
            4,
            16.0,
            rollback_goal,
            rollback_limits,
            rollback_rotations,
            rollback_tip,
        ),
        (
            "rollback-n16",
            16,
            16.0,
            rollback_goal,
            rollback_limits,
            rollback_rotations,
            rollback_tip,
        ),
        (
            "multi-x",
            12,
            1.0,
            multi_goal,
            multi([-0.4, -0.7, -0.8], [0.5, 0.8, 0.9]),
            [
                [-0.0058293014, -0.15284907, 0.33866415, 0.92839098],
                [0.0073847481, -0.33153214, 0.70750855, 0.62407023],
            ],
            [0.50292397, 1.508781, 0.70410728],
        ),
        (
            "multi-y",
            12,
            1.0,
            multi_goal,
            multi([-2.0, -0.7, -0.8], [2.0, 0.8, 0.9]),
            [
                [-0.020551308, -0.15127112, 0.35539074, 0.92216709],
                [-0.018166348, -0.37404438, 0.67477234, 0.63595841],
            ],
            [0.51117528, 1.5335212, 0.71562403],
        ),
        (
            "multi-z",
            12,
            1.0,
            multi_goal,
            multi([-2.0, -2.0, -0.8], [2.0, 2.0, 0.9]),
            [
                [-0.00035498183, -0.15540926, 0.33368626, 0.92978562],
                [-0.00052965913, -0.3329063, 0.70965708, 0.62093473],
            ],
            [0.50012344, 1.5022779, 0.70143211],
        ),
        (
            "sleeve",
            12,
            1.0,
            multi_goal,
            multi([0.0, -0.7853982, 0.0], [0.0, 0.7853982, 2.0943952]),
            [
                [-0.059765754, -0.16741665, 0.33085239, 0.92678824],
                [-0.13080151, -0.48621036, 0.61234613, 0.60952668],
            ],
            [0.50228035, 1.5069485, 0.70329714],
        ),
    ];
    for (name, loops, unit, goal, limits, rotations, tip) in cases {
        let pmx = chain(
            goal,
            vec![(2, Some(limits[1])), (1, Some(limits[0]))],
            loops,
            unit,
        );
        let pose = rest_pose(&pmx);
        for (k, expected) in rotations.into_iter().enumerate() {
            let e = rotation_error(&pose.globals[k + 1], expected);
            assert!(e < 1e-3, "{name}: link {} rotation off by {e}", k + 1);
        }
        let e = pose.globals[3]
            .w_axis
            .truncate()
            .distance(Vec3::from_array(tip));
        assert!(e < 1e-3, "{name}: tip off by {e}");
    }
}

/// One link limited to ±3.2 rad on every axis, unit angle 16, one iteration: MMD's world
/// matrix of the link, wide turns and the degenerate goals (opposite, aligned) included.
#[test]
fn one_link_wide_limits_match_mmd() {
    let cases: [(&str, [f32; 3], [f32; 16]); 4] = [
        (
            "wide120",
            [-1.0, 1.7320507764816284, 0.0],
            [
                -0.500000179,
                0.866025329,
                -1.17124372e-08,
                0.0,
                -0.866025329,
                -0.500000179,
                -4.37114025e-08,
                0.0,
                -4.37114025e-08,
                -1.17124372e-08,
                1.0,
                0.0,
                0.0,
                0.0,
                0.0,
                1.0,
            ],
        ),
        (
            "wide895",
            [0.017453070729970932, 1.999923825263977, 0.0],
            [
                0.0349002071,
                0.999390781,
                0.0,
                0.0,
                -0.999390781,
                0.0349002071,
                0.0,
                0.0,
                0.0,
                0.0,
                1.0,
                0.0,
                0.0,
                0.0,
                0.0,
                1.0,
            ],
        ),
        ("opposite", [-2.0, 0.0, 0.0], Mat4::IDENTITY.to_cols_array()),
        ("aligned", [3.0, 0.0, 0.0], Mat4::IDENTITY.to_cols_array()),
    ];
    for (name, goal, expected) in cases {
        let limits = ([-3.2; 3], [3.2; 3]);
        let pose = rest_pose(&chain(goal, vec![(1, Some(limits))], 1, 16.0));
        for (a, b) in pose.globals[1].to_cols_array().iter().zip(expected) {
            assert!(
                (a - b).abs() < 1e-5,
                "{name}: {a} != {b}\n{}",
                pose.globals[1]
            );
        }
    }
}
