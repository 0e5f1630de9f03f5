//! VMD reader. Sections after the bone keys are optional: the file may end cleanly before any
//! section's count, and [`Vmd::sections`] records the last one present. A count that runs past
//! the end of the file is an error, not an early end.

use super::{
    BoneKey, CameraKey, IkKey, IkState, LightKey, MorphKey, ShadowKey, Vmd, VmdSections, VmdVersion,
};
use crate::binary::{Ctx, Reader};
use crate::error::{ErrorKind, Format, Result};
use crate::text::FixedText;

pub(super) const MAGIC_FIELD_SIZE: usize = 30;
/// Both magic strings are 25 characters long; the rest of the 30-byte field is padding.
pub(super) const MAGIC_LEN: usize = 25;
pub(super) const MAGIC_NEW: &[u8; MAGIC_LEN] = b"Vocaloid Motion Data 0002";
pub(super) const MAGIC_OLD: &[u8; MAGIC_LEN] = b"Vocaloid Motion Data file";
pub(super) const OLD_NAME_SIZE: usize = 10;

pub(super) const BONE_KEY_SIZE: usize = 111;
pub(super) const MORPH_KEY_SIZE: usize = 23;
pub(super) const CAMERA_KEY_SIZE: usize = 61;
pub(super) const LIGHT_KEY_SIZE: usize = 28;
pub(super) const SHADOW_KEY_SIZE: usize = 9;
/// A show/IK key with no IK entries.
pub(super) const IK_KEY_MIN_SIZE: usize = 9;
pub(super) const IK_STATE_SIZE: usize = 21;

pub fn read(bytes: &[u8]) -> Result<Vmd> {
    let mut r = Reader::new(bytes, Format::Vmd);
    let magic = r.take(MAGIC_FIELD_SIZE).ctx(|| "header")?;
    let version = match &magic[..MAGIC_LEN] {
        m if m == MAGIC_NEW => VmdVersion::New,
        m if m == MAGIC_OLD => VmdVersion::Old,
        _ => return Err(r.error_at(0, ErrorKind::BadMagic(Format::Vmd))),
    };
    let mut magic_tail = [0u8; 5];
    magic_tail.copy_from_slice(&magic[MAGIC_LEN..]);
    let mut model_name = FixedText::<20>::default();
    match version {
        VmdVersion::New => model_name.bytes = r.array().ctx(|| "header: model name")?,
        VmdVersion::Old => {
            let name = r.take(OLD_NAME_SIZE).ctx(|| "header: model name")?;
            model_name.bytes[..OLD_NAME_SIZE].copy_from_slice(name);
        }
    }

    let mut vmd = Vmd {
        version,
        magic_tail,
        model_name,
        sections: VmdSections::Bone,
        ..Vmd::default()
    };
    vmd.bone_keys = read_bone_keys(&mut r)?;
    if r.is_at_end() {
        return Ok(vmd);
    }
    vmd.sections = VmdSections::Morph;
    vmd.morph_keys = read_morph_keys(&mut r)?;
    if r.is_at_end() {
        return Ok(vmd);
    }
    vmd.sections = VmdSections::Camera;
    vmd.camera_keys = read_camera_keys(&mut r)?;
    if r.is_at_end() {
        return Ok(vmd);
    }
    vmd.sections = VmdSections::Light;
    vmd.light_keys = read_light_keys(&mut r)?;
    if r.is_at_end() {
        return Ok(vmd);
    }
    vmd.sections = VmdSections::Shadow;
    vmd.shadow_keys = read_shadow_keys(&mut r)?;
    if r.is_at_end() {
        return Ok(vmd);
    }
    vmd.sections = VmdSections::Ik;
    vmd.ik_keys = read_ik_keys(&mut r)?;
    Ok(vmd)
}

fn read_bone_keys(r: &mut Reader<'_>) -> Result<Vec<BoneKey>> {
    let count = r.count_u32(BONE_KEY_SIZE).ctx(|| "bone key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        // The count check above guarantees every record is in the file; taking each record
        // as one slice keeps the hot loop (motions have tens of thousands of keys) cheap.
        let rec = r.take(BONE_KEY_SIZE).ctx(|| format!("bone key {i}"))?;
        let mut name = FixedText::<15>::default();
        name.bytes.copy_from_slice(&rec[..15]);
        let mut interpolation = [0u8; 64];
        interpolation.copy_from_slice(&rec[47..111]);
        keys.push(BoneKey {
            name,
            frame: u32_at(rec, 15),
            translation: [f32_at(rec, 19), f32_at(rec, 23), f32_at(rec, 27)],
            rotation: [
                f32_at(rec, 31),
                f32_at(rec, 35),
                f32_at(rec, 39),
                f32_at(rec, 43),
            ],
            interpolation,
        });
    }
    Ok(keys)
}

fn read_morph_keys(r: &mut Reader<'_>) -> Result<Vec<MorphKey>> {
    let count = r.count_u32(MORPH_KEY_SIZE).ctx(|| "morph key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        let rec = r.take(MORPH_KEY_SIZE).ctx(|| format!("morph key {i}"))?;
        let mut name = FixedText::<15>::default();
        name.bytes.copy_from_slice(&rec[..15]);
        keys.push(MorphKey {
            name,
            frame: u32_at(rec, 15),
            weight: f32_at(rec, 19),
        });
    }
    Ok(keys)
}

fn read_camera_keys(r: &mut Reader<'_>) -> Result<Vec<CameraKey>> {
    let count = r.count_u32(CAMERA_KEY_SIZE).ctx(|| "camera key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        let key = (|| {
            Ok(CameraKey {
                frame: r.u32()?,
                distance: r.f32()?,
                position: r.vec3()?,
                rotation: r.vec3()?,
                interpolation: r.array()?,
                fov: r.u32()?,
                perspective_off: r.u8()?,
            })
        })()
        .ctx(|| format!("camera key {i}"))?;
        keys.push(key);
    }
    Ok(keys)
}

fn read_light_keys(r: &mut Reader<'_>) -> Result<Vec<LightKey>> {
    let count = r.count_u32(LIGHT_KEY_SIZE).ctx(|| "light key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        let key = (|| {
            Ok(LightKey {
                frame: r.u32()?,
                color: r.vec3()?,
                direction: r.vec3()?,
            })
        })()
        .ctx(|| format!("light key {i}"))?;
        keys.push(key);
    }
    Ok(keys)
}

fn read_shadow_keys(r: &mut Reader<'_>) -> Result<Vec<ShadowKey>> {
    let count = r
        .count_u32(SHADOW_KEY_SIZE)
        .ctx(|| "self-shadow key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        let key = (|| {
            Ok(ShadowKey {
                frame: r.u32()?,
                mode: r.u8()?,
                distance: r.f32()?,
            })
        })()
        .ctx(|| format!("self-shadow key {i}"))?;
        keys.push(key);
    }
    Ok(keys)
}

fn read_ik_keys(r: &mut Reader<'_>) -> Result<Vec<IkKey>> {
    let count = r.count_u32(IK_KEY_MIN_SIZE).ctx(|| "show/IK key count")?;
    let mut keys = Vec::with_capacity(count);
    for i in 0..count {
        let key = (|| {
            let frame = r.u32()?;
            let visible = r.u8()?;
            let state_count = r.count_u32(IK_STATE_SIZE)?;
            let mut iks = Vec::with_capacity(state_count);
            for _ in 0..state_count {
                iks.push(IkState {
                    name: FixedText { bytes: r.array()? },
                    enabled: r.u8()?,
                });
            }
            Ok(IkKey {
                frame,
                visible,
                iks,
            })
        })()
        .ctx(|| format!("show/IK key {i}"))?;
        keys.push(key);
    }
    Ok(keys)
}

/// Little-endian u32 at `at` in a record whose length was checked by `take`.
fn u32_at(rec: &[u8], at: usize) -> u32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&rec[at..at + 4]);
    u32::from_le_bytes(b)
}

fn f32_at(rec: &[u8], at: usize) -> f32 {
    f32::from_bits(u32_at(rec, at))
}
