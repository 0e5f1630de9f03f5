//! The light in the window: a VMD holding only light keys, dropped on the window, becomes the
//! scene's light motion (as a camera-only VMD becomes the camera motion); View → Light sets
//! the light by hand over it until Reset gives it back.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use std::path::PathBuf;

use egui_kittest::kittest::Queryable;
use glam::Vec3;
use mmd_format::vmd::{LightKey, Vmd};
use mmd_pose::Light;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::Action;
use ui_harness::{click, drop_files, harness, player};

/// A VMD of two light keys: dim and from the left at frame 0, bright from above at 100.
fn light_vmd() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let vmd = Vmd {
        light_keys: vec![
            LightKey {
                frame: 0,
                color: [0.2; 3],
                direction: [1.0, 0.0, 0.0],
            },
            LightKey {
                frame: 100,
                color: [0.8; 3],
                direction: [0.0, -1.0, 0.0],
            },
        ],
        ..Vmd::default()
    };
    let path = dir.path().join("light.vmd");
    std::fs::write(&path, mmd_format::vmd::write(&vmd).unwrap()).unwrap();
    (dir, path)
}

#[test]
fn a_dropped_light_vmd_drives_the_light_until_set_by_hand() {
    let mut h = harness(Scene::bundled().unwrap());
    assert_eq!(player(&h).light(), Light::default(), "MMD's default light");
    let (_dir, path) = light_vmd();
    drop_files(&mut h, &[&path]);
    let p = player(&h);
    assert!(p.error.is_none(), "{:?}", p.error);
    assert!(p.scene.light.is_some(), "the file is the light motion");
    assert_eq!(p.scene.actors.len(), 1, "no model or layer was added");
    h.state_mut().player.apply(Action::Seek(50.0));
    h.run();
    let light = player(&h).light();
    assert!(
        (light.color - Vec3::splat(0.5)).length() < 1e-4,
        "{light:?}"
    );
    assert!((light.direction - Vec3::new(0.5, -0.5, 0.0)).length() < 1e-4);

    // View → Light: a change sets the light by hand, over the motion.
    h.get_by_label("View").click();
    h.run();
    click(&mut h, "Light");
    let set = Light {
        direction: Vec3::new(0.0, -1.0, 1.0),
        color: Vec3::splat(1.0),
    };
    h.state_mut().player.apply(Action::SetLight(set));
    h.state_mut().player.apply(Action::Seek(90.0));
    h.run();
    assert_eq!(player(&h).light(), set, "held over the motion");
    click(&mut h, "Reset (follow the light motion)");
    let light = player(&h).light();
    assert!(
        (light.color - Vec3::splat(0.74)).length() < 1e-4,
        "{light:?}"
    );
}

#[test]
fn the_light_panel_offers_mmds_controls() {
    let mut h = harness(Scene::bundled().unwrap());
    h.get_by_label("View").click();
    h.run();
    click(&mut h, "Light");
    assert!(h.query_by_label("Direction").is_some());
    assert!(h.query_by_label("Colour").is_some());
    // Nothing set by hand: Reset is there but changes nothing.
    click(&mut h, "Reset (MMD's default)");
    assert!(!player(&h).light_set_by_hand());
    assert_eq!(player(&h).light(), Light::default());
}
