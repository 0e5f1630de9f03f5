//! MMD's toon on a smooth-shaded surface. MMD (as MME's reproduction of its shading
//! computes it) normalises the normal at each vertex and takes the toon's coordinate from
//! `0.5 - N·L × 0.5` with N interpolated across the face and not normalised again, so the
//! coordinate is linear across a triangle and a toon's band edge is a straight line. A box
//! with its corners' normals pointing out of the corners, lit from straight above, shows on
//! its front face a band edge at one height: straight across the face. Normalised again per
//! pixel, the edge would bow up towards the face's sides by several pixels.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::Vec3;
use image::{Rgba, RgbaImage};
use mmd_format::pmx::{Pmx, Toon};
use mmd_render::{
    Camera, Light, MemoryTextureSource, ModelGpu, Offscreen, SelfShadow, SelfShadowMode, View,
};

const SIZE: u32 = 256;
const CENTRE: Vec3 = Vec3::new(0.0, 10.0, 0.0);
const HALF: f32 = 5.0;
/// The ramp's rows: lit above row `STEP`, dark from it on (32 rows, so the edge lies at
/// toon coordinate 13/32, N·L ≈ 0.19).
const ROWS: u32 = 32;
const STEP: u32 = 13;

fn toon_png() -> &'static [u8] {
    let ramp = RgbaImage::from_fn(4, ROWS, |_, y| {
        Rgba(if y < STEP {
            [255, 255, 255, 255]
        } else {
            [40, 40, 40, 255]
        })
    });
    let mut out = std::io::Cursor::new(Vec::new());
    ramp.write_to(&mut out, image::ImageFormat::Png).unwrap();
    Box::leak(out.into_inner().into_boxed_slice())
}

/// A box whose every vertex's normal points out of its corner (a smooth-shaded box), with
/// the test's toon ramp.
fn smooth_box() -> Pmx {
    let mut pmx = common::cube(CENTRE, HALF, 0);
    for v in &mut pmx.vertices {
        let corner = Vec3::from(v.position) - CENTRE;
        v.normal = corner.normalize().into();
    }
    pmx.textures = vec!["toon.png".into()];
    for m in &mut pmx.materials {
        m.toon = Toon::Texture(0);
        m.diffuse = [0.8, 0.8, 0.8, 1.0];
    }
    pmx
}

/// Looking straight at the box's front face (−Z), lit from straight above.
fn view() -> View {
    View {
        camera: Camera {
            target: CENTRE,
            rotation: Vec3::ZERO,
            distance: -40.0,
            ..Camera::default()
        },
        light: Light {
            direction: Vec3::NEG_Y,
            ..Light::default()
        },
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        edges: false,
        self_shadow: SelfShadow {
            mode: SelfShadowMode::Off,
            ..SelfShadow::default()
        },
        ..View::default()
    }
}

/// The pixel a world point lands on.
fn pixel(view: &View, p: Vec3) -> (u32, u32) {
    let c = &view.camera;
    let ndc = (c.projection(1.0) * c.view()).project_point3(p);
    (
        ((ndc.x * 0.5 + 0.5) * SIZE as f32) as u32,
        ((0.5 - ndc.y * 0.5) * SIZE as f32) as u32,
    )
}

/// Where the band edge crosses column `x` between rows `top..bottom`, to a fraction of a
/// pixel: the first row darker than halfway, moved back by how far past halfway it is.
fn band_edge(image: &RgbaImage, x: u32, top: u32, bottom: u32) -> Option<f32> {
    let level = |y: u32| f32::from(image.get_pixel(x, y).0[1]);
    let (lit, dark) = (level(top), level(bottom));
    let half = (lit + dark) / 2.0;
    (top..bottom).find(|&y| level(y) < half).map(|y| {
        let (above, below) = (level(y - 1), level(y));
        y as f32 - 1.0 + (above - half) / (above - below).max(1e-3)
    })
}

#[test]
fn a_smooth_boxs_toon_band_edge_is_straight() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let mut textures = MemoryTextureSource::new();
    textures.insert("toon.png", toon_png());
    let model = ModelGpu::new(&ctx.device, &ctx.queue, &renderer, &smooth_box(), &textures)
        .unwrap()
        .0;
    let view = view();
    let offscreen = Offscreen::new(&ctx.device, &renderer, SIZE, SIZE).unwrap();
    let image = offscreen
        .render(&ctx.device, &ctx.queue, &renderer, &[&model], &view)
        .unwrap();

    let front = CENTRE - Vec3::Z * HALF;
    let (left, top) = pixel(&view, front + Vec3::new(-HALF, HALF, 0.0));
    let (right, bottom) = pixel(&view, front + Vec3::new(HALF, -HALF, 0.0));
    // The face's inner 80 %, clear of its silhouette.
    let inset_x = (right - left) / 10;
    let inset_y = (bottom - top) / 10;
    let edges: Vec<f32> = (left + inset_x..right - inset_x)
        .map(|x| band_edge(&image, x, top + inset_y, bottom - inset_y))
        .collect::<Option<_>>()
        .expect("a band edge crosses every column of the face");
    let highest = edges.iter().copied().fold(f32::INFINITY, f32::min);
    let lowest = edges.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    println!(
        "band edge between rows {highest:.2} and {lowest:.2} over {} columns",
        edges.len()
    );
    assert!(
        lowest - highest < 1.0,
        "the band edge bows by {:.2} px across the face",
        lowest - highest
    );
    // Where MMD puts it: N·L at the toon's edge is linear in height on this face (the
    // corners' normals have N·L = ±1/√3 at its top and bottom).
    let coordinate = STEP as f32 / ROWS as f32;
    let height = (0.5 - coordinate) * 2.0 * 3f32.sqrt() * HALF;
    let (_, expected) = pixel(&view, front + Vec3::Y * height);
    let mean = edges.iter().sum::<f32>() / edges.len() as f32;
    assert!(
        (mean - expected as f32).abs() < 1.5,
        "the band edge is at row {mean:.2}, MMD's at {expected}"
    );
}
