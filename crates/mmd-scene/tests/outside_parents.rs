//! Outside parents (外部親): a model's bone hangs from another model's bone from a key on, as
//! MMD parents them: the bone and everything below it move with the other bone, whatever the
//! models' order in the scene, and a project keeps the setting.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod posing;

use posing::{assets, poses};
use std::path::Path;

use glam::Vec3;
use mmd_pose::IkOverride;
use mmd_scene::project::open::open;
use mmd_scene::project::save::save;
use mmd_scene::project::{HostSettings, Leftovers};
use mmd_scene::stage::outside_parent::{OutsideParent, OutsideParentKey, OutsideTarget};
use mmd_scene::stage::scene::Scene;

/// Two dancers apart: the held one first in the list, the holder second.
fn two_dancers(dir: &Path) -> Scene {
    let model = dir.join("dancer.pmx");
    let motion = dir.join("dance.vmd");
    std::fs::copy(assets().join("default_model.pmx"), &model).unwrap();
    std::fs::copy(assets().join("default_motion.vmd"), &motion).unwrap();
    let mut scene = Scene::from_files(&[model.clone(), motion.clone(), model, motion]).unwrap();
    scene.actors[0].position = Vec3::new(8.0, 0.0, 0.0);
    scene.actors[1].position = Vec3::new(-8.0, 0.0, 2.0);
    scene
}

/// Hangs actor 0's root bones from actor 1's bone `hand` from frame 10 to 30.
fn hang(scene: &mut Scene, hand: usize) {
    let holder = scene.actors[1].id;
    let rig = &scene.actors[0].model.rig;
    let roots: Vec<usize> = (0..rig.bone_count())
        .filter(|&b| rig.bone_parent(b).is_none())
        .collect();
    scene.actors[0].outside_parents = roots
        .into_iter()
        .map(|bone| OutsideParent {
            bone,
            keys: vec![
                OutsideParentKey {
                    frame: 10,
                    target: Some(OutsideTarget {
                        actor: holder,
                        bone: hand,
                    }),
                },
                OutsideParentKey {
                    frame: 30,
                    target: None,
                },
            ],
        })
        .collect();
}

#[test]
fn a_hung_model_moves_with_the_bone_it_hangs_from_while_its_keys_say() {
    let dir = tempfile::tempdir().unwrap();
    let mut free = two_dancers(dir.path());
    // IK solves in model space with a few iterations: its stopping point moves by a few
    // thousandths when the whole model is turned and moved far from its origin. Without it
    // the carried tree must match to float precision.
    free.actors[0].ik.set_all(IkOverride::Off);
    let mut held = free.clone();
    let hand = held.actors[1].model.rig.bone_index("右手首").unwrap();
    hang(&mut held, hand);

    for frame in [5.0, 35.0] {
        assert_eq!(
            poses(&held, &[frame]),
            poses(&free, &[frame]),
            "frame {frame}: no parent"
        );
    }
    let frame = 20.0;
    let (with, without) = (poses(&held, &[frame]), poses(&free, &[frame]));
    assert_eq!(with[1], without[1], "the holder moves as before");
    let (own, other) = (held.actors[0].placement(), held.actors[1].placement());
    let parent = own.inverse() * other * without[1][hand];
    let mut moved = 0;
    for (bone, (a, b)) in with[0].iter().zip(&without[0]).enumerate() {
        // Without an outside parent every bone of the model hangs below a root, whose global
        // is its local: with one, the whole tree is carried by the parent's matrix.
        assert!(a.abs_diff_eq(parent * *b, 1e-4), "bone {bone}");
        moved += usize::from(!a.abs_diff_eq(*b, 1e-3));
    }
    assert!(moved > 10, "the model moved with the hand: {moved} bones");
}

#[test]
fn a_project_keeps_outside_parents() {
    let dir = tempfile::tempdir().unwrap();
    let mut scene = two_dancers(dir.path());
    let hand = scene.actors[1].model.rig.bone_index("右手首").unwrap();
    hang(&mut scene, hand);
    let project = dir.path().join("held.mmdproject");
    save(
        &scene,
        &HostSettings::default(),
        &Leftovers::default(),
        &project,
    )
    .unwrap();
    let opened = open(&project).unwrap();
    assert!(opened.problems.is_empty(), "{:?}", opened.problems);
    let reopened = &opened.scene;
    assert_eq!(
        reopened.actors[0].outside_parents.len(),
        scene.actors[0].outside_parents.len()
    );
    assert_eq!(
        reopened.actors[0].outside_parents[0]
            .at(20.0)
            .map(|t| t.actor),
        Some(reopened.actors[1].id)
    );
    assert_eq!(poses(reopened, &[20.0]), poses(&scene, &[20.0]));
}

#[test]
fn models_hanging_from_each_other_are_posed_without_the_cycle() {
    let dir = tempfile::tempdir().unwrap();
    let mut scene = two_dancers(dir.path());
    let ids = [scene.actors[0].id, scene.actors[1].id];
    for (k, actor) in scene.actors.iter_mut().enumerate() {
        actor.outside_parents = vec![OutsideParent::constant(
            0,
            OutsideTarget {
                actor: ids[1 - k],
                bone: 5,
            },
        )];
    }
    let posed = poses(&scene, &[12.0]);
    assert!(posed.iter().flatten().all(|m| m.is_finite()));
}

/// With physics baked, a model hung from another's bone has its bodies simulated where its
/// bones hang, as live playback from frame 0 simulates them: the bake waits for the holder's
/// and poses it frame by frame.
#[test]
fn a_hung_models_physics_bake_is_its_live_playback() {
    use mmd_physics::SubstepRate;
    use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures/gene");
    let (model, motion) = (
        shared.join("Gene_light.pmx"),
        shared.join("motion/02_laugh.vmd"),
    );
    if !model.exists() {
        assert_ne!(std::env::var("MMD_REQUIRE_FIXTURES").as_deref(), Ok("1"));
        return;
    }
    let mut scene = Scene::from_files(&[model.clone(), motion.clone(), model, motion]).unwrap();
    scene.actors[1].position = Vec3::new(-8.0, 0.0, 2.0);
    let hand = scene.actors[1].model.rig.bone_index("右手首").unwrap();
    hang(&mut scene, hand);
    let frames: Vec<f32> = (0..=40).map(|f| f as f32).collect();
    let played = |mode: PhysicsMode| {
        let mut engine = SceneEngine::new(mode, SubstepRate::Hz60, LiveStepping::EveryFrame);
        match mode {
            PhysicsMode::Baked => engine.bake_now(&scene.actors, 40.0, &mut |_, _| true),
            _ => engine.prepare(&scene.actors),
        }
        .unwrap();
        if mode == PhysicsMode::Baked {
            assert!(engine.all_baked());
        }
        frames
            .iter()
            .map(|&f| {
                engine.pose(&scene.actors, f);
                engine.pose_of(0).unwrap().globals.clone()
            })
            .collect::<Vec<_>>()
    };
    let (live, baked) = (played(PhysicsMode::Live), played(PhysicsMode::Baked));
    for (f, (l, b)) in live.iter().zip(&baked).enumerate() {
        let apart = l
            .iter()
            .zip(b)
            .map(|(x, y)| (x.w_axis - y.w_axis).length())
            .fold(0.0, f32::max);
        assert!(
            apart < 1e-3,
            "frame {f}: the bake is {apart} from live playback"
        );
    }
}
