//! `mmd-player solve-pose MODEL [MOTION...] --frame F --target BONE=X,Y,Z... [--pin BONE]...
//! [--free-feet] [--range BONE=RANGE]... --out pose.vpd [--key-vmd keys.vmd]`: the
//! full-body solver ([`mmd_pose::FullBodySolver`]) from the motions' pose at F, the feet
//! pinned unless `--free-feet`, targets in model space. Writes the solved pose as a VPD
//! (and as VMD keys at F) and prints JSON lines: one per target
//! `{"target":"左手首","goal":[x,y,z],"reached":[x,y,z],"residual":r}`, one per pin
//! `{"pin":"左足首","position_drift":d,"rotation_drift":a}`, then
//! `{"iterations":n,"solve_ms":t}`.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use glam::Vec3;
use mmd_pose::{
    FullBody, FullBodySolver, Handle, IkOverrides, JointRange, Pin, Pose, Rig, Target,
    evaluate_layers,
};
use mmd_scene::engine::pose_edit::vpd_model_name;
use mmd_scene::stage::scene::Scene;
use serde_json::json;

use crate::cli::SolvePoseArgs;

fn bone(rig: &Rig, name: &str, flag: &str) -> Result<usize> {
    rig.bone_index(name)
        .with_context(|| format!("{flag}: the model has no bone named {name:?}"))
}

/// Comma-separated finite numbers, exactly `N` of them.
fn numbers<const N: usize>(text: &str, what: &str) -> Result<[f32; N]> {
    let mut out = [0.0; N];
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != N {
        bail!("{what}: expected {N} comma-separated numbers, found {text:?}");
    }
    for (slot, part) in out.iter_mut().zip(parts) {
        let v: f32 = part
            .trim()
            .parse()
            .with_context(|| format!("{what}: {part:?} is not a number"))?;
        if !v.is_finite() {
            bail!("{what}: {part:?} is not a finite number");
        }
        *slot = v;
    }
    Ok(out)
}

fn parse_target(rig: &Rig, spec: &str) -> Result<Target> {
    let what = format!("--target {spec:?}");
    let Some((name, point)) = spec.split_once('=') else {
        bail!("{what}: expected BONE=X,Y,Z");
    };
    Ok(Target {
        bone: bone(rig, name.trim(), "--target")?,
        position: Vec3::from_array(numbers::<3>(point, &what)?),
    })
}

/// `MIN:MAX` in degrees.
fn bounds(text: &str, what: &str) -> Result<(f32, f32)> {
    let Some((lo, hi)) = text.split_once(':') else {
        bail!("{what}: expected MIN:MAX, found {text:?}");
    };
    let [lo] = numbers::<1>(lo, what)?;
    let [hi] = numbers::<1>(hi, what)?;
    if lo > hi {
        bail!("{what}: {lo} is above {hi}");
    }
    Ok((lo, hi))
}

fn parse_range(rig: &Rig, spec: &str) -> Result<(usize, JointRange)> {
    let what = format!("--range {spec:?}");
    let Some((name, range)) = spec.split_once('=') else {
        bail!("{what}: expected BONE=MIN:MAX or BONE=X0:X1,Y0:Y1,Z0:Z1");
    };
    let b = bone(rig, name.trim(), "--range")?;
    let axes: Vec<&str> = range.split(',').collect();
    let range = match axes[..] {
        [hinge] => {
            let (min, max) = bounds(hinge, &what)?;
            JointRange::Hinge { min, max }
        }
        [x, y, z] => {
            let [(x0, x1), (y0, y1), (z0, z1)] =
                [bounds(x, &what)?, bounds(y, &what)?, bounds(z, &what)?];
            JointRange::Euler {
                min: [x0, y0, z0],
                max: [x1, y1, z1],
            }
        }
        _ => bail!("{what}: expected one MIN:MAX or three"),
    };
    Ok((b, range))
}

/// The pins: the feet (unless `--free-feet`) and every `--pin`, each once, where the
/// motion has them.
fn pins(rig: &Rig, body: &FullBody, args: &SolvePoseArgs, reference: &Pose) -> Result<Vec<Pin>> {
    let mut bones = Vec::new();
    if !args.free_feet {
        for foot in [Handle::LeftFoot, Handle::RightFoot] {
            match body.handle(foot) {
                Some(b) => bones.push(b),
                None => log::warn!("the model has no {foot:?} to pin"),
            }
        }
    }
    for name in &args.pin {
        bones.push(bone(rig, name.trim(), "--pin")?);
    }
    let mut pins = Vec::with_capacity(bones.len());
    for b in bones {
        if !pins.iter().any(|p: &Pin| p.bone == b) {
            pins.push(Pin::at(reference, b).context("pinning a bone past the model")?);
        }
    }
    Ok(pins)
}

pub fn run(args: &SolvePoseArgs) -> Result<()> {
    if !args.frame.is_finite() || args.frame < 0.0 {
        bail!("--frame {}: not a frame from 0 up", args.frame);
    }
    let key_frame = match &args.key_vmd {
        Some(_) if args.frame.fract() != 0.0 || args.frame > u32::MAX as f32 => {
            bail!("--key-vmd: frame {} is not a whole frame", args.frame)
        }
        _ => args.frame as u32,
    };
    if args.target.is_empty() {
        bail!("solve-pose: give at least one --target BONE=X,Y,Z");
    }
    let scene = Scene::from_files(&args.files)?;
    let [actor] = scene.actors.as_slice() else {
        bail!("solve-pose: give one model");
    };
    actor.model.log_warnings();
    let rig = &actor.model.rig;
    let targets = args
        .target
        .iter()
        .map(|t| parse_target(rig, t))
        .collect::<Result<Vec<_>>>()?;
    let ranges = args
        .range
        .iter()
        .map(|r| parse_range(rig, r))
        .collect::<Result<Vec<_>>>()?;
    let body = FullBody::with_ranges(rig, &ranges);
    let mut reference = Pose::new(rig);
    let overrides = IkOverrides::new(rig);
    evaluate_layers(
        rig,
        actor.layers(),
        args.frame,
        &overrides,
        &[],
        &mut reference,
    );
    let pins = pins(rig, &body, args, &reference)?;

    let mut solver = FullBodySolver::new(rig, &body);
    let started = Instant::now();
    let report = solver.solve(rig, &body, &reference, &pins, &targets)?;
    let solve_ms = started.elapsed().as_secs_f64() * 1e3;

    let vpd = solver.to_vpd(
        rig,
        &vpd_model_name(args.files.first().map(PathBuf::as_path)),
    );
    let bytes = mmd_format::vpd::write(&vpd).context("writing the VPD")?;
    std::fs::write(&args.out, bytes)
        .with_context(|| format!("{}: cannot write", args.out.display()))?;
    if let Some(path) = &args.key_vmd {
        let vmd = solver.to_vmd_keys(rig, key_frame);
        let bytes = mmd_format::vmd::write(&vmd).context("writing the VMD")?;
        std::fs::write(path, bytes).with_context(|| format!("{}: cannot write", path.display()))?;
    }

    let solved = solver.pose();
    let position = |b: usize| solved.globals[b].w_axis.truncate();
    for t in &targets {
        let reached = position(t.bone);
        println!(
            "{}",
            json!({
                "target": rig.bone_name(t.bone),
                "goal": t.position.to_array(),
                "reached": reached.to_array(),
                "residual": reached.distance(t.position),
            })
        );
    }
    for p in &pins {
        let (moved, turned) = p.drift(solved).context("a pin past the model")?;
        println!(
            "{}",
            json!({
                "pin": rig.bone_name(p.bone),
                "position_drift": moved,
                "rotation_drift": turned,
            })
        );
    }
    println!(
        "{}",
        json!({"iterations": report.iterations, "solve_ms": solve_ms})
    );
    Ok(())
}
