//! Motion layers on the command line: `--layer FILE[:WEIGHT[:OFFSET]]` on `pose`, `render`
//! and `bench`, and `bake-motion`, whose VMD `inspect` reads and which `pose` shows as the
//! layers it was baked from (WAVEFILE 0.7 + frustrated 0.3 on Gene), IK as keyed, on and off.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::fixture;

fn player(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(args)
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The `pose` lines (frame, bone, matrix as printed), failing on an error.
fn pose(args: &[&str]) -> Vec<(f64, u64, Vec<f64>)> {
    let mut full = vec!["pose"];
    full.extend_from_slice(args);
    let out = player(&full);
    assert!(
        out.status.success(),
        "pose {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let m = v["m"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            (v["frame"].as_f64().unwrap(), v["bone"].as_u64().unwrap(), m)
        })
        .collect()
}

/// The largest difference between two `pose` outputs over the same frames and bones.
fn largest_difference(a: &[(f64, u64, Vec<f64>)], b: &[(f64, u64, Vec<f64>)]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .map(|(x, y)| {
            assert_eq!((x.0, x.1), (y.0, y.1));
            x.2.iter()
                .zip(&y.2)
                .map(|(p, q)| (p - q).abs())
                .fold(0.0, f64::max)
        })
        .fold(0.0, f64::max)
}

struct Gene {
    model: PathBuf,
    wavefile: PathBuf,
    frustrated: PathBuf,
}

fn gene() -> Option<Gene> {
    Some(Gene {
        model: fixture("gene/Gene_light.pmx")?,
        wavefile: fixture("mmd-viewer-js/vmd/wavefile_v2.vmd")?,
        frustrated: fixture("gene/motion/32_frustrated_v2023.vmd")?,
    })
}

#[test]
fn bake_motion_writes_a_vmd_that_poses_as_its_layers_at_every_whole_frame() {
    let Some(g) = gene() else { return };
    let dir = tempfile::tempdir().unwrap();
    let baked = dir.path().join("blended.vmd");
    let wavefile = format!("{}:0.7", path(&g.wavefile));
    let frustrated = format!("{}:0.3", path(&g.frustrated));
    let out = player(&[
        "bake-motion",
        path(&g.model),
        "--layer",
        &wavefile,
        "--layer",
        &frustrated,
        "--out",
        path(&baked),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // An ordinary VMD: inspect reads it, a key per frame from 0 to WAVEFILE's end.
    let out = player(&["inspect", path(&baked), "--json"]);
    assert!(out.status.success());
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["format"], "vmd");
    let frames = info["last_frame"].as_u64().unwrap() + 1;
    assert_eq!(frames, 2810, "WAVEFILE ends at frame 2809");
    assert_eq!(info["ik_keys"].as_u64(), Some(frames));
    let bones = info["bones"].as_u64().unwrap();
    assert!(bones > 100, "{info}");
    assert_eq!(info["bone_keys"].as_u64(), Some(bones * frames));
    assert_eq!(
        info["morph_keys"].as_u64(),
        Some(info["morphs"].as_u64().unwrap() * frames)
    );

    // Every bone at every whole frame of a stretch of the dance and of its end. A key's own
    // frame is sampled as MMD samples it, slerped toward the next key, which rounds its last
    // bits: with IK off every bone is the layers' pose to that rounding. With IK on, those
    // bits can move where a leg chain stops when its target is out of reach, as they would
    // in MMD replaying the bake (Gene's right knee, up to 0.09 on a quarter of the frames),
    // so there the bones outside the IK chains must agree and the legs only nearly.
    let frames = "0..150,2650..2809";
    let moved_by_ik = moved_by_ik(&g.model);
    for ik in [None, Some("on"), Some("off")] {
        let ik_args: Vec<&str> = ik.map_or(vec![], |v| vec!["--ik-all", v]);
        let mut layered = vec![path(&g.model), "--frames", frames];
        layered.extend(["--layer", &wavefile, "--layer", &frustrated]);
        layered.extend(&ik_args);
        let mut from_bake = vec![path(&g.model), path(&baked), "--frames", frames];
        from_bake.extend(&ik_args);
        let (a, b) = (pose(&layered), pose(&from_bake));
        assert_eq!(
            a.len() as u64,
            311 * 224,
            "every bone of Gene at every frame"
        );
        let (free_a, free_b) = if ik == Some("off") {
            (a.clone(), b.clone())
        } else {
            let free = |p: &[(f64, u64, Vec<f64>)]| {
                p.iter()
                    .filter(|(_, bone, _)| !moved_by_ik.contains(&(*bone as usize)))
                    .cloned()
                    .collect::<Vec<_>>()
            };
            (free(&a), free(&b))
        };
        let difference = largest_difference(&free_a, &free_b);
        assert!(difference <= 1e-4, "IK {ik:?}: {difference}");
        let legs = largest_difference(&a, &b);
        assert!(legs <= 0.2, "IK {ik:?}: the IK chains differ by {legs}");
    }
}

/// The bones an IK chain turns, with every bone below them or granted (付与) a rotation or
/// move from one of them.
fn moved_by_ik(model: &Path) -> std::collections::HashSet<usize> {
    let pmx = mmd_format::pmx::read(&std::fs::read(model).unwrap()).unwrap();
    let mut moved: std::collections::HashSet<usize> = pmx
        .bones
        .iter()
        .filter_map(|b| b.ik.as_ref())
        .flat_map(|ik| ik.links.iter().map(|l| l.bone as usize))
        .collect();
    loop {
        let before = moved.len();
        for (i, bone) in pmx.bones.iter().enumerate() {
            let from = |index: i32| usize::try_from(index).is_ok_and(|b| moved.contains(&b));
            if from(bone.parent) || bone.append.as_ref().is_some_and(|a| from(a.parent)) {
                moved.insert(i);
            }
        }
        if moved.len() == before {
            return moved;
        }
    }
}

#[test]
fn a_layer_at_weight_one_poses_as_the_motion_and_an_offset_shifts_it() {
    let Some(g) = gene() else { return };
    let m = path(&g.model);
    let dance = path(&g.frustrated);
    let plain = pose(&[m, dance, "--frames", "0,10.5,100"]);
    assert_eq!(
        plain,
        pose(&[m, "--layer", dance, "--frames", "0,10.5,100"])
    );
    let weighted = format!("{dance}:1:0");
    assert_eq!(
        plain,
        pose(&[m, "--layer", &weighted, "--frames", "0,10.5,100"])
    );
    let shifted = format!("{dance}:1:20");
    let later = pose(&[m, "--layer", &shifted, "--frames", "20,30.5,120"]);
    let frames_of = |lines: &[(f64, u64, Vec<f64>)]| -> Vec<Vec<f64>> {
        lines.iter().map(|l| l.2.clone()).collect()
    };
    assert_eq!(frames_of(&plain), frames_of(&later));
    // A second layer changes the pose; at weight 0 it is no layer.
    let laugh = fixture("gene/motion/02_laugh.vmd").unwrap();
    let laugh_half = format!("{}:0.5", path(&laugh));
    let blended = pose(&[m, dance, "--layer", &laugh_half, "--frames", "0,10.5,100"]);
    assert!(largest_difference(&plain, &blended) > 0.01);
    let laugh_off = format!("{}:0", path(&laugh));
    assert_eq!(
        plain,
        pose(&[m, dance, "--layer", &laugh_off, "--frames", "0,10.5,100"])
    );
}

#[test]
fn render_and_bench_take_layers() {
    let Some(g) = gene() else { return };
    let dir = tempfile::tempdir().unwrap();
    let layer = format!("{}:0.4", path(&g.frustrated));
    let out = player(&[
        "render",
        path(&g.model),
        path(&g.wavefile),
        "--layer",
        &layer,
        "--frames",
        "30",
        "--size",
        "64x48",
        "--out",
        path(dir.path()),
    ]);
    if out.status.success() {
        assert!(dir.path().join("frame_00030.png").is_file());
    } else {
        // Without a GPU adapter render fails as it always does; the layers parsed first.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            std::env::var("MMD_REQUIRE_GPU").as_deref() != Ok("1"),
            "render with a layer failed: {stderr}"
        );
        assert!(!stderr.contains("--layer"), "{stderr}");
    }
    let out = player(&[
        "bench",
        path(&g.model),
        path(&g.frustrated),
        "--layer",
        &layer,
        "--passes",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["layers"], 2);
    assert_eq!(line["frames"], 301);
}

#[test]
fn bad_layers_fail_with_one_line() {
    let Some(g) = gene() else { return };
    let m = path(&g.model);
    let too_heavy = format!("{}:2.5", path(&g.frustrated));
    let missing = "no/such/dance.vmd:0.5";
    for (args, names) in [
        (
            vec!["pose", m, "--layer", &too_heavy, "--frames", "0"],
            "2.5",
        ),
        (
            vec!["pose", m, "--layer", missing, "--frames", "0"],
            "dance.vmd",
        ),
        (vec!["pose", m, "--layer", m, "--frames", "0"], "a model"),
        (
            vec![
                "bake-motion",
                path(&g.frustrated),
                "--layer",
                m,
                "--out",
                "x.vmd",
            ],
            "not a model",
        ),
        (
            vec![
                "bake-motion",
                m,
                "--layer",
                path(&g.frustrated),
                "--frames",
                "1.5",
            ],
            "--out",
        ),
    ] {
        let out = player(&args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(names), "{args:?}: {stderr}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("x.vmd");
    let out = player(&[
        "bake-motion",
        m,
        "--layer",
        path(&g.frustrated),
        "--frames",
        "1.5",
        "--out",
        path(&out_file),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("whole frame"), "{stderr}");
    assert!(!out_file.exists());
}

/// A VMD turning the centre bone, with camera keys and (optionally) light keys: frame 0 to
/// `last`, the camera's distance running from -10 to -10 - `last` and the light's red from 0
/// to 1.
fn dance_with_camera(last: u32, light: bool) -> mmd_format::vmd::Vmd {
    use mmd_format::FixedText;
    use mmd_format::vmd::{BoneKey, CameraKey, LightKey, Vmd};
    let camera = |frame: u32| CameraKey {
        frame,
        distance: -10.0 - frame as f32,
        position: [0.0, 10.0, 0.0],
        rotation: [0.0; 3],
        interpolation: CameraKey::LINEAR_INTERPOLATION,
        fov: 30,
        perspective_off: 0,
    };
    let light_key = |frame: u32, red: f32| LightKey {
        frame,
        color: [red, 0.5, 0.5],
        direction: [-0.5, -1.0, 0.5],
    };
    Vmd {
        bone_keys: vec![BoneKey {
            name: FixedText::encode("センター"),
            frame: 0,
            translation: [0.0, 1.0, 0.0],
            rotation: [0.0, 0.0, 0.0, 1.0],
            interpolation: BoneKey::LINEAR_INTERPOLATION,
        }],
        camera_keys: vec![camera(0), camera(last)],
        light_keys: if light {
            vec![light_key(0, 0.0), light_key(last, 1.0)]
        } else {
            Vec::new()
        },
        ..Vmd::default()
    }
}

#[test]
fn the_camera_and_light_come_from_the_first_layer_having_them() {
    use mmd_scene::stage::layers::{LayerEdit, LayerSpec};
    use mmd_scene::stage::scene::{OpenInto, Scene};
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, vmd: &mmd_format::vmd::Vmd| {
        let p = dir.path().join(name);
        std::fs::write(&p, mmd_format::vmd::write(vmd).unwrap()).unwrap();
        p
    };
    let first = write("first.vmd", &dance_with_camera(100, false));
    let second = write("second.vmd", &dance_with_camera(40, true));
    let camera_only = {
        let mut vmd = dance_with_camera(100, false);
        vmd.bone_keys.clear();
        write("camera.vmd", &vmd)
    };

    let mut scene = Scene::from_files(&[]).unwrap();
    assert!(!scene.has_camera(), "the bundled dance has no camera");
    let spec = |path: &Path, offset: f32| LayerSpec {
        offset,
        ..LayerSpec::new(path)
    };
    scene
        .add_layers(0, &[spec(&second, 10.0), spec(&first, 0.0)])
        .unwrap();
    assert_eq!(scene.actors[0].layers().len(), 3);
    // The bundled dance has none: the second layer's camera, at its own frame.
    assert_eq!(scene.camera_label(), Some("second.vmd"));
    let at = |scene: &Scene, frame: f32| scene.camera_at(frame).unwrap().distance;
    assert_eq!(
        at(&scene, 30.0),
        -30.0,
        "frame 20 of the layer shifted by 10"
    );
    // Switched off, it gives the camera to the next layer having one.
    assert!(scene.actors[0].edit_layer(1, LayerEdit::Enabled(false)));
    assert_eq!(scene.camera_label(), Some("first.vmd"));
    assert_eq!(at(&scene, 30.0), -40.0);
    assert!(scene.actors[0].edit_layer(1, LayerEdit::Enabled(true)));
    // A camera motion opened on its own comes first.
    scene
        .add_layers(0, &[LayerSpec::new(&camera_only)])
        .unwrap();
    assert_eq!(
        scene.actors[0].layers().len(),
        3,
        "a camera alone is not a layer"
    );
    assert_eq!(scene.camera_label(), Some("camera.vmd"));
    assert_eq!(at(&scene, 30.0), -40.0);
    // Opening a dance with its camera hands the camera back to the (new) layers.
    let selected = OpenInto::Add { selected: Some(0) };
    scene.open(std::slice::from_ref(&second), selected).unwrap();
    assert_eq!(scene.camera_label(), Some("second.vmd"));
    assert_eq!(at(&scene, 30.0), -40.0);

    // bake-motion carries the first layer's camera and light, a key per frame.
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/default_model.pmx");
    let baked = dir.path().join("baked.vmd");
    let first_layer = format!("{}:0.5", path(&first));
    let second_layer = format!("{}:0.5:10", path(&second));
    let out = player(&[
        "bake-motion",
        path(&model),
        "--layer",
        &second_layer,
        "--layer",
        &first_layer,
        "--frames",
        "0..60",
        "--out",
        path(&baked),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let vmd = mmd_format::vmd::read(&std::fs::read(&baked).unwrap()).unwrap();
    assert_eq!(vmd.camera_keys.len(), 61);
    assert_eq!(vmd.light_keys.len(), 61);
    let camera = &vmd.camera_keys[30];
    assert_eq!((camera.frame, camera.distance), (30, -30.0));
    let light = &vmd.light_keys[30];
    assert_eq!(light.frame, 30);
    assert!((light.color[0] - 0.5).abs() < 1e-6, "{:?}", light.color);
    assert_eq!(
        vmd.bone_keys.len(),
        61,
        "the centre, the only bone animated"
    );
    assert_eq!(vmd.bone_keys[0].translation, [0.0, 1.0, 0.0]);
}
