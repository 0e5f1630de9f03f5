//! A model textured from DDS files renders as with the same textures as PNG: Gene (posed),
//! each of its textures re-encoded as a DDS file under its `.png` name (as MMD models often
//! ship them, so the content decides), renders pixel for pixel as the PNGs when the DDS files
//! are uncompressed A8R8G8B8, and within the block-compression error when they are DXT1
//! (opaque textures) and DXT5 (those with alpha) with their own mip chains. An accessory
//! with an uncompressed DDS texture draws it as from a PNG.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use dds::header::{
    Dx9Header, Dx9PixelFormat, Header, MaskPixelFormat, PixelFormatFlags, RgbBitCount,
};
use dds::{ColorFormat, CompressionQuality, Encoder, Format, ImageView, Size};
use glam::Vec3;
use image::RgbaImage;
use mmd_format::pmx::Pmx;
use mmd_pose::Pose;
use mmd_render::{Aabb, Camera, MemoryTextureSource, ModelGpu, Offscreen, View};

const SIZE: u32 = 384;
const BACKGROUND: [u8; 4] = [255, 0, 255, 255];

/// The mean difference (per channel, 0–255, over the model's pixels) allowed between the
/// DXT render and the PNG one: DXT1/DXT5 quantise each 4×4 block to four colours on a line
/// through RGB565 endpoints, and the files' own mip chains are filtered otherwise than the
/// renderer's box filter. Measured 1.01, the largest single difference 68 where a block
/// straddles a sharp edge; the textures themselves differ by 0.79 on average over all their
/// texels ([`compression_error`], printed beside), flat and transparent areas included.
const DXT_MEAN_LIMIT: f64 = 2.0;

/// A legacy (DirectX 9) A8R8G8B8 header, the form D3DX writes: masks, no DX10 extension.
fn a8r8g8b8_header(width: u32, height: u32) -> Header {
    Header::Dx9(Dx9Header {
        height,
        width,
        depth: None,
        mipmap_count: std::num::NonZeroU32::MIN,
        caps2: dds::header::Caps2::empty(),
        pixel_format: Dx9PixelFormat::Mask(MaskPixelFormat {
            flags: PixelFormatFlags::RGBA,
            rgb_bit_count: RgbBitCount::Count32,
            r_bit_mask: 0xFF_0000,
            g_bit_mask: 0xFF00,
            b_bit_mask: 0xFF,
            a_bit_mask: 0xFF00_0000,
        }),
    })
}

/// `image` as a DDS file: A8R8G8B8 when `uncompressed`, else DXT5 if any pixel is not
/// opaque and DXT1 otherwise, those two with a full mip chain.
fn dds_file(image: &RgbaImage, uncompressed: bool) -> Vec<u8> {
    let (width, height) = image.dimensions();
    let (format, header) = if uncompressed {
        (Format::B8G8R8A8_UNORM, a8r8g8b8_header(width, height))
    } else {
        let format = if image.pixels().any(|p| p.0[3] < 255) {
            Format::BC3_UNORM
        } else {
            Format::BC1_UNORM
        };
        let header = Header::new_image(width, height, format).with_mipmaps();
        // The legacy FourCC form ("DXT1", "DXT5"), as DirectX 9 tools write it.
        (format, Header::Dx9(header.to_dx9().unwrap()))
    };
    let mut out = Vec::new();
    let mut encoder = Encoder::new(&mut out, format, &header).unwrap();
    encoder.encoding.quality = CompressionQuality::Fast;
    encoder.mipmaps.generate = true;
    let view = ImageView::new(
        image.as_raw(),
        Size::new(width, height),
        ColorFormat::RGBA_U8,
    )
    .unwrap();
    encoder.write_surface(view).unwrap();
    encoder.finish().unwrap();
    assert!(out.starts_with(b"DDS "));
    out
}

/// The mean per-channel difference (0–255) between the images and their DDS files decoded,
/// over all their texels.
fn compression_error(images: &[RgbaImage], files: &[Vec<u8>]) -> f64 {
    let (mut sum, mut count) = (0u64, 0u64);
    for (image, file) in images.iter().zip(files) {
        let mut decoder = dds::Decoder::new(std::io::Cursor::new(file)).unwrap();
        let mut decoded = vec![0u8; image.as_raw().len()];
        let size = Size::new(image.width(), image.height());
        let view = dds::ImageViewMut::new(&mut decoded, size, ColorFormat::RGBA_U8).unwrap();
        decoder.read_surface(view).unwrap();
        for (p, q) in image.as_raw().chunks_exact(4).zip(decoded.chunks_exact(4)) {
            sum += (0..3).map(|c| u64::from(p[c].abs_diff(q[c]))).sum::<u64>();
            count += 3;
        }
    }
    sum as f64 / count.max(1) as f64
}

/// The model's textures as images, in the order of its texture table (those found).
fn texture_images(pmx: &Pmx, dir: &std::path::Path) -> Vec<(String, RgbaImage)> {
    pmx.textures
        .iter()
        .filter_map(|name| {
            let bytes = std::fs::read(dir.join(name.replace('\\', "/"))).ok()?;
            Some((
                name.clone(),
                image::load_from_memory(&bytes).unwrap().into_rgba8(),
            ))
        })
        .collect()
}

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

/// Textures under their names.
fn source(names: &[(String, RgbaImage)], files: &[Vec<u8>]) -> MemoryTextureSource {
    let mut source = MemoryTextureSource::new();
    for ((name, _), file) in names.iter().zip(files) {
        source.insert(name, leak(file.clone()));
    }
    source
}

/// Gene's upper body, where the face, hair and clothes textures are seen about a texel a
/// pixel.
fn camera(pmx: &Pmx) -> Camera {
    let all = Aabb::from_points(pmx.vertices.iter().map(|v| Vec3::from(v.position))).unwrap();
    let chest = all.min.y + (all.max.y - all.min.y) * 0.6;
    let upper = Aabb::from_points(
        pmx.vertices
            .iter()
            .map(|v| Vec3::from(v.position))
            .filter(|p| p.y >= chest),
    )
    .unwrap();
    Camera::framing(upper, 1.0)
}

fn is_background(p: &image::Rgba<u8>) -> bool {
    p.0.iter().zip(BACKGROUND).all(|(&a, b)| a.abs_diff(b) <= 2)
}

/// (mean, largest) per-channel difference over the pixels where either image shows the
/// model.
fn difference(a: &RgbaImage, b: &RgbaImage) -> (f64, u8) {
    let (mut sum, mut count, mut largest) = (0u64, 0u64, 0u8);
    for (p, q) in a.pixels().zip(b.pixels()) {
        if is_background(p) && is_background(q) {
            continue;
        }
        for (&x, &y) in p.0[..3].iter().zip(&q.0[..3]) {
            let d = x.abs_diff(y);
            sum += u64::from(d);
            largest = largest.max(d);
            count += 1;
        }
    }
    (sum as f64 / count.max(1) as f64, largest)
}

#[test]
fn a_model_with_dds_textures_renders_as_with_the_pngs() {
    let Some((pmx, rig, motion)) = common::gene_laughing() else {
        return;
    };
    let Some(dir) = common::fixture("gene") else {
        return;
    };
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let mut pose = Pose::new(&rig);
    mmd_pose::evaluate(
        &rig,
        &motion,
        40.0,
        &mmd_pose::IkOverrides::new(&rig),
        &mut pose,
    );
    let view = View {
        camera: camera(&pmx),
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    };
    let offscreen = Offscreen::new(&ctx.device, &renderer, SIZE, SIZE).unwrap();
    let render_model = |pmx: &Pmx, source: &MemoryTextureSource| {
        let (mut model, warnings) =
            ModelGpu::new(&ctx.device, &ctx.queue, &renderer, pmx, source).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
        offscreen
            .render(&ctx.device, &ctx.queue, &renderer, &[&model], &view)
            .unwrap()
    };
    let render = |source: &MemoryTextureSource| render_model(&pmx, source);

    let images = texture_images(&pmx, &dir);
    assert!(images.len() >= 10, "Gene's textures ({})", images.len());
    let encoded = |encode: &dyn Fn(&RgbaImage) -> Vec<u8>| -> Vec<Vec<u8>> {
        images.iter().map(|(_, image)| encode(image)).collect()
    };
    let pngs = encoded(&|image| {
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    });
    let png = render(&source(&images, &pngs));
    let model_pixels = png.pixels().filter(|p| !is_background(p)).count();
    assert!(
        model_pixels > 20_000,
        "the model is in view ({model_pixels} pixels)"
    );
    // Without textures the model draws otherwise: the comparison sees them.
    let mut bare = pmx.clone();
    for material in &mut bare.materials {
        material.texture = -1;
        material.sphere_texture = -1;
    }
    let untextured = render_model(&bare, &MemoryTextureSource::new());
    let (untextured_mean, _) = difference(&png, &untextured);
    assert!(
        untextured_mean > 10.0,
        "textures change the image ({untextured_mean:.2})"
    );

    let uncompressed = render(&source(&images, &encoded(&|image| dds_file(image, true))));
    assert!(
        uncompressed == png,
        "A8R8G8B8 DDS renders otherwise than PNG: {:?}",
        difference(&uncompressed, &png)
    );

    let dxt_files = encoded(&|image| dds_file(image, false));
    let dxt = render(&source(&images, &dxt_files));
    let (mean, largest) = difference(&dxt, &png);
    let plain: Vec<RgbaImage> = images.iter().map(|(_, image)| image.clone()).collect();
    let texture_error = compression_error(&plain, &dxt_files);
    eprintln!(
        "DXT vs PNG: render mean {mean:.3}, largest {largest}; textures mean {texture_error:.3} \
         (untextured vs PNG: {untextured_mean:.2})"
    );
    assert!(
        mean <= DXT_MEAN_LIMIT && mean > 0.0,
        "DXT renders {mean:.3} from PNG on average (largest {largest}), its textures \
         {texture_error:.3}"
    );
}

/// An accessory textured from an uncompressed DDS file (as the DirectX SDK's `tiny.x` is)
/// draws its texture, as from the same texture in PNG, not the untextured stand-in.
#[test]
fn an_accessory_with_an_uncompressed_dds_texture_draws_it() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let texture = RgbaImage::from_pixel(8, 8, image::Rgba([40, 160, 90, 255]));
    let mut png = std::io::Cursor::new(Vec::new());
    texture.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let mut source = MemoryTextureSource::new();
    source.insert("tiny_skin.dds", leak(dds_file(&texture, true)));
    source.insert("tiny_skin.png", leak(png.into_inner()));

    let quad = common::quads(
        &[(Vec3::ZERO, 1.0, Vec3::NEG_Z)],
        mmd_format::pmx::material_flags::DOUBLE_SIDED,
        [1.0, 1.0, 1.0, 1.0],
    );
    let view = View {
        camera: Camera::framing(
            Aabb::from_points(quad.vertices.iter().map(|v| Vec3::from(v.position))).unwrap(),
            1.0,
        ),
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    };
    let offscreen = Offscreen::new(&ctx.device, &renderer, 64, 64).unwrap();
    let centre_with = |texture: Option<&str>| {
        let mut pmx = quad.clone();
        if let Some(name) = texture {
            pmx.textures = vec![name.to_string()];
            pmx.materials[0].texture = 0;
        }
        let (mut accessory, warnings) =
            ModelGpu::new_accessory(&ctx.device, &ctx.queue, &renderer, &pmx, &source).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        accessory.update(&ctx.queue, &[], &[]);
        let image = offscreen
            .render(&ctx.device, &ctx.queue, &renderer, &[&accessory], &view)
            .unwrap();
        image.get_pixel(32, 32).0
    };
    let dds = centre_with(Some("tiny_skin.dds"));
    assert_eq!(dds, centre_with(Some("tiny_skin.png")));
    assert_ne!(dds, centre_with(None), "the texture shows");
}
