//! A model whose material names a texture past the texture table (which MMD opens) renders:
//! the reader turns the index into "none" with a warning, and the renderer draws the
//! material untextured, exactly as a material without a texture.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::Vec3;
use image::RgbaImage;
use mmd_format::pmx::{self, Pmx};
use mmd_render::{Camera, MemoryTextureSource, ModelGpu, Offscreen, View};

const SIZE: u32 = 128;

/// `pmx` drawn against magenta, with `red.png` (one red texel) available as a texture.
fn render(pmx: &Pmx) -> Option<RgbaImage> {
    let (ctx, renderer) = common::gpu()?;
    let mut textures = MemoryTextureSource::new();
    let mut png = std::io::Cursor::new(Vec::new());
    RgbaImage::from_pixel(1, 1, image::Rgba([255, 0, 0, 255]))
        .write_to(&mut png, image::ImageFormat::Png)
        .unwrap();
    textures.insert("red.png", Box::leak(png.into_inner().into_boxed_slice()));
    let (model, warnings) =
        ModelGpu::new(&ctx.device, &ctx.queue, &renderer, pmx, &textures).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let bounds = mmd_render::Aabb::from_points(pmx.vertices.iter().map(|v| v.position.into()));
    let view = View {
        camera: Camera::framing(bounds.unwrap(), 1.0),
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    };
    let offscreen = Offscreen::new(&ctx.device, &renderer, SIZE, SIZE).unwrap();
    Some(
        offscreen
            .render(&ctx.device, &ctx.queue, &renderer, &[&model], &view)
            .unwrap(),
    )
}

#[test]
fn material_with_a_texture_past_the_table_renders_untextured() {
    let mut pmx = common::quads(&[(Vec3::ZERO, 2.0, Vec3::NEG_Z)], 0, [1.0, 1.0, 1.0, 1.0]);
    pmx.textures = vec!["red.png".to_string()];
    let mut bad = pmx.clone();
    bad.materials[0].texture = 7;
    let read = pmx::read(&pmx::write(&bad).unwrap()).unwrap();
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert_eq!(read.materials[0].texture, -1);

    let Some(image) = render(&read) else {
        return;
    };
    let background = |p: &image::Rgba<u8>| p.0[0] > 250 && p.0[1] < 5 && p.0[2] > 250;
    let quad = image.pixels().filter(|p| !background(p)).count();
    assert!(quad > 2000, "the quad is drawn ({quad} pixels)");
    // Not red: no texture is used in place of the one index 7 does not name.
    let red = |p: &image::Rgba<u8>| p.0[0] > 150 && p.0[1] < 60 && p.0[2] < 60;
    assert!(!image.pixels().any(red));
    pmx.materials[0].texture = -1;
    assert_eq!(render(&pmx), Some(image), "same as without a texture");
}
