//! VAC reader/writer: the fixture, round trips with Japanese names, the lenient forms MMD
//! opens, errors naming the line, and detection by content.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use mmd_format::any::{AnyFile, detect, read_any};
use mmd_format::vac::{self, Vac};
use mmd_format::{ErrorKind, Format};

use common::fixture;

#[test]
fn fixture_reads() {
    let Some(bytes) = fixture("three-mmd-loader/test_quad_accessory.vac") else {
        return;
    };
    let expected = Vac {
        name: "test_quad".into(),
        x_file: "test_quad_accessory.x".into(),
        scale: 1.5,
        position: [0.0, -1.0, 0.5],
        rotation_degrees: [90.0, 0.0, 0.0],
        parent_bone: Some("center".into()),
    };
    assert!(vac::looks_like_vac(&bytes));
    assert_eq!(vac::read(&bytes).unwrap(), expected);
    assert_eq!(read_any(&bytes).unwrap(), AnyFile::Vac(expected.clone()));
    // The fixture has LF lines; MMD's are CR LF.
    let written = vac::write(&expected);
    assert_eq!(
        written,
        b"test_quad\r\ntest_quad_accessory.x\r\n1.5\r\n0.0,-1.0,0.5\r\n90.0,0.0,0.0\r\ncenter\r\n"
    );
    assert_eq!(vac::read(&written).unwrap(), expected);
}

fn stage() -> Vac {
    Vac {
        name: "ステージ".into(),
        x_file: "ステージ\\表参道.x".into(),
        scale: 10.0,
        position: [0.1, -2.25e-8, 1e20],
        rotation_degrees: [-0.0, 180.0, 33.333_332],
        parent_bone: Some("センター".into()),
    }
}

#[test]
fn japanese_names_round_trip_as_shift_jis() {
    let v = stage();
    let bytes = vac::write(&v);
    let (text, _, had_errors) = encoding_rs::SHIFT_JIS.decode(&bytes);
    assert!(!had_errors);
    assert!(
        text.starts_with("ステージ\r\nステージ\\表参道.x\r\n10.0\r\n"),
        "{text}"
    );
    let back = vac::read(&bytes).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.rotation_degrees[0].to_bits(), (-0.0f32).to_bits());
    assert!(vac::looks_like_vac(&bytes));

    let no_parent = Vac {
        parent_bone: None,
        ..stage()
    };
    let bytes = vac::write(&no_parent);
    assert!(bytes.ends_with(b"\r\n\r\n"), "an empty sixth line");
    assert_eq!(vac::read(&bytes).unwrap(), no_parent);
}

#[test]
fn lenient_forms() {
    // LF lines, spaces around values, no parent line, no final line break.
    let v = vac::read(b"  lamp \nlamp.X\n 2 \n1, 2 ,3\n0,0,0").unwrap();
    assert_eq!(
        v,
        Vac {
            name: "lamp".into(),
            x_file: "lamp.X".into(),
            scale: 2.0,
            position: [1.0, 2.0, 3.0],
            rotation_degrees: [0.0; 3],
            parent_bone: None,
        }
    );
    // Trailing blank lines, an empty parent line, and lines after the sixth.
    let v = vac::read(b"a\r\nb.x\r\n1\r\n0,0,0\r\n0,0,0\r\n\r\nextra\r\n").unwrap();
    assert_eq!(v.parent_bone, None);
    let v = vac::read(b"a\r\nb.x\r\n1\r\n0,0,0\r\n0,0,0\r\n\r\n\r\n").unwrap();
    assert_eq!(v.parent_bone, None);
    // A file re-saved as UTF-8 with a byte order mark.
    let v = vac::read("\u{feff}照明\nlight.x\n1\n0,0,0\n0,0,0\n頭\n".as_bytes()).unwrap();
    assert_eq!(
        (v.name.as_str(), v.parent_bone.as_deref()),
        ("照明", Some("頭"))
    );
}

#[test]
fn missing_or_garbled_numbers_name_the_line() {
    let e = vac::read(b"a\nb.x\nbig\n0,0,0\n0,0,0\n").unwrap_err();
    assert_eq!((e.format, e.offset), (Format::Vac, 6));
    assert_eq!(e.context, "line 3");
    assert!(e.to_string().contains("scale: expected a number"), "{e}");

    let e = vac::read(b"a\nb.x\n1\n0,0\n0,0,0\n").unwrap_err();
    assert_eq!(e.context, "line 4");
    assert!(
        e.to_string().contains("position: expected 3 numbers"),
        "{e}"
    );

    let e = vac::read(b"a\nb.x\n1\n0,0,0\n0,0,0,0\n").unwrap_err();
    assert_eq!(e.context, "line 5");

    let e = vac::read(b"a\nb.x\n1\n0,0,0\n").unwrap_err();
    assert_eq!(e.context, "line 5");
    assert!(
        matches!(&e.kind, ErrorKind::InvalidText(m) if m.contains("rotation")),
        "{e}"
    );
    assert_eq!(e.offset, 14, "the end of the file");
    assert!(vac::read(b"").is_err());
}

#[test]
fn line_breaks_in_names_are_written_as_spaces() {
    let v = Vac {
        name: "two\nlines".into(),
        ..stage()
    };
    let back = vac::read(&vac::write(&v)).unwrap();
    assert_eq!(back.name, "two lines");
    assert_eq!(back.x_file, stage().x_file);
}

#[test]
fn detected_by_content_only_when_nothing_else_matches() {
    let bytes = vac::write(&stage());
    assert_eq!(detect(&bytes), Some(Format::Vac));
    assert_eq!(detect(b"a\nb.txt\n1\n"), None);
    assert_eq!(detect(b"a\nb.x\nten\n"), None);
    assert_eq!(detect(b"xof 0303txt 0032"), Some(Format::X));
    // A pose whose second and third lines happen to look right is still a pose.
    assert_eq!(
        detect(b"Vocaloid Pose Data file\nm.x\n1;\n"),
        Some(Format::Vpd)
    );
}
