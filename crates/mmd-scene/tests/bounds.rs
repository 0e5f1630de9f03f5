//! The start view frames the model over its whole motion: a motion that lifts the model
//! (as raised hands or a jump do) widens the box the camera frames by exactly that much,
//! and without a motion the box is the model at rest.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use glam::Vec3;
use mmd_format::FixedText;
use mmd_format::vmd::{BoneKey, Vmd};
use mmd_pose::Aabb;
use mmd_scene::stage::bounds::motion_bounds;
use mmd_scene::stage::scene::Scene;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// MMD's linear interpolation block.
fn linear() -> [u8; 64] {
    let row0 = [
        20u8, 20, 20, 20, 20, 20, 20, 20, 107, 107, 107, 107, 107, 107, 107, 107,
    ];
    let mut block = [0u8; 64];
    for row in 0..4 {
        block[16 * row..16 * row + 16 - row].copy_from_slice(&row0[row..]);
    }
    block
}

fn centre_key(frame: u32, height: f32) -> BoneKey {
    BoneKey {
        name: FixedText::encode("センター"),
        frame,
        translation: [0.0, height, 0.0],
        rotation: [0.0, 0.0, 0.0, 1.0],
        interpolation: linear(),
    }
}

fn bounds_of(scene: &Scene) -> Aabb {
    let model = &scene.actors[0].model;
    motion_bounds(
        &model.pmx,
        &model.rig,
        scene.actors[0].layers(),
        scene.last_frame(),
    )
    .unwrap()
}

#[test]
fn the_box_covers_the_model_over_its_motion() {
    let model = assets().join("default_model.pmx");
    let rest_scene = Scene::from_files(std::slice::from_ref(&model)).unwrap();
    let rest = bounds_of(&rest_scene);
    let vertices = Aabb::from_points(
        rest_scene.actors[0]
            .model
            .pmx
            .vertices
            .iter()
            .map(|v| Vec3::from_array(v.position)),
    )
    .unwrap();
    // Leg IK, solving at rest, moves the feet by a few thousandths.
    assert!(
        (rest.min - vertices.min).abs().max_element() < 0.01
            && (rest.max - vertices.max).abs().max_element() < 0.01,
        "without a motion: the model at rest, {rest:?} against {vertices:?}"
    );

    // The centre rises 20 units by frame 30 and comes down by frame 60, between samples.
    let dir = tempfile::tempdir().unwrap();
    let lift = dir.path().join("lift.vmd");
    let vmd = Vmd {
        bone_keys: vec![
            centre_key(0, 0.0),
            centre_key(31, 20.0),
            centre_key(61, 0.0),
        ],
        ..Vmd::default()
    };
    std::fs::write(&lift, mmd_format::vmd::write(&vmd).unwrap()).unwrap();
    let lifted = bounds_of(&Scene::from_files(&[model, lift]).unwrap());
    assert!(
        lifted.max.y >= rest.max.y + 19.0,
        "the head's highest point: {} against {} at rest",
        lifted.max.y,
        rest.max.y
    );
    // Leg IK keeps the feet on the floor.
    assert!((lifted.min.y - rest.min.y).abs() < 0.5, "{lifted:?}");
}
