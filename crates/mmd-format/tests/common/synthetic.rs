//! A small synthetic PMX with something in every table, for tests that change one value and
//! check how the reader takes it.

use mmd_format::pmx::*;

pub fn bone(name: &str, parent: i32) -> Bone {
    Bone {
        name: name.into(),
        parent,
        flags: bone_flags::ROTATABLE | bone_flags::VISIBLE,
        ..Bone::default()
    }
}

pub fn morph(name: &str, offsets: MorphOffsets) -> Morph {
    Morph {
        name: name.into(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets,
    }
}

/// A valid PMX 2.1 with two-byte indices and something in every table: 4 vertices, 3 faces
/// (material 0 draws face 0, material 1 faces 1 and 2), 2 textures, 4 bones (bone 1 with a
/// tail bone and an append parent, bone 3 an IK bone), a morph of every indexed kind,
/// a display frame, 2 rigid bodies, a joint and a soft body.
pub fn model() -> Pmx {
    use bone_flags::*;
    let mut bones: Vec<Bone> = (0..4).map(|i| bone(&format!("b{i}"), i - 1)).collect();
    bones[1].flags |= TAIL_IS_BONE | APPEND_ROTATE;
    bones[1].tail = BoneTail::Bone(2);
    bones[1].append = Some(Append {
        parent: 0,
        weight: 0.5,
    });
    bones[3].flags |= IK;
    bones[3].ik = Some(Ik {
        target: 2,
        loop_count: 10,
        limit_angle: 1.0,
        links: vec![
            IkLink {
                bone: 1,
                limit: None,
            },
            IkLink {
                bone: 0,
                limit: None,
            },
        ],
    });
    Pmx {
        header: Header {
            version: 2.1,
            encoding: TextEncoding::Utf8,
            additional_uv_count: 1,
            vertex_index_size: 2,
            texture_index_size: 2,
            material_index_size: 2,
            bone_index_size: 2,
            morph_index_size: 2,
            rigid_body_index_size: 2,
            ..Header::default()
        },
        name: "lenient".into(),
        vertices: (0..4)
            .map(|i| Vertex {
                position: [i as f32, 1.0, 0.0],
                weight: Weight::Bdef2 {
                    bones: [i, 3 - i],
                    weight: 0.5,
                },
                ..Vertex::default()
            })
            .collect(),
        faces: vec![[0, 1, 2], [1, 2, 3], [2, 3, 0]],
        textures: vec!["a.png".into(), "b.png".into()],
        materials: vec![
            Material {
                texture: 1,
                sphere_texture: -1,
                index_count: 3,
                ..Material::default()
            },
            Material {
                texture: 0,
                sphere_texture: 1,
                sphere_mode: SphereMode::Multiply,
                toon: Toon::Texture(0),
                index_count: 6,
                ..Material::default()
            },
        ],
        bones,
        morphs: vec![
            morph(
                "group",
                MorphOffsets::Group(vec![GroupOffset {
                    morph: 1,
                    weight: 1.0,
                }]),
            ),
            morph(
                "vertex",
                MorphOffsets::Vertex(vec![
                    VertexOffset {
                        vertex: 3,
                        offset: [0.0, 1.0, 0.0],
                    },
                    VertexOffset {
                        vertex: 1,
                        offset: [0.0, 2.0, 0.0],
                    },
                ]),
            ),
            morph(
                "bone",
                MorphOffsets::Bone(vec![BoneOffset {
                    bone: 3,
                    translation: [0.0; 3],
                    rotation: [0.0, 0.0, 0.0, 1.0],
                }]),
            ),
            morph(
                "material",
                MorphOffsets::Material(vec![MaterialOffset {
                    material: 1,
                    ..MaterialOffset::default()
                }]),
            ),
            morph(
                "uv1",
                MorphOffsets::Uv {
                    channel: 1,
                    offsets: vec![UvOffset {
                        vertex: 2,
                        offset: [0.5; 4],
                    }],
                },
            ),
            morph(
                "impulse",
                MorphOffsets::Impulse(vec![ImpulseOffset {
                    rigid_body: 1,
                    local: false,
                    velocity: [0.0; 3],
                    torque: [0.0; 3],
                }]),
            ),
        ],
        display_frames: vec![DisplayFrame {
            name: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(0), DisplayElement::Morph(1)],
            ..DisplayFrame::default()
        }],
        rigid_bodies: vec![
            RigidBody {
                bone: 0,
                ..RigidBody::default()
            },
            RigidBody {
                bone: 3,
                ..RigidBody::default()
            },
        ],
        joints: vec![Joint {
            rigid_bodies: [0, 1],
            ..Joint::default()
        }],
        soft_bodies: vec![SoftBody {
            material: 1,
            anchors: vec![SoftBodyAnchor {
                rigid_body: 1,
                vertex: 3,
                near_mode: 0,
            }],
            pins: vec![2, 3],
            ..SoftBody::default()
        }],
        ..Pmx::default()
    }
}
