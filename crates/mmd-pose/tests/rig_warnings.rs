//! Malformed references become warnings and are neutralised: no panic, no endless loop.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use glam::Quat;
use mmd_format::pmx::{GroupOffset, Morph, MorphOffsets, MorphPanel, bone_flags};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};

fn evaluate_once(rig: &Rig) -> Pose {
    let mut pose = Pose::new(rig);
    evaluate(
        rig,
        &Motion::bind(rig, &[]),
        0.0,
        &IkOverrides::new(rig),
        &mut pose,
    );
    assert!(pose.globals.iter().all(|m| m.is_finite()));
    pose
}

#[test]
fn bad_parents_become_roots() {
    let pmx = model(vec![
        bone("a", [0.0, 1.0, 0.0], 9000),
        bone("b", [0.0, 2.0, 0.0], 2),
        bone("c", [0.0, 3.0, 0.0], 1),
        bone("d", [0.0, 4.0, 0.0], 3),
    ]);
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert_eq!(rig.bone_parent(0), None);
    // b -> c -> b: one of the two is cut loose, the other keeps it as parent.
    assert!(rig.bone_parent(1).is_none() != rig.bone_parent(2).is_none());
    assert_eq!(rig.bone_parent(3), None);
    evaluate_once(&rig);
}

#[test]
fn parent_with_a_larger_index_is_ready_first() {
    let pmx = model(vec![
        bone("child", [1.0, 1.0, 0.0], 1),
        bone("parent", [1.0, 0.0, 0.0], -1),
    ]);
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert!(warnings.is_empty());
    let vmd = motion(vec![key(
        "parent",
        0,
        [0.0; 3],
        Quat::from_rotation_z(std::f32::consts::FRAC_PI_2),
    )]);
    let mut pose = Pose::new(&rig);
    evaluate(
        &rig,
        &Motion::bind(&rig, &[&vmd]),
        0.0,
        &IkOverrides::new(&rig),
        &mut pose,
    );
    let child = pose.globals[0].w_axis.truncate();
    assert!(
        child.abs_diff_eq(glam::Vec3::new(0.0, 0.0, 0.0), 1e-6),
        "{child}"
    );
}

#[test]
fn append_cycles_and_bad_sources_are_dropped() {
    let flags = bone_flags::APPEND_ROTATE;
    let pmx = model(vec![
        append_bone("a", [0.0; 3], -1, 1, 1.0, flags),
        append_bone("b", [0.0; 3], -1, 0, 1.0, flags),
        append_bone("c", [0.0; 3], -1, 77, 1.0, flags),
        append_bone("d", [0.0; 3], -1, 3, 1.0, flags),
    ]);
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    evaluate_once(&rig);
}

#[test]
fn bad_ik_definitions_are_neutralised() {
    let mut pmx = leg();
    // Target is the IK bone itself: the solver is dropped.
    pmx.bones
        .push(ik_bone("selfIK", [0.0; 3], 0, 5, vec![(1, None)], 10, 1.0));
    // Target out of range: dropped.
    pmx.bones
        .push(ik_bone("farIK", [0.0; 3], 0, 500, vec![(1, None)], 10, 1.0));
    // A link equal to the target, one out of range, one equal to the IK bone: links dropped.
    pmx.bones.push(ik_bone(
        "oddIK",
        [0.0; 3],
        0,
        3,
        vec![(3, None), (-5, None), (7, None), (2, None)],
        10,
        1.0,
    ));
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert_eq!(warnings.len(), 5, "{warnings:?}");
    assert_eq!(rig.ik_bones().collect::<Vec<_>>(), [4, 7]);
    assert_eq!(rig.ik_chain(1), (7, 3, vec![2]));
    evaluate_once(&rig);
}

#[test]
fn group_morph_cycles_are_cut_and_groups_expand() {
    let group = |name: &str, members: &[(i32, f32)]| Morph {
        name: name.to_string(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Group(
            members
                .iter()
                .map(|&(morph, weight)| GroupOffset { morph, weight })
                .collect(),
        ),
    };
    let mut pmx = leg();
    pmx.morphs = vec![
        group("g1", &[(1, 0.5), (2, 1.0)]),
        group("g2", &[(0, 1.0), (3, 2.0)]),
        Morph {
            name: "v".to_string(),
            name_en: String::new(),
            panel: MorphPanel::Eye,
            offsets: MorphOffsets::Vertex(vec![]),
        },
        Morph {
            name: "w".to_string(),
            name_en: String::new(),
            panel: MorphPanel::Eye,
            offsets: MorphOffsets::Vertex(vec![]),
        },
        group("bad", &[(99, 1.0)]),
    ];
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    let mut vmd = motion(vec![]);
    vmd.morph_keys.push(mmd_format::vmd::MorphKey {
        name: mmd_format::FixedText::encode("g1"),
        frame: 0,
        weight: 0.8,
    });
    let mut pose = Pose::new(&rig);
    evaluate(
        &rig,
        &Motion::bind(&rig, &[&vmd]),
        0.0,
        &IkOverrides::new(&rig),
        &mut pose,
    );
    // g1 (0.8) drives g2 at 0.4 and v at 0.8; g2 drives w at 0.8; g2 -> g1 closes the cycle.
    assert_eq!(pose.morph_weights[..4], [0.8, 0.4, 0.8, 0.8]);
    assert_eq!(rig.morph_index("w"), Some(3));
}
