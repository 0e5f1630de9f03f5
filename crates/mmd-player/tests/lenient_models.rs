//! Models with references that point nowhere, as MMD opens them: the reader neutralises them
//! with warnings, the rig builds, the pose engine poses them with finite matrices, skinning
//! stays finite, and the player's scene loads them (PMX and PMD) with the warnings kept.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use glam::Vec3;
use mmd_format::FixedText;
use mmd_format::pmd::{self, Pmd};
use mmd_format::pmx::{self, *};
use mmd_format::vmd::{BoneKey, MorphKey, Vmd};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, SkinMesh, evaluate};
use mmd_scene::stage::scene::Scene;

fn bone(name: &str, y: f32, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        position: [0.0, y, 0.0],
        parent,
        flags: bone_flags::ROTATABLE | bone_flags::MOVABLE | bone_flags::VISIBLE,
        ..Bone::default()
    }
}

/// A leg-like chain (root, thigh, knee, ankle, an IK bone) with a mesh, morphs, physics and
/// display frames, where every kind of reference points nowhere at least once.
fn dangling_model() -> Pmx {
    use bone_flags::*;
    let mut bones = vec![
        bone("root", 0.0, -1),
        bone("thigh", 10.0, 0),
        bone("knee", 5.0, 1),
        bone("ankle", 1.0, 2),
        bone("leg IK", 1.0, 0),
        bone("lost", 3.0, 99),
    ];
    bones[1].flags |= TAIL_IS_BONE;
    bones[1].tail = BoneTail::Bone(44);
    bones[2].flags |= APPEND_ROTATE;
    bones[2].append = Some(Append {
        parent: 40,
        weight: 0.5,
    });
    bones[4].flags |= IK;
    bones[4].ik = Some(Ik {
        target: 3,
        loop_count: 40,
        limit_angle: 0.5,
        links: vec![
            IkLink {
                bone: 2,
                limit: Some(AngleLimit {
                    min: [-3.1, 0.0, 0.0],
                    max: [-0.01, 0.0, 0.0],
                }),
            },
            IkLink {
                bone: 30,
                limit: None,
            },
            IkLink {
                bone: 1,
                limit: None,
            },
        ],
    });
    bones[5].flags |= IK;
    bones[5].ik = Some(Ik {
        target: 77,
        loop_count: 1,
        limit_angle: 1.0,
        links: Vec::new(),
    });
    let vertices = (0..8)
        .map(|i| Vertex {
            position: [(i % 2) as f32, i as f32 * 1.5, 0.0],
            normal: [0.0, 0.0, -1.0],
            weight: match i {
                // A bone past the table, alone and blended.
                0 => Weight::Bdef1 { bone: 50 },
                1 => Weight::Bdef2 {
                    bones: [1, 60],
                    weight: 0.5,
                },
                2 => Weight::Sdef {
                    bones: [2, -9],
                    weight: 0.7,
                    c: [0.0, 3.0, 0.0],
                    r0: [0.0, 3.0, 0.0],
                    r1: [0.0, 3.0, 0.0],
                },
                _ => Weight::Bdef4 {
                    bones: [i % 4, 3, 8, 0],
                    weights: [0.4, 0.3, 0.2, 0.1],
                },
            },
            edge_scale: 1.0,
            ..Vertex::default()
        })
        .collect();
    let morph = |name: &str, offsets| Morph {
        name: name.into(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets,
    };
    Pmx {
        header: Header {
            bone_index_size: 1,
            ..Header::default()
        },
        name: "dangling".into(),
        vertices,
        faces: vec![[0, 1, 2], [2, 3, 4], [4, 5, 9], [5, 6, 7]],
        textures: vec!["skin.png".into()],
        materials: vec![Material {
            diffuse: [1.0; 4],
            texture: 9,
            sphere_texture: -1,
            toon: Toon::Texture(3),
            flags: material_flags::EDGE,
            edge_color: [0.0, 0.0, 0.0, 1.0],
            edge_size: 1.0,
            index_count: 12,
            ..Material::default()
        }],
        bones,
        morphs: vec![
            morph(
                "vertex",
                MorphOffsets::Vertex(vec![
                    VertexOffset {
                        vertex: 3,
                        offset: [0.0, 1.0, 0.0],
                    },
                    VertexOffset {
                        vertex: 800,
                        offset: [0.0, 1.0, 0.0],
                    },
                ]),
            ),
            morph(
                "bone",
                MorphOffsets::Bone(vec![
                    BoneOffset {
                        bone: 1,
                        translation: [0.0; 3],
                        rotation: [0.0, 0.0, 0.38, 0.92],
                    },
                    BoneOffset {
                        bone: 70,
                        translation: [1.0; 3],
                        rotation: [0.0, 0.0, 0.0, 1.0],
                    },
                ]),
            ),
            morph(
                "material",
                MorphOffsets::Material(vec![MaterialOffset {
                    material: 5,
                    ..MaterialOffset::default()
                }]),
            ),
            morph(
                "group",
                MorphOffsets::Group(vec![
                    GroupOffset {
                        morph: 1,
                        weight: 1.0,
                    },
                    GroupOffset {
                        morph: 12,
                        weight: 1.0,
                    },
                ]),
            ),
        ],
        display_frames: vec![DisplayFrame {
            name: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(0), DisplayElement::Bone(33)],
            ..DisplayFrame::default()
        }],
        rigid_bodies: vec![RigidBody {
            bone: 66,
            size: [1.0; 3],
            mass: 1.0,
            ..RigidBody::default()
        }],
        joints: vec![Joint {
            rigid_bodies: [0, 5],
            ..Joint::default()
        }],
        ..Pmx::default()
    }
}

/// The problems `dangling_model` holds, one warning each.
const DANGLING: usize = 23;

/// Bends the thigh, moves the IK bone and drives the group morph.
fn motion() -> Vmd {
    let key = |name: &str, frame, translation, rotation| BoneKey {
        name: FixedText::encode(name),
        frame,
        translation,
        rotation,
        interpolation: [20; 64],
    };
    Vmd {
        bone_keys: vec![
            key("thigh", 0, [0.0; 3], [0.0, 0.0, 0.0, 1.0]),
            key("thigh", 10, [0.0; 3], [0.3, 0.0, 0.0, 0.95]),
            key("leg IK", 0, [0.0; 3], [0.0, 0.0, 0.0, 1.0]),
            key("leg IK", 10, [0.0, 4.0, 2.0], [0.0, 0.0, 0.0, 1.0]),
        ],
        morph_keys: vec![
            MorphKey {
                name: FixedText::encode("group"),
                frame: 0,
                weight: 0.0,
            },
            MorphKey {
                name: FixedText::encode("group"),
                frame: 10,
                weight: 1.0,
            },
        ],
        ..Vmd::default()
    }
}

#[test]
fn a_model_with_dangling_references_poses_with_finite_matrices() {
    let bytes = pmx::write(&dangling_model()).unwrap();
    let pmx = pmx::read(&bytes).unwrap();
    assert_eq!(pmx.warnings.len(), DANGLING, "{:#?}", pmx.warnings);
    assert!(pmx.warnings.windows(2).all(|w| w[0].offset < w[1].offset));

    let (rig, _) = Rig::from_pmx(&pmx);
    assert_eq!(rig.bone_count(), 6);
    let vmd = motion();
    let motion = Motion::bind(&rig, &[&vmd]);
    let mesh = SkinMesh::from_pmx(&pmx);
    let mut pose = Pose::new(&rig);
    let mut vertices = Vec::new();
    for frame in [0.0, 2.5, 5.0, 10.0, 30.0] {
        evaluate(&rig, &motion, frame, &IkOverrides::new(&rig), &mut pose);
        for (b, (g, s)) in pose.globals.iter().zip(&pose.skinning).enumerate() {
            assert!(g.is_finite() && s.is_finite(), "frame {frame}: bone {b}");
        }
        assert!(pose.morph_weights.iter().all(|w| w.is_finite()));
        mesh.skin(&pose, &mut vertices);
        assert_eq!(vertices.len(), 8);
        assert!(vertices.iter().all(|v| v.is_finite()), "frame {frame}");
    }
    // The motion moved something: the thigh turned at frame 10.
    evaluate(&rig, &motion, 10.0, &IkOverrides::new(&rig), &mut pose);
    let thigh = rig.bone_index("thigh").unwrap();
    assert!(pose.globals[thigh].x_axis.truncate() != Vec3::X);
}

#[test]
fn the_scene_opens_a_model_with_dangling_references() {
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("dangling.pmx");
    std::fs::write(&path, pmx::write(&dangling_model()).unwrap()).unwrap();
    let scene = Scene::from_files(std::slice::from_ref(&path)).unwrap();
    let model = &scene.actors[0].model;
    assert_eq!(model.pmx.warnings.len(), DANGLING);
    // The reader's warnings come first in the model's, then what the rig found.
    for (shown, read) in model.warnings.iter().zip(&model.pmx.warnings) {
        assert_eq!(shown, &read.to_string());
    }
    assert!(
        model.warnings[0].starts_with("byte "),
        "{:?}",
        model.warnings
    );
}

#[test]
fn the_scene_opens_a_pmd_with_dangling_references() {
    let bone = |parent: u16| pmd::Bone {
        name: FixedText::encode("b"),
        parent,
        tail: 0,
        kind: pmd::bone_kind::ROTATE,
        ik_parent: 0,
        position: [0.0, 1.0, 0.0],
    };
    let model = Pmd {
        name: FixedText::encode("dangling"),
        vertices: vec![pmd::Vertex {
            bones: [0, 9],
            weight: 50,
            ..pmd::Vertex::default()
        }],
        bones: vec![bone(pmd::NO_BONE), bone(0), bone(12)],
        ..Pmd::default()
    };
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("dangling.pmd");
    std::fs::write(&path, pmd::write(&model).unwrap()).unwrap();
    let scene = Scene::from_files(std::slice::from_ref(&path)).unwrap();
    let warnings = &scene.actors[0].model.pmx.warnings;
    let messages: Vec<&str> = warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "vertex 0: bone index 9 out of range (3 bones); set to none",
            "bone 2: parent: bone index 12 out of range (3 bones); set to none",
        ]
    );
    assert_eq!(scene.actors[0].model.rig.bone_parent(2), None);
}
