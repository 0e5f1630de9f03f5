//! The physics on/off mark in bone keys (bytes 2 and 3 of the interpolation block): read from
//! babylon-mmd's toggle fixtures, written and read back, and kept out of the curves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use mmd_format::FixedText;
use mmd_format::vmd::{self, BoneKey, Vmd};

use common::fixture;

/// (bone name, frame) of every key marked physics-off in a fixture, in file order.
fn marked(file: &str) -> Option<Vec<(String, u32)>> {
    let vmd = vmd::read(&fixture(file)?).unwrap();
    Some(
        vmd.bone_keys
            .iter()
            .filter(|k| k.physics_off())
            .map(|k| (k.name.decode(), k.frame))
            .collect(),
    )
}

#[test]
fn v2_fixture_turns_physics_off_on_the_last_key_only() {
    let Some(off) = marked("babylon-mmd/physics_toggle_test_v2_yyb10th.vmd") else {
        return;
    };
    assert_eq!(off, [("D4".to_owned(), 21)]);
}

#[test]
fn v3_fixture_has_no_physics_off_key() {
    let Some(off) = marked("babylon-mmd/physics_toggle_test_v3_yyb10th.vmd") else {
        return;
    };
    assert!(off.is_empty(), "{off:?}");
}

#[test]
fn full_fixture_marks_nine_keys_of_the_d_bones() {
    let Some(mut off) = marked("babylon-mmd/physics_toggle_test_yyb10th.vmd") else {
        return;
    };
    off.sort();
    let expected = [
        ("D1", 60),
        ("D2", 60),
        ("D3", 60),
        ("D4", 60),
        ("D4", 80),
        ("D4", 100),
        ("D6", 60),
        ("D8", 60),
        ("D8", 80),
    ]
    .map(|(n, f)| (n.to_owned(), f));
    assert_eq!(off, expected);
}

#[test]
fn the_mark_is_not_part_of_any_curve() {
    let Some(bytes) = fixture("babylon-mmd/physics_toggle_test_v2_yyb10th.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    // Frames 20 and 21 of D4 differ only by the mark.
    let (on, off) = (&vmd.bone_keys[1], &vmd.bone_keys[2]);
    assert!(!on.physics_off() && off.physics_off());
    for c in 0..4 {
        assert_eq!(on.curve(c), off.curve(c), "curve {c}");
    }
    let mut cleared = off.clone();
    cleared.set_physics_off(false);
    assert_eq!(cleared.interpolation, on.interpolation);
}

fn key(frame: u32, interpolation: [u8; 64]) -> BoneKey {
    BoneKey {
        name: FixedText::encode("髪"),
        frame,
        translation: [0.0; 3],
        rotation: [0.0, 0.0, 0.0, 1.0],
        interpolation,
    }
}

#[test]
fn only_the_exact_mark_means_off() {
    let linear: [u8; 64] = std::array::from_fn(|i| if i % 16 < 8 { 20 } else { 107 });
    // Writers before MMD's toggle repeat curve bytes in the first row.
    assert!(!key(0, linear).physics_off());
    let mut half = linear;
    half[2] = 0x63;
    half[3] = 0;
    assert!(!key(0, half).physics_off());
    let mut swapped = linear;
    swapped[2] = 0x0F;
    swapped[3] = 0x63;
    assert!(!key(0, swapped).physics_off());
    let mut marked = linear;
    marked[2] = 0x63;
    marked[3] = 0x0F;
    assert!(key(0, marked).physics_off());
}

#[test]
fn the_mark_round_trips_and_leaves_the_curves_alone() {
    let curves: [u8; 64] = std::array::from_fn(|i| (i as u8).wrapping_mul(11) % 128);
    let mut keys = Vec::new();
    for (frame, off) in [(0, false), (10, true), (20, false), (30, true)] {
        let mut k = key(frame, curves);
        k.set_physics_off(off);
        assert_eq!(k.physics_off(), off);
        for c in 0..4 {
            assert_eq!(k.curve(c), key(0, curves).curve(c), "curve {c}");
        }
        keys.push(k);
    }
    let vmd = Vmd {
        bone_keys: keys,
        ..Vmd::default()
    };
    let bytes = vmd::write(&vmd).unwrap();
    let back = vmd::read(&bytes).unwrap();
    assert_eq!(back, vmd);
    let offs: Vec<bool> = back.bone_keys.iter().map(BoneKey::physics_off).collect();
    assert_eq!(offs, [false, true, false, true]);
    assert_eq!(vmd::write(&back).unwrap(), bytes);
}
