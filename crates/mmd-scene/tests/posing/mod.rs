//! What the scene tests share: the bundled files, the shared fixtures, a small accessory, a
//! camera motion, and every actor's bones posed at some frames.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use glam::Mat4;
use mmd_format::xfile::{self, XFile, XMaterial, XVertex};
use mmd_physics::SubstepRate;
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::stage::scene::Scene;

/// The repository's bundled model and dance.
pub fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// A file of `../shared/fixtures`, or `None` (the test skips) when it is not there, which
/// `MMD_REQUIRE_FIXTURES=1` turns into a failure.
pub fn fixture(rel: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    assert_ne!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref(),
        Ok("1"),
        "{} is missing",
        path.display()
    );
    eprintln!("skipping: {} is missing", path.display());
    None
}

/// Writes a one-triangle red accessory (`.x`) at `path`, making its folders.
pub fn write_triangle_x(path: &Path) {
    let vertex = |x: f32, y: f32| XVertex::new([x, y, 0.0], [0.0, 0.0, -1.0], [x, y]);
    let x = XFile::from_triangles(
        vec![vertex(0.0, 0.0), vertex(0.0, 1.0), vertex(1.0, 0.0)],
        vec![[0, 1, 2]],
        vec![0],
        vec![XMaterial {
            diffuse: [1.0, 0.0, 0.0, 1.0],
            power: 5.0,
            specular: [0.0; 3],
            emissive: [0.2; 3],
            texture: None,
        }],
    );
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, xfile::write_text(&x)).unwrap();
}

/// A camera-only VMD: two keys, 30 then (at frame 60) 50 units away from a point 10 up.
pub fn camera_vmd() -> Vec<u8> {
    let key = |frame: u32, distance: f32| mmd_format::vmd::CameraKey {
        frame,
        distance,
        position: [0.0, 10.0, 0.0],
        rotation: [0.0; 3],
        interpolation: [20, 20, 107, 107].repeat(6).try_into().unwrap(),
        fov: 30,
        perspective_off: 0,
    };
    mmd_format::vmd::write(&mmd_format::vmd::Vmd {
        camera_keys: vec![key(0, -30.0), key(60, -50.0)],
        ..mmd_format::vmd::Vmd::default()
    })
    .unwrap()
}

/// Every bone of every actor at each of `frames`, physics off: per frame, per actor.
pub fn poses(scene: &Scene, frames: &[f32]) -> Vec<Vec<Mat4>> {
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        SubstepRate::Hz60,
        LiveStepping::EveryFrame,
    );
    engine.sync(&scene.actors);
    let mut out = Vec::new();
    for &frame in frames {
        engine.pose(&scene.actors, frame);
        out.extend(engine.poses().map(|p| p.globals.clone()));
    }
    out
}
