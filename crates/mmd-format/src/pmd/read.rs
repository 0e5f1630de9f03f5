//! PMD 1.0 reader. The three extensions (English names, toon textures, physics) are each
//! optional: a file may end before any of them.

use super::{
    Bone, English, Ik, Joint, Material, Morph, MorphVertex, Physics, Pmd, RigidBody, Vertex,
};
use crate::JointConstraint;
use crate::binary::{Ctx, Fields, Reader};
use crate::error::{ErrorKind, Format, Result};
use crate::text::FixedText;

/// Byte sizes of the fixed-size records, used to check counts before allocating.
pub(super) const VERTEX_SIZE: usize = 38;
pub(super) const MATERIAL_SIZE: usize = 70;
pub(super) const BONE_SIZE: usize = 39;
/// An IK entry without links.
pub(super) const IK_MIN_SIZE: usize = 11;
/// A morph without vertices.
pub(super) const MORPH_MIN_SIZE: usize = 25;
pub(super) const MORPH_VERTEX_SIZE: usize = 16;
pub(super) const RIGID_BODY_SIZE: usize = 83;
/// Name, two body indices, the constraint.
pub(super) const JOINT_SIZE: usize = 20 + 2 * 4 + JointConstraint::SIZE;

pub(super) const MAGIC: &[u8; 3] = b"Pmd";

pub fn read(bytes: &[u8]) -> Result<Pmd> {
    let mut r = Reader::new(bytes, Format::Pmd);
    if r.take(3).ctx(|| "header")? != MAGIC {
        return Err(r.error_at(0, ErrorKind::BadMagic(Format::Pmd)));
    }
    let version = r.f32().ctx(|| "header")?;
    let name = text(&mut r).ctx(|| "header: name")?;
    let comment = text(&mut r).ctx(|| "header: comment")?;

    let vertices = read_vertices(&mut r)?;
    let faces = read_faces(&mut r)?;
    let materials = read_materials(&mut r)?;
    let bones = read_bones(&mut r)?;
    let iks = read_iks(&mut r)?;
    let morphs = read_morphs(&mut r)?;

    let count = usize::from(r.u8().ctx(|| "morph display count")?);
    let morph_display = (0..count)
        .map(|i| r.u16().ctx(|| format!("morph display {i}")))
        .collect::<Result<_>>()?;
    let count = usize::from(r.u8().ctx(|| "bone frame count")?);
    let bone_frame_names = (0..count)
        .map(|i| text(&mut r).ctx(|| format!("bone frame {i}")))
        .collect::<Result<Vec<_>>>()?;
    let count = r.count_u32(3).ctx(|| "bone display count")?;
    let bone_display = (0..count)
        .map(|i| (|| Ok((r.u16()?, r.u8()?)))().ctx(|| format!("bone display {i}")))
        .collect::<Result<_>>()?;

    let mut pmd = Pmd {
        version,
        name,
        comment,
        vertices,
        faces,
        materials,
        bones,
        iks,
        morphs,
        morph_display,
        bone_frame_names,
        bone_display,
        english: None,
        toon_textures: None,
        physics: None,
    };

    // Each extension is present only if the file goes on; an extension that starts must be
    // complete.
    if r.is_at_end() {
        return Ok(pmd);
    }
    if r.u8().ctx(|| "English flag")? != 0 {
        pmd.english = Some(read_english(&mut r, &pmd).ctx(|| "English names")?);
    }
    if r.is_at_end() {
        return Ok(pmd);
    }
    let mut toons = [FixedText::default(); 10];
    for (i, toon) in toons.iter_mut().enumerate() {
        *toon = text(&mut r).ctx(|| format!("toon texture {i}"))?;
    }
    pmd.toon_textures = Some(toons);
    if r.is_at_end() {
        return Ok(pmd);
    }
    pmd.physics = Some(read_physics(&mut r)?);
    Ok(pmd)
}

fn text<const N: usize>(r: &mut Reader<'_>) -> Result<FixedText<N>> {
    Ok(FixedText { bytes: r.array()? })
}

/// A fixed text field of a record.
#[inline(always)]
fn field_text<const M: usize, const N: usize>(f: &mut Fields<'_, N>) -> FixedText<M> {
    FixedText { bytes: f.array() }
}

fn read_vertices(r: &mut Reader<'_>) -> Result<Vec<Vertex>> {
    let count = r.count_u32(VERTEX_SIZE).ctx(|| "vertex count")?;
    r.records::<VERTEX_SIZE, _>(count, |f| Vertex {
        position: f.floats(),
        normal: f.floats(),
        uv: f.floats(),
        bones: [f.u16(), f.u16()],
        weight: f.u8(),
        edge_disabled: f.u8(),
    })
}

fn read_faces(r: &mut Reader<'_>) -> Result<Vec<[u16; 3]>> {
    let at = r.pos();
    let index_count = r.count_u32(2).ctx(|| "face index count")?;
    if index_count % 3 != 0 {
        return Err(r.error_at(
            at,
            ErrorKind::InvalidValue {
                what: "face index count (not a multiple of 3)",
                value: index_count as i64,
            },
        ))
        .ctx(|| "faces");
    }
    r.records::<6, _>(index_count / 3, |f| [f.u16(), f.u16(), f.u16()])
}

fn read_materials(r: &mut Reader<'_>) -> Result<Vec<Material>> {
    let count = r.count_u32(MATERIAL_SIZE).ctx(|| "material count")?;
    r.records::<MATERIAL_SIZE, _>(count, |f| Material {
        diffuse: f.floats(),
        specular_power: f.f32(),
        specular: f.floats(),
        ambient: f.floats(),
        toon_index: f.u8(),
        edge: f.u8(),
        index_count: f.u32(),
        texture: field_text(f),
    })
}

fn read_bones(r: &mut Reader<'_>) -> Result<Vec<Bone>> {
    let count = usize::from(r.u16().ctx(|| "bone count")?);
    let count = r
        .check_count(count as u64, BONE_SIZE)
        .ctx(|| "bone count")?;
    r.records::<BONE_SIZE, _>(count, |f| Bone {
        name: field_text(f),
        parent: f.u16(),
        tail: f.u16(),
        kind: f.u8(),
        ik_parent: f.u16(),
        position: f.floats(),
    })
}

fn read_iks(r: &mut Reader<'_>) -> Result<Vec<Ik>> {
    let count = usize::from(r.u16().ctx(|| "IK count")?);
    let count = r
        .check_count(count as u64, IK_MIN_SIZE)
        .ctx(|| "IK count")?;
    let mut iks = Vec::with_capacity(count);
    for i in 0..count {
        let ik = (|| {
            let bone = r.u16()?;
            let target = r.u16()?;
            let link_count = usize::from(r.u8()?);
            let iterations = r.u16()?;
            let limit = r.f32()?;
            let links = (0..link_count)
                .map(|_| r.u16())
                .collect::<Result<Vec<_>>>()?;
            Ok(Ik {
                bone,
                target,
                iterations,
                limit,
                links,
            })
        })()
        .ctx(|| format!("IK {i}"))?;
        iks.push(ik);
    }
    Ok(iks)
}

fn read_morphs(r: &mut Reader<'_>) -> Result<Vec<Morph>> {
    let count = usize::from(r.u16().ctx(|| "morph count")?);
    let count = r
        .check_count(count as u64, MORPH_MIN_SIZE)
        .ctx(|| "morph count")?;
    let mut morphs = Vec::with_capacity(count);
    for i in 0..count {
        let m = (|| {
            let name = text(r)?;
            let vertex_count = r.u32()?;
            let panel = r.u8()?;
            let vertex_count = r.check_count(u64::from(vertex_count), MORPH_VERTEX_SIZE)?;
            let vertices = r.records::<MORPH_VERTEX_SIZE, _>(vertex_count, |f| MorphVertex {
                index: f.u32(),
                offset: f.floats(),
            })?;
            Ok(Morph {
                name,
                panel,
                vertices,
            })
        })()
        .ctx(|| format!("morph {i}"))?;
        morphs.push(m);
    }
    Ok(morphs)
}

fn read_english(r: &mut Reader<'_>, pmd: &Pmd) -> Result<English> {
    let name = text(r).ctx(|| "name")?;
    let comment = text(r).ctx(|| "comment")?;
    let mut bone_names = Vec::with_capacity(r.check_count(pmd.bones.len() as u64, 20)?);
    for i in 0..pmd.bones.len() {
        bone_names.push(text(r).ctx(|| format!("bone {i}"))?);
    }
    // The base morph has no English name.
    let morph_count = pmd.morphs.len().saturating_sub(1);
    let mut morph_names = Vec::with_capacity(r.check_count(morph_count as u64, 20)?);
    for i in 0..morph_count {
        morph_names.push(text(r).ctx(|| format!("morph {}", i + 1))?);
    }
    let frame_count = pmd.bone_frame_names.len();
    let mut bone_frame_names = Vec::with_capacity(r.check_count(frame_count as u64, 50)?);
    for i in 0..frame_count {
        bone_frame_names.push(text(r).ctx(|| format!("bone frame {i}"))?);
    }
    Ok(English {
        name,
        comment,
        bone_names,
        morph_names,
        bone_frame_names,
    })
}

fn read_physics(r: &mut Reader<'_>) -> Result<Physics> {
    let count = r.count_u32(RIGID_BODY_SIZE).ctx(|| "rigid body count")?;
    let rigid_bodies = r.records::<RIGID_BODY_SIZE, _>(count, |f| RigidBody {
        name: field_text(f),
        bone: f.u16(),
        group: f.u8(),
        non_collision_mask: f.u16(),
        shape: f.u8(),
        size: f.floats(),
        position: f.floats(),
        rotation: f.floats(),
        mass: f.f32(),
        linear_damping: f.f32(),
        angular_damping: f.f32(),
        restitution: f.f32(),
        friction: f.f32(),
        mode: f.u8(),
    })?;
    let count = r.count_u32(JOINT_SIZE).ctx(|| "joint count")?;
    let joints = r.records::<JOINT_SIZE, _>(count, |f| Joint {
        name: field_text(f),
        rigid_bodies: [f.u32(), f.u32()],
        constraint: JointConstraint::read(&f.array()),
    })?;
    Ok(Physics {
        rigid_bodies,
        joints,
    })
}
