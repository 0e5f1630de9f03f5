//! How accessories are drawn cheaply on the CPU. Their places (model space to world) sit in
//! one buffer, written once a frame, and their visible materials in a table, each with its
//! accessory's place; every vertex names its material's slot in the table (an accessory's
//! vertices are split at upload so that each belongs to one material), which the vertex
//! shader follows to the place. The vertices stay as uploaded, so an accessory that moves is
//! neither uploaded nor skinned again, and the draws of many accessories can be one draw.
//!
//! Each run of accessories that follow one another in the draw order is recorded once as a
//! short list of draws: into the self-shadow map (as few as give the same map), and into
//! the frame (materials that follow one another with the same pipeline and textures in one
//! draw, then the run's ground shadows in one draw), over one buffer holding the run's
//! vertices (copied from the accessories' uploads), their material slots and the draws'
//! indices. The list is replayed into the passes every frame, and recorded again only when
//! what it draws changes: an accessory added, removed or reordered, a material shown or
//! hidden by Tr (or made too transparent to cast a self-shadow), AD or the ground shadow
//! switched, or the view's ground shadow or wireframe. A place is not part of a recording,
//! so an accessory held by a bone replays the same draws every frame. The draws go straight
//! into the passes rather than into render bundles: replaying a bundle costs more of wgpu's
//! checks than the handful of commands a run is.

use std::ops::Range;

use bytemuck::{Pod, Zeroable};

use crate::material::MaterialUniform;
use crate::model::{MaterialGpu, ModelGpu};
use crate::pipelines::Pipelines;
use crate::skinning::SKINNED_VERTEX_SIZE;

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
    /// The textures of a material with neither a texture nor a sphere map (group 1), shared by
    /// the draws of all such materials: their colours come from the table of materials.
    pub plain: &'r wgpu::BindGroup,
    /// The frame draws the ground shadow.
    pub ground_shadow: bool,
    /// The frame is drawn as a wireframe.
    pub wireframe: bool,
}

/// What a run was recorded for; recorded again when it differs.
struct RunKey {
    /// The accessories' [`ModelGpu::draw_key`]s, in order.
    draws: Vec<u64>,
    /// The slot in the table of materials of the run's first material (the others follow).
    first_material: u32,
    ground_shadow: bool,
    wireframe: bool,
}

impl RunKey {
    fn matches(&self, items: &[&ModelGpu], first_material: u32, how: &Recording) -> bool {
        self.first_material == first_material
            && self.ground_shadow == how.ground_shadow
            && self.wireframe == how.wireframe
            && self
                .draws
                .iter()
                .copied()
                .eq(items.iter().map(|m| m.draw_key()))
    }
}

/// One recorded draw, with what it binds first; `None` keeps what the draw before bound.
struct Draw {
    pipeline: Option<wgpu::RenderPipeline>,
    textures: Option<wgpu::BindGroup>,
    /// Into the run's indices.
    indices: Range<u32>,
}

/// A run of accessories as recorded.
struct Run {
    key: RunKey,
    /// One buffer, so that a pass tracks one buffer for the run: the accessories' vertices
    /// (each accessory's after the one before's), then from `slots_at` each vertex's material
    /// slot in the table of materials (vertex buffer 1, `u32`), then from `indices_at` the
    /// indices into the vertices of the colour draws, the ground shadows and the casts.
    buffer: wgpu::Buffer,
    slots_at: u64,
    indices_at: u64,
    /// Into the frame: the materials, then the ground shadows.
    frame: Vec<Draw>,
    /// Into the self-shadow map.
    cast: Vec<Draw>,
}

impl Run {
    /// Binds the run's buffer and `places` (group 3) and draws `draws` into `pass`.
    fn replay(&self, pass: &mut wgpu::RenderPass<'_>, places: &wgpu::BindGroup, draws: &[Draw]) {
        // Without vertices there is nothing to draw (a mesh of faces alone names none).
        if draws.is_empty() || self.slots_at == 0 {
            return;
        }
        pass.set_bind_group(3, places, &[]);
        pass.set_vertex_buffer(0, self.buffer.slice(..self.slots_at));
        pass.set_vertex_buffer(1, self.buffer.slice(self.slots_at..self.indices_at));
        pass.set_index_buffer(
            self.buffer.slice(self.indices_at..),
            wgpu::IndexFormat::Uint32,
        );
        for draw in draws {
            if let Some(pipeline) = &draw.pipeline {
                pass.set_pipeline(pipeline);
            }
            if let Some(textures) = &draw.textures {
                pass.set_bind_group(1, textures, &[]);
            }
            pass.draw_indexed(draw.indices.clone(), 0, 0..1);
        }
    }
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
    /// accessories among `models`, and their materials, and records again the runs whose
    /// draws changed (their copies go into `encoder`, after the skinning of the accessories
    /// uploaded since the last frame). Then [`AccessoryDraws::draw`] and
    /// [`AccessoryDraws::cast`] draw the frame's runs.
    pub fn prepare(
        &mut self,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        models: &[&ModelGpu],
        how: &Recording,
        frame: &[u8],
    ) {
        self.write_tables(queue, models, frame);
        let mut first_material = 0;
        for (index, items) in runs(models).enumerate() {
            let fresh = self
                .runs
                .get(index)
                .is_some_and(|run| run.key.matches(items, first_material, how));
            if !fresh {
                let run = self.record(queue, encoder, items, first_material, how);
                match self.runs.get_mut(index) {
                    Some(slot) => *slot = run,
                    None => self.runs.push(run),
                }
            }
            first_material += items
                .iter()
                .map(|m| m.visible_material_count())
                .sum::<u32>();
        }
    }

    /// Draws run `index` of the frame [`AccessoryDraws::prepare`] readied into the frame's
    /// `pass`, which has the frame (group 0) and the self-shadow map (group 2) bound; leaves
    /// other pipelines, textures and buffers bound.
    pub fn draw(&self, index: usize, pass: &mut wgpu::RenderPass<'_>) {
        if let Some(run) = self.runs.get(index) {
            run.replay(pass, &self.tables.bind_group, &run.frame);
        }
    }

    /// Draws run `index` into the self-shadow map's `pass`, as [`AccessoryDraws::draw`].
    pub fn cast(&self, index: usize, pass: &mut wgpu::RenderPass<'_>) {
        if let Some(run) = self.runs.get(index) {
            run.replay(pass, &self.tables.bind_group, &run.cast);
        }
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
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        items: &[&ModelGpu],
        first_material: u32,
        how: &Recording,
    ) -> Run {
        // Where each accessory's vertices start among the run's.
        let starts: Vec<u32> = items
            .iter()
            .scan(0u32, |next, model| {
                let start = *next;
                *next = next.saturating_add(model.vertex_count());
                Some(start)
            })
            .collect();
        let plan = RunPlan::new(items, &starts, first_material, how);
        let mut tail: Vec<u8> = bytemuck::cast_slice(&plan.vertex_slots).to_vec();
        tail.extend_from_slice(bytemuck::cast_slice(&plan.indices));
        let slots_at = plan.vertex_slots.len() as u64 * SKINNED_VERTEX_SIZE;
        let indices_at = slots_at + plan.vertex_slots.len() as u64 * 4;
        let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("accessory run"),
            size: (slots_at + tail.len() as u64).max(4),
            usage: wgpu::BufferUsages::VERTEX
                | wgpu::BufferUsages::INDEX
                | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        if !tail.is_empty() {
            queue.write_buffer(&buffer, slots_at, &tail);
        }
        for (model, &first_vertex) in items.iter().zip(&starts) {
            let bytes = u64::from(model.vertex_count()) * SKINNED_VERTEX_SIZE;
            if bytes > 0 {
                encoder.copy_buffer_to_buffer(
                    model.skinned_buffer(),
                    0,
                    &buffer,
                    u64::from(first_vertex) * SKINNED_VERTEX_SIZE,
                    bytes,
                );
            }
        }
        Run {
            key: RunKey {
                draws: items.iter().map(|m| m.draw_key()).collect(),
                first_material,
                ground_shadow: how.ground_shadow,
                wireframe: how.wireframe,
            },
            buffer,
            slots_at,
            indices_at,
            frame: plan.frame.draws,
            cast: plan.cast.draws,
        }
    }
}

/// A run's draws and what they read, worked out on the CPU.
struct RunPlan {
    /// Each of the run's vertices' material slot.
    vertex_slots: Vec<u32>,
    /// Every draw's indices, into the run's vertices.
    indices: Vec<u32>,
    frame: DrawList,
    cast: DrawList,
}

impl RunPlan {
    /// `starts`: where each of `items` starts in the run's vertices; `first_material`: the
    /// slot of the run's first visible material in the table.
    fn new(items: &[&ModelGpu], starts: &[u32], first_material: u32, how: &Recording) -> RunPlan {
        let pipelines = how.pipelines;
        let vertex_total = items.iter().map(|m| m.vertex_count() as usize).sum();
        let mut plan = RunPlan {
            vertex_slots: vec![0; vertex_total],
            indices: Vec::new(),
            frame: DrawList::default(),
            cast: DrawList::default(),
        };
        let wireframe = pipelines.wireframe.as_ref().filter(|_| how.wireframe);
        let mut slot = first_material;
        for (model, &first_vertex) in items.iter().zip(starts) {
            let additive = model.look().additive;
            for m in model.visible_materials() {
                let start = plan.indices.len() as u32;
                for index in run_indices(model, m, first_vertex) {
                    if let Some(vertex) = plan.vertex_slots.get_mut(index as usize) {
                        *vertex = slot;
                    }
                    plan.indices.push(index);
                }
                let pipeline = wireframe.unwrap_or(pipelines.shaded(m.double_sided, additive));
                let textures = if m.plain { how.plain } else { &m.bind_group };
                plan.frame
                    .push(pipeline, Some(textures), start..plan.indices.len() as u32);
                slot += 1;
            }
        }
        if how.ground_shadow {
            // One draw gives what a draw per accessory gives, after all their materials: the
            // shadow writes no depth, and the stencil keeps each pixel from being darkened
            // twice whichever accessory's shadow reaches it first. The material bound last
            // stays bound: the ground shadow reads none of it.
            let start = plan.indices.len() as u32;
            for (model, &first_vertex) in items.iter().zip(starts) {
                if model.look().ground_shadow {
                    for m in model.visible_materials().filter(|m| m.ground_shadow) {
                        plan.indices.extend(run_indices(model, m, first_vertex));
                    }
                }
            }
            let end = plan.indices.len() as u32;
            if end > start {
                plan.frame.push(&pipelines.shadow, None, start..end);
            }
        }
        plan.add_casts(items, starts, pipelines);
        plan
    }

    /// The draws into the self-shadow map, as few as give the same map. The map keeps the
    /// nearest depth whatever the order of the draws, so every untextured material that keeps
    /// all its fragments ([`MaterialGpu::casts_solid`]) goes into one draw per cull mode, drawn
    /// with any of those materials' bind groups (`fs_cast` reads nothing else of the
    /// material); the others, whose texture's alpha decides, keep a draw each.
    fn add_casts(&mut self, items: &[&ModelGpu], starts: &[u32], pipelines: &Pipelines) {
        let mut solid: [(Vec<u32>, Option<&MaterialGpu>); 2] = Default::default();
        let mut single: Vec<(&MaterialGpu, Vec<u32>)> = Vec::new();
        for (model, &first_vertex) in items.iter().zip(starts) {
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
        let merged = solid
            .into_iter()
            .filter_map(|(indices, material)| Some((material?, indices)));
        for (material, indices) in merged.chain(single) {
            let start = self.indices.len() as u32;
            self.indices.extend(indices);
            self.cast.push(
                pipelines.cast(material.double_sided),
                Some(&material.bind_group),
                start..self.indices.len() as u32,
            );
        }
    }
}

/// Draws being recorded: each binds only what differs from what the draw before bound, and
/// one that binds nothing new and starts where the one before ends becomes part of it (the
/// triangles are drawn in the same order either way).
#[derive(Default)]
struct DrawList {
    draws: Vec<Draw>,
    pipeline: Option<wgpu::RenderPipeline>,
    textures: Option<wgpu::BindGroup>,
}

impl DrawList {
    /// A draw of `indices` with `pipeline` and `textures` (`None`: any).
    fn push(
        &mut self,
        pipeline: &wgpu::RenderPipeline,
        textures: Option<&wgpu::BindGroup>,
        indices: Range<u32>,
    ) {
        let new_pipeline = self.pipeline.as_ref() != Some(pipeline);
        let new_textures = textures.filter(|&t| self.textures.as_ref() != Some(t));
        if !new_pipeline
            && new_textures.is_none()
            && let Some(last) = self.draws.last_mut()
            && last.indices.end == indices.start
        {
            last.indices.end = indices.end;
            return;
        }
        if new_pipeline {
            self.pipeline = Some(pipeline.clone());
        }
        if let Some(textures) = new_textures {
            self.textures = Some(textures.clone());
        }
        self.draws.push(Draw {
            pipeline: new_pipeline.then(|| pipeline.clone()),
            textures: new_textures.cloned(),
            indices,
        });
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
