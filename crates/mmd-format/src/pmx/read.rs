//! PMX 2.0 / 2.1 reader.
//!
//! Every index is checked against its table. Most tables are known before anything refers to
//! them (a section's count is read before its items, so bones may refer to later bones), with
//! two exceptions: vertex weights come before the bones and impulse morphs come before the
//! rigid bodies. For those the first pass only records the largest index seen; if it turns
//! out to be out of range, the section is read again with the real count, which stops at the
//! first bad index with its exact offset and context. Valid files are read once.

use super::*;
use crate::binary::{Ctx, Reader};
use crate::error::{Error, ErrorKind, Format, Result};

/// The "no limit yet" table size used by the first pass over vertices and morphs.
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
        impulse_body_bound: 0,
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
    pmx.faces = p.faces(pmx.vertices.len())?;
    pmx.textures = p.textures()?;
    pmx.materials = p.materials(pmx.textures.len(), pmx.faces.len())?;

    let bone_count = p.r.count_i32(p.sizes.bone_min()).ctx(|| "bone count")?;
    if p.weight_bone_bound as usize > bone_count {
        return Err(p.recheck(bytes, vertices_at, |p| p.vertices(bone_count).map(drop)));
    }
    pmx.bones = p.bones(bone_count)?;

    let counts = Counts {
        vertices: pmx.vertices.len(),
        materials: pmx.materials.len(),
        bones: pmx.bones.len(),
        morphs: 0,
        rigid_bodies: UNKNOWN,
    };
    let morphs_at = p.r.pos();
    pmx.morphs = p.morphs(counts)?;
    let counts = Counts {
        morphs: pmx.morphs.len(),
        ..counts
    };
    pmx.display_frames = p.display_frames(&counts)?;
    pmx.rigid_bodies = p.rigid_bodies(counts.bones)?;
    let rigid_bodies = pmx.rigid_bodies.len();
    if p.impulse_body_bound as usize > rigid_bodies {
        let counts = Counts {
            rigid_bodies,
            ..counts
        };
        return Err(p.recheck(bytes, morphs_at, |p| p.morphs(counts).map(drop)));
    }
    pmx.joints = p.joints(rigid_bodies)?;
    // A 2.1 file that ends right after the joints has no soft bodies; anything after the last
    // section (some writers leave a few bytes) is ignored.
    if is_v21(header.version) && !p.r.is_at_end() {
        let counts = Counts {
            rigid_bodies,
            ..counts
        };
        pmx.soft_bodies = p.soft_bodies(&counts)?;
    }
    pmx.header = header;
    Ok(pmx)
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
    rigid_bodies: usize,
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
    /// The same for the rigid-body indices of impulse morphs (-1 is not allowed there).
    impulse_body_bound: u32,
}

impl PmxReader<'_> {
    /// Reads a section again from `at` with the table sizes now known, to report the first
    /// out-of-range index it holds with its offset and context.
    fn recheck<'b>(
        &self,
        bytes: &'b [u8],
        at: usize,
        section: impl FnOnce(&mut PmxReader<'b>) -> Result<()>,
    ) -> Error {
        let mut r = Reader::new(bytes, Format::Pmx);
        if let Err(e) = r.take(at) {
            return e;
        }
        let mut again = PmxReader {
            r,
            utf8: self.utf8,
            sizes: self.sizes,
            additional_uvs: self.additional_uvs,
            weight_bone_bound: 0,
            impulse_body_bound: 0,
        };
        match section(&mut again) {
            Err(e) => e,
            // Unreachable: the first pass saw the index that the second pass rejects.
            Ok(()) => invalid(at, "index (inconsistent second pass)", -1),
        }
    }

    fn text(&mut self) -> Result<String> {
        let at = self.r.pos();
        let len = self.r.i32()?;
        if len < 0 {
            return Err(invalid(at, "text length", len));
        }
        let bytes = self.r.take(len as usize)?;
        Ok(if self.utf8 {
            String::from_utf8_lossy(bytes).into_owned()
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

    /// A signed index into a table of `count` items; -1 is accepted when `none_ok`.
    #[inline]
    fn index(
        &mut self,
        size: usize,
        what: &'static str,
        count: usize,
        none_ok: bool,
    ) -> Result<i32> {
        let at = self.r.pos();
        check(self.raw_index(size)?, what, count, none_ok, at)
    }

    fn bone(&mut self, count: usize, none_ok: bool) -> Result<i32> {
        self.index(self.sizes.bone, "bone", count, none_ok)
    }

    fn texture(&mut self, count: usize) -> Result<i32> {
        self.index(self.sizes.texture, "texture", count, true)
    }

    /// `count` records of `size` bytes each (`count` already checked against the remaining
    /// bytes), decoded from one block: `decode` gets a record's bytes and its file offset.
    /// Errors are prefixed with "`what` i".
    #[inline]
    fn records<T>(
        &mut self,
        count: usize,
        size: usize,
        what: &str,
        mut decode: impl FnMut(&[u8], usize) -> Result<T>,
    ) -> Result<Vec<T>> {
        let start = self.r.pos();
        let block = self.r.take(count.saturating_mul(size))?;
        let mut out = Vec::with_capacity(count);
        for (i, record) in block.chunks_exact(size).enumerate() {
            match decode(record, start + i * size) {
                Ok(x) => out.push(x),
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
            match self.vertex(n_uv, bones) {
                Ok(v) => out.push(v),
                Err(e) => return Err(e).ctx(|| format!("vertex {i}")),
            }
        }
        Ok(out)
    }

    /// One vertex, read as two blocks: the fixed part up to the weight type, then the weights
    /// (whose size depends on the type) and the edge scale.
    #[inline(always)]
    fn vertex(&mut self, n_uv: usize, bones: usize) -> Result<Vertex> {
        let head = self.r.take(33 + 16 * n_uv)?;
        let mut additional_uvs = [[0.0; 4]; 4];
        for (k, uv) in additional_uvs.iter_mut().take(n_uv).enumerate() {
            *uv = floats_at(head, 32 + 16 * k);
        }
        let kind = head[32 + 16 * n_uv];
        let (n_bones, n_floats) = match kind {
            0 => (1, 0),
            1 => (2, 1),
            2 | 4 => (4, 4),
            3 => (2, 10),
            _ => return Err(invalid(self.r.pos() - 1, "weight type", kind)),
        };
        let bs = self.sizes.bone;
        let at = self.r.pos();
        let body = self.r.take(n_bones * bs + 4 * n_floats + 4)?;
        let mut b = [-1; 4];
        for (k, slot) in b.iter_mut().enumerate().take(n_bones) {
            *slot = self.weight_bone(index_at(body, k * bs, bs), bones, at + k * bs)?;
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
        Ok(Vertex {
            position: floats_at(head, 0),
            normal: floats_at(head, 12),
            uv: floats_at(head, 24),
            additional_uvs,
            weight,
            edge_scale: f32_at(body, w + 4 * n_floats),
        })
    }

    /// A skinning bone index at file offset `at`; -1 (unused slot) is allowed in every weight
    /// type.
    #[inline(always)]
    fn weight_bone(&mut self, b: i32, bones: usize, at: usize) -> Result<i32> {
        if bones == UNKNOWN {
            // -1 counts as 0; any other negative index wraps to a huge bound.
            self.weight_bone_bound = self.weight_bone_bound.max(b.wrapping_add(1) as u32);
            Ok(b)
        } else {
            check(b, "bone", bones, true, at)
        }
    }

    fn faces(&mut self, vertices: usize) -> Result<Vec<[u32; 3]>> {
        let size = self.sizes.vertex;
        let at = self.r.pos();
        let count = self.r.count_i32(size).ctx(|| "face index count")?;
        if count % 3 != 0 {
            return Err(invalid(
                at,
                "face index count (not a multiple of 3)",
                count as i64,
            ));
        }
        self.records(count / 3, 3 * size, "face", |f, at| {
            let mut face = [0; 3];
            for (k, v) in face.iter_mut().enumerate() {
                let offset = k * size;
                *v = check_vertex(vertex_index_at(f, offset, size), vertices, at + offset)?;
            }
            Ok(face)
        })
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
            let m = self
                .material(textures, &mut remaining)
                .ctx(|| format!("material {i}"))?;
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
        let texture = self.texture(textures).ctx(|| "texture")?;
        let sphere_texture = self.texture(textures).ctx(|| "sphere texture")?;
        let sphere_mode = self.u8_enum("sphere mode", |v| {
            Some(match v {
                0 => SphereMode::None,
                1 => SphereMode::Multiply,
                2 => SphereMode::Add,
                3 => SphereMode::SubTexture,
                _ => return None,
            })
        })?;
        let toon = match self.u8_enum("shared toon flag", |v| (v <= 1).then_some(v))? {
            0 => Toon::Texture(self.texture(textures).ctx(|| "toon texture")?),
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
            out.push(self.bone_item(count).ctx(|| format!("bone {i}"))?);
        }
        Ok(out)
    }

    fn bone_item(&mut self, bones: usize) -> Result<Bone> {
        use bone_flags::*;
        let name = self.text()?;
        let name_en = self.text()?;
        let position = self.r.vec3()?;
        let parent = self.bone(bones, true).ctx(|| "parent")?;
        let deform_depth = self.r.i32()?;
        let flags = self.r.u16()?;
        let tail = if flags & TAIL_IS_BONE != 0 {
            BoneTail::Bone(self.bone(bones, true).ctx(|| "tail")?)
        } else {
            BoneTail::Offset(self.r.vec3()?)
        };
        let append = if flags & (APPEND_ROTATE | APPEND_TRANSLATE) != 0 {
            Some(Append {
                parent: self.bone(bones, true).ctx(|| "append parent")?,
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
            Some(self.ik(bones)?)
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

    fn ik(&mut self, bones: usize) -> Result<Ik> {
        let target = self.bone(bones, false).ctx(|| "IK target")?;
        let loop_count = self.r.i32()?;
        let limit_angle = self.r.f32()?;
        let count = self
            .r
            .count_i32(self.sizes.bone + 1)
            .ctx(|| "IK link count")?;
        let mut links = Vec::with_capacity(count);
        for i in 0..count {
            links.push(self.ik_link(bones).ctx(|| format!("IK link {i}"))?);
        }
        Ok(Ik {
            target,
            loop_count,
            limit_angle,
            links,
        })
    }

    fn ik_link(&mut self, bones: usize) -> Result<IkLink> {
        let bone = self.bone(bones, false)?;
        let limit = if self.bool()? {
            Some(AngleLimit {
                min: self.r.vec3()?,
                max: self.r.vec3()?,
            })
        } else {
            None
        };
        Ok(IkLink { bone, limit })
    }

    // ---- morphs ----

    fn morphs(&mut self, c: Counts) -> Result<Vec<Morph>> {
        let count = self.r.count_i32(4 + 4 + 1 + 1 + 4).ctx(|| "morph count")?;
        let c = Counts { morphs: count, ..c };
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.morph(&c).ctx(|| format!("morph {i}"))?);
        }
        Ok(out)
    }

    fn morph(&mut self, c: &Counts) -> Result<Morph> {
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
        let offsets = match kind {
            0 | 9 => {
                let v = self.records(count, item_size, "offset", |o, at| {
                    Ok(GroupOffset {
                        morph: check(index_at(o, 0, s.morph), "morph", c.morphs, false, at)?,
                        weight: f32_at(o, s.morph),
                    })
                })?;
                if kind == 0 {
                    MorphOffsets::Group(v)
                } else {
                    MorphOffsets::Flip(v)
                }
            }
            1 => MorphOffsets::Vertex(self.records(count, item_size, "offset", |o, at| {
                Ok(VertexOffset {
                    vertex: check_vertex(vertex_index_at(o, 0, vs), c.vertices, at)?,
                    offset: floats_at(o, vs),
                })
            })?),
            2 => MorphOffsets::Bone(self.records(count, item_size, "offset", |o, at| {
                Ok(BoneOffset {
                    bone: check(index_at(o, 0, bs), "bone", c.bones, false, at)?,
                    translation: floats_at(o, bs),
                    rotation: floats_at(o, bs + 12),
                })
            })?),
            3..=7 => MorphOffsets::Uv {
                channel: kind - 3,
                offsets: self.records(count, item_size, "offset", |o, at| {
                    Ok(UvOffset {
                        vertex: check_vertex(vertex_index_at(o, 0, vs), c.vertices, at)?,
                        offset: floats_at(o, vs),
                    })
                })?,
            },
            8 => MorphOffsets::Material(self.records(count, item_size, "offset", |o, at| {
                let m = s.material;
                let op = match o[m] {
                    0 => MaterialOp::Multiply,
                    1 => MaterialOp::Add,
                    v => return Err(invalid(at + m, "material morph operation", v)),
                };
                Ok(MaterialOffset {
                    material: check(index_at(o, 0, m), "material", c.materials, true, at)?,
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
                })
            })?),
            _ => {
                let mut bound = self.impulse_body_bound;
                let offsets = self.records(count, item_size, "offset", |o, at| {
                    let rb = s.rigid_body;
                    let raw = index_at(o, 0, rb);
                    let rigid_body = if c.rigid_bodies == UNKNOWN {
                        // -1 wraps to the largest bound: "none" is not allowed here.
                        bound = bound.max((raw as u32).saturating_add(1));
                        raw
                    } else {
                        check(raw, "rigid body", c.rigid_bodies, false, at)?
                    };
                    Ok(ImpulseOffset {
                        rigid_body,
                        local: o[rb] != 0,
                        velocity: floats_at(o, rb + 1),
                        torque: floats_at(o, rb + 13),
                    })
                })?;
                self.impulse_body_bound = bound;
                MorphOffsets::Impulse(offsets)
            }
        };
        Ok(Morph {
            name,
            name_en,
            panel,
            offsets,
        })
    }

    // ---- display frames, rigid bodies, joints, soft bodies ----

    fn display_frames(&mut self, c: &Counts) -> Result<Vec<DisplayFrame>> {
        let count = self
            .r
            .count_i32(4 + 4 + 1 + 4)
            .ctx(|| "display frame count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.display_frame(c).ctx(|| format!("display frame {i}"))?);
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
            let e = self.display_element(c).ctx(|| format!("element {i}"))?;
            elements.push(e);
        }
        Ok(DisplayFrame {
            name,
            name_en,
            special,
            elements,
        })
    }

    fn display_element(&mut self, c: &Counts) -> Result<DisplayElement> {
        Ok(
            match self.u8_enum("display element kind", |v| (v <= 1).then_some(v))? {
                0 => DisplayElement::Bone(self.bone(c.bones, false)?),
                _ => {
                    DisplayElement::Morph(self.index(self.sizes.morph, "morph", c.morphs, false)?)
                }
            },
        )
    }

    fn rigid_bodies(&mut self, bones: usize) -> Result<Vec<RigidBody>> {
        let min = 4 + 4 + self.sizes.bone + 1 + 2 + 1 + 36 + 20 + 1;
        let count = self.r.count_i32(min).ctx(|| "rigid body count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.rigid_body(bones).ctx(|| format!("rigid body {i}"))?);
        }
        Ok(out)
    }

    fn rigid_body(&mut self, bones: usize) -> Result<RigidBody> {
        Ok(RigidBody {
            name: self.text()?,
            name_en: self.text()?,
            bone: self.bone(bones, true)?,
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
        let min = 4 + 4 + 1 + 2 * self.sizes.rigid_body + 8 * 12;
        let count = self.r.count_i32(min).ctx(|| "joint count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.joint(rigid_bodies).ctx(|| format!("joint {i}"))?);
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
                self.index(rb, "rigid body", rigid_bodies, true)?,
                self.index(rb, "rigid body", rigid_bodies, true)?,
            ],
            position: self.r.vec3()?,
            rotation: self.r.vec3()?,
            position_min: self.r.vec3()?,
            position_max: self.r.vec3()?,
            rotation_min: self.r.vec3()?,
            rotation_max: self.r.vec3()?,
            spring_position: self.r.vec3()?,
            spring_rotation: self.r.vec3()?,
        })
    }

    fn soft_bodies(&mut self, c: &Counts) -> Result<Vec<SoftBody>> {
        // Names, shape, material, group, mask, flags, 30 four-byte numbers, two counts.
        let min = 4 + 4 + 1 + self.sizes.material + 1 + 2 + 1 + 4 * 30 + 4 + 4;
        let count = self.r.count_i32(min).ctx(|| "soft body count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.soft_body(c).ctx(|| format!("soft body {i}"))?);
        }
        Ok(out)
    }

    fn soft_body(&mut self, c: &Counts) -> Result<SoftBody> {
        let s = self.sizes;
        let name = self.text()?;
        let name_en = self.text()?;
        let shape = self.u8_enum("soft body shape", |v| match v {
            0 => Some(SoftBodyShape::TriMesh),
            1 => Some(SoftBodyShape::Rope),
            _ => None,
        })?;
        let material = self.index(s.material, "material", c.materials, true)?;
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
        let anchors = self.records(count, anchor_size, "anchor", |a, at| {
            let rb = s.rigid_body;
            Ok(SoftBodyAnchor {
                rigid_body: check(index_at(a, 0, rb), "rigid body", c.rigid_bodies, false, at)?,
                vertex: check_vertex(vertex_index_at(a, rb, s.vertex), c.vertices, at + rb)?,
                near_mode: a[rb + s.vertex],
            })
        })?;
        let count = self.r.count_i32(s.vertex).ctx(|| "pin count")?;
        let pins = self.records(count, s.vertex, "pin", |p, at| {
            check_vertex(vertex_index_at(p, 0, s.vertex), c.vertices, at)
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

/// `v` if it indexes a table of `count` items (or is -1 and `none_ok`), else an error at
/// file offset `at`.
#[inline(always)]
fn check(v: i32, what: &'static str, count: usize, none_ok: bool, at: usize) -> Result<i32> {
    if (v >= 0 && (v as usize) < count) || (none_ok && v == -1) {
        Ok(v)
    } else {
        Err(out_of_range(at, what, i64::from(v), count))
    }
}

#[inline(always)]
fn check_vertex(v: i64, count: usize, at: usize) -> Result<u32> {
    if v >= 0 && (v as u64) < count as u64 {
        Ok(v as u32)
    } else {
        Err(out_of_range(at, "vertex", v, count))
    }
}

#[cold]
fn out_of_range(offset: usize, what: &'static str, index: i64, count: usize) -> Error {
    Error {
        format: Format::Pmx,
        context: String::new(),
        kind: ErrorKind::IndexOutOfRange { what, index, count },
        offset,
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
