//! Bad input gives an error naming what and where, never a panic, a hang or a huge
//! allocation: truncated files, hostile counts, invalid header values, and random corruption.
//! Out-of-range indices are not errors (MMD opens such files): each gives one warning with
//! the message shape the crate promises, and is neutralised.

// The recording allocator (`largest_allocation`) needs `unsafe impl GlobalAlloc`; it only
// forwards to `System`.
#![allow(unsafe_code)]

mod common;
mod largest_allocation;

use common::synthetic::{bone, model};
use common::{PMX_FIXTURES, fixture};
use largest_allocation::{ALLOCATION_LIMIT, largest_allocation};
use mmd_format::pmx::{self, *};
use mmd_format::{Error, ErrorKind, Format, ReadWarning};
use proptest::prelude::*;

fn read_err(bytes: &[u8]) -> Error {
    match pmx::read(bytes) {
        Err(e) => e,
        Ok(_) => panic!("expected an error"),
    }
}

/// Reads a file expected to load with exactly one warning, and returns the model and it.
fn read_one_warning(bytes: &[u8]) -> (Pmx, ReadWarning) {
    let m = pmx::read(bytes).unwrap_or_else(|e| panic!("expected to read: {e}"));
    assert_eq!(m.warnings.len(), 1, "{:#?}", m.warnings);
    let w = m.warnings[0].clone();
    (m, w)
}

/// The first byte where `a` and `b` differ: the offset of a value changed between two writes.
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

fn bytes_of(m: &Pmx) -> Vec<u8> {
    pmx::write(m).unwrap_or_else(|e| panic!("write: {e}"))
}

/// Writes `m` and a copy changed by `change`, and returns the changed file with the offset
/// where it starts to differ.
fn changed(m: &Pmx, change: impl FnOnce(&mut Pmx)) -> (Vec<u8>, usize) {
    let mut m2 = m.clone();
    change(&mut m2);
    let (a, b) = (bytes_of(m), bytes_of(&m2));
    let at = first_difference(&a, &b);
    (b, at)
}

// ---- out-of-range indices: warnings, not errors ----

/// nanoem writes 255 for a sphere mode it does not know and reads it as none; MMD's other
/// tools open such files. Every value past 3 reads as none, with a warning at its byte.
#[test]
fn an_unknown_sphere_mode_reads_as_none_with_a_warning() {
    let m = model();
    for value in [4u8, 255] {
        let (mut bytes, at) = changed(&m, |m| m.materials[0].sphere_mode = SphereMode::Add);
        bytes[at] = value;
        let (read, warning) = read_one_warning(&bytes);
        assert_eq!(read.materials[0].sphere_mode, SphereMode::None);
        assert_eq!(warning.offset, at);
        assert!(
            warning.message.starts_with("material 0: ")
                && warning.message.contains(&format!("sphere mode {value}")),
            "{warning}"
        );
    }
}

#[test]
fn ik_link_out_of_range_names_bone_link_index_count_and_offset() {
    // 224 bones; bone 12 has four IK links, the fourth pointing at bone 9000.
    let mut m = Pmx {
        header: Header {
            bone_index_size: 2,
            ..Header::default()
        },
        bones: (0..224).map(|i| bone("b", i - 1)).collect(),
        ..Pmx::default()
    };
    m.bones[12].flags |= bone_flags::IK;
    m.bones[12].ik = Some(Ik {
        target: 11,
        loop_count: 1,
        limit_angle: 1.0,
        links: (0..4)
            .map(|i| IkLink {
                bone: 10 - i,
                limit: None,
            })
            .collect(),
    });
    let (bytes, at) = changed(&m, |m| {
        m.bones[12].ik.as_mut().expect("IK").links[3].bone = 9000;
    });
    let (read, w) = read_one_warning(&bytes);
    assert_eq!(
        w.to_string(),
        format!(
            "byte {at}: bone 12: IK link 3: bone index 9000 out of range (224 bones); link dropped"
        )
    );
    assert_eq!(w.offset, at);
    assert_eq!(
        w.message,
        "bone 12: IK link 3: bone index 9000 out of range (224 bones); link dropped"
    );
    // The link is dropped; everything else is as written.
    let mut expected = m.clone();
    expected.bones[12]
        .ik
        .as_mut()
        .expect("IK")
        .links
        .truncate(3);
    expected.warnings = read.warnings.clone();
    assert!(read == expected);
}

#[test]
fn ik_link_out_of_range_in_a_real_model() {
    let Some(bytes) = fixture("gene/Gene_light.pmx") else {
        return;
    };
    let m = pmx::read(&bytes).expect("Gene reads");
    let i = m
        .bones
        .iter()
        .position(|b| b.ik.is_some())
        .expect("an IK bone");
    let (bad, at) = changed(&m, |m| {
        m.bones[i].ik.as_mut().expect("IK").links[0].bone = 9000;
    });
    assert_eq!(
        read_one_warning(&bad).1.to_string(),
        format!(
            "byte {at}: bone {i}: IK link 0: bone index 9000 out of range (224 bones); link dropped"
        )
    );
    // A vertex weight is checked although the bones come after the vertices.
    let first_bone = |w: &Weight| match *w {
        Weight::Bdef1 { bone } => bone,
        Weight::Bdef2 { bones, .. } | Weight::Sdef { bones, .. } => bones[0],
        Weight::Bdef4 { bones, .. } | Weight::Qdef { bones, .. } => bones[0],
    };
    let (bad, at) = changed(&m, |m| match &mut m.vertices[20000].weight {
        Weight::Bdef1 { bone } => *bone = 300,
        Weight::Bdef2 { bones, .. } | Weight::Sdef { bones, .. } => bones[0] = 300,
        Weight::Bdef4 { bones, .. } | Weight::Qdef { bones, .. } => bones[0] = 300,
    });
    let (read, w) = read_one_warning(&bad);
    assert_eq!(
        w.to_string(),
        format!("byte {at}: vertex 20000: bone index 300 out of range (224 bones); set to none")
    );
    assert_eq!(first_bone(&read.vertices[20000].weight), -1);
    assert!(read.vertices[..20000] == m.vertices[..20000]);
    assert!(read.vertices[20001..] == m.vertices[20001..]);
}

/// Every kind of index, made out of range (or -1 where "none" means nothing) in turn: one
/// warning naming the part, the index, the table and what was done, at the index's offset;
/// and the model read is neutralised (written again, it reads without warnings).
#[test]
fn every_index_is_checked_against_its_table() {
    let m = model();
    assert!(pmx::read(&bytes_of(&m)).expect("valid") == m);
    type Change = fn(&mut Pmx);
    const NONE: &str = "set to none";
    const OFFSET: &str = "offset dropped";
    const ELEMENT: &str = "element dropped";
    const ANCHOR: &str = "anchor dropped";
    let cases: &[(&str, &str, i64, usize, &str, Change)] = &[
        // Vertex weights come before the bones.
        ("vertex 2", "bone", 4, 4, NONE, |m| {
            m.vertices[2].weight = Weight::Bdef2 {
                bones: [4, 1],
                weight: 0.5,
            }
        }),
        ("vertex 1", "bone", -2, 4, NONE, |m| {
            m.vertices[1].weight = Weight::Bdef2 {
                bones: [1, -2],
                weight: 0.5,
            }
        }),
        ("face 1", "vertex", 4, 4, "face dropped", |m| {
            m.faces[1][2] = 4
        }),
        ("material 1: texture", "texture", 2, 2, NONE, |m| {
            m.materials[1].texture = 2
        }),
        ("material 0: sphere texture", "texture", -3, 2, NONE, |m| {
            m.materials[0].sphere_texture = -3
        }),
        ("material 1: toon texture", "texture", 7, 2, NONE, |m| {
            m.materials[1].toon = Toon::Texture(7)
        }),
        ("bone 2: parent", "bone", 4, 4, NONE, |m| {
            m.bones[2].parent = 4
        }),
        ("bone 1: tail", "bone", 5, 4, NONE, |m| {
            m.bones[1].tail = BoneTail::Bone(5)
        }),
        ("bone 1: append parent", "bone", 99, 4, NONE, |m| {
            m.bones[1].append = Some(Append {
                parent: 99,
                weight: 1.0,
            })
        }),
        ("bone 3: IK target", "bone", -1, 4, "IK removed", |m| {
            m.bones[3].ik.as_mut().expect("IK").target = -1
        }),
        ("bone 3: IK link 1", "bone", 4, 4, "link dropped", |m| {
            m.bones[3].ik.as_mut().expect("IK").links[1].bone = 4
        }),
        ("morph 0: offset 0", "morph", 6, 6, OFFSET, |m| {
            m.morphs[0].offsets = MorphOffsets::Group(vec![GroupOffset {
                morph: 6,
                weight: 1.0,
            }])
        }),
        ("morph 1: offset 0", "vertex", 4, 4, OFFSET, |m| {
            if let MorphOffsets::Vertex(v) = &mut m.morphs[1].offsets {
                v[0].vertex = 4;
            }
        }),
        ("morph 2: offset 0", "bone", -1, 4, OFFSET, |m| {
            m.morphs[2].offsets = MorphOffsets::Bone(vec![BoneOffset {
                bone: -1,
                translation: [0.0; 3],
                rotation: [0.0; 4],
            }])
        }),
        ("morph 3: offset 0", "material", 2, 2, OFFSET, |m| {
            m.morphs[3].offsets = MorphOffsets::Material(vec![MaterialOffset {
                material: 2,
                ..MaterialOffset::default()
            }])
        }),
        // Impulse morphs come before the rigid bodies.
        ("morph 5: offset 0", "rigid body", 2, 2, OFFSET, |m| {
            m.morphs[5].offsets = MorphOffsets::Impulse(vec![ImpulseOffset {
                rigid_body: 2,
                local: true,
                velocity: [0.0; 3],
                torque: [0.0; 3],
            }])
        }),
        ("morph 5: offset 0", "rigid body", -1, 2, OFFSET, |m| {
            m.morphs[5].offsets = MorphOffsets::Impulse(vec![ImpulseOffset {
                rigid_body: -1,
                local: true,
                velocity: [0.0; 3],
                torque: [0.0; 3],
            }])
        }),
        ("display frame 0: element 0", "bone", 4, 4, ELEMENT, |m| {
            m.display_frames[0].elements[0] = DisplayElement::Bone(4)
        }),
        ("display frame 0: element 1", "morph", -1, 6, ELEMENT, |m| {
            m.display_frames[0].elements[1] = DisplayElement::Morph(-1)
        }),
        ("rigid body 1", "bone", 4, 4, NONE, |m| {
            m.rigid_bodies[1].bone = 4
        }),
        ("joint 0", "rigid body", 2, 2, NONE, |m| {
            m.joints[0].rigid_bodies[1] = 2
        }),
        ("soft body 0", "material", 2, 2, NONE, |m| {
            m.soft_bodies[0].material = 2
        }),
        ("soft body 0: anchor 0", "rigid body", 2, 2, ANCHOR, |m| {
            m.soft_bodies[0].anchors[0].rigid_body = 2
        }),
        ("soft body 0: anchor 0", "vertex", 4, 4, ANCHOR, |m| {
            m.soft_bodies[0].anchors[0].vertex = 4
        }),
        (
            "soft body 0: pin 1",
            "vertex",
            65535,
            4,
            "pin dropped",
            |m| m.soft_bodies[0].pins[1] = 65535,
        ),
    ];
    let plural = |what: &str| match what {
        "vertex" => "vertices".to_string(),
        "rigid body" => "rigid bodies".to_string(),
        _ => format!("{what}s"),
    };
    for &(context, what, index, count, outcome, change) in cases {
        let (bytes, at) = changed(&m, change);
        let (read, w) = read_one_warning(&bytes);
        let message = format!(
            "{context}: {what} index {index} out of range ({count} {}); {outcome}",
            plural(what)
        );
        assert_eq!((w.message.as_str(), w.offset), (message.as_str(), at));
        let again = pmx::read(&bytes_of(&read)).expect("the neutralised model reads");
        assert!(again.warnings.is_empty(), "{context}: {:?}", again.warnings);
    }
}

#[test]
fn none_is_accepted_where_it_means_something() {
    let mut m = model();
    m.vertices[0].weight = Weight::Bdef4 {
        bones: [0, -1, -1, -1],
        weights: [1.0, 0.0, 0.0, 0.0],
    };
    m.materials[0].texture = -1;
    m.materials[0].toon = Toon::Texture(-1);
    m.bones[1].tail = BoneTail::Bone(-1);
    m.rigid_bodies[0].bone = -1;
    m.joints[0].rigid_bodies = [-1, -1];
    m.soft_bodies[0].material = -1;
    m.morphs[3].offsets = MorphOffsets::Material(vec![MaterialOffset {
        material: -1,
        ..MaterialOffset::default()
    }]);
    assert!(pmx::read(&bytes_of(&m)).expect("valid") == m);
}

#[test]
fn material_face_counts_must_stay_within_the_faces() {
    let m = model();
    let (bytes, at) = changed(&m, |m| m.materials[1].index_count = 7);
    let e = read_err(&bytes);
    assert_eq!(e.context, "material 1");
    assert_eq!(e.offset, at);
    assert!(
        matches!(e.kind, ErrorKind::InvalidValue { value: 7, .. }),
        "{e}"
    );
}

// ---- truncation ----

fn assert_clean_truncation(rel: &str, bytes: &[u8], full: &Pmx, len: usize) {
    match pmx::read(&bytes[..len]) {
        Err(e) => {
            assert!(
                matches!(
                    e.kind,
                    ErrorKind::Truncated { .. }
                        | ErrorKind::CountTooLarge { .. }
                        | ErrorKind::BadMagic(_)
                ),
                "{rel} cut at {len}: {e}"
            );
            assert!(e.offset <= len, "{rel} cut at {len}: {e}");
        }
        // Only the 4 trailing junk bytes of model_descriptor_parity.pmx, or a 2.1 file's
        // soft-body section, can be missing from a valid file.
        Ok(m) => {
            let tail_ok = rel.ends_with("model_descriptor_parity.pmx") && len >= bytes.len() - 4;
            let no_soft_bodies = m.header.version > 2.05 && m.soft_bodies.is_empty();
            assert!(tail_ok || no_soft_bodies, "{rel} cut at {len} reads");
            if tail_ok {
                assert!(m == *full);
            }
        }
    }
}

#[test]
fn truncated_fixtures_give_clean_errors() {
    for rel in PMX_FIXTURES {
        let Some(bytes) = fixture(rel) else {
            return;
        };
        let full = pmx::read(&bytes).expect("fixture reads");
        if bytes.len() < 4096 {
            for len in 0..bytes.len() {
                assert_clean_truncation(rel, &bytes, &full, len);
            }
        } else {
            // The header and names in detail, offsets spread over the file, and the end of the
            // last section in detail.
            let n = bytes.len();
            let spread = (1..40).map(|k| k * n / 40 + k % 7);
            for len in (0..300).chain(spread).chain(n - 16..n) {
                assert_clean_truncation(rel, &bytes, &full, len);
            }
        }
    }
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

// ---- hostile counts ----

/// Every count in the file set to `i32::MAX` gives `CountTooLarge` before anything is
/// allocated; negative counts give `NegativeCount`.
#[test]
fn huge_and_negative_counts() {
    let m = model();
    type Change = fn(&mut Pmx);
    let sections: &[(&str, Change)] = &[
        ("vertex count", |m| m.vertices.push(Vertex::default())),
        ("face index count", |m| m.faces.push([0, 0, 0])),
        ("texture count", |m| m.textures.push(String::new())),
        ("material count", |m| m.materials.push(Material::default())),
        ("bone count", |m| m.bones.push(bone("x", 0))),
        ("bone 3: IK link count", |m| {
            let ik = m.bones[3].ik.as_mut().expect("IK");
            ik.links.push(ik.links[0]);
        }),
        ("morph count", |m| {
            let x = m.morphs[0].clone();
            m.morphs.push(x);
        }),
        ("morph 1: offset count", |m| {
            if let MorphOffsets::Vertex(v) = &mut m.morphs[1].offsets {
                v.push(v[0]);
            }
        }),
        ("display frame count", |m| {
            m.display_frames.push(DisplayFrame::default())
        }),
        ("display frame 0: element count", |m| {
            m.display_frames[0].elements.push(DisplayElement::Bone(0))
        }),
        ("rigid body count", |m| {
            m.rigid_bodies.push(RigidBody::default())
        }),
        ("joint count", |m| m.joints.push(Joint::default())),
        ("soft body count", |m| {
            m.soft_bodies.push(SoftBody {
                material: -1,
                ..SoftBody::default()
            })
        }),
        ("soft body 0: anchor count", |m| {
            let a = m.soft_bodies[0].anchors[0];
            m.soft_bodies[0].anchors.push(a);
        }),
        ("soft body 0: pin count", |m| m.soft_bodies[0].pins.push(0)),
    ];
    for &(context, grow) in sections {
        let (_, at) = changed(&m, grow);
        let mut bytes = bytes_of(&m);
        bytes[at..at + 4].copy_from_slice(&i32::MAX.to_le_bytes());
        let e = read_err(&bytes);
        assert_eq!(e.context, context, "{e}");
        assert!(
            matches!(
                e.kind,
                ErrorKind::CountTooLarge {
                    count: 0x7FFF_FFFF,
                    ..
                }
            ),
            "{e}"
        );
        bytes[at..at + 4].copy_from_slice(&(-5i32).to_le_bytes());
        let e = read_err(&bytes);
        assert_eq!(e.context, context, "{e}");
        assert_eq!(e.offset, at);
        assert!(matches!(e.kind, ErrorKind::NegativeCount(-5)), "{e}");
    }
    // A text length as large as a count.
    let mut bytes = bytes_of(&m);
    bytes[17..21].copy_from_slice(&i32::MAX.to_le_bytes());
    let e = read_err(&bytes);
    assert_eq!(e.context, "model name");
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

#[test]
fn huge_vertex_count_in_a_real_model() {
    let Some(mut bytes) = fixture("gene/Gene_light.pmx") else {
        return;
    };
    let m = pmx::read(&bytes).expect("Gene reads");
    let (_, at) = changed(&m, |m| m.vertices.push(Vertex::default()));
    bytes[at..at + 4].copy_from_slice(&i32::MAX.to_le_bytes());
    let e = read_err(&bytes);
    assert_eq!(e.context, "vertex count");
    assert!(matches!(e.kind, ErrorKind::CountTooLarge { .. }), "{e}");
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

// ---- header and enumerations ----

#[test]
fn bad_headers() {
    let good = bytes_of(&model());
    let with = |i: usize, v: u8| {
        let mut b = good.clone();
        b[i] = v;
        read_err(&b)
    };
    assert_eq!(read_err(b"PMX").kind, ErrorKind::BadMagic(Format::Pmx));
    assert_eq!(with(0, b'Q').kind, ErrorKind::BadMagic(Format::Pmx));
    let mut v1 = good.clone();
    v1[4..8].copy_from_slice(&1.0f32.to_le_bytes());
    assert_eq!(
        read_err(&v1).kind,
        ErrorKind::UnsupportedVersion("1".into())
    );
    let invalid = |e: Error| match e.kind {
        ErrorKind::InvalidValue { what, value } => (what, value, e.offset),
        other => panic!("{other:?}"),
    };
    assert_eq!(invalid(with(8, 7)), ("globals count", 7, 8));
    assert_eq!(invalid(with(9, 2)), ("text encoding", 2, 9));
    assert_eq!(invalid(with(10, 5)), ("additional UV count", 5, 10));
    assert_eq!(invalid(with(11, 3)), ("vertex index size", 3, 11));
    assert_eq!(invalid(with(14, 0)), ("bone index size", 0, 14));
    assert_eq!(invalid(with(16, 8)), ("rigid body index size", 8, 16));
    assert_eq!(
        with(9, 2).to_string(),
        "PMX: header: invalid value 2 for text encoding at byte 9"
    );
}

#[test]
fn invalid_enumeration_values() {
    let m = model();
    // Each case: a change that moves a single enumeration byte, the byte written instead.
    type Change = fn(&mut Pmx);
    let cases: &[(&str, &str, u8, Change)] = &[
        ("vertex 0", "weight type", 5, |m| {
            m.vertices[0].weight = Weight::Sdef {
                bones: [0, 3],
                weight: 0.5,
                c: [0.0; 3],
                r0: [0.0; 3],
                r1: [0.0; 3],
            }
        }),
        ("morph 0", "morph panel", 5, |m| {
            m.morphs[0].panel = MorphPanel::Eye
        }),
        ("morph 0", "morph kind", 11, |m| {
            m.morphs[0].offsets = MorphOffsets::Flip(vec![GroupOffset {
                morph: 1,
                weight: 1.0,
            }])
        }),
        ("rigid body 0", "rigid body shape", 3, |m| {
            m.rigid_bodies[0].shape = RigidShape::Box
        }),
        ("rigid body 0", "physics mode", 3, |m| {
            m.rigid_bodies[0].mode = PhysicsMode::Physics
        }),
        ("joint 0", "joint kind", 6, |m| {
            m.joints[0].kind = JointKind::Hinge
        }),
        ("soft body 0", "soft body shape", 2, |m| {
            m.soft_bodies[0].shape = SoftBodyShape::Rope
        }),
    ];
    for &(context, what, value, change) in cases {
        let (mut bytes, at) = changed(&m, change);
        bytes[at] = value;
        let e = read_err(&bytes);
        assert_eq!(
            (e.context.as_str(), &e.kind, e.offset),
            (
                context,
                &ErrorKind::InvalidValue {
                    what,
                    value: i64::from(value)
                },
                at
            ),
            "{e}"
        );
    }
}

// ---- random corruption ----

fn corpus() -> Vec<Vec<u8>> {
    let mut files = vec![bytes_of(&model())];
    for rel in PMX_FIXTURES {
        if let Some(b) = fixture(rel).filter(|b| b.len() < 4096) {
            files.push(b);
        }
    }
    files
}

proptest! {
    #![proptest_config(ProptestConfig {
        // Fixed seed and no failure files: the same cases on every run, nothing written
        // into the source tree.
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x706d_7865),
        failure_persistence: None,
        ..ProptestConfig::with_cases(512)
    })]

    /// Overwritten bytes never make the reader panic; whatever it accepts, it writes again,
    /// and the written file reads back to the same bytes.
    #[test]
    fn corrupted_files_never_panic(
        file in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let files = corpus();
        let mut bytes = file.get(&files).clone();
        for (at, v) in edits {
            let i = at.index(bytes.len());
            bytes[i] = v;
        }
        if truncate {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        if let Ok(m) = pmx::read(&bytes) {
            let written = pmx::write(&m).expect("what was read can be written");
            let again = pmx::read(&written).expect("what was written reads");
            prop_assert_eq!(pmx::write(&again).expect("rewrite"), written);
        }
    }
}
