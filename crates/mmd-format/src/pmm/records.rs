//! The records a project is made of: each kind of key (the part after its links), the edited
//! states, and the key tables that hold one initial key per track and then the indexed keys.
//! Sizes and field order as in the layout of the [module docs](super).

use super::tracks::{Framed, KeyTable, Linked};
use super::{
    AccessoryKey, AccessoryState, BoneKey, BoneState, CameraKey, GravityKey, GravityState,
    LightKey, LightState, ModelBone, ModelKey, MorphKey, OutsideParentState, PmmVersion,
    SelfShadowKey,
};
use crate::binary::{Ctx, Reader};
use crate::error::Result;

/// Frame, previous and next: the links every key starts with.
const LINKS_SIZE: usize = 12;
/// The index an indexed key has before its links.
const INDEX_SIZE: usize = 4;

pub(super) const MORPH_BODY_SIZE: usize = 5;
pub(super) const LIGHT_BODY_SIZE: usize = 25;
pub(super) const ACCESSORY_BODY_SIZE: usize = 39;
pub(super) const GRAVITY_BODY_SIZE: usize = 22;
pub(super) const SELF_SHADOW_BODY_SIZE: usize = 6;
pub(super) const OUTSIDE_PARENT_STATE_SIZE: usize = 16;

/// Curves, translation, rotation, selected; 0002 adds the physics flag.
pub(super) fn bone_body_size(version: PmmVersion) -> usize {
    match version {
        PmmVersion::V1 => 45,
        PmmVersion::V2 => 46,
    }
}

/// Distance, look-at, angle, curves, orthographic, fov, selected; 0002 adds the followed bone.
pub(super) fn camera_body_size(version: PmmVersion) -> usize {
    match version {
        PmmVersion::V1 => 58,
        PmmVersion::V2 => 66,
    }
}

/// Visible, one byte per IK bone, (0002) a model and bone per outside-parent bone, selected.
pub(super) fn model_body_size(version: PmmVersion, iks: usize, outside_parents: usize) -> usize {
    let outside = match version {
        PmmVersion::V1 => 0,
        PmmVersion::V2 => 8usize.saturating_mul(outside_parents),
    };
    2usize.saturating_add(iks).saturating_add(outside)
}

/// Translation, rotation, then 0001: 4 unknown bytes, dirty, selected tracks; 0002: dirty,
/// physics off, selected tracks.
pub(super) fn bone_state_size(version: PmmVersion) -> usize {
    match version {
        PmmVersion::V1 => 34,
        PmmVersion::V2 => 31,
    }
}

/// One initial key per track (`tracks` of them), then a count and that many indexed keys; each
/// key's part after its links is at least `body_size` bytes and read by `body`. Counts are
/// checked against the bytes left before anything is allocated.
pub(super) fn key_table<'a, K>(
    r: &mut Reader<'a>,
    tracks: usize,
    body_size: usize,
    what: &str,
    mut body: impl FnMut(&mut Reader<'a>) -> Result<K>,
) -> Result<KeyTable<K>> {
    let initial_size = LINKS_SIZE.saturating_add(body_size);
    let tracks = r
        .check_count(tracks as u64, initial_size)
        .ctx(|| format!("initial {what} keys"))?;
    let mut initial = Vec::with_capacity(tracks);
    for t in 0..tracks {
        let offset = r.pos();
        let key = (|| {
            let (frame, previous, next) = (r.i32()?, r.i32()?, r.i32()?);
            Ok(Linked {
                index: t as i32,
                frame,
                previous,
                next,
                offset,
                key: body(r)?,
            })
        })()
        .ctx(|| format!("initial {what} key {t}"))?;
        initial.push(key);
    }
    let count = r
        .count_i32(INDEX_SIZE.saturating_add(initial_size))
        .ctx(|| format!("{what} key count"))?;
    let mut indexed = Vec::with_capacity(count);
    for i in 0..count {
        let offset = r.pos();
        let key = (|| {
            let (index, frame, previous, next) = (r.i32()?, r.i32()?, r.i32()?, r.i32()?);
            Ok(Linked {
                index,
                frame,
                previous,
                next,
                offset,
                key: body(r)?,
            })
        })()
        .ctx(|| format!("{what} key {i}"))?;
        indexed.push(key);
    }
    Ok(KeyTable { initial, indexed })
}

fn flag(r: &mut Reader<'_>) -> Result<bool> {
    Ok(r.u8()? != 0)
}

fn curves<const N: usize>(r: &mut Reader<'_>) -> Result<[[u8; 4]; N]> {
    let mut out = [[0u8; 4]; N];
    for curve in &mut out {
        *curve = r.array()?;
    }
    Ok(out)
}

pub(super) fn model_bone(r: &mut Reader<'_>) -> Result<ModelBone> {
    Ok(ModelBone {
        model: r.i32()?,
        bone: r.i32()?,
    })
}

pub(super) fn bone_key(r: &mut Reader<'_>, version: PmmVersion) -> Result<BoneKey> {
    Ok(BoneKey {
        frame: 0,
        curves: curves(r)?,
        translation: r.vec3()?,
        rotation: r.vec4()?,
        selected: flag(r)?,
        physics_off: match version {
            PmmVersion::V1 => false,
            PmmVersion::V2 => flag(r)?,
        },
    })
}

pub(super) fn morph_key(r: &mut Reader<'_>) -> Result<MorphKey> {
    Ok(MorphKey {
        frame: 0,
        weight: r.f32()?,
        selected: flag(r)?,
    })
}

pub(super) fn model_key(
    r: &mut Reader<'_>,
    version: PmmVersion,
    iks: usize,
    outside_parents: usize,
) -> Result<ModelKey> {
    let visible = flag(r)?;
    let iks = r.take(iks)?.iter().map(|&b| b != 0).collect();
    let outside_parents = match version {
        PmmVersion::V1 => Vec::new(),
        PmmVersion::V2 => {
            let count = r.check_count(outside_parents as u64, 8)?;
            (0..count).map(|_| model_bone(r)).collect::<Result<_>>()?
        }
    };
    Ok(ModelKey {
        frame: 0,
        visible,
        iks,
        outside_parents,
        selected: flag(r)?,
    })
}

pub(super) fn camera_key(r: &mut Reader<'_>, version: PmmVersion) -> Result<CameraKey> {
    let distance = r.f32()?;
    let look_at = r.vec3()?;
    let angle = r.vec3()?;
    let follow = match version {
        PmmVersion::V1 => ModelBone::NONE,
        PmmVersion::V2 => model_bone(r)?,
    };
    Ok(CameraKey {
        frame: 0,
        distance,
        look_at,
        angle,
        follow,
        curves: curves(r)?,
        perspective: r.u8()? == 0,
        fov: r.i32()?,
        selected: flag(r)?,
    })
}

pub(super) fn light_state(r: &mut Reader<'_>) -> Result<LightState> {
    Ok(LightState {
        color: r.vec3()?,
        direction: r.vec3()?,
    })
}

pub(super) fn light_key(r: &mut Reader<'_>) -> Result<LightKey> {
    Ok(LightKey {
        frame: 0,
        state: light_state(r)?,
        selected: flag(r)?,
    })
}

/// Bit 0: shown; bits 1..7: transparency in percent.
fn shown_and_transparency(packed: u8) -> (bool, u8) {
    (packed & 1 != 0, packed >> 1)
}

pub(super) fn accessory_key(r: &mut Reader<'_>) -> Result<AccessoryKey> {
    let (shown, transparency) = shown_and_transparency(r.u8()?);
    Ok(AccessoryKey {
        frame: 0,
        state: AccessoryState {
            shown,
            transparency,
            parent: model_bone(r)?,
            position: r.vec3()?,
            rotation: r.vec3()?,
            scale: r.f32()?,
            shadow: flag(r)?,
        },
        selected: flag(r)?,
    })
}

/// An accessory's current state: a key's fields, but the scale before the rotation.
pub(super) fn accessory_state(r: &mut Reader<'_>) -> Result<AccessoryState> {
    let (shown, transparency) = shown_and_transparency(r.u8()?);
    let parent = model_bone(r)?;
    let position = r.vec3()?;
    let scale = r.f32()?;
    Ok(AccessoryState {
        shown,
        transparency,
        parent,
        position,
        rotation: r.vec3()?,
        scale,
        shadow: flag(r)?,
    })
}

pub(super) fn gravity_key(r: &mut Reader<'_>) -> Result<GravityKey> {
    let noise_enabled = flag(r)?;
    let noise = r.i32()?;
    Ok(GravityKey {
        frame: 0,
        state: GravityState {
            acceleration: r.f32()?,
            noise_enabled,
            noise,
            direction: r.vec3()?,
        },
        selected: flag(r)?,
    })
}

/// The current gravity: acceleration, noise, direction, noise on (not a key's order).
pub(super) fn gravity_state(r: &mut Reader<'_>) -> Result<GravityState> {
    let acceleration = r.f32()?;
    let noise = r.i32()?;
    let direction = r.vec3()?;
    Ok(GravityState {
        acceleration,
        noise_enabled: flag(r)?,
        noise,
        direction,
    })
}

pub(super) fn self_shadow_key(r: &mut Reader<'_>) -> Result<SelfShadowKey> {
    Ok(SelfShadowKey {
        frame: 0,
        mode: r.u8()?,
        distance: r.f32()?,
        selected: flag(r)?,
    })
}

pub(super) fn bone_state(r: &mut Reader<'_>, version: PmmVersion) -> Result<BoneState> {
    let translation = r.vec3()?;
    let rotation = r.vec4()?;
    Ok(match version {
        PmmVersion::V1 => BoneState {
            translation,
            rotation,
            v1_unknown: r.i32()?,
            dirty: flag(r)?,
            physics_off: false,
            selected_tracks: r.u8()?,
        },
        PmmVersion::V2 => BoneState {
            translation,
            rotation,
            dirty: flag(r)?,
            physics_off: flag(r)?,
            selected_tracks: r.u8()?,
            v1_unknown: 0,
        },
    })
}

pub(super) fn outside_parent_state(r: &mut Reader<'_>) -> Result<OutsideParentState> {
    Ok(OutsideParentState {
        begin: r.i32()?,
        end: r.i32()?,
        parent: model_bone(r)?,
    })
}

macro_rules! framed {
    ($($key:ty),*) => {$(
        impl Framed for $key {
            fn frame(&self) -> u32 {
                self.frame
            }
            fn set_frame(&mut self, frame: u32) {
                self.frame = frame;
            }
        }
    )*};
}

framed!(
    BoneKey,
    MorphKey,
    ModelKey,
    CameraKey,
    LightKey,
    AccessoryKey,
    GravityKey,
    SelfShadowKey
);
