//! Morphs pinned by the user replace the motion's weight before group morphs expand and bone
//! morphs apply, so pinning a group or bone morph acts like MMD's morph slider.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{bone, model};
use glam::{Quat, Vec3};
use mmd_format::FixedText;
use mmd_format::pmx::{BoneOffset, GroupOffset, Morph, MorphOffsets, MorphPanel, VertexOffset};
use mmd_format::vmd::{MorphKey, Vmd};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate, evaluate_with_morph_pins};

fn morph(name: &str, offsets: MorphOffsets) -> Morph {
    Morph {
        name: name.to_string(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets,
    }
}

/// Bone 1 swings about Z by the bone morph "swing"; "group" drives "swing" at half weight and
/// the vertex morph "smile" fully.
fn rig_with_morphs() -> Rig {
    let mut pmx = model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("arm", [0.0, 1.0, 0.0], 0),
    ]);
    let quarter_turn = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
    pmx.morphs = vec![
        morph(
            "swing",
            MorphOffsets::Bone(vec![BoneOffset {
                bone: 1,
                translation: [0.0, 0.5, 0.0],
                rotation: quarter_turn.to_array(),
            }]),
        ),
        morph(
            "smile",
            MorphOffsets::Vertex(vec![VertexOffset {
                vertex: 0,
                offset: [0.0, 1.0, 0.0],
            }]),
        ),
        morph(
            "group",
            MorphOffsets::Group(vec![
                GroupOffset {
                    morph: 0,
                    weight: 0.5,
                },
                GroupOffset {
                    morph: 1,
                    weight: 1.0,
                },
            ]),
        ),
    ];
    let (rig, warnings) = Rig::from_pmx(&pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    rig
}

fn smile_motion(weight: f32) -> Vmd {
    Vmd {
        morph_keys: vec![MorphKey {
            name: FixedText::encode("smile"),
            frame: 0,
            weight,
        }],
        ..Vmd::default()
    }
}

fn arm_rotation(pose: &Pose) -> Quat {
    Quat::from_mat4(&pose.globals[1])
}

#[test]
fn a_pinned_morph_replaces_the_motions_weight() {
    let rig = rig_with_morphs();
    let vmd = smile_motion(0.8);
    let motion = Motion::bind(&rig, &[&vmd]);
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);
    evaluate(&rig, &motion, 0.0, &overrides, &mut pose);
    assert_eq!(pose.morph_weights[1], 0.8);
    evaluate_with_morph_pins(
        &rig,
        &motion,
        0.0,
        &overrides,
        &[None, Some(0.25)],
        &mut pose,
    );
    assert_eq!(pose.morph_weights[1], 0.25);
    assert_eq!(
        pose.morph_weights[0], 0.0,
        "unpinned morphs follow the motion"
    );
}

#[test]
fn a_pinned_group_morph_drives_its_members_and_their_bones() {
    let rig = rig_with_morphs();
    let motion = Motion::bind(&rig, &[]);
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);
    evaluate_with_morph_pins(
        &rig,
        &motion,
        0.0,
        &overrides,
        &[None, None, Some(1.0)],
        &mut pose,
    );
    assert_eq!(pose.morph_weights, vec![0.5, 1.0, 1.0]);
    let eighth_turn = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4);
    assert!(
        arm_rotation(&pose).abs_diff_eq(eighth_turn, 1e-6),
        "the group's half-weight bone morph turns the arm by 45°"
    );
    let arm_position = pose.globals[1].w_axis.truncate();
    assert!((arm_position - Vec3::new(0.0, 1.25, 0.0)).length() < 1e-5);
}

#[test]
fn a_pinned_bone_morph_moves_its_bone_and_unpinning_restores_the_rest_pose() {
    let rig = rig_with_morphs();
    let motion = Motion::bind(&rig, &[]);
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);
    evaluate_with_morph_pins(&rig, &motion, 0.0, &overrides, &[Some(1.0)], &mut pose);
    let quarter_turn = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
    assert!(
        arm_rotation(&pose).abs_diff_eq(quarter_turn, 1e-6),
        "{:?} {:?}",
        arm_rotation(&pose),
        pose.morph_weights
    );
    evaluate_with_morph_pins(&rig, &motion, 0.0, &overrides, &[None], &mut pose);
    assert_eq!(arm_rotation(&pose), Quat::IDENTITY);
}
