//! Where a post effect's script draws the scene (`ScriptExternal=Color`) into a target of
//! another format than the host draws in (LightBloom's `A16B16G16R16F`, Hatching's
//! `A2R10G10B10`): the host draws into a texture of its own format and the size of the
//! target, and that is copied into the target by a pass that samples it texel for texel.

const COPY_SHADER: &str = "
@group(0) @binding(0) var scene: texture_2d<f32>;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    var p = array(vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
    return vec4(p[i], 0.0, 1.0);
}
@fragment fn fs(@builtin(position) at: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(scene, vec2<i32>(at.xy), 0);
}";

/// The scene drawn in the host's format, copied into targets of other formats.
pub(crate) struct SceneCapture {
    format: wgpu::TextureFormat,
    module: wgpu::ShaderModule,
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    /// One copy pipeline per target format.
    pipelines: Vec<(wgpu::TextureFormat, wgpu::RenderPipeline)>,
    /// The texture the host draws into, at the size last asked for, and its bind group.
    canvas: Option<([u32; 2], wgpu::TextureView, wgpu::BindGroup)>,
}

impl SceneCapture {
    /// A capture for a host drawing in `format`.
    pub(crate) fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> SceneCapture {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("scene copy"),
            source: wgpu::ShaderSource::Wgsl(COPY_SHADER.into()),
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("scene copy"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("scene copy"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        SceneCapture {
            format,
            module,
            layout,
            pipeline_layout,
            pipelines: Vec::new(),
            canvas: None,
        }
    }

    /// The host's format.
    pub(crate) fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// The texture of `size` the host draws the scene into.
    pub(crate) fn canvas(&mut self, device: &wgpu::Device, size: [u32; 2]) -> wgpu::TextureView {
        if let Some((s, view, _)) = &self.canvas
            && *s == size
        {
            return view.clone();
        }
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("scene canvas"),
            size: wgpu::Extent3d {
                width: size[0],
                height: size[1],
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: self.format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("scene copy"),
            layout: &self.layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            }],
        });
        self.canvas = Some((size, view.clone(), group));
        view
    }

    /// Copies the canvas into `target` (of `format` and the canvas's size).
    pub(crate) fn copy_into(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        format: wgpu::TextureFormat,
    ) {
        let index = match self.pipelines.iter().position(|(f, _)| *f == format) {
            Some(i) => i,
            None => {
                let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some("scene copy"),
                    layout: Some(&self.pipeline_layout),
                    vertex: wgpu::VertexState {
                        module: &self.module,
                        entry_point: Some("vs"),
                        compilation_options: Default::default(),
                        buffers: &[],
                    },
                    primitive: wgpu::PrimitiveState::default(),
                    depth_stencil: None,
                    multisample: wgpu::MultisampleState::default(),
                    fragment: Some(wgpu::FragmentState {
                        module: &self.module,
                        entry_point: Some("fs"),
                        compilation_options: Default::default(),
                        targets: &[Some(format.into())],
                    }),
                    multiview_mask: None,
                    cache: None,
                });
                self.pipelines.push((format, pipeline));
                self.pipelines.len() - 1
            }
        };
        let Some((_, _, group)) = &self.canvas else {
            return;
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("scene copy"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Load,
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&self.pipelines[index].1);
        pass.set_bind_group(0, group, &[]);
        pass.draw(0..3, 0..1);
    }
}
