//! A free body falls as Bullet's semi-implicit Euler integrates gravity, close to s = ½gt².

mod common;

use common::{body, bone, model, rest_globals};
use glam::Vec3;
use mmd_format::pmx::{PhysicsMode, RigidShape};
use mmd_physics::{ModelPhysics, PhysicsOptions, StepOutcome, SubstepRate};

/// A sphere on a bone at (0, 10, 0), free of damping, so that only gravity moves it.
fn free_ball() -> mmd_format::pmx::Pmx {
    let mut sphere = body(
        0,
        PhysicsMode::Physics,
        RigidShape::Sphere,
        [0.0, 10.0, 0.0],
    );
    sphere.linear_damping = 0.0;
    sphere.angular_damping = 0.0;
    model(
        vec![bone("ball", [0.0, 10.0, 0.0], -1)],
        vec![sphere],
        vec![],
    )
}

fn fall(rate: SubstepRate, frames: u32) -> (f32, f32, f32) {
    let pmx = free_ball();
    let options = PhysicsOptions {
        rate,
        ..PhysicsOptions::default()
    };
    let (mut physics, warnings) = ModelPhysics::new(&pmx, &options).expect("world");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut globals = rest_globals(&pmx);
    physics.reset(&globals);
    let mut substeps = 0;
    for _ in 0..frames {
        match physics.step(&globals, 1.0 / 30.0) {
            StepOutcome::Stepped { substeps: n } => substeps += n,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(
        substeps,
        frames * rate.hz() / 30,
        "exact substeps per frame"
    );
    physics.write_back(&mut globals);
    let body_y = physics.body_transform(0).expect("body").w_axis.y;
    let bone_y = globals[0].w_axis.y;
    let t = frames as f32 / 30.0;
    (10.0 - body_y, 10.0 - bone_y, t)
}

#[test]
fn a_free_sphere_falls_half_g_t_squared() {
    for rate in [SubstepRate::Hz60, SubstepRate::Hz120, SubstepRate::Hz240] {
        let (drop, bone_drop, t) = fall(rate, 60);
        let g = 98.0_f32;
        let h = rate.seconds();
        let n = (t / h).round();
        // Semi-implicit Euler (v += g·h, then x += v·h): s = g·h²·n(n+1)/2 exactly.
        let euler = g * h * h * n * (n + 1.0) / 2.0;
        let analytic = 0.5 * g * t * t;
        assert!(
            (drop - euler).abs() < 1e-3 * euler,
            "{rate:?}: fell {drop}, Euler says {euler}"
        );
        assert!(
            (drop - analytic).abs() < 0.01 * analytic,
            "{rate:?}: fell {drop}, ½gt² = {analytic}"
        );
        assert_eq!(drop, bone_drop, "the bone follows its body");
    }
}

#[test]
fn a_fraction_of_a_substep_waits_for_the_next_call() {
    let pmx = model(
        vec![bone("ball", [0.0, 10.0, 0.0], -1)],
        vec![body(
            0,
            PhysicsMode::Physics,
            RigidShape::Sphere,
            [0.0, 10.0, 0.0],
        )],
        vec![],
    );
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let globals = rest_globals(&pmx);
    assert_eq!(physics.step(&globals, 1.0 / 120.0), StepOutcome::Idle);
    assert_eq!(
        physics.step(&globals, 1.0 / 120.0),
        StepOutcome::Stepped { substeps: 1 }
    );
    assert_eq!(physics.step(&globals, 0.0), StepOutcome::Idle);
    assert_eq!(physics.step(&globals, f32::NAN), StepOutcome::Idle);
    assert_eq!(physics.step(&globals, -1.0), StepOutcome::Idle);
    // A stall is capped at max_substeps, its time dropped.
    assert_eq!(
        physics.step(&globals, 10.0),
        StepOutcome::Stepped { substeps: 10 }
    );
    assert_eq!(
        physics.step(&globals, 1.0 / 60.0),
        StepOutcome::Stepped { substeps: 1 }
    );
    let y = physics.body_transform(0).expect("body").w_axis.y;
    assert!(y < 10.0 && y.is_finite());
}

/// Gravity set while bodies fall (MMD's gravity keys): from then on the body accelerates the
/// new way, and a reset keeps the new gravity.
#[test]
fn a_new_gravity_pulls_from_the_next_step_and_survives_a_reset() {
    let pmx = free_ball();
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let globals = rest_globals(&pmx);
    let sideways = Vec3::new(49.0, 0.0, 0.0);
    let position = |physics: &ModelPhysics| physics.body_transform(0).expect("body").w_axis;
    let h = SubstepRate::Hz60.seconds();
    // Semi-implicit Euler over n substeps from rest: s = g·h²·n(n+1)/2.
    let euler = |g: f32, n: f32| g * h * h * n * (n + 1.0) / 2.0;
    for reset_first in [false, true] {
        physics.reset(&globals);
        assert!(physics.set_gravity(sideways));
        if reset_first {
            physics.reset(&globals);
        }
        for _ in 0..30 {
            physics.step(&globals, 1.0 / 30.0);
        }
        let at = position(&physics);
        assert!(
            (at.x - euler(49.0, 60.0)).abs() < 1e-3 * euler(49.0, 60.0),
            "reset first {reset_first}: moved {} along X",
            at.x
        );
        assert!((at.y - 10.0).abs() < 1e-4, "no longer falls: y {}", at.y);
    }
    assert!(!physics.set_gravity(Vec3::new(f32::NAN, 0.0, 0.0)));
    assert!(!physics.set_gravity(Vec3::new(0.0, -2.0e4, 0.0)));
    assert_eq!(
        physics.options().gravity,
        sideways,
        "a refused gravity changes nothing"
    );
}
