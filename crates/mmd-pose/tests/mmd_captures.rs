//! IK and append against MikuMikuDance itself: poses captured from MMD 9.32 (x64) on small
//! synthetic chains, as published with mmd-anim-runtime 0.5.3 (yohawing/mmd-anim, MIT;
//! `ik_oracle_tests.rs` and `append_primitive.rs`, copied to
//! `../shared/reference/mmd932-captures/`). Each capture gives the chain, the IK bone's
//! position and what MMD showed; each test here is named after the capture it checks and
//! uses the tolerance that capture states. Only the numbers come from there.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The captured values keep the digits they were published with.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

mod common;

use common::*;
use glam::{Mat4, Quat, Vec3};
use mmd_format::pmx::bone_flags::{APPEND_ROTATE, FIXED_AXIS, LOCAL_AXIS};
use mmd_format::pmx::{Bone, LocalAxis, Pmx};
use mmd_format::vmd::BoneKey;
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};

/// Euler limits (min, max) of a link, radians.
type Limits = ([f32; 3], [f32; 3]);

/// The five bones every capture uses: a root; `link1` at the origin; `link2` one `segment`
/// further; the tip another `segment` further; the IK bone (child of the root) at `goal`,
/// moving the tip with `link2` then `link1`.
fn chain(
    goal: [f32; 3],
    segment: [f32; 3],
    limits: [Option<Limits>; 2],
    loops: i32,
    unit: f32,
) -> Pmx {
    let s = Vec3::from_array(segment);
    model(vec![
        bone("root", [0.0; 3], -1),
        bone("link1", [0.0; 3], 0),
        bone("link2", s.to_array(), 1),
        bone("tip", (2.0 * s).to_array(), 2),
        ik_bone(
            "ik",
            goal,
            0,
            3,
            vec![(2, limits[1]), (1, limits[0])],
            loops,
            unit,
        ),
    ])
}

/// Gives both links the fixed axis `axis`.
fn with_fixed_axis(mut pmx: Pmx, axis: [f32; 3]) -> Pmx {
    for b in &mut pmx.bones[1..3] {
        *b = Bone {
            flags: b.flags | FIXED_AXIS,
            fixed_axis: Some(axis),
            ..b.clone()
        };
    }
    pmx
}

/// The pose at frame 0 with `keys` (none: the rest pose), every IK solver on.
fn solved(pmx: &Pmx, keys: Vec<BoneKey>) -> Pose {
    let (rig, warnings) = Rig::from_pmx(pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut pose = Pose::new(&rig);
    let vmd = motion(keys);
    let motion = Motion::bind(&rig, &[&vmd]);
    evaluate(&rig, &motion, 0.0, &IkOverrides::new(&rig), &mut pose);
    pose
}

/// `link1` turned by `rotation` before the solve (the captures' base rotation).
fn base_key(rotation: Quat) -> Vec<BoneKey> {
    vec![key("link1", 0, [0.0; 3], rotation)]
}

fn rotation_error(m: &Mat4, expected: [f32; 4]) -> f32 {
    let actual = Quat::from_mat4(m);
    let expected = Quat::from_array(expected).normalize();
    (actual - expected)
        .length()
        .min((actual + expected).length())
}

/// Both links' world rotations and the tip's position within `tolerance` (quaternion
/// distance, largest coordinate difference) of MMD's.
fn assert_links_and_tip(pose: &Pose, rotations: [[f32; 4]; 2], tip: [f32; 3], tolerance: f32) {
    for (k, expected) in rotations.into_iter().enumerate() {
        let e = rotation_error(&pose.globals[k + 1], expected);
        assert!(e < tolerance, "link {} rotation off by {e}", k + 1);
    }
    let e = (pose.globals[3].w_axis.truncate() - Vec3::from_array(tip))
        .abs()
        .max_element();
    assert!(e < tolerance, "tip off by {e}: {}", pose.globals[3].w_axis);
}

/// Every element of bone `bone`'s world matrix within `tolerance` of MMD's (column-major).
fn assert_world(pose: &Pose, bone: usize, expected: [f32; 16], tolerance: f32) {
    for (a, b) in pose.globals[bone].to_cols_array().iter().zip(expected) {
        assert!(
            (a - b).abs() < tolerance,
            "bone {bone}: {a} != {b}\n{}",
            pose.globals[bone]
        );
    }
}

/// Two links limited as given, solved from the rest pose; MMD's world rotations of both
/// links and the tip within 1e-3.
mod limited_chains {
    use super::*;

    const Z_LIMITS: [Option<Limits>; 2] = [
        Some(([0.0, 0.0, -0.13872045], [0.0, 0.0, 0.34116379])),
        Some(([0.0, 0.0, -0.23500146], [0.0, 0.0, 2.1945855])),
    ];
    const LIMITED_GOAL: [f32; 3] = [-0.11982713, 1.7151622, 0.0];
    const LIMITED_ROTATIONS: [[f32; 4]; 2] = [
        [0.0, 0.0, 0.042474599, 0.99909755],
        [0.0, 0.0, 0.88462116, 0.46631039],
    ];
    const LIMITED_TIP: [f32; 3] = [0.43128252, 0.90988863, 0.0];

    const ROLLBACK_LIMITS: [Option<Limits>; 2] = [
        Some(([0.0, 0.0, -0.84857164], [0.0, 0.0, -0.83914857])),
        Some(([0.0, 0.0, -0.07899159], [0.0, 0.0, 0.88134842])),
    ];
    const ROLLBACK_GOAL: [f32; 3] = [-1.8436406, 1.1624483, 0.0];
    const ROLLBACK_ROTATIONS: [[f32; 4]; 2] = [
        [0.0, 0.0, -0.40737172, 0.91326245],
        [0.0, 0.0, -0.44311469, 0.89646496],
    ];
    const ROLLBACK_TIP: [f32; 3] = [1.2753955, -1.5385482, 0.0];

    const MULTI_GOAL: [f32; 3] = [0.5, 1.5, 0.7];

    fn check(
        goal: [f32; 3],
        limits: [Option<Limits>; 2],
        loops: i32,
        unit: f32,
        rotations: [[f32; 4]; 2],
        tip: [f32; 3],
    ) {
        let pose = solved(&chain(goal, [1.0, 0.0, 0.0], limits, loops, unit), vec![]);
        assert_links_and_tip(&pose, rotations, tip, 1e-3);
    }

    fn both(min: [f32; 3], max: [f32; 3]) -> [Option<Limits>; 2] {
        [Some((min, max)), Some((min, max))]
    }

    #[test]
    fn limited_n1() {
        check(
            LIMITED_GOAL,
            Z_LIMITS,
            1,
            0.5,
            LIMITED_ROTATIONS,
            LIMITED_TIP,
        );
    }

    #[test]
    fn limited_n24() {
        check(
            LIMITED_GOAL,
            Z_LIMITS,
            24,
            0.5,
            LIMITED_ROTATIONS,
            LIMITED_TIP,
        );
    }

    #[test]
    fn limited_n25() {
        check(
            LIMITED_GOAL,
            Z_LIMITS,
            25,
            0.5,
            LIMITED_ROTATIONS,
            LIMITED_TIP,
        );
    }

    #[test]
    fn limited_n26() {
        check(
            LIMITED_GOAL,
            Z_LIMITS,
            26,
            0.5,
            LIMITED_ROTATIONS,
            LIMITED_TIP,
        );
    }

    #[test]
    fn limited_n32() {
        check(
            LIMITED_GOAL,
            Z_LIMITS,
            32,
            0.5,
            LIMITED_ROTATIONS,
            LIMITED_TIP,
        );
    }

    #[test]
    fn rollback_n1() {
        let rotations = [
            [0.0, 0.0, -0.40737172, 0.91326245],
            [0.0, 0.0, 0.021098363, 0.99977741],
        ];
        let tip = [1.6672064, -0.70188725, 0.0];
        check(ROLLBACK_GOAL, ROLLBACK_LIMITS, 1, 16.0, rotations, tip);
    }

    #[test]
    fn rollback_n2() {
        check(
            ROLLBACK_GOAL,
            ROLLBACK_LIMITS,
            2,
            16.0,
            ROLLBACK_ROTATIONS,
            ROLLBACK_TIP,
        );
    }

    #[test]
    fn rollback_n4() {
        check(
            ROLLBACK_GOAL,
            ROLLBACK_LIMITS,
            4,
            16.0,
            ROLLBACK_ROTATIONS,
            ROLLBACK_TIP,
        );
    }

    #[test]
    fn rollback_n16() {
        check(
            ROLLBACK_GOAL,
            ROLLBACK_LIMITS,
            16,
            16.0,
            ROLLBACK_ROTATIONS,
            ROLLBACK_TIP,
        );
    }

    #[test]
    fn limits_20261022_multi_x() {
        let rotations = [
            [-0.0058293014, -0.15284907, 0.33866415, 0.92839098],
            [0.0073847481, -0.33153214, 0.70750855, 0.62407023],
        ];
        let tip = [0.50292397, 1.508781, 0.70410728];
        let limits = both([-0.4, -0.7, -0.8], [0.5, 0.8, 0.9]);
        check(MULTI_GOAL, limits, 12, 1.0, rotations, tip);
    }

    #[test]
    fn limits_20261022_multi_y() {
        let rotations = [
            [-0.020551308, -0.15127112, 0.35539074, 0.92216709],
            [-0.018166348, -0.37404438, 0.67477234, 0.63595841],
        ];
        let tip = [0.51117528, 1.5335212, 0.71562403];
        let limits = both([-2.0, -0.7, -0.8], [2.0, 0.8, 0.9]);
        check(MULTI_GOAL, limits, 12, 1.0, rotations, tip);
    }

    #[test]
    fn limits_20261022_multi_z() {
        let rotations = [
            [-0.00035498183, -0.15540926, 0.33368626, 0.92978562],
            [-0.00052965913, -0.3329063, 0.70965708, 0.62093473],
        ];
        let tip = [0.50012344, 1.5022779, 0.70143211];
        let limits = both([-2.0, -2.0, -0.8], [2.0, 2.0, 0.9]);
        check(MULTI_GOAL, limits, 12, 1.0, rotations, tip);
    }

    #[test]
    fn limits_20261022_sleeve() {
        let rotations = [
            [-0.059765754, -0.16741665, 0.33085239, 0.92678824],
            [-0.13080151, -0.48621036, 0.61234613, 0.60952668],
        ];
        let tip = [0.50228035, 1.5069485, 0.70329714];
        let limits = both([0.0, -0.7853982, 0.0], [0.0, 0.7853982, 2.0943952]);
        check(MULTI_GOAL, limits, 12, 1.0, rotations, tip);
    }
}

/// One link limited to ±3.2 rad on every axis, unit angle 16, one iteration. The capture
/// says MMD leaves the matrices below the solved link stale here, so only that link's world
/// matrix is an oracle (within 1e-5).
mod wide_limits_and_collinear_goals {
    use super::*;

    fn check(goal: [f32; 3], expected: [f32; 16]) {
        let pmx = model(vec![
            bone("root", [0.0; 3], -1),
            bone("link1", [0.0; 3], 0),
            bone("link2", [1.0, 0.0, 0.0], 1),
            bone("tip", [2.0, 0.0, 0.0], 2),
            ik_bone(
                "ik",
                goal,
                0,
                3,
                vec![(1, Some(([-3.2; 3], [3.2; 3])))],
                1,
                16.0,
            ),
        ]);
        assert_world(&solved(&pmx, vec![]), 1, expected, 1e-5);
    }

    #[test]
    fn limits_20261022_wide120() {
        check(
            [-1.0, 1.7320507764816284, 0.0],
            [
                -0.500000179,
                0.866025329,
                -1.17124372e-08,
                0.0, //
                -0.866025329,
                -0.500000179,
                -4.37114025e-08,
                0.0, //
                -4.37114025e-08,
                -1.17124372e-08,
                1.0,
                0.0, //
                0.0,
                0.0,
                0.0,
                1.0,
            ],
        );
    }

    #[test]
    fn limits_20261022_wide895() {
        check(
            [0.017453070729970932, 1.999923825263977, 0.0],
            [
                0.0349002071,
                0.999390781,
                0.0,
                0.0, //
                -0.999390781,
                0.0349002071,
                0.0,
                0.0, //
                0.0,
                0.0,
                1.0,
                0.0, //
                0.0,
                0.0,
                0.0,
                1.0,
            ],
        );
    }

    /// The goal straight behind the link: no turn.
    #[test]
    fn limits_20261022_opposite() {
        check([-2.0, 0.0, 0.0], Mat4::IDENTITY.to_cols_array());
    }

    /// The goal straight ahead, one unit past the tip: the directions agree, so MMD stops
    /// with the tip a unit short.
    #[test]
    fn limits_20261022_aligned() {
        check([3.0, 0.0, 0.0], Mat4::IDENTITY.to_cols_array());
    }
}

/// Both links with a fixed axis and limits (and, in `base`, link1 turned 90° about X
/// first); MMD's world rotations of both links and the tip within 2e-5.
mod fixed_axis_with_limits {
    use super::*;

    #[allow(clippy::too_many_arguments)]
    fn check(
        goal: [f32; 3],
        limits: Limits,
        loops: i32,
        axis: [f32; 3],
        base: Quat,
        rotations: [[f32; 4]; 2],
        tip: [f32; 3],
    ) {
        let pmx = chain(goal, [1.0, 0.0, 0.0], [Some(limits); 2], loops, 16.0);
        let pose = solved(&with_fixed_axis(pmx, axis), base_key(base));
        assert_links_and_tip(&pose, rotations, tip, 2e-5);
    }

    const Z: [f32; 3] = [0.0, 0.0, 1.0];
    const Y: [f32; 3] = [0.0, 1.0, 0.0];
    const NARROW: Limits = ([0.0, 0.0, 0.2], [0.0, 0.0, 1.2]);
    const NARROW_ROTATIONS: [[f32; 4]; 2] = [
        [0.0, 0.0, 0.099833415, 0.99500417],
        [0.0, 0.0, 0.19866932, 0.98006659],
    ];
    const NARROW_TIP: [f32; 3] = [1.9011277, 0.58808768, 0.0];

    #[test]
    fn parity_fixedlimits_reflect() {
        let goal = [0.5, -1.5, 0.3];
        check(
            goal,
            NARROW,
            4,
            Z,
            Quat::IDENTITY,
            NARROW_ROTATIONS,
            NARROW_TIP,
        );
    }

    #[test]
    fn parity_fixedlimits_clamp() {
        let goal = [0.5, -1.5, 0.3];
        check(
            goal,
            NARROW,
            1,
            Z,
            Quat::IDENTITY,
            NARROW_ROTATIONS,
            NARROW_TIP,
        );
    }

    #[test]
    fn parity_fixedlimits_wide() {
        let rotations = [
            [0.0, 0.0, 0.70179683, 0.71237716],
            [0.0, 0.0, 0.99997564, -0.006979691],
        ];
        let tip = [-0.98494005, 0.98592913, 0.0];
        let limits = ([0.0, 0.0, -2.8], [0.0, 0.0, 2.8]);
        check(
            [-1.0, 1.0, 0.5],
            limits,
            4,
            Z,
            Quat::IDENTITY,
            rotations,
            tip,
        );
    }

    #[test]
    fn parity_fixedlimits_offset() {
        let rotations = [
            [0.0, 0.0, 0.38941834, 0.92106099],
            [0.0, 0.0, 0.71735608, 0.69670671],
        ];
        let tip = [0.66750717, 1.7169297, 0.0];
        let limits = ([0.0, 0.0, -0.3], [0.0, 0.0, 0.8]);
        check(
            [0.5, 1.5, 0.7],
            limits,
            4,
            Z,
            Quat::IDENTITY,
            rotations,
            tip,
        );
    }

    #[test]
    fn parity_fixedlimits_conflict() {
        let rotations = [
            [0.0, 0.0, 0.51392443, 0.85783546],
            [0.0, 0.0, 0.85783549, 0.51392434],
        ];
        let tip = [-2.3841858e-07, 1.7634503, 0.0];
        let limits = ([0.0, 0.0, -1.5707963], [0.0, 0.0, 1.5707963]);
        check(
            [0.0, 2.0, 0.0],
            limits,
            4,
            Y,
            Quat::IDENTITY,
            rotations,
            tip,
        );
    }

    #[test]
    fn parity_fixedlimits_base() {
        let rotations = [
            [0.70710675, 0.0, 0.0, 0.70710681],
            [0.37174805, 0.60150096, 0.60150092, 0.37174808],
        ];
        let tip = [0.55278647, 0.89442724, -6.7527381e-08];
        let pi = 3.1415927;
        let limits = ([-pi; 3], [pi; 3]);
        let base = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
        check([0.0, 2.0, 0.0], limits, 1, Y, base, rotations, tip);
    }

    #[test]
    fn parity_fixedlimits_multi() {
        let rotations = [
            [0.0, -0.23498335, 0.0, 0.97199939],
            [0.0, -0.5211491, 0.0, 0.85346564],
        ];
        let tip = [1.3463728, 0.0, 1.3463731];
        let limits = ([-1.0, -1.0, 0.0], [1.0, 1.0, 0.0]);
        check(
            [1.4, 0.0, 1.4],
            limits,
            4,
            Y,
            Quat::IDENTITY,
            rotations,
            tip,
        );
    }
}

/// The same chains with and without local axes (x = -Z, z = X) on both links: MMD applies
/// the limits in the bone's own frame either way, so both give the captured world rotations
/// and tip (within 1e-4). Four iterations, unit angle 1.
mod local_axes_do_not_change_limit_frames {
    use super::*;

    const LIMITS: Limits = ([-0.7, -0.4, -0.5], [0.8, 0.6, 1.2]);

    #[allow(clippy::too_many_arguments)]
    fn check(
        segment: [f32; 3],
        goal: [f32; 3],
        limits: Limits,
        fixed: bool,
        local_axes: bool,
        rotations: [[f32; 4]; 2],
        tip: [f32; 3],
    ) {
        let mut pmx = chain(goal, segment, [Some(limits); 2], 4, 1.0);
        if fixed {
            pmx = with_fixed_axis(pmx, [0.0, 0.0, 1.0]);
        }
        if local_axes {
            for b in &mut pmx.bones[1..3] {
                *b = Bone {
                    flags: b.flags | LOCAL_AXIS,
                    local_axis: Some(LocalAxis {
                        x: [0.0, 0.0, -1.0],
                        z: [1.0, 0.0, 0.0],
                    }),
                    ..b.clone()
                };
            }
        }
        let pose = solved(&pmx, vec![]);
        assert_links_and_tip(&pose, rotations, tip, 1e-4);
    }

    const KNEE_ROTATIONS: [[f32; 4]; 2] = [
        [-0.10578972, 0.0, 0.0, 0.99438853],
        [-0.69332368, 0.0, 0.0, 0.72062632],
    ];
    const KNEE_TIP: [f32; 3] = [0.0, -1.0162218, 1.2096467];
    const KNEE_LIMITS: Limits = ([-2.9, 0.0, 0.0], [-0.01, 0.0, 0.0]);

    fn knee(local_axes: bool) {
        let (segment, goal) = ([0.0, -1.0, 0.0], [0.2, -1.0, 1.2]);
        check(
            segment,
            goal,
            KNEE_LIMITS,
            false,
            local_axes,
            KNEE_ROTATIONS,
            KNEE_TIP,
        );
    }

    const MULTI_ROTATIONS: [[f32; 4]; 2] = [
        [6.988317e-08, -0.15530309, 0.33279217, 0.93012381],
        [-1.4384275e-07, -0.33163981, 0.71065665, 0.62046923],
    ];
    const MULTI_TIP: [f32; 3] = [0.50022477, 1.5009571, 0.70044661];

    fn multi(local_axes: bool) {
        let (segment, goal) = ([1.0, 0.0, 0.0], [0.5, 1.5, 0.7]);
        check(
            segment,
            goal,
            LIMITS,
            false,
            local_axes,
            MULTI_ROTATIONS,
            MULTI_TIP,
        );
    }

    const FIXED_ROTATIONS: [[f32; 4]; 2] = [
        [0.0, 0.0, 0.31885659, 0.94780298],
        [0.0, 0.0, 0.7983335, 0.60221556],
    ];
    const FIXED_TIP: [f32; 3] = [0.52198809, 1.5659641, 0.0];

    fn fixed(local_axes: bool) {
        let (segment, goal) = ([1.0, 0.0, 0.0], [0.5, 1.5, 0.7]);
        check(
            segment,
            goal,
            LIMITS,
            true,
            local_axes,
            FIXED_ROTATIONS,
            FIXED_TIP,
        );
    }

    #[test]
    fn knee_control() {
        knee(false);
    }

    #[test]
    fn knee_rotated() {
        knee(true);
    }

    #[test]
    fn multi_control() {
        multi(false);
    }

    #[test]
    fn multi_rotated() {
        multi(true);
    }

    #[test]
    fn fixed_control() {
        fixed(false);
    }

    #[test]
    fn fixed_rotated() {
        fixed(true);
    }
}

/// Both links with the fixed axis Y and no limits, the goal at (0, 2, 0), link1 turned 90°
/// about X first: the axis is read in the link's parent frame. MMD's world matrices of
/// both links and the tip within 1e-5.
mod unlimited_fixed_axis_with_base_rotation {
    use super::*;

    const LINK1: [f32; 16] = [
        1.0,
        0.0,
        0.0,
        0.0, //
        0.0,
        5.96046448e-08,
        0.99999994,
        0.0, //
        0.0,
        -0.99999994,
        5.96046448e-08,
        0.0, //
        0.0,
        0.0,
        0.0,
        1.0,
    ];

    fn check(loops: i32, unit: f32, link2: [f32; 16], tip: [f32; 16]) {
        let pmx = with_fixed_axis(
            chain([0.0, 2.0, 0.0], [1.0, 0.0, 0.0], [None, None], loops, unit),
            [0.0, 1.0, 0.0],
        );
        let pose = solved(
            &pmx,
            base_key(Quat::from_rotation_x(std::f32::consts::FRAC_PI_2)),
        );
        for (bone, expected) in [(1, LINK1), (2, link2), (3, tip)] {
            assert_world(&pose, bone, expected, 1e-5);
        }
    }

    #[test]
    fn loops1_unit16() {
        check(
            1,
            16.0,
            [
                -0.447213531,
                0.89442718,
                -5.33120179e-08,
                0.0, //
                0.0,
                5.96046448e-08,
                0.99999994,
                0.0, //
                0.89442724,
                0.447213501,
                -2.66560036e-08,
                0.0, //
                1.0,
                0.0,
                0.0,
                1.0,
            ],
            [
                -0.447213531,
                0.89442718,
                -5.33120179e-08,
                0.0, //
                0.0,
                5.96046448e-08,
                0.99999994,
                0.0, //
                0.89442724,
                0.447213501,
                -2.66560036e-08,
                0.0, //
                0.552786469,
                0.89442718,
                -5.33120179e-08,
                1.0,
            ],
        );
    }

    #[test]
    fn loops4_unit1() {
        check(
            4,
            1.0,
            [
                -0.447214961,
                0.894426465,
                -5.33119753e-08,
                0.0, //
                0.0,
                5.96046448e-08,
                0.99999994,
                0.0, //
                0.894426525,
                0.447214931,
                -2.66560889e-08,
                0.0, //
                1.0,
                0.0,
                0.0,
                1.0,
            ],
            [
                -0.447214961,
                0.894426465,
                -5.33119753e-08,
                0.0, //
                0.0,
                5.96046448e-08,
                0.99999994,
                0.0, //
                0.894426525,
                0.447214931,
                -2.66560889e-08,
                0.0, //
                0.552785039,
                0.894426465,
                -5.33119753e-08,
                1.0,
            ],
        );
    }
}

/// Append (付与) of rotation, as MMD 9.32's InheritRotQuat computes it.
mod append {
    use super::*;

    /// A source turned 4 rad about X granted at weight ±1 (written as q and as -q): MMD's
    /// result turns Y to where (-0.90863353, 0, 0, 0.4175944) (conjugated for weight -1)
    /// does, within 1e-5 — not the source's own rotation, because MMD scales the angle of
    /// a quaternion with negative w after subtracting its constant 3.14 rather than π.
    #[test]
    fn full_weight_grant_preserves_mmd_negative_w_angle_adjustment() {
        let source = Quat::from_rotation_x(4.0);
        let captured = Quat::from_xyzw(-0.908_633_53, 0.0, 0.0, 0.417_594_4);
        for rotation in [source, -source] {
            for weight in [1.0, -1.0] {
                let pmx = model(vec![
                    bone("src", [0.0; 3], -1),
                    append_bone("follower", [1.0, 0.0, 0.0], -1, 0, weight, APPEND_ROTATE),
                ]);
                let pose = solved(&pmx, vec![key("src", 0, [0.0; 3], rotation)]);
                let expected = if weight < 0.0 {
                    captured.conjugate()
                } else {
                    captured
                };
                let y = pose.globals[1].transform_vector3(Vec3::Y);
                let e = (y - expected * Vec3::Y).abs().max_element();
                assert!(e < 1e-5, "{rotation} × {weight}: Y to {y}, off by {e}");
            }
        }
        // The capture tells the two apart.
        assert!((source * Vec3::Y - captured * Vec3::Y).length() > 0.003);
    }
}
