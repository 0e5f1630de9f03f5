//! VMD reader/writer: every fixture's counts (SOURCES.md), byte-exact round trips, files that
//! end after any section, and synthetic motions covering what no fixture has.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashSet;

use mmd_format::vmd::{
    self, BoneKey, CameraKey, IkKey, IkState, LightKey, MorphKey, ShadowKey, Vmd, VmdSections,
    VmdVersion,
};
use mmd_format::{ErrorKind, FixedText, Format};

use common::fixture;

struct Expected {
    file: &'static str,
    model_name: &'static str,
    bone_keys: usize,
    bones: usize,
    morph_keys: usize,
    morphs: usize,
    camera_keys: usize,
    light_keys: usize,
    ik_keys: usize,
    ik_entries: usize,
    sections: VmdSections,
}

// Numbers from SOURCES.md ("ends after the self-shadow count" = sections up to Shadow).
// synthetic/ik_toggle.vmd is not listed there; its numbers come from its bytes (4 bone keys
// of 2 bones, 2 morph keys, 3 show/IK keys each listing the two leg IKs: both on at 0, left
// off at 10, right off at 20).
const MOTIONS: [Expected; 9] = [
    Expected {
        file: "gene/motion/02_laugh.vmd",
        model_name: "ジェネ / Gene",
        bone_keys: 548,
        bones: 222,
        morph_keys: 393,
        morphs: 178,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 1,
        ik_entries: 6,
        sections: VmdSections::Ik,
    },
    Expected {
        file: "gene/motion/00_normal.vmd",
        model_name: "ニルヴァ / Nirva デ",
        bone_keys: 0,
        bones: 0,
        morph_keys: 449,
        morphs: 214,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 0,
        ik_entries: 0,
        sections: VmdSections::Ik,
    },
    Expected {
        file: "gene/motion/32_frustrated_v2023.vmd",
        model_name: "ジェネ / Gene",
        bone_keys: 778,
        bones: 222,
        morph_keys: 643,
        morphs: 111,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 6,
        ik_entries: 36,
        sections: VmdSections::Ik,
    },
    Expected {
        file: "mmd-viewer-js/vmd/wavefile_v2.vmd",
        model_name: "初音ミク",
        bone_keys: 14160,
        bones: 140,
        morph_keys: 1279,
        morphs: 31,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 0,
        ik_entries: 0,
        sections: VmdSections::Shadow,
    },
    Expected {
        file: "mmd-viewer-js/vmd/tokino_kakera_cam.vmd",
        model_name: "カメラ・照明",
        bone_keys: 0,
        bones: 0,
        morph_keys: 0,
        morphs: 0,
        camera_keys: 22,
        light_keys: 0,
        ik_keys: 0,
        ik_entries: 0,
        sections: VmdSections::Shadow,
    },
    Expected {
        file: "three-mmd/vmds/wavefile_camera.vmd",
        model_name: "カメラ・照明",
        bone_keys: 0,
        bones: 0,
        morph_keys: 0,
        morphs: 0,
        camera_keys: 70,
        light_keys: 0,
        ik_keys: 0,
        ik_entries: 0,
        sections: VmdSections::Light,
    },
    Expected {
        file: "j3/miku/im5066365.vmd",
        model_name: "初音ミク",
        bone_keys: 110,
        bones: 82,
        morph_keys: 15,
        morphs: 15,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 1,
        ik_entries: 7,
        sections: VmdSections::Ik,
    },
    Expected {
        file: "mmd.js/zoom_in.vmd",
        model_name: "カメラ・照明",
        bone_keys: 0,
        bones: 0,
        morph_keys: 0,
        morphs: 0,
        camera_keys: 3,
        light_keys: 2,
        ik_keys: 0,
        ik_entries: 0,
        sections: VmdSections::Shadow,
    },
    Expected {
        file: "synthetic/ik_toggle.vmd",
        model_name: "test",
        bone_keys: 4,
        bones: 2,
        morph_keys: 2,
        morphs: 1,
        camera_keys: 0,
        light_keys: 0,
        ik_keys: 3,
        ik_entries: 6,
        sections: VmdSections::Ik,
    },
];

#[test]
fn fixtures_have_the_documented_counts_and_round_trip() {
    for e in &MOTIONS {
        let Some(bytes) = fixture(e.file) else { return };
        let vmd = vmd::read(&bytes).unwrap_or_else(|err| panic!("{}: {err}", e.file));
        let f = e.file;
        assert_eq!(vmd.version, VmdVersion::New, "{f}");
        assert_eq!(vmd.model_name.decode(), e.model_name, "{f}");
        assert_eq!(vmd.bone_keys.len(), e.bone_keys, "{f}");
        let bones: HashSet<_> = vmd.bone_keys.iter().map(|k| k.name).collect();
        assert_eq!(bones.len(), e.bones, "{f}");
        assert_eq!(vmd.morph_keys.len(), e.morph_keys, "{f}");
        let morphs: HashSet<_> = vmd.morph_keys.iter().map(|k| k.name).collect();
        assert_eq!(morphs.len(), e.morphs, "{f}");
        assert_eq!(vmd.camera_keys.len(), e.camera_keys, "{f}");
        assert_eq!(vmd.light_keys.len(), e.light_keys, "{f}");
        assert_eq!(vmd.shadow_keys.len(), 0, "{f}");
        assert_eq!(vmd.ik_keys.len(), e.ik_keys, "{f}");
        let entries: usize = vmd.ik_keys.iter().map(|k| k.iks.len()).sum();
        assert_eq!(entries, e.ik_entries, "{f}");
        assert_eq!(vmd.sections, e.sections, "{f}");
        assert_eq!(vmd::write(&vmd).unwrap(), bytes, "{f}: write(read(b)) != b");
    }
}

#[test]
fn gene_ik_keys_are_all_on_and_the_synthetic_one_toggles() {
    let Some(bytes) = fixture("gene/motion/32_frustrated_v2023.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    assert!(
        vmd.ik_keys
            .iter()
            .flat_map(|k| &k.iks)
            .all(|s| s.enabled == 1)
    );
    let Some(bytes) = fixture("synthetic/ik_toggle.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    let states: Vec<(u32, Vec<(String, u8)>)> = vmd
        .ik_keys
        .iter()
        .map(|k| {
            let iks = k.iks.iter().map(|s| (s.name.decode(), s.enabled)).collect();
            (k.frame, iks)
        })
        .collect();
    let both = |l: u8, r: u8| vec![("左足ＩＫ".to_string(), l), ("右足ＩＫ".to_string(), r)];
    assert_eq!(
        states,
        vec![(0, both(1, 1)), (10, both(0, 1)), (20, both(1, 0))]
    );
}

#[test]
fn model_name_cut_mid_character_decodes_without_the_stray_byte() {
    let Some(bytes) = fixture("gene/motion/00_normal.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    assert_eq!(
        vmd.model_name.bytes[19], 0x83,
        "the stray lead byte is kept raw"
    );
    assert_eq!(vmd.model_name.decode(), "ニルヴァ / Nirva デ");
}

#[test]
fn wavefile_first_bone_key_reads_as_stored() {
    let Some(bytes) = fixture("mmd-viewer-js/vmd/wavefile_v2.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    let key = &vmd.bone_keys[0];
    let rec = &bytes[54..54 + 111];
    assert_eq!(&key.name.bytes[..], &rec[..15]);
    assert_eq!(
        key.frame,
        u32::from_le_bytes(rec[15..19].try_into().unwrap())
    );
    let w = f32::from_le_bytes(rec[43..47].try_into().unwrap());
    assert_eq!(key.rotation[3], w);
    assert_eq!(&key.interpolation[..], &rec[47..]);
    let norm: f32 = key.rotation.iter().map(|c| c * c).sum();
    assert!((norm - 1.0).abs() < 1e-3, "rotation is a unit quaternion");
    let bone_max = vmd.bone_keys.iter().map(|k| k.frame).max().unwrap();
    let morph_max = vmd.morph_keys.iter().map(|k| k.frame).max().unwrap();
    assert_eq!(vmd.last_frame(), bone_max.max(morph_max));
}

fn interpolation(seed: u8) -> [u8; 64] {
    std::array::from_fn(|i| (i as u8).wrapping_mul(7).wrapping_add(seed) % 128)
}

/// A motion with every key kind, including what no fixture has: light and self-shadow keys
/// and IK-off entries.
fn synthetic() -> Vmd {
    Vmd {
        version: VmdVersion::New,
        magic_tail: [0; 5],
        model_name: FixedText::encode("テスト"),
        bone_keys: vec![
            BoneKey {
                name: FixedText::encode("センター"),
                frame: 0,
                translation: [1.0, -2.5, 3.25],
                rotation: [0.0, 0.0, 0.0, 1.0],
                interpolation: interpolation(1),
            },
            BoneKey {
                name: FixedText::encode("左足ＩＫ"),
                frame: 30,
                translation: [0.0, 1.0, 0.0],
                rotation: [0.5, 0.5, 0.5, 0.5],
                interpolation: interpolation(9),
            },
        ],
        morph_keys: vec![MorphKey {
            name: FixedText::encode("まばたき"),
            frame: 15,
            weight: 0.75,
        }],
        camera_keys: vec![CameraKey {
            frame: 5,
            distance: -45.0,
            position: [0.0, 10.0, 0.0],
            rotation: [0.1, 0.2, 0.3],
            interpolation: std::array::from_fn(|i| i as u8 * 5),
            fov: 30,
            perspective_off: 1,
        }],
        light_keys: vec![
            LightKey {
                frame: 0,
                color: [0.6, 0.6, 0.6],
                direction: [-0.5, -1.0, 0.5],
            },
            LightKey {
                frame: 60,
                color: [1.0, 0.2, 0.2],
                direction: [0.0, -1.0, 0.0],
            },
        ],
        shadow_keys: vec![ShadowKey {
            frame: 10,
            mode: 2,
            distance: 0.0125,
        }],
        ik_keys: vec![IkKey {
            frame: 100,
            visible: 0,
            iks: vec![
                IkState {
                    name: FixedText::encode("左足ＩＫ"),
                    enabled: 0,
                },
                IkState {
                    name: FixedText::encode("右足ＩＫ"),
                    enabled: 1,
                },
            ],
        }],
        sections: VmdSections::Ik,
    }
}

#[test]
fn synthetic_motion_with_every_key_kind_round_trips() {
    let motion = synthetic();
    let bytes = vmd::write(&motion).unwrap();
    let expected_len =
        30 + 20 + 4 + 2 * 111 + 4 + 23 + 4 + 61 + 4 + 2 * 28 + 4 + 9 + 4 + 9 + 2 * 21;
    assert_eq!(bytes.len(), expected_len);
    let back = vmd::read(&bytes).unwrap();
    assert_eq!(back, motion);
    assert_eq!(back.ik_keys[0].iks[0].enabled, 0);
    assert_eq!(back.last_frame(), 100);
    assert_eq!(vmd::write(&back).unwrap(), bytes);
}

#[test]
fn old_magic_has_a_ten_byte_model_name() {
    let motion = Vmd {
        version: VmdVersion::Old,
        model_name: FixedText::encode("ミク"),
        ..synthetic()
    };
    let bytes = vmd::write(&motion).unwrap();
    assert!(bytes.starts_with(b"Vocaloid Motion Data file\0"));
    let new_len = vmd::write(&synthetic()).unwrap().len();
    assert_eq!(bytes.len(), new_len - 10);
    assert_eq!(vmd::read(&bytes).unwrap(), motion);

    let too_long = Vmd {
        model_name: FixedText::encode("とても長いモデル名"),
        ..motion
    };
    let err = vmd::write(&too_long).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Unwritable(_)), "{err}");
}

#[test]
fn a_file_may_end_after_any_section() {
    let order = [
        VmdSections::Bone,
        VmdSections::Morph,
        VmdSections::Camera,
        VmdSections::Light,
        VmdSections::Shadow,
        VmdSections::Ik,
    ];
    for (i, &sections) in order.iter().enumerate() {
        let empty = Vmd {
            sections,
            ..Vmd::default()
        };
        let bytes = vmd::write(&empty).unwrap();
        assert_eq!(bytes.len(), 50 + 4 * (i + 1), "{sections:?}");
        assert_eq!(vmd::read(&bytes).unwrap(), empty);
    }
    // Keys in a later section than `sections` names are written, never dropped.
    let short = Vmd {
        sections: VmdSections::Bone,
        ..synthetic()
    };
    assert_eq!(
        vmd::read(&vmd::write(&short).unwrap()).unwrap(),
        synthetic()
    );
}

#[test]
fn a_count_running_past_the_end_is_an_error() {
    let Some(bytes) = fixture("three-mmd/vmds/wavefile_camera.vmd") else {
        return;
    };
    // The file ends after the light count; add a self-shadow count of 3 with no keys.
    let mut longer = bytes.clone();
    longer.extend_from_slice(&3u32.to_le_bytes());
    let err = vmd::read(&longer).unwrap_err();
    assert_eq!(err.format, Format::Vmd);
    assert!(
        matches!(err.kind, ErrorKind::CountTooLarge { count: 3, .. }),
        "{err}"
    );
    assert_eq!(err.offset, bytes.len() + 4);
    // A half-written count is truncation, not a clean end.
    let err = vmd::read(&bytes[..bytes.len() - 2]).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Truncated { .. }), "{err}");
    // Cut inside the camera keys.
    let err = vmd::read(&bytes[..200]).unwrap_err();
    assert!(
        matches!(err.kind, ErrorKind::CountTooLarge { count: 70, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("camera key count"), "{err}");
}

#[test]
fn bad_magic_is_an_error() {
    let err = vmd::read(b"Vocaloid Motion Data 0003\0\0\0\0\0").unwrap_err();
    assert_eq!(err.kind, ErrorKind::BadMagic(Format::Vmd));
    assert_eq!(err.offset, 0);
    assert!(vmd::read(b"Vocal").is_err());
}

#[test]
fn the_linear_blocks_are_the_ones_mmd_writes() {
    // Gene's motions were saved by MMD 9; most of their keys are linear on every curve.
    let Some(bytes) = fixture("gene/motion/02_laugh.vmd") else {
        return;
    };
    let laugh = vmd::read(&bytes).unwrap();
    let linear = laugh
        .bone_keys
        .iter()
        .filter(|k| k.interpolation == BoneKey::LINEAR_INTERPOLATION)
        .count();
    assert_eq!(linear, 544, "the block of 544 of the 548 keys");
    let key = BoneKey {
        name: FixedText::encode("センター"),
        frame: 0,
        translation: [0.0; 3],
        rotation: [0.0, 0.0, 0.0, 1.0],
        interpolation: BoneKey::LINEAR_INTERPOLATION,
    };
    for c in 0..4 {
        assert_eq!(key.curve(c), [20, 20, 107, 107]);
    }
    assert!(!key.physics_off());

    let Some(bytes) = fixture("three-mmd/vmds/wavefile_camera.vmd") else {
        return;
    };
    let camera = vmd::read(&bytes).unwrap();
    let linear = camera
        .camera_keys
        .iter()
        .filter(|k| k.interpolation == CameraKey::LINEAR_INTERPOLATION)
        .count();
    assert_eq!(linear, 67, "67 of the 70 camera keys");
}
