//! The same inputs give bit-identical outputs, and a blow-up resets instead of spreading NaN.

mod common;

use common::{fixture_model, rest_globals};
use glam::{Mat4, Quat, Vec3};
use mmd_format::pmx::Pmx;
use mmd_physics::{AngularSprings, BlowUp, ModelPhysics, PhysicsOptions, StepOutcome};

/// The rest pose carried by a root that sways and turns: something for the bodies to do.
fn swaying(rest: &[Mat4], frame: usize) -> Vec<Mat4> {
    let t = frame as f32 / 30.0;
    let root = Mat4::from_rotation_translation(
        Quat::from_rotation_y((t * 2.0).sin()),
        Vec3::new((t * 3.0).sin() * 5.0, 0.0, 0.0),
    );
    rest.iter().map(|g| root * *g).collect()
}

fn run(pmx: &Pmx, frames: usize) -> Vec<u32> {
    run_with(pmx, frames, &PhysicsOptions::default())
}

fn run_with(pmx: &Pmx, frames: usize, options: &PhysicsOptions) -> Vec<u32> {
    let (mut physics, _) = ModelPhysics::new(pmx, options).expect("world");
    let rest = rest_globals(pmx);
    physics.reset(&rest);
    let mut bits = Vec::new();
    for frame in 0..frames {
        let mut globals = swaying(&rest, frame);
        assert!(matches!(
            physics.step(&globals, 1.0 / 30.0),
            StepOutcome::Stepped { .. }
        ));
        physics.write_back(&mut globals);
        bits.extend(
            globals
                .iter()
                .flat_map(|g| g.to_cols_array())
                .map(f32::to_bits),
        );
    }
    bits
}

#[test]
fn two_runs_are_bit_identical() {
    let Some(pmx) = fixture_model("gene/Gene_light.pmx") else {
        return;
    };
    let first = run(&pmx, 300);
    let second = run(&pmx, 300);
    assert!(first == second, "two runs differ");
}

#[test]
fn a_teleported_root_resets_instead_of_exploding() {
    let Some(pmx) = fixture_model("uka/MS_Uka.pmx") else {
        return;
    };
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let rest = rest_globals(&pmx);
    physics.reset(&rest);
    for _ in 0..30 {
        physics.step(&rest, 1.0 / 30.0);
    }
    let far = Mat4::from_translation(Vec3::new(1000.0, 0.0, 0.0));
    let moved: Vec<Mat4> = rest.iter().map(|g| far * *g).collect();
    let outcome = physics.step(&moved, 1.0 / 30.0);
    assert!(
        matches!(outcome, StepOutcome::Reset(BlowUp::TooFast { .. })),
        "{outcome:?}"
    );
    // Every body is back on its bone, at the new place.
    for b in 0..pmx.rigid_bodies.len() {
        let x = physics.body_transform(b).expect("body").w_axis.x;
        assert!((x - 1000.0).abs() < 50.0, "body {b} at x = {x}");
    }
    for _ in 0..30 {
        assert!(matches!(
            physics.step(&moved, 1.0 / 30.0),
            StepOutcome::Stepped { .. }
        ));
    }
}

/// A spring motor of stiffness 0 has zero force bounds: enabling it on every angular axis
/// (what most MMD engines do) only adds solver rows that never push. Checked here, bit for
/// bit, because it is why [`AngularSprings::NonZero`] is the faster default.
#[test]
fn zero_stiffness_springs_change_nothing() {
    let Some(pmx) = fixture_model("uka/MS_Uka.pmx") else {
        return;
    };
    let all = PhysicsOptions {
        angular_springs: AngularSprings::All,
        ..PhysicsOptions::default()
    };
    let non_zero = PhysicsOptions {
        angular_springs: AngularSprings::NonZero,
        ..PhysicsOptions::default()
    };
    assert!(run_with(&pmx, 300, &all) == run_with(&pmx, 300, &non_zero));
}

/// Steps frames `from..to` of the swaying root and returns the last frame's bits.
fn sway_bits(physics: &mut ModelPhysics, rest: &[Mat4], from: usize, to: usize) -> Vec<u32> {
    let mut globals = Vec::new();
    for frame in from..to {
        globals = swaying(rest, frame);
        physics.step(&globals, 1.0 / 30.0);
        physics.write_back(&mut globals);
    }
    globals
        .iter()
        .flat_map(|g| g.to_cols_array())
        .map(f32::to_bits)
        .collect()
}

#[test]
fn a_reset_forgets_everything_a_fresh_model_would_not_know() {
    let Some(pmx) = fixture_model("gene/Gene_light.pmx") else {
        return;
    };
    let rest = rest_globals(&pmx);
    // A model that has simulated 100 frames, then resets at frame 100…
    let (mut used, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    used.reset(&swaying(&rest, 0));
    sway_bits(&mut used, &rest, 0, 100);
    used.reset(&swaying(&rest, 100));
    // …continues exactly as a newly built one started at frame 100.
    let (mut fresh, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    fresh.reset(&swaying(&rest, 100));
    assert!(
        sway_bits(&mut used, &rest, 100, 160) == sway_bits(&mut fresh, &rest, 100, 160),
        "a reset world remembers its past"
    );
}
