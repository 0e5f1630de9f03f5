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
        return Err(r.error_at(
            at,
            ErrorKind::InvalidValue {
                what: "globals count",
                value: i64::from(count),
            },
        ));
    }
    let globals = r.take(usize::from(count))?;
    let invalid = |i: usize, what: &'static str| {
        r.error_at(
            at + 1 + i,
            ErrorKind::InvalidValue {
                what,
                value: i64::from(globals[i]),
            },
        )
    };
    let encoding = match globals[0] {
        0 => TextEncoding::Utf16Le,
        1 => TextEncoding::Utf8,
        _ => return Err(invalid(0, "text encoding")),
    };
    if globals[1] > 4 {
        return Err(invalid(1, "additional UV count"));
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
            return Err(invalid(2 + i, what));
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
            Ok(()) => self.r.error_at(
                at,
                ErrorKind::InvalidValue {
                    what: "index (inconsistent second pass)",
                    value: -1,
                },
            ),
        }
    }

    fn text(&mut self) -> Result<String> {
        let at = self.r.pos();
        let len = self.r.i32()?;
        if len < 0 {
            return Err(self.r.error_at(
                at,
                ErrorKind::InvalidValue {
                    what: "text length",
                    value: i64::from(len),
                },
            ));
        }
        let bytes = self.r.take(len as usize)?;
        Ok(if self.utf8 {
            String::from_utf8_lossy(bytes).into_owned()
        } else {
            decode_utf16le(bytes)
        })
    }

    fn u8_enum<T>(&mut self, what: &'static str, f: impl FnOnce(u8) -> Option<T>) -> Result<T> {
        let at = self.r.pos();
        let v = self.r.u8()?;
        f(v).ok_or_else(|| {
            self.r.error_at(
                at,
                ErrorKind::InvalidValue {
                    what,
                    value: i64::from(v),
                },
            )
        })
    }

    fn bool(&mut self) -> Result<bool> {
        Ok(self.r.u8()? != 0)
    }

    /// A signed index of `size` bytes (-1 = none), unchecked.
    #[inline]
    fn raw_index(&mut self, size: usize) -> Result<i32> {
        Ok(match size {
            1 => i32::from(self.r.i8()?),
            2 => i32::from(self.r.i16()?),
            _ => self.r.i32()?,
        })
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
        let v = self.raw_index(size)?;
        if (v >= 0 && (v as usize) < count) || (none_ok && v == -1) {
            Ok(v)
        } else {
            Err(self.out_of_range(at, what, i64::from(v), count))
        }
    }

    /// A vertex index (unsigned for sizes 1 and 2, non-negative `i32` for size 4).
    #[inline]
    fn vertex_index(&mut self, count: usize) -> Result<u32> {
        let at = self.r.pos();
        let v = match self.sizes.vertex {
            1 => i64::from(self.r.u8()?),
            2 => i64::from(self.r.u16()?),
            _ => i64::from(self.r.i32()?),
        };
        if v >= 0 && (v as u64) < count as u64 {
            Ok(v as u32)
        } else {
            Err(self.out_of_range(at, "vertex", v, count))
        }
    }

    fn out_of_range(&self, at: usize, what: &'static str, index: i64, count: usize) -> Error {
        self.r
            .error_at(at, ErrorKind::IndexOutOfRange { what, index, count })
    }

    fn bone(&mut self, count: usize, none_ok: bool) -> Result<i32> {
        self.index(self.sizes.bone, "bone", count, none_ok)
    }

    fn texture(&mut self, count: usize) -> Result<i32> {
        self.index(self.sizes.texture, "texture", count, true)
    }

    // ---- vertices, faces, textures, materials ----

    /// Vertices; weight bone indices are checked against `bones` (or only recorded in
    /// `max_weight_bone` while the bone count is [`UNKNOWN`]).
    fn vertices(&mut self, bones: usize) -> Result<Vec<Vertex>> {
        let n_uv = self.additional_uvs;
        let min = 32 + 16 * n_uv + 1 + self.sizes.bone + 4;
        let count = self.r.count_i32(min).ctx(|| "vertex count")?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(self.vertex(n_uv, bones).ctx(|| format!("vertex {i}"))?);
        }
        Ok(out)
    }

    #[inline]
    fn vertex(&mut self, n_uv: usize, bones: usize) -> Result<Vertex> {
        let position = self.r.vec3()?;
        let normal = self.r.vec3()?;
        let uv = self.r.vec2()?;
        let mut additional_uvs = [[0.0; 4]; 4];
        for a in additional_uvs.iter_mut().take(n_uv) {
            *a = self.r.vec4()?;
        }
        let kind = self.r.u8()?;
        let weight = match kind {
            0 => Weight::Bdef1 {
                bone: self.weight_bone(bones)?,
            },
            1 => Weight::Bdef2 {
                bones: [self.weight_bone(bones)?, self.weight_bone(bones)?],
                weight: self.r.f32()?,
            },
            2 | 4 => {
                let b = [
                    self.weight_bone(bones)?,
                    self.weight_bone(bones)?,
                    self.weight_bone(bones)?,
                    self.weight_bone(bones)?,
                ];
                let w = self.r.vec4()?;
                if kind == 2 {
                    Weight::Bdef4 {
                        bones: b,
                        weights: w,
                    }
                } else {
                    Weight::Qdef {
                        bones: b,
                        weights: w,
                    }
                }
            }
            3 => Weight::Sdef {
                bones: [self.weight_bone(bones)?, self.weight_bone(bones)?],
                weight: self.r.f32()?,
                c: self.r.vec3()?,
                r0: self.r.vec3()?,
                r1: self.r.vec3()?,
            },
            _ => {
                return Err(self.r.error_at(
                    self.r.pos() - 1,
                    ErrorKind::InvalidValue {
                        what: "weight type",
                        value: i64::from(kind),
                    },
                ));
            }
        };
        Ok(Vertex {
            position,
            normal,
            uv,
            additional_uvs,
            weight,
            edge_scale: self.r.f32()?,
        })
    }

    /// A skinning bone index; -1 (unused slot) is allowed in every weight type.
    #[inline]
    fn weight_bone(&mut self, bones: usize) -> Result<i32> {
        if bones == UNKNOWN {
            let b = self.raw_index(self.sizes.bone)?;
            self.weight_bone_bound = self.weight_bone_bound.max(b.wrapping_add(1) as u32);
            Ok(b)
        } else {
            self.bone(bones, true)
        }
    }

    fn faces(&mut self, vertices: usize) -> Result<Vec<[u32; 3]>> {
        let size = self.sizes.vertex;
        let at = self.r.pos();
        let count = self.r.count_i32(size).ctx(|| "face index count")?;
        if count % 3 != 0 {
            return Err(self.r.error_at(
                at,
                ErrorKind::InvalidValue {
                    what: "face index count (not a multiple of 3)",
                    value: count as i64,
                },
            ));
        }
        let start = self.r.pos();
        let block = self.r.take(count * size)?;
        let mut out = Vec::with_capacity(count / 3);
        let mut bad = None;
        match size {
            1 => collect_faces(block.chunks_exact(3), &mut out, vertices, &mut bad, |t| {
                [u32::from(t[0]), u32::from(t[1]), u32::from(t[2])]
            }),
            2 => collect_faces(block.chunks_exact(6), &mut out, vertices, &mut bad, |t| {
                [
                    u32::from(u16::from_le_bytes([t[0], t[1]])),
                    u32::from(u16::from_le_bytes([t[2], t[3]])),
                    u32::from(u16::from_le_bytes([t[4], t[5]])),
                ]
            }),
            // Signed in the file: a negative value becomes >= 2^31, never a valid index.
            _ => collect_faces(block.chunks_exact(12), &mut out, vertices, &mut bad, |t| {
                [
                    u32::from_le_bytes([t[0], t[1], t[2], t[3]]),
                    u32::from_le_bytes([t[4], t[5], t[6], t[7]]),
                    u32::from_le_bytes([t[8], t[9], t[10], t[11]]),
                ]
            }),
        }
        if let Some((face, corner, v)) = bad {
            let index = if size == 4 {
                i64::from(v as i32)
            } else {
                i64::from(v)
            };
            let offset = start + (face * 3 + corner) * size;
            return Err(self.out_of_range(offset, "vertex", index, vertices))
                .ctx(|| format!("face {face}"));
        }
        Ok(out)
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
            return Err(self.r.error_at(
                at,
                ErrorKind::InvalidValue {
                    what: "face index count (beyond the faces)",
                    value: i64::from(index_count),
                },
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
        let offsets = match kind {
            0 | 9 => {
                let v = self.offsets(count, |p| {
                    Ok(GroupOffset {
                        morph: p.index(s.morph, "morph", c.morphs, false)?,
                        weight: p.r.f32()?,
                    })
                })?;
                if kind == 0 {
                    MorphOffsets::Group(v)
                } else {
                    MorphOffsets::Flip(v)
                }
            }
            1 => MorphOffsets::Vertex(self.offsets(count, |p| {
                Ok(VertexOffset {
                    vertex: p.vertex_index(c.vertices)?,
                    offset: p.r.vec3()?,
                })
            })?),
            2 => MorphOffsets::Bone(self.offsets(count, |p| {
                Ok(BoneOffset {
                    bone: p.bone(c.bones, false)?,
                    translation: p.r.vec3()?,
                    rotation: p.r.vec4()?,
                })
            })?),
            3..=7 => MorphOffsets::Uv {
                channel: kind - 3,
                offsets: self.offsets(count, |p| {
                    Ok(UvOffset {
                        vertex: p.vertex_index(c.vertices)?,
                        offset: p.r.vec4()?,
                    })
                })?,
            },
            8 => MorphOffsets::Material(self.offsets(count, |p| {
                Ok(MaterialOffset {
                    material: p.index(s.material, "material", c.materials, true)?,
                    op: p.u8_enum("material morph operation", |v| match v {
                        0 => Some(MaterialOp::Multiply),
                        1 => Some(MaterialOp::Add),
                        _ => None,
                    })?,
                    diffuse: p.r.vec4()?,
                    specular: p.r.vec3()?,
                    specular_power: p.r.f32()?,
                    ambient: p.r.vec3()?,
                    edge_color: p.r.vec4()?,
                    edge_size: p.r.f32()?,
                    texture_tint: p.r.vec4()?,
                    sphere_tint: p.r.vec4()?,
                    toon_tint: p.r.vec4()?,
                })
            })?),
            _ => MorphOffsets::Impulse(self.offsets(count, |p| {
                let rigid_body = if c.rigid_bodies == UNKNOWN {
                    let v = p.raw_index(s.rigid_body)?;
                    p.impulse_body_bound = p.impulse_body_bound.max((v as u32).saturating_add(1));
                    v
                } else {
                    p.index(s.rigid_body, "rigid body", c.rigid_bodies, false)?
                };
                Ok(ImpulseOffset {
                    rigid_body,
                    local: p.bool()?,
                    velocity: p.r.vec3()?,
                    torque: p.r.vec3()?,
                })
            })?),
        };
        Ok(Morph {
            name,
            name_en,
            panel,
            offsets,
        })
    }

    fn offsets<T>(
        &mut self,
        count: usize,
        mut item: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            out.push(item(self).ctx(|| format!("offset {i}"))?);
        }
        Ok(out)
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
        let min = 4 + 4 + 1 + self.sizes.material + 1 + 2 + 1 + 4 * 6 + 4 * 25 + 4 + 4;
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
        let count = self
            .r
            .count_i32(s.rigid_body + s.vertex + 1)
            .ctx(|| "anchor count")?;
        let mut anchors = Vec::with_capacity(count);
        for i in 0..count {
            anchors.push(self.anchor(c).ctx(|| format!("anchor {i}"))?);
        }
        let count = self.r.count_i32(s.vertex).ctx(|| "pin count")?;
        let mut pins = Vec::with_capacity(count);
        for i in 0..count {
            pins.push(self.vertex_index(c.vertices).ctx(|| format!("pin {i}"))?);
        }
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

    fn anchor(&mut self, c: &Counts) -> Result<SoftBodyAnchor> {
        Ok(SoftBodyAnchor {
            rigid_body: self.index(self.sizes.rigid_body, "rigid body", c.rigid_bodies, false)?,
            vertex: self.vertex_index(c.vertices)?,
            near_mode: self.r.u8()?,
        })
    }
}

/// Decodes each face of `chunks` with `decode`, stopping at the first vertex index out of
/// range and recording (face, corner, raw value) in `bad`.
#[inline]
fn collect_faces<'a>(
    chunks: impl Iterator<Item = &'a [u8]>,
    out: &mut Vec<[u32; 3]>,
    vertices: usize,
    bad: &mut Option<(usize, usize, u32)>,
    decode: impl Fn(&[u8]) -> [u32; 3],
) {
    let limit = u32::try_from(vertices).unwrap_or(u32::MAX);
    for (i, chunk) in chunks.enumerate() {
        let face = decode(chunk);
        if face.iter().any(|&v| v >= limit) {
            let corner = face.iter().position(|&v| v >= limit).unwrap_or(0);
            *bad = Some((i, corner, face[corner]));
            return;
        }
        out.push(face);
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
