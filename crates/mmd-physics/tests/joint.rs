//! A body hanging on a joint from a kinematic body stays within the joint's limits and
//! settles; the babylon-mmd constraint tests settle inside their 0–90° limit.

mod common;

use common::{CONSTRAINT_TESTS, body, bone, fixture_model, joint_angles, joint_offset, model};
use glam::{Mat4, Quat, Vec3};
use mmd_format::JointConstraint;
use mmd_format::pmx::{Joint, PhysicsMode, RigidShape};
use mmd_physics::{ModelPhysics, PhysicsOptions, StepOutcome};

const TOLERANCE: f32 = 5.0 * std::f32::consts::PI / 180.0;

/// A kinematic anchor at (0, 20, 0) and a 4-unit bar to its +x, joined at the anchor (like a
/// hair segment hanging from its root); the joint allows rotation about z in [-30°, 30°]
/// only, and the two do not collide. Gravity swings the bar down 30° (+30° as Bullet measures
/// it, see `joint_angles`).
fn pendulum() -> mmd_format::pmx::Pmx {
    let anchor = body(
        0,
        PhysicsMode::FollowBone,
        RigidShape::Box,
        [0.0, 20.0, 0.0],
    );
    let mut weight = body(1, PhysicsMode::Physics, RigidShape::Box, [2.0, 20.0, 0.0]);
    weight.size = [2.0, 0.25, 0.25];
    weight.group = 1;
    weight.non_collision_mask = 0xFFFE;
    weight.linear_damping = 0.5;
    weight.angular_damping = 0.5;
    let limit = 30f32.to_radians();
    let joint = Joint {
        name: "hinge".into(),
        rigid_bodies: [0, 1],
        constraint: JointConstraint {
            position: [0.0, 20.0, 0.0],
            rotation_min: [0.0, 0.0, -limit],
            rotation_max: [0.0, 0.0, limit],
            ..JointConstraint::default()
        },
        ..Joint::default()
    };
    model(
        vec![
            bone("anchor", [0.0, 20.0, 0.0], -1),
            bone("weight", [4.0, 20.0, 0.0], 0),
        ],
        vec![anchor, weight],
        vec![joint],
    )
}

#[test]
fn a_hanging_body_stays_within_its_limits_and_settles() {
    let pmx = pendulum();
    let (mut physics, warnings) =
        ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut globals = common::rest_globals(&pmx);
    physics.reset(&globals);
    let limit = 30f32.to_radians();
    let mut last = Vec3::ZERO;
    for frame in 0..300 {
        assert!(matches!(
            physics.step(&globals, 1.0 / 30.0),
            StepOutcome::Stepped { .. }
        ));
        let angles = joint_angles(&pmx, &physics, 0);
        assert!(
            angles.x.abs() < TOLERANCE && angles.y.abs() < TOLERANCE,
            "frame {frame}: {angles}"
        );
        assert!(
            angles.z > -limit - TOLERANCE && angles.z < limit + TOLERANCE,
            "frame {frame}: {angles}"
        );
        assert!(
            joint_offset(&pmx, &physics, 0).length() < 0.05,
            "frame {frame}: the joint came apart by {}",
            joint_offset(&pmx, &physics, 0)
        );
        last = physics.body_transform(1).expect("weight").w_axis.truncate();
    }
    let angles = joint_angles(&pmx, &physics, 0);
    assert!(
        (angles.z - limit).abs() < TOLERANCE,
        "rests on the limit: {angles}"
    );
    assert!(physics.step(&globals, 1.0 / 30.0) != StepOutcome::Idle);
    let moved = physics.body_transform(1).expect("weight").w_axis.truncate() - last;
    assert!(moved.length() < 1e-3, "settled, yet moved {moved}");

    // The bone takes the body's pose: hanging below the anchor, to the right.
    physics.write_back(&mut globals);
    let tip = globals[1].w_axis.truncate();
    assert!(
        (tip - Vec3::new(4.0 * limit.cos(), 20.0 - 4.0 * limit.sin(), 0.0)).length() < 0.5,
        "{tip}"
    );
    assert_eq!(physics.driven_bones(), &[1]);
}

#[test]
fn a_physics_with_bone_body_keeps_its_bones_position() {
    let mut pmx = pendulum();
    pmx.rigid_bodies[1].mode = PhysicsMode::PhysicsWithBone;
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let mut globals = common::rest_globals(&pmx);
    physics.reset(&globals);
    for _ in 0..60 {
        physics.step(&globals, 1.0 / 30.0);
    }
    let before = globals[1];
    physics.write_back(&mut globals);
    assert_eq!(
        globals[1].w_axis, before.w_axis,
        "translation stays the animated one"
    );
    let (_, rotation, _) = globals[1].to_scale_rotation_translation();
    assert!(
        rotation.angle_between(Quat::IDENTITY) > 10f32.to_radians(),
        "rotation comes from the body"
    );
}

#[test]
fn kinematic_bodies_follow_their_bones() {
    let pmx = pendulum();
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let mut globals = common::rest_globals(&pmx);
    physics.reset(&globals);
    let root =
        Mat4::from_rotation_translation(Quat::from_rotation_y(0.5), Vec3::new(1.0, 2.0, 3.0));
    for g in &mut globals {
        *g = root * *g;
    }
    physics.step(&globals, 1.0 / 30.0);
    let anchor = physics.body_transform(0).expect("anchor");
    assert!(anchor.abs_diff_eq(
        root * Mat4::from_translation(Vec3::new(0.0, 20.0, 0.0)),
        1e-5
    ));
}

/// Each model balances a box upright on a kinematic box, joined by a hinge with one axis
/// free in [0°, 90°]. Tilting the kinematic box (its bone) 40° either way about X or Z lets
/// gravity turn the upper box: it must never pass a limit, and must come to rest.
#[test]
fn the_constraint_test_models_settle_inside_their_limits() {
    let tilts = [
        Quat::from_rotation_x(0.7),
        Quat::from_rotation_x(-0.7),
        Quat::from_rotation_z(0.7),
        Quat::from_rotation_z(-0.7),
    ];
    for rel in CONSTRAINT_TESTS {
        let Some(pmx) = fixture_model(rel) else {
            return;
        };
        let joint = &pmx.joints[0];
        let mut tipped = false;
        for tilt in tilts {
            let (mut physics, warnings) =
                ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
            assert!(warnings.is_empty(), "{rel}: {warnings:?}");
            assert_eq!(physics.joint_count(), 1, "{rel}");
            let globals: Vec<Mat4> = common::rest_globals(&pmx)
                .iter()
                .map(|g| Mat4::from_quat(tilt) * *g)
                .collect();
            physics.reset(&globals);
            let mut previous = Vec3::ZERO;
            let mut motion = f32::MAX;
            for frame in 0..300 {
                let outcome = physics.step(&globals, 1.0 / 30.0);
                assert!(
                    matches!(outcome, StepOutcome::Stepped { .. }),
                    "{outcome:?}"
                );
                let angles = joint_angles(&pmx, &physics, 0).to_array();
                for (axis, angle) in angles.iter().enumerate() {
                    let (lo, hi) = (
                        joint.constraint.rotation_min[axis],
                        joint.constraint.rotation_max[axis],
                    );
                    assert!(
                        *angle > lo - TOLERANCE && *angle < hi + TOLERANCE,
                        "{rel} {tilt} frame {frame}: axis {axis} at {}° outside [{}°, {}°]",
                        angle.to_degrees(),
                        lo.to_degrees(),
                        hi.to_degrees()
                    );
                }
                let p = physics
                    .body_transform(1)
                    .expect("dynamic box")
                    .w_axis
                    .truncate();
                motion = (p - previous).length();
                previous = p;
            }
            let degrees = joint_angles(&pmx, &physics, 0)
                .to_array()
                .map(f32::to_degrees);
            eprintln!("{rel} tilted {tilt}: rests at {degrees:?}°, last frame moved {motion}");
            assert!(
                motion < 1e-3,
                "{rel} {tilt}: still moving {motion} per frame"
            );
            // Some tilts press the box into its 0° stop or against a locked axis; at least
            // one must tip it over (onto the 90° stop, or onto the lower box where the
            // rotated hinge swings it into it).
            tipped |= degrees.iter().any(|d| *d > 45.0);
        }
        assert!(tipped, "{rel}: no tilt tipped the box over");
    }
}
