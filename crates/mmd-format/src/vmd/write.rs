//! VMD writer: the inverse of the reader. Sections are written up to [`Vmd::sections`], or
//! further when a later section holds keys (keys are never dropped).

use super::read::{
    BONE_KEY_SIZE, CAMERA_KEY_SIZE, LIGHT_KEY_SIZE, MAGIC_NEW, MAGIC_OLD, MORPH_KEY_SIZE,
    OLD_NAME_SIZE, SHADOW_KEY_SIZE,
};
use super::{Vmd, VmdSections, VmdVersion};
use crate::binary::Writer;
use crate::error::{Error, ErrorKind, Format, Result};

pub fn write(vmd: &Vmd) -> Result<Vec<u8>> {
    let size = 50
        + 24
        + vmd.bone_keys.len() * BONE_KEY_SIZE
        + vmd.morph_keys.len() * MORPH_KEY_SIZE
        + vmd.camera_keys.len() * CAMERA_KEY_SIZE
        + vmd.light_keys.len() * LIGHT_KEY_SIZE
        + vmd.shadow_keys.len() * SHADOW_KEY_SIZE;
    let mut w = Writer::with_capacity(size);
    match vmd.version {
        VmdVersion::New => {
            w.bytes(MAGIC_NEW);
            w.bytes(&vmd.magic_tail);
            w.bytes(&vmd.model_name.bytes);
        }
        VmdVersion::Old => {
            let (name, rest) = vmd.model_name.bytes.split_at(OLD_NAME_SIZE);
            if rest.iter().any(|&b| b != 0) {
                return Err(unwritable(
                    "model name longer than the 10 bytes of an old-format VMD".into(),
                ));
            }
            w.bytes(MAGIC_OLD);
            w.bytes(&vmd.magic_tail);
            w.bytes(name);
        }
    }

    let last = vmd.sections.max(last_section_with_keys(vmd));

    w.u32(count(vmd.bone_keys.len(), "bone keys")?);
    for k in &vmd.bone_keys {
        w.bytes(&k.name.bytes);
        w.u32(k.frame);
        w.floats(&k.translation);
        w.floats(&k.rotation);
        w.bytes(&k.interpolation);
    }
    if last >= VmdSections::Morph {
        w.u32(count(vmd.morph_keys.len(), "morph keys")?);
        for k in &vmd.morph_keys {
            w.bytes(&k.name.bytes);
            w.u32(k.frame);
            w.f32(k.weight);
        }
    }
    if last >= VmdSections::Camera {
        w.u32(count(vmd.camera_keys.len(), "camera keys")?);
        for k in &vmd.camera_keys {
            w.u32(k.frame);
            w.f32(k.distance);
            w.floats(&k.position);
            w.floats(&k.rotation);
            w.bytes(&k.interpolation);
            w.u32(k.fov);
            w.u8(k.perspective_off);
        }
    }
    if last >= VmdSections::Light {
        w.u32(count(vmd.light_keys.len(), "light keys")?);
        for k in &vmd.light_keys {
            w.u32(k.frame);
            w.floats(&k.color);
            w.floats(&k.direction);
        }
    }
    if last >= VmdSections::Shadow {
        w.u32(count(vmd.shadow_keys.len(), "self-shadow keys")?);
        for k in &vmd.shadow_keys {
            w.u32(k.frame);
            w.u8(k.mode);
            w.f32(k.distance);
        }
    }
    if last >= VmdSections::Ik {
        w.u32(count(vmd.ik_keys.len(), "show/IK keys")?);
        for k in &vmd.ik_keys {
            w.u32(k.frame);
            w.u8(k.visible);
            w.u32(count(k.iks.len(), "IK states")?);
            for s in &k.iks {
                w.bytes(&s.name.bytes);
                w.u8(s.enabled);
            }
        }
    }
    Ok(w.into_bytes())
}

/// The last section that has at least one key (bones when none has).
fn last_section_with_keys(vmd: &Vmd) -> VmdSections {
    if !vmd.ik_keys.is_empty() {
        VmdSections::Ik
    } else if !vmd.shadow_keys.is_empty() {
        VmdSections::Shadow
    } else if !vmd.light_keys.is_empty() {
        VmdSections::Light
    } else if !vmd.camera_keys.is_empty() {
        VmdSections::Camera
    } else if !vmd.morph_keys.is_empty() {
        VmdSections::Morph
    } else {
        VmdSections::Bone
    }
}

fn unwritable(message: String) -> Error {
    Error {
        format: Format::Vmd,
        context: String::new(),
        kind: ErrorKind::Unwritable(message),
        offset: 0,
    }
}

fn count(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| unwritable(format!("{n} {what} do not fit a 32-bit count")))
}
