//! MMD's self-shadow on a synthetic scene: a cube (one model) over a floor (another model),
//! lit by MMD's default light. Where the cube hides the floor from the light, the floor is
//! its colour × the toon's darkest row; everywhere else the floor is exactly as without the
//! self-shadow (no acne); the shadow reaches the cube's foot when it stands on the floor (no
//! peter-panning); the materials' cast and receive flags decide who takes part.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::Vec3;
use image::{Rgba, RgbaImage};
use mmd_format::pmx::{Pmx, Toon, material_flags};
use mmd_render::{
    Camera, GpuContext, Light, MemoryTextureSource, ModelGpu, Offscreen, Renderer, SelfShadow,
    SelfShadowMode, View,
};

const SIZE: u32 = 256;
const CAST: u8 = material_flags::CAST_SELF_SHADOW;
const RECEIVE: u8 = material_flags::RECEIVE_SELF_SHADOW;
/// The toon ramp's lit (top) and darkest (bottom) rows.
const TOON_LIT: [u8; 4] = [255, 255, 255, 255];
const TOON_DARK: [u8; 4] = [128, 64, 192, 255];
const FLOOR_DIFFUSE: [f32; 4] = [0.6, 0.7, 0.5, 1.0];

fn toon_png() -> &'static [u8] {
    let ramp = RgbaImage::from_fn(4, 32, |_, y| {
        Rgba(if y < 16 { TOON_LIT } else { TOON_DARK })
    });
    let mut out = std::io::Cursor::new(Vec::new());
    ramp.write_to(&mut out, image::ImageFormat::Png).unwrap();
    Box::leak(out.into_inner().into_boxed_slice())
}

/// Every material of `pmx` with `flags` and the test's toon ramp.
fn with_toon(mut pmx: Pmx, flags: u8) -> Pmx {
    pmx.textures = vec!["toon.png".into()];
    for m in &mut pmx.materials {
        m.flags = flags;
        m.toon = Toon::Texture(0);
    }
    pmx
}

fn upload(ctx: &GpuContext, renderer: &Renderer, pmx: &Pmx) -> ModelGpu {
    let mut textures = MemoryTextureSource::new();
    textures.insert("toon.png", toon_png());
    ModelGpu::new(&ctx.device, &ctx.queue, renderer, pmx, &textures)
        .unwrap()
        .0
}

fn floor(flags: u8) -> Pmx {
    with_toon(
        common::quads(&[(Vec3::ZERO, 12.0, Vec3::Y)], 0, FLOOR_DIFFUSE),
        flags,
    )
}

fn cube(centre: Vec3, half: f32, flags: u8) -> Pmx {
    with_toon(common::cube(centre, half, 0), flags)
}

/// Looking down at the floor from the front, above.
fn camera() -> Camera {
    Camera {
        target: Vec3::ZERO,
        rotation: Vec3::new(-0.9, 0.0, 0.0),
        distance: -30.0,
        ..Camera::default()
    }
}

fn view(mode: SelfShadowMode) -> View {
    View {
        camera: camera(),
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        edges: false,
        self_shadow: SelfShadow {
            mode,
            ..SelfShadow::default()
        },
        ..View::default()
    }
}

fn render(ctx: &GpuContext, renderer: &Renderer, models: &[&ModelGpu], view: &View) -> RgbaImage {
    let offscreen = Offscreen::new(&ctx.device, renderer, SIZE, SIZE).unwrap();
    offscreen
        .render(&ctx.device, &ctx.queue, renderer, models, view)
        .unwrap()
}

/// The pixel a world point lands on (past the image's right or bottom edge, or
/// saturated to 0 past its left or top).
fn pixel(p: Vec3) -> (u32, u32) {
    let c = camera();
    let ndc = (c.projection(1.0) * c.view()).project_point3(p);
    (
        ((ndc.x * 0.5 + 0.5) * SIZE as f32) as u32,
        ((0.5 - ndc.y * 0.5) * SIZE as f32) as u32,
    )
}

fn at(image: &RgbaImage, p: Vec3) -> [u8; 4] {
    let (x, y) = pixel(p);
    image.get_pixel(x, y).0
}

/// The floor's colour × the toon's darkest row, given its lit colour.
fn darkened(lit: [u8; 4]) -> [u8; 3] {
    [0, 1, 2].map(|i| (f32::from(lit[i]) * f32::from(TOON_DARK[i]) / 255.0).round() as u8)
}

/// The floor's lit colour, as the renderer without self-shadow draws it far from the cube.
fn lit_floor(ctx: &GpuContext, renderer: &Renderer, floor: &ModelGpu) -> [u8; 3] {
    let image = render(ctx, renderer, &[floor], &view(SelfShadowMode::Off));
    let [r, g, b, _] = at(&image, Vec3::new(4.0, 0.0, -4.0));
    [r, g, b]
}

fn close(actual: [u8; 4], expected: [u8; 3]) -> bool {
    actual
        .iter()
        .zip(expected)
        .all(|(&a, e)| a.abs_diff(e) <= 3)
}

/// Where MMD's default light (-0.5, -1, 0.5) carries a point down to the floor.
fn on_floor_below(p: Vec3) -> Vec3 {
    let l = Light::default().direction;
    p - l * (p.y / l.y)
}

#[test]
fn a_floating_cube_darkens_the_floor_by_the_toon_and_nothing_else() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let centre = Vec3::new(0.0, 4.0, 0.0);
    let floor = upload(&ctx, &renderer, &floor(CAST | RECEIVE));
    let cube = upload(&ctx, &renderer, &cube(centre, 1.5, CAST | RECEIVE));
    let models = [&cube, &floor];
    let on = render(&ctx, &renderer, &models, &view(SelfShadowMode::Mode1));
    let off = render(&ctx, &renderer, &models, &view(SelfShadowMode::Off));
    let lit = lit_floor(&ctx, &renderer, &floor);
    let dark = darkened([lit[0], lit[1], lit[2], 255]);

    let shadow_centre = on_floor_below(centre);
    assert!(
        close(at(&on, shadow_centre), dark),
        "in the shadow: {:?}, expected {dark:?}",
        at(&on, shadow_centre)
    );
    assert!(close(at(&off, shadow_centre), lit));

    // Every floor pixel away from the shadow's square (and from the cube's image) is exactly
    // as without the self-shadow.
    let corners = (0..8).map(|i| {
        let sign = |bit: i32| if i & bit == 0 { -1.5 } else { 1.5 };
        pixel(centre + Vec3::new(sign(1), sign(2), sign(4)))
    });
    let (x0, y0, x1, y1) = corners.fold((SIZE, SIZE, 0, 0), |(a, b, c, d), (x, y)| {
        (a.min(x), b.min(y), c.max(x), d.max(y))
    });
    let on_cube = |(x, y): (u32, u32)| x + 4 >= x0 && x <= x1 + 4 && y + 4 >= y0 && y <= y1 + 4;
    let mut compared = 0;
    for x in -20..=20 {
        for z in -20..=20 {
            let p = Vec3::new(x as f32 * 0.5, 0.0, z as f32 * 0.5);
            let from_shadow = (p - shadow_centre).abs().max_element();
            let (px, py) = pixel(p);
            if from_shadow < 3.0 || on_cube((px, py)) || px >= SIZE || py >= SIZE {
                continue;
            }
            let (a, b) = (at(&on, p), at(&off, p));
            assert!(close(a, lit) && close(b, lit), "{p}: {a:?} vs {b:?}");
            compared += 1;
        }
    }
    assert!(compared > 600, "{compared}");
}

#[test]
fn a_standing_cube_shadows_right_from_its_foot() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let half = 2.0;
    let floor = upload(&ctx, &renderer, &floor(CAST | RECEIVE));
    let cube = upload(
        &ctx,
        &renderer,
        &cube(Vec3::new(0.0, half, 0.0), half, CAST | RECEIVE),
    );
    let on = render(
        &ctx,
        &renderer,
        &[&cube, &floor],
        &view(SelfShadowMode::Mode1),
    );
    let lit = lit_floor(&ctx, &renderer, &floor);
    let dark = darkened([lit[0], lit[1], lit[2], 255]);
    // The light travels towards −x, +z: just past the cube's −x face, halfway along it.
    let near_foot = Vec3::new(-half - 0.8, 0.0, 0.0);
    assert!(
        close(at(&on, near_foot), dark),
        "0.8 from the foot: {:?}",
        at(&on, near_foot)
    );
}

#[test]
fn cast_and_receive_flags_decide() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let centre = Vec3::new(0.0, 4.0, 0.0);
    let shadow_centre = on_floor_below(centre);
    let lit = lit_floor(&ctx, &renderer, &upload(&ctx, &renderer, &floor(0)));
    let dark = darkened([lit[0], lit[1], lit[2], 255]);
    let cases = [
        (CAST | RECEIVE, CAST | RECEIVE, SelfShadowMode::Mode2, dark),
        (RECEIVE, CAST | RECEIVE, SelfShadowMode::Mode1, lit),
        (CAST | RECEIVE, CAST, SelfShadowMode::Mode1, lit),
    ];
    for (cube_flags, floor_flags, mode, expected) in cases {
        let floor = upload(&ctx, &renderer, &floor(floor_flags));
        let cube = upload(&ctx, &renderer, &cube(centre, 1.5, cube_flags));
        let image = render(&ctx, &renderer, &[&cube, &floor], &view(mode));
        assert!(
            close(at(&image, shadow_centre), expected),
            "cube {cube_flags:#x}, floor {floor_flags:#x}, {mode:?}: {:?}, expected {expected:?}",
            at(&image, shadow_centre)
        );
    }
}
