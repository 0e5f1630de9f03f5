//! Posing and evaluating a frame through the scene engine allocates nothing, whatever the
//! physics mode: a counting global allocator watches `SceneFrame::pose` (the engine's
//! `SceneEngine::pose`, then the rest of the frame) over every frame of the bundled
//! dance, with physics off, live (as the window steps it and as a render plays every frame)
//! and baked, with gravity keys, with one model hung from another's bone (外部親), and with
//! accessories held and keyed. Only the posing thread's allocations are counted.
#![allow(unsafe_code, clippy::unwrap_used)]

// The pose crate's counting allocator, shared rather than copied.
#[path = "../../mmd-pose/tests/counting_alloc/mod.rs"]
mod counting_alloc;

mod posing;

use counting_alloc::allocations;
use mmd_physics::SubstepRate;
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::stage::accessory::{AccessoryEdit, AccessoryParent};
use mmd_scene::stage::accessory_motion::{AccessoryKey, AccessoryMotion};
use mmd_scene::stage::gravity::{GravityKey, GravityMotion};
use mmd_scene::stage::outside_parent::{OutsideParent, OutsideTarget};
use mmd_scene::stage::scene::{OpenInto, Scene};

/// Allocations made posing every frame of `scene` (each twice, as a paused window repeats
/// one) after a first pass over them, which warms up what is built once.
fn allocations_posing(scene: &Scene, engine: &mut SceneEngine) -> usize {
    let last = scene.last_frame() as u32;
    let mut frame = SceneFrame::default();
    let choices = FrameChoices::default();
    for f in 0..=last {
        frame.pose(engine, scene, f as f32, &choices);
    }
    engine.restart();
    let before = allocations();
    for f in 0..=last {
        frame.pose(engine, scene, f as f32, &choices);
        frame.pose(engine, scene, f as f32, &choices);
        frame.pose(engine, scene, f as f32 + 0.5, &choices);
    }
    allocations() - before
}

#[test]
fn posing_does_not_allocate_in_any_physics_mode() {
    let mut scene = match Scene::bundled() {
        Ok(scene) => scene,
        Err(e) => panic!("the bundled scene opens: {e}"),
    };
    // Gravity keys (a project's) change the bodies' gravity every frame between them.
    scene.gravity = GravityMotion::new(vec![
        GravityKey::DEFAULT,
        GravityKey {
            frame: 60,
            acceleration: 20.0,
            direction: glam::Vec3::X,
        },
    ]);
    let rate = SubstepRate::default();
    for (mode, stepping) in [
        (PhysicsMode::Off, LiveStepping::Display),
        (PhysicsMode::Live, LiveStepping::Display),
        (PhysicsMode::Live, LiveStepping::EveryFrame),
        (PhysicsMode::Baked, LiveStepping::EveryFrame),
    ] {
        let mut engine = SceneEngine::new(mode, rate, stepping);
        engine.set_gravity(scene.gravity.as_ref());
        if let Err(e) = engine.prepare(&scene.actors) {
            panic!("{mode:?}: the bodies build: {e}");
        }
        if mode == PhysicsMode::Baked
            && let Err(e) = engine.bake_now(&scene.actors, scene.last_frame(), &mut |_, _| true)
        {
            panic!("the bake is made: {e}");
        }
        assert_eq!(
            allocations_posing(&scene, &mut engine),
            0,
            "{mode:?} {stepping:?}"
        );
    }
}

#[test]
fn posing_models_hung_from_each_other_does_not_allocate() {
    let mut scene = match Scene::bundled() {
        Ok(scene) => scene,
        Err(e) => panic!("the bundled scene opens: {e}"),
    };
    let mut held = scene.actors[0].clone();
    held.id = scene.actors[0].id + 1_000_000;
    // The holder second: the engine must pose it first.
    held.outside_parents = Vec::new();
    let holder = held.id;
    scene.actors[0].outside_parents = vec![OutsideParent::constant(
        0,
        OutsideTarget {
            actor: holder,
            bone: 5,
        },
    )];
    scene.actors.push(held);
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        SubstepRate::default(),
        LiveStepping::Display,
    );
    assert_eq!(allocations_posing(&scene, &mut engine), 0);
}

/// The frame's accessories (one standing, one held by a bone, one moved by keys from one
/// holding bone to another) are evaluated into the memory the last frame left.
#[test]
fn evaluating_accessories_held_and_keyed_does_not_allocate() {
    let dir = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(e) => panic!("a temporary folder: {e}"),
    };
    let prop = dir.path().join("prop.x");
    posing::write_triangle_x(&prop);
    let mut scene = match Scene::bundled() {
        Ok(scene) => scene,
        Err(e) => panic!("the bundled scene opens: {e}"),
    };
    let files = [prop.clone(), prop.clone(), prop];
    let into = OpenInto::Add { selected: Some(0) };
    if let Err(e) = scene.open(&files, into) {
        panic!("the props open: {e}");
    }
    let actors = scene.actors.clone();
    let bone = |i: usize| actors[0].model.rig.bone_name(i).to_owned();
    if let Err(e) = scene.accessories[1].edit(AccessoryEdit::Parent(Some((0, bone(5)))), &actors) {
        panic!("held by a bone: {e}");
    }
    let holder = |i: usize| {
        Some(AccessoryParent {
            actor: actors[0].id,
            bone: bone(i),
        })
    };
    let key = |frame: u32, x: f32, parent| AccessoryKey {
        frame,
        visible: true,
        position: glam::Vec3::new(x, 0.0, 0.0),
        rotation: glam::Vec3::ZERO,
        scale: 1.0,
        opacity: 0.5,
        ground_shadow: true,
        parent,
    };
    scene.accessories[2].motion =
        AccessoryMotion::new(vec![key(0, 0.0, holder(3)), key(60, 5.0, holder(8))]);
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        SubstepRate::default(),
        LiveStepping::Display,
    );
    assert_eq!(allocations_posing(&scene, &mut engine), 0);
}
