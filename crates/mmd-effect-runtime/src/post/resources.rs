//! The GPU resources a post effect makes: its targets, the screen quad, the fallback
//! textures, the uniform buffer and the bind groups.

use mmd_effect_compiler::ShaderInterface;

use super::{BlockLayout, SCREEN_DEPTH_FORMAT, Target};
use crate::targets::{TargetKind, TargetSpec};

/// The attachments up to the last bound one, so that a pass has as many as the pipeline
/// it was made with.
pub(super) fn trim_none<T>(slots: &[Option<T>]) -> &[Option<T>] {
    let len = slots.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    &slots[..len]
}

/// The screen quad as a triangle strip: positions from the top left, texture coordinates
/// from 0 to 1 moved back half a texel of a `size` target (see the module's comment).
pub(super) fn quad_vertices(size: [u32; 2]) -> Vec<u8> {
    let du = 0.5 / size[0].max(1) as f32;
    let dv = 0.5 / size[1].max(1) as f32;
    let corners = [
        ([-1.0, 1.0], [0.0, 0.0]),
        ([1.0, 1.0], [1.0, 0.0]),
        ([-1.0, -1.0], [0.0, 1.0]),
        ([1.0, -1.0], [1.0, 1.0]),
    ];
    corners
        .iter()
        .flat_map(|([x, y], [u, v])| [*x, *y, 0.0, 1.0, u - du, v - dv, 0.0, 0.0])
        .flat_map(f32::to_le_bytes)
        .collect()
}

pub(super) fn blendable(format: wgpu::TextureFormat) -> bool {
    !matches!(
        format,
        wgpu::TextureFormat::R32Float
            | wgpu::TextureFormat::Rg32Float
            | wgpu::TextureFormat::Rgba32Float
    )
}

pub(super) fn uniform_bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    buffer: &wgpu::Buffer,
    blocks: [&Option<BlockLayout>; 2],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry<'_>> = blocks
        .iter()
        .filter_map(|b| b.as_ref())
        .map(|b| wgpu::BindGroupEntry {
            binding: b.block.binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer,
                offset: 0,
                size: wgpu::BufferSize::new(u64::from(b.block.size)),
            }),
        })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("effect uniforms"),
        layout,
        entries: &entries,
    })
}

pub(super) fn texture_bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    stages: [&ShaderInterface; 2],
    samplers: &[(wgpu::Sampler, Option<usize>)],
    targets: &[Target],
    fallbacks: &[wgpu::TextureView; 3],
    drawn: u64,
) -> wgpu::BindGroup {
    let mut entries: Vec<wgpu::BindGroupEntry<'_>> = Vec::new();
    for used in stages.iter().flat_map(|s| &s.samplers) {
        if entries.iter().any(|e| e.binding == used.texture_binding) {
            continue;
        }
        let index = (used.texture_binding / 2) as usize;
        let Some((sampler, target)) = samplers.get(index) else {
            continue;
        };
        let fallback = match used.dimension {
            naga::ImageDimension::D3 => &fallbacks[1],
            naga::ImageDimension::Cube => &fallbacks[2],
            naga::ImageDimension::D1 | naga::ImageDimension::D2 => &fallbacks[0],
        };
        let view = match *target {
            Some(t) if t < 64 && drawn & (1u64 << t) != 0 => targets[t]
                .snapshot
                .as_ref()
                .map_or(fallback, |(_, view)| view),
            Some(t) => &targets[t].view,
            None => fallback,
        };
        entries.push(wgpu::BindGroupEntry {
            binding: used.texture_binding,
            resource: wgpu::BindingResource::TextureView(view),
        });
        entries.push(wgpu::BindGroupEntry {
            binding: used.sampler_binding,
            resource: wgpu::BindingResource::Sampler(sampler),
        });
    }
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("effect textures"),
        layout,
        entries: &entries,
    })
}

pub(super) fn texture_descriptor(
    size: [u32; 2],
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::TextureDescriptor<'static> {
    wgpu::TextureDescriptor {
        label: Some("effect target"),
        size: wgpu::Extent3d {
            width: size[0],
            height: size[1],
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    }
}

/// One-texel 2D, volume and cube textures.
pub(super) fn fallback_views(device: &wgpu::Device) -> [wgpu::TextureView; 3] {
    let make = |dimension, layers, view_dimension| {
        device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some("effect fallback texture"),
                size: wgpu::Extent3d {
                    width: 1,
                    height: 1,
                    depth_or_array_layers: layers,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension,
                format: wgpu::TextureFormat::Rgba8Unorm,
                usage: wgpu::TextureUsages::TEXTURE_BINDING,
                view_formats: &[],
            })
            .create_view(&wgpu::TextureViewDescriptor {
                dimension: Some(view_dimension),
                ..Default::default()
            })
    };
    [
        make(
            wgpu::TextureDimension::D2,
            1,
            wgpu::TextureViewDimension::D2,
        ),
        make(
            wgpu::TextureDimension::D3,
            1,
            wgpu::TextureViewDimension::D3,
        ),
        make(
            wgpu::TextureDimension::D2,
            6,
            wgpu::TextureViewDimension::Cube,
        ),
    ]
}

pub(super) fn make_target(device: &wgpu::Device, spec: TargetSpec, screen: [u32; 2]) -> Target {
    let size = spec.size.pixels(screen);
    let mut usage = wgpu::TextureUsages::RENDER_ATTACHMENT;
    if spec.kind == TargetKind::Color {
        usage |= wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_DST
            | wgpu::TextureUsages::COPY_SRC;
    }
    let texture = device.create_texture(&texture_descriptor(size, spec.format, usage));
    let snapshot = (spec.kind == TargetKind::Color).then(|| {
        let copy = device.create_texture(&texture_descriptor(
            size,
            spec.format,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        ));
        let view = copy.create_view(&wgpu::TextureViewDescriptor::default());
        (copy, view)
    });
    Target {
        view: texture.create_view(&wgpu::TextureViewDescriptor::default()),
        texture,
        spec,
        size,
        snapshot,
    }
}

pub(super) fn make_depth(device: &wgpu::Device, screen: [u32; 2]) -> wgpu::TextureView {
    device
        .create_texture(&texture_descriptor(
            screen.map(|s| s.max(1)),
            SCREEN_DEPTH_FORMAT,
            wgpu::TextureUsages::RENDER_ATTACHMENT,
        ))
        .create_view(&wgpu::TextureViewDescriptor::default())
}

pub(super) fn uniform_buffer(device: &wgpu::Device, size: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("effect uniforms"),
        size: size.max(256),
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}
