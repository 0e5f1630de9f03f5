//! Physics and physics + bone bodies switched to follow their bones (a motion's physics-off
//! keys) and back: on the bone exactly while following, falling again once released, bad
//! bone indices ignored, and the same calls giving the same bits.

mod common;

use common::{body, bone, model, rest_globals};
use glam::{Mat4, Quat, Vec3};
use mmd_format::JointConstraint;
use mmd_format::pmx::{Joint, PhysicsMode, Pmx, RigidShape};
use mmd_physics::{ModelPhysics, PhysicsOptions, StepOutcome};

/// A chain along +x at height 20: a follow-bone anchor on bone 0, a physics link on bone 1
/// jointed to it, a physics + bone tip on bone 2 jointed to the link. Nothing collides.
fn chain() -> Pmx {
    let mut bodies = vec![
        body(
            0,
            PhysicsMode::FollowBone,
            RigidShape::Box,
            [0.0, 20.0, 0.0],
        ),
        body(1, PhysicsMode::Physics, RigidShape::Box, [2.0, 20.0, 0.0]),
        body(
            2,
            PhysicsMode::PhysicsWithBone,
            RigidShape::Box,
            [6.0, 20.0, 0.0],
        ),
    ];
    for (i, b) in bodies.iter_mut().enumerate() {
        b.group = i as u8;
        b.non_collision_mask = 0;
        b.size = [1.0, 0.25, 0.25];
    }
    let limit = 90f32.to_radians();
    let joint = |name: &str, a: i32, b: i32, x: f32| Joint {
        name: name.into(),
        rigid_bodies: [a, b],
        constraint: JointConstraint {
            position: [x, 20.0, 0.0],
            rotation_min: [-limit; 3],
            rotation_max: [limit; 3],
            ..JointConstraint::default()
        },
        ..Joint::default()
    };
    model(
        vec![
            bone("root", [0.0, 20.0, 0.0], -1),
            bone("link", [1.0, 20.0, 0.0], 0),
            bone("tip", [5.0, 20.0, 0.0], 1),
        ],
        bodies,
        vec![joint("root-link", 0, 1, 1.0), joint("link-tip", 1, 2, 5.0)],
    )
}

fn world(pmx: &Pmx) -> ModelPhysics {
    let (physics, warnings) = ModelPhysics::new(pmx, &PhysicsOptions::default()).expect("world");
    assert!(warnings.is_empty(), "{warnings:?}");
    physics
}

/// Bone matrices with the link bone turned by `angle` about z and moved by `shift`, the tip
/// riding on it.
fn animated(pmx: &Pmx, angle: f32, shift: Vec3) -> Vec<Mat4> {
    let rest = rest_globals(pmx);
    let link = Mat4::from_rotation_translation(
        Quat::from_rotation_z(angle),
        rest[1].w_axis.truncate() + shift,
    );
    let tip = link * Mat4::from_translation(Vec3::new(4.0, 0.0, 0.0));
    vec![rest[0], link, tip]
}

fn assert_close(a: Mat4, b: Mat4, what: &str) {
    assert!(a.abs_diff_eq(b, 1e-4), "{what}: {a:?} is not {b:?}");
}

#[test]
fn a_following_body_moves_with_its_bone_exactly() {
    let pmx = chain();
    let mut physics = world(&pmx);
    physics.reset(&rest_globals(&pmx));
    for _ in 0..30 {
        physics.step(&rest_globals(&pmx), 1.0 / 30.0);
    }
    assert!(!physics.bone_follows_animation(1));
    physics.set_bone_follows_animation(1, true);
    assert!(physics.bone_follows_animation(1));
    assert!(
        !physics.bone_follows_animation(2),
        "only the bone asked for"
    );

    // The hanging link is far below its bone; it goes straight onto it, then follows a fast
    // swing (the bone moves 150 units per frame at the end, 4500/s, past max_body_speed).
    for frame in 0..20 {
        let t = frame as f32;
        let globals = animated(&pmx, 0.1 * t, Vec3::new(0.0, 0.0, 0.4 * t * t));
        let outcome = physics.step(&globals, 1.0 / 30.0);
        assert!(
            matches!(outcome, StepOutcome::Stepped { .. }),
            "frame {frame}: {outcome:?}"
        );
        let body_rest = Mat4::from_translation(Vec3::new(2.0, 20.0, 0.0));
        let bone_rest = Mat4::from_translation(Vec3::new(1.0, 20.0, 0.0));
        let expected = globals[1] * bone_rest.inverse() * body_rest;
        assert_close(
            physics.body_transform(1).expect("link"),
            expected,
            &format!("frame {frame}"),
        );
        let mut written = globals.clone();
        physics.write_back(&mut written);
        assert_eq!(written[1], globals[1], "the link bone keeps its animation");
        assert_ne!(written[2], globals[2], "the tip is still simulated");
    }
}

#[test]
fn a_released_body_falls_from_rest_again() {
    let pmx = chain();
    let mut physics = world(&pmx);
    let rest = rest_globals(&pmx);
    physics.reset(&rest);
    physics.set_bone_follows_animation(1, true);
    physics.set_bone_follows_animation(2, true);
    // Swing the bones so that the bodies carry a kinematic velocity when released.
    for frame in 0..10 {
        let globals = animated(&pmx, 0.2 * frame as f32, Vec3::ZERO);
        physics.step(&globals, 1.0 / 30.0);
    }
    // Back on the rest pose, still following: held level, where gravity alone would drop it.
    physics.step(&rest, 1.0 / 30.0);
    let held = physics.body_transform(2).expect("tip").w_axis.y;
    physics.step(&rest, 1.0 / 30.0);
    assert_eq!(physics.body_transform(2).expect("tip").w_axis.y, held);

    physics.set_bone_follows_animation(1, false);
    physics.set_bone_follows_animation(2, false);
    assert!(!physics.bone_follows_animation(1) && !physics.bone_follows_animation(2));
    // Released at rest: the first frame drops the tip by less than a free fall from rest.
    physics.step(&rest, 1.0 / 30.0);
    let first = held - physics.body_transform(2).expect("tip").w_axis.y;
    let free_fall = 0.5 * 98.0 * (1.0f32 / 30.0).powi(2);
    assert!(first > 0.0 && first < 2.0 * free_fall, "first drop {first}");
    for _ in 0..30 {
        physics.step(&rest, 1.0 / 30.0);
    }
    let tip = physics.body_transform(2).expect("tip").w_axis;
    assert!(tip.y < held - 1.0, "the tip hangs down again: {tip:?}");
    let mut written = rest.clone();
    physics.write_back(&mut written);
    assert_ne!(written[1], rest[1], "the link bone is simulated again");
    assert_ne!(
        written[2].x_axis, rest[2].x_axis,
        "and so is the tip's rotation"
    );
}

/// Every body's transform and the written-back bones after each frame of a run that swings
/// the bones and calls `toggle(physics, frame)` before each step.
fn run(pmx: &Pmx, toggle: impl Fn(&mut ModelPhysics, u32)) -> Vec<Mat4> {
    let mut physics = world(pmx);
    physics.reset(&rest_globals(pmx));
    let mut out = Vec::new();
    for frame in 0..60 {
        let globals = animated(pmx, (frame as f32 * 0.15).sin(), Vec3::ZERO);
        toggle(&mut physics, frame);
        physics.step(&globals, 1.0 / 30.0);
        out.extend((0..3).map(|b| physics.body_transform(b).expect("body")));
        let mut written = globals.clone();
        physics.write_back(&mut written);
        out.extend(written);
    }
    out
}

#[test]
fn invalid_bones_and_bones_without_physics_bodies_are_ignored() {
    let pmx = chain();
    let plain = run(&pmx, |_, _| {});
    let poked = run(&pmx, |physics, frame| {
        for bone in [0, 3, 1000, usize::MAX] {
            physics.set_bone_follows_animation(bone, frame % 2 == 0);
            assert!(!physics.bone_follows_animation(bone), "bone {bone}");
        }
    });
    assert_eq!(plain, poked);
}

#[test]
fn toggling_is_deterministic_and_repeated_calls_change_nothing() {
    let pmx = chain();
    let toggle = |physics: &mut ModelPhysics, frame: u32| {
        physics.set_bone_follows_animation(1, (10..25).contains(&frame));
        physics.set_bone_follows_animation(2, (20..40).contains(&frame));
    };
    let first = run(&pmx, toggle);
    let second = run(&pmx, toggle);
    assert!(
        first.iter().zip(&second).all(
            |(a, b)| a.to_cols_array().map(f32::to_bits) == b.to_cols_array().map(f32::to_bits)
        ),
        "bit-identical"
    );
    let repeated = run(&pmx, |physics, frame| {
        for _ in 0..3 {
            toggle(physics, frame);
        }
    });
    assert_eq!(first, repeated);
    assert!(
        first
            .iter()
            .flat_map(|m| m.to_cols_array())
            .all(f32::is_finite)
    );
}
