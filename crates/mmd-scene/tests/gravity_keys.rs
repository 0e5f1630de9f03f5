//! Gravity keys (a `.pmm`'s or a project's) reach the rigid bodies: live physics and a bake
//! fall the same way, and only once gravity changes does the pose leave the one MMD's default
//! gravity gives.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posing;

use posing::fixture;

use glam::{Mat4, Vec3};
use mmd_physics::SubstepRate;
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::stage::gravity::{GravityKey, GravityMotion};
use mmd_scene::stage::scene::Scene;

/// Every bone at each of `frames` (in order), as `mode` poses `scene`.
fn played(scene: &Scene, mode: PhysicsMode, frames: &[f32]) -> Vec<Vec<Mat4>> {
    let mut engine = SceneEngine::new(mode, SubstepRate::Hz60, LiveStepping::EveryFrame);
    engine.set_gravity(scene.gravity.as_ref());
    match mode {
        PhysicsMode::Baked => engine.bake_now(&scene.actors, 60.0, &mut |_, _| true),
        _ => engine.prepare(&scene.actors),
    }
    .unwrap();
    frames
        .iter()
        .map(|&frame| {
            engine.pose(&scene.actors, frame);
            engine.pose_of(0).unwrap().globals.clone()
        })
        .collect()
}

fn largest_move(a: &[Mat4], b: &[Mat4]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x.w_axis - y.w_axis).length())
        .fold(0.0, f32::max)
}

#[test]
fn bodies_fall_the_way_the_gravity_keys_say_live_and_baked() {
    let (Some(model), Some(motion)) = (
        fixture("gene/Gene_light.pmx"),
        fixture("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let earth = Scene::from_files(&[model, motion]).unwrap();
    let mut sideways = earth.clone();
    sideways.gravity = GravityMotion::new(vec![
        GravityKey::DEFAULT,
        GravityKey {
            frame: 30,
            ..GravityKey::DEFAULT
        },
        GravityKey {
            frame: 31,
            acceleration: 30.0,
            direction: Vec3::X,
        },
    ]);
    let frames: Vec<f32> = (0..=60).map(|f| f as f32).collect();
    let default = played(&earth, PhysicsMode::Live, &frames);
    let live = played(&sideways, PhysicsMode::Live, &frames);
    let baked = played(&sideways, PhysicsMode::Baked, &frames);
    for f in 0..=30 {
        assert_eq!(
            live[f], default[f],
            "frame {f}: the same gravity until frame 30"
        );
    }
    let moved = largest_move(&live[60], &default[60]);
    assert!(moved > 0.5, "blown sideways: the bodies moved {moved}");
    for f in [31, 45, 60] {
        let apart = largest_move(&live[f], &baked[f]);
        assert!(
            apart < 1e-4,
            "frame {f}: the bake is the live run ({apart})"
        );
    }
}
