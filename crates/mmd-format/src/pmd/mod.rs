//! PMD 1.0 models, with the optional English-name, toon-texture and physics extensions.
//! Fixed-size Shift-JIS fields are kept byte for byte (see [`FixedText`]).

mod layout;
mod read;
mod write;

pub(crate) use layout::Layout;

pub use read::read;
pub use write::write;

use crate::JointConstraint;
use crate::text::FixedText;

/// "No bone" in 16-bit bone fields.
pub const NO_BONE: u16 = 0xFFFF;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pmd {
    pub version: f32,
    pub name: FixedText<20>,
    pub comment: FixedText<256>,
    pub vertices: Vec<Vertex>,
    /// Triangles as vertex indices.
    pub faces: Vec<[u16; 3]>,
    pub materials: Vec<Material>,
    pub bones: Vec<Bone>,
    pub iks: Vec<Ik>,
    /// Morphs ("skins"); when present the first is the base morph, whose vertex indices are
    /// model vertices and whose offsets are base positions. The others index into the base.
    pub morphs: Vec<Morph>,
    /// Morph indices listed in MMD's expression panel.
    pub morph_display: Vec<u16>,
    /// Names of the bone display frames.
    pub bone_frame_names: Vec<FixedText<50>>,
    /// (bone index, 1-based display frame index).
    pub bone_display: Vec<(u16, u8)>,
    pub english: Option<English>,
    /// toon01.bmp..toon10.bmp replacements (present when the file has the extension).
    pub toon_textures: Option<[FixedText<100>; 10]>,
    /// Present when the file has the physics extension.
    pub physics: Option<Physics>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub uv: [f32; 2],
    pub bones: [u16; 2],
    /// Weight of `bones[0]` in percent (0..=100).
    pub weight: u8,
    /// 0 = draw edge, 1 = no edge.
    pub edge_disabled: u8,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Material {
    /// RGB + alpha.
    pub diffuse: [f32; 4],
    pub specular_power: f32,
    pub specular: [f32; 3],
    pub ambient: [f32; 3],
    /// 0..=9 = toon01..toon10, 0xFF = none.
    pub toon_index: u8,
    /// Non-zero: draw edge.
    pub edge: u8,
    pub index_count: u32,
    /// "texture.bmp", "texture.bmp*sphere.sph", or just "sphere.sph".
    pub texture: FixedText<20>,
}

/// PMD bone types.
pub mod bone_kind {
    pub const ROTATE: u8 = 0;
    pub const ROTATE_MOVE: u8 = 1;
    pub const IK: u8 = 2;
    pub const UNKNOWN: u8 = 3;
    pub const IK_LINK: u8 = 4;
    /// Rotation follows `ik_parent` (回転影響下).
    pub const ROTATE_FOLLOW: u8 = 5;
    pub const IK_TARGET: u8 = 6;
    pub const INVISIBLE: u8 = 7;
    pub const TWIST: u8 = 8;
    /// Rotation follows `tail` with weight `ik_parent / 100` (回転連動).
    pub const ROTATE_COUPLED: u8 = 9;
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bone {
    pub name: FixedText<20>,
    pub parent: u16,
    pub tail: u16,
    /// See [`bone_kind`].
    pub kind: u8,
    /// IK bone for IK links, influence source for [`bone_kind::ROTATE_FOLLOW`], weight for
    /// [`bone_kind::ROTATE_COUPLED`].
    pub ik_parent: u16,
    pub position: [f32; 3],
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ik {
    pub bone: u16,
    /// Effector.
    pub target: u16,
    pub iterations: u16,
    /// Control weight: the per-iteration unit angle, as stored (the rig converts it).
    pub limit: f32,
    /// Links, nearest the effector first.
    pub links: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Morph {
    pub name: FixedText<20>,
    /// 0 base, 1 eyebrow, 2 eye, 3 lip, 4 other.
    pub panel: u8,
    pub vertices: Vec<MorphVertex>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MorphVertex {
    pub index: u32,
    pub offset: [f32; 3],
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct English {
    pub name: FixedText<20>,
    pub comment: FixedText<256>,
    /// One per bone.
    pub bone_names: Vec<FixedText<20>>,
    /// One per morph except the base.
    pub morph_names: Vec<FixedText<20>>,
    /// One per bone display frame.
    pub bone_frame_names: Vec<FixedText<50>>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Physics {
    pub rigid_bodies: Vec<RigidBody>,
    pub joints: Vec<Joint>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct RigidBody {
    pub name: FixedText<20>,
    pub bone: u16,
    pub group: u8,
    pub non_collision_mask: u16,
    /// 0 sphere, 1 box, 2 capsule.
    pub shape: u8,
    pub size: [f32; 3],
    /// Relative to the bone.
    pub position: [f32; 3],
    pub rotation: [f32; 3],
    pub mass: f32,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub restitution: f32,
    pub friction: f32,
    /// 0 follow bone, 1 physics, 2 physics with bone position.
    pub mode: u8,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Joint {
    pub name: FixedText<20>,
    pub rigid_bodies: [u32; 2],
    pub constraint: JointConstraint,
}
