//! Builders for small synthetic models and motions used by the integration tests.
#![allow(dead_code)]

use mmd_format::FixedText;
use mmd_format::pmx::{AngleLimit, Append, Bone, Ik, IkLink, Pmx, bone_flags};
use mmd_format::vmd::{BoneKey, IkKey, IkState, Vmd};

pub const BASIC: u16 =
    bone_flags::ROTATABLE | bone_flags::MOVABLE | bone_flags::VISIBLE | bone_flags::OPERABLE;

pub fn bone(name: &str, position: [f32; 3], parent: i32) -> Bone {
    Bone {
        name: name.to_string(),
        position,
        parent,
        flags: BASIC,
        ..Bone::default()
    }
}

/// `bone` with an append (付与) source; `flags` picks rotate/translate/local.
pub fn append_bone(
    name: &str,
    position: [f32; 3],
    parent: i32,
    source: i32,
    weight: f32,
    flags: u16,
) -> Bone {
    Bone {
        flags: BASIC | flags,
        append: Some(Append {
            parent: source,
            weight,
        }),
        ..bone(name, position, parent)
    }
}

/// An IK link: bone index and optional (min, max) Euler limits in radians.
pub type Link = (i32, Option<([f32; 3], [f32; 3])>);

/// An IK bone moving `target` with `links` (nearest the effector first).
pub fn ik_bone(
    name: &str,
    position: [f32; 3],
    parent: i32,
    target: i32,
    links: Vec<Link>,
    loop_count: i32,
    limit_angle: f32,
) -> Bone {
    Bone {
        flags: BASIC | bone_flags::IK,
        deform_depth: 1,
        ik: Some(Ik {
            target,
            loop_count,
            limit_angle,
            links: links
                .into_iter()
                .map(|(bone, limit)| IkLink {
                    bone,
                    limit: limit.map(|(min, max)| AngleLimit { min, max }),
                })
                .collect(),
        }),
        ..bone(name, position, parent)
    }
}

pub fn model(bones: Vec<Bone>) -> Pmx {
    Pmx {
        bones,
        ..Pmx::default()
    }
}

/// Linear curves in every row (MMD's default 20, 20, 107, 107).
pub fn linear_interpolation() -> [u8; 64] {
    let mut b = [0u8; 64];
    for c in 0..4 {
        b[16 * c] = 20;
        b[16 * c + 4] = 20;
        b[16 * c + 8] = 107;
        b[16 * c + 12] = 107;
    }
    b
}

pub fn key(name: &str, frame: u32, translation: [f32; 3], rotation: glam::Quat) -> BoneKey {
    BoneKey {
        name: FixedText::encode(name),
        frame,
        translation,
        rotation: rotation.to_array(),
        interpolation: linear_interpolation(),
    }
}

pub fn motion(bone_keys: Vec<BoneKey>) -> Vmd {
    Vmd {
        bone_keys,
        ..Vmd::default()
    }
}

pub fn ik_key(frame: u32, states: &[(&str, bool)]) -> IkKey {
    IkKey {
        frame,
        visible: 1,
        iks: states
            .iter()
            .map(|&(name, on)| IkState {
                name: FixedText::encode(name),
                enabled: u8::from(on),
            })
            .collect(),
    }
}

/// Thigh at (0, 10, 0), knee at (0, 5, 0.2) (slightly bent forward so the knee plane is
/// defined), ankle at (0, 0, 0), IK bone at the ankle; the knee bends about X in
/// [-180°, -0.5°] as MMD knees do.
pub fn leg() -> Pmx {
    model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("thigh", [0.0, 10.0, 0.0], 0),
        bone("knee", [0.0, 5.0, -0.2], 1),
        bone("ankle", [0.0, 0.0, 0.0], 2),
        ik_bone(
            "legIK",
            [0.0, 0.0, 0.0],
            0,
            3,
            vec![
                (
                    2,
                    Some((
                        [-std::f32::consts::PI, 0.0, 0.0],
                        [-0.5f32.to_radians(), 0.0, 0.0],
                    )),
                ),
                (1, None),
            ],
            40,
            2.0,
        ),
    ])
}

/// The bytes of a fixture under `../shared/fixtures`, or `None` (with a printed reason) when
/// it is absent; with `MMD_REQUIRE_FIXTURES=1` a missing fixture fails the test instead.
pub fn fixture(rel: &str) -> Option<Vec<u8>> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures")
        .join(rel);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            assert!(
                std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
                "fixture {} is required: {e}",
                path.display()
            );
            eprintln!("skipping: fixture {} not available ({e})", path.display());
            None
        }
    }
}

/// The folder that holds `shared/` (with `shared/reference/CASES.json`), or `None` (with a
/// printed reason) when it is absent; with `MMD_REQUIRE_FIXTURES=1` that fails the test.
pub fn reference_root() -> Option<std::path::PathBuf> {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."));
    if root.join("shared/reference/CASES.json").exists() {
        return Some(root.to_path_buf());
    }
    assert!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
        "MMD_REQUIRE_FIXTURES=1 but ../shared/reference is missing"
    );
    eprintln!("skipped: ../shared/reference is absent");
    None
}

/// The reference cases (`shared/reference/CASES.json` under `root`).
pub fn reference_cases(root: &std::path::Path) -> Vec<serde_json::Value> {
    let bytes = std::fs::read(root.join("shared/reference/CASES.json")).unwrap();
    let cases: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    cases.as_array().unwrap().clone()
}

/// A dump's frame as a key: the frame × 10⁴, rounded (dumps hold fractional frames too).
pub fn frame_key(f: f64) -> i64 {
    (f * 1.0e4).round() as i64
}

/// Bones and vertices of one reference dump, keyed by ([`frame_key`], index).
#[derive(Default)]
pub struct Dump {
    pub bones: std::collections::HashMap<(i64, usize), [f32; 16]>,
    pub vertices: std::collections::HashMap<(i64, usize), [f32; 3]>,
}

/// Reads a gzipped JSON-lines dump (`{"frame", "bone", "m"}` and `{"frame", "vertex", "p"}`).
pub fn load_dump(path: &std::path::Path) -> Dump {
    use serde_json::Value;
    use std::io::BufRead;
    let file = std::fs::File::open(path).unwrap();
    let reader = std::io::BufReader::new(flate2::read::GzDecoder::new(file));
    let mut dump = Dump::default();
    for line in reader.lines() {
        let line = line.unwrap();
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&line).unwrap();
        let frame = frame_key(v["frame"].as_f64().unwrap());
        let floats = |a: &Value| -> Vec<f32> {
            a.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect()
        };
        if let Some(i) = v.get("bone").and_then(Value::as_u64) {
            let m: [f32; 16] = floats(&v["m"]).try_into().unwrap();
            dump.bones.insert((frame, i as usize), m);
        } else if let Some(i) = v.get("vertex").and_then(Value::as_u64) {
            let p: [f32; 3] = floats(&v["p"]).try_into().unwrap();
            dump.vertices.insert((frame, i as usize), p);
        }
    }
    dump
}

/// A humanoid in MMD's layout and proportions (about 17 units tall, facing −Z, arms in an
/// A-pose), with MMD's leg IK chains and knee limits and an append bone following 上半身.
pub fn humanoid() -> Pmx {
    let knee = Some((
        [-std::f32::consts::PI, 0.0, 0.0],
        [-0.5f32.to_radians(), 0.0, 0.0],
    ));
    let mut bones = vec![
        bone("全ての親", [0.0, 0.0, 0.0], -1),
        bone("センター", [0.0, 8.0, 0.0], 0),
        bone("下半身", [0.0, 10.0, 0.0], 1),
        bone("上半身", [0.0, 10.0, 0.0], 1),
        bone("首", [0.0, 15.0, 0.0], 3),
        bone("頭", [0.0, 16.0, 0.0], 4),
        bone("左肩", [0.5, 14.5, 0.0], 3),
        bone("左腕", [1.5, 14.5, 0.0], 6),
        bone("左ひじ", [4.0, 12.5, 0.0], 7),
        bone("左手首", [6.5, 10.5, 0.0], 8),
        bone("右肩", [-0.5, 14.5, 0.0], 3),
        bone("右腕", [-1.5, 14.5, 0.0], 10),
        bone("右ひじ", [-4.0, 12.5, 0.0], 11),
        bone("右手首", [-6.5, 10.5, 0.0], 12),
        bone("左足", [1.0, 9.5, 0.0], 2),
        bone("左ひざ", [1.0, 5.0, -0.2], 14),
        bone("左足首", [1.0, 1.0, 0.0], 15),
        bone("右足", [-1.0, 9.5, 0.0], 2),
        bone("右ひざ", [-1.0, 5.0, -0.2], 17),
        bone("右足首", [-1.0, 1.0, 0.0], 18),
    ];
    bones.push(ik_bone(
        "左足ＩＫ",
        [1.0, 1.0, 0.0],
        0,
        16,
        vec![(15, knee), (14, None)],
        40,
        2.0,
    ));
    bones.push(ik_bone(
        "右足ＩＫ",
        [-1.0, 1.0, 0.0],
        0,
        19,
        vec![(18, knee), (17, None)],
        40,
        2.0,
    ));
    bones.push(append_bone(
        "上半身補助",
        [0.0, 12.0, 0.0],
        3,
        3,
        0.5,
        bone_flags::APPEND_ROTATE,
    ));
    model(bones)
}
