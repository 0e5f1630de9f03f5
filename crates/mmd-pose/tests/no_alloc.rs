//! Evaluating a frame allocates nothing: a counting global allocator watches every call of
//! `evaluate` over a whole dance (Miku + WAVEFILE when the fixtures are present, a synthetic
//! leg otherwise), with IK solved by CCD and by the Jacobian solver. It counts the evaluating
//! thread's allocations only: the tests run side by side, and one parsing its fixtures while
//! another counts must not show up in the other's count.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod counting_alloc;

use counting_alloc::allocations;

use glam::Quat;
use mmd_pose::{
    IkMethod, IkOverride, IkOverrides, Layer, LayerMode, Layers, Motion, Pose, Rig, evaluate,
    evaluate_layers,
};

fn count_allocations(rig: &Rig, motion: &Motion) -> usize {
    let mut pose = Pose::new(rig);
    let mut overrides = IkOverrides::new(rig);
    let last = motion.last_frame() as u32;
    let before = allocations();
    for method in [IkMethod::Ccd, IkMethod::Jacobian] {
        overrides.set_all_methods(method);
        for ik in [IkOverride::Auto, IkOverride::Off] {
            overrides.set_all(ik);
            for f in 0..=last {
                evaluate(rig, motion, f as f32 + 0.5, &overrides, &mut pose);
            }
        }
    }
    allocations() - before
}

#[test]
fn evaluate_does_not_allocate() {
    let root = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ));
    match (
        std::fs::read(root.join("j3/miku/index.pmx")),
        std::fs::read(root.join("mmd-viewer-js/vmd/wavefile_v2.vmd")),
    ) {
        (Ok(model), Ok(dance)) => {
            let pmx = mmd_format::pmx::read(&model).unwrap();
            let vmd = mmd_format::vmd::read(&dance).unwrap();
            let (rig, _) = Rig::from_pmx(&pmx);
            let motion = Motion::bind(&rig, &[&vmd]);
            assert_eq!(count_allocations(&rig, &motion), 0);
        }
        _ => {
            assert!(
                std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
                "MMD_REQUIRE_FIXTURES=1 but ../shared/fixtures is missing"
            );
            eprintln!("fixtures absent: checking the synthetic leg only");
        }
    }
    let (rig, _) = Rig::from_pmx(&common::leg());
    let vmd = common::motion(vec![
        common::key("legIK", 0, [0.0, 2.0, 0.0], Quat::IDENTITY),
        common::key("legIK", 30, [1.0, 4.0, -3.0], Quat::IDENTITY),
    ]);
    let motion = Motion::bind(&rig, &[&vmd]);
    assert_eq!(count_allocations(&rig, &motion), 0);
}

#[test]
fn evaluating_layers_does_not_allocate() {
    let (rig, _) = Rig::from_pmx(&common::leg());
    let dance = common::motion(vec![
        common::key("legIK", 0, [0.0, 2.0, 0.0], Quat::IDENTITY),
        common::key("legIK", 30, [1.0, 4.0, -3.0], Quat::IDENTITY),
        common::key("thigh", 0, [0.0; 3], Quat::from_rotation_x(0.4)),
    ]);
    let other = common::motion(vec![
        common::key("thigh", 0, [0.0; 3], Quat::from_rotation_z(0.4)),
        common::key("thigh", 20, [0.0; 3], Quat::from_rotation_y(-0.4)),
    ]);
    let motion = |vmd| Motion::bind(&rig, &[vmd]);
    let layers: Layers = [
        Layer::new(motion(&dance)),
        Layer {
            weight: 0.4,
            offset: 7.0,
            looping: true,
            ..Layer::new(motion(&other))
        },
        Layer {
            weight: 0.5,
            mode: LayerMode::Replace,
            ..Layer::new(motion(&other))
        },
    ]
    .into();
    let mut pose = Pose::new(&rig);
    let mut overrides = IkOverrides::new(&rig);
    let before = allocations();
    for ik in [IkOverride::Auto, IkOverride::Off] {
        overrides.set_all(ik);
        for f in 0..=60 {
            let frame = f as f32 * 0.5;
            evaluate_layers(&rig, &layers, frame, &overrides, &[], &mut pose);
            for bone in 0..rig.bone_count() {
                std::hint::black_box(layers.bone_physics_off(bone, frame));
            }
        }
    }
    assert_eq!(allocations() - before, 0);
}

#[test]
fn physics_toggle_queries_do_not_allocate() {
    let (rig, _) = Rig::from_pmx(&common::leg());
    let mut off = common::key("thigh", 10, [0.0; 3], Quat::IDENTITY);
    off.set_physics_off(true);
    let vmd = common::motion(vec![
        common::key("thigh", 0, [0.0; 3], Quat::IDENTITY),
        off,
        common::key("thigh", 20, [0.0; 3], Quat::IDENTITY),
    ]);
    let motion = Motion::bind(&rig, &[&vmd]);
    assert!(motion.has_physics_toggles());
    let before = allocations();
    let mut offs = 0;
    for f in 0..=300 {
        for bone in 0..rig.bone_count() + 2 {
            offs += usize::from(motion.bone_physics_off(bone, f as f32 * 0.1));
        }
    }
    assert_eq!(allocations() - before, 0);
    assert_eq!(offs, 100, "frames 10.0 to 19.9 of the thigh");
}
