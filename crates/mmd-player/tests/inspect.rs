//! `mmd-player inspect --json` on every fixture model, motion, pose and accessory, compared with
//! the counts SOURCES.md lists; and on corrupt files, which must fail with one line naming the
//! file and the byte offset.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures");

/// The fixture's path, or `None` (with the reason printed) when the shared folder is absent.
/// With `MMD_REQUIRE_FIXTURES=1` a missing fixture fails the test instead.
fn fixture(rel: &str) -> Option<PathBuf> {
    let path = PathBuf::from(format!("{FIXTURES}/{rel}"));
    if path.is_file() {
        return Some(path);
    }
    if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
        panic!(
            "fixture {} is required (MMD_REQUIRE_FIXTURES=1)",
            path.display()
        );
    }
    eprintln!("skipping: fixture {} unavailable", path.display());
    None
}

fn inspect(path: &Path, json: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mmd-player"));
    command.arg("inspect").arg(path);
    if json {
        command.arg("--json");
    }
    command.output().unwrap()
}

/// The single JSON object `inspect --json` prints.
fn inspect_json(path: &Path) -> Value {
    let out = inspect(path, true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {stderr}", path.display());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.trim_end().lines().count(), 1, "one line: {stdout}");
    let value: Value = serde_json::from_str(&stdout).unwrap();
    assert!(value.is_object());
    value
}

/// Asserts that every key of `expected` has that value in `actual`.
fn assert_fields(file: &str, actual: &Value, expected: &Value) {
    for (key, want) in expected.as_object().unwrap() {
        assert_eq!(&actual[key], want, "{file}: {key}");
    }
}

#[test]
fn models_report_the_documented_counts() {
    // From SOURCES.md; PMD morphs exclude the base morph ("morphs 178 incl. base" → 177).
    let models = [
        (
            "gene/Gene_light.pmx",
            json!({"format": "pmx", "version": 2.0, "encoding": "utf16le", "name": "ジェネ / Gene",
                "vertices": 28646, "weight_kinds": {"bdef1": 13552, "bdef2": 10178, "bdef4": 4916},
                "faces": 47106, "materials": 13, "textures": 10, "bones": 224, "ik_bones": 6,
                "ik_links": 8, "append_bones": 11, "append_rotate": 11, "append_translate": 0,
                "append_local": 0, "morphs": 184,
                "morph_kinds": {"vertex": 177, "material": 3, "uv": 1, "group": 3},
                "rigid_bodies": 87, "joints": 92, "soft_bodies": 0}),
        ),
        (
            "gene/Gene_light.pmd",
            json!({"format": "pmd", "version": 1.0, "encoding": "shift_jis", "name": "ジェネ / Gene",
                "vertices": 28646, "faces": 47106, "materials": 13, "bones": 224, "ik_bones": 6,
                "morphs": 177, "morph_kinds": {"vertex": 177}, "rigid_bodies": 87, "joints": 92,
                "soft_bodies": 0, "english": true}),
        ),
        (
            "uka/MS_Uka.pmx",
            json!({"format": "pmx", "version": 2.0, "encoding": "utf16le", "vertices": 49955,
                "weight_kinds": {"bdef1": 21434, "bdef2": 28521}, "faces": 77909, "materials": 12,
                "textures": 9, "bones": 302, "ik_bones": 10, "ik_links": 12, "append_rotate": 2,
                "append_translate": 0, "append_local": 0, "morphs": 213,
                "morph_kinds": {"vertex": 183, "bone": 7, "material": 4, "group": 19},
                "rigid_bodies": 164, "joints": 151}),
        ),
        (
            "mmd-viewer-js/miku/miku_v2.pmd",
            json!({"format": "pmd", "version": 1.0, "encoding": "shift_jis", "name": "初音ミク",
                "vertices": 12354, "faces": 22961, "materials": 17, "textures": 1, "bones": 140,
                "ik_bones": 7, "morphs": 30, "morph_kinds": {"vertex": 30}, "rigid_bodies": 45,
                "joints": 27, "english": true}),
        ),
        (
            "blender_mmd_tools/pmx/初音ミク.pmx",
            json!({"format": "pmx", "encoding": "utf16le", "vertices": 14590,
                "weight_kinds": {"bdef1": 8864, "bdef2": 5726}, "faces": 14987, "materials": 17,
                "textures": 1, "bones": 122, "ik_bones": 7, "ik_links": 19, "append_rotate": 2,
                "morphs": 19,
                "morph_kinds": {"vertex": 15, "material": 1, "uv": 1, "bone": 1, "group": 1},
                "rigid_bodies": 45, "joints": 27, "additional_uvs": 2}),
        ),
        (
            "blender_mmd_tools/pmx/巡音ルカ.pmx",
            json!({"format": "pmx", "encoding": "utf16le", "vertices": 27607,
                "weight_kinds": {"bdef1": 22586, "bdef2": 5021}, "faces": 24815, "materials": 31,
                "textures": 7, "bones": 188, "ik_bones": 4, "ik_links": 6, "append_rotate": 6,
                "morphs": 39, "morph_kinds": {"vertex": 39}, "rigid_bodies": 71, "joints": 57,
                "additional_uvs": 4}),
        ),
        (
            "j3/miku/index.pmx",
            json!({"format": "pmx", "encoding": "utf16le", "name": "初音ミク", "vertices": 12354,
                "weight_kinds": {"bdef1": 8301, "bdef2": 4053}, "faces": 22961, "materials": 17,
                "textures": 1, "bones": 140, "ik_bones": 7, "ik_links": 19, "append_rotate": 8,
                "morphs": 30, "morph_kinds": {"vertex": 30}, "rigid_bodies": 45, "joints": 27}),
        ),
        (
            "mmd-anim/model_descriptor_parity.pmx",
            json!({"format": "pmx", "version": 2.0, "encoding": "utf8", "vertices": 0, "faces": 0,
                "materials": 0, "textures": 0, "bones": 3, "ik_bones": 1, "ik_links": 1,
                "append_bones": 1, "append_rotate": 1, "append_translate": 1, "append_local": 1,
                "morphs": 2, "morph_kinds": {"bone": 1, "group": 1}, "rigid_bodies": 0,
                "joints": 0}),
        ),
        (
            "mmd-anim/ik_multi_axis_limit.pmx",
            json!({"format": "pmx", "encoding": "utf8", "vertices": 3,
                "weight_kinds": {"bdef4": 3}, "faces": 1, "materials": 1, "textures": 0,
                "bones": 3, "ik_bones": 1, "ik_links": 1, "append_bones": 0, "morphs": 0,
                "morph_kinds": {}}),
        ),
        (
            "mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx",
            json!({"format": "pmx", "version": 2.1, "encoding": "utf8",
                "name": "サンプルモデル迪卢克", "vertices": 0, "faces": 0, "materials": 0,
                "bones": 1, "ik_bones": 0, "morphs": 0, "rigid_bodies": 0, "joints": 0,
                "soft_bodies": 1}),
        ),
        (
            "babylon-mmd/bone_flag_test.pmx",
            json!({"format": "pmx", "encoding": "utf16le", "vertices": 0, "bones": 3,
                "ik_bones": 0, "append_rotate": 2, "append_translate": 2, "append_local": 1,
                "morphs": 0}),
        ),
    ];
    for (file, expected) in models {
        let Some(path) = fixture(file) else { return };
        let actual = inspect_json(&path);
        assert_fields(file, &actual, &expected);
        // Every fixture is a valid model: nothing to neutralise.
        assert_eq!(actual["warnings"], json!([]), "{file}");
    }
}

#[test]
fn motions_and_poses_report_the_documented_counts() {
    // From SOURCES.md ("property keys" are show/IK keys). synthetic/ik_toggle.vmd is not
    // listed; its numbers are read off its bytes.
    let motions = [
        (
            "gene/motion/02_laugh.vmd",
            json!({"model_name": "ジェネ / Gene", "bone_keys": 548,
            "bones": 222, "morph_keys": 393, "morphs": 178, "camera_keys": 0, "light_keys": 0,
            "shadow_keys": 0, "ik_keys": 1, "ik_entries": 6, "ik_disabled": 0}),
        ),
        (
            "gene/motion/00_normal.vmd",
            json!({"model_name": "ニルヴァ / Nirva デ",
            "bone_keys": 0, "morph_keys": 449, "morphs": 214, "camera_keys": 0, "ik_keys": 0}),
        ),
        (
            "gene/motion/32_frustrated_v2023.vmd",
            json!({"bone_keys": 778, "bones": 222,
            "morph_keys": 643, "morphs": 111, "ik_keys": 6, "ik_entries": 36, "ik_disabled": 0}),
        ),
        (
            "mmd-viewer-js/vmd/wavefile_v2.vmd",
            json!({"model_name": "初音ミク",
            "bone_keys": 14160, "bones": 140, "morph_keys": 1279, "morphs": 31, "camera_keys": 0,
            "light_keys": 0, "shadow_keys": 0, "ik_keys": 0}),
        ),
        (
            "mmd-viewer-js/vmd/tokino_kakera_cam.vmd",
            json!({"model_name": "カメラ・照明",
            "bone_keys": 0, "morph_keys": 0, "camera_keys": 22, "light_keys": 0}),
        ),
        (
            "three-mmd/vmds/wavefile_camera.vmd",
            json!({"bone_keys": 0, "camera_keys": 70,
            "light_keys": 0, "ik_keys": 0}),
        ),
        (
            "j3/miku/im5066365.vmd",
            json!({"bone_keys": 110, "bones": 82, "morph_keys": 15,
            "morphs": 15, "ik_keys": 1, "ik_entries": 7, "ik_disabled": 0}),
        ),
        (
            "mmd.js/zoom_in.vmd",
            json!({"camera_keys": 3, "light_keys": 2, "shadow_keys": 0}),
        ),
        (
            "synthetic/ik_toggle.vmd",
            json!({"model_name": "test", "bone_keys": 4,
            "morph_keys": 2, "ik_keys": 3, "ik_entries": 6, "ik_disabled": 2}),
        ),
    ];
    for (file, expected) in motions {
        let Some(path) = fixture(file) else { return };
        let actual = inspect_json(&path);
        assert_eq!(actual["format"], "vmd", "{file}");
        assert_fields(file, &actual, &expected);
        // The last frame, independently: the largest frame number of any key.
        let motion = mmd_format::vmd::read(&std::fs::read(&path).unwrap()).unwrap();
        let frames = motion
            .bone_keys
            .iter()
            .map(|k| k.frame)
            .chain(motion.morph_keys.iter().map(|k| k.frame))
            .chain(motion.camera_keys.iter().map(|k| k.frame))
            .chain(motion.light_keys.iter().map(|k| k.frame))
            .chain(motion.ik_keys.iter().map(|k| k.frame));
        assert_eq!(actual["last_frame"], frames.max().unwrap_or(0), "{file}");
    }

    let Some(path) = fixture("mmdloader-app/makoto_basic.vpd") else {
        return;
    };
    assert_fields(
        "makoto_basic.vpd",
        &inspect_json(&path),
        &json!({"format": "vpd", "bones": 55, "morphs": 0, "model_name": "真 SG衣装.osm"}),
    );
}

#[test]
fn readable_summary_without_json() {
    let Some(path) = fixture("mmd-viewer-js/miku/miku_v2.pmd") else {
        return;
    };
    let out = inspect(&path, false);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&path.display().to_string()), "{text}");
    assert_eq!(
        text.lines().nth(1).map(str::trim),
        Some("format:           pmd"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.trim() == "bones:            140"),
        "{text}"
    );
    assert!(text.contains("vertex 30"), "{text}");
    assert!(
        text.lines().any(|l| l.trim() == "warnings:         0"),
        "{text}"
    );
}

#[test]
fn corrupt_files_fail_with_one_line_naming_file_and_byte() {
    let scratch = tempfile::tempdir().unwrap();
    // Files that are no MMD file at all, or empty, have no offset to give (tests/bad_files.rs).
    let mut cases: Vec<(String, Vec<u8>)> = vec![
        ("bad_count.vmd".into(), {
            let mut v = b"Vocaloid Motion Data 0002".to_vec();
            v.resize(50, 0);
            v.extend_from_slice(&1000u32.to_le_bytes());
            v
        }),
        (
            "bad.vpd".into(),
            b"Vocaloid Pose Data file\n\nm.osm;\n1;\nBone0{a\n1,2;\n".to_vec(),
        ),
        ("cut.x".into(), b"xof 0303txt 0032\nMesh { 3; 1.0;".to_vec()),
        ("bad.vac".into(), b"lamp\nlamp.x\n1\nx,y\n0,0,0\n".to_vec()),
    ];
    for (file, cut) in [
        ("mmd-viewer-js/miku/miku_v2.pmd", 5000),
        ("j3/miku/index.pmx", 300_000),
        ("gene/motion/02_laugh.vmd", 7_001),
    ] {
        let Some(path) = fixture(file) else { return };
        let bytes = std::fs::read(path).unwrap();
        let name = format!(
            "cut_{}",
            Path::new(file).file_name().unwrap().to_string_lossy()
        );
        cases.push((name, bytes[..cut].to_vec()));
    }
    for (name, bytes) in cases {
        let path = scratch.path().join(&name);
        std::fs::write(&path, bytes).unwrap();
        let out = inspect(&path, true);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
        assert_eq!(stderr.lines().count(), 1, "{name}: one line: {stderr}");
        assert!(stderr.contains(&name), "{name}: names the file: {stderr}");
        assert!(
            stderr.contains("byte"),
            "{name}: gives the offset: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

/// A PMX whose material names a texture past the texture table and whose rigid body names a
/// missing bone: MMD opens it, so `inspect` does too, and lists what it neutralised.
#[test]
fn dangling_references_are_warnings_not_failures() {
    use mmd_format::pmx::{self, Material, Pmx, RigidBody};
    let model = Pmx {
        name: "dangling".into(),
        textures: vec!["a.png".into()],
        materials: vec![Material {
            texture: 3,
            ..Material::default()
        }],
        rigid_bodies: vec![RigidBody {
            bone: 7,
            ..RigidBody::default()
        }],
        ..Pmx::default()
    };
    let bytes = pmx::write(&model).unwrap();
    let read = pmx::read(&bytes).unwrap();
    let offsets: Vec<usize> = read.warnings.iter().map(|w| w.offset).collect();
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("dangling.pmx");
    std::fs::write(&path, &bytes).unwrap();

    let value = inspect_json(&path);
    assert_eq!(
        value["warnings"],
        json!([
            {"offset": offsets[0],
             "message": "material 0: texture: texture index 3 out of range (1 texture); set to none"},
            {"offset": offsets[1],
             "message": "rigid body 0: bone index 7 out of range (0 bones); set to none"},
        ])
    );
    assert_eq!(value["materials"], 1);

    let out = inspect(&path, false);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let tail: Vec<&str> = text.lines().rev().take(3).collect();
    assert_eq!(
        tail,
        [
            format!(
                "    byte {}: rigid body 0: bone index 7 out of range (0 bones); set to none",
                offsets[1]
            ),
            format!(
                "    byte {}: material 0: texture: texture index 3 out of range (1 texture); set to none",
                offsets[0]
            ),
            "  warnings:         2".to_string(),
        ],
        "{text}"
    );
}

/// What physics leaves out is listed too (the window lists it as notices): a rigid body whose
/// rotation is not finite, and the joint to it. Neither has a byte offset.
#[test]
fn rigid_bodies_physics_leaves_out_are_listed() {
    use mmd_format::pmx::{self, Joint, Pmx, RigidBody};
    let body = |rotation: f32| RigidBody {
        bone: -1,
        size: [1.0; 3],
        mass: 1.0,
        rotation: [rotation, 0.0, 0.0],
        ..RigidBody::default()
    };
    let model = Pmx {
        name: "unsimulated".into(),
        rigid_bodies: vec![body(0.0), body(f32::NAN)],
        joints: vec![Joint {
            rigid_bodies: [0, 1],
            ..Joint::default()
        }],
        ..Pmx::default()
    };
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("unsimulated.pmx");
    std::fs::write(&path, pmx::write(&model).unwrap()).unwrap();
    let value = inspect_json(&path);
    let warnings = value["warnings"].as_array().unwrap();
    let messages: Vec<&str> = warnings
        .iter()
        .map(|w| {
            assert_eq!(w["offset"], Value::Null, "{w}");
            w["message"].as_str().unwrap()
        })
        .collect();
    assert!(
        messages.iter().any(|m| m.starts_with("physics: rigid body 1")
            && m.contains("rotation is not finite")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|m| m.starts_with("physics: joint 0")),
        "{messages:?}"
    );
    let text = String::from_utf8(inspect(&path, false).stdout).unwrap();
    assert!(text.contains("\n    physics: rigid body 1"), "{text}");
}

#[test]
fn accessory_and_its_settings_report_their_content() {
    let Some(x) = fixture("three-mmd-loader/test_quad_accessory.x") else {
        return;
    };
    let value = inspect_json(&x);
    assert_fields(
        "test_quad_accessory.x",
        &value,
        &json!({"format": "x", "encoding": "text", "meshes": 1, "vertices": 4, "faces": 2,
            "triangles": 2, "materials": 1, "normals": true, "vertex_colors": false,
            "warnings": []}),
    );
    assert_eq!(
        value["material_list"],
        json!([{"diffuse": [0.8, 0.8, 0.8, 1.0], "power": 10.0, "specular": [0.5, 0.5, 0.5],
            "emissive": [0.0, 0.0, 0.0], "texture": null, "sphere": null,
            "sphere_mode": "none"}])
    );
    let out = inspect(&x, false);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    assert_eq!(lines[1], "format:           x", "{text}");
    assert_eq!(lines[2], "encoding:         text", "{text}");
    for line in [
        "triangles:        2",
        "normals:          true",
        "materials:        1",
        "material 0: diffuse 0.8, 0.8, 0.8, 1.0; power 10.0; specular 0.5, 0.5, 0.5; emissive 0.0, 0.0, 0.0",
        "warnings:         0",
    ] {
        assert!(lines.contains(&line), "{line:?} in {text}");
    }

    let Some(vac) = fixture("three-mmd-loader/test_quad_accessory.vac") else {
        return;
    };
    assert_eq!(
        inspect_json(&vac),
        json!({"format": "vac", "name": "test_quad", "x_file": "test_quad_accessory.x",
            "scale": 1.5, "position": [0.0, -1.0, 0.5], "rotation_degrees": [90.0, 0.0, 0.0],
            "parent_bone": "center"})
    );
    let out = inspect(&vac, false);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().skip(1).map(str::trim).collect();
    assert_eq!(
        lines,
        [
            "format:           vac",
            "name:             test_quad",
            "parent_bone:      center",
            "position:         0.0, -1.0, 0.5",
            "rotation_degrees: 90.0, 0.0, 0.0",
            "scale:            1.5",
            "x_file:           test_quad_accessory.x",
        ],
        "{text}"
    );
}

/// An accessory made here with what the fixture lacks: a texture with a sphere map, vertex
/// colours, a face naming a missing vertex (left out and reported); and its settings without
/// a parent bone.
#[test]
fn accessory_textures_and_repairs_are_listed() {
    use mmd_format::text::encode_sjis;
    let scratch = tempfile::tempdir().unwrap();
    let x = scratch.path().join("lamp.x");
    let body = "xof 0303txt 0032
        Mesh { 3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;;
          2; 3;0,1,2;, 4;0,1,2,5;;
          MeshVertexColors { 1; 0;1.0;0.0;0.0;1.0;;; }
          MeshMaterialList { 1; 1; 0;;
            Material { 1.0;1.0;1.0;0.5;; 5.0; 0.0;0.0;0.0;; 0.25;0.25;0.25;;
              TextureFilename { \"笠.png*光.spa\"; } } } }";
    std::fs::write(&x, encode_sjis(body)).unwrap();
    let value = inspect_json(&x);
    assert_fields(
        "lamp.x",
        &value,
        &json!({"meshes": 1, "vertices": 3, "faces": 2, "triangles": 1, "normals": false,
            "vertex_colors": true,
            "warnings": ["mesh 0: 1 faces name vertices past the 3 given; left out"]}),
    );
    assert_eq!(value["material_list"][0]["texture"], "笠.png");
    assert_eq!(value["material_list"][0]["sphere"], "光.spa");
    assert_eq!(value["material_list"][0]["sphere_mode"], "add");

    let out = inspect(&x, false);
    let text = String::from_utf8(out.stdout).unwrap();
    let tail: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(
        tail,
        [
            "    mesh 0: 1 faces name vertices past the 3 given; left out",
            "  warnings:         1",
        ],
        "{text}"
    );
    assert!(
        text.contains("power 5.0; specular 0.0, 0.0, 0.0; emissive 0.25, 0.25, 0.25; texture 笠.png; sphere 光.spa (add)"),
        "{text}"
    );

    let vac = scratch.path().join("lamp.vac");
    std::fs::write(
        &vac,
        encode_sjis("照明\r\nlamp.x\r\n2\r\n0,10,0\r\n0,0,0\r\n\r\n"),
    )
    .unwrap();
    assert_eq!(inspect_json(&vac)["parent_bone"], Value::Null);
    let text = String::from_utf8(inspect(&vac, false).stdout).unwrap();
    assert!(
        text.lines().any(|l| l.trim() == "parent_bone:      none"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.trim() == "name:             照明"),
        "{text}"
    );
}

/// The project mmd-anim exported from `ik_multi_axis_limit.pmx` and
/// `ik_multi_bone_nondefault.vmd` (five bone keys on three bones, one key each for the camera,
/// light, gravity and self-shadow; its exporter leaves the model path and a NUL after the
/// layout's end).
#[test]
fn project_reports_its_models_keys_and_settings() {
    let Some(pmm) = fixture("mmd-anim/ik_multi_bone_from_pmx_vmd.pmm") else {
        return;
    };
    assert_eq!(
        inspect_json(&pmm),
        json!({"format": "pmm", "version": "0002", "output_size": [1024, 1024], "fps": 60.0,
            "play_from": null, "play_to": null, "play_loop": false, "audio": null,
            "models": [{"name": "ik_multi_axis_limit_fixture",
                "path": "..\\pmx\\ik_multi_axis_limit.pmx", "bones": 3, "morphs": 0,
                "ik_bones": 0, "bone_keys": 5, "morph_keys": 0, "model_keys": 1,
                "outside_parent_keys": 0}],
            "camera_keys": 1, "camera_follow_keys": 0, "light_keys": 1, "self_shadow_keys": 1,
            "gravity_keys": 1, "accessories": [], "accessory_keys": 0, "trailing_bytes": 31,
            "warnings": []})
    );
    let out = inspect(&pmm, false);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().skip(1).map(str::trim).collect();
    for line in [
        "format:           pmm",
        "version:          0002",
        "models:           1",
        "0: ik_multi_axis_limit_fixture, ..\\pmx\\ik_multi_axis_limit.pmx; bone_keys 5, bones 3, \
         ik_bones 0, model_keys 1, morph_keys 0, morphs 0, outside_parent_keys 0",
        "play_from:        none",
        "warnings:         0",
    ] {
        assert!(lines.contains(&line), "{line:?} in {text}");
    }
}
