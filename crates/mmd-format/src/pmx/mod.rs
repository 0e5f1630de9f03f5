//! PMX 2.0 / 2.1 models. Plain structs mirroring the file; indices keep the file's meaning
//! (signed, -1 = none) except vertex indices, which are unsigned.

mod read;
mod write;

pub use read::read;
pub use write::write;

use crate::{JointConstraint, ReadWarning};

/// Text encoding flag of the PMX header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextEncoding {
    #[default]
    Utf16Le,
    Utf8,
}

/// The header's globals: encoding, additional UV count and the byte size of each index kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// 2.0 or 2.1.
    pub version: f32,
    pub encoding: TextEncoding,
    /// 0..=4.
    pub additional_uv_count: u8,
    /// 1, 2 or 4 bytes each.
    pub vertex_index_size: u8,
    pub texture_index_size: u8,
    pub material_index_size: u8,
    pub bone_index_size: u8,
    pub morph_index_size: u8,
    pub rigid_body_index_size: u8,
    /// Globals beyond the eight the specification defines (kept for round trips).
    pub extra_globals: Vec<u8>,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            version: 2.0,
            encoding: TextEncoding::Utf16Le,
            additional_uv_count: 0,
            vertex_index_size: 4,
            texture_index_size: 4,
            material_index_size: 4,
            bone_index_size: 4,
            morph_index_size: 4,
            rigid_body_index_size: 4,
            extra_globals: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pmx {
    pub header: Header,
    pub name: String,
    pub name_en: String,
    pub comment: String,
    pub comment_en: String,
    pub vertices: Vec<Vertex>,
    /// Triangles as vertex indices.
    pub faces: Vec<[u32; 3]>,
    /// Texture paths as stored (relative to the model, usually with `\`).
    pub textures: Vec<String>,
    pub materials: Vec<Material>,
    pub bones: Vec<Bone>,
    pub morphs: Vec<Morph>,
    pub display_frames: Vec<DisplayFrame>,
    pub rigid_bodies: Vec<RigidBody>,
    pub joints: Vec<Joint>,
    /// PMX 2.1 only.
    pub soft_bodies: Vec<SoftBody>,
    /// References the reader (or the PMD conversion) found pointing nowhere and neutralised,
    /// in file order; empty for a valid file. Not part of the model: the writer ignores it.
    pub warnings: Vec<ReadWarning>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub uv: [f32; 2],
    /// Only the first `header.additional_uv_count` entries are stored in the file; the rest
    /// are zero.
    pub additional_uvs: [[f32; 4]; 4],
    pub weight: Weight,
    pub edge_scale: f32,
}

/// Skinning weights of a vertex. Bone indices are signed (-1 = none).
#[derive(Debug, Clone, PartialEq)]
pub enum Weight {
    Bdef1 {
        bone: i32,
    },
    /// `weight` is the weight of `bones[0]`; `bones[1]` gets `1 - weight`.
    Bdef2 {
        bones: [i32; 2],
        weight: f32,
    },
    Bdef4 {
        bones: [i32; 4],
        weights: [f32; 4],
    },
    Sdef {
        bones: [i32; 2],
        weight: f32,
        c: [f32; 3],
        r0: [f32; 3],
        r1: [f32; 3],
    },
    /// PMX 2.1 dual-quaternion skinning.
    Qdef {
        bones: [i32; 4],
        weights: [f32; 4],
    },
}

impl Default for Weight {
    fn default() -> Self {
        Weight::Bdef1 { bone: 0 }
    }
}

/// Material flag bits.
pub mod material_flags {
    pub const DOUBLE_SIDED: u8 = 0x01;
    pub const GROUND_SHADOW: u8 = 0x02;
    pub const CAST_SELF_SHADOW: u8 = 0x04;
    pub const RECEIVE_SELF_SHADOW: u8 = 0x08;
    pub const EDGE: u8 = 0x10;
    pub const VERTEX_COLOR: u8 = 0x20;
    pub const POINT_DRAW: u8 = 0x40;
    pub const LINE_DRAW: u8 = 0x80;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SphereMode {
    #[default]
    None,
    Multiply,
    Add,
    /// Sphere texture sampled with additional UV1.
    SubTexture,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Toon {
    /// Index into MMD's shared toon01.bmp..toon10.bmp (0..=9).
    Shared(u8),
    /// Texture index (-1 = none).
    Texture(i32),
}

impl Default for Toon {
    fn default() -> Self {
        Toon::Texture(-1)
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Material {
    pub name: String,
    pub name_en: String,
    pub diffuse: [f32; 4],
    pub specular: [f32; 3],
    pub specular_power: f32,
    pub ambient: [f32; 3],
    /// See [`material_flags`].
    pub flags: u8,
    pub edge_color: [f32; 4],
    pub edge_size: f32,
    /// Texture index (-1 = none).
    pub texture: i32,
    /// Texture index (-1 = none).
    pub sphere_texture: i32,
    pub sphere_mode: SphereMode,
    pub toon: Toon,
    pub memo: String,
    /// Number of face indices (3 per triangle) drawn with this material, in order.
    pub index_count: u32,
}

/// Bone flag bits.
pub mod bone_flags {
    /// Tail given as a bone index instead of an offset.
    pub const TAIL_IS_BONE: u16 = 0x0001;
    pub const ROTATABLE: u16 = 0x0002;
    pub const MOVABLE: u16 = 0x0004;
    pub const VISIBLE: u16 = 0x0008;
    pub const OPERABLE: u16 = 0x0010;
    pub const IK: u16 = 0x0020;
    /// Append (付与) takes the source's local transform.
    pub const APPEND_LOCAL: u16 = 0x0080;
    pub const APPEND_ROTATE: u16 = 0x0100;
    pub const APPEND_TRANSLATE: u16 = 0x0200;
    pub const FIXED_AXIS: u16 = 0x0400;
    pub const LOCAL_AXIS: u16 = 0x0800;
    pub const AFTER_PHYSICS: u16 = 0x1000;
    pub const EXTERNAL_PARENT: u16 = 0x2000;
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BoneTail {
    Offset([f32; 3]),
    /// Bone index (-1 = none).
    Bone(i32),
}

impl Default for BoneTail {
    fn default() -> Self {
        BoneTail::Offset([0.0; 3])
    }
}

/// Append (付与) source; whether it applies to rotation and/or translation, and whether it is
/// local, is in the bone's flags.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Append {
    pub parent: i32,
    pub weight: f32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LocalAxis {
    pub x: [f32; 3],
    pub z: [f32; 3],
}

/// Euler angle limits of an IK link, radians, in the bone's X/Y/Z.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AngleLimit {
    pub min: [f32; 3],
    pub max: [f32; 3],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IkLink {
    pub bone: i32,
    pub limit: Option<AngleLimit>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ik {
    /// The effector bone the chain moves toward this IK bone (PMX "IK target").
    pub target: i32,
    pub loop_count: i32,
    /// Maximum rotation per link per iteration, radians.
    pub limit_angle: f32,
    /// Links, nearest the effector first.
    pub links: Vec<IkLink>,
}

/// A bone. The optional parts are present exactly when the corresponding flag is set; the
/// writer follows the flags.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bone {
    pub name: String,
    pub name_en: String,
    pub position: [f32; 3],
    pub parent: i32,
    pub deform_depth: i32,
    /// See [`bone_flags`].
    pub flags: u16,
    pub tail: BoneTail,
    pub append: Option<Append>,
    pub fixed_axis: Option<[f32; 3]>,
    pub local_axis: Option<LocalAxis>,
    pub external_parent_key: Option<i32>,
    pub ik: Option<Ik>,
}

impl Bone {
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
}

/// Morph panel (where MMD lists it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MorphPanel {
    #[default]
    System,
    Eyebrow,
    Eye,
    Mouth,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroupOffset {
    pub morph: i32,
    pub weight: f32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VertexOffset {
    pub vertex: u32,
    pub offset: [f32; 3],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneOffset {
    pub bone: i32,
    pub translation: [f32; 3],
    /// Quaternion x, y, z, w.
    pub rotation: [f32; 4],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UvOffset {
    pub vertex: u32,
    pub offset: [f32; 4],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MaterialOp {
    #[default]
    Multiply,
    Add,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MaterialOffset {
    /// Material index; -1 = every material.
    pub material: i32,
    pub op: MaterialOp,
    pub diffuse: [f32; 4],
    pub specular: [f32; 3],
    pub specular_power: f32,
    pub ambient: [f32; 3],
    pub edge_color: [f32; 4],
    pub edge_size: f32,
    pub texture_tint: [f32; 4],
    pub sphere_tint: [f32; 4],
    pub toon_tint: [f32; 4],
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImpulseOffset {
    pub rigid_body: i32,
    pub local: bool,
    pub velocity: [f32; 3],
    pub torque: [f32; 3],
}

/// A morph's offsets; the variant is the morph kind.
#[derive(Debug, Clone, PartialEq)]
pub enum MorphOffsets {
    Group(Vec<GroupOffset>),
    Vertex(Vec<VertexOffset>),
    Bone(Vec<BoneOffset>),
    /// `channel` 0 = the main UV, 1..=4 = additional UV1..UV4.
    Uv {
        channel: u8,
        offsets: Vec<UvOffset>,
    },
    Material(Vec<MaterialOffset>),
    /// PMX 2.1.
    Flip(Vec<GroupOffset>),
    /// PMX 2.1.
    Impulse(Vec<ImpulseOffset>),
}

impl MorphOffsets {
    /// Short lowercase name of the kind ("vertex", "uv", "additional_uv1", …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            MorphOffsets::Group(_) => "group",
            MorphOffsets::Vertex(_) => "vertex",
            MorphOffsets::Bone(_) => "bone",
            MorphOffsets::Uv { channel: 0, .. } => "uv",
            MorphOffsets::Uv { channel: 1, .. } => "additional_uv1",
            MorphOffsets::Uv { channel: 2, .. } => "additional_uv2",
            MorphOffsets::Uv { channel: 3, .. } => "additional_uv3",
            MorphOffsets::Uv { .. } => "additional_uv4",
            MorphOffsets::Material(_) => "material",
            MorphOffsets::Flip(_) => "flip",
            MorphOffsets::Impulse(_) => "impulse",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Morph {
    pub name: String,
    pub name_en: String,
    pub panel: MorphPanel,
    pub offsets: MorphOffsets,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisplayElement {
    Bone(i32),
    Morph(i32),
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct DisplayFrame {
    pub name: String,
    pub name_en: String,
    /// Special frames (Root, 表情) cannot be edited in PMX editors.
    pub special: bool,
    pub elements: Vec<DisplayElement>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RigidShape {
    #[default]
    Sphere,
    Box,
    Capsule,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PhysicsMode {
    /// Follows its bone (kinematic).
    #[default]
    FollowBone,
    Physics,
    /// Physics, with the bone's position kept.
    PhysicsWithBone,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct RigidBody {
    pub name: String,
    pub name_en: String,
    /// Bone index (-1 = none).
    pub bone: i32,
    pub group: u8,
    pub non_collision_mask: u16,
    pub shape: RigidShape,
    pub size: [f32; 3],
    pub position: [f32; 3],
    /// Euler angles, radians.
    pub rotation: [f32; 3],
    pub mass: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub restitution: f32,
    pub friction: f32,
    pub mode: PhysicsMode,
}

/// Joint kinds: 2.0 has only the spring 6DOF; 2.1 adds the rest, all with the same layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JointKind {
    #[default]
    Spring6Dof,
    SixDof,
    PointToPoint,
    ConeTwist,
    Slider,
    Hinge,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Joint {
    pub name: String,
    pub name_en: String,
    pub kind: JointKind,
    /// Rigid body indices (-1 = none).
    pub rigid_bodies: [i32; 2],
    pub constraint: JointConstraint,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SoftBodyShape {
    #[default]
    TriMesh,
    Rope,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SoftBodyAnchor {
    pub rigid_body: i32,
    pub vertex: u32,
    pub near_mode: u8,
}

/// PMX 2.1 soft body.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SoftBody {
    pub name: String,
    pub name_en: String,
    pub shape: SoftBodyShape,
    /// Material index (-1 = none).
    pub material: i32,
    pub group: u8,
    pub non_collision_mask: u16,
    /// Bit 0 B-link, bit 1 cluster creation, bit 2 link crossing.
    pub flags: u8,
    pub b_link_distance: i32,
    pub cluster_count: i32,
    pub total_mass: f32,
    pub collision_margin: f32,
    pub aero_model: i32,
    /// VCF, DP, DG, LF, PR, VC, DF, MT, CHR, KHR, SHR, AHR.
    pub config: [f32; 12],
    /// SRHR_CL, SKHR_CL, SSHR_CL, SR_SPLT_CL, SK_SPLT_CL, SS_SPLT_CL.
    pub cluster: [f32; 6],
    /// V_IT, P_IT, D_IT, C_IT.
    pub iterations: [i32; 4],
    /// LST, AST, VST.
    pub material_coefficients: [f32; 3],
    pub anchors: Vec<SoftBodyAnchor>,
    /// Pinned vertex indices.
    pub pins: Vec<u32>,
}
