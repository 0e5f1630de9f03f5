//! Accessories drawn by `mmd-player render`: a backdrop behind the bundled model shaded with
//! MMD's accessory lighting, Tr blending it with the background, AD adding it, the settings
//! given with `--accessory`, and the MIT accessory fixture with its `.vac`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use mmd_format::xfile::{self, XFile};

mod common;
mod render_cli;
mod x_meshes;

use render_cli::render;
use x_meshes::{cube, material, square};

/// A square wall 2 × 2 file units (20 × 20 at Si 1), facing the camera (−Z) from both sides'
/// windings, in `colour` with `emissive`.
fn wall(colour: [f32; 3], emissive: [f32; 3]) -> XFile {
    square(material(colour, emissive), |x, y| {
        ([x, y, 0.0], [0.0, 0.0, -1.0])
    })
}

/// The same square lying flat at y = 0, facing up.
fn floor(colour: [f32; 3]) -> XFile {
    square(material(colour, [0.0; 3]), |x, z| {
        ([x, 0.0, z], [0.0, 1.0, 0.0])
    })
}

/// Renders `frames` (as `--frames` takes them) of `files` with `extra` options at 320×240
/// into `out`, which must succeed; `None` without a GPU.
fn render_frames(files: &[&Path], frames: &str, out: &Path, extra: &[&str]) -> Option<()> {
    let mut args: Vec<&OsStr> = files.iter().map(|p| p.as_os_str()).collect();
    for a in ["--frames", frames, "--size", "320x240", "--out"] {
        args.push(OsStr::new(a));
    }
    args.push(out.as_os_str());
    args.extend(extra.iter().map(OsStr::new));
    let output = render(&args, None)?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(())
}

/// Renders frame 0 of the bundled model with `files` and `extra` options at 320×240; `None`
/// without a GPU.
fn render_frame(
    dir: &Path,
    name: &str,
    files: &[&Path],
    extra: &[&str],
) -> Option<image::RgbaImage> {
    let out = dir.join(name);
    render_frames(files, "0", &out, extra)?;
    Some(image::open(out.join("frame_00000.png")).unwrap().to_rgba8())
}

fn pixel(image: &image::RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let [r, g, b, _] = image.get_pixel(x, y).0;
    [r, g, b]
}

fn near(actual: [u8; 3], expected: [f32; 3]) -> bool {
    actual
        .iter()
        .zip(expected)
        .all(|(&a, e)| (f32::from(a) - e * 255.0).abs() <= 3.0)
}

/// MMD's default light: colour 154/255, travelling along (−0.5, −1, 0.5).
fn lambert_toward_camera() -> f32 {
    let to_light = glam::Vec3::new(0.5, 1.0, -0.5).normalize();
    glam::Vec3::NEG_Z.dot(to_light)
}

#[test]
fn a_backdrop_is_lit_as_mmd_lights_accessories_and_honours_tr_and_ad() {
    let dir = tempfile::tempdir().unwrap();
    let wall_path = dir.path().join("wall.x");
    std::fs::write(
        &wall_path,
        xfile::write_text(&wall([0.0, 0.0, 1.0], [0.1, 0.0, 0.0])),
    )
    .unwrap();
    // Far behind the model and ten times as large as it is tall: it fills the frame's edges.
    let place = "1:pos=0,10,60:si=10";
    // Without the self-shadow here: the backdrop's colour alone is under test.
    let render_wall = |name: &str, settings: &str| {
        render_frame(
            dir.path(),
            name,
            &[&wall_path],
            &["--accessory", settings, "--self-shadow", "off"],
        )
    };
    let Some(opaque) = render_wall("opaque", place) else {
        return;
    };
    // Blue: diffuse × (light − 0.3) + diffuse × N·L; red: the emissive colour alone.
    let blue = (154.0 / 255.0 - 0.3) + lambert_toward_camera();
    let corner = pixel(&opaque, 4, 4);
    assert!(near(corner, [0.1, 0.0, blue]), "{corner:?} vs blue {blue}");

    let translucent = format!("{place}:tr=0.5");
    let half = render_wall("half", &translucent).unwrap();
    let corner = pixel(&half, 4, 4);
    assert!(
        near(corner, [0.5 + 0.05, 0.5, 0.5 + blue * 0.5]),
        "{corner:?}: half the wall over the white background"
    );

    let added = format!("{place}:ad=on");
    let additive = render_wall("additive", &added).unwrap();
    assert_eq!(pixel(&additive, 4, 4), [255, 255, 255], "added onto white");

    let hidden = format!("{place}:show=off");
    let none = render_wall("hidden", &hidden).unwrap();
    assert_eq!(
        pixel(&none, 4, 4),
        [255, 255, 255],
        "a hidden accessory is not drawn"
    );
}

/// A grey floor under the model takes the model's self-shadow: in the shadow only the unlit
/// part (diffuse × (light − 0.3)) is left; out of it, in the same shadow map, the floor is as
/// lit as without the self-shadow (the coverage is not limited by N·L, as it is for toon
/// materials).
#[test]
fn a_floor_receives_the_self_shadow_and_stays_lit_outside_it() {
    let dir = tempfile::tempdir().unwrap();
    let floor_path = dir.path().join("floor.x");
    std::fs::write(&floor_path, xfile::write_text(&floor([0.5; 3]))).unwrap();
    let options = ["--accessory", "1:si=2", "--ground-shadow", "off"];
    let Some(image) = render_frame(dir.path(), "floor", &[&floor_path], &options) else {
        return;
    };
    let unlit = 0.5 * (154.0 / 255.0 - 0.3);
    let up_to_light = glam::Vec3::Y.dot(glam::Vec3::new(0.5, 1.0, -0.5).normalize());
    let lit = unlit + 0.5 * up_to_light;
    // Where the bundled model's shadow falls at frame 0 (behind it, on the image's left: the
    // light travels towards −X), and a spot of floor beside its feet.
    let shadowed = pixel(&image, 95, 210);
    assert!(near(shadowed, [unlit; 3]), "{shadowed:?} vs {unlit}");
    let beside = pixel(&image, 200, 215);
    assert!(near(beside, [lit; 3]), "{beside:?} vs {lit}");
}

/// A box 2 file units wide glowing in `emissive` alone (diffuse black), so that its pixels
/// are exactly that colour lit or not.
fn glowing_box(emissive: [f32; 3]) -> XFile {
    cube(1.0, material([0.0; 3], emissive))
}

/// The centre of the pixels of exactly `colour`, and how many there are.
fn centroid(image: &image::RgbaImage, colour: [u8; 3]) -> (glam::Vec2, usize) {
    let points: Vec<glam::Vec2> = image
        .enumerate_pixels()
        .filter(|(_, _, p)| p.0[..3] == colour)
        .map(|(x, y, _)| glam::Vec2::new(x as f32, y as f32))
        .collect();
    let sum: glam::Vec2 = points.iter().copied().sum();
    (sum / points.len().max(1) as f32, points.len())
}

/// A red box held by 右手首 of the dancing bundled model moves with the hand from frame 0 to
/// frame 120 (where the dance raises that hand about 8 units); a blue one without a parent
/// stays where its `.vac` puts it.
#[test]
fn a_box_held_by_the_hand_moves_with_it_and_one_on_the_floor_stays() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, colour, position, parent) in [
        ("held", [1.0, 0.0, 0.0], [0.0, 0.0, 0.0], Some("右手首")),
        ("standing", [0.0, 0.0, 1.0], [-8.0, 2.0, 0.0], None),
    ] {
        let x = dir.path().join(format!("{name}.x"));
        std::fs::write(&x, xfile::write_text(&glowing_box(colour))).unwrap();
        let vac = dir.path().join(format!("{name}.vac"));
        let settings = mmd_format::vac::Vac {
            name: name.to_owned(),
            x_file: format!("{name}.x"),
            scale: 0.05,
            position,
            rotation_degrees: [0.0; 3],
            parent_bone: parent.map(str::to_owned),
        };
        std::fs::write(&vac, mmd_format::vac::write(&settings)).unwrap();
        files.push(vac);
    }
    let out = dir.path().join("frames");
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    if render_frames(&files, "0,120", &out, &[]).is_none() {
        return;
    }
    let frame = |n: &str| image::open(out.join(n)).unwrap().to_rgba8();
    let (first, second) = (frame("frame_00000.png"), frame("frame_00120.png"));
    let (red_0, red_count_0) = centroid(&first, [255, 0, 0]);
    let (red_120, red_count_120) = centroid(&second, [255, 0, 0]);
    let (blue_0, blue_count_0) = centroid(&first, [0, 0, 255]);
    let (blue_120, blue_count_120) = centroid(&second, [0, 0, 255]);
    assert!(
        red_count_0 > 10 && red_count_120 > 10,
        "{red_count_0}, {red_count_120}"
    );
    assert!(
        blue_count_0 > 10 && blue_count_0 == blue_count_120,
        "{blue_count_0}, {blue_count_120}"
    );
    assert!(
        red_0.distance(red_120) > 5.0,
        "the held box moved {red_0} → {red_120}"
    );
    assert!(
        blue_0.distance(blue_120) < 0.01,
        "the standing box moved {blue_0} → {blue_120}"
    );
}

/// A project's accessory keys (as a `.pmm` brings them) move a glowing box across the view:
/// left of the model at frame 0, right at frame 40, halfway between at frame 20.
#[test]
fn a_keyed_accessory_moves_between_its_keys_in_a_render() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("box.x");
    std::fs::write(&x, xfile::write_text(&glowing_box([1.0, 0.0, 0.0]))).unwrap();
    let project = dir.path().join("keyed.mmdproject");
    std::fs::write(
        &project,
        r#"{ "format": "mmd-player project", "version": 2,
             "models": [ { "file": "bundled", "layers": [ { "files": ["bundled"] } ] } ],
             "physics": { "mode": "off" },
             "accessories": [ { "file": "box.x", "keys": [
               { "frame": 0, "position": [-10, 10, -5], "scale": 0.1 },
               { "frame": 40, "position": [10, 10, -5], "scale": 0.1 } ] } ] }"#,
    )
    .unwrap();
    let out = dir.path().join("frames");
    if render_frames(&[&project], "0,20,40", &out, &[]).is_none() {
        return;
    }
    let at = |n: &str| {
        let (centre, count) = centroid(&image::open(out.join(n)).unwrap().to_rgba8(), [255, 0, 0]);
        assert!(count > 10, "{n}: {count} red pixels");
        centre
    };
    let (left, middle, right) = (
        at("frame_00000.png"),
        at("frame_00020.png"),
        at("frame_00040.png"),
    );
    assert!(right.x - left.x > 100.0, "{left} → {right}");
    assert!(
        (middle.x - (left.x + right.x) / 2.0).abs() < 3.0,
        "halfway at frame 20: {left}, {middle}, {right}"
    );
    assert!((left.y - right.y).abs() < 3.0, "{left} → {right}");
}

#[test]
fn a_bad_accessory_setting_is_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let wall_path = dir.path().join("wall.x");
    std::fs::write(&wall_path, xfile::write_text(&wall([1.0; 3], [0.0; 3]))).unwrap();
    let out = dir.path().join("out");
    let args = [
        wall_path.as_os_str(),
        OsStr::new("--accessory"),
        OsStr::new("2:si=1"),
        OsStr::new("--out"),
        out.as_os_str(),
    ];
    let output = render(&args, None).expect("fails before any GPU work");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--accessory \"2:si=1\": the scene has 1 accessory"),
        "{stderr}"
    );
}

#[test]
fn the_fixture_accessory_and_its_vac_render_under_the_model() {
    let Some(folder) = common::fixture("three-mmd-loader") else {
        return;
    };
    let vac: PathBuf = folder.join("test_quad_accessory.vac");
    let dir = tempfile::tempdir().unwrap();
    let Some(with) = render_frame(dir.path(), "with", &[&vac], &[]) else {
        return;
    };
    let without = render_frame(dir.path(), "without", &[], &[]).unwrap();
    // The quad lies flat (90° about X), 30 units wide, at the model's feet: grey pixels
    // appear where the white floor was.
    let changed = with
        .pixels()
        .zip(without.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 24))
        .count();
    assert!(changed > 2000, "{changed} pixels changed");
}
