//! Every PMX fixture reads, has exactly the counts listed in `fixtures/SOURCES.md`, and
//! round-trips byte for byte.

mod common;

use common::{PMX_FIXTURES, fixture};
use mmd_format::pmx::{self, Pmx, SphereMode, TextEncoding, Weight, bone_flags};

/// The figures SOURCES.md gives for a model.
#[derive(Debug, PartialEq)]
struct Counts {
    version: f32,
    encoding: TextEncoding,
    additional_uvs: u8,
    /// BDEF1, BDEF2, BDEF4, SDEF, QDEF.
    weights: [usize; 5],
    faces: usize,
    materials: usize,
    textures: usize,
    bones: usize,
    ik: usize,
    ik_links: usize,
    /// Bones with the append-rotate, append-translate and local-append flags.
    append: [usize; 3],
    /// Morph count per kind (`MorphOffsets::kind_name`), in order of first appearance of
    /// the kind in SOURCES.md's listing; compared sorted.
    morphs: Vec<(&'static str, usize)>,
    rigid_bodies: usize,
    joints: usize,
    soft_bodies: usize,
}

fn counts(m: &Pmx) -> Counts {
    let mut weights = [0; 5];
    for v in &m.vertices {
        weights[match v.weight {
            Weight::Bdef1 { .. } => 0,
            Weight::Bdef2 { .. } => 1,
            Weight::Bdef4 { .. } => 2,
            Weight::Sdef { .. } => 3,
            Weight::Qdef { .. } => 4,
        }] += 1;
    }
    let flagged = |flag| m.bones.iter().filter(|b| b.has(flag)).count();
    let mut morphs: Vec<(&'static str, usize)> = Vec::new();
    for morph in &m.morphs {
        let kind = morph.offsets.kind_name();
        match morphs.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => morphs.push((kind, 1)),
        }
    }
    morphs.sort();
    let iks = m.bones.iter().filter_map(|b| b.ik.as_ref());
    Counts {
        version: m.header.version,
        encoding: m.header.encoding,
        additional_uvs: m.header.additional_uv_count,
        weights,
        faces: m.faces.len(),
        materials: m.materials.len(),
        textures: m.textures.len(),
        bones: m.bones.len(),
        ik: iks.clone().count(),
        ik_links: iks.map(|ik| ik.links.len()).sum(),
        append: [
            flagged(bone_flags::APPEND_ROTATE),
            flagged(bone_flags::APPEND_TRANSLATE),
            flagged(bone_flags::APPEND_LOCAL),
        ],
        morphs,
        rigid_bodies: m.rigid_bodies.len(),
        joints: m.joints.len(),
        soft_bodies: m.soft_bodies.len(),
    }
}

fn sorted(mut v: Vec<(&'static str, usize)>) -> Vec<(&'static str, usize)> {
    v.sort();
    v
}

/// Number of materials per sphere mode (none, multiply, add, sub-texture).
fn sphere_modes(m: &Pmx) -> [usize; 4] {
    let mut n = [0; 4];
    for mat in &m.materials {
        n[match mat.sphere_mode {
            SphereMode::None => 0,
            SphereMode::Multiply => 1,
            SphereMode::Add => 2,
            SphereMode::SubTexture => 3,
        }] += 1;
    }
    n
}

fn load(rel: &str) -> Option<Pmx> {
    let bytes = fixture(rel)?;
    Some(pmx::read(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

const UTF16: TextEncoding = TextEncoding::Utf16Le;
const UTF8: TextEncoding = TextEncoding::Utf8;

#[test]
fn gene_light() {
    let Some(m) = load("gene/Gene_light.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 0,
            weights: [13552, 10178, 4916, 0, 0],
            faces: 47106,
            materials: 13,
            textures: 10,
            bones: 224,
            ik: 6,
            ik_links: 8,
            append: [11, 0, 0],
            morphs: sorted(vec![
                ("vertex", 177),
                ("material", 3),
                ("uv", 1),
                ("group", 3)
            ]),
            rigid_bodies: 87,
            joints: 92,
            soft_bodies: 0,
        }
    );
    assert_eq!(m.vertices.len(), 28646);
    assert_eq!(sphere_modes(&m)[1..], [1, 0, 0]);
}

#[test]
fn uka() {
    let Some(m) = load("uka/MS_Uka.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 0,
            weights: [21434, 28521, 0, 0, 0],
            faces: 77909,
            materials: 12,
            textures: 9,
            bones: 302,
            ik: 10,
            ik_links: 12,
            append: [2, 0, 0],
            morphs: sorted(vec![
                ("vertex", 183),
                ("bone", 7),
                ("material", 4),
                ("group", 19)
            ]),
            rigid_bodies: 164,
            joints: 151,
            soft_bodies: 0,
        }
    );
    assert_eq!(m.vertices.len(), 49955);
    // Texture paths keep their backslashes.
    assert!(
        m.textures.iter().any(|t| t.starts_with("tex\\")),
        "{:?}",
        m.textures
    );
}

#[test]
fn miku_mmd_tools() {
    let Some(m) = load("blender_mmd_tools/pmx/初音ミク.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 2,
            weights: [8864, 5726, 0, 0, 0],
            faces: 14987,
            materials: 17,
            textures: 1,
            bones: 122,
            ik: 7,
            ik_links: 19,
            append: [2, 0, 0],
            morphs: sorted(vec![
                ("vertex", 15),
                ("material", 1),
                ("uv", 1),
                ("bone", 1),
                ("group", 1)
            ]),
            rigid_bodies: 45,
            joints: 27,
            soft_bodies: 0,
        }
    );
    assert_eq!(m.vertices.len(), 14590);
    // The test morphs the mmd_tools maintainers added.
    for name in ["TestMat", "TestUV", "TestBone", "TestGroup"] {
        assert!(m.morphs.iter().any(|x| x.name == name), "{name}");
    }
}

#[test]
fn luka_mmd_tools() {
    let Some(m) = load("blender_mmd_tools/pmx/巡音ルカ.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 4,
            weights: [22586, 5021, 0, 0, 0],
            faces: 24815,
            materials: 31,
            textures: 7,
            bones: 188,
            ik: 4,
            ik_links: 6,
            append: [6, 0, 0],
            morphs: vec![("vertex", 39)],
            rigid_bodies: 71,
            joints: 57,
            soft_bodies: 0,
        }
    );
    assert_eq!(m.vertices.len(), 27607);
    assert_eq!(sphere_modes(&m)[1..], [6, 9, 0]);
}

#[test]
fn j3_miku() {
    let Some(m) = load("j3/miku/index.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 0,
            weights: [8301, 4053, 0, 0, 0],
            faces: 22961,
            materials: 17,
            textures: 1,
            bones: 140,
            ik: 7,
            ik_links: 19,
            append: [8, 0, 0],
            morphs: vec![("vertex", 30)],
            rigid_bodies: 45,
            joints: 27,
            soft_bodies: 0,
        }
    );
    assert_eq!(m.vertices.len(), 12354);
    // Shared-toon materials.
    assert!(
        m.materials
            .iter()
            .any(|x| matches!(x.toon, pmx::Toon::Shared(_)))
    );
}

#[test]
fn model_descriptor_parity() {
    let Some(m) = load("mmd-anim/model_descriptor_parity.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF8,
            additional_uvs: 0,
            weights: [0; 5],
            faces: 0,
            materials: 0,
            textures: 0,
            bones: 3,
            ik: 1,
            ik_links: 1,
            append: [1, 1, 1],
            morphs: sorted(vec![("bone", 1), ("group", 1)]),
            rigid_bodies: 0,
            joints: 0,
            soft_bodies: 0,
        }
    );
    // The description: fixed axis, local axis and after-physics are each on some bone.
    for flag in [
        bone_flags::FIXED_AXIS,
        bone_flags::LOCAL_AXIS,
        bone_flags::AFTER_PHYSICS,
    ] {
        assert!(m.bones.iter().any(|b| b.has(flag)), "flag {flag:#x}");
    }
    // IK with limits.
    let ik = m
        .bones
        .iter()
        .find_map(|b| b.ik.as_ref())
        .expect("an IK bone");
    assert!(ik.links.iter().any(|l| l.limit.is_some()));
}

#[test]
fn ik_multi_axis_limit() {
    let Some(m) = load("mmd-anim/ik_multi_axis_limit.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF8,
            additional_uvs: 0,
            weights: [0, 0, 3, 0, 0],
            faces: 1,
            materials: 1,
            textures: 0,
            bones: 3,
            ik: 1,
            ik_links: 1,
            append: [0, 0, 0],
            morphs: vec![],
            rigid_bodies: 0,
            joints: 0,
            soft_bodies: 0,
        }
    );
    // Values from ik_multi_axis_limit.pmx.json beside the fixture.
    assert_eq!(m.name, "ik_multi_axis_limit_fixture");
    assert_eq!(m.header.vertex_index_size, 1);
    assert_eq!(m.header.bone_index_size, 1);
    assert_eq!(m.vertices[1].position, [0.0, 0.08, 0.0]);
    assert_eq!(m.vertices[2].position, [0.08, 0.0, 0.0]);
    assert_eq!(m.faces, vec![[0, 1, 2]]);
    assert_eq!(m.materials[0].index_count, 3);
    let names: Vec<_> = m.bones.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["link_root", "effector", "ik_controller"]);
    assert_eq!(m.bones[0].tail, pmx::BoneTail::Bone(1));
    assert_eq!(m.bones[1].parent, 0);
    assert_eq!(m.bones[2].position, [0.25, 0.55, 0.8]);
    assert_eq!(
        m.bones[2].ik,
        Some(pmx::Ik {
            target: 1,
            loop_count: 1,
            limit_angle: 0.0,
            links: vec![pmx::IkLink {
                bone: 0,
                limit: Some(pmx::AngleLimit {
                    min: [0.0, -1.0, -1.0],
                    max: [0.0, 1.0, 1.0],
                }),
            }],
        })
    );
}

#[test]
fn pmx21_utf8_soft_body() {
    let Some(m) = load("mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.1,
            encoding: UTF8,
            additional_uvs: 0,
            weights: [0; 5],
            faces: 0,
            materials: 0,
            textures: 0,
            bones: 1,
            ik: 0,
            ik_links: 0,
            append: [0, 0, 0],
            morphs: vec![],
            rigid_bodies: 0,
            joints: 0,
            soft_bodies: 1,
        }
    );
    assert_eq!(m.name, "サンプルモデル迪卢克");
    assert!(m.soft_bodies[0].anchors.is_empty());
    assert!(m.soft_bodies[0].pins.is_empty());
}

#[test]
fn bone_flag_test() {
    let Some(m) = load("babylon-mmd/bone_flag_test.pmx") else {
        return;
    };
    assert_eq!(
        counts(&m),
        Counts {
            version: 2.0,
            encoding: UTF16,
            additional_uvs: 0,
            weights: [0; 5],
            faces: 0,
            materials: 0,
            textures: 0,
            bones: 3,
            ik: 0,
            ik_links: 0,
            append: [2, 2, 1],
            morphs: vec![],
            rigid_bodies: 0,
            joints: 0,
            soft_bodies: 0,
        }
    );
}

/// `write(read(bytes)) == bytes` for every fixture (model_descriptor_parity.pmx without its 4
/// trailing bytes), and `read(write(x)) == x`.
#[test]
fn round_trip_every_fixture() {
    for rel in PMX_FIXTURES {
        let Some(bytes) = fixture(rel) else {
            return;
        };
        let model = pmx::read(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let written = pmx::write(&model).unwrap_or_else(|e| panic!("{rel}: write: {e}"));
        let expected = if rel.ends_with("model_descriptor_parity.pmx") {
            assert_eq!(bytes[bytes.len() - 4..], [0; 4]);
            &bytes[..bytes.len() - 4]
        } else {
            &bytes[..]
        };
        assert_eq!(written.len(), expected.len(), "{rel}: length");
        if let Some(at) = written.iter().zip(expected).position(|(a, b)| a != b) {
            panic!("{rel}: written bytes differ from the file at byte {at}");
        }
        let again = pmx::read(&written).unwrap_or_else(|e| panic!("{rel}: reread: {e}"));
        assert!(again == model, "{rel}: read(write(x)) != x");
    }
}
