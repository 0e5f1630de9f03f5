//! PMD → PMX conversion against PMX files of the same models:
//!
//! - `j3/miku/index.pmx` is PMX Editor's conversion of `miku_v2.pmd`: the converted model must
//!   equal it field by field, except the knee angle limits PMX Editor adds (the pose engine
//!   applies MMD's PMD knee rule itself) and last-bit float rounding.
//! - `gene/Gene_light.pmx` is the authors' own PMX of the Gene model, saved separately from
//!   `Gene_light.pmd`: the skeleton, IK, mesh, morph offsets and physics must agree; what the
//!   authors edited in the PMX only (bone display tails and flags, BDEF4 weights, material
//!   names/edges, 7 extra non-vertex morphs) cannot and is not compared.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use mmd_format::convert::pmd_to_pmx;
use mmd_format::pmd::{self, Pmd};
use mmd_format::pmx::{self, MorphOffsets, Pmx, Weight, bone_flags};

use common::fixture;

/// (converted PMD, reference PMX).
fn pair(pmd_file: &str, pmx_file: &str) -> Option<(Pmx, Pmx)> {
    let pmd = pmd::read(&fixture(pmd_file)?).unwrap();
    let pmx = pmx::read(&fixture(pmx_file)?).unwrap();
    Some((pmd_to_pmx(&pmd), pmx))
}

fn close(a: &[f32], b: &[f32], eps: f32) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= eps)
}

/// Bone index → weight, whatever the skinning kind.
fn weights(w: &Weight) -> BTreeMap<i32, f32> {
    let pairs: Vec<(i32, f32)> = match *w {
        Weight::Bdef1 { bone } => vec![(bone, 1.0)],
        Weight::Bdef2 { bones, weight } | Weight::Sdef { bones, weight, .. } => {
            vec![(bones[0], weight), (bones[1], 1.0 - weight)]
        }
        Weight::Bdef4 { bones, weights } | Weight::Qdef { bones, weights } => {
            bones.into_iter().zip(weights).collect()
        }
    };
    let mut map = BTreeMap::new();
    for (bone, weight) in pairs {
        if weight != 0.0 {
            *map.entry(bone).or_insert(0.0) += weight;
        }
    }
    map
}

/// Every bone gets the same weight within `eps` (a bone missing on one side weighs 0 there).
fn same_weights(a: &Weight, b: &Weight, eps: f32) -> bool {
    let (a, b) = (weights(a), weights(b));
    a.keys()
        .chain(b.keys())
        .all(|k| (a.get(k).unwrap_or(&0.0) - b.get(k).unwrap_or(&0.0)).abs() <= eps)
}

#[test]
fn miku_v2_converts_to_what_pmx_editor_wrote() {
    let Some((ours, reference)) = pair("mmd-viewer-js/miku/miku_v2.pmd", "j3/miku/index.pmx")
    else {
        return;
    };
    assert_eq!(
        (ours.name.as_str(), ours.name_en.as_str()),
        ("初音ミク", "Miku Hatsune")
    );
    assert_eq!(ours.comment, reference.comment);

    assert_eq!(ours.bones.len(), 140);
    assert_eq!(ours.bones.len(), reference.bones.len());
    for (i, (a, b)) in ours.bones.iter().zip(&reference.bones).enumerate() {
        let at = format!("bone {i} {}", b.name);
        assert_eq!(
            (&a.name, &a.name_en, a.parent, a.position),
            (&b.name, &b.name_en, b.parent, b.position),
            "{at}"
        );
        assert_eq!(
            (a.flags, a.deform_depth, a.tail, a.append),
            (b.flags, b.deform_depth, b.tail, b.append),
            "{at}"
        );
        assert_eq!(a.fixed_axis.is_some(), b.fixed_axis.is_some(), "{at}");
        if let (Some(x), Some(y)) = (a.fixed_axis, b.fixed_axis) {
            assert!(close(&x, &y, 1e-6), "{at}: {x:?} vs {y:?}");
        }
        assert_eq!(a.ik.is_some(), b.ik.is_some(), "{at}");
        if let (Some(x), Some(y)) = (&a.ik, &b.ik) {
            assert_eq!(
                (x.target, x.loop_count, x.limit_angle),
                (y.target, y.loop_count, y.limit_angle),
                "{at}"
            );
            let links = |ik: &pmx::Ik| ik.links.iter().map(|l| l.bone).collect::<Vec<_>>();
            assert_eq!(links(x), links(y), "{at}");
            assert!(
                x.links.iter().all(|l| l.limit.is_none()),
                "{at}: no PMD link limits"
            );
            // PMX Editor's only addition: the knee limit on links named ひざ.
            for link in &y.links {
                let named_knee = reference.bones[link.bone as usize].name.ends_with("ひざ");
                assert_eq!(link.limit.is_some(), named_knee, "{at}");
            }
        }
    }
    let ik_bones = ours.bones.iter().filter(|b| b.has(bone_flags::IK)).count();
    assert_eq!(ik_bones, 7);

    assert_eq!(ours.vertices.len(), 12354);
    for (i, (a, b)) in ours.vertices.iter().zip(&reference.vertices).enumerate() {
        assert_eq!(
            (a.position, a.normal, a.uv, a.edge_scale),
            (b.position, b.normal, b.uv, b.edge_scale),
            "vertex {i}"
        );
        // Same kind and bones; PMX Editor's percent division rounds differently in the last
        // bit (0.8 vs 0.79999995).
        assert_eq!(
            std::mem::discriminant(&a.weight),
            std::mem::discriminant(&b.weight),
            "vertex {i}"
        );
        assert!(same_weights(&a.weight, &b.weight, 1e-6), "vertex {i}");
    }
    assert_eq!(ours.faces.len(), 22961);
    assert_eq!(ours.faces, reference.faces);
    assert_eq!(ours.textures, reference.textures);
    assert_eq!(ours.materials, reference.materials);
    assert_eq!(ours.morphs.len(), 30);
    assert_eq!(ours.morphs, reference.morphs);
    assert_eq!(ours.display_frames, reference.display_frames);
    assert_eq!(ours.rigid_bodies.len(), 45);
    for (i, (a, b)) in ours
        .rigid_bodies
        .iter()
        .zip(&reference.rigid_bodies)
        .enumerate()
    {
        // Bodies without a bone are placed relative to bone 0 (右スカート前2 etc. match).
        assert!(close(&a.position, &b.position, 1e-5), "body {i} {}", b.name);
        assert!(close(&a.rotation, &b.rotation, 1e-6), "body {i} {}", b.name);
        let ours_without_pose = pmx::RigidBody {
            position: b.position,
            rotation: b.rotation,
            mode: b.mode,
            ..a.clone()
        };
        assert_eq!(&ours_without_pose, b, "body {i}");
        // index.pmx was edited after conversion: its ネクタイ2/3 are pure physics bodies,
        // while the PMD (and so the conversion) has them as physics with bone position.
        if a.mode != b.mode {
            assert!(
                b.name == "ネクタイ2" || b.name == "ネクタイ3",
                "body {i} {}",
                b.name
            );
        }
    }
    assert_eq!(ours.joints.len(), 27);
    assert_eq!(ours.joints, reference.joints);
}

#[test]
fn gene_pmd_and_pmx_describe_the_same_rig_mesh_and_morphs() {
    let Some((ours, reference)) = pair("gene/Gene_light.pmd", "gene/Gene_light.pmx") else {
        return;
    };
    assert_eq!(ours.bones.len(), 224);
    assert_eq!(ours.bones.len(), reference.bones.len());
    for (i, (a, b)) in ours.bones.iter().zip(&reference.bones).enumerate() {
        let at = format!("bone {i} {}", b.name);
        assert_eq!(
            (&a.name, a.parent, a.position),
            (&b.name, b.parent, b.position),
            "{at}"
        );
        assert_eq!(a.append, b.append, "{at}");
        assert_eq!(a.ik.is_some(), b.ik.is_some(), "{at}");
        if let (Some(x), Some(y)) = (&a.ik, &b.ik) {
            assert_eq!(
                (x.target, x.loop_count, x.limit_angle),
                (y.target, y.loop_count, y.limit_angle),
                "{at}"
            );
            let links = |ik: &pmx::Ik| ik.links.iter().map(|l| l.bone).collect::<Vec<_>>();
            assert_eq!(links(x), links(y), "{at}");
        }
        if let (Some(x), Some(y)) = (a.fixed_axis, b.fixed_axis) {
            assert!(close(&x, &y, 1e-6), "{at}: {x:?} vs {y:?}");
        }
    }

    assert_eq!(ours.vertices.len(), 28646);
    let mut compared = 0;
    for (i, (a, b)) in ours.vertices.iter().zip(&reference.vertices).enumerate() {
        assert_eq!(
            (a.position, a.normal, a.uv, a.edge_scale),
            (b.position, b.normal, b.uv, b.edge_scale),
            "vertex {i}"
        );
        // PMD stores whole percents (error ≤ 0.005); the PMX's 4916 BDEF4 vertices have more
        // bones than PMD can hold.
        if !matches!(b.weight, Weight::Bdef4 { .. }) {
            assert!(
                same_weights(&a.weight, &b.weight, 0.0051),
                "vertex {i}: {:?} vs {:?}",
                a.weight,
                b.weight
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 28646 - 4916);
    assert_eq!(ours.faces, reference.faces);
    assert_eq!(ours.textures, reference.textures);
    let counts = |m: &[pmx::Material]| m.iter().map(|m| m.index_count).collect::<Vec<_>>();
    assert_eq!(counts(&ours.materials), counts(&reference.materials));

    // The 177 PMD morphs (178 with the base) are the PMX's first 177, offsets identical; the
    // PMX adds 7 material/UV/group morphs.
    assert_eq!(ours.morphs.len(), 177);
    assert_eq!(reference.morphs.len(), 184);
    for (i, (a, b)) in ours.morphs.iter().zip(&reference.morphs).enumerate() {
        assert_eq!(a.offsets, b.offsets, "morph {i} {}", b.name);
        assert_eq!(a.panel, b.panel, "morph {i} {}", b.name);
        // PMD names are cut at 20 bytes ("brow_surprise_geo_.001" → "brow_surprise_geo_.").
        assert!(
            b.name.starts_with(&a.name),
            "morph {i}: {} vs {}",
            a.name,
            b.name
        );
    }
    let vertex_morphs = |p: &Pmx| {
        p.morphs
            .iter()
            .filter(|m| matches!(m.offsets, MorphOffsets::Vertex(_)))
            .count()
    };
    assert_eq!(vertex_morphs(&reference), 177);

    assert_eq!(ours.rigid_bodies.len(), 87);
    assert_eq!(ours.joints.len(), 92);
    for (i, (a, b)) in ours
        .rigid_bodies
        .iter()
        .zip(&reference.rigid_bodies)
        .enumerate()
    {
        assert_eq!(
            (&a.name, a.bone, a.shape, a.mode),
            (&b.name, b.bone, b.shape, b.mode),
            "body {i}"
        );
        // PMD positions are bone-relative: converted to absolute they match to float rounding.
        assert!(
            close(&a.position, &b.position, 1e-5),
            "body {i}: {:?} vs {:?}",
            a.position,
            b.position
        );
        assert_eq!(
            (a.size, a.rotation, a.mass),
            (b.size, b.rotation, b.mass),
            "body {i}"
        );
    }
    for (i, (a, b)) in ours.joints.iter().zip(&reference.joints).enumerate() {
        assert_eq!(
            (&a.name, a.rigid_bodies, a.constraint.position),
            (&b.name, b.rigid_bodies, b.constraint.position),
            "joint {i}"
        );
    }
}

/// Every index kind pointing out of range: the conversion neither panics nor keeps a dangling
/// index.
#[test]
fn out_of_range_indices_become_minus_one_or_are_dropped() {
    use mmd_format::FixedText;
    use mmd_format::pmd::{Bone, Ik, Material, Morph, MorphVertex, Vertex, bone_kind};
    let bone = |parent: u16, tail: u16, kind: u8, ik_parent: u16| Bone {
        name: FixedText::encode("b"),
        parent,
        tail,
        kind,
        ik_parent,
        position: [0.0, 1.0, 0.0],
    };
    let model = Pmd {
        vertices: vec![Vertex {
            bones: [0, 500],
            weight: 50,
            ..Vertex::default()
        }],
        faces: vec![[0, 0, 0], [0, 7, 0]],
        materials: vec![Material {
            index_count: 300,
            ..Material::default()
        }],
        bones: vec![
            bone(1, 9, bone_kind::TWIST, 0),
            bone(0, 0, bone_kind::ROTATE_FOLLOW, 77),
            bone(2, 60000, bone_kind::ROTATE_COUPLED, 50),
            bone(pmd::NO_BONE, 0, bone_kind::ROTATE_COUPLED, (-10i16) as u16),
        ],
        iks: vec![
            Ik {
                bone: 3,
                target: 1,
                iterations: 1,
                limit: 1.0,
                links: vec![0, 99],
            },
            Ik {
                bone: 0,
                target: 40,
                iterations: 1,
                limit: 1.0,
                links: vec![1, 99],
            },
            Ik {
                bone: 200,
                ..Ik::default()
            },
        ],
        morphs: vec![
            Morph {
                vertices: vec![MorphVertex {
                    index: 12,
                    offset: [0.0; 3],
                }],
                ..Morph::default()
            },
            Morph {
                vertices: vec![
                    MorphVertex {
                        index: 0,
                        offset: [1.0; 3],
                    },
                    MorphVertex {
                        index: 5,
                        offset: [1.0; 3],
                    },
                ],
                ..Morph::default()
            },
        ],
        morph_display: vec![0, 1, 9],
        bone_display: vec![(1, 1), (300, 1)],
        bone_frame_names: vec![FixedText::encode("frame\n")],
        ..Pmd::default()
    };
    let mut pmx = pmd_to_pmx(&model);
    // Every neutralised index is reported once, in file order, at the byte that holds it.
    let warnings = std::mem::take(&mut pmx.warnings);
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "vertex 0: bone index 500 out of range (4 bones); set to none",
            "face 1: vertex index 7 out of range (1 vertex); face dropped",
            "bone 0: tail: bone index 9 out of range (4 bones); fixed axis dropped",
            "bone 1: append parent: bone index 77 out of range (4 bones); append dropped",
            "bone 2: append parent: bone index 60000 out of range (4 bones); append dropped",
            "IK 0: link 1: bone index 99 out of range (4 bones); link dropped",
            "IK 1: target: bone index 40 out of range (4 bones); IK dropped",
            "IK 2: bone index 200 out of range (4 bones); IK dropped",
            "morph 0 (base): entry 0: vertex index 12 out of range (1 vertex); offsets using it \
             dropped",
            "morph 1: entry 1: base morph entry index 5 out of range (1 base morph entry); offset \
             dropped",
            "morph display 0: morph 0 is the base morph; element dropped",
            "morph display 2: morph index 9 out of range (2 morphs); element dropped",
            "bone display 1: bone index 300 out of range (4 bones); element dropped",
        ]
    );
    // The offsets are those of the PMD file: the bad value lies there.
    let bytes = pmd::write(&model).unwrap();
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let found: Vec<u32> = warnings
        .iter()
        .map(|w| match w.message.as_str() {
            m if m.starts_with("morph 0 (base)") || m.starts_with("morph 1:") => u32_at(w.offset),
            _ => u32::from(u16_at(w.offset)),
        })
        .collect();
    assert_eq!(found, [500, 7, 9, 77, 60000, 99, 40, 200, 12, 5, 0, 9, 300]);
    assert_eq!(
        pmx.vertices[0].weight,
        Weight::Bdef2 {
            bones: [0, -1],
            weight: 0.5
        }
    );
    assert_eq!(
        pmx.faces,
        vec![[0, 0, 0]],
        "the face with vertex 7 is dropped"
    );
    assert_eq!(pmx.materials[0].index_count, 3);
    // Parent cycle 0 ⇄ 1 and self-parent 2 terminate; bad tails, sources and IK parts are -1.
    assert_eq!(pmx.bones[0].fixed_axis, None);
    assert_eq!(pmx.bones[1].append, None);
    assert_eq!(pmx.bones[2].append, None);
    assert!(!pmx.bones[2].has(bone_flags::APPEND_ROTATE));
    assert_eq!(pmx.bones[1].parent, 0);
    assert_eq!(pmx.bones[3].parent, -1);
    assert_eq!(
        pmx.bones[3].append,
        Some(pmx::Append {
            parent: 0,
            weight: -0.1
        })
    );
    // The IK's effector does not exist: no IK at all.
    assert_eq!(pmx.bones[0].ik, None);
    assert!(!pmx.bones[0].has(bone_flags::IK));
    let ik = pmx.bones[3].ik.as_ref().unwrap();
    assert_eq!((ik.target, ik.limit_angle), (1, 4.0));
    assert_eq!(
        ik.links,
        vec![pmx::IkLink {
            bone: 0,
            limit: None
        }],
        "link 99 dropped"
    );
    // The morph's only entry points at base entry 0, whose model vertex 12 does not exist.
    match &pmx.morphs[0].offsets {
        MorphOffsets::Vertex(v) => assert!(v.is_empty()),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        pmx.display_frames[1].elements,
        vec![pmx::DisplayElement::Morph(0)]
    );
    assert_eq!(pmx.display_frames[2].name, "frame");
    assert_eq!(
        pmx.display_frames[2].elements,
        vec![pmx::DisplayElement::Bone(1)]
    );
    // And the result is a writable PMX, without anything left to neutralise.
    let bytes = pmx::write(&pmx).unwrap();
    assert_eq!(pmx::read(&bytes).unwrap(), pmx);
}
