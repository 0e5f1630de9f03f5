//! "Read what MMD opens": a PMX whose references point nowhere still reads. One synthetic
//! model per kind of bad reference, written with the real writer: the file loads with exactly
//! one warning that names the part and the index at the byte holding it, and the reference
//! is neutralised (-1, or the entry holding it dropped) while everything else reads as
//! written.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::synthetic::model;
use mmd_format::pmx::{self, *};
use mmd_format::{ReadWarning, pmd};

/// How an index is stored: two bytes, signed, or unsigned for vertex indices.
#[derive(Clone, Copy)]
enum Stored {
    Signed(i16),
    Vertex(u16),
}

/// Writes the model changed by `bad`, reads it back and checks: one warning whose message is
/// `message`, at an offset that holds the bad index `stored`; and a model equal to the valid
/// one changed by `neutralised`.
#[track_caller]
fn check(
    bad: impl FnOnce(&mut Pmx),
    stored: Stored,
    message: &str,
    neutralised: impl FnOnce(&mut Pmx),
) {
    let valid = model();
    assert!(pmx::read(&pmx::write(&valid).unwrap()).unwrap() == valid);
    let mut broken = valid.clone();
    bad(&mut broken);
    let bytes = pmx::write(&broken).expect("the writer does not check tables");
    let read = pmx::read(&bytes).unwrap_or_else(|e| panic!("refused: {e}"));
    assert_eq!(read.warnings.len(), 1, "{:#?}", read.warnings);
    let ReadWarning {
        offset,
        message: got,
    } = &read.warnings[0];
    assert_eq!(got, message);
    assert_eq!(
        read.warnings[0].to_string(),
        format!("byte {offset}: {message}")
    );
    let at = bytes[*offset..*offset + 2].try_into().unwrap();
    match stored {
        Stored::Signed(v) => assert_eq!(i16::from_le_bytes(at), v, "at byte {offset}"),
        Stored::Vertex(v) => assert_eq!(u16::from_le_bytes(at), v, "at byte {offset}"),
    }
    let mut expected = valid;
    neutralised(&mut expected);
    expected.warnings = read.warnings.clone();
    assert!(
        read == expected,
        "read:     {read:#?}\nexpected: {expected:#?}"
    );
    // Nothing is left to neutralise: written again, the model reads without warnings.
    let again = pmx::read(&pmx::write(&read).unwrap()).unwrap();
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
}

fn ik(m: &mut Pmx) -> &mut Ik {
    m.bones[3].ik.as_mut().unwrap()
}

#[test]
fn material_texture_past_the_texture_table_is_none() {
    check(
        |m| m.materials[1].texture = 2,
        Stored::Signed(2),
        "material 1: texture: texture index 2 out of range (2 textures); set to none",
        |m| m.materials[1].texture = -1,
    );
}

#[test]
fn sphere_and_toon_textures_past_the_table_are_none() {
    check(
        |m| m.materials[1].sphere_texture = 40,
        Stored::Signed(40),
        "material 1: sphere texture: texture index 40 out of range (2 textures); set to none",
        |m| m.materials[1].sphere_texture = -1,
    );
    check(
        |m| m.materials[1].toon = Toon::Texture(-7),
        Stored::Signed(-7),
        "material 1: toon texture: texture index -7 out of range (2 textures); set to none",
        |m| m.materials[1].toon = Toon::Texture(-1),
    );
}

#[test]
fn vertex_weight_past_the_bone_table_is_none() {
    // The vertices come before the bones: found by the second pass over the vertices.
    check(
        |m| {
            m.vertices[2].weight = Weight::Bdef2 {
                bones: [2, 9],
                weight: 0.5,
            }
        },
        Stored::Signed(9),
        "vertex 2: bone index 9 out of range (4 bones); set to none",
        |m| {
            m.vertices[2].weight = Weight::Bdef2 {
                bones: [2, -1],
                weight: 0.5,
            }
        },
    );
}

#[test]
fn face_naming_a_missing_vertex_is_dropped_from_its_material() {
    check(
        |m| m.faces[1][1] = 4,
        Stored::Vertex(4),
        "face 1: vertex index 4 out of range (4 vertices); face dropped",
        |m| {
            m.faces.remove(1);
            m.materials[1].index_count = 3;
        },
    );
}

#[test]
fn bone_parent_past_the_bone_table_is_none() {
    check(
        |m| m.bones[2].parent = 4,
        Stored::Signed(4),
        "bone 2: parent: bone index 4 out of range (4 bones); set to none",
        |m| m.bones[2].parent = -1,
    );
}

#[test]
fn tail_bone_past_the_bone_table_is_none() {
    check(
        |m| m.bones[1].tail = BoneTail::Bone(300),
        Stored::Signed(300),
        "bone 1: tail: bone index 300 out of range (4 bones); set to none",
        |m| m.bones[1].tail = BoneTail::Bone(-1),
    );
}

#[test]
fn append_parent_past_the_bone_table_is_none() {
    check(
        |m| m.bones[1].append.as_mut().unwrap().parent = 4,
        Stored::Signed(4),
        "bone 1: append parent: bone index 4 out of range (4 bones); set to none",
        |m| m.bones[1].append.as_mut().unwrap().parent = -1,
    );
}

#[test]
fn ik_target_past_the_bone_table_removes_the_ik() {
    check(
        |m| ik(m).target = 4,
        Stored::Signed(4),
        "bone 3: IK target: bone index 4 out of range (4 bones); IK removed",
        |m| {
            m.bones[3].ik = None;
            m.bones[3].flags &= !bone_flags::IK;
        },
    );
}

#[test]
fn ik_link_past_the_bone_table_is_dropped() {
    check(
        |m| ik(m).links[0].bone = 4,
        Stored::Signed(4),
        "bone 3: IK link 0: bone index 4 out of range (4 bones); link dropped",
        |m| {
            ik(m).links.remove(0);
        },
    );
}

#[test]
fn group_morph_offset_naming_a_missing_morph_is_dropped() {
    check(
        |m| {
            m.morphs[0].offsets = MorphOffsets::Group(vec![GroupOffset {
                morph: 6,
                weight: 1.0,
            }])
        },
        Stored::Signed(6),
        "morph 0: offset 0: morph index 6 out of range (6 morphs); offset dropped",
        |m| m.morphs[0].offsets = MorphOffsets::Group(Vec::new()),
    );
}

#[test]
fn vertex_morph_offset_naming_a_missing_vertex_is_dropped() {
    check(
        |m| {
            if let MorphOffsets::Vertex(o) = &mut m.morphs[1].offsets {
                o[0].vertex = 1000;
            }
        },
        Stored::Vertex(1000),
        "morph 1: offset 0: vertex index 1000 out of range (4 vertices); offset dropped",
        |m| {
            if let MorphOffsets::Vertex(o) = &mut m.morphs[1].offsets {
                o.remove(0);
            }
        },
    );
}

#[test]
fn bone_morph_offset_naming_a_missing_bone_is_dropped() {
    check(
        |m| {
            if let MorphOffsets::Bone(o) = &mut m.morphs[2].offsets {
                o[0].bone = -1;
            }
        },
        Stored::Signed(-1),
        "morph 2: offset 0: bone index -1 out of range (4 bones); offset dropped",
        |m| m.morphs[2].offsets = MorphOffsets::Bone(Vec::new()),
    );
}

#[test]
fn material_morph_offset_naming_a_missing_material_is_dropped() {
    // Not -1: that would mean "every material".
    check(
        |m| {
            if let MorphOffsets::Material(o) = &mut m.morphs[3].offsets {
                o[0].material = 2;
            }
        },
        Stored::Signed(2),
        "morph 3: offset 0: material index 2 out of range (2 materials); offset dropped",
        |m| m.morphs[3].offsets = MorphOffsets::Material(Vec::new()),
    );
}

#[test]
fn uv_morph_offset_naming_a_missing_vertex_is_dropped() {
    check(
        |m| {
            if let MorphOffsets::Uv { offsets, .. } = &mut m.morphs[4].offsets {
                offsets[0].vertex = 4;
            }
        },
        Stored::Vertex(4),
        "morph 4: offset 0: vertex index 4 out of range (4 vertices); offset dropped",
        |m| {
            m.morphs[4].offsets = MorphOffsets::Uv {
                channel: 1,
                offsets: Vec::new(),
            }
        },
    );
}

#[test]
fn impulse_morph_offset_naming_a_missing_rigid_body_is_dropped() {
    // The rigid bodies come after the morphs: checked once they are read.
    check(
        |m| {
            if let MorphOffsets::Impulse(o) = &mut m.morphs[5].offsets {
                o[0].rigid_body = 2;
            }
        },
        Stored::Signed(2),
        "morph 5: offset 0: rigid body index 2 out of range (2 rigid bodies); offset dropped",
        |m| m.morphs[5].offsets = MorphOffsets::Impulse(Vec::new()),
    );
}

#[test]
fn display_frame_entry_out_of_range_is_dropped() {
    check(
        |m| m.display_frames[0].elements[1] = DisplayElement::Morph(6),
        Stored::Signed(6),
        "display frame 0: element 1: morph index 6 out of range (6 morphs); element dropped",
        |m| {
            m.display_frames[0].elements.pop();
        },
    );
    check(
        |m| m.display_frames[0].elements[0] = DisplayElement::Bone(4),
        Stored::Signed(4),
        "display frame 0: element 0: bone index 4 out of range (4 bones); element dropped",
        |m| {
            m.display_frames[0].elements.remove(0);
        },
    );
}

#[test]
fn rigid_body_on_a_missing_bone_has_none() {
    check(
        |m| m.rigid_bodies[1].bone = 4,
        Stored::Signed(4),
        "rigid body 1: bone index 4 out of range (4 bones); set to none",
        |m| m.rigid_bodies[1].bone = -1,
    );
}

#[test]
fn joint_naming_a_missing_rigid_body_has_none() {
    check(
        |m| m.joints[0].rigid_bodies[1] = 2,
        Stored::Signed(2),
        "joint 0: rigid body index 2 out of range (2 rigid bodies); set to none",
        |m| m.joints[0].rigid_bodies[1] = -1,
    );
}

#[test]
fn soft_body_references_are_neutralised() {
    check(
        |m| m.soft_bodies[0].material = 5,
        Stored::Signed(5),
        "soft body 0: material index 5 out of range (2 materials); set to none",
        |m| m.soft_bodies[0].material = -1,
    );
    check(
        |m| m.soft_bodies[0].anchors[0].rigid_body = 2,
        Stored::Signed(2),
        "soft body 0: anchor 0: rigid body index 2 out of range (2 rigid bodies); anchor dropped",
        |m| m.soft_bodies[0].anchors.clear(),
    );
    check(
        |m| m.soft_bodies[0].pins[1] = 4,
        Stored::Vertex(4),
        "soft body 0: pin 1: vertex index 4 out of range (4 vertices); pin dropped",
        |m| {
            m.soft_bodies[0].pins.pop();
        },
    );
}

/// Materials whose index counts split a triangle: a dropped face comes out of both, and
/// together they still cover only faces that exist.
#[test]
fn dropped_face_split_between_materials() {
    let mut m = model();
    m.materials[0].index_count = 4;
    m.materials[1].index_count = 5;
    m.faces[1][0] = 9;
    let read = pmx::read(&pmx::write(&m).unwrap()).unwrap();
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert_eq!(read.faces, [[0, 1, 2], [2, 3, 0]]);
    // Face 1 was indices 3..6: index 3 drawn by material 0, 4 and 5 by material 1.
    assert_eq!(read.materials[0].index_count, 3);
    assert_eq!(read.materials[1].index_count, 3);
}

/// A file with a bad index in every vertex lists the first 1000 warnings and counts the rest
/// in one last warning: warnings cost more memory than the bytes that cause them.
#[test]
fn many_bad_references_are_listed_up_to_a_limit() {
    let mut m = model();
    m.vertices = (0..1500)
        .map(|_| Vertex {
            weight: Weight::Bdef1 { bone: 77 },
            ..Vertex::default()
        })
        .collect();
    let read = pmx::read(&pmx::write(&m).unwrap()).unwrap();
    assert_eq!(read.warnings.len(), 1001);
    assert!(
        read.warnings[999]
            .message
            .starts_with("vertex 999: bone index 77")
    );
    let last = &read.warnings[1000];
    assert_eq!(
        last.message,
        "500 more bad references like these, not listed (from this byte on)"
    );
    assert!(last.offset > read.warnings[999].offset);
    assert!(
        read.vertices
            .iter()
            .all(|v| v.weight == Weight::Bdef1 { bone: -1 })
    );

    // The same for dropped entries: each listed warning names its own entry, once.
    let mut m = model();
    m.morphs[1].offsets = MorphOffsets::Vertex(
        (0..1200)
            .map(|_| VertexOffset {
                vertex: 4,
                offset: [0.0; 3],
            })
            .collect(),
    );
    let read = pmx::read(&pmx::write(&m).unwrap()).unwrap();
    assert_eq!(read.warnings.len(), 1001);
    for (i, w) in read.warnings[..1000].iter().enumerate() {
        let expected = format!(
            "morph 1: offset {i}: vertex index 4 out of range (4 vertices); offset dropped"
        );
        assert_eq!(w.message, expected);
    }
    assert!(read.warnings[1000].message.starts_with("200 more"));
    assert_eq!(read.morphs[1].offsets, MorphOffsets::Vertex(Vec::new()));
}

/// The PMD path reports the same way: the conversion names the PMD byte of the bad index.
#[test]
fn pmd_bad_parent_is_a_warning_of_the_conversion() {
    use mmd_format::FixedText;
    use mmd_format::convert::pmd_to_pmx;
    let bone = |parent: u16| pmd::Bone {
        name: FixedText::encode("b"),
        parent,
        tail: 0,
        kind: pmd::bone_kind::ROTATE,
        ik_parent: 0,
        position: [0.0; 3],
    };
    let model = pmd::Pmd {
        bones: vec![bone(pmd::NO_BONE), bone(0), bone(7)],
        ..pmd::Pmd::default()
    };
    let bytes = pmd::write(&model).unwrap();
    let pmx = pmd_to_pmx(&pmd::read(&bytes).unwrap());
    assert_eq!(pmx.warnings.len(), 1, "{:?}", pmx.warnings);
    let w = &pmx.warnings[0];
    assert_eq!(
        w.message,
        "bone 2: parent: bone index 7 out of range (3 bones); set to none"
    );
    assert_eq!(
        u16::from_le_bytes([bytes[w.offset], bytes[w.offset + 1]]),
        7
    );
    assert_eq!(
        pmx.bones.iter().map(|b| b.parent).collect::<Vec<_>>(),
        [-1, 0, -1]
    );
}
