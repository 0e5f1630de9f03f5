//! Shared test helpers: opening the GPU (skip or fail), fixture paths, synthetic models.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use glam::Vec3;
use mmd_format::pmx::{Bone, Material, Pmx, Vertex, Weight, material_flags};
use mmd_render::{GpuContext, OFFSCREEN_FORMAT, Renderer};

/// The GPU, or `None` (with the reason printed) when there is no adapter; with
/// `MMD_REQUIRE_GPU=1` a missing adapter fails the test instead.
pub fn gpu() -> Option<(GpuContext, Renderer)> {
    match GpuContext::headless() {
        Ok(ctx) => {
            let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
            Some((ctx, renderer))
        }
        Err(e) => {
            if std::env::var("MMD_REQUIRE_GPU").as_deref() == Ok("1") {
                panic!("MMD_REQUIRE_GPU=1 but {e}");
            }
            eprintln!("skipping: {e}");
            None
        }
    }
}

/// `../shared/fixtures/<rel>`, or `None` (reason printed) when the fixtures are absent;
/// with `MMD_REQUIRE_FIXTURES=1` they must be present.
pub fn fixture(rel: &str) -> Option<PathBuf> {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ))
    .join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
        panic!("MMD_REQUIRE_FIXTURES=1 but {} is missing", path.display());
    }
    eprintln!("skipping: fixture {} is missing", path.display());
    None
}

pub fn read_pmx(path: &std::path::Path) -> Pmx {
    mmd_format::pmx::read(&std::fs::read(path).unwrap()).unwrap()
}

/// Gene with its laughing motion bound, or `None` (reason printed) without the fixtures.
pub fn gene_laughing() -> Option<(Pmx, mmd_pose::Rig, mmd_pose::Motion)> {
    let model_path = fixture("gene/Gene_light.pmx")?;
    let motion_path = fixture("gene/motion/02_laugh.vmd")?;
    let pmx = read_pmx(&model_path);
    let vmd = mmd_format::vmd::read(&std::fs::read(motion_path).unwrap()).unwrap();
    let (rig, _) = mmd_pose::Rig::from_pmx(&pmx);
    let motion = mmd_pose::Motion::bind(&rig, &[&vmd]);
    Some((pmx, rig, motion))
}

pub fn vertex(position: Vec3, normal: Vec3, weight: Weight) -> Vertex {
    Vertex {
        position: position.into(),
        normal: normal.into(),
        uv: [position.x * 0.1, position.y * 0.1],
        additional_uvs: [[0.0; 4]; 4],
        weight,
        edge_scale: 1.0,
    }
}

pub fn bone(name: &str, position: Vec3, parent: i32) -> Bone {
    Bone {
        name: name.to_string(),
        position: position.into(),
        parent,
        flags: mmd_format::pmx::bone_flags::ROTATABLE | mmd_format::pmx::bone_flags::MOVABLE,
        ..Default::default()
    }
}

pub fn material(diffuse: [f32; 4], flags: u8, index_count: u32) -> Material {
    Material {
        name: "m".to_string(),
        diffuse,
        ambient: [0.3, 0.3, 0.3],
        flags,
        edge_color: [1.0, 0.0, 0.0, 1.0],
        edge_size: 1.0,
        texture: -1,
        sphere_texture: -1,
        toon: mmd_format::pmx::Toon::Texture(-1),
        index_count,
        ..Default::default()
    }
}

/// Appends a triangle wound clockwise as seen from the side `outward` points to (MMD's
/// front face).
pub fn push_triangle(faces: &mut Vec<[u32; 3]>, positions: &[Vec3], tri: [u32; 3], outward: Vec3) {
    let [a, b, c] = tri.map(|i| positions[i as usize]);
    if (b - a).cross(c - a).dot(outward) >= 0.0 {
        faces.push(tri);
    } else {
        faces.push([tri[0], tri[2], tri[1]]);
    }
}

/// A one-bone model with one material per quad: each quad is (centre, half size, facing),
/// facing being the side it is seen from.
pub fn quads(quads: &[(Vec3, f32, Vec3)], flags: u8, diffuse: [f32; 4]) -> Pmx {
    let mut pmx = Pmx {
        bones: vec![bone("root", Vec3::ZERO, -1)],
        ..Default::default()
    };
    let mut positions = Vec::new();
    for &(centre, half, facing) in quads {
        let (u, v) = if facing.y.abs() > 0.9 {
            (Vec3::X, Vec3::Z)
        } else {
            (facing.cross(Vec3::Y).normalize(), Vec3::Y)
        };
        let base = positions.len() as u32;
        for (su, sv) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (1.0, -1.0)] {
            let p = centre + u * su * half + v * sv * half;
            positions.push(p);
            pmx.vertices
                .push(vertex(p, facing, Weight::Bdef1 { bone: 0 }));
        }
        let before = pmx.faces.len();
        push_triangle(
            &mut pmx.faces,
            &positions,
            [base, base + 1, base + 2],
            facing,
        );
        push_triangle(
            &mut pmx.faces,
            &positions,
            [base, base + 2, base + 3],
            facing,
        );
        pmx.materials.push(material(
            diffuse,
            flags,
            ((pmx.faces.len() - before) * 3) as u32,
        ));
    }
    pmx
}

/// A one-bone, one-material cube of half size `half` around `centre`.
pub fn cube(centre: Vec3, half: f32, flags: u8) -> Pmx {
    let mut pmx = Pmx {
        bones: vec![bone("root", Vec3::ZERO, -1)],
        ..Default::default()
    };
    let mut positions = Vec::new();
    for axis in 0..3 {
        for sign in [-1.0f32, 1.0] {
            let mut n = Vec3::ZERO;
            n[axis] = sign;
            let u = Vec3::from_array(std::array::from_fn(|k| {
                if k == (axis + 1) % 3 { 1.0 } else { 0.0 }
            }));
            let v = n.cross(u);
            let base = positions.len() as u32;
            for (su, sv) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (1.0, -1.0)] {
                let p = centre + (n + u * su + v * sv) * half;
                positions.push(p);
                pmx.vertices.push(vertex(p, n, Weight::Bdef1 { bone: 0 }));
            }
            push_triangle(&mut pmx.faces, &positions, [base, base + 1, base + 2], n);
            push_triangle(&mut pmx.faces, &positions, [base, base + 2, base + 3], n);
        }
    }
    pmx.materials.push(material(
        [0.8, 0.8, 0.8, 1.0],
        flags | material_flags::GROUND_SHADOW,
        (pmx.faces.len() * 3) as u32,
    ));
    pmx
}
