//! A pass's render pipeline from its two compiled shaders: the bind group layouts follow
//! the compiler's fixed layout (uniform blocks in group 0, the effect's samplers in group 1
//! at their places), so every pass of an effect binds its resources the same way.

use std::borrow::Cow;

use mmd_effect_compiler::layout::{TEXTURE_GROUP, UNIFORM_GROUP};
use mmd_effect_compiler::{CompiledShader, ShaderInterface};

use crate::error::RuntimeError;

// The pipeline layout lists the groups in the compiler's order.
const _: () = assert!(UNIFORM_GROUP == 0 && TEXTURE_GROUP == 1);

/// What a pass draws into and with, besides its shaders.
pub struct PassTargets<'a> {
    /// The colour targets (`RenderColorTarget0..3`).
    pub colors: &'a [Option<wgpu::ColorTargetState>],
    /// The depth target and its tests.
    pub depth: Option<wgpu::DepthStencilState>,
    /// The vertex buffers the draw binds, at the attribute locations of
    /// `mmd_effect::stage_io`.
    pub vertex_buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
    /// Culling, as the pass's `CullMode` says (fronts are clockwise, as in Direct3D).
    pub cull: Option<wgpu::Face>,
    /// The primitives drawn.
    pub topology: wgpu::PrimitiveTopology,
    /// The samplers whose textures cannot be filtered (32-bit float targets on devices
    /// without float filtering), bound as non-filtering.
    pub unfilterable: &'a [&'a str],
}

/// A pass ready to draw: its pipeline and the layouts its bind groups are made with.
pub struct PassPipeline {
    /// The pipeline.
    pub pipeline: wgpu::RenderPipeline,
    /// Group 0: the vertex stage's uniform block at binding 0, the pixel stage's at 1, each
    /// at a dynamic offset.
    pub uniform_layout: wgpu::BindGroupLayout,
    /// Group 1: each sampled texture and its sampler.
    pub texture_layout: wgpu::BindGroupLayout,
}

impl PassPipeline {
    /// Builds the pipeline of `vertex` and `pixel` (compiled from the pass `name`). wgpu's
    /// validation errors become a [`RuntimeError`], not a panic.
    pub fn new(
        device: &wgpu::Device,
        name: &str,
        vertex: &CompiledShader,
        pixel: &CompiledShader,
        targets: &PassTargets<'_>,
    ) -> Result<PassPipeline, RuntimeError> {
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let built = Self::build(device, name, vertex, pixel, targets);
        match pollster::block_on(scope.pop()) {
            None => Ok(built),
            Some(e) => Err(RuntimeError::Pipeline {
                pass: name.to_owned(),
                message: e.to_string(),
            }),
        }
    }

    fn build(
        device: &wgpu::Device,
        name: &str,
        vertex: &CompiledShader,
        pixel: &CompiledShader,
        targets: &PassTargets<'_>,
    ) -> PassPipeline {
        let uniform_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some(name),
            entries: &uniform_entries(&vertex.interface, &pixel.interface),
        });
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some(name),
            entries: &texture_entries(&vertex.interface, &pixel.interface, targets.unfilterable),
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some(name),
            bind_group_layouts: &[Some(&uniform_layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        let module = |shader: &CompiledShader| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(name),
                source: wgpu::ShaderSource::Naga(Cow::Owned(shader.module.clone())),
            })
        };
        let (vertex_module, pixel_module) = (module(vertex), module(pixel));
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(name),
            layout: Some(&layout),
            vertex: wgpu::VertexState {
                module: &vertex_module,
                entry_point: Some(&vertex.entry),
                compilation_options: Default::default(),
                buffers: targets.vertex_buffers,
            },
            primitive: wgpu::PrimitiveState {
                topology: targets.topology,
                front_face: wgpu::FrontFace::Cw,
                cull_mode: targets.cull,
                ..Default::default()
            },
            depth_stencil: targets.depth.clone(),
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &pixel_module,
                entry_point: Some(&pixel.entry),
                compilation_options: Default::default(),
                targets: targets.colors,
            }),
            multiview_mask: None,
            cache: None,
        });
        PassPipeline {
            pipeline,
            uniform_layout,
            texture_layout,
        }
    }
}

fn uniform_entries(
    vertex: &ShaderInterface,
    pixel: &ShaderInterface,
) -> Vec<wgpu::BindGroupLayoutEntry> {
    [
        (vertex, wgpu::ShaderStages::VERTEX),
        (pixel, wgpu::ShaderStages::FRAGMENT),
    ]
    .into_iter()
    .filter_map(|(interface, visibility)| {
        let block = interface.uniforms.as_ref()?;
        Some(wgpu::BindGroupLayoutEntry {
            binding: block.binding,
            visibility,
            // One buffer holds every draw's values in a frame, each at its own offset.
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: true,
                min_binding_size: wgpu::BufferSize::new(u64::from(block.size)),
            },
            count: None,
        })
    })
    .collect()
}

fn texture_entries(
    vertex: &ShaderInterface,
    pixel: &ShaderInterface,
    unfilterable: &[&str],
) -> Vec<wgpu::BindGroupLayoutEntry> {
    let mut entries: Vec<wgpu::BindGroupLayoutEntry> = Vec::new();
    for (interface, visibility) in [
        (vertex, wgpu::ShaderStages::VERTEX),
        (pixel, wgpu::ShaderStages::FRAGMENT),
    ] {
        for sampler in &interface.samplers {
            if let Some(e) = entries
                .iter_mut()
                .find(|e| e.binding == sampler.texture_binding)
            {
                e.visibility |= visibility;
                if let Some(s) = entries
                    .iter_mut()
                    .find(|e| e.binding == sampler.sampler_binding)
                {
                    s.visibility |= visibility;
                }
                continue;
            }
            let filterable = !unfilterable.contains(&sampler.name.as_str());
            entries.push(wgpu::BindGroupLayoutEntry {
                binding: sampler.texture_binding,
                visibility,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable },
                    view_dimension: view_dimension(sampler.dimension),
                    multisampled: false,
                },
                count: None,
            });
            entries.push(wgpu::BindGroupLayoutEntry {
                binding: sampler.sampler_binding,
                visibility,
                ty: wgpu::BindingType::Sampler(if filterable {
                    wgpu::SamplerBindingType::Filtering
                } else {
                    wgpu::SamplerBindingType::NonFiltering
                }),
                count: None,
            });
        }
    }
    entries
}

fn view_dimension(dimension: naga::ImageDimension) -> wgpu::TextureViewDimension {
    match dimension {
        naga::ImageDimension::D1 => wgpu::TextureViewDimension::D1,
        naga::ImageDimension::D2 => wgpu::TextureViewDimension::D2,
        naga::ImageDimension::D3 => wgpu::TextureViewDimension::D3,
        naga::ImageDimension::Cube => wgpu::TextureViewDimension::Cube,
    }
}
