//! `mmd-player bench MODEL MOTION [MODEL MOTION]... [--layer FILE[:WEIGHT[:OFFSET]]]...
//! [--passes N] [--physics [--physics-hz 60|120|240]]`: parses the first model and motion,
//! then evaluates every frame of the scene (each model with the motions after it, the
//! `--layer`s on the last model) N times with IK on and with IK off (physics off), then
//! prints one JSON line of medians: `{"frames":N,"models":M,"bones":B,"layers":L,
//! "us_per_frame":..,"us_per_frame_no_ik":..,"parse_model_ms":..,"parse_motion_ms":..}`
//! (bones and layers summed over the models). A frame poses every model, the models in
//! parallel when there are several, as the player does.
//! With `--physics` it also plays the motions from frame 0 with every model's rigid bodies
//! simulated (one 1/30 s step a frame, as live playback and the bake do) and adds
//! `"physics_ms_per_frame"`: the whole frame, pose and physics, and `"bake_ms"`: all the
//! frames of one pass.

use std::fs;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use mmd_format::any::{AnyFile, read_any};
use mmd_pose::IkOverride;
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{PhysicsMode, SceneEngine};
use mmd_scene::project::read_error::read_bytes;
use mmd_scene::stage::scene::Scene;

use crate::cli::{BenchArgs, layer_specs};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        xs[n / 2]
    } else {
        0.5 * (xs[n / 2 - 1] + xs[n / 2])
    }
}

/// Runs `f` `passes` times and returns the median duration in milliseconds and the last
/// pass's value. Each pass's value is dropped before the next pass starts (outside the timed
/// region): kept alive while the next was made, a parsed model's large tables came from
/// fresh pages every pass (glibc maps them anew while the previous copy lives), so the
/// median timed the kernel's page faults more than the parser. The first pass still pays
/// them; the median leaves it out.
fn median_ms<T>(passes: u32, mut f: impl FnMut() -> Result<T>) -> Result<(f64, T)> {
    let mut times = Vec::with_capacity(passes as usize);
    let mut last = None;
    for _ in 0..passes {
        drop(last.take());
        let start = Instant::now();
        let value = f()?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
        last = Some(value);
    }
    let value = last.context("--passes must be at least 1")?;
    Ok((median(times), value))
}

/// The first model and the first motion among `files`, by their content.
fn first_model_and_motion(files: &[std::path::PathBuf]) -> Result<(&Path, &Path)> {
    let mut model = None;
    let mut motion = None;
    for path in files {
        let bytes = read_bytes(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        match read_any(&bytes) {
            Ok(AnyFile::Pmx(_) | AnyFile::Pmd(_)) => model = model.or(Some(path.as_path())),
            Ok(AnyFile::Vmd(_)) => motion = motion.or(Some(path.as_path())),
            _ => {}
        }
    }
    match (model, motion) {
        (Some(model), Some(motion)) => Ok((model, motion)),
        _ => bail!("give at least a model (PMX or PMD) and a motion (VMD)"),
    }
}

pub fn run(args: &BenchArgs) -> Result<()> {
    if args.passes == 0 {
        bail!("--passes must be at least 1");
    }
    let (model_path, motion_path) = first_model_and_motion(&args.files)?;
    let model_bytes =
        fs::read(model_path).with_context(|| format!("{}: cannot read", model_path.display()))?;
    let motion_bytes =
        fs::read(motion_path).with_context(|| format!("{}: cannot read", motion_path.display()))?;
    let (parse_model_ms, _) = median_ms(args.passes, || {
        read_any(&model_bytes).with_context(|| format!("{}", model_path.display()))
    })?;
    let (parse_motion_ms, _) = median_ms(args.passes, || {
        mmd_format::vmd::read(&motion_bytes).with_context(|| format!("{}", motion_path.display()))
    })?;

    let mut scene = Scene::from_files_with_layers(&args.files, &layer_specs(&args.layer)?)?;
    let frames = (scene.last_frame() as u32).saturating_add(1);
    let mut per_frame_us = |ik: IkOverride| -> Result<f64> {
        for actor in &mut scene.actors {
            actor.ik.set_all(ik);
        }
        let physics = (PhysicsMode::Off, args.physics_hz.rate());
        let mut engine =
            SceneEngine::for_frames(&scene, physics, Vec::new(), 0.0, &mut |_, _| true)?;
        let mut scene_frame = SceneFrame::default();
        let choices = FrameChoices::default();
        let (ms, ()) = median_ms(args.passes, || {
            for f in 0..frames {
                scene_frame.pose(&mut engine, &scene, f as f32, &choices);
            }
            std::hint::black_box(&engine);
            Ok(())
        })?;
        Ok(ms * 1e3 / f64::from(frames))
    };
    let us_per_frame = per_frame_us(IkOverride::On)?;
    let us_per_frame_no_ik = per_frame_us(IkOverride::Off)?;
    let actors = &scene.actors;
    let mut line = serde_json::json!({
        "frames": frames,
        "models": actors.len(),
        "bones": actors.iter().map(|a| a.model.rig.bone_count()).sum::<usize>(),
        "layers": actors.iter().map(|a| a.layers().len()).sum::<usize>(),
        "us_per_frame": us_per_frame,
        "us_per_frame_no_ik": us_per_frame_no_ik,
        "parse_model_ms": parse_model_ms,
        "parse_motion_ms": parse_motion_ms,
    });
    if args.physics {
        for actor in &mut scene.actors {
            actor.ik.set_all(IkOverride::Auto);
        }
        let physics = (PhysicsMode::Live, args.physics_hz.rate());
        let mut engine =
            SceneEngine::for_frames(&scene, physics, Vec::new(), 0.0, &mut |_, _| true)?;
        let mut scene_frame = SceneFrame::default();
        let choices = FrameChoices::default();
        let (bake_ms, ()) = median_ms(args.passes, || {
            engine.restart();
            for f in 0..frames {
                scene_frame.pose(&mut engine, &scene, f as f32, &choices);
            }
            std::hint::black_box(&engine);
            Ok(())
        })?;
        line["physics_ms_per_frame"] = (bake_ms / f64::from(frames)).into();
        line["bake_ms"] = bake_ms.into();
    }
    println!("{line}");
    Ok(())
}
