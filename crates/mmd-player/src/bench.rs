//! `mmd-player bench MODEL MOTION [--layer FILE[:WEIGHT[:OFFSET]]]... [--passes N] [--physics
//! [--physics-hz 60|120|240]]`: parses the files and evaluates every frame of the motion (and
//! its layers) N times with IK on and with IK off (physics off), then prints one JSON line of
//! medians: `{"frames":N,"bones":B,"layers":L,"us_per_frame":..,"us_per_frame_no_ik":..,
//! "parse_model_ms":..,"parse_motion_ms":..}`.
//! With `--physics` it also plays the motion from frame 0 with the rigid bodies simulated
//! (one 1/30 s step a frame, as live playback and the bake do) and adds
//! `"physics_ms_per_frame"`: the whole frame, pose and physics, and `"bake_ms"`: all the
//! frames of one pass.

use std::fs;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use mmd_format::any::{AnyFile, read_any};
use mmd_player::layers::read_layer;
use mmd_player::physics::{LivePhysics, PoseInput};
use mmd_pose::{IkOverride, IkOverrides, Layers, Motion, Pose, Rig, evaluate_layers, pmd_as_pmx};

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

pub fn run(args: &BenchArgs) -> Result<()> {
    if args.passes == 0 {
        bail!("--passes must be at least 1");
    }
    let model_bytes =
        fs::read(&args.model).with_context(|| format!("{}: cannot read", args.model.display()))?;
    let motion_bytes = fs::read(&args.motion)
        .with_context(|| format!("{}: cannot read", args.motion.display()))?;

    let (parse_model_ms, model) = median_ms(args.passes, || {
        read_any(&model_bytes).with_context(|| format!("{}", args.model.display()))
    })?;
    let (parse_motion_ms, vmd) = median_ms(args.passes, || {
        mmd_format::vmd::read(&motion_bytes).with_context(|| format!("{}", args.motion.display()))
    })?;
    let pmx = match model {
        AnyFile::Pmx(pmx) => *pmx,
        AnyFile::Pmd(pmd) => pmd_as_pmx(&pmd),
        _ => bail!("{}: not a model (PMX or PMD)", args.model.display()),
    };
    let (rig, _) = Rig::from_pmx(&pmx);
    let mut layers = Layers::single(Motion::bind(&rig, &[&vmd]));
    for spec in &layer_specs(&args.layer)? {
        layers.push(read_layer(&rig, spec)?);
    }
    let frames = (layers.last_frame() as u32).saturating_add(1);
    let mut pose = Pose::new(&rig);

    let mut per_frame_us = |ik: IkOverride| -> Result<f64> {
        let mut overrides = IkOverrides::new(&rig);
        overrides.set_all(ik);
        let (ms, ()) = median_ms(args.passes, || {
            for f in 0..frames {
                evaluate_layers(&rig, &layers, f as f32, &overrides, &[], &mut pose);
            }
            std::hint::black_box(&pose.globals);
            Ok(())
        })?;
        Ok(ms * 1e3 / f64::from(frames))
    };
    let us_per_frame = per_frame_us(IkOverride::On)?;
    let us_per_frame_no_ik = per_frame_us(IkOverride::Off)?;
    let mut line = serde_json::json!({
        "frames": frames,
        "bones": rig.bone_count(),
        "layers": layers.len(),
        "us_per_frame": us_per_frame,
        "us_per_frame_no_ik": us_per_frame_no_ik,
        "parse_model_ms": parse_model_ms,
        "parse_motion_ms": parse_motion_ms,
    });
    if args.physics {
        let overrides = IkOverrides::new(&rig);
        let input = PoseInput {
            rig: &rig,
            layers: &layers,
            overrides: &overrides,
            morph_pins: &[],
        };
        let mut live = LivePhysics::new(&pmx, &args.physics_hz.options())
            .with_context(|| format!("{}: physics", args.model.display()))?;
        let (bake_ms, ()) = median_ms(args.passes, || {
            live.restart();
            for f in 0..frames {
                live.evaluate(input, f as f32, &mut pose);
            }
            std::hint::black_box(&pose.globals);
            Ok(())
        })?;
        line["physics_ms_per_frame"] = (bake_ms / f64::from(frames)).into();
        line["bake_ms"] = bake_ms.into();
    }
    println!("{line}");
    Ok(())
}
