//! Accessories drawn from their recorded draws and the shared buffer of places: more of them
//! than the buffer first has room for all show where they are placed, one that moves shows
//! where it went, Tr 0 hides one until Tr brings it back, and a Tr between blends it from
//! the next frame on; materials that share vertices, drawn in one draw, keep their colours.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::{Mat4, Vec3};
use image::RgbaImage;
use mmd_format::pmx::{Pmx, material_flags};
use mmd_render::{
    Aabb, AccessoryLook, Camera, GpuContext, MemoryTextureSource, ModelGpu, Offscreen, Renderer,
    View,
};

const WIDTH: u32 = 640;
const HEIGHT: u32 = 160;
/// More than the places buffer holds at first (16), so it grows.
const COUNT: usize = 20;

/// Where accessory `i` stands: a row along x.
fn place(i: usize) -> Vec3 {
    Vec3::new(i as f32 * 2.0 - COUNT as f32, 0.0, 0.0)
}

fn view() -> View {
    let bounds = Aabb::from_points([place(0) - Vec3::ONE, place(COUNT - 1) + Vec3::ONE]).unwrap();
    View {
        camera: Camera::framing(bounds, WIDTH as f32 / HEIGHT as f32),
        background: [1.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    }
}

/// The pixel where `at` projects to.
fn pixel_at(image: &RgbaImage, view: &View, at: Vec3) -> [u8; 4] {
    let aspect = WIDTH as f32 / HEIGHT as f32;
    let clip = view.camera.projection(aspect) * view.camera.view() * at.extend(1.0);
    let ndc = clip.truncate() / clip.w;
    let x = ((ndc.x * 0.5 + 0.5) * WIDTH as f32) as u32;
    let y = ((0.5 - ndc.y * 0.5) * HEIGHT as f32) as u32;
    image.get_pixel(x.min(WIDTH - 1), y.min(HEIGHT - 1)).0
}

/// Whether the pixel where `at` projects to differs from the background.
fn drawn_at(image: &RgbaImage, view: &View, at: Vec3) -> bool {
    pixel_at(image, view, at) != [255, 0, 255, 255]
}

fn render(
    ctx: &GpuContext,
    renderer: &Renderer,
    offscreen: &Offscreen,
    accessories: &mut [ModelGpu],
) -> RgbaImage {
    for accessory in accessories.iter_mut() {
        accessory.update(&ctx.queue, &[], &[]);
    }
    let models: Vec<&ModelGpu> = accessories.iter().collect();
    offscreen
        .render(&ctx.device, &ctx.queue, renderer, &models, &view())
        .unwrap()
}

#[test]
fn accessories_show_where_placed_move_and_hide_by_tr() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let quad = common::quads(
        &[(Vec3::ZERO, 0.5, Vec3::NEG_Z)],
        material_flags::DOUBLE_SIDED,
        [0.2, 0.6, 0.9, 1.0],
    );
    let mut accessories: Vec<ModelGpu> = (0..COUNT)
        .map(|i| {
            let (mut accessory, _) = ModelGpu::new_accessory(
                &ctx.device,
                &ctx.queue,
                &renderer,
                &quad,
                &MemoryTextureSource::new(),
            )
            .unwrap();
            accessory.set_placement(Mat4::from_translation(place(i)));
            accessory
        })
        .collect();
    let offscreen = Offscreen::new(&ctx.device, &renderer, WIDTH, HEIGHT).unwrap();
    let view = view();

    let image = render(&ctx, &renderer, &offscreen, &mut accessories);
    for i in 0..COUNT {
        assert!(drawn_at(&image, &view, place(i)), "accessory {i} not drawn");
    }

    let hidden = AccessoryLook {
        opacity: 0.0,
        ..AccessoryLook::default()
    };
    accessories[3].set_accessory_look(hidden);
    let moved_to = place(5) + Vec3::new(0.0, 100.0, 0.0);
    accessories[5].set_placement(Mat4::from_translation(moved_to));
    let image = render(&ctx, &renderer, &offscreen, &mut accessories);
    assert!(!drawn_at(&image, &view, place(3)), "Tr 0 still drawn");
    assert!(
        !drawn_at(&image, &view, place(5)),
        "moved away, still drawn"
    );
    for i in (0..COUNT).filter(|&i| i != 3 && i != 5) {
        assert!(drawn_at(&image, &view, place(i)), "accessory {i} not drawn");
    }

    accessories[3].set_accessory_look(AccessoryLook::default());
    accessories[5].set_placement(Mat4::from_translation(place(5)));
    let image = render(&ctx, &renderer, &offscreen, &mut accessories);
    for i in 0..COUNT {
        assert!(
            drawn_at(&image, &view, place(i)),
            "accessory {i} not drawn again"
        );
    }

    // Tr 0.5 changes no draw, only the accessory's entry in the table of materials.
    let opaque = pixel_at(&image, &view, place(7));
    let half = AccessoryLook {
        opacity: 0.5,
        ..AccessoryLook::default()
    };
    accessories[7].set_accessory_look(half);
    let image = render(&ctx, &renderer, &offscreen, &mut accessories);
    let blended = pixel_at(&image, &view, place(7));
    // Over the magenta background, half of the blue quad: more red, less green.
    assert!(
        blended[0] > opaque[0] + 40 && blended[1] + 40 < opaque[1],
        "Tr 0.5 not blended: {opaque:?} then {blended:?}"
    );
    assert_eq!(
        pixel_at(&image, &view, place(8)),
        opaque,
        "a neighbour changed"
    );
    accessories[7].set_accessory_look(AccessoryLook::default());
    let image = render(&ctx, &renderer, &offscreen, &mut accessories);
    assert_eq!(
        pixel_at(&image, &view, place(7)),
        opaque,
        "Tr 1 not opaque again"
    );
}

/// A quad whose two triangles, sharing two vertices, have materials of their own colours.
fn two_coloured_quad(colours: [[f32; 4]; 2]) -> Pmx {
    let mut quad = common::quads(&[(Vec3::ZERO, 1.0, Vec3::NEG_Z)], 0, colours[0]);
    quad.materials[0].index_count = 3;
    let mut second = quad.materials[0].clone();
    second.diffuse = colours[1];
    quad.materials.push(second);
    quad
}

#[test]
fn materials_sharing_vertices_keep_their_colours_in_one_draw() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    const RED: [f32; 4] = [0.9, 0.1, 0.1, 1.0];
    const GREEN: [f32; 4] = [0.1, 0.9, 0.1, 1.0];
    // Side by side, the second with its colours the other way round; all four materials are
    // plain and opaque, so the run is one colour draw.
    let places = [Vec3::new(-1.5, 0.0, 0.0), Vec3::new(1.5, 0.0, 0.0)];
    let accessories: Vec<ModelGpu> = [[RED, GREEN], [GREEN, RED]]
        .into_iter()
        .zip(places)
        .map(|(colours, at)| {
            let (mut accessory, _) = ModelGpu::new_accessory(
                &ctx.device,
                &ctx.queue,
                &renderer,
                &two_coloured_quad(colours),
                &MemoryTextureSource::new(),
            )
            .unwrap();
            accessory.set_placement(Mat4::from_translation(at));
            accessory.update(&ctx.queue, &[], &[]);
            accessory
        })
        .collect();
    let bounds = Aabb::from_points([Vec3::new(-3.0, -1.0, 0.0), Vec3::new(3.0, 1.0, 0.0)]).unwrap();
    let view = View {
        camera: Camera::framing(bounds, WIDTH as f32 / HEIGHT as f32),
        background: [0.0, 0.0, 1.0, 1.0],
        ground_shadow: None,
        ..View::default()
    };
    let offscreen = Offscreen::new(&ctx.device, &renderer, WIDTH, HEIGHT).unwrap();
    let models: Vec<&ModelGpu> = accessories.iter().collect();
    let image = offscreen
        .render(&ctx.device, &ctx.queue, &renderer, &models, &view)
        .unwrap();
    // The first triangle lies above the quad's diagonal from (−1, −1) to (1, 1).
    let above = Vec3::new(-0.5, 0.5, 0.0);
    let below = Vec3::new(0.5, -0.5, 0.0);
    let red = |p: [u8; 4]| p[0] > p[1] + 100 && p[0] > p[2] + 100;
    let green = |p: [u8; 4]| p[1] > p[0] + 100 && p[1] > p[2] + 100;
    let at = |place: Vec3, offset: Vec3| pixel_at(&image, &view, place + offset);
    assert!(red(at(places[0], above)), "{:?}", at(places[0], above));
    assert!(green(at(places[0], below)), "{:?}", at(places[0], below));
    assert!(green(at(places[1], above)), "{:?}", at(places[1], above));
    assert!(red(at(places[1], below)), "{:?}", at(places[1], below));
}
