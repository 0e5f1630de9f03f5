//! How accessories are drawn cheaply on the CPU. Their places (model space to world) sit in
//! one buffer, written once a frame, which the vertex shader reads by the draw's instance
//! index; their vertices stay as uploaded, so an accessory that moves is neither uploaded
//! nor skinned again. Each run of accessories that follow one another in the draw order is
//! recorded once into two render bundles (its draws into the self-shadow map, merged into as
//! few as give the same map, and into the frame, the run's ground shadows in one draw after
//! its materials), with the run's vertices and indices copied
//! into one buffer each so that the bundles bind them once, and recorded again only when what
//! it draws changes: an accessory added, removed or reordered, a material shown or hidden by
//! Tr (or made too transparent to cast a self-shadow), AD or the ground shadow switched, or
//! the view's ground shadow or wireframe. A place is not part of a recording, so an accessory
//! held by a bone replays the same bundles every frame.

use std::ops::Range;

use bytemuck::{Pod, Zeroable};

use crate::material::MaterialUniform;
use crate::model::{MaterialGpu, ModelGpu};
use crate::renderer::{DEPTH_FORMAT, Pipelines, SAMPLE_COUNT};
use crate::shadow_map::SHADOW_MAP_FORMAT;
use crate::skinning::SKINNED_VERTEX_SIZE;
use crate::texture;

/// Bytes of one place in the buffer (`array<mat4x4<f32>>` in `shaders/mmd.wgsl`).
const PLACE_SIZE: u64 = 64;
/// Where the places start in the frame's buffer, after the frame's uniform: the frame and the
/// places are written together, once a frame, so that the places cost no write of their own
/// (each write stages its bytes in a buffer of its own). A multiple of every adapter's storage
/// offset alignment (at most 256).
pub(crate) const PLACES_OFFSET: u64 = 512;
/// Places (and materials) the buffers hold at first; each doubles when a frame draws more.
const FIRST_CAPACITY: usize = 16;

/// `AccessoryMaterial` in `shaders/mmd.wgsl`: a visible material of an accessory drawn this
/// frame, with the slot of its accessory's place.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, PartialEq)]
struct AccessoryMaterial {
    material: MaterialUniform,
    place: [u32; 4],
}

impl AccessoryMaterial {
    /// Unlike any real entry (no place has this slot), so that all are written.
    fn unwritten() -> AccessoryMaterial {
        AccessoryMaterial {
            material: MaterialUniform::zeroed(),
            place: [u32::MAX; 4],
        }
    }
}

/// What a run's draws are recorded with.
pub(crate) struct Recording<'r> {
    /// The accessories' pipelines.
    pub pipelines: &'r Pipelines,
    pub shadow_map: &'r wgpu::BindGroup,
    /// The textures of a material with neither a texture nor a sphere map (group 1), shared by
    /// the draws of all such materials: their colours come from the table of materials.
    pub plain: &'r wgpu::BindGroup,
    /// The frame's colour format.
    pub format: wgpu::TextureFormat,
    /// The frame draws the ground shadow.
    pub ground_shadow: bool,
    /// The frame is drawn as a wireframe.
    pub wireframe: bool,
}

/// What a run was recorded for; recorded again when it differs.
struct RunKey {
    /// The accessories' [`ModelGpu::draw_key`]s, in order.
    draws: Vec<u64>,
    /// The slots of the first accessory's place and first material (the others follow).
    first: Slots,
    ground_shadow: bool,
    wireframe: bool,
}

/// Where a run's accessories start in the places and in the table of materials.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Slots {
    place: u32,
    material: u32,
}

impl RunKey {
    fn matches(&self, items: &[&ModelGpu], first: Slots, how: &Recording) -> bool {
        self.first == first
            && self.ground_shadow == how.ground_shadow
            && self.wireframe == how.wireframe
            && self
                .draws
                .iter()
                .copied()
                .eq(items.iter().map(|m| m.draw_key()))
    }
}

/// A run of accessories as recorded.
pub(crate) struct Run {
    key: RunKey,
    /// Into the self-shadow map.
    pub cast: wgpu::RenderBundle,
    /// Into the frame: each accessory's materials, then the run's ground shadows.
    pub frame: wgpu::RenderBundle,
}

/// The frame's uniform with the accessories' places, their materials on the GPU, and their
/// recorded draws.
pub(crate) struct AccessoryDraws {
    device: wgpu::Device,
    layouts: Layouts,
    tables: Tables,
    /// What the materials' buffer holds, one material per slot (as many as it has room for).
    written_materials: Vec<AccessoryMaterial>,
    /// The [`ModelGpu::materials_version`] of each accessory whose materials the buffer
    /// holds, in order: while they stay the same, so does the table.
    written_versions: Vec<u64>,
    /// The bytes of the frame's write (kept to reuse their memory).
    staged: Vec<u8>,
    /// The recorded runs, in the order the frame meets them.
    runs: Vec<Run>,
}

/// The bind group layouts of the frame (group 0) and of the places and materials (group 3).
pub(crate) struct Layouts {
    pub frame: wgpu::BindGroupLayout,
    pub places: wgpu::BindGroupLayout,
    /// Bytes of the frame's uniform (at most [`PLACES_OFFSET`]).
    pub frame_size: u64,
}

/// The buffers the frame's and the accessories' data go into, and their bind groups.
struct Tables {
    /// The frame's uniform, then from [`PLACES_OFFSET`] the places.
    frame_and_places: wgpu::Buffer,
    materials: wgpu::Buffer,
    frame_bind_group: wgpu::BindGroup,
    bind_group: wgpu::BindGroup,
    place_capacity: usize,
}

impl AccessoryDraws {
    /// The layout of the places' bind group (group 3 of the accessories' pipelines).
    pub fn layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
        let storage = |binding, visibility, size: usize| wgpu::BindGroupLayoutEntry {
            binding,
            visibility,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: true },
                has_dynamic_offset: false,
                min_binding_size: wgpu::BufferSize::new(size as u64),
            },
            count: None,
        };
        device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("accessory places and materials"),
            entries: &[
                storage(0, wgpu::ShaderStages::VERTEX, PLACE_SIZE as usize),
                storage(
                    1,
                    wgpu::ShaderStages::VERTEX_FRAGMENT,
                    std::mem::size_of::<AccessoryMaterial>(),
                ),
            ],
        })
    }

    pub fn new(device: &wgpu::Device, layouts: Layouts) -> AccessoryDraws {
        let tables = Tables::new(device, &layouts, FIRST_CAPACITY, FIRST_CAPACITY);
        AccessoryDraws {
            device: device.clone(),
            layouts,
            tables,
            written_materials: vec![AccessoryMaterial::unwritten(); FIRST_CAPACITY],
            written_versions: Vec::new(),
            staged: Vec::new(),
            runs: Vec::new(),
        }
    }

    /// The frame's bind group (group 0 of every pipeline).
    pub fn frame_bind_group(&self) -> &wgpu::BindGroup {
        &self.tables.frame_bind_group
    }

    /// Readies the frame: writes `frame` (the frame's uniform) with the places of the
    /// accessories among `models`, and their materials, and records
    /// again the runs whose draws changed (their copies go into `encoder`, after the
    /// skinning of the accessories uploaded since the last frame). Then [`AccessoryDraws::run`]
    /// gives the frame's runs in order.
    pub fn prepare(
        &mut self,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        models: &[&ModelGpu],
        how: &Recording,
        frame: &[u8],
    ) {
        self.write_tables(queue, models, frame);
        let mut first = Slots::default();
        for (index, items) in runs(models).enumerate() {
            let fresh = self
                .runs
                .get(index)
                .is_some_and(|run| run.key.matches(items, first, how));
            if !fresh {
                let run = self.record(encoder, items, first, how);
                match self.runs.get_mut(index) {
                    Some(slot) => *slot = run,
                    None => self.runs.push(run),
                }
            }
            first.place += items.len() as u32;
            first.material += items
                .iter()
                .map(|m| m.visible_material_count())
                .sum::<u32>();
        }
    }

    /// Run `index` of the frame [`AccessoryDraws::prepare`] readied.
    pub fn run(&self, index: usize) -> Option<&Run> {
        self.runs.get(index)
    }

    /// Writes `frame` and the places of the accessories among `models`, in their order, in
    /// one write, and their visible materials with one write covering those that changed since
    /// the last frame (none when none did, and none is read while no accessory's materials
    /// changed). The buffers grow, and the runs are recorded again, when there are more than
    /// they have room for.
    fn write_tables(&mut self, queue: &wgpu::Queue, models: &[&ModelGpu], frame: &[u8]) {
        let accessories = || models.iter().filter(|m| m.is_accessory());
        let place_count = accessories().count();
        let material_count = accessories()
            .map(|m| m.visible_material_count() as usize)
            .sum::<usize>();
        // Runs no longer drawn let go of their accessories' buffers.
        let runs = runs(models).count();
        self.runs.truncate(runs);
        if place_count > self.tables.place_capacity || material_count > self.written_materials.len()
        {
            let places = place_count
                .max(self.tables.place_capacity)
                .next_power_of_two();
            let materials = material_count
                .max(self.written_materials.len())
                .next_power_of_two();
            self.tables = Tables::new(&self.device, &self.layouts, places, materials);
            self.written_materials = vec![AccessoryMaterial::unwritten(); materials];
            self.written_versions.clear();
            self.runs.clear();
        }
        self.staged.clear();
        self.staged.extend_from_slice(frame);
        self.staged.resize(PLACES_OFFSET as usize, 0);
        for model in accessories() {
            self.staged
                .extend_from_slice(bytemuck::bytes_of(&model.placement()));
        }
        queue.write_buffer(&self.tables.frame_and_places, 0, &self.staged);
        let versions = || accessories().map(|m| m.materials_version());
        if self.written_versions.iter().copied().eq(versions()) {
            return;
        }
        self.written_versions.clear();
        self.written_versions.extend(versions());
        let materials = accessories().zip(0u32..).flat_map(|(model, place)| {
            model.visible_materials().map(move |m| AccessoryMaterial {
                material: m.written,
                place: [place, 0, 0, 0],
            })
        });
        write_changed(
            queue,
            &self.tables.materials,
            &mut self.written_materials,
            materials,
        );
    }

    fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        items: &[&ModelGpu],
        first: Slots,
        how: &Recording,
    ) -> Run {
        let pipelines = how.pipelines;
        // The run's vertices and indices, each accessory's after the one before's (the
        // bundles keep the buffers); where each accessory's start.
        let starts: Vec<(u32, u32)> = items
            .iter()
            .scan((0u32, 0u32), |next, model| {
                let start = *next;
                *next = (
                    next.0.saturating_add(model.vertex_count()),
                    next.1.saturating_add(model.index_count()),
                );
                Some(start)
            })
            .collect();
        let (vertex_total, index_total) = items.iter().fold((0u64, 0u64), |(v, i), m| {
            (
                v + u64::from(m.vertex_count()),
                i + u64::from(m.index_count()),
            )
        });
        let run_buffer = |label, size: u64, usage| {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size.max(4),
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let vertices = run_buffer(
            "accessory run vertices",
            vertex_total * SKINNED_VERTEX_SIZE,
            wgpu::BufferUsages::VERTEX,
        );
        let indices = run_buffer(
            "accessory run indices",
            index_total * 4,
            wgpu::BufferUsages::INDEX,
        );
        for (model, &(first_vertex, first_index)) in items.iter().zip(&starts) {
            let vertex_bytes = u64::from(model.vertex_count()) * SKINNED_VERTEX_SIZE;
            if vertex_bytes > 0 {
                encoder.copy_buffer_to_buffer(
                    model.skinned_buffer(),
                    0,
                    &vertices,
                    u64::from(first_vertex) * SKINNED_VERTEX_SIZE,
                    vertex_bytes,
                );
            }
            let index_bytes = u64::from(model.index_count()) * 4;
            if index_bytes > 0 {
                encoder.copy_buffer_to_buffer(
                    model.index_buffer(),
                    0,
                    &indices,
                    u64::from(first_index) * 4,
                    index_bytes,
                );
            }
        }
        // A material's indices, in the run's index buffer.
        let range = |first_index: u32, m: &MaterialGpu| {
            first_index + m.indices.start..first_index + m.indices.end
        };
        let cast_draws = CastDraws::new(items, &starts, first.place);
        let vertex_places = texture::buffer_with(
            &self.device,
            "accessory run vertex places",
            bytemuck::cast_slice(&cast_draws.vertex_places),
            wgpu::BufferUsages::VERTEX,
        );
        let cast_indices = texture::buffer_with(
            &self.device,
            "accessory run cast indices",
            bytemuck::cast_slice(&cast_draws.indices),
            wgpu::BufferUsages::INDEX,
        );
        let mut cast =
            self.device
                .create_render_bundle_encoder(&wgpu::RenderBundleEncoderDescriptor {
                    label: Some("accessories: self-shadow map"),
                    color_formats: &[],
                    depth_stencil: Some(wgpu::RenderBundleDepthStencil {
                        format: SHADOW_MAP_FORMAT,
                        depth_read_only: false,
                        stencil_read_only: true,
                    }),
                    sample_count: 1,
                    multiview: None,
                });
        cast.set_bind_group(0, &self.tables.frame_bind_group, &[]);
        cast.set_bind_group(3, &self.tables.bind_group, &[]);
        cast.set_vertex_buffer(0, vertices.slice(..));
        cast.set_vertex_buffer(1, vertex_places.slice(..));
        cast.set_index_buffer(cast_indices.slice(..), wgpu::IndexFormat::Uint32);
        for draw in &cast_draws.draws {
            cast.set_pipeline(pipelines.cast(draw.material.double_sided));
            cast.set_bind_group(1, &draw.material.bind_group, &[]);
            cast.draw_indexed(draw.indices.clone(), 0, 0..1);
        }
        let ground_indices = if how.ground_shadow {
            ground_shadow_indices(items, &starts)
        } else {
            Vec::new()
        };
        let ground = (!ground_indices.is_empty()).then(|| {
            let buffer = texture::buffer_with(
                &self.device,
                "accessory run ground shadow indices",
                bytemuck::cast_slice(&ground_indices),
                wgpu::BufferUsages::INDEX,
            );
            (buffer, ground_indices.len() as u32)
        });
        let mut frame =
            self.device
                .create_render_bundle_encoder(&wgpu::RenderBundleEncoderDescriptor {
                    label: Some("accessories: frame"),
                    color_formats: &[Some(how.format)],
                    depth_stencil: Some(wgpu::RenderBundleDepthStencil {
                        format: DEPTH_FORMAT,
                        depth_read_only: false,
                        stencil_read_only: false,
                    }),
                    sample_count: SAMPLE_COUNT,
                    multiview: None,
                });
        frame.set_bind_group(0, &self.tables.frame_bind_group, &[]);
        frame.set_bind_group(2, how.shadow_map, &[]);
        frame.set_bind_group(3, &self.tables.bind_group, &[]);
        frame.set_vertex_buffer(0, vertices.slice(..));
        frame.set_index_buffer(indices.slice(..), wgpu::IndexFormat::Uint32);
        let wireframe = pipelines.wireframe.as_ref().filter(|_| how.wireframe);
        // A bundle replays every command it holds, so a pipeline or a material's textures are
        // set only when they change. Each draw names its material's slot in the table by its
        // instance.
        let mut pipeline_set: Option<&wgpu::RenderPipeline> = None;
        let mut textures_set: Option<&wgpu::BindGroup> = None;
        let mut slot = first.material;
        for (model, &(first_vertex, first_index)) in items.iter().zip(&starts) {
            let additive = model.look().additive;
            for m in model.visible_materials() {
                let pipeline = wireframe.unwrap_or(pipelines.shaded(m.double_sided, additive));
                if !pipeline_set.is_some_and(|set| std::ptr::eq(set, pipeline)) {
                    frame.set_pipeline(pipeline);
                    pipeline_set = Some(pipeline);
                }
                let textures = if m.plain { how.plain } else { &m.bind_group };
                if !textures_set.is_some_and(|set| std::ptr::eq(set, textures)) {
                    frame.set_bind_group(1, textures, &[]);
                    textures_set = Some(textures);
                }
                frame.draw_indexed(range(first_index, m), first_vertex as i32, slot..slot + 1);
                slot += 1;
            }
        }
        if let Some((buffer, count)) = &ground {
            // The material bound last stays bound: the ground shadow reads none of it.
            frame.set_pipeline(&pipelines.shadow);
            frame.set_vertex_buffer(1, vertex_places.slice(..));
            frame.set_index_buffer(buffer.slice(..), wgpu::IndexFormat::Uint32);
            frame.draw_indexed(0..*count, 0, 0..1);
        }
        Run {
            key: RunKey {
                draws: items.iter().map(|m| m.draw_key()).collect(),
                first,
                ground_shadow: how.ground_shadow,
                wireframe: how.wireframe,
            },
            cast: cast.finish(&wgpu::RenderBundleDescriptor {
                label: Some("accessories: self-shadow map"),
            }),
            frame: frame.finish(&wgpu::RenderBundleDescriptor {
                label: Some("accessories: frame"),
            }),
        }
    }
}

/// A run's draws into the self-shadow map, as few as give the same map. The map keeps the
/// nearest depth whatever the order of the draws, so every untextured material that keeps
/// all its fragments ([`MaterialGpu::casts_solid`]) goes into one draw per cull mode, drawn
/// with any of those materials' bind groups (`fs_cast` reads nothing else of the material);
/// the others, whose texture's alpha decides, keep a draw each. The indices name the run's
/// vertices directly, and each vertex names its accessory's place, so one draw spans
/// accessories.
struct CastDraws<'m> {
    /// Each of the run's vertices' place slot.
    vertex_places: Vec<u32>,
    indices: Vec<u32>,
    draws: Vec<CastDraw<'m>>,
}

struct CastDraw<'m> {
    /// Whose cull mode and bind group the draw uses.
    material: &'m MaterialGpu,
    /// Into [`CastDraws::indices`].
    indices: Range<u32>,
}

impl<'m> CastDraws<'m> {
    /// `starts`: where each of `items` starts in the run's vertices (and indices).
    fn new(items: &[&'m ModelGpu], starts: &[(u32, u32)], first_place: u32) -> CastDraws<'m> {
        let mut vertex_places = Vec::new();
        let mut solid: [(Vec<u32>, Option<&MaterialGpu>); 2] = Default::default();
        let mut single: Vec<(&MaterialGpu, Vec<u32>)> = Vec::new();
        for ((model, &(first_vertex, _)), place) in items.iter().zip(starts).zip(first_place..) {
            vertex_places.resize(vertex_places.len() + model.vertex_count() as usize, place);
            for m in model.visible_materials().filter(|m| m.casts_self_shadow) {
                let placed = run_indices(model, m, first_vertex);
                if m.casts_solid {
                    let (merged, material) = &mut solid[usize::from(m.double_sided)];
                    merged.extend(placed);
                    material.get_or_insert(m);
                } else {
                    single.push((m, placed.collect()));
                }
            }
        }
        let mut draws = Vec::new();
        let mut all = Vec::new();
        let merged = solid
            .into_iter()
            .filter_map(|(indices, material)| Some((material?, indices)));
        for (material, indices) in merged.chain(single) {
            let start = all.len() as u32;
            all.extend(indices);
            draws.push(CastDraw {
                material,
                indices: start..all.len() as u32,
            });
        }
        CastDraws {
            vertex_places,
            indices: all,
            draws,
        }
    }
}

/// Material `m`'s indices of `model`, as indices into its run's vertices (where `model`'s
/// start at `first_vertex`).
fn run_indices<'m>(
    model: &'m ModelGpu,
    m: &MaterialGpu,
    first_vertex: u32,
) -> impl Iterator<Item = u32> + 'm {
    let range = m.indices.start as usize..m.indices.end as usize;
    let indices = model.accessory_indices().get(range).unwrap_or_default();
    indices.iter().map(move |&i| first_vertex + i)
}

/// The ground shadows of a run, as one list of indices into the run's vertices (`starts`:
/// where each of `items` starts in them): every visible material with the ground-shadow flag
/// of the accessories whose ground shadow is on. One draw gives what a draw per accessory
/// gives, drawn after all their materials: the shadow writes no depth, and the stencil keeps
/// each pixel from being darkened twice whichever accessory's shadow reaches it first.
fn ground_shadow_indices(items: &[&ModelGpu], starts: &[(u32, u32)]) -> Vec<u32> {
    let mut all = Vec::new();
    for (model, &(first_vertex, _)) in items.iter().zip(starts) {
        if !model.look().ground_shadow {
            continue;
        }
        for m in model.visible_materials().filter(|m| m.ground_shadow) {
            all.extend(run_indices(model, m, first_vertex));
        }
    }
    all
}

/// The runs of accessories that follow one another among `models` (a model alone between).
pub(crate) fn runs<'m>(
    models: &'m [&'m ModelGpu],
) -> impl Iterator<Item = &'m [&'m ModelGpu]> + 'm {
    models
        .chunk_by(|a, b| a.is_accessory() && b.is_accessory())
        .filter(|chunk| chunk.iter().all(|m| m.is_accessory()))
}

/// Writes `values` over `written` (what `buffer` holds), with one write covering those that
/// differ; `written` has room for all of them.
fn write_changed<T: Pod + PartialEq>(
    queue: &wgpu::Queue,
    buffer: &wgpu::Buffer,
    written: &mut [T],
    values: impl Iterator<Item = T>,
) {
    let mut changed: Option<Range<usize>> = None;
    for (slot, (written, value)) in written.iter_mut().zip(values).enumerate() {
        if *written != value {
            *written = value;
            changed = Some(changed.map_or(slot..slot + 1, |r| r.start..slot + 1));
        }
    }
    if let Some(range) = changed {
        let stride = std::mem::size_of::<T>() as u64;
        queue.write_buffer(
            buffer,
            range.start as u64 * stride,
            bytemuck::cast_slice(&written[range]),
        );
    }
}

impl Tables {
    /// Buffers with room for the frame and `places` places, and for `materials` materials.
    fn new(device: &wgpu::Device, layouts: &Layouts, places: usize, materials: usize) -> Tables {
        let buffer = |label, size: u64, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let places_size = places as u64 * PLACE_SIZE;
        let frame_and_places = buffer(
            "frame and accessory places",
            PLACES_OFFSET + places_size,
            wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::STORAGE,
        );
        let materials_buffer = buffer(
            "accessory materials",
            (materials * std::mem::size_of::<AccessoryMaterial>()) as u64,
            wgpu::BufferUsages::STORAGE,
        );
        let part = |offset, size| {
            wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &frame_and_places,
                offset,
                size: wgpu::BufferSize::new(size),
            })
        };
        let frame_bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("frame"),
            layout: &layouts.frame,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: part(0, layouts.frame_size),
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("accessory places and materials"),
            layout: &layouts.places,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: part(PLACES_OFFSET, places_size),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: materials_buffer.as_entire_binding(),
                },
            ],
        });
        Tables {
            frame_and_places,
            materials: materials_buffer,
            frame_bind_group,
            bind_group,
            place_capacity: places,
        }
    }
}
