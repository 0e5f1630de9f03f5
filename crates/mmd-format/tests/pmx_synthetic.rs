//! Models built here and written with the crate's own writer, covering what no fixture has:
//! QDEF, flip and impulse morphs, every index size with its boundary values, UTF-8 with every
//! section non-empty, PMX 2.1 joints of every kind and soft bodies with anchors and pins. A
//! hand-assembled 2.1 file pins the byte layout of those parts independently of the writer.

use mmd_format::pmx::*;
use mmd_format::{ErrorKind, JointConstraint};

/// `read(write(m)) == m`, and writing what was read gives the same bytes again.
fn round_trip(m: &Pmx) -> Vec<u8> {
    let bytes = write(m).unwrap_or_else(|e| panic!("write: {e}"));
    let back = read(&bytes).unwrap_or_else(|e| panic!("read: {e}"));
    assert!(back == *m, "read(write(m)) != m");
    assert_eq!(write(&back).expect("rewrite"), bytes);
    bytes
}

fn header(version: f32, encoding: TextEncoding, additional_uv_count: u8, size: u8) -> Header {
    Header {
        version,
        encoding,
        additional_uv_count,
        vertex_index_size: size,
        texture_index_size: size,
        material_index_size: size,
        bone_index_size: size,
        morph_index_size: size,
        rigid_body_index_size: size,
        extra_globals: Vec::new(),
    }
}

fn vertex(i: usize, weight: Weight, additional_uv_count: u8) -> Vertex {
    let f = i as f32;
    let mut additional_uvs = [[0.0; 4]; 4];
    for (k, uv) in additional_uvs
        .iter_mut()
        .take(usize::from(additional_uv_count))
        .enumerate()
    {
        *uv = [f, k as f32, -f, 0.5];
    }
    Vertex {
        position: [f, f * 0.5, -f],
        normal: [0.0, 1.0, 0.0],
        uv: [f * 0.1, 1.0 - f * 0.1],
        additional_uvs,
        weight,
        edge_scale: 1.0 + f,
    }
}

fn bone(name: &str, parent: i32) -> Bone {
    Bone {
        name: name.to_owned(),
        name_en: format!("{name} en"),
        position: [0.0, parent as f32 + 1.0, 0.0],
        parent,
        flags: bone_flags::ROTATABLE | bone_flags::VISIBLE | bone_flags::OPERABLE,
        ..Bone::default()
    }
}

/// A model with every section non-empty, every weight type, every bone flag and every morph
/// kind. Joints of every kind and soft bodies only for 2.1.
fn full_model(header: Header) -> Pmx {
    use bone_flags::*;
    let v21 = (header.version - 2.1).abs() < 1e-3;
    let n_uv = header.additional_uv_count;
    let vertices = vec![
        vertex(0, Weight::Bdef1 { bone: 0 }, n_uv),
        vertex(
            1,
            Weight::Bdef2 {
                bones: [0, 1],
                weight: 0.25,
            },
            n_uv,
        ),
        vertex(
            2,
            Weight::Bdef4 {
                bones: [0, 1, 2, -1],
                weights: [0.5, 0.25, 0.25, 0.0],
            },
            n_uv,
        ),
        vertex(
            3,
            Weight::Sdef {
                bones: [1, 2],
                weight: 0.75,
                c: [0.0, 1.0, 0.0],
                r0: [0.0, 1.5, 0.0],
                r1: [0.0, 0.5, 0.0],
            },
            n_uv,
        ),
        vertex(
            4,
            Weight::Qdef {
                bones: [2, 1, -1, -1],
                weights: [0.6, 0.4, 0.0, 0.0],
            },
            n_uv,
        ),
    ];
    let materials = vec![
        Material {
            name: "体".into(),
            name_en: "body".into(),
            diffuse: [1.0, 0.9, 0.8, 1.0],
            specular: [0.1, 0.1, 0.1],
            specular_power: 5.0,
            ambient: [0.5, 0.45, 0.4],
            flags: material_flags::DOUBLE_SIDED | material_flags::EDGE,
            edge_color: [0.0, 0.0, 0.0, 1.0],
            edge_size: 1.0,
            texture: 0,
            sphere_texture: 1,
            sphere_mode: SphereMode::SubTexture,
            toon: Toon::Shared(9),
            memo: "メモ".into(),
            index_count: 3,
        },
        Material {
            name: "髪".into(),
            texture: -1,
            sphere_texture: -1,
            sphere_mode: SphereMode::Add,
            toon: Toon::Texture(1),
            index_count: 3,
            ..Material::default()
        },
    ];
    let bones = vec![
        Bone {
            flags: bone("全ての親", -1).flags | MOVABLE | TAIL_IS_BONE,
            tail: BoneTail::Bone(1),
            ..bone("全ての親", -1)
        },
        Bone {
            flags: bone("腕", 0).flags
                | APPEND_ROTATE
                | APPEND_TRANSLATE
                | APPEND_LOCAL
                | FIXED_AXIS,
            tail: BoneTail::Offset([0.0, 0.5, 0.0]),
            append: Some(Append {
                parent: 0,
                weight: -0.5,
            }),
            fixed_axis: Some([1.0, 0.0, 0.0]),
            ..bone("腕", 0)
        },
        Bone {
            flags: bone("手", 1).flags | LOCAL_AXIS | AFTER_PHYSICS | EXTERNAL_PARENT,
            deform_depth: 1,
            local_axis: Some(LocalAxis {
                x: [1.0, 0.0, 0.0],
                z: [0.0, 0.0, 1.0],
            }),
            external_parent_key: Some(7),
            ..bone("手", 1)
        },
        Bone {
            flags: bone("手IK", 0).flags | MOVABLE | IK | TAIL_IS_BONE,
            tail: BoneTail::Bone(-1),
            ik: Some(Ik {
                target: 2,
                loop_count: 40,
                limit_angle: 0.5,
                links: vec![
                    IkLink {
                        bone: 1,
                        limit: Some(AngleLimit {
                            min: [-3.0, 0.0, 0.0],
                            max: [-0.008, 0.0, 0.0],
                        }),
                    },
                    IkLink {
                        bone: 0,
                        limit: None,
                    },
                ],
            }),
            ..bone("手IK", 0)
        },
        Bone {
            // Append translate only, with no source (-1).
            flags: bone("追加", 3).flags | APPEND_TRANSLATE,
            append: Some(Append {
                parent: -1,
                weight: 1.0,
            }),
            ..bone("追加", 3)
        },
    ];
    let mut morphs = vec![
        Morph {
            name: "グループ".into(),
            name_en: "group".into(),
            panel: MorphPanel::Other,
            offsets: MorphOffsets::Group(vec![
                GroupOffset {
                    morph: 1,
                    weight: 0.5,
                },
                GroupOffset {
                    morph: 2,
                    weight: 1.0,
                },
            ]),
        },
        Morph {
            name: "あ".into(),
            name_en: "a".into(),
            panel: MorphPanel::Mouth,
            offsets: MorphOffsets::Vertex(vec![VertexOffset {
                vertex: 4,
                offset: [0.0, -0.1, 0.0],
            }]),
        },
        Morph {
            name: "ボーン".into(),
            name_en: "bone".into(),
            panel: MorphPanel::Eyebrow,
            offsets: MorphOffsets::Bone(vec![BoneOffset {
                bone: 2,
                translation: [0.0, 0.1, 0.0],
                rotation: [0.0, 0.0, 0.38268343, 0.9238795],
            }]),
        },
    ];
    for channel in 0..=4 {
        morphs.push(Morph {
            name: format!("UV{channel}"),
            name_en: String::new(),
            panel: MorphPanel::Eye,
            offsets: MorphOffsets::Uv {
                channel,
                offsets: vec![UvOffset {
                    vertex: u32::from(channel),
                    offset: [0.1, 0.2, 0.3, 0.4],
                }],
            },
        });
    }
    morphs.push(Morph {
        name: "材質".into(),
        name_en: "material".into(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Material(vec![
            MaterialOffset {
                material: -1,
                op: MaterialOp::Multiply,
                diffuse: [1.0, 1.0, 1.0, 0.0],
                ..MaterialOffset::default()
            },
            MaterialOffset {
                material: 1,
                op: MaterialOp::Add,
                diffuse: [0.1, 0.2, 0.3, 0.4],
                specular: [0.5, 0.6, 0.7],
                specular_power: 0.8,
                ambient: [0.9, 1.0, 1.1],
                edge_color: [1.2, 1.3, 1.4, 1.5],
                edge_size: 1.6,
                texture_tint: [1.7, 1.8, 1.9, 2.0],
                sphere_tint: [2.1, 2.2, 2.3, 2.4],
                toon_tint: [2.5, 2.6, 2.7, 2.8],
            },
        ]),
    });
    morphs.push(Morph {
        name: "フリップ".into(),
        name_en: "flip".into(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Flip(vec![
            GroupOffset {
                morph: 0,
                weight: 1.0,
            },
            GroupOffset {
                morph: 1,
                weight: 0.5,
            },
        ]),
    });
    morphs.push(Morph {
        name: "インパルス".into(),
        name_en: "impulse".into(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Impulse(vec![
            ImpulseOffset {
                rigid_body: 2,
                local: true,
                velocity: [0.0, 1.0, 0.0],
                torque: [0.1, 0.0, 0.0],
            },
            ImpulseOffset {
                rigid_body: 0,
                local: false,
                velocity: [0.0, 0.0, -1.0],
                torque: [0.0; 3],
            },
        ]),
    });
    let display_frames = vec![
        DisplayFrame {
            name: "Root".into(),
            name_en: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(0)],
        },
        DisplayFrame {
            name: "表情".into(),
            name_en: "Exp".into(),
            special: true,
            elements: vec![DisplayElement::Morph(1), DisplayElement::Morph(10)],
        },
        DisplayFrame {
            name: "腕".into(),
            name_en: "Arm".into(),
            special: false,
            elements: vec![DisplayElement::Bone(1), DisplayElement::Bone(3)],
        },
    ];
    let shapes = [RigidShape::Sphere, RigidShape::Box, RigidShape::Capsule];
    let modes = [
        PhysicsMode::FollowBone,
        PhysicsMode::Physics,
        PhysicsMode::PhysicsWithBone,
    ];
    let rigid_bodies = (0..3)
        .map(|i| RigidBody {
            name: format!("剛体{i}"),
            name_en: format!("body {i}"),
            bone: if i == 2 { -1 } else { i },
            group: i as u8,
            non_collision_mask: 0xFFFE,
            shape: shapes[i as usize],
            size: [0.5, 1.0, 1.5],
            position: [0.0, i as f32, 0.0],
            rotation: [0.0, 0.0, 0.1],
            mass: 1.0,
            linear_damping: 0.5,
            angular_damping: 0.5,
            restitution: 0.0,
            friction: 0.5,
            mode: modes[i as usize],
        })
        .collect();
    let kinds: &[JointKind] = if v21 {
        &[
            JointKind::Spring6Dof,
            JointKind::SixDof,
            JointKind::PointToPoint,
            JointKind::ConeTwist,
            JointKind::Slider,
            JointKind::Hinge,
        ]
    } else {
        &[JointKind::Spring6Dof]
    };
    let joints = kinds
        .iter()
        .enumerate()
        .map(|(i, &kind)| Joint {
            name: format!("J{i}"),
            name_en: format!("joint {i}"),
            kind,
            rigid_bodies: [i as i32 % 3, if i == 0 { -1 } else { 1 }],
            constraint: JointConstraint {
                position: [1.0, 2.0, 3.0],
                rotation: [0.1, 0.2, 0.3],
                position_min: [-1.0; 3],
                position_max: [1.0; 3],
                rotation_min: [-0.5; 3],
                rotation_max: [0.5; 3],
                spring_position: [10.0; 3],
                spring_rotation: [20.0; 3],
            },
        })
        .collect();
    let soft_bodies = if v21 {
        vec![
            SoftBody {
                name: "スカート".into(),
                name_en: "skirt".into(),
                shape: SoftBodyShape::TriMesh,
                material: 1,
                group: 3,
                non_collision_mask: 0x00FF,
                flags: 0b101,
                b_link_distance: 2,
                cluster_count: 4,
                total_mass: 1.5,
                collision_margin: 0.05,
                aero_model: 1,
                config: std::array::from_fn(|k| k as f32 * 0.25),
                cluster: std::array::from_fn(|k| 1.0 + k as f32),
                iterations: [1, 2, 3, 4],
                material_coefficients: [0.9, 0.8, 0.7],
                anchors: vec![
                    SoftBodyAnchor {
                        rigid_body: 0,
                        vertex: 4,
                        near_mode: 1,
                    },
                    SoftBodyAnchor {
                        rigid_body: 2,
                        vertex: 0,
                        near_mode: 0,
                    },
                ],
                pins: vec![1, 3],
            },
            SoftBody {
                name: "紐".into(),
                shape: SoftBodyShape::Rope,
                material: -1,
                ..SoftBody::default()
            },
        ]
    } else {
        Vec::new()
    };
    Pmx {
        header,
        name: "合成モデル".into(),
        name_en: "synthetic model".into(),
        comment: "コメント\r\n二行目".into(),
        comment_en: "comment".into(),
        vertices,
        faces: vec![[0, 1, 2], [2, 3, 4]],
        textures: vec!["tex\\体.png".into(), "sph\\光.spa".into()],
        materials,
        bones,
        morphs,
        display_frames,
        rigid_bodies,
        joints,
        soft_bodies,
        warnings: Vec::new(),
    }
}

#[test]
fn utf8_every_section() {
    let m = full_model(header(2.0, TextEncoding::Utf8, 4, 2));
    let bytes = round_trip(&m);
    assert_eq!(&bytes[..4], b"PMX ");
    assert_eq!(bytes[8..17], [8, 1, 4, 2, 2, 2, 2, 2, 2]);
    // UTF-8 text is stored as is: the model name follows the header.
    let name = "合成モデル".as_bytes();
    assert_eq!(bytes[17..21], (name.len() as i32).to_le_bytes());
    assert_eq!(&bytes[21..21 + name.len()], name);
    for m in &m.morphs {
        assert!(!m.name.is_empty(), "{}", m.offsets.kind_name());
    }
}

#[test]
fn utf16_every_section_with_every_uv_count() {
    for n_uv in 0..=4 {
        let m = full_model(header(2.0, TextEncoding::Utf16Le, n_uv, 1));
        let bytes = round_trip(&m);
        let name: Vec<u8> = "合成モデル"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(bytes[17..21], (name.len() as i32).to_le_bytes());
        assert_eq!(&bytes[21..21 + name.len()], &name[..]);
    }
}

#[test]
fn pmx21_every_joint_kind_soft_bodies_qdef_flip_impulse_index_size_4() {
    let m = full_model(header(2.1, TextEncoding::Utf16Le, 1, 4));
    assert_eq!(m.joints.len(), 6);
    round_trip(&m);
    let m = full_model(header(2.1, TextEncoding::Utf8, 0, 2));
    round_trip(&m);
}

#[test]
fn extra_globals_are_kept() {
    let mut h = header(2.0, TextEncoding::Utf16Le, 0, 4);
    h.extra_globals = vec![9, 8, 7];
    let m = Pmx {
        header: h,
        ..Pmx::default()
    };
    let bytes = round_trip(&m);
    assert_eq!(bytes[8..20], [11, 0, 0, 4, 4, 4, 4, 4, 4, 9, 8, 7]);
}

/// A model with `vertex_count` vertices and `bone_count` bones whose last vertex and last
/// bone are used everywhere an index of their kind can appear.
fn boundary_model(size: u8, vertex_count: usize, bone_count: usize) -> Pmx {
    let last_v = (vertex_count - 1) as u32;
    let last_b = (bone_count - 1) as i32;
    let mut vertices = vec![Vertex::default(); vertex_count];
    vertices[0].weight = Weight::Bdef4 {
        bones: [last_b, -1, 0, last_b],
        weights: [0.5, 0.0, 0.25, 0.25],
    };
    vertices[vertex_count - 1].weight = Weight::Bdef1 { bone: last_b };
    let mut bones: Vec<Bone> = (0..bone_count).map(|i| bone("b", i as i32 - 1)).collect();
    bones[0] = Bone {
        flags: bones[0].flags | bone_flags::TAIL_IS_BONE | bone_flags::IK,
        tail: BoneTail::Bone(last_b),
        ik: Some(Ik {
            target: last_b,
            loop_count: 1,
            limit_angle: 1.0,
            links: vec![IkLink {
                bone: last_b,
                limit: None,
            }],
        }),
        ..bones[0].clone()
    };
    Pmx {
        header: header(2.0, TextEncoding::Utf16Le, 0, size),
        vertices,
        faces: vec![[last_v, 0, last_v]],
        materials: vec![Material {
            texture: -1,
            sphere_texture: -1,
            index_count: 3,
            ..Material::default()
        }],
        bones,
        morphs: vec![
            Morph {
                name: "v".into(),
                name_en: String::new(),
                panel: MorphPanel::Other,
                offsets: MorphOffsets::Vertex(vec![VertexOffset {
                    vertex: last_v,
                    offset: [1.0; 3],
                }]),
            },
            Morph {
                name: "b".into(),
                name_en: String::new(),
                panel: MorphPanel::Other,
                offsets: MorphOffsets::Bone(vec![BoneOffset {
                    bone: last_b,
                    translation: [1.0; 3],
                    rotation: [0.0, 0.0, 0.0, 1.0],
                }]),
            },
        ],
        display_frames: vec![DisplayFrame {
            name: "Root".into(),
            special: true,
            elements: vec![DisplayElement::Bone(last_b)],
            ..DisplayFrame::default()
        }],
        rigid_bodies: vec![RigidBody {
            bone: last_b,
            ..RigidBody::default()
        }],
        ..Pmx::default()
    }
}

/// Offset of the face indices: header, four empty names, the vertices and the face count.
fn faces_offset(m: &Pmx) -> usize {
    let weights: usize = m
        .vertices
        .iter()
        .map(|v| match v.weight {
            Weight::Bdef1 { .. } => usize::from(m.header.bone_index_size),
            _ => 4 * usize::from(m.header.bone_index_size) + 16,
        })
        .sum();
    17 + 4 * 4 + 4 + m.vertices.len() * (32 + 1 + 4) + weights + 4
}

#[test]
fn index_size_1_boundaries() {
    // Vertex indices are unsigned in one byte (255), bone indices signed (127, -1 = 0xFF).
    let m = boundary_model(1, 256, 128);
    let bytes = round_trip(&m);
    let at = faces_offset(&m);
    assert_eq!(bytes[at - 4..at], 3i32.to_le_bytes());
    assert_eq!(bytes[at..at + 3], [0xFF, 0x00, 0xFF]);
    // The first vertex's BDEF4 bones: 127, -1, 0, 127.
    let v0 = 17 + 16 + 4 + 32 + 1;
    assert_eq!(bytes[v0..v0 + 4], [0x7F, 0xFF, 0x00, 0x7F]);

    let mut too_many = m.clone();
    too_many.vertices.push(Vertex::default());
    too_many.faces[0][1] = 256;
    assert_unwritable(&too_many, "vertex index 256");
    let mut too_many = m.clone();
    too_many.bones.push(bone("extra", 0));
    too_many.bones[0].ik.as_mut().expect("IK").links[0].bone = 128;
    assert_unwritable(&too_many, "bone index 128");
}

#[test]
fn index_size_2_boundaries() {
    // Vertex indices are unsigned in two bytes (65535), bone indices signed (32767).
    let m = boundary_model(2, 65536, 32768);
    let bytes = round_trip(&m);
    let at = faces_offset(&m);
    assert_eq!(bytes[at..at + 6], [0xFF, 0xFF, 0x00, 0x00, 0xFF, 0xFF]);
    let v0 = 17 + 16 + 4 + 32 + 1;
    assert_eq!(
        bytes[v0..v0 + 8],
        [0xFF, 0x7F, 0xFF, 0xFF, 0x00, 0x00, 0xFF, 0x7F]
    );

    let mut too_many = m.clone();
    too_many.vertices.push(Vertex::default());
    too_many.faces[0][1] = 65536;
    assert_unwritable(&too_many, "vertex index 65536");
    let mut too_many = m;
    too_many.bones.push(bone("extra", 0));
    too_many.rigid_bodies[0].bone = 32768;
    assert_unwritable(&too_many, "bone index 32768");
}

#[test]
fn index_size_4() {
    let m = boundary_model(4, 70000, 40000);
    let bytes = round_trip(&m);
    let at = faces_offset(&m);
    assert_eq!(bytes[at..at + 4], 69999i32.to_le_bytes());
    // A vertex index beyond i32 cannot be written even with 4 bytes.
    let mut m = m;
    m.faces[0][0] = u32::MAX;
    assert_unwritable(&m, "vertex index 4294967295");
}

fn assert_unwritable(m: &Pmx, what: &str) {
    match write(m) {
        Err(e) => match &e.kind {
            ErrorKind::Unwritable(why) => assert!(why.contains(what), "{e}"),
            other => panic!("expected Unwritable, got {other:?}"),
        },
        Ok(_) => panic!("expected Unwritable ({what})"),
    }
}

#[test]
fn writer_refuses_what_the_layout_cannot_hold() {
    // Soft bodies in a 2.0 file.
    let mut m = full_model(header(2.1, TextEncoding::Utf8, 0, 2));
    m.header.version = 2.0;
    assert_unwritable(&m, "soft bodies need PMX 2.1");
    // A bone whose optional parts disagree with its flags.
    let mut m = full_model(header(2.0, TextEncoding::Utf8, 0, 2));
    m.bones[3].flags &= !bone_flags::IK;
    assert_unwritable(&m, "IK is present");
    let mut m = full_model(header(2.0, TextEncoding::Utf8, 0, 2));
    m.bones[2].external_parent_key = None;
    assert_unwritable(&m, "no external parent key");
    // Header values the format cannot hold.
    let mut m = full_model(header(2.0, TextEncoding::Utf8, 0, 2));
    m.header.additional_uv_count = 5;
    assert_unwritable(&m, "additional UV count 5");
    let mut m = full_model(header(2.0, TextEncoding::Utf8, 0, 2));
    m.header.morph_index_size = 3;
    assert_unwritable(&m, "index size 3");
    // A negative index that does not fit one signed byte.
    let mut m = full_model(header(2.0, TextEncoding::Utf8, 0, 1));
    m.bones[1].parent = -129;
    assert_unwritable(&m, "bone index -129");
}

/// Little-endian byte builder for the hand-assembled file.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn u8(&mut self, v: u8) -> &mut Self {
        self.0.push(v);
        self
    }
    fn i16(&mut self, v: i16) -> &mut Self {
        self.0.extend(v.to_le_bytes());
        self
    }
    fn u16(&mut self, v: u16) -> &mut Self {
        self.0.extend(v.to_le_bytes());
        self
    }
    fn i32(&mut self, v: i32) -> &mut Self {
        self.0.extend(v.to_le_bytes());
        self
    }
    fn f32s(&mut self, v: &[f32]) -> &mut Self {
        for f in v {
            self.0.extend(f.to_le_bytes());
        }
        self
    }
    fn text(&mut self, s: &str) -> &mut Self {
        self.i32(s.len() as i32);
        self.0.extend(s.as_bytes());
        self
    }
}

/// A PMX 2.1 file assembled byte by byte from the specification (UTF-8, 2-byte indices):
/// one QDEF vertex, an external-parent bone, a flip and an impulse morph, a hinge joint and a
/// soft body with an anchor and a pin. Reading it gives the expected values and writing
/// them gives the same bytes.
#[test]
fn hand_assembled_pmx21() {
    let mut b = Bytes::default();
    b.0.extend(b"PMX ");
    b.f32s(&[2.1]).u8(8).u8(1).u8(0);
    b.0.extend([2, 2, 2, 2, 2, 2]);
    b.text("m").text("").text("").text("");
    // One QDEF vertex.
    b.i32(1).f32s(&[1.0, 2.0, 3.0, 0.0, 1.0, 0.0, 0.5, 0.5]);
    b.u8(4).i16(0).i16(-1).i16(-1).i16(-1);
    b.f32s(&[1.0, 0.0, 0.0, 0.0, 1.0]);
    // No faces, textures or materials.
    b.i32(0).i32(0).i32(0);
    // One bone: offset tail, external parent key 5.
    b.i32(1).text("b").text("").f32s(&[0.0; 3]).i16(-1).i32(0);
    b.u16(bone_flags::ROTATABLE | bone_flags::EXTERNAL_PARENT);
    b.f32s(&[0.0, 1.0, 0.0]).i32(5);
    // Morphs: flip (kind 9) of morph 1; impulse (kind 10) on rigid body 0.
    b.i32(2);
    b.text("flip")
        .text("")
        .u8(4)
        .u8(9)
        .i32(1)
        .i16(1)
        .f32s(&[0.5]);
    b.text("imp").text("").u8(4).u8(10).i32(1).i16(0).u8(1);
    b.f32s(&[0.0, 1.0, 0.0, 0.0, 0.0, 2.0]);
    // No display frames; one rigid body.
    b.i32(0);
    b.i32(1).text("r").text("").i16(0).u8(0).u16(0xFFFF).u8(2);
    b.f32s(&[
        1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.5, 0.5, 0.0, 0.5,
    ]);
    b.u8(1);
    // One hinge joint (kind 5) between rigid body 0 and none.
    b.i32(1).text("j").text("").u8(5).i16(0).i16(-1);
    b.f32s(&[0.25; 24]);
    // One soft body: rope, no material, anchor (rigid body 0, vertex 0, near), pin vertex 0.
    b.i32(1)
        .text("s")
        .text("")
        .u8(1)
        .i16(-1)
        .u8(2)
        .u16(0x0F0F)
        .u8(0b011);
    b.i32(3).i32(8).f32s(&[2.5, 0.01]).i32(2);
    b.f32s(&[0.5; 12]).f32s(&[0.75; 6]);
    b.i32(10).i32(11).i32(12).i32(13);
    b.f32s(&[1.0, 0.9, 0.8]);
    b.i32(1).i16(0).i16(0).u8(1);
    b.i32(1).i16(0);
    let bytes = b.0;

    let m = read(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.header.version, 2.1);
    assert_eq!(
        m.vertices[0].weight,
        Weight::Qdef {
            bones: [0, -1, -1, -1],
            weights: [1.0, 0.0, 0.0, 0.0],
        }
    );
    assert_eq!(m.vertices[0].edge_scale, 1.0);
    assert_eq!(m.bones[0].external_parent_key, Some(5));
    assert_eq!(m.bones[0].tail, BoneTail::Offset([0.0, 1.0, 0.0]));
    assert_eq!(
        m.morphs[0].offsets,
        MorphOffsets::Flip(vec![GroupOffset {
            morph: 1,
            weight: 0.5
        }])
    );
    assert_eq!(
        m.morphs[1].offsets,
        MorphOffsets::Impulse(vec![ImpulseOffset {
            rigid_body: 0,
            local: true,
            velocity: [0.0, 1.0, 0.0],
            torque: [0.0, 0.0, 2.0],
        }])
    );
    assert_eq!(m.rigid_bodies[0].shape, RigidShape::Capsule);
    assert_eq!(m.rigid_bodies[0].mode, PhysicsMode::Physics);
    assert_eq!(m.rigid_bodies[0].friction, 0.5);
    assert_eq!(m.joints[0].kind, JointKind::Hinge);
    assert_eq!(m.joints[0].rigid_bodies, [0, -1]);
    assert_eq!(m.joints[0].constraint.spring_rotation, [0.25; 3]);
    let s = &m.soft_bodies[0];
    assert_eq!(s.shape, SoftBodyShape::Rope);
    assert_eq!(s.material, -1);
    assert_eq!((s.group, s.non_collision_mask, s.flags), (2, 0x0F0F, 0b011));
    assert_eq!((s.b_link_distance, s.cluster_count), (3, 8));
    assert_eq!(
        (s.total_mass, s.collision_margin, s.aero_model),
        (2.5, 0.01, 2)
    );
    assert_eq!(s.config, [0.5; 12]);
    assert_eq!(s.cluster, [0.75; 6]);
    assert_eq!(s.iterations, [10, 11, 12, 13]);
    assert_eq!(s.material_coefficients, [1.0, 0.9, 0.8]);
    assert_eq!(
        s.anchors,
        vec![SoftBodyAnchor {
            rigid_body: 0,
            vertex: 0,
            near_mode: 1
        }]
    );
    assert_eq!(s.pins, vec![0]);
    assert_eq!(write(&m).expect("write"), bytes);
}

/// The smallest possible items, each the last thing in its file: the reader's minimum item
/// sizes (used to reject hostile counts) must not exceed the real ones.
#[test]
fn smallest_items_at_the_end_of_the_file() {
    let h = header(2.1, TextEncoding::Utf8, 0, 1);
    let empty = Pmx {
        header: h.clone(),
        ..Pmx::default()
    };
    let models = [
        Pmx {
            soft_bodies: vec![SoftBody {
                material: -1,
                ..SoftBody::default()
            }],
            ..empty.clone()
        },
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            joints: vec![Joint {
                rigid_bodies: [-1, -1],
                ..Joint::default()
            }],
            ..empty.clone()
        },
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            rigid_bodies: vec![RigidBody {
                bone: -1,
                ..RigidBody::default()
            }],
            ..empty.clone()
        },
        // Earlier sections are followed by the later sections' counts, which leaves some
        // slack, but their smallest items must read too.
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            vertices: vec![Vertex {
                weight: Weight::Bdef1 { bone: -1 },
                ..Vertex::default()
            }],
            materials: vec![Material {
                texture: -1,
                sphere_texture: -1,
                toon: Toon::Shared(0),
                ..Material::default()
            }],
            morphs: vec![Morph {
                name: String::new(),
                name_en: String::new(),
                panel: MorphPanel::System,
                offsets: MorphOffsets::Group(Vec::new()),
            }],
            ..empty.clone()
        },
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            display_frames: vec![DisplayFrame::default()],
            ..empty.clone()
        },
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            bones: vec![Bone::default()],
            ..empty.clone()
        },
        Pmx {
            header: header(2.0, TextEncoding::Utf8, 0, 1),
            bones: vec![Bone {
                flags: bone_flags::TAIL_IS_BONE,
                tail: BoneTail::Bone(-1),
                ..Bone::default()
            }],
            ..empty.clone()
        },
    ];
    for m in &models {
        round_trip(m);
    }
}
