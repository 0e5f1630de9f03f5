//! VMD motions: bone, morph, camera, light, self-shadow and show/IK keys. Older writers stop
//! after any section; [`Vmd::sections`] remembers how many were present so files round-trip.

mod read;
mod write;

pub use read::read;
pub use write::write;

use crate::text::FixedText;

/// Which magic string the file starts with; it decides the model-name field's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VmdVersion {
    /// "Vocaloid Motion Data file": 10-byte model name.
    Old,
    /// "Vocaloid Motion Data 0002": 20-byte model name.
    #[default]
    New,
}

/// The sections a VMD may hold, in file order. A file that ends after the morph section has
/// `sections == VmdSections::Morph`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum VmdSections {
    Bone,
    Morph,
    Camera,
    Light,
    Shadow,
    #[default]
    Ik,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vmd {
    pub version: VmdVersion,
    /// Bytes 25..30 of the 30-byte magic field, after the 25-character magic string: normally
    /// zero, but some tools leave garbage there; kept so that files round-trip.
    pub magic_tail: [u8; 5],
    /// For [`VmdVersion::Old`] only the first 10 bytes are stored.
    pub model_name: FixedText<20>,
    pub bone_keys: Vec<BoneKey>,
    pub morph_keys: Vec<MorphKey>,
    pub camera_keys: Vec<CameraKey>,
    pub light_keys: Vec<LightKey>,
    pub shadow_keys: Vec<ShadowKey>,
    pub ik_keys: Vec<IkKey>,
    /// The last section present in the file.
    pub sections: VmdSections,
}

impl Vmd {
    /// The largest frame number of any key, 0 for an empty motion.
    pub fn last_frame(&self) -> u32 {
        let bones = self.bone_keys.iter().map(|k| k.frame);
        let morphs = self.morph_keys.iter().map(|k| k.frame);
        let cameras = self.camera_keys.iter().map(|k| k.frame);
        let lights = self.light_keys.iter().map(|k| k.frame);
        let shadows = self.shadow_keys.iter().map(|k| k.frame);
        let iks = self.ik_keys.iter().map(|k| k.frame);
        bones
            .chain(morphs)
            .chain(cameras)
            .chain(lights)
            .chain(shadows)
            .chain(iks)
            .max()
            .unwrap_or(0)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct BoneKey {
    pub name: FixedText<15>,
    pub frame: u32,
    pub translation: [f32; 3],
    /// Quaternion x, y, z, w.
    pub rotation: [f32; 4],
    /// The raw 64-byte interpolation block: four rows of 16 bytes, curve c (X, Y, Z,
    /// rotation) in row c at bytes 16c, 16c+4, 16c+8, 16c+12 (x1, y1, x2, y2 in 0..=127).
    /// Bytes 2 and 3 carry the key's physics switch ([`BoneKey::physics_off`]).
    pub interpolation: [u8; 64],
}

/// Bytes 2 and 3 of a bone key's interpolation block when MMD's "physics off" (物理OFF) is set
/// on the key; MMD writes 0, 0 there otherwise.
///
/// Source: babylon-mmd (noname0310/babylon-mmd) keeps one physics toggle per bone key
/// (`physicsToggles` in `src/Loader/Animation/mmdAnimationTrack.ts`), which its VMD loader
/// takes from `(interpolation[2] << 8) | interpolation[3]`: 0x0000 on, 0x630F off. Its runtime
/// makes the bone's physics bodies kinematic while the latest key says off
/// (`commit_body_states` in
/// `src/Runtime/Optimized/wasm_src/src/physics/mmd/physics_model_context.rs`). Its fixtures
/// `res/motion/physics_toggle_test*_yyb10th.vmd` agree: every key has 0, 0 or 99, 15 there,
/// and 99, 15 only on the keys where the motion hands a bone to the animation.
const PHYSICS_OFF_MARK: [u8; 2] = [0x63, 0x0F];

/// MMD's linear curve bytes (x1, y1, x2, y2) = (20, 20, 107, 107) for all four curves, as
/// MMD 9 writes them: row 0 is 20 × 8 then 107 × 8, row k is row 0 shifted left by k, and
/// bytes 2 and 3 hold the physics switch (0, 0: on).
const fn linear_bone_interpolation() -> [u8; 64] {
    let mut block = [0u8; 64];
    let mut row = 0;
    while row < 4 {
        let mut i = 0;
        while i + row < 16 {
            block[16 * row + i] = if i + row < 8 { 20 } else { 107 };
            i += 1;
        }
        row += 1;
    }
    block[2] = 0;
    block[3] = 0;
    block
}

impl BoneKey {
    /// Linear interpolation on every channel, the block MMD 9 writes (physics on).
    pub const LINEAR_INTERPOLATION: [u8; 64] = linear_bone_interpolation();

    /// Control points (x1, y1, x2, y2) of curve `c` (0 = X, 1 = Y, 2 = Z, 3 = rotation), each
    /// in 0..=127 as stored.
    pub fn curve(&self, c: usize) -> [u8; 4] {
        let b = &self.interpolation;
        let c = c.min(3);
        [b[16 * c], b[16 * c + 4], b[16 * c + 8], b[16 * c + 12]]
    }

    /// Whether the key turns physics off for its bone: from this key until the bone's next
    /// key, the bone's physics bodies follow the animation instead of the simulation. Only
    /// the exact mark MMD writes counts; any other bytes there (older writers repeat curve
    /// bytes in the first row) leave physics on.
    ///
    /// The mark never reaches a curve: [`BoneKey::curve`] reads bytes 16c, 16c+4, 16c+8 and
    /// 16c+12 only, and bytes 2 and 3 are none of those.
    pub fn physics_off(&self) -> bool {
        self.interpolation[2..4] == PHYSICS_OFF_MARK
    }

    /// Sets or clears the physics-off mark (bytes 2 and 3, as MMD writes them).
    pub fn set_physics_off(&mut self, off: bool) {
        let mark = if off { PHYSICS_OFF_MARK } else { [0, 0] };
        self.interpolation[2..4].copy_from_slice(&mark);
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct MorphKey {
    pub name: FixedText<15>,
    pub frame: u32,
    pub weight: f32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CameraKey {
    pub frame: u32,
    /// Distance from the look-at point (MMD stores it negated: -45 means 45 in front).
    pub distance: f32,
    /// Look-at point.
    pub position: [f32; 3],
    /// Euler angles, radians.
    pub rotation: [f32; 3],
    /// Six curves (X, Y, Z, rotation, distance, FOV), 4 bytes each: x1, x2, y1, y2.
    pub interpolation: [u8; 24],
    /// Vertical field of view, degrees.
    pub fov: u32,
    /// 0 = perspective on, 1 = off (orthographic).
    pub perspective_off: u8,
}

impl CameraKey {
    /// Linear interpolation on all six curves, the block MMD writes: (x1, x2, y1, y2) =
    /// (20, 107, 20, 107) each, in the camera block's byte order.
    pub const LINEAR_INTERPOLATION: [u8; 24] = [
        20, 107, 20, 107, 20, 107, 20, 107, 20, 107, 20, 107, 20, 107, 20, 107, 20, 107, 20, 107,
        20, 107, 20, 107,
    ];
}

#[derive(Debug, Clone, PartialEq)]
pub struct LightKey {
    pub frame: u32,
    pub color: [f32; 3],
    pub direction: [f32; 3],
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShadowKey {
    pub frame: u32,
    /// 0 off, 1 mode 1, 2 mode 2.
    pub mode: u8,
    pub distance: f32,
}

/// A show/IK ("property") key: model visibility and each listed IK bone's on/off state.
#[derive(Debug, Clone, PartialEq)]
pub struct IkKey {
    pub frame: u32,
    pub visible: u8,
    pub iks: Vec<IkState>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct IkState {
    pub name: FixedText<20>,
    pub enabled: u8,
}
