//! Bodies and joints no editor would write: every one is reported and neutralised, and what
//! remains simulates without NaN, crash or hang.

mod common;

use common::{body, bone, model, rest_globals};
use glam::{Mat4, Vec3};
use mmd_format::JointConstraint;
use mmd_format::pmx::{Joint, JointKind, PhysicsMode, Pmx, RigidShape};
use mmd_physics::{MAX_BODIES, ModelPhysics, PhysicsOptions, PhysicsWarning, StepOutcome};

fn simulate(pmx: &Pmx, frames: usize) -> (ModelPhysics, Vec<PhysicsWarning>) {
    let (mut physics, warnings) =
        ModelPhysics::new(pmx, &PhysicsOptions::default()).expect("world");
    let rest = rest_globals(pmx);
    physics.reset(&rest);
    for _ in 0..frames {
        physics.step(&rest, 1.0 / 30.0);
    }
    for b in 0..pmx.rigid_bodies.len() {
        if let Some(m) = physics.body_transform(b) {
            assert!(m.is_finite(), "body {b} not finite");
        }
    }
    let mut globals = rest.clone();
    physics.write_back(&mut globals);
    assert!(
        globals.iter().all(|g| g.is_finite()),
        "a bone is not finite"
    );
    (physics, warnings)
}

#[test]
fn hostile_bodies_are_repaired_or_left_out() {
    let good = |x: f32| body(0, PhysicsMode::Physics, RigidShape::Box, [x, 10.0, 0.0]);
    let mut bodies = Vec::new();
    let mut nan_size = good(0.0);
    nan_size.size = [f32::NAN, 1.0, 1.0];
    bodies.push(nan_size); // 0: dropped
    let mut inf_position = good(1.0);
    inf_position.position = [f32::INFINITY, 0.0, 0.0];
    bodies.push(inf_position); // 1: dropped
    let mut nan_rotation = good(2.0);
    nan_rotation.rotation = [0.0, f32::NAN, 0.0];
    bodies.push(nan_rotation); // 2: dropped
    let mut negative = good(3.0);
    negative.size = [-1.0, -2.0, -0.5];
    negative.mass = -5.0;
    bodies.push(negative); // 3: magnitudes, static
    let mut huge = good(4.0);
    huge.size = [1e30, 1e30, 1e30];
    huge.mass = 1e30;
    huge.friction = f32::INFINITY;
    huge.restitution = 1e30;
    huge.linear_damping = f32::NAN;
    huge.angular_damping = -3.0;
    huge.group = 200;
    bodies.push(huge); // 4: clamped
    let mut zero = good(5.0);
    zero.size = [0.0; 3];
    zero.mass = 0.0;
    bodies.push(zero); // 5: no contact, static
    let mut nowhere = good(6.0);
    nowhere.bone = 9000;
    bodies.push(nowhere); // 6: no bone
    let mut negative_bone = good(7.0);
    negative_bone.bone = -7;
    negative_bone.mode = PhysicsMode::FollowBone;
    bodies.push(negative_bone); // 7: no bone
    bodies.push(good(8.0)); // 8: fine
    let mut nan_mass = good(9.0);
    nan_mass.mass = f32::NAN;
    bodies.push(nan_mass); // 9: static

    let pmx = model(vec![bone("root", [0.0, 10.0, 0.0], -1)], bodies, vec![]);
    let (physics, warnings) = simulate(&pmx, 120);
    for w in &warnings {
        eprintln!("{w}");
    }
    let dropped: Vec<usize> = warnings
        .iter()
        .filter_map(|w| match w {
            PhysicsWarning::BodyDropped { body, .. } => Some(*body),
            _ => None,
        })
        .collect();
    assert_eq!(dropped, [0, 1, 2]);
    assert_eq!(physics.body_count(), 7);
    let fixed = |body: usize| {
        warnings
            .iter()
            .filter(|w| matches!(w, PhysicsWarning::BodyFixed { body: b, .. } if *b == body))
            .count()
    };
    assert_eq!(fixed(3), 2, "negative size and mass");
    assert_eq!(
        fixed(4),
        7,
        "size, mass, friction, restitution, dampings, group"
    );
    assert_eq!(fixed(9), 1, "NaN mass");
    assert!(warnings.contains(&PhysicsWarning::BodyBone {
        body: 6,
        bone: 9000
    }));
    assert!(warnings.contains(&PhysicsWarning::BodyBone { body: 7, bone: -7 }));
    // A static body stays where it was put; the body without a bone fell.
    let rest = Mat4::from_translation(Vec3::new(3.0, 10.0, 0.0));
    assert!(
        physics
            .body_transform(3)
            .expect("static")
            .abs_diff_eq(rest, 1e-4)
    );
    assert!(physics.body_transform(6).expect("boneless").w_axis.y < 0.0);
}

#[test]
fn hostile_joints_are_repaired_or_skipped() {
    let mut bodies = vec![body(
        0,
        PhysicsMode::FollowBone,
        RigidShape::Sphere,
        [0.0, 10.0, 0.0],
    )];
    for k in 1..=3 {
        let mut b = body(
            1,
            PhysicsMode::Physics,
            RigidShape::Sphere,
            [k as f32 * 2.0, 10.0, 0.0],
        );
        b.group = 1;
        b.non_collision_mask = 0;
        bodies.push(b);
    }
    let joint = |a: i32, b: i32| Joint {
        rigid_bodies: [a, b],
        constraint: JointConstraint {
            position: [0.0, 10.0, 0.0],
            ..JointConstraint::default()
        },
        ..Joint::default()
    };
    let mut joints = vec![
        joint(0, 0),  // 0: self
        joint(0, 99), // 1: out of range
        joint(-1, 1), // 2: none
        joint(0, 1),  // 3: fine
    ];
    let mut nan_frame = joint(0, 2);
    nan_frame.constraint.rotation = [f32::NAN; 3];
    joints.push(nan_frame); // 4: skipped
    let mut wild = joint(1, 2);
    wild.constraint.position_min = [f32::NAN, -1e30, 0.0];
    wild.constraint.position_max = [f32::INFINITY, 1e30, 0.0];
    wild.constraint.rotation_min = [-1e30, f32::NEG_INFINITY, 0.0];
    wild.constraint.rotation_max = [1e30, f32::NAN, 0.0];
    wild.constraint.spring_position = [f32::NAN, -10.0, 1e30];
    wild.constraint.spring_rotation = [1e30, f32::INFINITY, -1.0];
    wild.kind = JointKind::Hinge;
    joints.push(wild); // 5: clamped
    let mut upside_down = joint(2, 3);
    upside_down.constraint.rotation_min = [1.0, 1.0, 1.0];
    upside_down.constraint.rotation_max = [-1.0, -1.0, -1.0];
    joints.push(upside_down); // 6: lower > upper leaves the axes free, as in Bullet

    let pmx = model(
        vec![
            bone("root", [0.0, 10.0, 0.0], -1),
            bone("hang", [2.0, 10.0, 0.0], 0),
        ],
        bodies,
        joints,
    );
    let (physics, warnings) = simulate(&pmx, 300);
    for w in &warnings {
        eprintln!("{w}");
    }
    let skipped: Vec<usize> = warnings
        .iter()
        .filter_map(|w| match w {
            PhysicsWarning::JointSkipped { joint, .. } => Some(*joint),
            _ => None,
        })
        .collect();
    assert_eq!(skipped, [0, 1, 2, 4]);
    assert_eq!(physics.joint_count(), 3);
    assert!(warnings.contains(&PhysicsWarning::JointKind {
        joint: 5,
        kind: "hinge"
    }));
    let fixed = warnings
        .iter()
        .filter(|w| matches!(w, PhysicsWarning::JointFixed { joint: 5, .. }))
        .count();
    assert_eq!(fixed, 6, "four limits and two springs");
}

#[test]
fn thirty_thousand_bodies_are_cut_to_the_limit() {
    let count = 30_000;
    let bodies = (0..count)
        .map(|i| {
            let mut b = body(
                0,
                PhysicsMode::Physics,
                RigidShape::Sphere,
                [(i % 200) as f32 * 3.0, 10.0 + (i / 200) as f32 * 3.0, 0.0],
            );
            b.non_collision_mask = 0;
            b
        })
        .collect();
    let joints = (0..count as i32 - 1)
        .map(|i| Joint {
            rigid_bodies: [i, i + 1],
            ..Joint::default()
        })
        .collect();
    let pmx = model(vec![bone("root", [0.0, 0.0, 0.0], -1)], bodies, joints);
    let (physics, warnings) = simulate(&pmx, 10);
    assert_eq!(physics.body_count(), MAX_BODIES);
    assert!(warnings.contains(&PhysicsWarning::TooMany {
        what: "rigid bodies",
        count,
        kept: MAX_BODIES
    }));
    assert!(
        warnings
            .iter()
            .any(|w| matches!(w, PhysicsWarning::TooMany { what: "joints", .. }))
    );
}

#[test]
fn bad_bone_matrices_and_options_are_refused() {
    let pmx = model(
        vec![bone("root", [0.0, 10.0, 0.0], -1)],
        vec![body(
            0,
            PhysicsMode::FollowBone,
            RigidShape::Sphere,
            [0.0, 10.0, 0.0],
        )],
        vec![],
    );
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let nan = vec![Mat4::from_translation(Vec3::splat(f32::NAN))];
    physics.reset(&nan);
    assert!(physics.body_transform(0).expect("body").is_finite());
    assert!(matches!(
        physics.step(&nan, 1.0 / 30.0),
        StepOutcome::Stepped { .. }
    ));
    assert!(matches!(
        physics.step(&[], 1.0 / 30.0),
        StepOutcome::Stepped { .. }
    ));
    assert!(physics.body_transform(0).expect("body").is_finite());

    for options in [
        PhysicsOptions {
            gravity: Vec3::NAN,
            ..PhysicsOptions::default()
        },
        PhysicsOptions {
            stop_erp: Some(-1.0),
            ..PhysicsOptions::default()
        },
        PhysicsOptions {
            max_substeps: 0,
            ..PhysicsOptions::default()
        },
        PhysicsOptions {
            max_body_speed: f32::INFINITY,
            ..PhysicsOptions::default()
        },
    ] {
        assert!(ModelPhysics::new(&pmx, &options).is_err(), "{options:?}");
    }
}
