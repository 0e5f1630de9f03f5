//! Physics-off keys bound to a rig: the latest key at or before a frame decides, per bone,
//! with physics on before the first key; checked on a motion written and read back as a VMD
//! and on babylon-mmd's toggle fixtures.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{bone, fixture, key, model, motion};
use glam::Quat;
use mmd_format::vmd::{self, Vmd};
use mmd_pose::{Motion, Rig};

/// `vmd` written to bytes and read back, as a file would come in.
fn through_file(vmd: &Vmd) -> Vmd {
    vmd::read(&vmd::write(vmd).unwrap()).unwrap()
}

fn hair_rig() -> Rig {
    let pmx = model(vec![
        bone("center", [0.0, 10.0, 0.0], -1),
        bone("hair", [0.0, 15.0, 0.0], 0),
        bone("skirt", [0.0, 8.0, 0.0], 0),
    ]);
    Rig::from_pmx(&pmx).0
}

fn toggle_key(name: &str, frame: u32, off: bool) -> mmd_format::vmd::BoneKey {
    let mut k = key(name, frame, [0.0; 3], Quat::IDENTITY);
    k.set_physics_off(off);
    k
}

#[test]
fn the_latest_key_at_or_before_the_frame_decides() {
    let rig = hair_rig();
    let vmd = through_file(&motion(vec![
        toggle_key("hair", 30, false),
        toggle_key("hair", 10, true),
        toggle_key("hair", 20, true),
        toggle_key("skirt", 5, false),
        key("center", 0, [1.0, 0.0, 0.0], Quat::IDENTITY),
    ]));
    let m = Motion::bind(&rig, &[&vmd]);
    assert!(m.has_physics_toggles());
    let hair = 1;
    for (frame, off) in [
        (0.0, false),
        (9.99, false),
        (10.0, true),
        (15.5, true),
        (20.0, true),
        (29.9, true),
        (30.0, false),
        (1e6, false),
        (-5.0, false),
        (f32::NAN, false),
    ] {
        assert_eq!(m.bone_physics_off(hair, frame), off, "hair at {frame}");
    }
    for frame in [0.0, 10.0, 25.0] {
        assert!(!m.bone_physics_off(0, frame), "center has no toggle");
        assert!(!m.bone_physics_off(2, frame), "skirt keys leave physics on");
        assert!(!m.bone_physics_off(99, frame), "out of range");
    }
}

#[test]
fn a_motion_without_off_keys_has_no_toggles() {
    let rig = hair_rig();
    let vmd = through_file(&motion(vec![
        toggle_key("hair", 0, false),
        key("center", 10, [0.0; 3], Quat::IDENTITY),
    ]));
    let m = Motion::bind(&rig, &[&vmd]);
    assert!(!m.has_physics_toggles());
    assert!(!m.bone_physics_off(1, 5.0));
}

#[test]
fn a_later_motion_overrides_the_same_frame() {
    let rig = hair_rig();
    let first = motion(vec![toggle_key("hair", 10, true)]);
    let second = motion(vec![toggle_key("hair", 10, false)]);
    let m = Motion::bind(&rig, &[&first, &second]);
    assert!(!m.bone_physics_off(1, 12.0));
    let m = Motion::bind(&rig, &[&second, &first]);
    assert!(m.bone_physics_off(1, 12.0));
}

/// A rig with the bones babylon-mmd's toggle motions key (YYB Miku's D1..D8 are not in the
/// fixtures, only the motion is).
fn d_rig() -> Rig {
    let bones = (1..=8)
        .map(|i| bone(&format!("D{i}"), [0.0, i as f32, 0.0], -1))
        .collect();
    Rig::from_pmx(&model(bones)).0
}

#[test]
fn v2_fixture_turns_d4_off_at_frame_21() {
    let Some(bytes) = fixture("babylon-mmd/physics_toggle_test_v2_yyb10th.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    let m = Motion::bind(&d_rig(), &[&vmd]);
    assert!(m.has_physics_toggles());
    let d4 = 3;
    assert!(!m.bone_physics_off(d4, 20.9));
    assert!(m.bone_physics_off(d4, 21.0));
    assert!(m.bone_physics_off(d4, 1000.0));
}

#[test]
fn full_fixture_switches_the_d_bones_off_from_frame_60() {
    let Some(bytes) = fixture("babylon-mmd/physics_toggle_test_yyb10th.vmd") else {
        return;
    };
    let vmd = vmd::read(&bytes).unwrap();
    let rig = d_rig();
    let m = Motion::bind(&rig, &[&vmd]);
    assert!(m.has_physics_toggles());
    // Every bone's state at each frame agrees with a plain scan of the file's keys.
    for bone in 0..rig.bone_count() {
        let name = format!("D{}", bone + 1);
        let mut keys: Vec<_> = vmd
            .bone_keys
            .iter()
            .filter(|k| k.name.decode() == name)
            .map(|k| (k.frame, k.physics_off()))
            .collect();
        keys.sort_by_key(|&(f, _)| f);
        for frame in 0..=m.last_frame() as u32 + 5 {
            let expected = keys
                .iter()
                .rev()
                .find(|&&(f, _)| f <= frame)
                .is_some_and(|&(_, off)| off);
            assert_eq!(
                m.bone_physics_off(bone, frame as f32),
                expected,
                "{name} {frame}"
            );
        }
    }
    for bone in [0, 1, 2, 3, 5, 7] {
        assert!(
            !m.bone_physics_off(bone, 59.0),
            "D{} on before 60",
            bone + 1
        );
        assert!(m.bone_physics_off(bone, 60.0), "D{} off at 60", bone + 1);
    }
}
