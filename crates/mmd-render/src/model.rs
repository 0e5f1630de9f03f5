//! A model on the GPU: skinning inputs, the skinned vertex buffer, indices, materials with
//! their textures; updated per frame from skinning matrices and morph weights.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use glam::{Mat4, Quat, Vec2, Vec3};
use mmd_format::pmx::{Material, Pmx, SphereMode, Toon, Weight, material_flags};
use rayon::prelude::*;

use crate::RenderError;
use crate::material::{MaterialParams, MaterialSwitches, MaterialUniform, Shading};
use crate::morph::Morphs;
use crate::renderer::Renderer;
use crate::skinning::{SKINNED_VERTEX_SIZE, SdefParams, SkinInputs, SourceVertex, pack_vertices};
use crate::texture::{self, TextureWarning};
use crate::texture_source::TextureSource;

/// One material's draw state.
pub(crate) struct MaterialGpu {
    pub indices: Range<u32>,
    pub double_sided: bool,
    /// The material has the edge flag and its edge is not transparent (edge alpha ×
    /// diffuse alpha ≥ [`crate::material::EDGE_MIN_ALPHA`], MMD's alpha test decided here rather than in the
    /// shader: see `shaders/mmd.wgsl`).
    pub edge: bool,
    edge_flag: bool,
    pub ground_shadow: bool,
    /// Drawn into the self-shadow map (PMX flag 0x04).
    pub casts_self_shadow: bool,
    /// Has no texture: its alpha in the self-shadow map is its diffuse alpha alone.
    untextured: bool,
    /// Untextured and opaque enough that `fs_cast` keeps every fragment, so its draw into the
    /// self-shadow map can be merged with others' (`accessory_draws.rs`).
    pub casts_solid: bool,
    pub bind_group: wgpu::BindGroup,
    /// Has neither a texture nor a sphere map: an accessory's draw of it can use a bind group
    /// shared with others like it (`accessory_draws.rs`).
    pub plain: bool,
    uniform: wgpu::Buffer,
    /// What `uniform` holds, for an accessory's draws, which read it from a table of all the
    /// accessories' materials.
    pub written: MaterialUniform,
    switches: MaterialSwitches,
    /// False while the material's alpha is 0 (MMD hides such materials and their edges).
    visible: bool,
}

/// A vertex as the skinning pass left it (read back for tests and tools).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkinnedVertex {
    pub position: Vec3,
    pub edge_scale: f32,
    pub normal: Vec3,
    pub uv: Vec2,
    pub additional_uv1: Vec2,
}

/// Where a model keeps its triangles' indices.
enum Triangles {
    /// A model's, on the GPU, bound by its draws.
    Uploaded(wgpu::Buffer),
    /// An accessory's, on the CPU: its run's draws hold them in the run's own buffer
    /// (`accessory_draws.rs`), so a buffer of the accessory's would never be read.
    Kept(Vec<u32>),
}

impl Triangles {
    /// Where a model of `shading` keeps `indices`.
    fn new(device: &wgpu::Device, indices: Vec<u32>, shading: Shading) -> Triangles {
        match shading {
            Shading::Model => Triangles::Uploaded(texture::buffer_with(
                device,
                "indices",
                bytemuck::cast_slice(&indices),
                wgpu::BufferUsages::INDEX,
            )),
            Shading::Accessory => Triangles::Kept(indices),
        }
    }
}

/// A model's GPU resources and per-frame state.
pub struct ModelGpu {
    vertex_count: u32,
    skinning_buffer: wgpu::Buffer,
    rotation_buffer: wgpu::Buffer,
    position_delta_buffer: wgpu::Buffer,
    uv_delta_buffer: wgpu::Buffer,
    skinned_buffer: wgpu::Buffer,
    triangles: Triangles,
    skin_bind_group: wgpu::BindGroup,
    materials: Vec<MaterialGpu>,
    base_params: Vec<MaterialParams>,
    params: Vec<MaterialParams>,
    morphs: Morphs,
    /// Per-frame scratch, kept so that [`ModelGpu::update`] does not allocate: the bone
    /// matrices (plus the trailing identity) and their rotations.
    matrices: Vec<Mat4>,
    rotations: Vec<Quat>,
    /// Some vertex blends rotations (SDEF, QDEF), so the bones' rotations are uploaded too.
    blends_rotations: bool,
    frame: FrameState,
}

/// What every frame reads and writes of a model to place and draw it, kept together: an
/// accessory's frame touches nothing else of its upload (two cache lines) unless its look
/// changes, which matters when the software GPU's threads have emptied the caches since the
/// last frame.
#[repr(C, align(64))]
struct FrameState {
    /// Where the model stands in the scene: applied after its own bones.
    placement: Mat4,
    /// An accessory's look, set by [`ModelGpu::set_accessory_look`]; a model keeps the
    /// default (opaque, alpha-blended, ground shadow per material).
    look: AccessoryLook,
    /// The opacity the material uniforms were last written with.
    written_opacity: f32,
    /// Changes whenever what the model's draws are (its visible materials, its look) does,
    /// so that draws recorded once (an accessory's) are recorded again.
    draw_key: u64,
    /// Changes whenever a material's uniform does.
    materials_version: u64,
    /// How many of [`ModelGpu::visible_materials`] there are.
    visible_materials: u32,
    /// An accessory: skinned once, in its rest pose, and placed by the vertex shader from the
    /// renderer's buffer of places (see `accessory_draws.rs`), so moving it skins nothing.
    accessory: bool,
    /// The skinning inputs changed since the skinned vertices were last computed. A model
    /// that stands still (an accessory on the floor) is then not skinned again each frame.
    needs_skinning: AtomicBool,
}

/// The next [`ModelGpu::draw_key`] or [`ModelGpu::materials_version`]: unique across models,
/// so a key also tells models apart.
static NEXT_DRAW_KEY: AtomicU64 = AtomicU64::new(0);

fn next_draw_key() -> u64 {
    NEXT_DRAW_KEY.fetch_add(1, Ordering::Relaxed)
}

/// How an accessory is drawn besides its materials: MMD's Tr, AD and shadow settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AccessoryLook {
    /// Tr: every material's diffuse alpha is multiplied by it (0 hides the accessory).
    pub opacity: f32,
    /// AD: added onto what is behind rather than blended over it.
    pub additive: bool,
    /// Casts the ground shadow.
    pub ground_shadow: bool,
}

impl Default for AccessoryLook {
    fn default() -> AccessoryLook {
        AccessoryLook {
            opacity: 1.0,
            additive: false,
            ground_shadow: true,
        }
    }
}

/// Which textures the materials actually use, and in which role.
#[derive(Default)]
struct TextureUse {
    any: BTreeSet<usize>,
    /// Used as something other than a toon (a shared-toon name is then not enough).
    non_toon: BTreeSet<usize>,
}

/// Refuses a model of `vertices` vertices, `faces` faces and `bones` bones whose largest GPU
/// buffer would exceed the device's limits (wgpu would otherwise abort on the validation
/// error).
fn check_buffer_sizes(
    limits: &wgpu::Limits,
    vertices: usize,
    faces: usize,
    bones: usize,
) -> Result<(), RenderError> {
    let max = limits
        .max_buffer_size
        .min(limits.max_storage_buffer_binding_size);
    let per_vertex = (std::mem::size_of::<SourceVertex>() + std::mem::size_of::<SdefParams>())
        as u64
        + SKINNED_VERTEX_SIZE;
    let needs = [
        ("vertices", (vertices as u64).saturating_mul(per_vertex)),
        ("faces", (faces as u64).saturating_mul(12)),
        ("bones", (bones as u64 + 1).saturating_mul(64)),
    ];
    match needs.into_iter().find(|&(_, bytes)| bytes > max) {
        Some((what, bytes)) => Err(RenderError::ModelTooLarge { what, bytes, max }),
        None => Ok(()),
    }
}

/// Each material's indices among `total`, one after the other in file order (cut short where
/// the faces run out).
fn material_ranges(pmx: &Pmx, total: u32) -> Vec<Range<u32>> {
    let mut start = 0u32;
    pmx.materials
        .iter()
        .map(|m| {
            let end = start.saturating_add(m.index_count).min(total);
            let range = start..end;
            start = end;
            range
        })
        .collect()
}

/// Makes each of the `vertex_count` vertices belong to the triangles of one material: a vertex
/// that `indices` of several materials (`materials`: each one's range of them) name is copied
/// for each material after the first, whose indices then name the copy. Returns the vertex
/// each copy is of, in the order the copies follow the `vertex_count` vertices.
fn split_shared_vertices(
    indices: &mut [u32],
    materials: &[Range<u32>],
    vertex_count: u32,
) -> Vec<u32> {
    const NONE: usize = usize::MAX;
    let mut owner = vec![NONE; vertex_count as usize];
    let mut copy_of: HashMap<(u32, usize), u32> = HashMap::new();
    let mut copies = Vec::new();
    for (material, range) in materials.iter().enumerate() {
        let Some(own) = indices.get_mut(range.start as usize..range.end as usize) else {
            continue;
        };
        for index in own {
            let Some(first) = owner.get_mut(*index as usize) else {
                continue;
            };
            if *first == NONE {
                *first = material;
            } else if *first != material {
                *index = *copy_of.entry((*index, material)).or_insert_with(|| {
                    copies.push(*index);
                    vertex_count + copies.len() as u32 - 1
                });
            }
        }
    }
    copies
}

fn texture_index(index: i32, count: usize) -> Option<usize> {
    usize::try_from(index).ok().filter(|&i| i < count)
}

/// The triangles' vertex indices and each material's range of them. An accessory's vertices
/// that several materials share are copied into `inputs`, one for each material after the
/// first (each vertex names its material when drawn: `accessory_draws.rs`), within the
/// device's `limits`.
fn indexed_triangles(
    pmx: &Pmx,
    inputs: &mut SkinInputs,
    shading: Shading,
    limits: &wgpu::Limits,
) -> Result<(Vec<u32>, Vec<Range<u32>>), RenderError> {
    let file_vertex_count = inputs.vertices.len() as u32;
    let mut indices = triangle_indices(pmx, file_vertex_count);
    let ranges = material_ranges(pmx, indices.len() as u32);
    if shading == Shading::Accessory {
        let copies = split_shared_vertices(&mut indices, &ranges, file_vertex_count);
        for source in copies {
            let vertex = inputs.vertices[source as usize];
            inputs.vertices.push(vertex);
        }
        check_buffer_sizes(limits, inputs.vertices.len(), pmx.faces.len(), 0)?;
    }
    Ok((indices, ranges))
}

/// Every face's three vertex indices in order; a triangle naming a vertex that does not exist
/// (of `vertex_count`) is dropped (made degenerate).
fn triangle_indices(pmx: &Pmx, vertex_count: u32) -> Vec<u32> {
    pmx.faces
        .iter()
        .flat_map(|face| {
            if face.iter().all(|&v| v < vertex_count) {
                *face
            } else {
                [0; 3]
            }
        })
        .collect()
}

/// Some vertex blends rotations (SDEF, QDEF).
fn blends_rotations(pmx: &Pmx) -> bool {
    pmx.vertices
        .iter()
        .any(|v| matches!(v.weight, Weight::Sdef { .. } | Weight::Qdef { .. }))
}

/// The skinning pass's buffers of one model and its bind group: the inputs (source vertices,
/// SDEF parameters), what each frame writes (bone matrices and rotations, morphs' position
/// and UV deltas) and the skinned vertices the draws read.
struct SkinBuffers {
    skinning_buffer: wgpu::Buffer,
    rotation_buffer: wgpu::Buffer,
    position_delta_buffer: wgpu::Buffer,
    uv_delta_buffer: wgpu::Buffer,
    skinned_buffer: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
}

impl SkinBuffers {
    /// Uploads `inputs` with the bones at `matrices` and `rotations` and no morph applied.
    fn new(
        device: &wgpu::Device,
        renderer: &Renderer,
        inputs: &SkinInputs,
        matrices: &[Mat4],
        rotations: &[Quat],
    ) -> SkinBuffers {
        let storage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST;
        let buffer =
            |label: &str, bytes: &[u8]| texture::buffer_with(device, label, bytes, storage);
        let source_buffer = buffer("source vertices", bytemuck::cast_slice(&inputs.vertices));
        let sdef_buffer = buffer("sdef", bytemuck::cast_slice(&inputs.sdef));
        let skinning_buffer = buffer("skinning", bytemuck::cast_slice(matrices));
        let rotation_buffer = buffer("rotations", bytemuck::cast_slice(rotations));
        let zeros = vec![[0.0f32; 4]; inputs.vertices.len()];
        let position_delta_buffer = buffer("position deltas", bytemuck::cast_slice(&zeros));
        let uv_delta_buffer = buffer("uv deltas", bytemuck::cast_slice(&zeros));
        let vertex_count = inputs.vertices.len() as u64;
        let skinned_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("skinned vertices"),
            size: (vertex_count * SKINNED_VERTEX_SIZE).max(SKINNED_VERTEX_SIZE),
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::VERTEX
                | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("skinning"),
            layout: &renderer.skinning.layout,
            entries: &[
                entry(0, &source_buffer),
                entry(1, &sdef_buffer),
                entry(2, &skinning_buffer),
                entry(3, &rotation_buffer),
                entry(4, &position_delta_buffer),
                entry(5, &uv_delta_buffer),
                entry(6, &skinned_buffer),
            ],
        });
        SkinBuffers {
            skinning_buffer,
            rotation_buffer,
            position_delta_buffer,
            uv_delta_buffer,
            skinned_buffer,
            bind_group,
        }
    }
}

/// The textures a material binds: its colour texture, sphere map and toon ramp, each its own
/// or the renderer's stand-in.
struct MaterialTextures<'t> {
    /// `None`: the material has no texture of its own (white is bound).
    own: Option<&'t wgpu::TextureView>,
    base: &'t wgpu::TextureView,
    sphere: &'t wgpu::TextureView,
    toon: &'t wgpu::TextureView,
}

impl<'t> MaterialTextures<'t> {
    /// Material `m`'s, among the model's uploaded `views` (by texture index): white for a
    /// missing colour texture or multiply-sphere map, black for a missing add-sphere map, the
    /// generated shared ramp for a shared toon (or a missing `toonNN.bmp`), white for another
    /// missing toon.
    fn of(
        renderer: &'t Renderer,
        pmx: &Pmx,
        m: &Material,
        views: &'t HashMap<usize, wgpu::TextureView>,
    ) -> MaterialTextures<'t> {
        let view_of =
            |index: i32| texture_index(index, pmx.textures.len()).and_then(|i| views.get(&i));
        let own = view_of(m.texture);
        let sphere = match m.sphere_mode {
            SphereMode::None => &renderer.white,
            SphereMode::Add => view_of(m.sphere_texture).unwrap_or(&renderer.black),
            SphereMode::Multiply | SphereMode::SubTexture => {
                view_of(m.sphere_texture).unwrap_or(&renderer.white)
            }
        };
        let toon = match m.toon {
            Toon::Shared(n) => renderer
                .shared_toons
                .get(usize::from(n))
                .unwrap_or(&renderer.white),
            Toon::Texture(i) => view_of(i)
                .or_else(|| {
                    let path = pmx.textures.get(usize::try_from(i).ok()?)?;
                    renderer
                        .shared_toons
                        .get(usize::from(texture::shared_toon_name(path)?))
                })
                .unwrap_or(&renderer.white),
        };
        MaterialTextures {
            own,
            base: own.unwrap_or(&renderer.white),
            sphere,
            toon,
        }
    }
}

/// Uploads material `m` (drawing `indices`, shaded as `shading`) at its `params` and full
/// opacity: its uniform and its bind group with `textures`.
fn upload_material(
    device: &wgpu::Device,
    renderer: &Renderer,
    m: &Material,
    params: &MaterialParams,
    indices: Range<u32>,
    textures: MaterialTextures<'_>,
    shading: Shading,
) -> MaterialGpu {
    let switches = MaterialSwitches {
        sphere_mode: m.sphere_mode,
        receives_self_shadow: m.flags & material_flags::RECEIVE_SELF_SHADOW != 0,
        shading,
    };
    let written = params.uniform(switches, 1.0);
    let uniform = texture::buffer_with(
        device,
        "material",
        bytemuck::bytes_of(&written),
        wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
    );
    let bind_group = material_bind_group(
        device,
        &renderer.material_layout,
        &uniform,
        [textures.base, textures.sphere, textures.toon],
        [&renderer.wrap_sampler, &renderer.clamp_sampler],
    );
    let untextured = textures.own.is_none();
    MaterialGpu {
        indices,
        double_sided: m.flags & material_flags::DOUBLE_SIDED != 0,
        edge: m.flags & material_flags::EDGE != 0 && params.edge_visible(),
        edge_flag: m.flags & material_flags::EDGE != 0,
        ground_shadow: m.flags & material_flags::GROUND_SHADOW != 0,
        casts_self_shadow: m.flags & material_flags::CAST_SELF_SHADOW != 0,
        untextured,
        casts_solid: untextured && params.casts_solid(1.0),
        bind_group,
        plain: untextured && m.sphere_mode == SphereMode::None,
        uniform,
        written,
        switches,
        visible: params.diffuse[3] > 0.0,
    }
}

impl FrameState {
    /// A model just uploaded: at the origin, in the default look, to be skinned.
    fn at_rest(shading: Shading) -> FrameState {
        FrameState {
            placement: Mat4::IDENTITY,
            look: AccessoryLook::default(),
            written_opacity: 1.0,
            draw_key: next_draw_key(),
            materials_version: next_draw_key(),
            visible_materials: 0,
            accessory: shading == Shading::Accessory,
            needs_skinning: AtomicBool::new(true),
        }
    }
}

impl ModelGpu {
    /// Uploads `pmx` in its rest pose. Textures are decoded in parallel; a missing or
    /// undecodable texture becomes a warning and a neutral stand-in (white for colour and
    /// multiply-sphere maps, black for add-sphere maps, the generated shared ramp for a
    /// missing `toonNN.bmp`). A model whose buffers exceed what the device allows is an
    /// error, found before anything is allocated.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        pmx: &Pmx,
        textures: &dyn TextureSource,
    ) -> Result<(ModelGpu, Vec<TextureWarning>), RenderError> {
        ModelGpu::upload(device, queue, renderer, pmx, textures, Shading::Model)
    }

    /// Uploads an accessory given as a model of one bone (every vertex weighted to bone 0):
    /// drawn with MMD's accessory shading (no toon, no edge) where its placement puts it (the
    /// vertex shader applies the placement; the vertices are skinned once, at rest), its look
    /// set by [`ModelGpu::set_accessory_look`]. Otherwise as [`ModelGpu::new`].
    pub fn new_accessory(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        pmx: &Pmx,
        textures: &dyn TextureSource,
    ) -> Result<(ModelGpu, Vec<TextureWarning>), RenderError> {
        ModelGpu::upload(device, queue, renderer, pmx, textures, Shading::Accessory)
    }

    fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        pmx: &Pmx,
        textures: &dyn TextureSource,
        shading: Shading,
    ) -> Result<(ModelGpu, Vec<TextureWarning>), RenderError> {
        let limits = device.limits();
        check_buffer_sizes(
            &limits,
            pmx.vertices.len(),
            pmx.faces.len(),
            pmx.bones.len(),
        )?;
        let max_side = limits.max_texture_dimension_2d;
        // The textures decode and upload on rayon's threads while the vertices are packed: a
        // model with one big texture sheet would otherwise keep a core idle through its decode.
        let (loaded, mut inputs) = rayon::join(
            || load_textures(device, queue, pmx, textures, max_side),
            || pack_vertices(pmx),
        );
        let (views, mut warnings) = texture_views(pmx, loaded);
        let (indices, ranges) = indexed_triangles(pmx, &mut inputs, shading, &limits)?;
        let matrices = vec![Mat4::IDENTITY; pmx.bones.len() + 1];
        let rotations = vec![Quat::IDENTITY; pmx.bones.len() + 1];
        let SkinBuffers {
            skinning_buffer,
            rotation_buffer,
            position_delta_buffer,
            uv_delta_buffer,
            skinned_buffer,
            bind_group: skin_bind_group,
        } = SkinBuffers::new(device, renderer, &inputs, &matrices, &rotations);
        let triangles = Triangles::new(device, indices, shading);
        let base_params: Vec<MaterialParams> =
            pmx.materials.iter().map(MaterialParams::from_pmx).collect();
        let materials = pmx
            .materials
            .iter()
            .zip(&base_params)
            .zip(ranges)
            .map(|((material, params), indices)| {
                let textures = MaterialTextures::of(renderer, pmx, material, &views);
                upload_material(
                    device, renderer, material, params, indices, textures, shading,
                )
            })
            .collect();
        warnings.sort_by(|a, b| a.path.cmp(&b.path));
        let mut model = ModelGpu {
            vertex_count: inputs.vertices.len() as u32,
            skinning_buffer,
            rotation_buffer,
            position_delta_buffer,
            uv_delta_buffer,
            skinned_buffer,
            triangles,
            skin_bind_group,
            materials,
            params: base_params.clone(),
            base_params,
            morphs: Morphs::new(pmx),
            matrices,
            rotations,
            blends_rotations: blends_rotations(pmx),
            frame: FrameState::at_rest(shading),
        };
        model.frame.visible_materials = model.visible_materials().count() as u32;
        Ok((model, warnings))
    }

    pub fn vertex_count(&self) -> u32 {
        self.vertex_count
    }

    /// Places the model in the scene from the next [`ModelGpu::update`]: its model space
    /// moved by `placement` (several models side by side; the identity by default).
    pub fn set_placement(&mut self, placement: Mat4) {
        self.frame.placement = placement;
    }

    /// An accessory's Tr, AD and ground-shadow settings from the next [`ModelGpu::update`].
    pub fn set_accessory_look(&mut self, look: AccessoryLook) {
        let frame = &mut self.frame;
        if (look.additive, look.ground_shadow) != (frame.look.additive, frame.look.ground_shadow) {
            frame.draw_key = next_draw_key();
        }
        frame.look = look;
    }

    /// Where the model stands in the scene ([`ModelGpu::set_placement`]).
    pub(crate) fn placement(&self) -> Mat4 {
        self.frame.placement
    }

    /// Uploaded with [`ModelGpu::new_accessory`].
    pub(crate) fn is_accessory(&self) -> bool {
        self.frame.accessory
    }

    /// Changes whenever the model's draws change (which materials are visible, its look).
    pub(crate) fn draw_key(&self) -> u64 {
        self.frame.draw_key
    }

    /// Changes whenever the uniform of one of the model's materials does.
    pub(crate) fn materials_version(&self) -> u64 {
        self.frame.materials_version
    }

    /// How many materials [`ModelGpu::visible_materials`] gives.
    pub(crate) fn visible_material_count(&self) -> u32 {
        self.frame.visible_materials
    }

    /// The look [`ModelGpu::set_accessory_look`] set (the default for a model).
    pub fn look(&self) -> AccessoryLook {
        self.frame.look
    }

    /// Sets the pose for the next frames: `skinning` holds one matrix per bone (global ×
    /// T(−rest position); missing ones count as identity), `morph_weights` one weight per
    /// model morph with group morphs already expanded (missing ones count as 0).
    /// An accessory takes neither: its vertices stay in their rest pose (its place is applied
    /// when drawn), and only its Tr reaches its materials.
    pub fn update(&mut self, queue: &wgpu::Queue, skinning: &[Mat4], morph_weights: &[f32]) {
        if self.frame.accessory {
            if self.opacity_changed() {
                self.write_materials(queue);
            }
            return;
        }
        // The matrix after the bones' is the placement alone (invalid bone indices use it).
        let mut moved = false;
        if let Some((last, bones)) = self.matrices.split_last_mut() {
            let placement = self.frame.placement;
            let given = skinning.iter().chain(std::iter::repeat(&Mat4::IDENTITY));
            for (slot, m) in bones.iter_mut().zip(given) {
                moved |= store_changed(slot, placement * *m);
            }
            moved |= store_changed(last, placement);
        }
        if moved {
            queue.write_buffer(
                &self.skinning_buffer,
                0,
                bytemuck::cast_slice(&self.matrices),
            );
        }
        if moved && self.blends_rotations {
            // SDEF and QDEF blend rotations as quaternions; derive them once per bone here.
            for (q, m) in self.rotations.iter_mut().zip(&self.matrices) {
                *q = Quat::from_mat4(m).normalize();
            }
            queue.write_buffer(
                &self.rotation_buffer,
                0,
                bytemuck::cast_slice(&self.rotations),
            );
        }
        let changes = self
            .morphs
            .apply(morph_weights, &self.base_params, &mut self.params);
        if moved || changes.vertices || changes.uvs {
            self.frame.needs_skinning.store(true, Ordering::Relaxed);
        }
        if changes.vertices && self.vertex_count > 0 {
            queue.write_buffer(
                &self.position_delta_buffer,
                0,
                bytemuck::cast_slice(&self.morphs.position_deltas),
            );
        }
        if changes.uvs && self.vertex_count > 0 {
            queue.write_buffer(
                &self.uv_delta_buffer,
                0,
                bytemuck::cast_slice(&self.morphs.uv_deltas),
            );
        }
        if changes.materials || self.opacity_changed() {
            self.write_materials(queue);
        }
    }

    /// The look's opacity differs from the one the material uniforms were written with.
    fn opacity_changed(&self) -> bool {
        self.frame.look.opacity.clamp(0.0, 1.0) != self.frame.written_opacity
    }

    /// Writes every material's uniform from its morphed parameters and the look's opacity, and
    /// notes which materials that shows, hides or makes cast a solid self-shadow.
    fn write_materials(&mut self, queue: &wgpu::Queue) {
        let frame = &mut self.frame;
        let opacity = frame.look.opacity.clamp(0.0, 1.0);
        frame.written_opacity = opacity;
        frame.materials_version = next_draw_key();
        for (material, params) in self.materials.iter_mut().zip(&self.params) {
            material.written = params.uniform(material.switches, opacity);
            queue.write_buffer(&material.uniform, 0, bytemuck::bytes_of(&material.written));
            let visible = params.diffuse[3] * opacity > 0.0;
            let edge = material.edge_flag && params.edge_visible();
            let solid = material.untextured && params.casts_solid(opacity);
            if (visible, edge, solid) != (material.visible, material.edge, material.casts_solid) {
                frame.draw_key = next_draw_key();
            }
            material.visible = visible;
            material.edge = edge;
            material.casts_solid = solid;
        }
        self.frame.visible_materials = self.visible_materials().count() as u32;
    }

    /// The bind group and vertex count the skinning pass needs.
    pub(crate) fn skinning_job(&self) -> (&wgpu::BindGroup, u32) {
        (&self.skin_bind_group, self.vertex_count)
    }

    /// The skinning job when the skinned vertices are out of date, which they are no longer
    /// once it is taken (the caller dispatches it).
    pub(crate) fn take_skinning_job(&self) -> Option<(&wgpu::BindGroup, u32)> {
        self.frame
            .needs_skinning
            .swap(false, Ordering::Relaxed)
            .then(|| self.skinning_job())
    }

    pub(crate) fn skinned_buffer(&self) -> &wgpu::Buffer {
        &self.skinned_buffer
    }

    /// A model's index buffer (`None` for an accessory, whose run draws its indices).
    pub(crate) fn index_buffer(&self) -> Option<&wgpu::Buffer> {
        match &self.triangles {
            Triangles::Uploaded(buffer) => Some(buffer),
            Triangles::Kept(_) => None,
        }
    }

    /// An accessory's indices (empty for a model).
    pub(crate) fn accessory_indices(&self) -> &[u32] {
        match &self.triangles {
            Triangles::Uploaded(_) => &[],
            Triangles::Kept(indices) => indices,
        }
    }

    pub(crate) fn visible_materials(&self) -> impl Iterator<Item = &MaterialGpu> {
        self.materials
            .iter()
            .filter(|m| m.visible && !m.indices.is_empty())
    }

    /// Runs the skinning pass for the current pose and reads the vertices back (an
    /// accessory's in its rest pose: its place is applied when drawn).
    pub fn read_skinned(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
    ) -> Result<Vec<SkinnedVertex>, RenderError> {
        let size = u64::from(self.vertex_count) * SKINNED_VERTEX_SIZE;
        if size == 0 {
            return Ok(Vec::new());
        }
        let staging = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("skinned readback"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        renderer
            .skinning
            .dispatch(&mut encoder, [self.skinning_job()]);
        encoder.copy_buffer_to_buffer(&self.skinned_buffer, 0, &staging, 0, size);
        queue.submit([encoder.finish()]);
        let bytes = crate::offscreen::read_buffer(device, &staging)?;
        let floats: &[f32] = bytemuck::cast_slice(&bytes);
        Ok(floats
            .chunks_exact(12)
            .map(|v| SkinnedVertex {
                position: Vec3::new(v[0], v[1], v[2]),
                edge_scale: v[3],
                normal: Vec3::new(v[4], v[5], v[6]),
                uv: Vec2::new(v[8], v[9]),
                additional_uv1: Vec2::new(v[10], v[11]),
            })
            .collect())
    }
}

/// Stores `value` in `slot`; whether it differed.
fn store_changed(slot: &mut Mat4, value: Mat4) -> bool {
    std::mem::replace(slot, value) != value
}

/// A material's bind group (group 1): its uniform, its colour, sphere and toon textures, and
/// the wrapping and clamping samplers.
pub(crate) fn material_bind_group(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    uniform: &wgpu::Buffer,
    [base, sphere, toon]: [&wgpu::TextureView; 3],
    [wrap, clamp]: [&wgpu::Sampler; 2],
) -> wgpu::BindGroup {
    let sampler = |binding, sampler| wgpu::BindGroupEntry {
        binding,
        resource: wgpu::BindingResource::Sampler(sampler),
    };
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("material"),
        layout,
        entries: &[
            entry(0, uniform),
            view_entry(1, base),
            view_entry(2, sphere),
            view_entry(3, toon),
            sampler(4, wrap),
            sampler(5, clamp),
        ],
    })
}

fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}

fn view_entry(binding: u32, view: &wgpu::TextureView) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: wgpu::BindingResource::TextureView(view),
    }
}

/// The textures the materials use, uploaded, and the problems met so far.
struct LoadedTextures {
    used: TextureUse,
    /// Per used texture index, its texture or why there is none.
    images: Vec<(usize, Result<wgpu::TextureView, String>)>,
    warnings: Vec<TextureWarning>,
}

/// Decodes and uploads (in parallel) every texture a material uses, no side larger than
/// `max_side`: colour and sphere textures with their full mip chain, toon-only textures as a
/// single level.
fn load_textures(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    pmx: &Pmx,
    source: &dyn TextureSource,
    max_side: u32,
) -> LoadedTextures {
    let count = pmx.textures.len();
    let mut used = TextureUse::default();
    let mut warnings = Vec::new();
    let mut note = |index: i32, toon: bool, material: &str| {
        if index < 0 {
            return;
        }
        match texture_index(index, count) {
            Some(i) => {
                used.any.insert(i);
                if !toon {
                    used.non_toon.insert(i);
                }
            }
            None => warnings.push(TextureWarning {
                path: format!("#{index}"),
                problem: format!("material {material}: texture index out of range"),
            }),
        }
    };
    for m in &pmx.materials {
        note(m.texture, false, &m.name);
        if m.sphere_mode != SphereMode::None {
            note(m.sphere_texture, false, &m.name);
        }
        if let Toon::Texture(i) = m.toon {
            note(i, true, &m.name);
        }
    }
    // The mip chains are built here on the CPU, in the parallel decode, rather than by a GPU
    // pass after upload: the box filter costs a fraction of the decode, and on a software
    // adapter (lavapipe) a GPU pass would be CPU work too, run serially after the upload.
    // Each texture is uploaded by the thread that decoded it: copying its chain into wgpu's
    // staging memory (67 MB for Gene, 89 MB for Uka) then overlaps the other decodes instead
    // of following them on one thread, and the decoded image is freed there too.
    let images = used
        .any
        .par_iter()
        .map(|&i| {
            let path = &pmx.textures[i];
            // Submitted at once: on a software adapter (lavapipe) the copy into the texture
            // then runs on the queue's thread while the other textures decode, rather than
            // all of them ahead of the first frame.
            let view = match source.load(path) {
                None => Err("not found".to_string()),
                Some(bytes) => texture::load(
                    device,
                    queue,
                    &bytes,
                    path,
                    max_side,
                    used.non_toon.contains(&i),
                ),
            };
            (i, view)
        })
        .collect();
    LoadedTextures {
        used,
        images,
        warnings,
    }
}

/// The uploaded textures by index; the ones that could not be had become warnings, except a
/// shared toon named by file, which the renderer generates.
fn texture_views(
    pmx: &Pmx,
    loaded: LoadedTextures,
) -> (HashMap<usize, wgpu::TextureView>, Vec<TextureWarning>) {
    let LoadedTextures {
        used,
        images,
        mut warnings,
    } = loaded;
    let mut views = HashMap::new();
    for (i, image) in images {
        let path = &pmx.textures[i];
        match image {
            Ok(view) => {
                views.insert(i, view);
            }
            // A shared toon named by file (typical of PMD models) is generated instead.
            Err(_) if !used.non_toon.contains(&i) && texture::shared_toon_name(path).is_some() => {}
            Err(problem) => warnings.push(TextureWarning {
                path: path.clone(),
                problem,
            }),
        }
    }
    (views, warnings)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use crate::{GpuContext, MemoryTextureSource};

    #[test]
    fn a_vertex_shared_by_two_materials_is_copied_for_the_second() {
        // Two triangles of material 0 and one of material 1, which shares vertices 2 and 3
        // with them; vertex 4 is its own, and vertex 5 no triangle names.
        let mut indices = vec![0, 1, 2, 1, 3, 2, 2, 3, 4];
        let copies = split_shared_vertices(&mut indices, &[0..6, 6..9], 6);
        assert_eq!(copies, [2, 3]);
        assert_eq!(indices, [0, 1, 2, 1, 3, 2, 6, 7, 4]);
        // Every vertex now belongs to one material.
        let first: BTreeSet<u32> = indices[..6].iter().copied().collect();
        let second: BTreeSet<u32> = indices[6..].iter().copied().collect();
        assert!(first.is_disjoint(&second));
        // A material whose vertices no other names keeps them, and one copy serves a
        // material that names a shared vertex twice.
        let mut indices = vec![0, 1, 2, 0, 2, 1, 0, 2, 1];
        let copies = split_shared_vertices(&mut indices, &[0..3, 3..9], 3);
        assert_eq!(copies, [0, 2, 1]);
        assert_eq!(indices, [0, 1, 2, 3, 4, 5, 3, 4, 5]);
    }

    #[test]
    fn a_model_larger_than_the_device_allows_is_refused_before_upload() {
        let roomy = wgpu::Limits::default();
        assert!(check_buffer_sizes(&roomy, 100, 0, 0).is_ok());
        let small = wgpu::Limits {
            max_buffer_size: 1024,
            ..wgpu::Limits::default()
        };
        match check_buffer_sizes(&small, 100, 0, 0) {
            Err(RenderError::ModelTooLarge { what, bytes, max }) => {
                assert_eq!(what, "vertices");
                assert!(bytes > 1024);
                assert_eq!(max, 1024);
            }
            other => panic!("expected ModelTooLarge, got {other:?}"),
        }
    }

    /// The uploaded textures of a model whose one material uses texture 0 as its colour
    /// texture, 1 as its sphere map and 2 as its toon: the first two get the full mip chain,
    /// the toon a single level.
    #[test]
    fn colour_and_sphere_textures_get_mips_toons_do_not() {
        let ctx = match GpuContext::headless() {
            Ok(ctx) => ctx,
            Err(e) if std::env::var("MMD_REQUIRE_GPU").as_deref() != Ok("1") => {
                eprintln!("skipping: {e}");
                return;
            }
            Err(e) => panic!("MMD_REQUIRE_GPU=1 but {e}"),
        };
        let mut png = std::io::Cursor::new(Vec::new());
        image::RgbaImage::new(48, 20)
            .write_to(&mut png, image::ImageFormat::Png)
            .unwrap();
        let png: &'static [u8] = Box::leak(png.into_inner().into_boxed_slice());
        let names = ["colour.png", "sphere.png", "toon.png"];
        let mut source = MemoryTextureSource::new();
        for name in names {
            source.insert(name, png);
        }
        let pmx = Pmx {
            textures: names.map(String::from).to_vec(),
            materials: vec![mmd_format::pmx::Material {
                texture: 0,
                sphere_texture: 1,
                sphere_mode: SphereMode::Multiply,
                toon: Toon::Texture(2),
                ..Default::default()
            }],
            ..Default::default()
        };
        let loaded = load_textures(
            &ctx.device,
            &ctx.queue,
            &pmx,
            &source,
            ctx.device.limits().max_texture_dimension_2d,
        );
        let (views, warnings) = texture_views(&pmx, loaded);
        assert!(warnings.is_empty(), "{warnings:?}");
        let levels = |i: usize| views[&i].texture().mip_level_count();
        // floor(log2(48)) + 1
        assert_eq!((levels(0), levels(1), levels(2)), (6, 6, 1));
    }
}
