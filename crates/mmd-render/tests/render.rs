//! Rendered images checked against geometry: the silhouette covers the projected CPU-skinned
//! vertices, a material morph touches only its material, the edge pass draws the edge
//! colour, double-sided materials show from behind.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::Vec3;
use image::RgbaImage;
use mmd_format::pmx::{
    MaterialOffset, MaterialOp, Morph, MorphOffsets, MorphPanel, Pmx, material_flags,
};
use mmd_pose::{Light, Pose, SkinMesh};
use mmd_render::{
    Aabb, Camera, GpuContext, MemoryTextureSource, ModelGpu, Offscreen, Renderer, View,
};

const SIZE: u32 = 256;
const BACKGROUND: [u8; 4] = [255, 0, 255, 255];

fn view(camera: Camera) -> View {
    View {
        camera,
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    }
}

fn render(ctx: &GpuContext, renderer: &Renderer, model: &ModelGpu, view: &View) -> RgbaImage {
    let offscreen = Offscreen::new(&ctx.device, renderer, SIZE, SIZE).unwrap();
    offscreen
        .render(&ctx.device, &ctx.queue, renderer, &[model], view)
        .unwrap()
}

fn upload(ctx: &GpuContext, renderer: &Renderer, pmx: &Pmx) -> ModelGpu {
    ModelGpu::new(
        &ctx.device,
        &ctx.queue,
        renderer,
        pmx,
        &MemoryTextureSource::new(),
    )
    .unwrap()
    .0
}

/// A morph of one material offset, named `name`.
fn material_morph(name: &str, offset: MaterialOffset) -> Morph {
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Material(vec![offset]),
    }
}

fn is_background(p: &image::Rgba<u8>) -> bool {
    p.0.iter().zip(BACKGROUND).all(|(&a, b)| a.abs_diff(b) <= 2)
}

fn bounds_of(pmx: &Pmx) -> Aabb {
    Aabb::from_points(pmx.vertices.iter().map(|v| Vec3::from(v.position))).unwrap()
}

/// Gene posed by its motion, textures left out (so no texture alpha cuts holes): every
/// projected CPU-skinned vertex lies on model pixels (within one pixel), and every model
/// pixel lies within the projected vertices' box (plus the edge width).
#[test]
fn silhouette_covers_projected_cpu_vertices() {
    let Some((pmx, rig, motion)) = common::gene_laughing() else {
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
    let mut model = upload(&ctx, &renderer, &pmx);
    model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
    let mut skinned = Vec::new();
    SkinMesh::from_pmx(&pmx).skin(&pose, &mut skinned);

    // Only vertices of triangles drawn by visible materials count.
    let mut drawn = vec![false; skinned.len()];
    let mut face = 0usize;
    for m in &pmx.materials {
        let count = m.index_count as usize / 3;
        if m.diffuse[3] > 0.0 {
            for f in &pmx.faces[face..face + count] {
                for &v in f {
                    drawn[v as usize] = true;
                }
            }
        }
        face += count;
    }
    let bounds = Aabb::from_points(skinned.iter().copied()).unwrap();
    // Closer than the default framing, so the body fills the image.
    let camera = Camera {
        target: Vec3::new(bounds.center().x, 14.0, bounds.center().z),
        distance: -25.0,
        ..Camera::framing(bounds, 1.0)
    };
    let image = render(&ctx, &renderer, &model, &view(camera));
    let clip = camera.projection(1.0) * camera.view();
    let to_pixel = |p: Vec3| {
        let ndc = clip.project_point3(p);
        (
            (ndc.x * 0.5 + 0.5) * SIZE as f32,
            (0.5 - ndc.y * 0.5) * SIZE as f32,
        )
    };
    let mut checked = 0;
    let mut min = (f32::MAX, f32::MAX);
    let mut max = (f32::MIN, f32::MIN);
    for (v, p) in skinned.iter().enumerate().filter(|(v, _)| drawn[*v]) {
        let (x, y) = to_pixel(*p);
        min = (min.0.min(x), min.1.min(y));
        max = (max.0.max(x), max.1.max(y));
        if x < 1.0 || y < 1.0 || x >= SIZE as f32 - 1.0 || y >= SIZE as f32 - 1.0 {
            continue;
        }
        let (px, py) = (x as i32, y as i32);
        let covered = (-1..=1).any(|dy| {
            (-1..=1).any(|dx| !is_background(image.get_pixel((px + dx) as u32, (py + dy) as u32)))
        });
        assert!(
            covered,
            "vertex {v} projects to ({x}, {y}) but no model pixel is there"
        );
        checked += 1;
    }
    assert!(checked > 10_000, "only {checked} vertices inside the image");
    let margin = 3.0;
    for (x, y, p) in image.enumerate_pixels() {
        if !is_background(p) {
            let (x, y) = (x as f32 + 0.5, y as f32 + 0.5);
            assert!(
                x >= min.0 - margin
                    && x <= max.0 + margin
                    && y >= min.1 - margin
                    && y <= max.1 + margin,
                "model pixel at ({x}, {y}) outside the projected vertices"
            );
        }
    }
}

/// Two quads side by side, one material each; a material morph on the left one changes
/// only pixels on the left, and does change them.
#[test]
fn material_morph_changes_only_its_material() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let facing = Vec3::NEG_Z;
    let mut pmx = common::quads(
        &[
            (Vec3::new(-2.0, 0.0, 0.0), 1.5, facing),
            (Vec3::new(2.0, 0.0, 0.0), 1.5, facing),
        ],
        0,
        [0.8, 0.8, 0.8, 1.0],
    );
    pmx.morphs.push(material_morph(
        "tint",
        MaterialOffset {
            material: 0,
            op: MaterialOp::Multiply,
            diffuse: [1.0, 0.0, 0.0, 1.0],
            specular: [1.0; 3],
            specular_power: 1.0,
            ambient: [1.0, 0.0, 0.0],
            edge_color: [1.0; 4],
            edge_size: 1.0,
            texture_tint: [1.0; 4],
            sphere_tint: [1.0; 4],
            toon_tint: [1.0; 4],
        },
    ));
    let mut model = upload(&ctx, &renderer, &pmx);
    let camera = Camera::framing(bounds_of(&pmx), 1.0);
    let before = render(&ctx, &renderer, &model, &view(camera));
    model.update(&ctx.queue, &[], &[1.0]);
    let after = render(&ctx, &renderer, &model, &view(camera));
    let mut changed = 0;
    for (x, _, (a, b)) in before
        .enumerate_pixels()
        .zip(after.pixels())
        .map(|((x, y, a), b)| (x, y, (a, b)))
    {
        if a != b {
            assert!(x < SIZE / 2, "pixel in the right half (x = {x}) changed");
            assert!(b.0[0] > b.0[1], "the morph makes the left quad red: {b:?}");
            changed += 1;
        }
    }
    assert!(changed > 1000, "only {changed} pixels changed");
    // Weight back to 0 restores the image exactly.
    model.update(&ctx.queue, &[], &[0.0]);
    assert_eq!(render(&ctx, &renderer, &model, &view(camera)), before);
}

fn count_edge_red(image: &RgbaImage) -> usize {
    image
        .pixels()
        .filter(|p| p.0[0] > 200 && p.0[1] < 60 && p.0[2] < 60)
        .count()
}

/// A grey cube with a wide red edge (EDGE flag), seen at an angle against blue.
fn edged_cube() -> (Pmx, View) {
    let mut pmx = common::cube(Vec3::ZERO, 2.0, material_flags::EDGE);
    pmx.materials[0].edge_size = 6.0;
    let camera = Camera {
        rotation: Vec3::new(0.4, 0.6, 0.0),
        ..Camera::framing(bounds_of(&pmx), 1.0)
    };
    let view = View {
        background: [0.0, 0.0, 1.0, 1.0],
        ..view(camera)
    };
    (pmx, view)
}

/// A cube with the EDGE flag gets an outline of the (red) edge colour around it, not over
/// it; without the flag, or with the view's edges switched off, there is none.
#[test]
fn edge_pass_draws_outline_in_edge_color() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let (mut pmx, view) = edged_cube();
    let model = upload(&ctx, &renderer, &pmx);
    let with_edge = render(&ctx, &renderer, &model, &view);
    let red = count_edge_red(&with_edge);
    assert!(red > 200, "only {red} edge pixels");
    // Outline pixels sit between the cube and the background: the image centre is cube.
    let centre = with_edge.get_pixel(SIZE / 2, SIZE / 2);
    assert!(
        centre.0[0] > 100 && centre.0[1] > 100,
        "centre is the grey cube: {centre:?}"
    );
    let edges_off = View {
        edges: false,
        ..view
    };
    assert_eq!(
        count_edge_red(&render(&ctx, &renderer, &model, &edges_off)),
        0
    );
    pmx.materials[0].flags &= !material_flags::EDGE;
    let without = render(&ctx, &renderer, &upload(&ctx, &renderer, &pmx), &view);
    assert_eq!(count_edge_red(&without), 0);
}

/// An edge whose colour is transparent in the file draws nothing; a material morph that
/// adds alpha to the edge colour brings the outline in, and weight 0 takes it away again.
#[test]
fn material_morph_fades_the_edge_in_and_out() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let (mut pmx, view) = edged_cube();
    pmx.materials[0].edge_color[3] = 0.0;
    pmx.morphs.push(material_morph(
        "edge in",
        MaterialOffset {
            material: 0,
            op: MaterialOp::Add,
            edge_color: [0.0, 0.0, 0.0, 1.0],
            ..Default::default()
        },
    ));
    let mut model = upload(&ctx, &renderer, &pmx);
    assert_eq!(count_edge_red(&render(&ctx, &renderer, &model, &view)), 0);
    model.update(&ctx.queue, &[], &[1.0]);
    let red = count_edge_red(&render(&ctx, &renderer, &model, &view));
    assert!(red > 200, "only {red} edge pixels with the morph on");
    model.update(&ctx.queue, &[], &[0.0]);
    assert_eq!(count_edge_red(&render(&ctx, &renderer, &model, &view)), 0);
}

/// A quad facing the default camera, seen from behind: hidden when single-sided, shown
/// when double-sided.
#[test]
fn double_sided_material_is_visible_from_behind() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let quad = [(Vec3::new(0.0, 0.0, 0.0), 2.0, Vec3::NEG_Z)];
    let single = common::quads(&quad, 0, [0.8, 0.8, 0.8, 1.0]);
    let double = common::quads(&quad, material_flags::DOUBLE_SIDED, [0.8, 0.8, 0.8, 1.0]);
    let front = Camera::framing(bounds_of(&single), 1.0);
    let behind = Camera {
        rotation: Vec3::new(0.0, std::f32::consts::PI, 0.0),
        ..front
    };
    let model_pixels = |pmx: &Pmx, camera: Camera| {
        let image = render(
            &ctx,
            &renderer,
            &upload(&ctx, &renderer, pmx),
            &view(camera),
        );
        image.pixels().filter(|p| !is_background(p)).count()
    };
    let area = model_pixels(&single, front);
    assert!(
        area > 5000,
        "the quad is visible from the front ({area} pixels)"
    );
    assert_eq!(
        model_pixels(&single, behind),
        0,
        "single-sided is culled from behind"
    );
    let from_behind = model_pixels(&double, behind);
    assert!(
        from_behind.abs_diff(area) < area / 50,
        "double-sided shows the same area from behind: {from_behind} vs {area}"
    );
}

/// The ground shadow's colour in these tests: pure green, opaque.
const SHADOW_GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];

fn is_shadow_green(p: &image::Rgba<u8>) -> bool {
    p.0 == [0, 255, 0, 255]
}

/// `model` drawn with `view`, with the ground shadow in [`SHADOW_GREEN`] and without it.
fn with_and_without_ground_shadow(
    ctx: &GpuContext,
    renderer: &Renderer,
    model: &ModelGpu,
    view: View,
) -> (RgbaImage, RgbaImage) {
    let with = View {
        ground_shadow: Some(SHADOW_GREEN),
        ..view
    };
    let without = View {
        ground_shadow: None,
        ..view
    };
    (
        render(ctx, renderer, model, &with),
        render(ctx, renderer, model, &without),
    )
}

/// A cube floating above the ground casts the ground shadow (in the shadow colour, under
/// the cube on the far side from the light) only when the view asks for it.
#[test]
fn ground_shadow_falls_on_the_floor() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let pmx = common::cube(Vec3::new(0.0, 4.0, 0.0), 1.5, 0);
    let model = upload(&ctx, &renderer, &pmx);
    let camera = Camera {
        target: Vec3::new(0.0, 2.0, 0.0),
        rotation: Vec3::new(0.5, 0.0, 0.0),
        distance: -25.0,
        ..Camera::default()
    };
    let green = |image: &RgbaImage| image.pixels().filter(|p| is_shadow_green(p)).count();
    let (with, without) = with_and_without_ground_shadow(&ctx, &renderer, &model, view(camera));
    assert!(green(&with) > 300, "shadow pixels: {}", green(&with));
    assert_eq!(green(&without), 0);
}

/// The ground shadow is drawn after the model it belongs to, as in MMD: a model's parts below
/// the shadow's plane (a floor of its own sunk under it) are darkened by its own shadow
/// rather than drawn over it.
#[test]
fn ground_shadow_darkens_the_models_own_parts_below_the_floor() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let pmx = common::cube(Vec3::new(0.0, -4.0, 0.0), 1.5, 0);
    let model = upload(&ctx, &renderer, &pmx);
    let camera = Camera {
        target: Vec3::new(0.0, -4.0, 0.0),
        // Steeply from above, so that the shadow's plane lies over the cube.
        rotation: Vec3::new(-1.3, 0.0, 0.0),
        distance: -25.0,
        ..Camera::default()
    };
    // Straight down, so that the shadow lies right above the cube.
    let light = Light {
        direction: Vec3::NEG_Y,
        ..Light::default()
    };
    let view = View {
        light,
        ..view(camera)
    };
    let (with, without) = with_and_without_ground_shadow(&ctx, &renderer, &model, view);
    let shadowed_cube = with
        .pixels()
        .zip(without.pixels())
        .filter(|(w, o)| is_shadow_green(w) && !is_background(o))
        .count();
    assert!(
        shadowed_cube > 300,
        "cube pixels under its shadow: {shadowed_cube}"
    );
}

/// Wireframe mode (where the adapter has line polygons) draws far fewer pixels than the
/// filled model.
#[test]
fn wireframe_draws_only_triangle_edges() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    if !ctx
        .device
        .features()
        .contains(wgpu::Features::POLYGON_MODE_LINE)
    {
        eprintln!("skipping: the adapter has no POLYGON_MODE_LINE");
        return;
    }
    let pmx = common::quads(&[(Vec3::ZERO, 2.0, Vec3::NEG_Z)], 0, [0.8, 0.8, 0.8, 1.0]);
    let model = upload(&ctx, &renderer, &pmx);
    let camera = Camera::framing(bounds_of(&pmx), 1.0);
    let count = |wireframe| {
        let image = render(
            &ctx,
            &renderer,
            &model,
            &View {
                wireframe,
                ..view(camera)
            },
        );
        image.pixels().filter(|p| !is_background(p)).count()
    };
    let (filled, lines) = (count(false), count(true));
    assert!(
        lines > 100 && lines * 10 < filled,
        "wireframe {lines} vs filled {filled}"
    );
}

/// A texture far smaller on screen than its texels (a one-texel checkerboard repeated 8
/// times across a quad about 200 px wide) is sampled from its mip chain: the quad renders
/// as if textured with the checkerboard's mean colour, where a single-level texture would
/// alias into a pattern of the two colours.
#[test]
fn minified_checkerboard_renders_as_its_mean() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let (a, b, mean) = ([200, 40, 100, 255], [100, 240, 0, 255], [150, 140, 50, 255]);
    let png = |image: RgbaImage| -> &'static [u8] {
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        Box::leak(out.into_inner().into_boxed_slice())
    };
    let checker = RgbaImage::from_fn(256, 256, |x, y| {
        image::Rgba(if (x + y) % 2 == 0 { a } else { b })
    });
    let mut textures = MemoryTextureSource::new();
    textures.insert("checker.png", png(checker));
    textures.insert(
        "mean.png",
        png(RgbaImage::from_pixel(1, 1, image::Rgba(mean))),
    );

    let mut pmx = common::quads(&[(Vec3::ZERO, 2.0, Vec3::NEG_Z)], 0, [1.0, 1.0, 1.0, 1.0]);
    for vertex in &mut pmx.vertices {
        vertex.uv = [vertex.position[0] * 2.0, vertex.position[1] * 2.0];
    }
    pmx.textures = vec!["checker.png".to_string(), "mean.png".to_string()];
    let camera = Camera::framing(bounds_of(&pmx), 1.0);
    let render_with = |texture: i32| {
        let mut pmx = pmx.clone();
        pmx.materials[0].texture = texture;
        let (model, warnings) =
            ModelGpu::new(&ctx.device, &ctx.queue, &renderer, &pmx, &textures).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        render(&ctx, &renderer, &model, &view(camera))
    };
    let checkered = render_with(0);
    let flat = render_with(1);
    let quad_pixels = flat.pixels().filter(|p| !is_background(p)).count();
    assert!(
        quad_pixels > 5000,
        "the quad is visible ({quad_pixels} pixels)"
    );
    let worst = checkered
        .pixels()
        .zip(flat.pixels())
        .map(|(c, f)| {
            c.0.iter()
                .zip(f.0)
                .map(|(&x, y)| x.abs_diff(y))
                .max()
                .unwrap_or(0)
        })
        .max()
        .unwrap_or(0);
    assert!(
        worst <= 3,
        "minified checkerboard differs from its mean by up to {worst}"
    );
}

/// A texture big enough to be streamed to the GPU band by band while it decodes (a 2048²
/// PNG) renders exactly as the same pixels decoded whole (the same image as a TGA), through
/// windows on its rows in different bands seen about one texel a pixel (level 0), a window
/// four times larger (level 1, halved band by band) and the whole texture (the levels built
/// after the last band).
#[test]
fn a_streamed_texture_renders_as_one_decoded_whole() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    const SIDE: u32 = 2048;
    let mut state = 7u32;
    let pixels = RgbaImage::from_fn(SIDE, SIDE, |_, _| {
        let mut next = || {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 24) as u8
        };
        image::Rgba([next(), next(), next(), 255])
    });
    let encoded = |format: image::ImageFormat| -> &'static [u8] {
        let mut out = std::io::Cursor::new(Vec::new());
        pixels.write_to(&mut out, format).unwrap();
        Box::leak(out.into_inner().into_boxed_slice())
    };
    let mut textures = MemoryTextureSource::new();
    textures.insert("sheet.png", encoded(image::ImageFormat::Png));
    textures.insert("sheet.tga", encoded(image::ImageFormat::Tga));

    let base = common::quads(&[(Vec3::ZERO, 2.0, Vec3::NEG_Z)], 0, [1.0, 1.0, 1.0, 1.0]);
    let bounds = bounds_of(&base);
    let camera = Camera::framing(bounds, 1.0);
    // (u, v) of the window's corner and its side, as fractions of the texture.
    let windows = [
        (0.1, 0.05, 0.125),
        (0.5, 0.4, 0.125),
        (0.8, 0.85, 0.125),
        (0.2, 0.3, 0.5),
        (0.0, 0.0, 1.0),
    ];
    for (u, v, side) in windows {
        let mut pmx = base.clone();
        for vertex in &mut pmx.vertices {
            let [x, y, _] = vertex.position;
            vertex.uv = [
                u + side * (x - bounds.min.x) / (bounds.max.x - bounds.min.x),
                v + side * (bounds.max.y - y) / (bounds.max.y - bounds.min.y),
            ];
        }
        let render_with = |name: &str| {
            let mut pmx = pmx.clone();
            pmx.textures = vec![name.to_string()];
            pmx.materials[0].texture = 0;
            let (model, warnings) =
                ModelGpu::new(&ctx.device, &ctx.queue, &renderer, &pmx, &textures).unwrap();
            assert!(warnings.is_empty(), "{warnings:?}");
            render(&ctx, &renderer, &model, &view(camera))
        };
        let streamed = render_with("sheet.png");
        let whole = render_with("sheet.tga");
        let textured = streamed.pixels().filter(|p| !is_background(p)).count();
        assert!(textured > 5000, "the quad is visible ({textured} pixels)");
        assert!(
            streamed == whole,
            "window at ({u}, {v}), side {side}: the streamed texture renders differently"
        );
    }
}
