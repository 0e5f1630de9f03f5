//! The PMX meaning of a PMD model, so that the pose engine and the renderer only deal with PMX.
//!
//! The mapping follows PMX Editor's own PMD→PMX conversion; `j3/miku/index.pmx` in the test
//! fixtures is PMX Editor's conversion of `miku_v2.pmd`, and every choice below was checked
//! against it (bone flags, deform depths, tails, fixed axes, append weights, IK unit angles,
//! material flags and names, BDEF1/BDEF2 split). Where PMX Editor's output gives no evidence
//! (bone kind 3, rigid bodies without a bone) the mapping follows mmd_tools'
//! `core/pmd/importer.py`, which converts PMD to PMX the same way.
//!
//! Two deliberate differences from PMX Editor: IK links get no angle limits (PMX Editor adds
//! the knee limit to links named ひざ; the pose engine applies MMD's PMD knee rule itself), and
//! out-of-range indices in the PMD become -1 where PMX allows "none" and are dropped where it
//! does not (IK effectors and links, append sources, morph vertices, display entries, faces),
//! each with a [`ReadWarning`](crate::ReadWarning) in the PMX's `warnings` naming the PMD byte,
//! as the PMX reader does for the same problems. 0xFFFF in a 16-bit index is PMD's "none" and
//! no warning.

use crate::pmd::{self, Layout, NO_BONE, Pmd, bone_kind};
use crate::pmx::{
    Append, Bone, BoneTail, DisplayElement, DisplayFrame, Header, Ik, IkLink, Joint, JointKind,
    Material, Morph, MorphOffsets, MorphPanel, PhysicsMode, Pmx, RigidBody, RigidShape, SphereMode,
    TextEncoding, Toon, Vertex, VertexOffset, Weight, bone_flags, material_flags,
};
use crate::text::decode_sjis;
use crate::warning::Warnings;

/// Converts a PMD model into the equivalent PMX model. Never fails: bad indices are
/// neutralised and reported in the result's `warnings` (see the module documentation).
pub fn pmd_to_pmx(pmd: &Pmd) -> Pmx {
    let bone_count = pmd.bones.len();
    let english = pmd.english.as_ref();
    let mut report = Report {
        layout: Layout::of(pmd),
        warnings: Warnings::default(),
    };
    let (textures, materials) = convert_materials(pmd, &mut report);
    let (faces, materials) = valid_faces(pmd, materials, &mut report);
    let vertices = pmd
        .vertices
        .iter()
        .enumerate()
        .map(|(i, v)| convert_vertex(v, i, bone_count, &mut report))
        .collect();
    let bones = convert_bones(pmd, &mut report);
    let morphs = convert_morphs(pmd, &mut report);
    let display_frames = convert_display_frames(pmd, &mut report);
    let rigid_bodies = convert_rigid_bodies(pmd, &mut report);
    let joints = convert_joints(pmd, rigid_bodies.len(), &mut report);
    let mut pmx = Pmx {
        header: Header::default(),
        name: pmd.name.decode(),
        name_en: english.map(|e| e.name.decode()).unwrap_or_default(),
        comment: crlf(&pmd.comment.decode()),
        comment_en: english
            .map(|e| crlf(&e.comment.decode()))
            .unwrap_or_default(),
        vertices,
        faces,
        textures,
        materials,
        bones,
        display_frames,
        morphs,
        rigid_bodies,
        joints,
        soft_bodies: Vec::new(),
        warnings: report.warnings.finish(),
    };
    pmx.header = header_for(&pmx);
    pmx
}

/// PMD comments break lines with LF; PMX comments (and PMX Editor's conversion) use CR LF.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// PMX 2.0, UTF-16LE, and the smallest index sizes that fit, so that the result can be
/// written as a PMX file as is.
fn header_for(pmx: &Pmx) -> Header {
    fn signed_size(count: usize) -> u8 {
        match count {
            0..=127 => 1,
            128..=32767 => 2,
            _ => 4,
        }
    }
    let vertex_index_size = match pmx.vertices.len() {
        0..=255 => 1,
        256..=65535 => 2,
        _ => 4,
    };
    Header {
        version: 2.0,
        encoding: TextEncoding::Utf16Le,
        additional_uv_count: 0,
        vertex_index_size,
        texture_index_size: signed_size(pmx.textures.len()),
        material_index_size: signed_size(pmx.materials.len()),
        bone_index_size: signed_size(pmx.bones.len()),
        morph_index_size: signed_size(pmx.morphs.len()),
        rigid_body_index_size: signed_size(pmx.rigid_bodies.len()),
        extra_globals: Vec::new(),
    }
}

/// Where the conversion reports the indices it neutralises: the PMD's layout gives their
/// byte offsets.
struct Report {
    layout: Layout,
    warnings: Warnings,
}

impl Report {
    /// `what` index `index` (at byte `at`, in the part named by `ctx()`) points past a table of
    /// `count`, and `outcome` is what was done.
    #[cold]
    fn bad(
        &mut self,
        at: usize,
        ctx: impl FnOnce() -> String,
        what: &'static str,
        index: i64,
        count: usize,
        outcome: &'static str,
    ) {
        let from = self.warnings.len();
        self.warnings.index(at, what, index, count, outcome);
        self.warnings.prefix_since(from, ctx);
    }

    /// A 16-bit PMD index as a PMX index: 0xFFFF ("none") becomes -1, and so does anything
    /// out of range, with a warning.
    fn index(
        &mut self,
        i: u16,
        what: &'static str,
        count: usize,
        at: usize,
        ctx: impl FnOnce() -> String,
    ) -> i32 {
        if usize::from(i) < count {
            i32::from(i)
        } else {
            if i != NO_BONE {
                self.bad(at, ctx, what, i64::from(i), count, "set to none");
            }
            -1
        }
    }

    /// A 16-bit bone index where "none" means nothing: `None` when out of range, with a
    /// warning (unless it is 0xFFFF) that `outcome` happened.
    fn bone_or_drop(
        &mut self,
        i: u16,
        count: usize,
        at: usize,
        ctx: impl FnOnce() -> String,
        outcome: &'static str,
    ) -> Option<u16> {
        if usize::from(i) < count {
            Some(i)
        } else {
            if i != NO_BONE {
                self.bad(at, ctx, "bone", i64::from(i), count, outcome);
            }
            None
        }
    }
}

fn convert_vertex(v: &pmd::Vertex, i: usize, bone_count: usize, report: &mut Report) -> Vertex {
    let [b0, b1] = [0, 1].map(|k| {
        let at = report.layout.vertex_bone(i, k);
        report.index(v.bones[k], "bone", bone_count, at, || format!("vertex {i}"))
    });
    // PMX Editor writes BDEF1 whenever one bone carries the whole weight (miku_v2.pmd: 4432
    // equal-bone, 2704 weight-100 and 1165 weight-0 vertices are BDEF1 in index.pmx).
    let weight = if b0 == b1 || v.weight >= 100 {
        Weight::Bdef1 { bone: b0 }
    } else if v.weight == 0 {
        Weight::Bdef1 { bone: b1 }
    } else {
        Weight::Bdef2 {
            bones: [b0, b1],
            weight: f32::from(v.weight) / 100.0,
        }
    };
    Vertex {
        position: v.position,
        normal: v.normal,
        uv: v.uv,
        additional_uvs: [[0.0; 4]; 4],
        weight,
        edge_scale: if v.edge_disabled == 0 { 1.0 } else { 0.0 },
    }
}

/// Materials and the deduplicated texture table. PMD packs texture and sphere map into one
/// field ("tex.bmp*sphere.sph"); the sphere mode follows the extension (.sph multiply, .spa
/// add).
fn convert_materials(pmd: &Pmd, report: &mut Report) -> (Vec<String>, Vec<Material>) {
    let mut textures: Vec<String> = Vec::new();
    let mut texture_index = |path: &str| -> i32 {
        let at = textures.iter().position(|t| t == path).unwrap_or_else(|| {
            textures.push(path.to_string());
            textures.len() - 1
        });
        i32::try_from(at).unwrap_or(-1)
    };
    let custom_toons = pmd.toon_textures.map(|t| t.map(|name| name.decode()));
    let mut materials = Vec::with_capacity(pmd.materials.len());
    for (i, m) in pmd.materials.iter().enumerate() {
        let field = m.texture.decode();
        let (main, sphere) = match field.split_once('*') {
            Some((main, sphere)) => (main, sphere),
            None if sphere_mode(&field) != SphereMode::None => ("", field.as_str()),
            None => (field.as_str(), ""),
        };
        let texture = if main.is_empty() {
            -1
        } else {
            texture_index(main)
        };
        let (sphere_texture, sphere_mode) = match sphere_mode(sphere) {
            SphereMode::None => (-1, SphereMode::None),
            mode => (texture_index(sphere), mode),
        };
        let toon = match (m.toon_index, &custom_toons) {
            (t @ 0..=9, None) => Toon::Shared(t),
            (t @ 0..=9, Some(names)) => {
                let name = &names[usize::from(t)];
                if name.eq_ignore_ascii_case(&format!("toon{:02}.bmp", t + 1)) {
                    Toon::Shared(t)
                } else {
                    Toon::Texture(texture_index(name))
                }
            }
            // 0xFF is PMD's "no toon".
            (0xFF, _) => Toon::Texture(-1),
            (t, _) => {
                let at = report.layout.material_toon(i);
                let ctx = || format!("material {i}");
                report.bad(at, ctx, "toon", i64::from(t), 10, "set to none");
                Toon::Texture(-1)
            }
        };
        // MMD draws PMD materials with alpha < 1 from both sides, ties the ground shadow to
        // the edge flag, and turns self-shadow off for alpha 0.98 (a convention of PMD
        // authors); index.pmx has exactly these flags.
        let mut flags = 0;
        if m.diffuse[3] < 1.0 {
            flags |= material_flags::DOUBLE_SIDED;
        }
        if m.edge != 0 {
            flags |= material_flags::EDGE | material_flags::GROUND_SHADOW;
        }
        if (m.diffuse[3] - 0.98).abs() > 1e-6 {
            flags |= material_flags::CAST_SELF_SHADOW | material_flags::RECEIVE_SELF_SHADOW;
        }
        materials.push(Material {
            name: format!("材質{}", i + 1),
            name_en: String::new(),
            diffuse: m.diffuse,
            specular: m.specular,
            specular_power: m.specular_power,
            ambient: m.ambient,
            flags,
            edge_color: [0.0, 0.0, 0.0, 1.0],
            edge_size: 1.0,
            texture,
            sphere_texture,
            sphere_mode,
            toon,
            memo: String::new(),
            index_count: m.index_count,
        });
    }
    (textures, materials)
}

fn sphere_mode(path: &str) -> SphereMode {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".sph") {
        SphereMode::Multiply
    } else if lower.ends_with(".spa") {
        SphereMode::Add
    } else {
        SphereMode::None
    }
}

/// Faces with an out-of-range vertex index are dropped, and each material's index count is
/// reduced by what it lost, so that materials still cover exactly their own triangles.
fn valid_faces(
    pmd: &Pmd,
    mut materials: Vec<Material>,
    report: &mut Report,
) -> (Vec<[u32; 3]>, Vec<Material>) {
    let vertex_count = pmd.vertices.len();
    let valid: Vec<bool> = pmd
        .faces
        .iter()
        .enumerate()
        .map(
            |(f, face)| match face.iter().position(|&i| usize::from(i) >= vertex_count) {
                Some(k) => {
                    let at = report.layout.face_index(f, k);
                    let index = i64::from(face[k]);
                    let ctx = || format!("face {f}");
                    report.bad(at, ctx, "vertex", index, vertex_count, "face dropped");
                    false
                }
                None => true,
            },
        )
        .collect();
    let kept = |range: std::ops::Range<usize>| {
        pmd.faces[range.clone()]
            .iter()
            .zip(&valid[range])
            .filter(|&(_, &ok)| ok)
            .map(|(f, _)| f.map(u32::from))
    };
    let mut faces = Vec::with_capacity(pmd.faces.len());
    let mut start = 0usize;
    for m in &mut materials {
        let wanted = usize::try_from(m.index_count / 3).unwrap_or(usize::MAX);
        let end = start.saturating_add(wanted).min(pmd.faces.len());
        let before = faces.len();
        faces.extend(kept(start..end));
        m.index_count = u32::try_from((faces.len() - before) * 3).unwrap_or(u32::MAX);
        start = end;
    }
    faces.extend(kept(start..pmd.faces.len()));
    (faces, materials)
}

fn convert_bones(pmd: &Pmd, report: &mut Report) -> Vec<Bone> {
    use bone_flags::*;
    let count = pmd.bones.len();
    let names_en = pmd.english.as_ref().map(|e| &e.bone_names);
    let depths = deform_depths(pmd);
    let mut bones: Vec<Bone> = pmd
        .bones
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut flags = ROTATABLE | OPERABLE;
            if !matches!(
                b.kind,
                bone_kind::IK_TARGET | bone_kind::INVISIBLE | bone_kind::ROTATE_COUPLED
            ) {
                flags |= VISIBLE;
            }
            if matches!(b.kind, bone_kind::ROTATE_MOVE | bone_kind::IK) {
                flags |= MOVABLE;
            }
            // PMD tail 0 means "no tail" (no bone points at the root); twist and coupled bones
            // use the field for something else and get a zero offset, as in index.pmx.
            let layout = &report.layout;
            let (tail_at, ik_parent_at) = (layout.bone_tail(i), layout.bone_ik_parent(i));
            let parent_at = layout.bone_parent(i);
            let parent = report.index(b.parent, "bone", count, parent_at, || {
                format!("bone {i}: parent")
            });
            let tail = match b.kind {
                bone_kind::TWIST | bone_kind::ROTATE_COUPLED => BoneTail::Offset([0.0; 3]),
                _ => {
                    flags |= TAIL_IS_BONE;
                    BoneTail::Bone(if b.tail == 0 {
                        -1
                    } else {
                        report.index(b.tail, "bone", count, tail_at, || format!("bone {i}: tail"))
                    })
                }
            };
            // The weight of a coupled bone is a signed percentage: Gene_light.pmd stores
            // 0xFFF6 where its PMX has -0.1. An append whose source does not exist is dropped.
            let append = match b.kind {
                bone_kind::ROTATE_FOLLOW => Some((b.ik_parent, ik_parent_at, 1.0)),
                bone_kind::ROTATE_COUPLED => {
                    let percent = i16::from_le_bytes(b.ik_parent.to_le_bytes());
                    Some((b.tail, tail_at, f32::from(percent) / 100.0))
                }
                _ => None,
            }
            .and_then(|(source, at, weight)| {
                let ctx = || format!("bone {i}: append parent");
                let source = report.bone_or_drop(source, count, at, ctx, "append dropped")?;
                Some(Append {
                    parent: i32::from(source),
                    weight,
                })
            });
            if append.is_some() {
                flags |= APPEND_ROTATE;
            }
            // A twist bone turns about the direction to its tail bone.
            let fixed_axis = (b.kind == bone_kind::TWIST)
                .then(|| {
                    let ctx = || format!("bone {i}: tail");
                    report.bone_or_drop(b.tail, count, tail_at, ctx, "fixed axis dropped")
                })
                .flatten()
                .and_then(|tail| pmd.bones.get(usize::from(tail)))
                .and_then(|tail| normalized(sub(tail.position, b.position)));
            if fixed_axis.is_some() {
                flags |= FIXED_AXIS;
            }
            Bone {
                name: b.name.decode(),
                name_en: names_en
                    .and_then(|n| n.get(i))
                    .map(|n| n.decode())
                    .unwrap_or_default(),
                position: b.position,
                parent,
                deform_depth: depths[i],
                flags,
                tail,
                append,
                fixed_axis,
                local_axis: None,
                external_parent_key: None,
                ik: None,
            }
        })
        .collect();

    for (j, ik) in pmd.iks.iter().enumerate() {
        let ctx = || format!("IK {j}");
        let at = report.layout.ik_bone(j);
        let Some(bone) = report
            .bone_or_drop(ik.bone, count, at, ctx, "IK dropped")
            .and_then(|b| bones.get_mut(usize::from(b)))
        else {
            continue;
        };
        // PMX holds one IK per bone; a second PMD IK entry on the same bone is dropped, and
        // so is an IK without an effector.
        if bone.ik.is_some() {
            continue;
        }
        let ctx = || format!("IK {j}: target");
        let at = report.layout.ik_target(j);
        if report
            .bone_or_drop(ik.target, count, at, ctx, "IK dropped")
            .is_none()
        {
            continue;
        }
        bone.flags |= bone_flags::IK;
        bone.ik = Some(Ik {
            target: i32::from(ik.target),
            loop_count: i32::from(ik.iterations),
            // PMD stores the per-iteration unit angle in units of 4 radians: saba's
            // PMDModel.cpp (`SetLimitAngle(ik.m_rotateLimit * 4.0f)`), mmd_tools
            // (`control_weight*4`) and PMX Editor (0.5 → 2.0 for miku_v2's leg IK) agree.
            limit_angle: ik.limit * 4.0,
            links: ik
                .links
                .iter()
                .enumerate()
                .filter_map(|(l, &link)| {
                    let ctx = || format!("IK {j}: link {l}");
                    let at = report.layout.ik_link(j, l);
                    report.bone_or_drop(link, count, at, ctx, "link dropped")
                })
                .map(|l| IkLink {
                    bone: i32::from(l),
                    limit: None,
                })
                .collect(),
        });
    }
    bones
}

/// Deform depths as PMX Editor assigns them: IK bones 1, rotate-follow bones 2, and every
/// bone at least as deep as its parent (index.pmx: the IK tips are 1, the eye lights under the
/// eyes 2). Computed in O(bones) with a guard against parent cycles.
fn deform_depths(pmd: &Pmd) -> Vec<i32> {
    let count = pmd.bones.len();
    let own: Vec<i32> = pmd
        .bones
        .iter()
        .map(|b| match b.kind {
            bone_kind::IK => 1,
            bone_kind::ROTATE_FOLLOW => 2,
            _ => 0,
        })
        .collect();
    let mut depth: Vec<Option<i32>> = vec![None; count];
    let mut on_path = vec![false; count];
    let mut path = Vec::new();
    for start in 0..count {
        let mut i = start;
        // Walk up until a bone whose depth is known, a root, or a cycle.
        let inherited = loop {
            if let Some(d) = depth[i] {
                break d;
            }
            if on_path[i] {
                break 0;
            }
            on_path[i] = true;
            path.push(i);
            match pmd.bones.get(usize::from(pmd.bones[i].parent)) {
                Some(_) => i = usize::from(pmd.bones[i].parent),
                None => break 0,
            }
        };
        let mut d = inherited;
        while let Some(j) = path.pop() {
            d = d.max(own[j]);
            depth[j] = Some(d);
            on_path[j] = false;
        }
    }
    depth.into_iter().map(|d| d.unwrap_or(0)).collect()
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn add(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn normalized(v: [f32; 3]) -> Option<[f32; 3]> {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    (len > 0.0 && len.is_finite()).then(|| [v[0] / len, v[1] / len, v[2] / len])
}

/// Vertex morphs. PMD morph 0 is the base: its entries list the model vertices that morphs
/// touch, and every other morph indexes into that list. The base itself is not a PMX morph.
/// A base entry naming a missing vertex is reported once, and the offsets using it dropped.
fn convert_morphs(pmd: &Pmd, report: &mut Report) -> Vec<Morph> {
    let Some((base, others)) = pmd.morphs.split_first() else {
        return Vec::new();
    };
    let vertex_count = pmd.vertices.len();
    let base_vertices: Vec<Option<u32>> = base
        .vertices
        .iter()
        .enumerate()
        .map(|(e, v)| {
            if usize::try_from(v.index).is_ok_and(|i| i < vertex_count) {
                return Some(v.index);
            }
            let at = report.layout.morph_vertex(0, e);
            let ctx = || format!("morph 0 (base): entry {e}");
            let outcome = "offsets using it dropped";
            report.bad(at, ctx, "vertex", i64::from(v.index), vertex_count, outcome);
            None
        })
        .collect();
    let names_en = pmd.english.as_ref().map(|e| &e.morph_names);
    others
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let offsets = m
                .vertices
                .iter()
                .enumerate()
                .filter_map(|(e, v)| {
                    let Some(&entry) = usize::try_from(v.index)
                        .ok()
                        .and_then(|b| base_vertices.get(b))
                    else {
                        let at = report.layout.morph_vertex(i + 1, e);
                        let ctx = || format!("morph {}: entry {e}", i + 1);
                        let (index, count) = (i64::from(v.index), base_vertices.len());
                        report.bad(at, ctx, "base morph entry", index, count, "offset dropped");
                        return None;
                    };
                    entry.map(|vertex| VertexOffset {
                        vertex,
                        offset: v.offset,
                    })
                })
                .collect();
            Morph {
                name: m.name.decode(),
                name_en: names_en
                    .and_then(|n| n.get(i))
                    .map(|n| n.decode())
                    .unwrap_or_default(),
                panel: match m.panel {
                    1 => MorphPanel::Eyebrow,
                    2 => MorphPanel::Eye,
                    3 => MorphPanel::Mouth,
                    _ => MorphPanel::Other,
                },
                offsets: MorphOffsets::Vertex(offsets),
            }
        })
        .collect()
}

/// PMX's two special frames (Root with the first bone, 表情 with the listed morphs) followed
/// by PMD's bone frames. Entries naming a missing morph, bone or frame are dropped.
fn convert_display_frames(pmd: &Pmd, report: &mut Report) -> Vec<DisplayFrame> {
    let bone_count = pmd.bones.len();
    let pmx_morph_count = pmd.morphs.len().saturating_sub(1);
    let frame_count = pmd.bone_frame_names.len();
    let root = DisplayFrame {
        name: "Root".to_string(),
        name_en: "Root".to_string(),
        special: true,
        elements: if bone_count > 0 {
            vec![DisplayElement::Bone(0)]
        } else {
            Vec::new()
        },
    };
    let expressions = DisplayFrame {
        name: "表情".to_string(),
        name_en: "Exp".to_string(),
        special: true,
        elements: pmd
            .morph_display
            .iter()
            .enumerate()
            // PMD indices count the base morph, which PMX does not have (nor lists).
            .filter(|&(e, &i)| {
                let ok = i > 0 && usize::from(i) <= pmx_morph_count;
                if !ok {
                    let at = report.layout.morph_display(e);
                    let ctx = || format!("morph display {e}");
                    let count = pmd.morphs.len();
                    let outcome = "element dropped";
                    if i == 0 {
                        report.warnings.push(at, || {
                            format!("{}: morph 0 is the base morph; {outcome}", ctx())
                        });
                    } else {
                        report.bad(at, ctx, "morph", i64::from(i), count, outcome);
                    }
                }
                ok
            })
            .map(|(_, &i)| DisplayElement::Morph(i32::from(i) - 1))
            .collect(),
    };
    for (e, &(bone, frame)) in pmd.bone_display.iter().enumerate() {
        let at = report.layout.bone_display(e);
        let ctx = || format!("bone display {e}");
        if usize::from(bone) >= bone_count {
            report.bad(
                at,
                ctx,
                "bone",
                i64::from(bone),
                bone_count,
                "element dropped",
            );
        } else if frame == 0 || usize::from(frame) > frame_count {
            report.warnings.push(at + 2, || {
                format!(
                    "{}: bone frame number {frame} out of range (frames are numbered 1 to \
                     {frame_count}); element dropped",
                    ctx()
                )
            });
        }
    }
    let names_en = pmd.english.as_ref().map(|e| &e.bone_frame_names);
    let frames = pmd.bone_frame_names.iter().enumerate().map(|(i, name)| {
        // Frame numbers in the bone display list are 1-based.
        let number = i + 1;
        DisplayFrame {
            name: frame_name(name.trimmed()),
            name_en: names_en
                .and_then(|n| n.get(i))
                .map(|n| frame_name(n.trimmed()))
                .unwrap_or_default(),
            special: false,
            elements: pmd
                .bone_display
                .iter()
                .filter(|&&(_, frame)| usize::from(frame) == number)
                .filter(|&&(bone, _)| usize::from(bone) < bone_count)
                .map(|&(bone, _)| DisplayElement::Bone(i32::from(bone)))
                .collect(),
        }
    });
    [root, expressions].into_iter().chain(frames).collect()
}

/// PMD frame names end with a line feed ("センター\n"); PMX names do not.
fn frame_name(bytes: &[u8]) -> String {
    decode_sjis(bytes).trim_end().to_string()
}

/// PMD rigid body positions are relative to the bone (to bone 0 when the body has none, as
/// mmd_tools reads it); PMX positions are absolute.
fn convert_rigid_bodies(pmd: &Pmd, report: &mut Report) -> Vec<RigidBody> {
    let Some(physics) = &pmd.physics else {
        return Vec::new();
    };
    let bone_count = pmd.bones.len();
    physics
        .rigid_bodies
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let at = report.layout.rigid_body_bone(i);
            let bone = report.index(b.bone, "bone", bone_count, at, || format!("rigid body {i}"));
            let anchor = usize::try_from(bone)
                .ok()
                .and_then(|i| pmd.bones.get(i))
                .or_else(|| pmd.bones.first())
                .map_or([0.0; 3], |b| b.position);
            RigidBody {
                name: b.name.decode(),
                name_en: String::new(),
                bone,
                group: b.group,
                non_collision_mask: b.non_collision_mask,
                shape: match b.shape {
                    1 => RigidShape::Box,
                    2 => RigidShape::Capsule,
                    _ => RigidShape::Sphere,
                },
                size: b.size,
                position: add(anchor, b.position),
                rotation: b.rotation,
                mass: b.mass,
                linear_damping: b.linear_damping,
                angular_damping: b.angular_damping,
                restitution: b.restitution,
                friction: b.friction,
                mode: match b.mode {
                    1 => PhysicsMode::Physics,
                    2 => PhysicsMode::PhysicsWithBone,
                    _ => PhysicsMode::FollowBone,
                },
            }
        })
        .collect()
}

fn convert_joints(pmd: &Pmd, rigid_body_count: usize, report: &mut Report) -> Vec<Joint> {
    let Some(physics) = &pmd.physics else {
        return Vec::new();
    };
    let mut body = |j: usize, k: usize, i: u32| -> i32 {
        match usize::try_from(i) {
            Ok(i) if i < rigid_body_count => i32::try_from(i).unwrap_or(-1),
            _ => {
                let at = report.layout.joint_body(j, k);
                let ctx = || format!("joint {j}");
                let outcome = "set to none";
                report.bad(
                    at,
                    ctx,
                    "rigid body",
                    i64::from(i),
                    rigid_body_count,
                    outcome,
                );
                -1
            }
        }
    };
    physics
        .joints
        .iter()
        .enumerate()
        .map(|(n, j)| Joint {
            name: j.name.decode(),
            name_en: String::new(),
            kind: JointKind::Spring6Dof,
            rigid_bodies: [body(n, 0, j.rigid_bodies[0]), body(n, 1, j.rigid_bodies[1])],
            constraint: j.constraint,
        })
        .collect()
}
