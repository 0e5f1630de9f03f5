//! PMD 1.0 writer: the exact inverse of the reader for every file the reader accepts (except
//! trailing bytes after the last section, which the reader ignores).

use super::read::MAGIC;
use super::{English, Pmd};
use crate::binary::Writer;
use crate::error::{Error, ErrorKind, Format, Result};
use crate::text::FixedText;

pub fn write(pmd: &Pmd) -> Result<Vec<u8>> {
    let mut w = Writer::with_capacity(estimated_size(pmd));
    w.bytes(MAGIC);
    w.f32(pmd.version);
    w.bytes(&pmd.name.bytes);
    w.bytes(&pmd.comment.bytes);

    w.u32(count_u32(pmd.vertices.len(), "vertices")?);
    for v in &pmd.vertices {
        w.floats(&v.position);
        w.floats(&v.normal);
        w.floats(&v.uv);
        w.u16(v.bones[0]);
        w.u16(v.bones[1]);
        w.u8(v.weight);
        w.u8(v.edge_disabled);
    }

    let index_count = pmd.faces.len().saturating_mul(3);
    w.u32(count_u32(index_count, "face indices")?);
    for f in &pmd.faces {
        f.iter().for_each(|&i| w.u16(i));
    }

    w.u32(count_u32(pmd.materials.len(), "materials")?);
    for m in &pmd.materials {
        w.floats(&m.diffuse);
        w.f32(m.specular_power);
        w.floats(&m.specular);
        w.floats(&m.ambient);
        w.u8(m.toon_index);
        w.u8(m.edge);
        w.u32(m.index_count);
        w.bytes(&m.texture.bytes);
    }

    w.u16(count_u16(pmd.bones.len(), "bones")?);
    for b in &pmd.bones {
        w.bytes(&b.name.bytes);
        w.u16(b.parent);
        w.u16(b.tail);
        w.u8(b.kind);
        w.u16(b.ik_parent);
        w.floats(&b.position);
    }

    w.u16(count_u16(pmd.iks.len(), "IKs")?);
    for ik in &pmd.iks {
        w.u16(ik.bone);
        w.u16(ik.target);
        w.u8(count_u8(ik.links.len(), "IK links")?);
        w.u16(ik.iterations);
        w.f32(ik.limit);
        ik.links.iter().for_each(|&l| w.u16(l));
    }

    w.u16(count_u16(pmd.morphs.len(), "morphs")?);
    for m in &pmd.morphs {
        w.bytes(&m.name.bytes);
        w.u32(count_u32(m.vertices.len(), "morph vertices")?);
        w.u8(m.panel);
        for v in &m.vertices {
            w.u32(v.index);
            w.floats(&v.offset);
        }
    }

    w.u8(count_u8(pmd.morph_display.len(), "morph display entries")?);
    pmd.morph_display.iter().for_each(|&i| w.u16(i));
    w.u8(count_u8(pmd.bone_frame_names.len(), "bone frames")?);
    pmd.bone_frame_names.iter().for_each(|n| w.bytes(&n.bytes));
    w.u32(count_u32(pmd.bone_display.len(), "bone display entries")?);
    for &(bone, frame) in &pmd.bone_display {
        w.u16(bone);
        w.u8(frame);
    }

    // Extensions are positional: a later one forces the earlier ones to be written (the
    // English flag as 0, the toon list as MMD's defaults).
    let has_later = pmd.toon_textures.is_some() || pmd.physics.is_some();
    match &pmd.english {
        Some(english) => {
            w.u8(1);
            write_english(&mut w, pmd, english)?;
        }
        None if has_later => w.u8(0),
        None => {}
    }
    let toons = match pmd.toon_textures {
        Some(toons) => Some(toons),
        None if pmd.physics.is_some() => Some(default_toons()),
        None => None,
    };
    if let Some(toons) = toons {
        toons.iter().for_each(|t| w.bytes(&t.bytes));
    }
    if let Some(physics) = &pmd.physics {
        w.u32(count_u32(physics.rigid_bodies.len(), "rigid bodies")?);
        for b in &physics.rigid_bodies {
            w.bytes(&b.name.bytes);
            w.u16(b.bone);
            w.u8(b.group);
            w.u16(b.non_collision_mask);
            w.u8(b.shape);
            w.floats(&b.size);
            w.floats(&b.position);
            w.floats(&b.rotation);
            w.floats(&[
                b.mass,
                b.linear_damping,
                b.angular_damping,
                b.restitution,
                b.friction,
            ]);
            w.u8(b.mode);
        }
        w.u32(count_u32(physics.joints.len(), "joints")?);
        for j in &physics.joints {
            w.bytes(&j.name.bytes);
            w.u32(j.rigid_bodies[0]);
            w.u32(j.rigid_bodies[1]);
            j.constraint.write(&mut w);
        }
    }
    Ok(w.into_bytes())
}

/// The English extension has one name per bone, per non-base morph and per bone frame; a
/// mismatch would shift every later field, so it is refused.
fn write_english(w: &mut Writer, pmd: &Pmd, english: &English) -> Result<()> {
    let expected = [
        ("bone", english.bone_names.len(), pmd.bones.len()),
        (
            "morph",
            english.morph_names.len(),
            pmd.morphs.len().saturating_sub(1),
        ),
        (
            "bone frame",
            english.bone_frame_names.len(),
            pmd.bone_frame_names.len(),
        ),
    ];
    for (what, have, want) in expected {
        if have != want {
            return Err(unwritable(format!(
                "{have} English {what} names for {want} {what}s"
            )));
        }
    }
    w.bytes(&english.name.bytes);
    w.bytes(&english.comment.bytes);
    english.bone_names.iter().for_each(|n| w.bytes(&n.bytes));
    english.morph_names.iter().for_each(|n| w.bytes(&n.bytes));
    english
        .bone_frame_names
        .iter()
        .for_each(|n| w.bytes(&n.bytes));
    Ok(())
}

/// MMD's own toon list: toon01.bmp .. toon10.bmp.
fn default_toons() -> [FixedText<100>; 10] {
    std::array::from_fn(|i| FixedText::encode(&format!("toon{:02}.bmp", i + 1)))
}

fn estimated_size(pmd: &Pmd) -> usize {
    283 + pmd.vertices.len() * 38
        + pmd.faces.len() * 6
        + pmd.materials.len() * 70
        + pmd.bones.len() * 39
        + pmd
            .morphs
            .iter()
            .map(|m| 25 + m.vertices.len() * 16)
            .sum::<usize>()
        + 2048
}

fn unwritable(message: String) -> Error {
    Error {
        format: Format::Pmd,
        context: String::new(),
        kind: ErrorKind::Unwritable(message),
        offset: 0,
    }
}

fn count_u32(n: usize, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| unwritable(format!("{n} {what} do not fit a 32-bit count")))
}

fn count_u16(n: usize, what: &str) -> Result<u16> {
    u16::try_from(n).map_err(|_| unwritable(format!("{n} {what} do not fit a 16-bit count")))
}

fn count_u8(n: usize, what: &str) -> Result<u8> {
    u8::try_from(n).map_err(|_| unwritable(format!("{n} {what} do not fit an 8-bit count")))
}
