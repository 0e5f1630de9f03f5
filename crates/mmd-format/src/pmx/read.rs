//! PMX 2.0 / 2.1 reader.
//!
//! Every index is checked against its table. An index that points nowhere does not make the
//! file unreadable (MMD opens it): it becomes a warning with its offset and context, and is
//! neutralised — set to -1 where PMX allows "none", otherwise the entry holding it (IK link,
//! morph offset, display element, face, soft-body anchor or pin) is dropped. Only bytes that
//! cannot be walked are errors.
//!
//! Most tables are known before anything refers to them (a section's count is read before its
//! items, so bones may refer to later bones), with two exceptions: vertex weights come before
//! the bones and impulse morphs come before the rigid bodies. For vertex weights the first
//! pass only records the largest index seen; if it turns out to be out of range, the vertices
//! are read again with the real count. Impulse morphs are checked once the rigid bodies are
//! read. Valid files are read once.

use super::*;
use crate::binary::{Ctx, Reader};
use crate::error::{Error, ErrorKind, Format, Result};
use crate::warning::Warnings;

/// The "no limit yet" table size used by the first pass over the vertices.
const UNKNOWN: usize = usize::MAX;

pub fn read(bytes: &[u8]) -> Result<Pmx> {
    let mut r = Reader::new(bytes, Format::Pmx);
    let header = read_header(&mut r).ctx(|| "header")?;
    let mut p = PmxReader {
        r,
        utf8: header.encoding == TextEncoding::Utf8,
        sizes: IndexSizes::of(&header),
        additional_uvs: usize::from(header.additional_uv_count),
        weight_bone_bound: 0,
        impulses: Vec::new(),
        warnings: Warnings::default(),
    };
    let mut pmx = Pmx {
        name: p.text().ctx(|| "model name")?,
        name_en: p.text().ctx(|| "model English name")?,
        comment: p.text().ctx(|| "comment")?,
        comment_en: p.text().ctx(|| "English comment")?,
        ..Pmx::default()
    };

    let vertices_at = p.r.pos();
    pmx.vertices = p.vertices(UNKNOWN)?;
    let (faces, dropped_faces) = p.faces(pmx.vertices.len())?;
    pmx.faces = faces;
    pmx.textures = p.textures()?;
    pmx.materials = p.materials(pmx.textures.len(), pmx.faces.len() + dropped_faces.len())?;
    drop_faces_from_materials(&mut pmx.materials, &dropped_faces);

    let bone_count = p.r.count_i32(p.sizes.bone_min()).ctx(|| "bone count")?;
    if p.weight_bone_bound as usize > bone_count {
        // Some weight names a bone past the table: read the vertices again, now that the
        // bone count is known, to neutralise those weights and say where they are.
        pmx.vertices = p.reread(bytes, vertices_at, |p| p.vertices(bone_count))?;
    }
    pmx.bones = p.bones(bone_count)?;

    let counts = Counts {
        vertices: pmx.vertices.len(),
        materials: pmx.materials.len(),
        bones: pmx.bones.len(),
        morphs: 0,
    };
    pmx.morphs = p.morphs(counts)?;
    let counts = Counts {
        morphs: pmx.morphs.len(),
        ..counts
    };
    pmx.display_frames = p.display_frames(&counts)?;
    pmx.rigid_bodies = p.rigid_bodies(counts.bones)?;
    let rigid_bodies = pmx.rigid_bodies.len();
    p.check_impulses(&mut pmx.morphs, rigid_bodies);
    pmx.joints = p.joints(rigid_bodies)?;
    // A 2.1 file that ends right after the joints has no soft bodies; anything after the last
    // section (some writers leave a few bytes) is ignored.
    if is_v21(header.version) && !p.r.is_at_end() {
        pmx.soft_bodies = p.soft_bodies(&counts, rigid_bodies)?;
    }
    pmx.header = header;
    pmx.warnings = p.warnings.finish();
    Ok(pmx)
}

/// Takes dropped faces (numbers in the file's face list, ascending) out of the index counts
/// of the materials that drew them, so that every material still draws exactly its own
/// remaining triangles. A face split between two materials (an index count that is not a
/// multiple of 3) is taken out of both, index by index.
fn drop_faces_from_materials(materials: &mut [Material], dropped: &[usize]) {
    if dropped.is_empty() {
        return;
    }
    let mut faces = dropped.iter().map(|&f| 3 * f as u64).peekable();
    let mut start = 0u64;
    for m in materials {
        let end = start + u64::from(m.index_count);
        let mut lost = 0;
        while let Some(&f) = faces.peek() {
            if f >= end {
                break;
            }
            lost += (f + 3).min(end).saturating_sub(f.max(start));
            if f + 3 > end {
                // The rest of this face belongs to the next material.
                break;
            }
            faces.next();
        }
        // `lost` counts indices inside [start, end), so it is at most `index_count`.
        m.index_count = m.index_count.saturating_sub(lost as u32);
        start = end;
    }
}

/// True for PMX 2.1 (the version field is an `f32`, so compare with a tolerance).
pub(super) fn is_v21(version: f32) -> bool {
    (version - 2.1).abs() < 1e-3
}

fn is_v20(version: f32) -> bool {
    (version - 2.0).abs() < 1e-3
}

fn read_header(r: &mut Reader) -> Result<Header> {
    if r.take(4).ok() != Some(b"PMX ".as_slice()) {
        return Err(r.error_at(0, ErrorKind::BadMagic(Format::Pmx)));
    }
    let at = r.pos();
    let version = r.f32()?;
    if !is_v20(version) && !is_v21(version) {
        return Err(r.error_at(at, ErrorKind::UnsupportedVersion(version.to_string())));
    }
    let at = r.pos();
    let count = r.u8()?;
    if count < 8 {
        return Err(invalid(at, "globals count", count));
    }
    let globals = r.take(usize::from(count))?;
    let bad_global = |i: usize, what| invalid(at + 1 + i, what, globals[i]);
    let encoding = match globals[0] {
        0 => TextEncoding::Utf16Le,
        1 => TextEncoding::Utf8,
        _ => return Err(bad_global(0, "text encoding")),
    };
    if globals[1] > 4 {
        return Err(bad_global(1, "additional UV count"));
    }
    const SIZE_NAMES: [&str; 6] = [
        "vertex index size",
        "texture index size",
        "material index size",
        "bone index size",
        "morph index size",
        "rigid body index size",
    ];
    for (i, what) in SIZE_NAMES.into_iter().enumerate() {
        if !matches!(globals[2 + i], 1 | 2 | 4) {
            return Err(bad_global(2 + i, what));
        }
    }
    Ok(Header {
        version,
        encoding,
        additional_uv_count: globals[1],
        vertex_index_size: globals[2],
        texture_index_size: globals[3],
        material_index_size: globals[4],
        bone_index_size: globals[5],
        morph_index_size: globals[6],
        rigid_body_index_size: globals[7],
        extra_globals: globals[8..].to_vec(),
    })
}

/// Index byte sizes as `usize`, for reading and for minimum item sizes.
#[derive(Clone, Copy)]
struct IndexSizes {
    vertex: usize,
    texture: usize,
    material: usize,
    bone: usize,
    morph: usize,
    rigid_body: usize,
}

impl IndexSizes {
    fn of(h: &Header) -> Self {
        IndexSizes {
            vertex: usize::from(h.vertex_index_size),
            texture: usize::from(h.texture_index_size),
            material: usize::from(h.material_index_size),
            bone: usize::from(h.bone_index_size),
            morph: usize::from(h.morph_index_size),
            rigid_body: usize::from(h.rigid_body_index_size),
        }
    }

    /// Smallest possible bone: two empty names, position, parent, depth, flags, tail.
    fn bone_min(&self) -> usize {
        4 + 4 + 12 + self.bone + 4 + 2 + self.bone.min(12)
    }
}

/// Table sizes the sections after the bones check their indices against.
#[derive(Clone, Copy)]
struct Counts {
    vertices: usize,
    materials: usize,
    bones: usize,
    morphs: usize,
}

/// An impulse morph, to be checked once the rigid bodies are known: its index and the file
/// offset of its first offset record.
struct PendingImpulse {
    morph: usize,
    at: usize,
}

struct PmxReader<'a> {
    r: Reader<'a>,
    utf8: bool,
    sizes: IndexSizes,
    additional_uvs: usize,
    /// While the bone count is unknown: the smallest bone count that makes every vertex weight
    /// seen so far valid (index + 1, with -1 = none counting as 0 and any other negative index
    /// as huge).
    weight_bone_bound: u32,
    /// Impulse morphs, whose rigid-body indices are checked after the rigid bodies.
    impulses: Vec<PendingImpulse>,
    warnings: Warnings,
}

impl<'a> PmxReader<'a> {
    /// Reads a section again from `at` with the table sizes now known; its warnings join the
    /// others.
    fn reread<T>(
        &mut self,
        bytes: &'a [u8],
        at: usize,
        section: impl FnOnce(&mut PmxReader<'a>) -> Result<T>,
    ) -> Result<T> {
        let mut r = Reader::new(bytes, Format::Pmx);
        r.take(at)?;
        let mut again = PmxReader {
            r,
            utf8: self.utf8,
            sizes: self.sizes,
            additional_uvs: self.additional_uvs,
            weight_bone_bound: 0,
            impulses: Vec::new(),
            warnings: std::mem::take(&mut self.warnings),
        };
        let out = section(&mut again);
        self.warnings = again.warnings;
        out
    }

    /// Runs `f`, giving the warnings it records the context `ctx()`, as `Ctx::ctx` does for
    /// its errors.
    #[inline]
    fn within<T>(
        &mut self,
        ctx: impl Fn() -> String,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let from = self.warnings.len();
        let out = f(self).ctx(&ctx);
        self.warnings.prefix_since(from, ctx);
        out
    }

    fn text(&mut self) -> Result<String> {
        let at = self.r.pos();
        let len = self.r.i32()?;
        if len < 0 {
            return Err(invalid(at, "text length", len));
        }
        let bytes = self.r.take(len as usize)?;
        Ok(if self.utf8 {
            // Valid text (all of it, in practice) through the fast validator; only broken
            // text walks the lossy decoder.
            match std::str::from_utf8(bytes) {
                Ok(text) => text.to_owned(),
                Err(_) => String::from_utf8_lossy(bytes).into_owned(),
            }
        } else {
            decode_utf16le(bytes)
        })
    }

    /// A byte that `f` maps to an enumeration value; `None` is an invalid value.
    fn u8_enum<T>(&mut self, what: &'static str, f: impl FnOnce(u8) -> Option<T>) -> Result<T> {
        let at = self.r.pos();
        let v = self.r.u8()?;
        f(v).ok_or_else(|| invalid(at, what, v))
    }

    fn bool(&mut self) -> Result<bool> {
        Ok(self.r.u8()? != 0)
    }

    /// A signed index of `size` bytes (-1 = none), unchecked.
    #[inline]
    fn raw_index(&mut self, size: usize) -> Result<i32> {
        Ok(index_at(self.r.take(size)?, 0, size))
    }

    /// A signed index into a table of `count` items where -1 means "none"; one that points
    /// nowhere becomes -1, with a warning.
    #[inline]
    fn index_or_none(&mut self, size: usize, what: &'static str, count: usize) -> Result<i32> {
        let at = self.r.pos();
        let v = self.raw_index(size)?;
        Ok(or_none(v, what, count, at, &mut self.warnings))
    }

    /// A signed index into a table of `count` items where "none" means nothing; one that
    /// points nowhere is `None`, with a warning that `entry` (what holds the index) is
    /// dropped.
    #[inline]
    fn index_or_drop(
        &mut self,
        size: usize,
        what: &'static str,
        count: usize,
        entry: &'static str,
    ) -> Result<Option<i32>> {
        let at = self.r.pos();
        let v = self.raw_index(size)?;
        Ok(or_drop(
            v,
            what,
            count,
            false,
            at,
            &mut self.warnings,
            entry,
        ))
    }

    fn bone_or_none(&mut self, count: usize) -> Result<i32> {
        self.index_or_none(self.sizes.bone, "bone", count)
    }

    fn texture(&mut self, count: usize) -> Result<i32> {
        self.index_or_none(self.sizes.texture, "texture", count)
    }

    /// `count` records of `size` bytes each (`count` already checked against the remaining
    /// bytes), decoded from one block: `decode` gets a record's bytes, its file offset and
    /// the warnings, and gives `None` for a record to drop after recording exactly one warning
    /// for it (a record kept records none). Errors and warnings are prefixed with "`what` i".
    /// Only dropped records look at the warnings: checking the warning count around every
    /// record made reading Gene_light.pmx's morphs half again as slow.
    #[inline]
    fn records<T>(
        &mut self,
        count: usize,
        size: usize,
        what: &str,
        mut decode: impl FnMut(&[u8], usize, &mut Warnings) -> Result<Option<T>>,
    ) -> Result<Vec<T>> {
        let start = self.r.pos();
        let block = self.r.take(count.saturating_mul(size))?;
        let mut out = Vec::with_capacity(count);
        for (i, record) in block.chunks_exact(size).enumerate() {
            match decode(record, start + i * size, &mut self.warnings) {
                Ok(Some(x)) => out.push(x),
                Ok(None) => self.warnings.prefix_last(|| format!("{what} {i}")),
                Err(e) => return Err(e).ctx(|| format!("{what} {i}")),
            }
        }
        Ok(out)
    }

    // ---- vertices, faces, textures, materials ----

    /// Vertices; weight bone indices are checked against `bones`, or, while the bone count is
    /// [`UNKNOWN`], only recorded in `weight_bone_bound`.
    fn vertices(&mut self, bones: usize) -> Result<Vec<Vertex>> {
        let n_uv = self.additional_uvs;
        let min = 32 + 16 * n_uv + 1 + self.sizes.bone + 4;
        let count = self.r.count_i32(min).ctx(|| "vertex count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let from = self.warnings.len();
            let (head, body, at) = match self.vertex_blocks(n_uv) {
                Ok(blocks) => blocks,
                Err(e) => return Err(e).ctx(|| format!("vertex {i}")),
            };
            // Built straight into the pushed value, outside any `Result`: a vertex built
            // inside one and then moved was copied through the error's overlapping layout,
            // whose odd-sized pieces reread bytes just written by other stores (a
            // store-forwarding stall that took half the time of reading Miku's vertices).
            out.push(self.vertex(head, body, at, n_uv, bones));
            self.warnings.prefix_since(from, || format!("vertex {i}"));
        }
        Ok(out)
    }

    /// One vertex's two blocks: the fixed part up to and including the weight type, then the
    /// weights (whose size depends on the type) and the edge scale; and the file offset of
    /// the second.
    #[inline(always)]
    fn vertex_blocks(&mut self, n_uv: usize) -> Result<(&'a [u8], &'a [u8], usize)> {
        let head = self.r.take(33 + 16 * n_uv)?;
        let kind = head[32 + 16 * n_uv];
        let n_bones = weight_bone_count(kind)
            .ok_or_else(|| invalid(self.r.pos() - 1, "weight type", kind))?;
        let at = self.r.pos();
        let body = self
            .r
            .take(n_bones * self.sizes.bone + 4 * weight_float_count(kind) + 4)?;
        Ok((head, body, at))
    }

    /// A vertex from its blocks (`vertex_blocks`, whose weight type is valid).
    #[inline(always)]
    fn vertex(&mut self, head: &[u8], body: &[u8], at: usize, n_uv: usize, bones: usize) -> Vertex {
        let mut additional_uvs = [[0.0; 4]; 4];
        for (k, uv) in additional_uvs.iter_mut().take(n_uv).enumerate() {
            *uv = floats_at(head, 32 + 16 * k);
        }
        let kind = head[32 + 16 * n_uv];
        let n_bones = weight_bone_count(kind).unwrap_or(0);
        let bs = self.sizes.bone;
        let mut b = [-1; 4];
        for (k, slot) in b.iter_mut().enumerate().take(n_bones) {
            *slot = self.weight_bone(index_at(body, k * bs, bs), bones, at + k * bs);
        }
        let w = n_bones * bs;
        let weight = match kind {
            0 => Weight::Bdef1 { bone: b[0] },
            1 => Weight::Bdef2 {
                bones: [b[0], b[1]],
                weight: f32_at(body, w),
            },
            2 => Weight::Bdef4 {
                bones: b,
                weights: floats_at(body, w),
            },
            4 => Weight::Qdef {
                bones: b,
                weights: floats_at(body, w),
            },
            _ => Weight::Sdef {
                bones: [b[0], b[1]],
                weight: f32_at(body, w),
                c: floats_at(body, w + 4),
                r0: floats_at(body, w + 16),
                r1: floats_at(body, w + 28),
            },
        };
        Vertex {
            position: floats_at(head, 0),
            normal: floats_at(head, 12),
            uv: floats_at(head, 24),
            additional_uvs,
            weight,
            edge_scale: f32_at(body, w + 4 * weight_float_count(kind)),
        }
    }

    /// A skinning bone index at file offset `at`; -1 (unused slot) is allowed in every weight
    /// type, and a bone past the table becomes -1 (the slot skins with nothing).
    #[inline(always)]
    fn weight_bone(&mut self, b: i32, bones: usize, at: usize) -> i32 {
        if bones == UNKNOWN {
            // -1 counts as 0; any other negative index wraps to a huge bound.
            self.weight_bone_bound = self.weight_bone_bound.max(b.wrapping_add(1) as u32);
            b
        } else {
            or_none(b, "bone", bones, at, &mut self.warnings)
        }
    }

    /// The faces, and the numbers of those dropped for naming a vertex past the table.
    fn faces(&mut self, vertices: usize) -> Result<(Vec<[u32; 3]>, Vec<usize>)> {
        let vs = self.sizes.vertex;
        let at = self.r.pos();
        let count = self.r.count_i32(vs).ctx(|| "face index count")?;
        if count % 3 != 0 {
            return Err(invalid(
                at,
                "face index count (not a multiple of 3)",
                count as i64,
            ));
        }
        // The hottest loop after the vertices: one comparison per index (a negative index
        // is huge as u64), the warning out of line.
        let start = self.r.pos();
        let block = self.r.take((count / 3).saturating_mul(3 * vs))?;
        let n = vertices as u64;
        let mut faces = Vec::with_capacity(count / 3);
        let mut dropped = Vec::new();
        for (i, f) in block.chunks_exact(3 * vs).enumerate() {
            let face = [
                vertex_index_at(f, 0, vs),
                vertex_index_at(f, vs, vs),
                vertex_index_at(f, 2 * vs, vs),
            ];
            if (face[0] as u64) < n && (face[1] as u64) < n && (face[2] as u64) < n {
                faces.push([face[0] as u32, face[1] as u32, face[2] as u32]);
            } else {
                self.face_dropped(i, face, start + i * 3 * vs, vertices);
                dropped.push(i);
            }
        }
        Ok((faces, dropped))
    }

    /// Reports face `i` (at file offset `at`) dropped for its first vertex index past the
    /// table.
    #[cold]
    fn face_dropped(&mut self, i: usize, face: [i64; 3], at: usize, vertices: usize) {
        let size = self.sizes.vertex;
        let from = self.warnings.len();
        for (k, &v) in face.iter().enumerate() {
            if vertex_or_drop(
                v,
                vertices,
                at + k * size,
                &mut self.warnings,
                "face dropped",
            )
            .is_none()
            {
                break;
            }
        }
        self.warnings.prefix_since(from, || format!("face {i}"));
    }

    fn textures(&mut self) -> Result<Vec<String>> {
        let count = self.r.count_i32(4).ctx(|| "texture count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.text().ctx(|| format!("texture {i}"))?);
        }
        Ok(out)
    }

    fn materials(&mut self, textures: usize, faces: usize) -> Result<Vec<Material>> {
        let t = self.sizes.texture;
        let min = 4 + 4 + 16 + 12 + 4 + 12 + 1 + 16 + 4 + 2 * t + 1 + 1 + 1 + 4 + 4;
        let count = self.r.count_i32(min).ctx(|| "material count")?;
        let mut out = Vec::with_capacity(count);
        // Materials draw consecutive runs of face indices; together they must stay in range.
        let mut remaining = faces as u64 * 3;
        for i in 0..count {
            let m = self.within(
                || format!("material {i}"),
                |p| p.material(textures, &mut remaining),
            )?;
            out.push(m);
        }
        Ok(out)
    }

    fn material(&mut self, textures: usize, remaining: &mut u64) -> Result<Material> {
        let name = self.text()?;
        let name_en = self.text()?;
        let diffuse = self.r.vec4()?;
        let specular = self.r.vec3()?;
        let specular_power = self.r.f32()?;
        let ambient = self.r.vec3()?;
        let flags = self.r.u8()?;
        let edge_color = self.r.vec4()?;
        let edge_size = self.r.f32()?;
        let texture = self.within(|| "texture".into(), |p| p.texture(textures))?;
        let sphere_texture = self.within(|| "sphere texture".into(), |p| p.texture(textures))?;
        let sphere_at = self.r.pos();
        let sphere_mode = sphere_mode_or_none(self.r.u8()?, sphere_at, &mut self.warnings);
        let toon = match self.u8_enum("shared toon flag", |v| (v <= 1).then_some(v))? {
            0 => Toon::Texture(self.within(|| "toon texture".into(), |p| p.texture(textures))?),
            _ => Toon::Shared(self.r.u8()?),
        };
        let memo = self.text()?;
        let at = self.r.pos();
        let index_count = self.r.i32()?;
        if index_count < 0 || index_count as u64 > *remaining {
            return Err(invalid(
                at,
                "face index count (beyond the faces)",
                index_count,
            ));
        }
        *remaining -= index_count as u64;
        Ok(Material {
            name,
            name_en,
            diffuse,
            specular,
            specular_power,
            ambient,
            flags,
            edge_color,
            edge_size,
            texture,
            sphere_texture,
            sphere_mode,
            toon,
            memo,
            index_count: index_count as u32,
        })
    }

    // ---- bones ----

    fn bones(&mut self, count: usize) -> Result<Vec<Bone>> {
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(|| format!("bone {i}"), |p| p.bone_item(count))?);
        }
        Ok(out)
    }

    fn bone_item(&mut self, bones: usize) -> Result<Bone> {
        use bone_flags::*;
        let name = self.text()?;
        let name_en = self.text()?;
        let position = self.r.vec3()?;
        let parent = self.within(|| "parent".into(), |p| p.bone_or_none(bones))?;
        let deform_depth = self.r.i32()?;
        let mut flags = self.r.u16()?;
        let tail = if flags & TAIL_IS_BONE != 0 {
            BoneTail::Bone(self.within(|| "tail".into(), |p| p.bone_or_none(bones))?)
        } else {
            BoneTail::Offset(self.r.vec3()?)
        };
        let append = if flags & (APPEND_ROTATE | APPEND_TRANSLATE) != 0 {
            Some(Append {
                parent: self.within(|| "append parent".into(), |p| p.bone_or_none(bones))?,
                weight: self.r.f32()?,
            })
        } else {
            None
        };
        let fixed_axis = if flags & FIXED_AXIS != 0 {
            Some(self.r.vec3()?)
        } else {
            None
        };
        let local_axis = if flags & LOCAL_AXIS != 0 {
            Some(LocalAxis {
                x: self.r.vec3()?,
                z: self.r.vec3()?,
            })
        } else {
            None
        };
        let external_parent_key = if flags & EXTERNAL_PARENT != 0 {
            Some(self.r.i32()?)
        } else {
            None
        };
        let ik = if flags & IK != 0 {
            let ik = self.ik(bones)?;
            // An IK without a target solves nothing; PMX has no "none" target, so the bone
            // loses its IK, as a PMD IK without an effector does in the conversion.
            if ik.is_none() {
                flags &= !IK;
            }
            ik
        } else {
            None
        };
        Ok(Bone {
            name,
            name_en,
            position,
            parent,
            deform_depth,
            flags,
            tail,
            append,
            fixed_axis,
            local_axis,
            external_parent_key,
            ik,
        })
    }

    /// The IK block; `None` (the IK removed) when its target points nowhere.
    fn ik(&mut self, bones: usize) -> Result<Option<Ik>> {
        let target = self.within(
            || "IK target".into(),
            |p| p.index_or_drop(p.sizes.bone, "bone", bones, "IK removed"),
        )?;
        let loop_count = self.r.i32()?;
        let limit_angle = self.r.f32()?;
        let count = self
            .r
            .count_i32(self.sizes.bone + 1)
            .ctx(|| "IK link count")?;
        let mut links = Vec::with_capacity(count);
        for i in 0..count {
            let link = self.within(|| format!("IK link {i}"), |p| p.ik_link(bones))?;
            links.extend(link);
        }
        Ok(target.map(|target| Ik {
            target,
            loop_count,
            limit_angle,
            links,
        }))
    }

    /// An IK link; `None` (dropped) when its bone points nowhere.
    fn ik_link(&mut self, bones: usize) -> Result<Option<IkLink>> {
        let bone = self.index_or_drop(self.sizes.bone, "bone", bones, "link dropped")?;
        let limit = if self.bool()? {
            Some(AngleLimit {
                min: self.r.vec3()?,
                max: self.r.vec3()?,
            })
        } else {
            None
        };
        Ok(bone.map(|bone| IkLink { bone, limit }))
    }

    // ---- morphs ----

    fn morphs(&mut self, c: Counts) -> Result<Vec<Morph>> {
        let count = self.r.count_i32(4 + 4 + 1 + 1 + 4).ctx(|| "morph count")?;
        let c = Counts { morphs: count, ..c };
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(|| format!("morph {i}"), |p| p.morph(i, &c))?);
        }
        Ok(out)
    }

    /// Morph `index`. Offsets that point nowhere are dropped (for material morphs too: there
    /// -1 means "every material", which is not what a bad index asked for).
    fn morph(&mut self, index: usize, c: &Counts) -> Result<Morph> {
        let name = self.text()?;
        let name_en = self.text()?;
        let panel = self.u8_enum("morph panel", |v| {
            Some(match v {
                0 => MorphPanel::System,
                1 => MorphPanel::Eyebrow,
                2 => MorphPanel::Eye,
                3 => MorphPanel::Mouth,
                4 => MorphPanel::Other,
                _ => return None,
            })
        })?;
        let kind = self.u8_enum("morph kind", |v| (v <= 10).then_some(v))?;
        let s = self.sizes;
        let item_size = match kind {
            0 | 9 => s.morph + 4,
            1 => s.vertex + 12,
            2 => s.bone + 28,
            3..=7 => s.vertex + 16,
            8 => s.material + 1 + 112,
            _ => s.rigid_body + 25,
        };
        let count = self.r.count_i32(item_size).ctx(|| "offset count")?;
        let (vs, bs) = (s.vertex, s.bone);
        const DROPPED: &str = "offset dropped";
        let offsets = match kind {
            0 | 9 => {
                let v = self.records(count, item_size, "offset", |o, at, w| {
                    let morph = index_at(o, 0, s.morph);
                    Ok(
                        or_drop(morph, "morph", c.morphs, false, at, w, DROPPED).map(|morph| {
                            GroupOffset {
                                morph,
                                weight: f32_at(o, s.morph),
                            }
                        }),
                    )
                })?;
                if kind == 0 {
                    MorphOffsets::Group(v)
                } else {
                    MorphOffsets::Flip(v)
                }
            }
            1 => MorphOffsets::Vertex(self.records(count, item_size, "offset", |o, at, w| {
                let vertex = vertex_index_at(o, 0, vs);
                Ok(
                    vertex_or_drop(vertex, c.vertices, at, w, DROPPED).map(|vertex| VertexOffset {
                        vertex,
                        offset: floats_at(o, vs),
                    }),
                )
            })?),
            2 => MorphOffsets::Bone(self.records(count, item_size, "offset", |o, at, w| {
                let bone = index_at(o, 0, bs);
                Ok(
                    or_drop(bone, "bone", c.bones, false, at, w, DROPPED).map(|bone| BoneOffset {
                        bone,
                        translation: floats_at(o, bs),
                        rotation: floats_at(o, bs + 12),
                    }),
                )
            })?),
            3..=7 => MorphOffsets::Uv {
                channel: kind - 3,
                offsets: self.records(count, item_size, "offset", |o, at, w| {
                    let vertex = vertex_index_at(o, 0, vs);
                    Ok(
                        vertex_or_drop(vertex, c.vertices, at, w, DROPPED).map(|vertex| UvOffset {
                            vertex,
                            offset: floats_at(o, vs),
                        }),
                    )
                })?,
            },
            8 => MorphOffsets::Material(self.records(count, item_size, "offset", |o, at, w| {
                let m = s.material;
                let op = match o[m] {
                    0 => MaterialOp::Multiply,
                    1 => MaterialOp::Add,
                    v => return Err(invalid(at + m, "material morph operation", v)),
                };
                let material = index_at(o, 0, m);
                let Some(material) =
                    or_drop(material, "material", c.materials, true, at, w, DROPPED)
                else {
                    return Ok(None);
                };
                Ok(Some(MaterialOffset {
                    material,
                    op,
                    diffuse: floats_at(o, m + 1),
                    specular: floats_at(o, m + 17),
                    specular_power: f32_at(o, m + 29),
                    ambient: floats_at(o, m + 33),
                    edge_color: floats_at(o, m + 45),
                    edge_size: f32_at(o, m + 61),
                    texture_tint: floats_at(o, m + 65),
                    sphere_tint: floats_at(o, m + 81),
                    toon_tint: floats_at(o, m + 97),
                }))
            })?),
            _ => {
                // The rigid bodies come later: `check_impulses` checks these indices.
                self.impulses.push(PendingImpulse {
                    morph: index,
                    at: self.r.pos(),
                });
                let rb = s.rigid_body;
                MorphOffsets::Impulse(self.records(count, item_size, "offset", |o, _, _| {
                    Ok(Some(ImpulseOffset {
                        rigid_body: index_at(o, 0, rb),
                        local: o[rb] != 0,
                        velocity: floats_at(o, rb + 1),
                        torque: floats_at(o, rb + 13),
                    }))
                })?)
            }
        };
        Ok(Morph {
            name,
            name_en,
            panel,
            offsets,
        })
    }

    /// Drops the impulse-morph offsets whose rigid body points nowhere, now that the rigid
    /// body count is known. Their offsets follow from where each morph's records start,
    /// every record having the same size.
    fn check_impulses(&mut self, morphs: &mut [Morph], rigid_bodies: usize) {
        let size = self.sizes.rigid_body + 25;
        for pending in &self.impulses {
            let Some(Morph {
                offsets: MorphOffsets::Impulse(offsets),
                ..
            }) = morphs.get_mut(pending.morph)
            else {
                continue;
            };
            let from = self.warnings.len();
            let mut j = 0;
            offsets.retain(|o| {
                let at = pending.at + j * size;
                let from = self.warnings.len();
                let keep = or_drop(
                    o.rigid_body,
                    "rigid body",
                    rigid_bodies,
                    false,
                    at,
                    &mut self.warnings,
                    "offset dropped",
                )
                .is_some();
                self.warnings.prefix_since(from, || format!("offset {j}"));
                j += 1;
                keep
            });
            self.warnings
                .prefix_since(from, || format!("morph {}", pending.morph));
        }
    }

    // ---- display frames, rigid bodies, joints, soft bodies ----

    fn display_frames(&mut self, c: &Counts) -> Result<Vec<DisplayFrame>> {
        let count = self
            .r
            .count_i32(4 + 4 + 1 + 4)
            .ctx(|| "display frame count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(|| format!("display frame {i}"), |p| p.display_frame(c))?);
        }
        Ok(out)
    }

    fn display_frame(&mut self, c: &Counts) -> Result<DisplayFrame> {
        let name = self.text()?;
        let name_en = self.text()?;
        let special = self.bool()?;
        let min = 1 + self.sizes.bone.min(self.sizes.morph);
        let count = self.r.count_i32(min).ctx(|| "element count")?;
        let mut elements = Vec::with_capacity(count);
        for i in 0..count {
            let e = self.within(|| format!("element {i}"), |p| p.display_element(c))?;
            elements.extend(e);
        }
        Ok(DisplayFrame {
            name,
            name_en,
            special,
            elements,
        })
    }

    /// A display element; `None` (dropped) when it points nowhere.
    fn display_element(&mut self, c: &Counts) -> Result<Option<DisplayElement>> {
        const DROPPED: &str = "element dropped";
        let s = self.sizes;
        Ok(
            match self.u8_enum("display element kind", |v| (v <= 1).then_some(v))? {
                0 => self
                    .index_or_drop(s.bone, "bone", c.bones, DROPPED)?
                    .map(DisplayElement::Bone),
                _ => self
                    .index_or_drop(s.morph, "morph", c.morphs, DROPPED)?
                    .map(DisplayElement::Morph),
            },
        )
    }

    fn rigid_bodies(&mut self, bones: usize) -> Result<Vec<RigidBody>> {
        let min = 4 + 4 + self.sizes.bone + 1 + 2 + 1 + 36 + 20 + 1;
        let count = self.r.count_i32(min).ctx(|| "rigid body count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(|| format!("rigid body {i}"), |p| p.rigid_body(bones))?);
        }
        Ok(out)
    }

    fn rigid_body(&mut self, bones: usize) -> Result<RigidBody> {
        Ok(RigidBody {
            name: self.text()?,
            name_en: self.text()?,
            bone: self.bone_or_none(bones)?,
            group: self.r.u8()?,
            non_collision_mask: self.r.u16()?,
            shape: self.u8_enum("rigid body shape", |v| {
                Some(match v {
                    0 => RigidShape::Sphere,
                    1 => RigidShape::Box,
                    2 => RigidShape::Capsule,
                    _ => return None,
                })
            })?,
            size: self.r.vec3()?,
            position: self.r.vec3()?,
            rotation: self.r.vec3()?,
            mass: self.r.f32()?,
            linear_damping: self.r.f32()?,
            angular_damping: self.r.f32()?,
            restitution: self.r.f32()?,
            friction: self.r.f32()?,
            mode: self.u8_enum("physics mode", |v| {
                Some(match v {
                    0 => PhysicsMode::FollowBone,
                    1 => PhysicsMode::Physics,
                    2 => PhysicsMode::PhysicsWithBone,
                    _ => return None,
                })
            })?,
        })
    }

    fn joints(&mut self, rigid_bodies: usize) -> Result<Vec<Joint>> {
        let min = 4 + 4 + 1 + 2 * self.sizes.rigid_body + JointConstraint::SIZE;
        let count = self.r.count_i32(min).ctx(|| "joint count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(|| format!("joint {i}"), |p| p.joint(rigid_bodies))?);
        }
        Ok(out)
    }

    fn joint(&mut self, rigid_bodies: usize) -> Result<Joint> {
        let rb = self.sizes.rigid_body;
        Ok(Joint {
            name: self.text()?,
            name_en: self.text()?,
            kind: self.u8_enum("joint kind", |v| {
                Some(match v {
                    0 => JointKind::Spring6Dof,
                    1 => JointKind::SixDof,
                    2 => JointKind::PointToPoint,
                    3 => JointKind::ConeTwist,
                    4 => JointKind::Slider,
                    5 => JointKind::Hinge,
                    _ => return None,
                })
            })?,
            rigid_bodies: [
                self.index_or_none(rb, "rigid body", rigid_bodies)?,
                self.index_or_none(rb, "rigid body", rigid_bodies)?,
            ],
            constraint: JointConstraint::read(&self.r.array()?),
        })
    }

    fn soft_bodies(&mut self, c: &Counts, rigid_bodies: usize) -> Result<Vec<SoftBody>> {
        // Names, shape, material, group, mask, flags, 30 four-byte numbers, two counts.
        let min = 4 + 4 + 1 + self.sizes.material + 1 + 2 + 1 + 4 * 30 + 4 + 4;
        let count = self.r.count_i32(min).ctx(|| "soft body count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.within(
                || format!("soft body {i}"),
                |p| p.soft_body(c, rigid_bodies),
            )?);
        }
        Ok(out)
    }

    fn soft_body(&mut self, c: &Counts, rigid_bodies: usize) -> Result<SoftBody> {
        let s = self.sizes;
        let name = self.text()?;
        let name_en = self.text()?;
        let shape = self.u8_enum("soft body shape", |v| match v {
            0 => Some(SoftBodyShape::TriMesh),
            1 => Some(SoftBodyShape::Rope),
            _ => None,
        })?;
        let material = self.index_or_none(s.material, "material", c.materials)?;
        let group = self.r.u8()?;
        let non_collision_mask = self.r.u16()?;
        let flags = self.r.u8()?;
        let b_link_distance = self.r.i32()?;
        let cluster_count = self.r.i32()?;
        let total_mass = self.r.f32()?;
        let collision_margin = self.r.f32()?;
        let aero_model = self.r.i32()?;
        let mut config = [0.0; 12];
        for v in &mut config {
            *v = self.r.f32()?;
        }
        let mut cluster = [0.0; 6];
        for v in &mut cluster {
            *v = self.r.f32()?;
        }
        let mut iterations = [0; 4];
        for v in &mut iterations {
            *v = self.r.i32()?;
        }
        let material_coefficients = self.r.vec3()?;
        let anchor_size = s.rigid_body + s.vertex + 1;
        let count = self.r.count_i32(anchor_size).ctx(|| "anchor count")?;
        let anchors = self.records(count, anchor_size, "anchor", |a, at, w| {
            const DROPPED: &str = "anchor dropped";
            let rb = s.rigid_body;
            let body = index_at(a, 0, rb);
            let Some(rigid_body) = or_drop(body, "rigid body", rigid_bodies, false, at, w, DROPPED)
            else {
                return Ok(None);
            };
            let vertex = vertex_index_at(a, rb, s.vertex);
            Ok(
                vertex_or_drop(vertex, c.vertices, at + rb, w, DROPPED).map(|vertex| {
                    SoftBodyAnchor {
                        rigid_body,
                        vertex,
                        near_mode: a[rb + s.vertex],
                    }
                }),
            )
        })?;
        let count = self.r.count_i32(s.vertex).ctx(|| "pin count")?;
        let pins = self.records(count, s.vertex, "pin", |p, at, w| {
            let vertex = vertex_index_at(p, 0, s.vertex);
            Ok(vertex_or_drop(vertex, c.vertices, at, w, "pin dropped"))
        })?;
        Ok(SoftBody {
            name,
            name_en,
            shape,
            material,
            group,
            non_collision_mask,
            flags,
            b_link_distance,
            cluster_count,
            total_mass,
            collision_margin,
            aero_model,
            config,
            cluster,
            iterations,
            material_coefficients,
            anchors,
            pins,
        })
    }
}

// ---- fields of a block already taken from the reader (its length covers every field) ----

/// How many bone indices a vertex of weight type `kind` holds; `None` for an unknown type.
#[inline(always)]
fn weight_bone_count(kind: u8) -> Option<usize> {
    match kind {
        0 => Some(1),
        1 | 3 => Some(2),
        2 | 4 => Some(4),
        _ => None,
    }
}

/// How many floats follow the bone indices of a vertex of weight type `kind` (the edge scale
/// not counted).
#[inline(always)]
fn weight_float_count(kind: u8) -> usize {
    match kind {
        1 => 1,
        2 | 4 => 4,
        3 => 10,
        _ => 0,
    }
}

#[inline(always)]
fn f32_at(b: &[u8], at: usize) -> f32 {
    f32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

#[inline(always)]
fn floats_at<const N: usize>(b: &[u8], at: usize) -> [f32; N] {
    let mut out = [0.0; N];
    for (v, c) in out.iter_mut().zip(b[at..at + 4 * N].chunks_exact(4)) {
        *v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    out
}

/// A signed index of `size` bytes (1, 2 or 4).
#[inline(always)]
fn index_at(b: &[u8], at: usize, size: usize) -> i32 {
    match size {
        1 => i32::from(b[at] as i8),
        2 => i32::from(i16::from_le_bytes([b[at], b[at + 1]])),
        _ => i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]),
    }
}

/// A vertex index of `size` bytes: unsigned for 1 and 2, a signed `i32` for 4.
#[inline(always)]
fn vertex_index_at(b: &[u8], at: usize, size: usize) -> i64 {
    match size {
        1 => i64::from(b[at]),
        2 => i64::from(u16::from_le_bytes([b[at], b[at + 1]])),
        _ => i64::from(i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])),
    }
}

/// `v` (at file offset `at`) if it indexes a table of `count` items or is -1 ("none");
/// otherwise -1, with a warning.
#[inline(always)]
/// The sphere mode byte `v` (at file offset `at`). Any value but 0–3 reads as no sphere map,
/// with a warning: nanoem writes 255 for its "unknown" mode and reads it as none, and such
/// files open in MMD's other tools.
fn sphere_mode_or_none(v: u8, at: usize, w: &mut Warnings) -> SphereMode {
    match v {
        0 => SphereMode::None,
        1 => SphereMode::Multiply,
        2 => SphereMode::Add,
        3 => SphereMode::SubTexture,
        _ => {
            w.push(at, || {
                format!(
                    "sphere mode {v} is not 0–3 (none, multiply, add, sub-texture); read as none"
                )
            });
            SphereMode::None
        }
    }
}

fn or_none(v: i32, what: &'static str, count: usize, at: usize, w: &mut Warnings) -> i32 {
    if v == -1 || (v >= 0 && (v as usize) < count) {
        v
    } else {
        w.index(at, what, i64::from(v), count, "set to none");
        -1
    }
}

/// `v` (at file offset `at`) if it indexes a table of `count` items (or is -1 and
/// `none_ok`); otherwise `None`, with a warning that `entry` is dropped.
#[inline(always)]
fn or_drop(
    v: i32,
    what: &'static str,
    count: usize,
    none_ok: bool,
    at: usize,
    w: &mut Warnings,
    entry: &'static str,
) -> Option<i32> {
    if (v >= 0 && (v as usize) < count) || (none_ok && v == -1) {
        Some(v)
    } else {
        w.index(at, what, i64::from(v), count, entry);
        None
    }
}

/// A vertex index (at file offset `at`) into a table of `count`; otherwise `None`, with a
/// warning that `entry` is dropped.
#[inline(always)]
fn vertex_or_drop(
    v: i64,
    count: usize,
    at: usize,
    w: &mut Warnings,
    entry: &'static str,
) -> Option<u32> {
    if v >= 0 && (v as u64) < count as u64 {
        Some(v as u32)
    } else {
        w.index(at, "vertex", v, count, entry);
        None
    }
}

#[cold]
fn invalid(offset: usize, what: &'static str, value: impl Into<i64>) -> Error {
    Error {
        format: Format::Pmx,
        context: String::new(),
        kind: ErrorKind::InvalidValue {
            what,
            value: value.into(),
        },
        offset,
    }
}

/// UTF-16LE to `String`; unpaired surrogates and an odd trailing byte become U+FFFD.
fn decode_utf16le(bytes: &[u8]) -> String {
    let pairs = bytes.chunks_exact(2);
    let odd = !pairs.remainder().is_empty();
    let mut s = String::with_capacity(bytes.len() + 2);
    if !odd && pairs.clone().all(|p| p[1] == 0 && p[0] < 0x80) {
        s.extend(pairs.map(|p| char::from(p[0])));
        return s;
    }
    s.extend(
        char::decode_utf16(pairs.map(|p| u16::from_le_bytes([p[0], p[1]])))
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)),
    );
    if odd {
        s.push(char::REPLACEMENT_CHARACTER);
    }
    s
}
