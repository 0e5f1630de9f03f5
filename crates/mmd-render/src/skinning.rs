//! GPU skinning: the per-vertex skinning inputs packed from the PMX, and the compute pass
//! (`shaders/skinning.wgsl`) that writes the frame's vertex buffer.

use bytemuck::{Pod, Zeroable};
use mmd_format::pmx::Pmx;
use mmd_pose::skin_weights::{self, NO_BONE, VertexWeights};

/// Bytes per skinned vertex: position + edge scale, normal, uv + additional UV1.
pub const SKINNED_VERTEX_SIZE: u64 = 48;
const WORKGROUP: u32 = 64;
const MAX_GROUPS_PER_DIMENSION: u32 = 65535;

const KIND_LINEAR: u32 = 0;
const KIND_SDEF: u32 = 1;
const KIND_QDEF: u32 = 2;

/// One rest vertex as the skinning shader reads it (std430 layout of `SourceVertex`).
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, Debug)]
pub struct SourceVertex {
    position: [f32; 3],
    edge_scale: f32,
    normal: [f32; 3],
    kind: u32,
    uv: [f32; 2],
    sdef_index: u32,
    pad: u32,
    add_uv1: [f32; 4],
    bones: [u32; 4],
    weights: [f32; 4],
}

/// SDEF centre and the corrected midpoints of C with R0 and R1.
#[repr(C)]
#[derive(Clone, Copy, Pod, Zeroable, Debug)]
pub struct SdefParams {
    c: [f32; 4],
    cr0: [f32; 4],
    cr1: [f32; 4],
}

/// The skinning inputs of a whole model.
pub struct SkinInputs {
    pub vertices: Vec<SourceVertex>,
    pub sdef: Vec<SdefParams>,
}

/// Packs every vertex, its bones and weights as mmd-pose's [`VertexWeights`] cleans them for
/// the CPU reference too, so that both skin a hostile weight alike. A bone outside the
/// skeleton ([`NO_BONE`]) names the identity matrix stored after the bones' matrices (index
/// `bone_count`), so the shader never reads outside the matrix buffer. Non-finite positions
/// count as 0.
pub fn pack_vertices(pmx: &Pmx) -> SkinInputs {
    let bone_count = pmx.bones.len();
    let identity = bone_count as u32;
    let gpu_bone = |b: u32| if b == NO_BONE { identity } else { b };
    let mut sdef = Vec::new();
    let vertices = pmx
        .vertices
        .iter()
        .map(|v| {
            let influence = VertexWeights::from_pmx(&v.weight, bone_count);
            let (kind, bones, weights, sdef_index) = match influence {
                VertexWeights::Linear { bones, weights } => (KIND_LINEAR, bones, weights, 0),
                VertexWeights::Qdef { bones, weights } => (KIND_QDEF, bones, weights, 0),
                VertexWeights::Sdef {
                    bones: [b0, b1],
                    weights: [w0, w1],
                    params,
                } => {
                    sdef.push(SdefParams::from(params));
                    let index = sdef.len() as u32 - 1;
                    (
                        KIND_SDEF,
                        [b0, b1, NO_BONE, NO_BONE],
                        [w0, w1, 0.0, 0.0],
                        index,
                    )
                }
            };
            SourceVertex {
                position: finite3(v.position),
                edge_scale: v.edge_scale,
                normal: v.normal,
                kind,
                uv: v.uv,
                sdef_index,
                pad: 0,
                add_uv1: v.additional_uvs[0],
                bones: bones.map(gpu_bone),
                weights,
            }
        })
        .collect();
    SkinInputs { vertices, sdef }
}

fn finite3(v: [f32; 3]) -> [f32; 3] {
    if v.iter().all(|c| c.is_finite()) {
        v
    } else {
        [0.0; 3]
    }
}

impl From<skin_weights::SdefParams> for SdefParams {
    fn from(p: skin_weights::SdefParams) -> SdefParams {
        SdefParams {
            c: p.c.extend(0.0).into(),
            cr0: p.cr0.extend(0.0).into(),
            cr1: p.cr1.extend(0.0).into(),
        }
    }
}

/// The skinning compute pipeline and its bind group layout.
pub struct SkinningPipeline {
    pub layout: wgpu::BindGroupLayout,
    pipeline: wgpu::ComputePipeline,
}

impl SkinningPipeline {
    pub fn new(device: &wgpu::Device) -> SkinningPipeline {
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("skinning"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../shaders/skinning.wgsl").into()),
        });
        let storage = |binding: u32, read_only: bool| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("skinning"),
            entries: &[
                storage(0, true),
                storage(1, true),
                storage(2, true),
                storage(3, true),
                storage(4, true),
                storage(5, true),
                storage(6, false),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("skinning"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("skinning"),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some("skin"),
            compilation_options: Default::default(),
            cache: None,
        });
        SkinningPipeline { layout, pipeline }
    }

    /// Records the skinning of several models in one compute pass: each item is a model's
    /// bind group and vertex count.
    pub fn dispatch<'a>(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        models: impl IntoIterator<Item = (&'a wgpu::BindGroup, u32)>,
    ) {
        let mut models = models
            .into_iter()
            .filter(|&(_, count)| count > 0)
            .peekable();
        if models.peek().is_none() {
            return;
        }
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("skinning"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&self.pipeline);
        for (bind_group, vertex_count) in models {
            let groups = vertex_count.div_ceil(WORKGROUP);
            let x = groups.min(MAX_GROUPS_PER_DIMENSION);
            let y = groups.div_ceil(x);
            pass.set_bind_group(0, bind_group, &[]);
            pass.dispatch_workgroups(x, y, 1);
        }
    }
}
