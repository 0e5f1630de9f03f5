//! PMD reader/writer against the fixtures: counts from SOURCES.md, byte-exact round trips, and
//! every way the optional extensions can end a file.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use mmd_format::pmd::{self, Pmd};
use mmd_format::{ErrorKind, Format};

use common::fixture;

struct Expected {
    file: &'static str,
    name: &'static str,
    vertices: usize,
    faces: usize,
    materials: usize,
    bones: usize,
    iks: usize,
    morphs_with_base: usize,
    rigid_bodies: usize,
    joints: usize,
}

// Numbers from SOURCES.md.
const MODELS: [Expected; 2] = [
    Expected {
        file: "gene/Gene_light.pmd",
        name: "ジェネ / Gene",
        vertices: 28646,
        faces: 47106,
        materials: 13,
        bones: 224,
        iks: 6,
        morphs_with_base: 178,
        rigid_bodies: 87,
        joints: 92,
    },
    Expected {
        file: "mmd-viewer-js/miku/miku_v2.pmd",
        name: "初音ミク",
        vertices: 12354,
        faces: 22961,
        materials: 17,
        bones: 140,
        iks: 7,
        morphs_with_base: 31,
        rigid_bodies: 45,
        joints: 27,
    },
];

#[test]
fn fixtures_have_the_documented_counts_and_round_trip() {
    for e in &MODELS {
        let Some(bytes) = fixture(e.file) else { return };
        let pmd = pmd::read(&bytes).unwrap_or_else(|err| panic!("{}: {err}", e.file));
        assert_eq!(pmd.name.decode(), e.name, "{}", e.file);
        assert_eq!(pmd.vertices.len(), e.vertices, "{}", e.file);
        assert_eq!(pmd.faces.len(), e.faces, "{}", e.file);
        assert_eq!(pmd.materials.len(), e.materials, "{}", e.file);
        assert_eq!(pmd.bones.len(), e.bones, "{}", e.file);
        assert_eq!(pmd.iks.len(), e.iks, "{}", e.file);
        assert_eq!(pmd.morphs.len(), e.morphs_with_base, "{}", e.file);
        let physics = pmd.physics.as_ref().expect("physics extension");
        assert_eq!(physics.rigid_bodies.len(), e.rigid_bodies, "{}", e.file);
        assert_eq!(physics.joints.len(), e.joints, "{}", e.file);
        let english = pmd.english.as_ref().expect("English extension");
        assert_eq!(english.bone_names.len(), e.bones);
        assert_eq!(english.morph_names.len(), e.morphs_with_base - 1);
        assert!(pmd.toon_textures.is_some());

        // Materials draw every face exactly once.
        let drawn: u64 = pmd.materials.iter().map(|m| u64::from(m.index_count)).sum();
        assert_eq!(drawn, 3 * e.faces as u64, "{}", e.file);
        // The base morph lists model vertices.
        assert_eq!(pmd.morphs[0].panel, 0);
        assert!(
            pmd.morphs[0]
                .vertices
                .iter()
                .all(|v| (v.index as usize) < e.vertices)
        );

        assert_eq!(
            pmd::write(&pmd).unwrap(),
            bytes,
            "{}: write(read(b)) != b",
            e.file
        );
    }
}

#[test]
fn miku_v2_bones_and_iks_read_as_stored() {
    let Some(bytes) = fixture("mmd-viewer-js/miku/miku_v2.pmd") else {
        return;
    };
    let pmd = pmd::read(&bytes).unwrap();
    assert_eq!(pmd.bones[0].name.decode(), "センター");
    assert_eq!(pmd.bones[0].parent, pmd::NO_BONE);
    assert_eq!(pmd.bones[0].position, [0.0, 8.0, 0.0]);
    // 左足ＩＫ: effector 左足首, links 左ひざ then 左足, 40 iterations, control weight 0.5.
    let ik = pmd.iks.iter().find(|ik| ik.bone == 89).unwrap();
    assert_eq!(pmd.bones[89].name.decode(), "左足ＩＫ");
    assert_eq!((ik.target, ik.iterations, ik.limit), (42, 40, 0.5));
    assert_eq!(ik.links, vec![41, 40]);
    assert_eq!(pmd.bones[134].kind, pmd::bone_kind::ROTATE_COUPLED);
    assert_eq!((pmd.bones[134].tail, pmd.bones[134].ik_parent), (19, 25));
}

/// Drops extensions from the end one at a time: each shorter model must write a file that
/// ends right there and reads back equal.
#[test]
fn every_extension_ending_round_trips() {
    let Some(bytes) = fixture("mmd-viewer-js/miku/miku_v2.pmd") else {
        return;
    };
    let full = pmd::read(&bytes).unwrap();
    let no_physics = Pmd {
        physics: None,
        ..full.clone()
    };
    let no_toons = Pmd {
        toon_textures: None,
        ..no_physics.clone()
    };
    let no_english = Pmd {
        english: None,
        ..no_toons.clone()
    };
    // English off but toons present: the flag byte is written as 0.
    let english_off = Pmd {
        english: None,
        ..no_physics.clone()
    };
    let mut previous_len = bytes.len();
    for model in [&no_physics, &no_toons, &no_english] {
        let written = pmd::write(model).unwrap();
        assert!(written.len() < previous_len);
        assert_eq!(
            &written[..],
            &bytes[..written.len()],
            "a prefix of the original"
        );
        assert_eq!(&pmd::read(&written).unwrap(), model);
        previous_len = written.len();
    }
    let written = pmd::write(&english_off).unwrap();
    assert_eq!(&pmd::read(&written).unwrap(), &english_off);
    let physics = full.physics.as_ref().unwrap();
    assert_eq!(
        physics.rigid_bodies.len() * 83 + physics.joints.len() * 124 + 8,
        bytes.len() - pmd::write(&no_physics).unwrap().len()
    );
}

#[test]
fn truncation_inside_an_extension_is_an_error_with_its_offset() {
    let Some(bytes) = fixture("mmd-viewer-js/miku/miku_v2.pmd") else {
        return;
    };
    let full = pmd::read(&bytes).unwrap();
    let without_physics = pmd::write(&Pmd {
        physics: None,
        ..full
    })
    .unwrap()
    .len();
    // Rigid body count present, bodies cut short.
    let cut = &bytes[..without_physics + 4 + 100];
    let err = pmd::read(cut).unwrap_err();
    assert_eq!(err.format, Format::Pmd);
    assert!(
        matches!(err.kind, ErrorKind::CountTooLarge { count: 45, .. }),
        "{err}"
    );
    assert_eq!(err.offset, without_physics + 4);
    // Cut in the middle of the toon list.
    let err = pmd::read(&bytes[..without_physics - 50]).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("toon texture 9"), "{err}");
}

#[test]
fn bad_magic_and_impossible_counts_are_errors() {
    let err = pmd::read(b"PMX \0\0\0\0").unwrap_err();
    assert_eq!(err.kind, ErrorKind::BadMagic(Format::Pmd));
    // A vertex count of 0xFFFFFFFF in an otherwise empty file must fail before allocating.
    let mut bytes = pmd::write(&Pmd::default()).unwrap();
    bytes[283..287].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = pmd::read(&bytes).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::CountTooLarge { .. }), "{err}");
    assert_eq!(err.offset, 287);
    // A face index count that is not a multiple of 3.
    let mut bytes = pmd::write(&Pmd::default()).unwrap();
    bytes[287..291].copy_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[0, 0]);
    let err = pmd::read(&bytes).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::InvalidValue { .. }), "{err}");
}

#[test]
fn inconsistent_english_names_are_refused_by_the_writer() {
    let Some(bytes) = fixture("mmd-viewer-js/miku/miku_v2.pmd") else {
        return;
    };
    let mut model = pmd::read(&bytes).unwrap();
    model.english.as_mut().unwrap().bone_names.pop();
    let err = pmd::write(&model).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Unwritable(_)), "{err}");
}
