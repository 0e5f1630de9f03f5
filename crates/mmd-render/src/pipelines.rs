//! The render pipelines of one kind of draw (the models', or the accessories'): each
//! material's colour (single- or double-sided, alpha-blended or additive), the edge, the
//! ground shadow, the wireframe and the casts into the self-shadow map; and the bind group
//! layouts of the frame and of a material that they read.

use crate::renderer::{DEPTH_FORMAT, SAMPLE_COUNT};
use crate::shadow_map::SHADOW_MAP_FORMAT;
use crate::skinning::SKINNED_VERTEX_SIZE;

/// The vertex shader entry points a set of pipelines draws with: the models' read the
/// skinned vertices, the accessories' place the vertices as uploaded (`shaders/mmd.wgsl`).
struct VertexEntries {
    main: &'static str,
    /// The fragment entry point of the colour draws: an accessory's reads its material from
    /// the table of accessory materials.
    fragment: &'static str,
    cast: &'static str,
    shadow: &'static str,
    /// Accessories have no edge.
    edge: Option<&'static str>,
    /// Every entry reads a second vertex buffer: each vertex's material slot in the table of
    /// accessory materials (`u32`, location 3), which lets the draws of many accessories
    /// merge (`accessory_draws.rs`).
    material_per_vertex: bool,
}

const MODEL_ENTRIES: VertexEntries = VertexEntries {
    main: "vs_main",
    fragment: "fs_main",
    cast: "vs_cast",
    shadow: "vs_shadow",
    edge: Some("vs_edge"),
    material_per_vertex: false,
};

const ACCESSORY_ENTRIES: VertexEntries = VertexEntries {
    main: "vs_accessory",
    fragment: "fs_accessory",
    cast: "vs_accessory_cast",
    shadow: "vs_accessory_shadow",
    edge: None,
    material_per_vertex: true,
};

const SKINNED_ATTRIBUTES: [wgpu::VertexAttribute; 3] =
    wgpu::vertex_attr_array![0 => Float32x4, 1 => Float32x4, 2 => Float32x4];
const SLOT_ATTRIBUTE: [wgpu::VertexAttribute; 1] = wgpu::vertex_attr_array![3 => Uint32];

const SKINNED_VERTICES: wgpu::VertexBufferLayout<'static> = wgpu::VertexBufferLayout {
    array_stride: SKINNED_VERTEX_SIZE,
    step_mode: wgpu::VertexStepMode::Vertex,
    attributes: &SKINNED_ATTRIBUTES,
};

const MATERIAL_SLOTS: wgpu::VertexBufferLayout<'static> = wgpu::VertexBufferLayout {
    array_stride: 4,
    step_mode: wgpu::VertexStepMode::Vertex,
    attributes: &SLOT_ATTRIBUTE,
};

/// MMD's additive accessories: source × its alpha added onto the target.
const ADDITIVE: wgpu::BlendState = wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::SrcAlpha,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
};

/// Each pixel of the ground shadow is drawn once: the first write bumps the stencil.
const DRAWN_ONCE: wgpu::StencilFaceState = wgpu::StencilFaceState {
    compare: wgpu::CompareFunction::Equal,
    fail_op: wgpu::StencilOperation::Keep,
    depth_fail_op: wgpu::StencilOperation::Keep,
    pass_op: wgpu::StencilOperation::IncrementClamp,
};

const GROUND_SHADOW_STENCIL: wgpu::StencilState = wgpu::StencilState {
    front: DRAWN_ONCE,
    back: DRAWN_ONCE,
    read_mask: 0xff,
    write_mask: 0xff,
};

pub(crate) struct Pipelines {
    single_sided: wgpu::RenderPipeline,
    double_sided: wgpu::RenderPipeline,
    /// An accessory with AD on: its colour × alpha added onto what is behind.
    additive_single_sided: wgpu::RenderPipeline,
    additive_double_sided: wgpu::RenderPipeline,
    pub(crate) edge: Option<wgpu::RenderPipeline>,
    pub(crate) shadow: wgpu::RenderPipeline,
    pub(crate) wireframe: Option<wgpu::RenderPipeline>,
    /// Into the self-shadow map, culled as each material is drawn.
    cast_single_sided: wgpu::RenderPipeline,
    cast_double_sided: wgpu::RenderPipeline,
}

/// The layout of the frame's uniform (`Frame` in `shaders/mmd.wgsl`), group 0 of every draw.
pub(crate) fn frame_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("frame"),
        entries: &[uniform_entry(0)],
    })
}

/// The layout of a material (group 1): its uniform, its texture, sphere map and toon ramp,
/// and the wrapping and clamping samplers.
pub(crate) fn material_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("material"),
        entries: &[
            uniform_entry(0),
            texture_entry(1),
            texture_entry(2),
            texture_entry(3),
            sampler_entry(4),
            sampler_entry(5),
        ],
    })
}

fn uniform_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

fn texture_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Texture {
            sample_type: wgpu::TextureSampleType::Float { filterable: true },
            view_dimension: wgpu::TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    }
}

fn sampler_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
        count: None,
    }
}

impl Pipelines {
    /// The models' pipelines, drawing into targets of `format`; they read the frame, a
    /// material and the self-shadow map (groups 0 to 2).
    pub(crate) fn for_models(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        frame: &wgpu::BindGroupLayout,
        material: &wgpu::BindGroupLayout,
        shadow_map: &wgpu::BindGroupLayout,
    ) -> Pipelines {
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("mmd"),
            bind_group_layouts: &[Some(frame), Some(material), Some(shadow_map)],
            immediate_size: 0,
        });
        // The map being drawn cannot be bound for reading in the same pass.
        let cast_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("self-shadow cast"),
            bind_group_layouts: &[Some(frame), Some(material)],
            immediate_size: 0,
        });
        PipelineBuilder::new(device, &layout, &cast_layout, format, &MODEL_ENTRIES).pipelines()
    }

    /// The accessories' pipelines: as the models', and they read the accessories' places
    /// too (group 3).
    pub(crate) fn for_accessories(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        frame: &wgpu::BindGroupLayout,
        material: &wgpu::BindGroupLayout,
        shadow_map: &wgpu::BindGroupLayout,
        places: &wgpu::BindGroupLayout,
    ) -> Pipelines {
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("accessory"),
            bind_group_layouts: &[Some(frame), Some(material), Some(shadow_map), Some(places)],
            immediate_size: 0,
        });
        let cast_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("accessory self-shadow cast"),
            bind_group_layouts: &[Some(frame), Some(material), None, Some(places)],
            immediate_size: 0,
        });
        PipelineBuilder::new(device, &layout, &cast_layout, format, &ACCESSORY_ENTRIES).pipelines()
    }

    /// The pipeline a material is drawn into the self-shadow map with.
    pub(crate) fn cast(&self, double_sided: bool) -> &wgpu::RenderPipeline {
        if double_sided {
            &self.cast_double_sided
        } else {
            &self.cast_single_sided
        }
    }

    /// The pipeline a material's colour is drawn with.
    pub(crate) fn shaded(&self, double_sided: bool, additive: bool) -> &wgpu::RenderPipeline {
        match (double_sided, additive) {
            (false, false) => &self.single_sided,
            (true, false) => &self.double_sided,
            (false, true) => &self.additive_single_sided,
            (true, true) => &self.additive_double_sided,
        }
    }
}

/// How one pipeline into the colour targets draws, besides what its set shares.
struct ColourDraw {
    label: &'static str,
    vertex: &'static str,
    fragment: &'static str,
    cull_mode: Option<wgpu::Face>,
    polygon_mode: wgpu::PolygonMode,
    depth_write: bool,
    stencil: wgpu::StencilState,
    blend: wgpu::BlendState,
}

impl ColourDraw {
    /// A material's colour, filled, depth-tested and written, blended by `blend`.
    fn material(
        label: &'static str,
        entries: &VertexEntries,
        cull_mode: Option<wgpu::Face>,
        blend: wgpu::BlendState,
    ) -> ColourDraw {
        ColourDraw {
            label,
            vertex: entries.main,
            fragment: entries.fragment,
            cull_mode,
            polygon_mode: wgpu::PolygonMode::Fill,
            depth_write: true,
            stencil: wgpu::StencilState::default(),
            blend,
        }
    }
}

/// What every pipeline of a set shares: the shader, the vertex buffers, the layouts and the
/// output format.
struct PipelineBuilder<'a> {
    device: &'a wgpu::Device,
    module: wgpu::ShaderModule,
    buffers: &'static [Option<wgpu::VertexBufferLayout<'static>>],
    layout: &'a wgpu::PipelineLayout,
    /// Of the casts into the self-shadow map.
    cast_layout: &'a wgpu::PipelineLayout,
    format: wgpu::TextureFormat,
    entries: &'a VertexEntries,
}

impl<'a> PipelineBuilder<'a> {
    fn new(
        device: &'a wgpu::Device,
        layout: &'a wgpu::PipelineLayout,
        cast_layout: &'a wgpu::PipelineLayout,
        format: wgpu::TextureFormat,
        entries: &'a VertexEntries,
    ) -> PipelineBuilder<'a> {
        const ALONE: &[Option<wgpu::VertexBufferLayout<'static>>] = &[Some(SKINNED_VERTICES)];
        const WITH_SLOTS: &[Option<wgpu::VertexBufferLayout<'static>>] =
            &[Some(SKINNED_VERTICES), Some(MATERIAL_SLOTS)];
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("mmd"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../shaders/mmd.wgsl").into()),
        });
        PipelineBuilder {
            device,
            module,
            buffers: if entries.material_per_vertex {
                WITH_SLOTS
            } else {
                ALONE
            },
            layout,
            cast_layout,
            format,
            entries,
        }
    }

    /// The whole set.
    fn pipelines(&self) -> Pipelines {
        let entries = self.entries;
        let alpha = wgpu::BlendState::ALPHA_BLENDING;
        let back = Some(wgpu::Face::Back);
        let wireframe = self.wireframe();
        Pipelines {
            single_sided: self.colour(ColourDraw::material("single-sided", entries, back, alpha)),
            double_sided: self.colour(ColourDraw::material("double-sided", entries, None, alpha)),
            additive_single_sided: self.colour(ColourDraw::material(
                "additive, single-sided",
                entries,
                back,
                ADDITIVE,
            )),
            additive_double_sided: self.colour(ColourDraw::material(
                "additive, double-sided",
                entries,
                None,
                ADDITIVE,
            )),
            edge: entries.edge.map(|vertex| self.edge(vertex)),
            shadow: self.ground_shadow(),
            wireframe,
            cast_single_sided: self.cast("self-shadow cast, single-sided", back),
            cast_double_sided: self.cast("self-shadow cast, double-sided", None),
        }
    }

    /// Triangle edges only, where the device draws lines.
    fn wireframe(&self) -> Option<wgpu::RenderPipeline> {
        self.device
            .features()
            .contains(wgpu::Features::POLYGON_MODE_LINE)
            .then(|| {
                self.colour(ColourDraw {
                    label: "wireframe",
                    vertex: self.entries.main,
                    fragment: self.entries.fragment,
                    cull_mode: None,
                    polygon_mode: wgpu::PolygonMode::Line,
                    depth_write: true,
                    stencil: wgpu::StencilState::default(),
                    blend: wgpu::BlendState::ALPHA_BLENDING,
                })
            })
    }

    /// The edge: the back faces of the vertices pushed out along their normals.
    fn edge(&self, vertex: &'static str) -> wgpu::RenderPipeline {
        self.colour(ColourDraw {
            label: "edge",
            vertex,
            fragment: "fs_edge",
            cull_mode: Some(wgpu::Face::Front),
            polygon_mode: wgpu::PolygonMode::Fill,
            depth_write: true,
            stencil: wgpu::StencilState::default(),
            blend: wgpu::BlendState::ALPHA_BLENDING,
        })
    }

    /// The planar ground shadow: not written to the depth, each pixel blended once.
    fn ground_shadow(&self) -> wgpu::RenderPipeline {
        self.colour(ColourDraw {
            label: "ground shadow",
            vertex: self.entries.shadow,
            fragment: "fs_shadow",
            cull_mode: None,
            polygon_mode: wgpu::PolygonMode::Fill,
            depth_write: false,
            stencil: GROUND_SHADOW_STENCIL,
            blend: wgpu::BlendState::ALPHA_BLENDING,
        })
    }

    fn vertex(&self, entry_point: &'static str) -> wgpu::VertexState<'_> {
        wgpu::VertexState {
            module: &self.module,
            entry_point: Some(entry_point),
            compilation_options: Default::default(),
            buffers: self.buffers,
        }
    }

    fn colour(&self, draw: ColourDraw) -> wgpu::RenderPipeline {
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(draw.label),
                layout: Some(self.layout),
                vertex: self.vertex(draw.vertex),
                primitive: primitive(draw.cull_mode, draw.polygon_mode),
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: DEPTH_FORMAT,
                    depth_write_enabled: Some(draw.depth_write),
                    depth_compare: Some(wgpu::CompareFunction::LessEqual),
                    stencil: draw.stencil,
                    bias: Default::default(),
                }),
                multisample: wgpu::MultisampleState {
                    count: SAMPLE_COUNT,
                    ..Default::default()
                },
                fragment: Some(wgpu::FragmentState {
                    module: &self.module,
                    entry_point: Some(draw.fragment),
                    compilation_options: Default::default(),
                    targets: &[Some(wgpu::ColorTargetState {
                        format: self.format,
                        blend: Some(draw.blend),
                        write_mask: wgpu::ColorWrites::ALL,
                    })],
                }),
                multiview_mask: None,
                cache: None,
            })
    }

    /// Into the self-shadow map: depth only, one sample.
    fn cast(&self, label: &'static str, cull_mode: Option<wgpu::Face>) -> wgpu::RenderPipeline {
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(self.cast_layout),
                vertex: self.vertex(self.entries.cast),
                primitive: primitive(cull_mode, wgpu::PolygonMode::Fill),
                depth_stencil: Some(wgpu::DepthStencilState {
                    format: SHADOW_MAP_FORMAT,
                    depth_write_enabled: Some(true),
                    depth_compare: Some(wgpu::CompareFunction::Less),
                    stencil: wgpu::StencilState::default(),
                    bias: Default::default(),
                }),
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: &self.module,
                    entry_point: Some("fs_cast"),
                    compilation_options: Default::default(),
                    targets: &[],
                }),
                multiview_mask: None,
                cache: None,
            })
    }
}

/// Triangles with MMD's winding: its data is left-handed with DirectX's clockwise front
/// faces.
fn primitive(
    cull_mode: Option<wgpu::Face>,
    polygon_mode: wgpu::PolygonMode,
) -> wgpu::PrimitiveState {
    wgpu::PrimitiveState {
        topology: wgpu::PrimitiveTopology::TriangleList,
        front_face: wgpu::FrontFace::Cw,
        cull_mode,
        polygon_mode,
        ..Default::default()
    }
}
