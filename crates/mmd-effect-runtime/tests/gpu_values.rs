//! Parameter values on the GPU: an effect written here computes with its parameters the
//! way MME effects do (`mul(v, WorldViewProj)`, a `static` offset from
//! `VIEWPORTPIXELSIZE`), is compiled, gets its values written by the runtime, draws one
//! pixel into a float target, and what it wrote is compared with the same arithmetic on
//! the CPU. This is the truth for the matrix convention in `uniforms`.

mod common;

use std::path::Path;

use common::gpu;
use glam::{Mat4, Vec3, Vec4};
use mmd_effect::{Effect, MemoryLoader, Options, Stage, read_effect};
use mmd_effect_compiler::{CompiledShader, EffectCompiler, UniformBlock};
use mmd_effect_runtime::uniforms::{block_bytes, write};
use mmd_effect_runtime::{PassPipeline, PassTargets, Value};
use mmd_render::GpuContext;
use wgpu::util::DeviceExt;

const EFFECT: &str = "float4x4 WorldViewProj : WORLDVIEWPROJECTION;
float4x4 WorldT : WORLDTRANSPOSE;
float4 Probe;
float2 ViewportSize : VIEWPORTPIXELSIZE;
static float2 ViewportOffset = float2(0.5, 0.5) / ViewportSize;
int Which;
struct VS_OUT { float4 Pos : POSITION; float4 Value : TEXCOORD0; };
VS_OUT VS(float4 pos : POSITION)
{
    VS_OUT o;
    o.Pos = pos;
    o.Value = Which == 0 ? mul(Probe, WorldViewProj) : mul(WorldT, Probe);
    return o;
}
float4 PS(float4 v : TEXCOORD0) : COLOR0
{
    return v + float4(ViewportOffset, 0, 0);
}
technique T { pass P {
    VertexShader = compile vs_3_0 VS();
    PixelShader = compile ps_3_0 PS();
} }";

fn compile(fx: &Effect, stage: Stage) -> CompiledShader {
    let Some(pass) = fx.techniques.first().and_then(|t| t.passes.first()) else {
        panic!("no pass");
    };
    let shader = match stage {
        Stage::Vertex => pass.vertex_shader.as_ref(),
        Stage::Pixel => pass.pixel_shader.as_ref(),
    };
    let Some(shader) = shader else {
        panic!("no {stage:?} shader");
    };
    match EffectCompiler::new().compile(fx, shader, stage) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// The block's bytes with each named member set.
fn block(block: &UniformBlock, values: &[(&str, Value)]) -> Vec<u8> {
    let mut bytes = block_bytes(block);
    for (name, value) in values {
        let Some(member) = block.members.iter().find(|m| m.name == *name) else {
            panic!("no {name} in {block:?}");
        };
        write(&mut bytes, member, value);
    }
    bytes
}

/// Draws the effect's pass into one float pixel and reads it back.
fn draw(gpu: &GpuContext, values: &[(&str, Value)]) -> [f32; 4] {
    let loader = MemoryLoader::new().with("t.fx", EFFECT);
    let fx = match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    };
    let (vertex, pixel) = (compile(&fx, Stage::Vertex), compile(&fx, Stage::Pixel));
    let device = &gpu.device;
    let format = wgpu::TextureFormat::Rgba32Float;
    let attributes = [wgpu::VertexAttribute {
        format: wgpu::VertexFormat::Float32x4,
        offset: 0,
        shader_location: 0,
    }];
    let buffers = [Some(wgpu::VertexBufferLayout {
        array_stride: 16,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &attributes,
    })];
    let colors = [Some(wgpu::ColorTargetState::from(format))];
    let targets = PassTargets {
        colors: &colors,
        depth: None,
        vertex_buffers: &buffers,
        cull: None,
        topology: wgpu::PrimitiveTopology::TriangleList,
        unfilterable: &[],
    };
    let pass = match PassPipeline::new(device, "T/P", &vertex, &pixel, &targets) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    let uniform = |interface: &mmd_effect_compiler::ShaderInterface| {
        let Some(b) = &interface.uniforms else {
            panic!("no uniforms");
        };
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &block(b, values),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        (b.binding, buffer)
    };
    let (vs_binding, vs_buffer) = uniform(&vertex.interface);
    let (ps_binding, ps_buffer) = uniform(&pixel.interface);
    let uniforms = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pass.uniform_layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: vs_binding,
                resource: vs_buffer.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: ps_binding,
                resource: ps_buffer.as_entire_binding(),
            },
        ],
    });
    let textures = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pass.texture_layout,
        entries: &[],
    });
    // One triangle over the whole 1×1 target.
    let corners: [f32; 12] = [
        -1.0, -1.0, 0.5, 1.0, 3.0, -1.0, 0.5, 1.0, -1.0, 3.0, 0.5, 1.0,
    ];
    let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: &corners
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect::<Vec<u8>>(),
        usage: wgpu::BufferUsages::VERTEX,
    });
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 256,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let view = target.create_view(&Default::default());
        let mut pass_encoder = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass_encoder.set_pipeline(&pass.pipeline);
        pass_encoder.set_bind_group(0, &uniforms, &[0, 0]);
        pass_encoder.set_bind_group(1, &textures, &[]);
        pass_encoder.set_vertex_buffer(0, vertices.slice(..));
        pass_encoder.draw(0..3, 0..1);
    }
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(256),
                rows_per_image: None,
            },
        },
        wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
    );
    gpu.queue.submit([encoder.finish()]);
    let bytes = match mmd_render::read_buffer(device, &readback) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let errors = gpu.errors.take();
    assert!(errors.is_empty(), "{errors:?}");
    std::array::from_fn(|i| {
        f32::from_le_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ])
    })
}

fn close(a: [f32; 4], b: Vec4) -> bool {
    a.iter()
        .zip(b.to_array())
        .all(|(x, y)| (x - y).abs() <= 1e-4 * y.abs().max(1.0))
}

#[test]
fn matrices_reach_the_shader_as_the_effect_multiplies_them() {
    let Some(gpu) = gpu() else {
        return;
    };
    // A world with a translation, a camera and a perspective, none of them symmetric.
    let world = Mat4::from_scale_rotation_translation(
        Vec3::new(1.0, 2.0, 0.5),
        glam::Quat::from_rotation_y(0.7),
        Vec3::new(3.0, -1.0, 2.0),
    );
    let camera = mmd_render::Camera::default();
    let (view, projection) = (camera.view(), camera.projection(1.5));
    let wvp = projection * view * world;
    let probe = Vec4::new(1.0, 2.0, 3.0, 1.0);
    let viewport = [1280.0, 720.0, 0.0, 0.0];
    let offset = Vec4::new(0.5 / 1280.0, 0.5 / 720.0, 0.0, 0.0);

    let got = draw(
        &gpu,
        &[
            ("WorldViewProj", Value::Matrix(wvp)),
            ("Probe", Value::Vector(probe.to_array())),
            ("ViewportSize", Value::Vector(viewport)),
            ("Which", Value::Int(0)),
        ],
    );
    // mul(v, WorldViewProj) in Direct3D's row-vector terms is wvp * v in glam's.
    let expected = wvp * probe + offset;
    assert!(close(got, expected), "{got:?} against {expected:?}");

    // WORLDTRANSPOSE holds the transpose: mul(WorldT, v) is then world * v again.
    let got = draw(
        &gpu,
        &[
            ("WorldT", Value::Matrix(world.transpose())),
            ("Probe", Value::Vector(probe.to_array())),
            ("ViewportSize", Value::Vector(viewport)),
            ("Which", Value::Int(1)),
        ],
    );
    let expected = world * probe + offset;
    assert!(close(got, expected), "{got:?} against {expected:?}");
}
