//! The render pipelines and the frame: the self-shadow map from the light, then each model's
//! materials in order, its edges and its ground shadow (a run of accessories: their
//! materials, then their ground shadows), drawn with 4× MSAA and resolved into the caller's
//! view.

use std::sync::{Mutex, PoisonError};

use bytemuck::{Pod, Zeroable};
use glam::{Mat4, Vec3};
use mmd_pose::{Camera, Light, SelfShadow, SelfShadowMode};

use crate::accessory_draws::{AccessoryDraws, Layouts, PLACES_OFFSET, Recording};
use crate::material::MaterialUniform;
use crate::model::{MaterialGpu, ModelGpu, material_bind_group};
use crate::pipelines::{self, Pipelines};
use crate::shadow_map::{self, SHADOW_MAP_SIZE, ShadowMap};
use crate::skinning::SkinningPipeline;
use crate::texture::{self, MipImage};

/// MSAA sample count of every render pass.
pub const SAMPLE_COUNT: u32 = 4;
/// Depth/stencil format (the stencil keeps the ground shadow from blending twice).
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth24PlusStencil8;
/// Edge width in pixels per unit of edge size at 720 pixels of output height; scaled with
/// the height.
const EDGE_PIXELS_AT_720: f32 = 1.5;

/// What to draw besides the models, and how.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub camera: Camera,
    pub light: Light,
    /// Clear colour (MMD's default background is white).
    pub background: [f64; 4],
    /// Colour of the planar ground shadow; `None` draws no ground shadow.
    pub ground_shadow: Option<[f32; 4]>,
    /// Draw the edge (outline) pass for materials that have the edge flag; `false` hides
    /// every outline without touching the uploaded model.
    pub edges: bool,
    /// Draw triangle edges only (needs `POLYGON_MODE_LINE`; ignored without it).
    pub wireframe: bool,
    /// MMD's self-shadow: materials with the cast flag darken those with the receive flag,
    /// across models. Mode [`SelfShadowMode::Off`] shades by the toon alone.
    pub self_shadow: SelfShadow,
}

impl Default for View {
    fn default() -> View {
        View {
            camera: Camera::default(),
            light: Light::default(),
            background: [1.0, 1.0, 1.0, 1.0],
            ground_shadow: Some([0.2, 0.2, 0.2, 0.5]),
            edges: true,
            wireframe: false,
            self_shadow: SelfShadow::default(),
        }
    }
}

/// `Frame` in `shaders/mmd.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable)]
struct FrameUniform {
    view: [[f32; 4]; 4],
    view_proj: [[f32; 4]; 4],
    shadow_view_proj: [[f32; 4]; 4],
    eye: [f32; 4],
    light_dir: [f32; 4],
    light_color: [f32; 4],
    shadow_color: [f32; 4],
    output: [f32; 4],
    light_view_proj: [[f32; 4]; 4],
    self_shadow: [f32; 4],
}

// The accessories' places follow the frame's uniform in the same buffer.
const _: () = assert!(std::mem::size_of::<FrameUniform>() as u64 <= PLACES_OFFSET);

/// The length, in world units at unit view depth, of one edge-size unit of an MMD edge. The
/// edge shader multiplies it by each vertex's depth, so a silhouette edge keeps its width in
/// pixels however far the model is. The width scales with the output's height, so in clip
/// space it is the same at any size: `EDGE_PIXELS_AT_720` pixels of 720 span
/// `2 × EDGE_PIXELS_AT_720 / 720`; the projection scales view-space y by `y_axis.y`.
fn edge_world_per_depth(projection: Mat4) -> f32 {
    EDGE_PIXELS_AT_720 * 2.0 / (720.0 * projection.y_axis.y.abs().max(f32::EPSILON))
}

/// The projection onto the ground plane y = 0 along the light's direction `l`, or `None`
/// when the light does not come from above.
fn ground_projection(l: Vec3) -> Option<Mat4> {
    if l.y > -1e-3 {
        return None;
    }
    Some(Mat4::from_cols(
        glam::Vec4::X,
        glam::Vec4::new(-l.x / l.y, 0.0, -l.z / l.y, 0.0),
        glam::Vec4::Z,
        glam::Vec4::W,
    ))
}

/// The multisampled colour and depth attachments for one output size; recreate on resize.
pub struct FrameTargets {
    width: u32,
    height: u32,
    color: wgpu::TextureView,
    depth: wgpu::TextureView,
}

impl FrameTargets {
    pub fn new(
        renderer: &Renderer,
        device: &wgpu::Device,
        width: u32,
        height: u32,
    ) -> FrameTargets {
        let make = |format, label| {
            device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some(label),
                    size: wgpu::Extent3d {
                        width: width.max(1),
                        height: height.max(1),
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: SAMPLE_COUNT,
                    dimension: wgpu::TextureDimension::D2,
                    format,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&wgpu::TextureViewDescriptor::default())
        };
        FrameTargets {
            width: width.max(1),
            height: height.max(1),
            color: make(renderer.format, "msaa colour"),
            depth: make(DEPTH_FORMAT, "msaa depth"),
        }
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }
}

/// Shared GPU state: pipelines for one output format, layouts, samplers and the fallback
/// textures every model uses.
pub struct Renderer {
    format: wgpu::TextureFormat,
    pipelines: Pipelines,
    accessory_pipelines: Pipelines,
    /// The accessories' places and recorded draws, kept from frame to frame.
    accessories: Mutex<AccessoryDraws>,
    /// The textures of an accessory material without a texture or a sphere map of its own.
    plain_accessory_textures: wgpu::BindGroup,
    shadow_map: ShadowMap,
    pub(crate) material_layout: wgpu::BindGroupLayout,
    pub(crate) skinning: SkinningPipeline,
    pub(crate) wrap_sampler: wgpu::Sampler,
    pub(crate) clamp_sampler: wgpu::Sampler,
    pub(crate) white: wgpu::TextureView,
    pub(crate) black: wgpu::TextureView,
    pub(crate) shared_toons: Vec<wgpu::TextureView>,
}

impl Renderer {
    /// Builds the pipelines for render targets of `format` (the window surface's format, or
    /// `Rgba8Unorm` offscreen). An sRGB format is accepted: the shader compensates so that
    /// colours come out as in MMD.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        format: wgpu::TextureFormat,
    ) -> Renderer {
        let frame_layout = pipelines::frame_layout(device);
        let material_layout = pipelines::material_layout(device);
        let shadow_layout = ShadowMap::layout(device);
        let shadow_map = ShadowMap::new(device, &shadow_layout);
        let pipelines = Pipelines::for_models(
            device,
            format,
            &frame_layout,
            &material_layout,
            &shadow_layout,
        );
        let places_layout = AccessoryDraws::layout(device);
        let accessory_pipelines = Pipelines::for_accessories(
            device,
            format,
            &frame_layout,
            &material_layout,
            &shadow_layout,
            &places_layout,
        );
        let shared_toons = (0..10)
            .filter_map(texture::shared_toon)
            .map(|ramp| texture::upload(device, queue, &MipImage::single(ramp), "shared toon"))
            .collect();
        let white = solid_texture(device, queue, [255; 4], "white");
        let wrap_sampler = material_sampler(device, wgpu::AddressMode::Repeat);
        let clamp_sampler = material_sampler(device, wgpu::AddressMode::ClampToEdge);
        let plain_accessory_textures = plain_textures(
            device,
            &material_layout,
            &white,
            [&wrap_sampler, &clamp_sampler],
        );
        Renderer {
            format,
            pipelines,
            accessory_pipelines,
            accessories: Mutex::new(AccessoryDraws::new(
                device,
                Layouts {
                    frame: frame_layout,
                    places: places_layout,
                    frame_size: std::mem::size_of::<FrameUniform>() as u64,
                },
            )),
            plain_accessory_textures,
            shadow_map,
            material_layout,
            skinning: SkinningPipeline::new(device),
            wrap_sampler,
            clamp_sampler,
            white,
            black: solid_texture(device, queue, [0, 0, 0, 255], "black"),
            shared_toons,
        }
    }

    pub fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    /// Records one frame: skins every model whose pose changed since its last skinning, draws
    /// the casting materials of all of them into the self-shadow map (unless it is off),
    /// clears `targets`, draws each model's materials in order, its edges (when
    /// `view.edges`) and its ground shadow (each run of accessories: their materials, then
    /// their ground shadows), and resolves into `output` (a view of this renderer's format
    /// and the targets' size), which the caller may draw over (e.g. a UI) before presenting.
    pub fn render(
        &self,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        targets: &FrameTargets,
        output: &wgpu::TextureView,
        models: &[&ModelGpu],
        view: &View,
    ) {
        let light_dir = view.light.direction.try_normalize().unwrap_or(Vec3::NEG_Y);
        let shadow = view.ground_shadow.zip(ground_projection(light_dir));
        let wireframe = self.pipelines.wireframe.as_ref().filter(|_| view.wireframe);
        let self_shadow_mode = match view.self_shadow.mode {
            _ if wireframe.is_some() => 0.0,
            SelfShadowMode::Off => 0.0,
            SelfShadowMode::Mode1 => 1.0,
            SelfShadowMode::Mode2 => 2.0,
        };
        let frame = self.frame_uniform(view, targets.size(), light_dir, shadow, self_shadow_mode);
        let mut accessories = self
            .accessories
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.skinning
            .dispatch(encoder, models.iter().filter_map(|m| m.take_skinning_job()));
        let ground_shadow = shadow.is_some() && wireframe.is_none();
        let recording = Recording {
            pipelines: &self.accessory_pipelines,
            plain: &self.plain_accessory_textures,
            ground_shadow,
            wireframe: wireframe.is_some(),
        };
        accessories.prepare(
            queue,
            encoder,
            models,
            &recording,
            bytemuck::bytes_of(&frame),
        );
        if self_shadow_mode > 0.0 {
            self.draw_shadow_map(encoder, models, &accessories);
        }
        let mut pass = begin_colour_pass(encoder, targets, output, view.background);
        pass.set_bind_group(2, &self.shadow_map.bind_group, &[]);
        draw_parts(
            &mut pass,
            models,
            &accessories,
            AccessoryDraws::draw,
            |pass, model| {
                self.draw_model(pass, model, wireframe, view.edges, ground_shadow);
            },
        );
    }

    /// The frame's uniform for `view` drawn at `size`, lit from `light_dir`, with the ground
    /// shadow's colour and projection (`None`: no ground shadow) and the self-shadow mode
    /// (0: off).
    fn frame_uniform(
        &self,
        view: &View,
        (width, height): (u32, u32),
        light_dir: Vec3,
        shadow: Option<([f32; 4], Mat4)>,
        self_shadow_mode: f32,
    ) -> FrameUniform {
        let aspect = width as f32 / height as f32;
        let view_matrix = view.camera.view();
        let projection = view.camera.projection(aspect);
        let view_proj = projection * view_matrix;
        let light_view_proj =
            shadow_map::light_view_projection(&view.camera, light_dir, &view.self_shadow);
        FrameUniform {
            view: view_matrix.to_cols_array_2d(),
            view_proj: view_proj.to_cols_array_2d(),
            shadow_view_proj: (view_proj * shadow.map_or(Mat4::IDENTITY, |s| s.1))
                .to_cols_array_2d(),
            eye: view.camera.eye().extend(1.0).into(),
            light_dir: light_dir.extend(0.0).into(),
            light_color: view.light.color.extend(1.0).into(),
            shadow_color: shadow.map_or([0.0; 4], |s| s.0),
            output: [
                edge_world_per_depth(projection),
                if self.format.is_srgb() { 1.0 } else { 0.0 },
                0.0,
                0.0,
            ],
            light_view_proj: light_view_proj.to_cols_array_2d(),
            self_shadow: [self_shadow_mode, SHADOW_MAP_SIZE as f32, 0.0, 0.0],
        }
    }

    /// A model's materials in order (all with `wireframe` when given), then its edges (when
    /// `edges`) and its ground shadow (when `ground_shadow`), neither of which a wireframe
    /// draws.
    fn draw_model(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        model: &ModelGpu,
        wireframe: Option<&wgpu::RenderPipeline>,
        edges: bool,
        ground_shadow: bool,
    ) {
        let additive = model.look().additive;
        for m in model.visible_materials() {
            let pipeline = match wireframe {
                Some(p) => p,
                None => self.pipelines.shaded(m.double_sided, additive),
            };
            pass.set_pipeline(pipeline);
            draw_material(pass, m);
        }
        if edges
            && wireframe.is_none()
            && let Some(edge) = &self.pipelines.edge
        {
            pass.set_pipeline(edge);
            for m in model.visible_materials().filter(|m| m.edge) {
                draw_material(pass, m);
            }
        }
        // After the model, as MMD draws it: a floor of the model's own lying on the
        // shadow's plane flickers with its shadow, and its parts below the plane are
        // darkened by it (docs/mmd-notes.md).
        if ground_shadow && model.look().ground_shadow {
            pass.set_pipeline(&self.pipelines.shadow);
            for m in model.visible_materials().filter(|m| m.ground_shadow) {
                draw_material(pass, m);
            }
        }
    }

    /// The self-shadow map: the depth, from the light, of every visible material that casts.
    fn draw_shadow_map(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        models: &[&ModelGpu],
        accessories: &AccessoryDraws,
    ) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("self-shadow map"),
            color_attachments: &[],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &self.shadow_map.depth,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(1.0),
                    store: wgpu::StoreOp::Store,
                }),
                stencil_ops: None,
            }),
            ..Default::default()
        });
        draw_parts(
            &mut pass,
            models,
            accessories,
            AccessoryDraws::cast,
            |pass, model| {
                for m in model.visible_materials().filter(|m| m.casts_self_shadow) {
                    pass.set_pipeline(self.pipelines.cast(m.double_sided));
                    draw_material(pass, m);
                }
            },
        );
    }
}

/// The pass into the multisampled `targets`, cleared to `background`, resolved into
/// `output`.
fn begin_colour_pass<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    targets: &FrameTargets,
    output: &wgpu::TextureView,
    [r, g, b, a]: [f64; 4],
) -> wgpu::RenderPass<'e> {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("mmd"),
        color_attachments: &[Some(wgpu::RenderPassColorAttachment {
            view: &targets.color,
            depth_slice: None,
            resolve_target: Some(output),
            ops: wgpu::Operations {
                load: wgpu::LoadOp::Clear(wgpu::Color { r, g, b, a }),
                store: wgpu::StoreOp::Discard,
            },
        })],
        depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
            view: &targets.depth,
            depth_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Clear(1.0),
                store: wgpu::StoreOp::Discard,
            }),
            stencil_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Clear(0),
                store: wgpu::StoreOp::Discard,
            }),
        }),
        ..Default::default()
    })
}

/// What the colour pass and the self-shadow map's share: the frame bound, then each part of
/// the frame in order, a run of accessories drawn by `draw_run` and a model, its skinned
/// vertices and its indices bound, by `draw_model`.
fn draw_parts(
    pass: &mut wgpu::RenderPass<'_>,
    models: &[&ModelGpu],
    accessories: &AccessoryDraws,
    draw_run: fn(&AccessoryDraws, usize, &mut wgpu::RenderPass<'_>),
    mut draw_model: impl FnMut(&mut wgpu::RenderPass<'_>, &ModelGpu),
) {
    pass.set_bind_group(0, accessories.frame_bind_group(), &[]);
    for part in parts(models) {
        match part {
            Part::Model(model, indices) => {
                pass.set_vertex_buffer(0, model.skinned_buffer().slice(..));
                pass.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
                draw_model(pass, model);
            }
            Part::Accessories(run) => draw_run(accessories, run, pass),
        }
    }
}

/// A material's triangles, with its bind group.
fn draw_material(pass: &mut wgpu::RenderPass<'_>, material: &MaterialGpu) {
    pass.set_bind_group(1, &material.bind_group, &[]);
    pass.draw_indexed(material.indices.clone(), 0, 0..1);
}

/// The material bind group of an accessory material with neither a texture nor a sphere map:
/// white for both (what such a material binds; the toon ramp, which an accessory's shading
/// does not use, white too). The uniform is never read: accessories read their materials from
/// the table of accessory materials, so one zeroed material fills the slot.
fn plain_textures(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    white: &wgpu::TextureView,
    samplers: [&wgpu::Sampler; 2],
) -> wgpu::BindGroup {
    let unread = texture::buffer_with(
        device,
        "plain accessory material (unread)",
        bytemuck::bytes_of(&MaterialUniform::zeroed()),
        wgpu::BufferUsages::UNIFORM,
    );
    material_bind_group(device, layout, &unread, [white; 3], samplers)
}

/// A sampler of the materials' textures, addressed by `mode`.
fn material_sampler(device: &wgpu::Device, mode: wgpu::AddressMode) -> wgpu::Sampler {
    device.create_sampler(&wgpu::SamplerDescriptor {
        address_mode_u: mode,
        address_mode_v: mode,
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        // Trilinear, like MMD's Direct3D 9 sampling of its mipmapped textures (no
        // anisotropy there either). Toon ramps have one level, so this changes
        // nothing for them.
        mipmap_filter: wgpu::MipmapFilterMode::Linear,
        ..Default::default()
    })
}

/// A texture of one `rgba` texel: what a material without a texture of its own binds.
fn solid_texture(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    rgba: [u8; 4],
    label: &str,
) -> wgpu::TextureView {
    texture::upload(
        device,
        queue,
        &MipImage::single(texture::solid(rgba)),
        label,
    )
}

/// What a frame draws, in order: a model, or a run of accessories that follow one another
/// (by its number among the frame's runs, as [`AccessoryDraws::prepare`] counts them).
enum Part<'m> {
    /// A model, with its index buffer.
    Model(&'m ModelGpu, &'m wgpu::Buffer),
    Accessories(usize),
}

fn parts<'m>(models: &'m [&'m ModelGpu]) -> impl Iterator<Item = Part<'m>> + 'm {
    let mut runs = 0;
    models
        .chunk_by(|a, b| a.is_accessory() && b.is_accessory())
        .map(
            move |chunk| match (chunk, chunk.first().and_then(|m| m.index_buffer())) {
                ([model], Some(indices)) => Part::Model(model, indices),
                _ => {
                    runs += 1;
                    Part::Accessories(runs - 1)
                }
            },
        )
}
