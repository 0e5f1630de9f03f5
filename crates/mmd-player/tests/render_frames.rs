//! The `render` subcommand end to end: PNG files per frame from real fixtures, warnings for
//! missing textures, the camera motion, and errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

mod render_cli;

use render_cli::render;

fn fixture(rel: &str) -> Option<PathBuf> {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ))
    .join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
        panic!("MMD_REQUIRE_FIXTURES=1 but {} is missing", path.display());
    }
    eprintln!("skipping: fixture {} is missing", path.display());
    None
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mmd-render-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn load(path: &Path) -> image::RgbaImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

/// Pixels that are neither the white background nor the grey ground shadow.
fn model_pixels(image: &image::RgbaImage) -> usize {
    image
        .pixels()
        .filter(|p| {
            let [r, g, b, _] = p.0;
            let grey =
                r.abs_diff(g) < 8 && g.abs_diff(b) < 8 && (r > 245 || (150..200).contains(&r));
            !grey
        })
        .count()
}

#[test]
fn renders_gene_with_motion_one_png_per_frame() {
    let Some(model) = fixture("gene/Gene_light.pmx") else {
        return;
    };
    let Some(motion) = fixture("gene/motion/02_laugh.vmd") else {
        return;
    };
    let out = out_dir("gene");
    let Some(output) = render(
        &[
            model.as_os_str(),
            motion.as_os_str(),
            "--frames".as_ref(),
            "0,15.5,60".as_ref(),
            "--size".as_ref(),
            "128x96".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        None,
    ) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let names = ["frame_00000.png", "frame_00015.5.png", "frame_00060.png"];
    let images: Vec<_> = names.iter().map(|n| load(&out.join(n))).collect();
    for (name, image) in names.iter().zip(&images) {
        assert_eq!(image.dimensions(), (128, 96), "{name}");
        let covered = model_pixels(image);
        assert!(covered > 500, "{name}: only {covered} model pixels");
    }
    assert_ne!(
        images[0], images[2],
        "the motion moves the model between frames 0 and 60"
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 3);
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn missing_textures_are_warnings_not_failures() {
    let Some(model) = fixture("uka/MS_Uka.pmx") else {
        return;
    };
    let out = out_dir("uka");
    let Some(output) = render(
        &[
            model.as_os_str(),
            "--frames".as_ref(),
            "0".as_ref(),
            "--size".as_ref(),
            "64x64".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        None,
    ) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let missing: Vec<&str> = stderr.lines().filter(|l| l.contains("not found")).collect();
    assert_eq!(missing.len(), 7, "{stderr}");
    assert!(
        missing.iter().any(|l| l.contains(r"tex\face.png")),
        "{stderr}"
    );
    assert_eq!(load(&out.join("frame_00000.png")).dimensions(), (64, 64));
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn camera_motion_drives_the_view() {
    let Some(model) = fixture("blender_mmd_tools/pmx/巡音ルカ.pmx") else {
        return;
    };
    let Some(motion) = fixture("mmd-viewer-js/vmd/wavefile_v2.vmd") else {
        return;
    };
    let Some(camera) = fixture("three-mmd/vmds/wavefile_camera.vmd") else {
        return;
    };
    let run = |name: &str, camera: Option<&Path>| {
        let out = out_dir(name);
        let mut args = vec![
            model.as_os_str(),
            motion.as_os_str(),
            "--frames".as_ref(),
            "100,400".as_ref(),
            "--size".as_ref(),
            "96x64".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ];
        if let Some(camera) = camera {
            args.extend(["--camera".as_ref(), camera.as_os_str()]);
        }
        let output = render(&args, None)?;
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let images = [
            load(&out.join("frame_00100.png")),
            load(&out.join("frame_00400.png")),
        ];
        std::fs::remove_dir_all(&out).unwrap();
        Some(images)
    };
    let Some(with_camera) = run("luka-camera", Some(&camera)) else {
        return;
    };
    let Some(framed) = run("luka-framed", None) else {
        return;
    };
    for (k, image) in with_camera.iter().enumerate() {
        let covered = model_pixels(image);
        assert!(
            covered > 100,
            "image {k}: the camera keeps the dancer in view ({covered} pixels)"
        );
        assert_ne!(
            image, &framed[k],
            "image {k}: the camera motion, not the framing, is used"
        );
    }
    // The camera moves between the keys: the two frames differ more than the dance alone
    // would move the model under a fixed camera.
    let differing = |a: &image::RgbaImage, b: &image::RgbaImage| {
        a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count()
    };
    assert!(differing(&with_camera[0], &with_camera[1]) > differing(&framed[0], &framed[1]));
}

#[test]
fn bad_arguments_fail_with_one_line() {
    let out = out_dir("bad");
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(["render", "--size", "12", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--size \"12\""), "{stderr}");
    let missing = out.join("missing.pmx");
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("render")
        .arg(&missing)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing.pmx"));
}

/// `--self-shadow off` draws index.pmx (whose toons are not white) by its toons alone, and
/// the default draws MMD's self-shadow over it: the same silhouette, different shading.
#[test]
fn self_shadow_switch_changes_the_shading_not_the_silhouette() {
    let Some(model) = fixture("j3/miku/index.pmx") else {
        return;
    };
    let Some(motion) = fixture("mmd-viewer-js/vmd/wavefile_v2.vmd") else {
        return;
    };
    let mut images = Vec::new();
    for switch in ["on", "off"] {
        let out = out_dir(&format!("self-shadow-{switch}"));
        let Some(output) = render(
            &[
                model.as_os_str(),
                motion.as_os_str(),
                "--frames".as_ref(),
                "600".as_ref(),
                "--size".as_ref(),
                "320x320".as_ref(),
                "--self-shadow".as_ref(),
                switch.as_ref(),
                "--out".as_ref(),
                out.as_os_str(),
            ],
            None,
        ) else {
            return;
        };
        assert!(output.status.success(), "{output:?}");
        images.push(load(&out.join("frame_00600.png")));
    }
    let (on, off) = (&images[0], &images[1]);
    let changed = on
        .pixels()
        .zip(off.pixels())
        .filter(|(a, b)| a != b)
        .count();
    let (model_on, model_off) = (model_pixels(on), model_pixels(off));
    assert!(changed > 500, "{changed} pixels differ");
    assert!(
        model_on.abs_diff(model_off) * 50 < model_off,
        "{model_on} vs {model_off} model pixels"
    );
}

#[test]
fn camera_keys_one_frame_apart_cut_at_60_fps() {
    use mmd_format::FixedText;
    use mmd_format::vmd::{CameraKey, Vmd};
    let key = |frame: u32, x: f32| CameraKey {
        frame,
        distance: -40.0,
        position: [x, 10.0, 0.0],
        rotation: [0.0; 3],
        interpolation: CameraKey::LINEAR_INTERPOLATION,
        fov: 30,
        perspective_off: 0,
    };
    let vmd = Vmd {
        model_name: FixedText::encode("カメラ・照明"),
        // A shot held from frame 0 to 10, then a cut to a camera far to the side at 11.
        camera_keys: vec![key(0, 0.0), key(10, 0.0), key(11, 12.0), key(20, 12.0)],
        ..Vmd::default()
    };
    let out = out_dir("camera-cut");
    std::fs::create_dir_all(&out).unwrap();
    let camera = out.join("cut.vmd");
    std::fs::write(&camera, mmd_format::vmd::write(&vmd).unwrap()).unwrap();
    let frames_dir = out.join("frames");
    // The model alone stands at rest, so only the camera changes between frames.
    let model = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/default_model.pmx"
    ));
    let args: [&std::ffi::OsStr; 11] = [
        model.as_os_str(),
        "--camera".as_ref(),
        camera.as_os_str(),
        "--fps".as_ref(),
        "60".as_ref(),
        "--frames".as_ref(),
        "10,10.5,11".as_ref(),
        "--size".as_ref(),
        "96x72".as_ref(),
        "--out".as_ref(),
        frames_dir.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let frame = |name: &str| load(&frames_dir.join(name));
    let (before, between, after) = (
        frame("frame_00010.png"),
        frame("frame_00010.5.png"),
        frame("frame_00011.png"),
    );
    assert!(
        between == before,
        "the half frame holds the shot before the cut"
    );
    assert!(after != before, "the cut moves the camera");
    let _ = std::fs::remove_dir_all(&out);
}

/// Renders the bundled model standing at rest, frame 0, 96×96, with `light` (a VMD holding
/// only light keys, opened among the files as the scene's light motion) when given.
fn render_lit(name: &str, light: Option<([f32; 3], [f32; 3])>) -> Option<image::RgbaImage> {
    use mmd_format::vmd::{LightKey, Vmd};
    let out = out_dir(name);
    std::fs::create_dir_all(&out).unwrap();
    let model = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/default_model.pmx"
    ));
    let mut files = vec![model];
    if let Some((color, direction)) = light {
        let vmd = Vmd {
            light_keys: vec![LightKey {
                frame: 0,
                color,
                direction,
            }],
            ..Vmd::default()
        };
        let path = out.join("light.vmd");
        std::fs::write(&path, mmd_format::vmd::write(&vmd).unwrap()).unwrap();
        files.push(path);
    }
    let frames_dir = out.join("frames");
    let mut args: Vec<&std::ffi::OsStr> = files.iter().map(|f| f.as_os_str()).collect();
    args.extend([
        "--frames".as_ref(),
        "0".as_ref(),
        "--size".as_ref(),
        "96x96".as_ref(),
        "--out".as_ref(),
        frames_dir.as_os_str(),
    ]);
    let output = render(&args, None)?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let image = load(&frames_dir.join("frame_00000.png"));
    let _ = std::fs::remove_dir_all(&out);
    Some(image)
}

/// The mean brightness (0..255) of the model's pixels in columns `columns` of the image.
fn brightness(image: &image::RgbaImage, columns: std::ops::Range<u32>) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for (x, _, p) in image.enumerate_pixels() {
        let [r, g, b, _] = p.0;
        let grey = r.abs_diff(g) < 8 && g.abs_diff(b) < 8 && (r > 245 || (150..200).contains(&r));
        if columns.contains(&x) && !grey {
            sum += (f64::from(r) + f64::from(g) + f64::from(b)) / 3.0;
            count += 1;
        }
    }
    assert!(count > 50, "the model shows in the columns");
    sum / count as f64
}

#[test]
fn a_light_only_vmd_with_a_dim_colour_darkens_the_render() {
    let Some(default) = render_lit("light-default", None) else {
        return;
    };
    let Some(dim) = render_lit("light-dim", Some(([0.1; 3], [-0.5, -1.0, 0.5]))) else {
        return;
    };
    let (bright, dark) = (brightness(&default, 0..96), brightness(&dim, 0..96));
    assert!(
        dark < bright - 20.0,
        "dim light {dark:.1}, default {bright:.1}"
    );
}

#[test]
fn a_light_from_the_side_lights_that_side() {
    // Travelling towards +X the light comes from the model's right (-X), which the camera
    // in front sees on the image's left; travelling towards -X, the other way round.
    let from_right = render_lit("light-from-right", Some(([0.6; 3], [1.0, 0.0, 0.0])));
    let from_left = render_lit("light-from-left", Some(([0.6; 3], [-1.0, 0.0, 0.0])));
    let (Some(from_right), Some(from_left)) = (from_right, from_left) else {
        return;
    };
    let halves = |image: &image::RgbaImage| (brightness(image, 0..48), brightness(image, 48..96));
    let (left, right) = halves(&from_right);
    assert!(
        left > right + 5.0,
        "lit from the model's right: {left:.1} | {right:.1}"
    );
    let (left, right) = halves(&from_left);
    assert!(
        right > left + 5.0,
        "lit from the model's left: {left:.1} | {right:.1}"
    );
}

/// A model with bones and no vertices (MMD's own `Dammy_Bone.pmd` is one, as are bone-only
/// test models) renders: framed from its bones, its frames the empty stage.
#[test]
fn a_model_without_vertices_renders_its_frames() {
    use mmd_format::pmx::{self, Bone, Pmx};
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("bones.pmx");
    let bone = |name: &str, y: f32, parent: i32| Bone {
        name: name.to_owned(),
        position: [0.0, y, 0.0],
        parent,
        ..Bone::default()
    };
    let bones_only = Pmx {
        name: "bones only".to_owned(),
        bones: vec![bone("センター", 8.0, -1), bone("頭", 16.0, 0)],
        ..Pmx::default()
    };
    std::fs::write(&model, pmx::write(&bones_only).unwrap()).unwrap();
    let out = dir.path().join("frames");
    let args = [
        model.as_os_str(),
        "--frames".as_ref(),
        "0,1".as_ref(),
        "--size".as_ref(),
        "64x48".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ];
    let Some(output) = render(&args, None) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for name in ["frame_00000.png", "frame_00001.png"] {
        let image = load(&out.join(name));
        assert!(
            image.pixels().all(|p| p.0 == [255, 255, 255, 255]),
            "{name}: white"
        );
    }
}
