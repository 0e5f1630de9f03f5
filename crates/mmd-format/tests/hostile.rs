//! Hostile input: truncated and corrupted variants of every fixture model, motion, pose,
//! accessory (the `.x` also in its binary and compressed encodings) and project (the fixture
//! and a written 0002 project with every kind of key), fed to `read_any`. Each
//! must end in `Ok` or a clean `Err` whose offset lies inside the input — never a panic. A
//! corrupt PMD that still reads must also convert to a valid PMX, and a corrupt `.x` that still
//! reads must be drawable (every index in range). Counts are checked against the remaining
//! bytes before allocating, so memory stays bounded by the input size; the variant counts
//! below keep the whole test to a few seconds in a debug build.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod pmm_writer;

use std::panic::catch_unwind;

use mmd_format::any::{AnyFile, ReadAnyError, read_any};
use mmd_format::convert::pmd_to_pmx;
use mmd_format::pmm::PmmVersion;
use mmd_format::xfile::XFile;
use mmd_format::{pmd, pmx, vmd};

use common::fixture;
use common::x_encode::{mszip, to_binary};

const MODELS: [&str; 11] = [
    "gene/Gene_light.pmx",
    "gene/Gene_light.pmd",
    "uka/MS_Uka.pmx",
    "mmd-viewer-js/miku/miku_v2.pmd",
    "blender_mmd_tools/pmx/初音ミク.pmx",
    "blender_mmd_tools/pmx/巡音ルカ.pmx",
    "j3/miku/index.pmx",
    "mmd-anim/model_descriptor_parity.pmx",
    "mmd-anim/ik_multi_axis_limit.pmx",
    "mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx",
    "babylon-mmd/bone_flag_test.pmx",
];

const MOTIONS: [&str; 9] = [
    "gene/motion/02_laugh.vmd",
    "gene/motion/00_normal.vmd",
    "gene/motion/32_frustrated_v2023.vmd",
    "mmd-viewer-js/vmd/wavefile_v2.vmd",
    "mmd-viewer-js/vmd/tokino_kakera_cam.vmd",
    "three-mmd/vmds/wavefile_camera.vmd",
    "j3/miku/im5066365.vmd",
    "mmd.js/zoom_in.vmd",
    "synthetic/ik_toggle.vmd",
];

const POSES: [&str; 1] = ["mmdloader-app/makoto_basic.vpd"];

const PROJECT: &str = "mmd-anim/ik_multi_bone_from_pmx_vmd.pmm";

const ACCESSORY: &str = "three-mmd-loader/test_quad_accessory.x";
const ACCESSORY_SETTINGS: &str = "three-mmd-loader/test_quad_accessory.vac";

/// Tiny deterministic PRNG (xorshift64), so every run tests the same variants.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Offsets where a section's count starts, from the structure of the intact file.
fn section_starts(bytes: &[u8]) -> Vec<usize> {
    match read_any(bytes).unwrap() {
        AnyFile::Vmd(v) => {
            let header = if v.version == vmd::VmdVersion::New {
                50
            } else {
                40
            };
            let sizes = [
                v.bone_keys.len() * 111,
                v.morph_keys.len() * 23,
                v.camera_keys.len() * 61,
                v.light_keys.len() * 28,
                v.shadow_keys.len() * 9,
            ];
            let mut starts = vec![header];
            for size in sizes {
                starts.push(starts[starts.len() - 1] + 4 + size);
            }
            starts
        }
        AnyFile::Pmd(p) => {
            let mut starts = vec![283];
            let mut at = 283 + 4 + p.vertices.len() * 38;
            starts.push(at);
            at += 4 + p.faces.len() * 6;
            starts.push(at);
            at += 4 + p.materials.len() * 70;
            starts.push(at);
            at += 2 + p.bones.len() * 39;
            starts.push(at);
            at += 2 + p
                .iks
                .iter()
                .map(|ik| 11 + 2 * ik.links.len())
                .sum::<usize>();
            starts.push(at);
            at += 2 + p
                .morphs
                .iter()
                .map(|m| 25 + 16 * m.vertices.len())
                .sum::<usize>();
            starts.push(at);
            // The extensions start where a model without them ends.
            let without = |f: &dyn Fn(&mut pmd::Pmd)| {
                let mut q = p.clone();
                f(&mut q);
                pmd::write(&q).unwrap().len()
            };
            starts.push(without(&|q| {
                q.english = None;
                q.toon_textures = None;
                q.physics = None;
            }));
            starts.push(without(&|q| {
                q.toon_textures = None;
                q.physics = None;
            }));
            starts.push(without(&|q| q.physics = None));
            starts
        }
        AnyFile::Pmx(p) => {
            // Emptying every section from k on leaves one 4-byte zero count per emptied
            // section after section k's start.
            type Clear = fn(&mut pmx::Pmx);
            let clears: [Clear; 10] = [
                |m| m.vertices.clear(),
                |m| m.faces.clear(),
                |m| m.textures.clear(),
                |m| m.materials.clear(),
                |m| m.bones.clear(),
                |m| m.morphs.clear(),
                |m| m.display_frames.clear(),
                |m| m.rigid_bodies.clear(),
                |m| m.joints.clear(),
                |m| m.soft_bodies.clear(),
            ];
            let sections = if p.header.version > 2.0 { 10 } else { 9 };
            (0..sections)
                .filter_map(|k| {
                    let mut q = p.clone();
                    clears[k..sections].iter().for_each(|clear| clear(&mut q));
                    let len = pmx::write(&q).ok()?.len();
                    Some(len - 4 * (sections - k))
                })
                .collect()
        }
        AnyFile::Vpd(_) | AnyFile::Vac(_) => line_starts(bytes),
        // Text: where objects open and lines start. Binary and compressed: a spread of
        // offsets, some of which land on list counts and block sizes.
        AnyFile::X(_) if &bytes[8..12] == b"txt " => {
            let mut starts = line_starts(bytes);
            starts.extend(
                bytes
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == b'{')
                    .map(|(i, _)| i + 1),
            );
            starts
        }
        AnyFile::X(_) => (16..bytes.len()).step_by(6).collect(),
        // Counts, links and indices sit between records of many sizes: every third offset.
        AnyFile::Pmm(_) => (30..bytes.len()).step_by(3).collect(),
    }
}

fn line_starts(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'\n')
        .map(|(i, _)| i + 1)
        .collect()
}

/// What every accessory the reader accepts must hold: indices in range, one material per
/// triangle, at least one material.
fn accessory_problem(x: &XFile) -> Option<String> {
    let vertices = x.vertices.len() as u32;
    let materials = x.materials.len() as u32;
    if x.materials.is_empty() {
        return Some("no material".into());
    }
    if x.triangle_materials.len() != x.triangles.len() {
        return Some("triangle materials do not match the triangles".into());
    }
    if let Some(t) = x
        .triangles
        .iter()
        .find(|t| t.iter().any(|&i| i >= vertices))
    {
        return Some(format!("triangle {t:?} past {vertices} vertices"));
    }
    if let Some(m) = x.triangle_materials.iter().find(|&&m| m >= materials) {
        return Some(format!("material {m} past {materials}"));
    }
    None
}

/// Truncated and mutated copies of `bytes`, each with a description.
fn variants(bytes: &[u8], seed: u64) -> Vec<(String, Vec<u8>)> {
    let len = bytes.len();
    // Files over 1 MB take most of the time (a debug build parses ~30 MB/s): fewer variants.
    let big = len > 1 << 20;
    let spread = if big { 8 } else { 32 };
    let around = if big { 1 } else { 2 };
    let mut out = Vec::new();
    let mut cuts: Vec<usize> = (0..len.min(96)).collect();
    cuts.extend((1..spread).map(|i| i * len / spread));
    for start in section_starts(bytes) {
        cuts.extend(start.saturating_sub(around)..(start + around + 1).min(len));
    }
    // Small files: every offset.
    if len <= 2048 {
        cuts.extend(0..len);
    }
    cuts.sort_unstable();
    cuts.dedup();
    for cut in cuts.into_iter().filter(|&c| c < len) {
        out.push((format!("truncated to {cut}"), bytes[..cut].to_vec()));
    }

    // Hostile counts at every section start: huge, negative (as i32), one too many.
    for start in section_starts(bytes).into_iter().filter(|&s| s + 4 <= len) {
        let values: &[u32] = if big {
            &[u32::MAX, 0x8000_0000]
        } else {
            &[u32::MAX, 0x7FFF_FFFF, 0x8000_0000, 0x0001_0000]
        };
        for &value in values {
            let mut v = bytes.to_vec();
            v[start..start + 4].copy_from_slice(&value.to_le_bytes());
            out.push((format!("count {value:#x} at {start}"), v));
        }
        let mut v = bytes.to_vec();
        v[start] = v[start].wrapping_add(1);
        out.push((format!("count + 1 at {start}"), v));
    }

    // Random byte mutations, denser near the start where the headers and counts are.
    let mut rng = XorShift(seed);
    for i in 0..spread + 4 {
        let mut v = bytes.to_vec();
        let region = if i % 2 == 0 { len.min(4096) } else { len };
        let flips = 1 + rng.below(4);
        let mut at = Vec::new();
        for _ in 0..flips {
            let pos = rng.below(region);
            v[pos] = rng.next() as u8;
            at.push(pos);
        }
        out.push((format!("bytes changed at {at:?}"), v));
    }
    out
}

/// Feeds every variant of every file to `read_any`; returns the failures.
fn run(files: &[&str]) -> (usize, Vec<String>) {
    let mut inputs = Vec::new();
    for file in files {
        let Some(bytes) = fixture(file) else {
            return (0, Vec::new());
        };
        inputs.push((file.to_string(), bytes));
    }
    run_inputs(&inputs)
}

/// Feeds every variant of every (name, bytes) to `read_any`; returns the failures.
fn run_inputs(inputs: &[(String, Vec<u8>)]) -> (usize, Vec<String>) {
    let mut total = 0;
    let mut failures = Vec::new();
    for (n, (file, bytes)) in inputs.iter().enumerate() {
        for (what, v) in variants(bytes, 0x9E37_79B9_7F4A_7C15 ^ n as u64) {
            total += 1;
            match catch_unwind(|| read_any(&v)) {
                Err(_) => failures.push(format!("{file}: {what}: panicked")),
                Ok(Err(ReadAnyError::Invalid(e))) if e.offset > v.len() => failures.push(format!(
                    "{file}: {what}: error offset {} past the end ({e})",
                    e.offset
                )),
                // A corrupt PMD that still reads must convert to a PMX that PMX's own
                // (index-checking) reader reads without a warning: the conversion left no
                // bad index behind.
                Ok(Ok(AnyFile::Pmd(model))) => {
                    let converted = catch_unwind(|| {
                        let pmx = pmd_to_pmx(&model);
                        pmx::read(&pmx::write(&pmx).ok()?)
                            .ok()
                            .filter(|p| p.warnings.is_empty())
                    });
                    match converted {
                        Err(_) => failures.push(format!("{file}: {what}: conversion panicked")),
                        Ok(None) => failures.push(format!("{file}: {what}: converted PMX invalid")),
                        Ok(Some(_)) => {}
                    }
                }
                // A corrupt PMX that still reads names bytes inside the file in its warnings,
                // and neutralised every bad index: written again, it reads without warnings.
                Ok(Ok(AnyFile::Pmx(model))) => {
                    if let Some(w) = model.warnings.iter().find(|w| w.offset >= v.len()) {
                        failures.push(format!("{file}: {what}: warning past the end ({w})"));
                    }
                    let again = pmx::write(&model).ok().and_then(|b| pmx::read(&b).ok());
                    if !again.is_some_and(|p| p.warnings.is_empty()) {
                        failures.push(format!("{file}: {what}: not neutralised"));
                    }
                }
                // A project that still reads names bytes inside the file in its warnings.
                Ok(Ok(AnyFile::Pmm(project))) => {
                    if let Some(w) = project.warnings.iter().find(|w| w.offset >= v.len()) {
                        failures.push(format!("{file}: {what}: warning past the end ({w})"));
                    }
                }
                // An accessory that still reads is drawable: every index in range.
                Ok(Ok(AnyFile::X(x))) => {
                    if let Some(problem) = accessory_problem(&x) {
                        failures.push(format!("{file}: {what}: {problem}"));
                    }
                }
                Ok(_) => {}
            }
        }
    }
    (total, failures)
}

fn check(files: &[&str], minimum: usize) {
    report(run(files), files.len(), minimum);
}

fn report((total, failures): (usize, Vec<String>), files: usize, minimum: usize) {
    if total == 0 {
        return;
    }
    eprintln!("{total} variants of {files} files");
    assert!(total >= minimum, "only {total} variants");
    assert!(
        failures.is_empty(),
        "{} of {total} variants failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn corrupted_models_never_panic() {
    check(&MODELS, 1000);
}

#[test]
fn corrupted_motions_never_panic() {
    check(&MOTIONS, 1000);
}

#[test]
fn corrupted_poses_never_panic() {
    check(&POSES, 300);
}

#[test]
fn corrupted_accessories_never_panic() {
    check(&[ACCESSORY, ACCESSORY_SETTINGS], 1000);
}

/// The accessory in its other three encodings, so that binary tokens and MSZIP blocks are
/// cut and overwritten too.
#[test]
fn corrupted_binary_and_compressed_accessories_never_panic() {
    let Some(text) = fixture(ACCESSORY) else {
        return;
    };
    let body = mmd_format::text::decode_sjis(&text[16..]);
    let binary = to_binary(&body, false);
    let doubles = to_binary(&body, true);
    // Repeated meshes make the compressed text span blocks that copy from each other.
    let long = [text.clone(), text[16..].repeat(60)].concat();
    let inputs = vec![
        ("binary".to_string(), binary.clone()),
        ("binary, 64-bit floats".to_string(), doubles),
        ("compressed text".to_string(), mszip(&text).0),
        ("compressed binary".to_string(), mszip(&binary).0),
        (
            "compressed text, several blocks".to_string(),
            mszip(&long).0,
        ),
    ];
    for (name, bytes) in &inputs {
        assert!(
            read_any(bytes).is_ok_and(|f| matches!(f, AnyFile::X(_))),
            "{name} reads"
        );
    }
    let count = inputs.len();
    report(run_inputs(&inputs), count, 1000);
}

/// The fixture project, and a 0002 project with every kind of key and setting (0001 projects
/// need their models, which `read_any` does not have: `pmm.rs` mutates those).
#[test]
fn corrupted_projects_never_panic() {
    let Some(fixture_bytes) = fixture(PROJECT) else {
        return;
    };
    let sample = pmm_writer::write(&pmm_writer::sample::sample_project(PmmVersion::V2));
    let inputs = vec![
        (PROJECT.to_string(), fixture_bytes),
        ("written 0002 project".to_string(), sample),
    ];
    report(run_inputs(&inputs), inputs.len(), 1000);
}

#[test]
fn formats_are_detected_by_magic() {
    use mmd_format::Format;
    use mmd_format::any::detect;
    assert_eq!(detect(b"PMX \0\0\0\x40"), Some(Format::Pmx));
    assert_eq!(detect(b"Pmd\0\0\x80\x3f"), Some(Format::Pmd));
    assert_eq!(detect(b"Vocaloid Motion Data 0002\0"), Some(Format::Vmd));
    assert_eq!(detect(b"Vocaloid Motion Data file\0"), Some(Format::Vmd));
    assert_eq!(
        detect(b"Vocaloid Pose Data file\r\n\r\n"),
        Some(Format::Vpd)
    );
    assert_eq!(detect(b"Vocaloid Pose Data file"), Some(Format::Vpd));
    assert_eq!(detect(b"xof 0303bzip0032"), Some(Format::X));
    assert_eq!(detect(b"name\r\nthing.x\r\n1.0\r\n"), Some(Format::Vac));
    assert_eq!(detect(b"Polygon Movie maker 0001\0"), Some(Format::Pmm));
    assert_eq!(detect(b"Polygon Movie maker 0002\0"), Some(Format::Pmm));
    assert_eq!(detect(b"pmx "), None);
    assert_eq!(detect(b"Vocaloid Motion Data 0003"), None);
}

#[test]
fn garbage_is_an_unknown_format() {
    assert_eq!(read_any(b""), Err(ReadAnyError::UnknownFormat));
    assert_eq!(read_any(b"\x89PNG\r\n"), Err(ReadAnyError::UnknownFormat));
    assert_eq!(
        read_any(b"Vocaloid Pose Data filez"),
        Err(ReadAnyError::UnknownFormat)
    );
    assert!(ReadAnyError::UnknownFormat.to_string().contains("byte 0"));
}
