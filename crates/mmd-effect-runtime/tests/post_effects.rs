//! Post effects run whole. FXAA (the fixture's `FXAA.fx`, unedited) over an aliased scene: a
//! dark triangle with hard, stair-stepped edges on a light ground. FXAA's promise, measured:
//! pixels away from edges are left as they are, and edge pixels take values between the two
//! colours where the scene had only the two; on a soft ramp it samples texel centres and
//! changes nothing. The other fixture post effects run without a GPU error.

mod common;

use common::{fixture, gpu};
use glam::{Mat4, Vec3};
use mmd_effect::{FileLoader, Options, read_effect};
use mmd_effect_compiler::EffectCompiler;
use mmd_effect_runtime::values::{
    CameraValues, Clocks, FrameValues, LightValues, MouseValues, SceneObject, SceneObjects,
    ViewerMatrices,
};
use mmd_effect_runtime::{Formats, PostEffect, Recording};
use mmd_render::GpuContext;

const SIZE: [u32; 2] = [320, 180];
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
const FORMATS: Formats = Formats {
    output: FORMAT,
    scene: FORMAT,
};

struct NoObjects;

impl SceneObjects for NoObjects {
    fn object(&self, _name: &str) -> Option<SceneObject<'_>> {
        None
    }
}

fn frame() -> FrameValues {
    let matrices = ViewerMatrices {
        view: Mat4::IDENTITY,
        projection: Mat4::IDENTITY,
    };
    FrameValues {
        camera: CameraValues {
            matrices,
            eye: Vec3::ZERO,
            direction: Vec3::Z,
        },
        light: LightValues {
            matrices,
            direction: Vec3::new(-0.5, -1.0, 0.5),
            color: Vec3::splat(154.0 / 255.0),
        },
        viewport: [SIZE[0] as f32, SIZE[1] as f32],
        clocks: Clocks::default(),
        ground_shadow_color: [0.0; 4],
        mouse: MouseValues::default(),
        self_shadow_mode2: false,
        translucent: false,
    }
}

/// A dark triangle with aliased edges on a light ground.
const TRIANGLE: &str = "
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    var p = array(vec2(-0.7, -0.8), vec2(0.15, 0.9), vec2(0.8, -0.45));
    return vec4(p[i], 0.5, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> { return vec4(0.1, 0.1, 0.15, 1.0); }";

/// Over the whole screen, a ramp of 4 levels a pixel across and 3 down, restarting every
/// 60 pixels: too little contrast for FXAA to touch, so a sample half a texel off shows
/// as a change of half a step.
const RAMP: &str = "
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    var p = array(vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
    return vec4(p[i], 0.5, 1.0);
}
@fragment fn fs(@builtin(position) at: vec4<f32>) -> @location(0) vec4<f32> {
    let x = floor(at.x) % 60.0;
    let y = floor(at.y) % 60.0;
    return vec4(x * 4.0 / 255.0, y * 3.0 / 255.0, 0.5, 1.0);
}";

/// A scene drawn without multisampling over a light ground.
struct Scene {
    pipeline: wgpu::RenderPipeline,
}

impl Scene {
    fn new(device: &wgpu::Device, shader: &str) -> Scene {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(shader.into()),
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: None,
            layout: None,
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs"),
                compilation_options: Default::default(),
                targets: &[Some(FORMAT.into())],
            }),
            multiview_mask: None,
            cache: None,
        });
        Scene { pipeline }
    }

    fn draw(&self, encoder: &mut wgpu::CommandEncoder, color: &wgpu::TextureView) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: color,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: 0.9,
                        g: 0.85,
                        b: 0.8,
                        a: 1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&self.pipeline);
        pass.draw(0..3, 0..1);
    }
}

fn readback(gpu: &GpuContext, texture: &wgpu::Texture) -> Vec<[u8; 4]> {
    let row = SIZE[0] * 4;
    let padded = row.div_ceil(256) * 256;
    let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: u64::from(padded * SIZE[1]),
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    encoder.copy_texture_to_buffer(
        texture.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &buffer,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: None,
            },
        },
        wgpu::Extent3d {
            width: SIZE[0],
            height: SIZE[1],
            depth_or_array_layers: 1,
        },
    );
    gpu.queue.submit([encoder.finish()]);
    let bytes = match mmd_render::read_buffer(&gpu.device, &buffer) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    (0..SIZE[1] as usize)
        .flat_map(|y| {
            let start = y * padded as usize;
            bytes[start..start + row as usize]
                .chunks_exact(4)
                .map(|c| [c[0], c[1], c[2], c[3]])
                .collect::<Vec<_>>()
        })
        .collect()
}

fn target(gpu: &GpuContext) -> wgpu::Texture {
    gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: SIZE[0],
            height: SIZE[1],
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FORMAT,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    })
}

/// The scene drawn plainly, and drawn through FXAA.
fn plain_and_through_fxaa(
    gpu: &GpuContext,
    fx: &mmd_effect::Effect,
    scene: &Scene,
) -> (Vec<[u8; 4]>, Vec<[u8; 4]>) {
    let plain = target(gpu);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    scene.draw(&mut encoder, &plain.create_view(&Default::default()));
    gpu.queue.submit([encoder.finish()]);
    let before = readback(gpu, &plain);

    // The scene through FXAA.
    let mut effect = match PostEffect::new(&gpu.device, fx, &EffectCompiler::new(), FORMATS, SIZE) {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    };
    let out = target(gpu);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let mut scene_calls = 0;
    let output = out.create_view(&Default::default());
    let into = Recording {
        device: &gpu.device,
        queue: &gpu.queue,
        encoder: &mut encoder,
        output: &output,
    };
    let recorded = effect.record(into, &frame(), &NoObjects, &mut |encoder, color| {
        scene_calls += 1;
        scene.draw(encoder, color);
    });
    if let Err(e) = recorded {
        panic!("{e}");
    }
    gpu.queue.submit([encoder.finish()]);
    let after = readback(gpu, &out);
    let errors = gpu.errors.take();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(scene_calls, 1);

    (before, after)
}

fn fxaa() -> Option<mmd_effect::Effect> {
    let path = fixture("FXAA/FXAA.fx")?;
    match read_effect(&path, &FileLoader, &Options::default()) {
        Ok(fx) => Some(fx),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn fxaa_softens_only_the_edges_of_an_aliased_scene() {
    let Some(fx) = fxaa() else {
        return;
    };
    let Some(gpu) = gpu() else {
        return;
    };
    let scene = Scene::new(&gpu.device, TRIANGLE);
    let (before, after) = plain_and_through_fxaa(&gpu, &fx, &scene);

    // Edge pixels: those with a neighbour of the other colour in the plain scene.
    // Edge pixels: those with a neighbour of the other colour in the plain scene.
    let (w, h) = (SIZE[0] as usize, SIZE[1] as usize);
    let at = |x: usize, y: usize| y * w + x;
    let near_edge = |x: usize, y: usize, reach: usize| {
        let c = before[at(x, y)];
        (y.saturating_sub(reach)..=(y + reach).min(h - 1)).any(|yy| {
            (x.saturating_sub(reach)..=(x + reach).min(w - 1)).any(|xx| before[at(xx, yy)] != c)
        })
    };
    let difference = |a: [u8; 4], b: [u8; 4]| {
        (0..3)
            .map(|i| a[i].abs_diff(b[i]) as u32)
            .max()
            .unwrap_or(0)
    };
    let (mut far_changed, mut far) = (0, 0);
    let (mut edge_softened, mut edges) = (0, 0);
    let mut total_change = 0u64;
    for y in 0..h {
        for x in 0..w {
            let d = difference(before[at(x, y)], after[at(x, y)]);
            total_change += u64::from(d);
            if near_edge(x, y, 1) {
                edges += 1;
                if d > 4 {
                    edge_softened += 1;
                }
            } else if !near_edge(x, y, 4) {
                far += 1;
                if d > 1 {
                    far_changed += 1;
                }
            }
        }
    }
    let mean = total_change as f64 / (w * h) as f64;
    println!(
        "FXAA: {edge_softened} of {edges} edge pixels softened, {far_changed} of {far} far ones changed, mean change {mean:.3} levels"
    );
    assert!(before.iter().all(|p| p[3] == 255));
    assert_eq!(far_changed, 0, "FXAA changed pixels away from edges");
    assert!(
        edge_softened * 4 >= edges,
        "only {edge_softened} of {edges} edge pixels softened"
    );
    assert!(mean < 5.0, "mean change {mean}");
}

#[test]
fn fxaa_samples_texel_centres_so_a_soft_ramp_comes_through_unchanged() {
    let Some(fx) = fxaa() else {
        return;
    };
    let Some(gpu) = gpu() else {
        return;
    };
    let scene = Scene::new(&gpu.device, RAMP);
    let (before, after) = plain_and_through_fxaa(&gpu, &fx, &scene);
    let w = SIZE[0] as usize;
    let mut changed = 0;
    let mut compared = 0;
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        let (x, y) = (i % w, i / w);
        // Away from where the ramp restarts (a real edge) and from the screen's border.
        let inside = |v: usize, limit: usize| v % 60 >= 3 && v % 60 <= 56 && v + 3 < limit;
        if !inside(x, w) || !inside(y, SIZE[1] as usize) {
            continue;
        }
        compared += 1;
        if (0..3).any(|c| b[c].abs_diff(a[c]) > 1) {
            changed += 1;
        }
    }
    println!("FXAA on a ramp: {changed} of {compared} pixels changed");
    assert!(compared > 10_000);
    assert_eq!(changed, 0);
}

#[test]
fn the_other_fixture_post_effects_run_without_gpu_errors() {
    // Their file textures are not loaded yet (they read as transparent black), so only
    // running is asserted here: every pass's pipeline made, every draw valid.
    let Some(gpu) = gpu() else {
        return;
    };
    let scene = Scene::new(&gpu.device, TRIANGLE);
    for rel in [
        "LightBloom/LightBloom.fx",
        "LightBloom/LightBloom with DirtMap.fx",
        "FilmGrain/FilmGrain.fx",
        "Hatching/Hatching.fx",
    ] {
        let Some(path) = fixture(rel) else {
            return;
        };
        let fx = match read_effect(&path, &FileLoader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{rel}: {e}"),
        };
        let mut effect =
            match PostEffect::new(&gpu.device, &fx, &EffectCompiler::new(), FORMATS, SIZE) {
                Ok(e) => e,
                Err(e) => panic!("{rel}: {e}"),
            };
        let out = target(&gpu);
        let output = out.create_view(&Default::default());
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let into = Recording {
            device: &gpu.device,
            queue: &gpu.queue,
            encoder: &mut encoder,
            output: &output,
        };
        let mut scene_calls = 0;
        let recorded = effect.record(into, &frame(), &NoObjects, &mut |e, c| {
            scene_calls += 1;
            scene.draw(e, c);
        });
        if let Err(e) = recorded {
            panic!("{rel}: {e}");
        }
        gpu.queue.submit([encoder.finish()]);
        let after = readback(&gpu, &out);
        let errors = gpu.errors.take();
        assert!(errors.is_empty(), "{rel}: {errors:?}");
        assert_eq!(scene_calls, 1, "{rel}");
        assert!(
            after.iter().any(|p| p[..3] != [0, 0, 0]),
            "{rel} drew nothing"
        );
    }
}
