//! VPD reader/writer: the fixture round-trips byte for byte, synthetic poses with morphs
//! round-trip, and parse errors point at the line.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use mmd_format::vpd::{self, LineEnding, Vpd, VpdBone, VpdMorph};
use mmd_format::{ErrorKind, Format};

use common::fixture;

#[test]
fn makoto_basic_reads_and_round_trips_byte_for_byte() {
    let Some(bytes) = fixture("mmdloader-app/makoto_basic.vpd") else {
        return;
    };
    let pose = vpd::read(&bytes).unwrap();
    // SOURCES.md: 55 bones, 0 morphs.
    assert_eq!(pose.bones.len(), 55);
    assert_eq!(pose.morphs.len(), 0);
    assert_eq!(pose.model_name, "真 SG衣装.osm");
    assert_eq!(pose.line_ending, LineEnding::Lf);
    assert_eq!(
        pose.bones[0],
        VpdBone {
            name: "センター".into(),
            translation: [-0.1375, -0.133513, 0.0],
            rotation: [0.0, 0.0, 0.0, 1.0],
        }
    );
    assert_eq!(pose.bones[1].name, "上半身");
    assert_eq!(
        pose.bones[1].rotation,
        [0.024996, 0.049964, -0.00025, 0.998438]
    );
    assert_eq!(pose.bones[54].name, "右足首");
    assert_eq!(vpd::write(&pose).unwrap(), bytes);
    assert_eq!(vpd::read(&vpd::write(&pose).unwrap()).unwrap(), pose);
}

fn synthetic() -> Vpd {
    Vpd {
        model_name: "miku.osm".into(),
        bones: vec![
            VpdBone {
                name: "センター".into(),
                translation: [0.0, 1.5, -2.25],
                rotation: [0.0, 0.0, 0.0, 1.0],
            },
            VpdBone {
                name: "左腕".into(),
                translation: [0.0, 0.0, 0.0],
                rotation: [0.125, -0.25, 0.5, 0.820_039],
            },
        ],
        morphs: vec![
            VpdMorph {
                name: "まばたき".into(),
                weight: 0.75,
            },
            VpdMorph {
                name: "あ".into(),
                weight: 1.0,
            },
        ],
        line_ending: LineEnding::CrLf,
    }
}

#[test]
fn synthetic_pose_with_morphs_is_written_in_mmd_layout() {
    let pose = synthetic();
    let bytes = vpd::write(&pose).unwrap();
    let (text, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!had_errors);
    let expected = "Vocaloid Pose Data file\r\n\r\n\
        miku.osm;\t\t// 親ファイル名\r\n\
        2;\t\t\t\t// 総ポーズボーン数\r\n\r\n\
        Bone0{センター\r\n\
        \x20 0.000000,1.500000,-2.250000;\t\t\t\t// trans x,y,z\r\n\
        \x20 0.000000,0.000000,0.000000,1.000000;\t\t// Quaternion x,y,z,w\r\n\
        }\r\n\r\n\
        Bone1{左腕\r\n\
        \x20 0.000000,0.000000,0.000000;\t\t\t\t// trans x,y,z\r\n\
        \x20 0.125000,-0.250000,0.500000,0.820039;\t\t// Quaternion x,y,z,w\r\n\
        }\r\n\r\n\
        Morph0{まばたき\r\n\
        \x20 0.750000;\t\t\t\t// weight\r\n\
        }\r\n\r\n\
        Morph1{あ\r\n\
        \x20 1.000000;\t\t\t\t// weight\r\n\
        }\r\n\r\n";
    assert_eq!(text, expected);
    assert_eq!(vpd::read(&bytes).unwrap(), pose);
    let lf = Vpd {
        line_ending: LineEnding::Lf,
        ..pose
    };
    let lf_bytes = vpd::write(&lf).unwrap();
    assert!(!lf_bytes.contains(&b'\r'));
    assert_eq!(vpd::read(&lf_bytes).unwrap(), lf);
}

#[test]
fn free_spacing_and_comments_are_accepted() {
    let text = "Vocaloid Pose Data file\n// a comment line\nmodel.osm ; // parent\n\n 1 ;\n\
        Bone0{頭   \n 1,2,3; \n0,0,0,1;\n }\n\nMorph0{え\n0.5;\n}";
    let pose = vpd::read(&mmd_format::text::encode_sjis(text)).unwrap();
    assert_eq!(pose.model_name, "model.osm");
    assert_eq!(pose.bones[0].name, "頭");
    assert_eq!(pose.bones[0].translation, [1.0, 2.0, 3.0]);
    assert_eq!(pose.morphs[0].weight, 0.5);
}

fn error_of(text: &str) -> mmd_format::Error {
    vpd::read(&mmd_format::text::encode_sjis(text)).unwrap_err()
}

#[test]
fn parse_errors_name_the_line_and_byte_offset() {
    let header = "Vocaloid Pose Data file\n\nm.osm;\n1;\n\n";
    // A quaternion with three numbers, on line 8 (after 7 lines of header and block).
    let err = error_of(&format!("{header}Bone0{{a\n0,0,0;\n0,0,1;\n}}\n"));
    assert_eq!(err.format, Format::Vpd);
    assert!(matches!(err.kind, ErrorKind::InvalidText(_)));
    assert_eq!(err.context, "line 8");
    let line8 = header.len() + "Bone0{a\n0,0,0;\n".len();
    assert_eq!(err.offset, line8);
    assert!(err.to_string().contains("expected 4 numbers"), "{err}");

    let err = error_of(&format!("{header}Bone0{{a\n0,0,x;\n0,0,0,1;\n}}\n"));
    assert_eq!(err.context, "line 7");
    let err = error_of(&format!("{header}Bone0{{a\n0,0,0;\n0,0,0,1;\n"));
    assert!(err.to_string().contains("unexpected end"), "{err}");
    let err = error_of(&format!("{header}Pose0{{a\n"));
    assert!(err.to_string().contains("BoneN{name"), "{err}");
    let err = error_of("Vocaloid Pose Data file\n\nm.osm;\n2;\n\nBone0{a\n0,0,0;\n0,0,0,1;\n}\n");
    assert!(err.to_string().contains("bone count 2"), "{err}");
    assert_eq!(err.context, "line 4");
    let err = error_of("Vocaloid Pose Data file\n\nm.osm\n");
    assert!(err.to_string().contains("`;`"), "{err}");
    let err = error_of("Vocaloid Motion Data 0002");
    assert_eq!(err.kind, ErrorKind::BadMagic(Format::Vpd));
}
