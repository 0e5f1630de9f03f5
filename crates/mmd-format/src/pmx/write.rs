//! PMX 2.0 / 2.1 writer. The layout follows `header` (text encoding, additional UV count,
//! index sizes); the optional parts of a bone follow its flags. Anything that the chosen layout
//! cannot hold (an index too large for its size, soft bodies in a 2.0 file, a bone whose
//! optional parts disagree with its flags) is an [`ErrorKind::Unwritable`] error, never a
//! silently different file.

use super::read::is_v21;
use super::*;
use crate::binary::{Ctx, Writer};
use crate::error::{Error, ErrorKind, Format, Result};

pub fn write(pmx: &Pmx) -> Result<Vec<u8>> {
    let h = &pmx.header;
    let mut w = PmxWriter {
        w: Writer::with_capacity(estimate_size(pmx)),
        utf8: h.encoding == TextEncoding::Utf8,
        additional_uvs: usize::from(h.additional_uv_count),
        vertex_size: h.vertex_index_size,
        texture_size: h.texture_index_size,
        material_size: h.material_index_size,
        bone_size: h.bone_index_size,
        morph_size: h.morph_index_size,
        rigid_body_size: h.rigid_body_index_size,
    };
    w.header(h).ctx(|| "header")?;
    w.text(&pmx.name)?;
    w.text(&pmx.name_en)?;
    w.text(&pmx.comment)?;
    w.text(&pmx.comment_en)?;

    w.count(pmx.vertices.len()).ctx(|| "vertex count")?;
    // The per-item loops attach the context only on failure: `ctx` on every item is slow.
    for (i, v) in pmx.vertices.iter().enumerate() {
        if let Err(e) = w.vertex(v) {
            return Err(e).ctx(|| format!("vertex {i}"));
        }
    }
    w.count(pmx.faces.len() * 3).ctx(|| "face index count")?;
    for (i, face) in pmx.faces.iter().enumerate() {
        for &v in face {
            if let Err(e) = w.vertex_index(v) {
                return Err(e).ctx(|| format!("face {i}"));
            }
        }
    }
    w.count(pmx.textures.len()).ctx(|| "texture count")?;
    for t in &pmx.textures {
        w.text(t)?;
    }
    w.section(&pmx.materials, "material", PmxWriter::material)?;
    w.section(&pmx.bones, "bone", PmxWriter::bone)?;
    w.section(&pmx.morphs, "morph", PmxWriter::morph)?;
    w.section(
        &pmx.display_frames,
        "display frame",
        PmxWriter::display_frame,
    )?;
    w.section(&pmx.rigid_bodies, "rigid body", PmxWriter::rigid_body)?;
    w.section(&pmx.joints, "joint", PmxWriter::joint)?;
    if is_v21(h.version) {
        w.section(&pmx.soft_bodies, "soft body", PmxWriter::soft_body)?;
    } else if !pmx.soft_bodies.is_empty() {
        return Err(w.unwritable(format!(
            "{} soft bodies need PMX 2.1 (header version is {})",
            pmx.soft_bodies.len(),
            h.version
        )));
    }
    Ok(w.w.into_bytes())
}

/// A close upper bound for the usual models, so the output is allocated once.
fn estimate_size(pmx: &Pmx) -> usize {
    let vertex = 32 + 16 * usize::from(pmx.header.additional_uv_count) + 1 + 16 + 16 + 4;
    1024 + pmx.vertices.len() * vertex
        + pmx.faces.len() * 12
        + pmx.materials.len() * 256
        + pmx.bones.len() * 128
        + pmx.rigid_bodies.len() * 128
        + pmx.joints.len() * 160
}

struct PmxWriter {
    w: Writer,
    utf8: bool,
    additional_uvs: usize,
    vertex_size: u8,
    texture_size: u8,
    material_size: u8,
    bone_size: u8,
    morph_size: u8,
    rigid_body_size: u8,
}

impl PmxWriter {
    fn unwritable(&self, why: impl Into<String>) -> Error {
        Error {
            format: Format::Pmx,
            context: String::new(),
            kind: ErrorKind::Unwritable(why.into()),
            offset: self.w.bytes.len(),
        }
    }

    fn header(&mut self, h: &Header) -> Result<()> {
        if h.additional_uv_count > 4 {
            return Err(self.unwritable(format!(
                "additional UV count {} (at most 4)",
                h.additional_uv_count
            )));
        }
        let sizes = [
            h.vertex_index_size,
            h.texture_index_size,
            h.material_index_size,
            h.bone_index_size,
            h.morph_index_size,
            h.rigid_body_index_size,
        ];
        if let Some(bad) = sizes.iter().find(|s| !matches!(s, 1 | 2 | 4)) {
            return Err(self.unwritable(format!("index size {bad} (must be 1, 2 or 4)")));
        }
        let globals = u8::try_from(8 + h.extra_globals.len())
            .map_err(|_| self.unwritable("more than 255 header globals"))?;
        self.w.bytes(b"PMX ");
        self.w.f32(h.version);
        self.w.u8(globals);
        self.w.u8(match h.encoding {
            TextEncoding::Utf16Le => 0,
            TextEncoding::Utf8 => 1,
        });
        self.w.u8(h.additional_uv_count);
        self.w.bytes(&sizes);
        self.w.bytes(&h.extra_globals);
        Ok(())
    }

    /// A count as the file's `i32`.
    fn count(&mut self, n: usize) -> Result<()> {
        let n = i32::try_from(n).map_err(|_| self.unwritable(format!("count {n} exceeds i32")))?;
        self.w.i32(n);
        Ok(())
    }

    /// Writes `items` as a counted section, naming the failing item in errors.
    fn section<T>(
        &mut self,
        items: &[T],
        what: &str,
        mut item: impl FnMut(&mut Self, &T) -> Result<()>,
    ) -> Result<()> {
        self.count(items.len()).ctx(|| format!("{what} count"))?;
        for (i, x) in items.iter().enumerate() {
            if let Err(e) = item(self, x) {
                return Err(e).ctx(|| format!("{what} {i}"));
            }
        }
        Ok(())
    }

    fn text(&mut self, s: &str) -> Result<()> {
        let len_at = self.w.bytes.len();
        self.w.i32(0);
        if self.utf8 {
            self.w.bytes(s.as_bytes());
        } else {
            for unit in s.encode_utf16() {
                self.w.u16(unit);
            }
        }
        let len = i32::try_from(self.w.bytes.len() - len_at - 4)
            .map_err(|_| self.unwritable("text longer than 2 GiB"))?;
        self.w.bytes[len_at..len_at + 4].copy_from_slice(&len.to_le_bytes());
        Ok(())
    }

    /// A signed index (-1 = none) in `size` bytes.
    fn index(&mut self, size: u8, what: &str, v: i32) -> Result<()> {
        match size {
            1 => match i8::try_from(v) {
                Ok(b) => self.w.i8(b),
                Err(_) => return Err(self.too_big(what, i64::from(v), size)),
            },
            2 => match i16::try_from(v) {
                Ok(b) => self.w.i16(b),
                Err(_) => return Err(self.too_big(what, i64::from(v), size)),
            },
            _ => self.w.i32(v),
        }
        Ok(())
    }

    /// A vertex index: unsigned in 1 and 2 bytes, a non-negative `i32` in 4.
    fn vertex_index(&mut self, v: u32) -> Result<()> {
        match self.vertex_size {
            1 => match u8::try_from(v) {
                Ok(b) => self.w.u8(b),
                Err(_) => return Err(self.too_big("vertex", i64::from(v), 1)),
            },
            2 => match u16::try_from(v) {
                Ok(b) => self.w.u16(b),
                Err(_) => return Err(self.too_big("vertex", i64::from(v), 2)),
            },
            _ => match i32::try_from(v) {
                Ok(b) => self.w.i32(b),
                Err(_) => return Err(self.too_big("vertex", i64::from(v), 4)),
            },
        }
        Ok(())
    }

    fn too_big(&self, what: &str, v: i64, size: u8) -> Error {
        self.unwritable(format!(
            "{what} index {v} does not fit the header's {size}-byte {what} index"
        ))
    }

    fn bone_index(&mut self, v: i32) -> Result<()> {
        self.index(self.bone_size, "bone", v)
    }

    fn texture_index(&mut self, v: i32) -> Result<()> {
        self.index(self.texture_size, "texture", v)
    }

    fn vec(&mut self, v: &[f32]) {
        self.w.floats(v);
    }

    fn vertex(&mut self, v: &Vertex) -> Result<()> {
        self.vec(&v.position);
        self.vec(&v.normal);
        self.vec(&v.uv);
        for uv in &v.additional_uvs[..self.additional_uvs] {
            self.vec(uv);
        }
        match &v.weight {
            Weight::Bdef1 { bone } => {
                self.w.u8(0);
                self.bone_index(*bone)?;
            }
            Weight::Bdef2 { bones, weight } => {
                self.w.u8(1);
                self.bone_index(bones[0])?;
                self.bone_index(bones[1])?;
                self.w.f32(*weight);
            }
            Weight::Bdef4 { bones, weights } | Weight::Qdef { bones, weights } => {
                let qdef = matches!(v.weight, Weight::Qdef { .. });
                self.w.u8(if qdef { 4 } else { 2 });
                for &b in bones {
                    self.bone_index(b)?;
                }
                self.vec(weights);
            }
            Weight::Sdef {
                bones,
                weight,
                c,
                r0,
                r1,
            } => {
                self.w.u8(3);
                self.bone_index(bones[0])?;
                self.bone_index(bones[1])?;
                self.w.f32(*weight);
                self.vec(c);
                self.vec(r0);
                self.vec(r1);
            }
        }
        self.w.f32(v.edge_scale);
        Ok(())
    }

    fn material(&mut self, m: &Material) -> Result<()> {
        self.text(&m.name)?;
        self.text(&m.name_en)?;
        self.vec(&m.diffuse);
        self.vec(&m.specular);
        self.w.f32(m.specular_power);
        self.vec(&m.ambient);
        self.w.u8(m.flags);
        self.vec(&m.edge_color);
        self.w.f32(m.edge_size);
        self.texture_index(m.texture).ctx(|| "texture")?;
        self.texture_index(m.sphere_texture)
            .ctx(|| "sphere texture")?;
        self.w.u8(match m.sphere_mode {
            SphereMode::None => 0,
            SphereMode::Multiply => 1,
            SphereMode::Add => 2,
            SphereMode::SubTexture => 3,
        });
        match m.toon {
            Toon::Texture(t) => {
                self.w.u8(0);
                self.texture_index(t).ctx(|| "toon texture")?;
            }
            Toon::Shared(n) => {
                self.w.u8(1);
                self.w.u8(n);
            }
        }
        self.text(&m.memo)?;
        let n = i32::try_from(m.index_count)
            .map_err(|_| self.unwritable(format!("face index count {}", m.index_count)))?;
        self.w.i32(n);
        Ok(())
    }

    fn bone(&mut self, b: &Bone) -> Result<()> {
        use bone_flags::*;
        let f = b.flags;
        // The optional parts must be present exactly when their flag says so.
        let parts = [
            (
                TAIL_IS_BONE,
                matches!(b.tail, BoneTail::Bone(_)),
                "tail bone",
            ),
            (
                APPEND_ROTATE | APPEND_TRANSLATE,
                b.append.is_some(),
                "append",
            ),
            (FIXED_AXIS, b.fixed_axis.is_some(), "fixed axis"),
            (LOCAL_AXIS, b.local_axis.is_some(), "local axis"),
            (
                EXTERNAL_PARENT,
                b.external_parent_key.is_some(),
                "external parent key",
            ),
            (IK, b.ik.is_some(), "IK"),
        ];
        for (flag, present, part) in parts {
            if (f & flag != 0) != present {
                return Err(self.unwritable(if present {
                    format!("{part} is present but its flag (0x{flag:04x}) is not set")
                } else {
                    format!("flag 0x{flag:04x} is set but the bone has no {part}")
                }));
            }
        }

        self.text(&b.name)?;
        self.text(&b.name_en)?;
        self.vec(&b.position);
        self.bone_index(b.parent).ctx(|| "parent")?;
        self.w.i32(b.deform_depth);
        self.w.u16(f);
        match b.tail {
            BoneTail::Bone(t) => self.bone_index(t).ctx(|| "tail")?,
            BoneTail::Offset(o) => self.vec(&o),
        }
        if let Some(a) = &b.append {
            self.bone_index(a.parent).ctx(|| "append parent")?;
            self.w.f32(a.weight);
        }
        if let Some(axis) = &b.fixed_axis {
            self.vec(axis);
        }
        if let Some(axes) = &b.local_axis {
            self.vec(&axes.x);
            self.vec(&axes.z);
        }
        if let Some(key) = b.external_parent_key {
            self.w.i32(key);
        }
        if let Some(ik) = &b.ik {
            self.bone_index(ik.target).ctx(|| "IK target")?;
            self.w.i32(ik.loop_count);
            self.w.f32(ik.limit_angle);
            self.count(ik.links.len()).ctx(|| "IK link count")?;
            for (i, link) in ik.links.iter().enumerate() {
                self.bone_index(link.bone).ctx(|| format!("IK link {i}"))?;
                match &link.limit {
                    Some(l) => {
                        self.w.u8(1);
                        self.vec(&l.min);
                        self.vec(&l.max);
                    }
                    None => self.w.u8(0),
                }
            }
        }
        Ok(())
    }

    fn morph(&mut self, m: &Morph) -> Result<()> {
        self.text(&m.name)?;
        self.text(&m.name_en)?;
        self.w.u8(match m.panel {
            MorphPanel::System => 0,
            MorphPanel::Eyebrow => 1,
            MorphPanel::Eye => 2,
            MorphPanel::Mouth => 3,
            MorphPanel::Other => 4,
        });
        match &m.offsets {
            MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
                let flip = matches!(m.offsets, MorphOffsets::Flip(_));
                self.w.u8(if flip { 9 } else { 0 });
                self.offsets(v, |w, o| {
                    w.index(w.morph_size, "morph", o.morph)?;
                    w.w.f32(o.weight);
                    Ok(())
                })
            }
            MorphOffsets::Vertex(v) => {
                self.w.u8(1);
                self.offsets(v, |w, o| {
                    w.vertex_index(o.vertex)?;
                    w.vec(&o.offset);
                    Ok(())
                })
            }
            MorphOffsets::Bone(v) => {
                self.w.u8(2);
                self.offsets(v, |w, o| {
                    w.bone_index(o.bone)?;
                    w.vec(&o.translation);
                    w.vec(&o.rotation);
                    Ok(())
                })
            }
            MorphOffsets::Uv { channel, offsets } => {
                if *channel > 4 {
                    return Err(self.unwritable(format!("UV morph channel {channel} (0..=4)")));
                }
                self.w.u8(3 + channel);
                self.offsets(offsets, |w, o| {
                    w.vertex_index(o.vertex)?;
                    w.vec(&o.offset);
                    Ok(())
                })
            }
            MorphOffsets::Material(v) => {
                self.w.u8(8);
                self.offsets(v, |w, o| {
                    w.index(w.material_size, "material", o.material)?;
                    w.w.u8(match o.op {
                        MaterialOp::Multiply => 0,
                        MaterialOp::Add => 1,
                    });
                    w.vec(&o.diffuse);
                    w.vec(&o.specular);
                    w.w.f32(o.specular_power);
                    w.vec(&o.ambient);
                    w.vec(&o.edge_color);
                    w.w.f32(o.edge_size);
                    w.vec(&o.texture_tint);
                    w.vec(&o.sphere_tint);
                    w.vec(&o.toon_tint);
                    Ok(())
                })
            }
            MorphOffsets::Impulse(v) => {
                self.w.u8(10);
                self.offsets(v, |w, o| {
                    w.index(w.rigid_body_size, "rigid body", o.rigid_body)?;
                    w.w.u8(u8::from(o.local));
                    w.vec(&o.velocity);
                    w.vec(&o.torque);
                    Ok(())
                })
            }
        }
    }

    fn offsets<T>(
        &mut self,
        items: &[T],
        item: impl FnMut(&mut Self, &T) -> Result<()>,
    ) -> Result<()> {
        self.section(items, "offset", item)
    }

    fn display_frame(&mut self, d: &DisplayFrame) -> Result<()> {
        self.text(&d.name)?;
        self.text(&d.name_en)?;
        self.w.u8(u8::from(d.special));
        self.section(&d.elements, "element", |w, e| match *e {
            DisplayElement::Bone(b) => {
                w.w.u8(0);
                w.bone_index(b)
            }
            DisplayElement::Morph(m) => {
                w.w.u8(1);
                w.index(w.morph_size, "morph", m)
            }
        })
    }

    fn rigid_body(&mut self, r: &RigidBody) -> Result<()> {
        self.text(&r.name)?;
        self.text(&r.name_en)?;
        self.bone_index(r.bone)?;
        self.w.u8(r.group);
        self.w.u16(r.non_collision_mask);
        self.w.u8(match r.shape {
            RigidShape::Sphere => 0,
            RigidShape::Box => 1,
            RigidShape::Capsule => 2,
        });
        self.vec(&r.size);
        self.vec(&r.position);
        self.vec(&r.rotation);
        self.vec(&[
            r.mass,
            r.linear_damping,
            r.angular_damping,
            r.restitution,
            r.friction,
        ]);
        self.w.u8(match r.mode {
            PhysicsMode::FollowBone => 0,
            PhysicsMode::Physics => 1,
            PhysicsMode::PhysicsWithBone => 2,
        });
        Ok(())
    }

    fn joint(&mut self, j: &Joint) -> Result<()> {
        self.text(&j.name)?;
        self.text(&j.name_en)?;
        self.w.u8(match j.kind {
            JointKind::Spring6Dof => 0,
            JointKind::SixDof => 1,
            JointKind::PointToPoint => 2,
            JointKind::ConeTwist => 3,
            JointKind::Slider => 4,
            JointKind::Hinge => 5,
        });
        for &rb in &j.rigid_bodies {
            self.index(self.rigid_body_size, "rigid body", rb)?;
        }
        j.constraint.write(&mut self.w);
        Ok(())
    }

    fn soft_body(&mut self, s: &SoftBody) -> Result<()> {
        self.text(&s.name)?;
        self.text(&s.name_en)?;
        self.w.u8(match s.shape {
            SoftBodyShape::TriMesh => 0,
            SoftBodyShape::Rope => 1,
        });
        self.index(self.material_size, "material", s.material)?;
        self.w.u8(s.group);
        self.w.u16(s.non_collision_mask);
        self.w.u8(s.flags);
        self.w.i32(s.b_link_distance);
        self.w.i32(s.cluster_count);
        self.w.f32(s.total_mass);
        self.w.f32(s.collision_margin);
        self.w.i32(s.aero_model);
        self.vec(&s.config);
        self.vec(&s.cluster);
        for &n in &s.iterations {
            self.w.i32(n);
        }
        self.vec(&s.material_coefficients);
        self.section(&s.anchors, "anchor", |w, a| {
            w.index(w.rigid_body_size, "rigid body", a.rigid_body)?;
            w.vertex_index(a.vertex)?;
            w.w.u8(a.near_mode);
            Ok(())
        })?;
        self.section(&s.pins, "pin", |w, &v| w.vertex_index(v))
    }
}
