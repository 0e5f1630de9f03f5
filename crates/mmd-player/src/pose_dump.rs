//! `mmd-player pose MODEL [MOTION...] --frames LIST [--layer FILE[:WEIGHT[:OFFSET]]]...
//! [--ik NAME=on|off|auto]... [--ik-all on|off|auto] [--ik-method [NAME=]ccd|jacobian]...
//! [--vertices] [--physics [live|baked]] [--physics-hz 60|120|240]`: model-space bone
//! matrices (and CPU-skinned vertices) as JSON lines, the format DESIGN.md fixes. Without
//! files, the bundled default model and motion:
//! `{"frame":15.5,"bone":3,"name":"センター","m":[16 floats, column-major]}` then
//! `{"frame":15.5,"vertex":7,"p":[x,y,z]}`.

use std::io::{BufWriter, Write};

use anyhow::{Context, Result, bail};
use mmd_pose::{IkMethod, IkOverride, IkOverrides, Pose, Rig, SkinMesh};

use crate::cli::{IkSwitch, PoseArgs, layer_specs};
use crate::frame_list;
use crate::frame_poser::FramePoser;
use mmd_player::scene::Scene;

fn switch(s: IkSwitch) -> IkOverride {
    match s {
        IkSwitch::On => IkOverride::On,
        IkSwitch::Off => IkOverride::Off,
        IkSwitch::Auto => IkOverride::Auto,
    }
}

/// `--ik-all` first, then each `--ik NAME=on|off|auto` on top; then the solvers
/// (`--ik-method`).
fn parse_overrides(rig: &Rig, args: &PoseArgs) -> Result<IkOverrides> {
    let mut overrides = IkOverrides::new(rig);
    if let Some(all) = args.ik_all {
        overrides.set_all(switch(all));
    }
    for spec in &args.ik {
        let Some((name, value)) = spec.split_once('=') else {
            bail!("--ik {spec:?}: expected NAME=on|off|auto");
        };
        let value = match value.trim().to_ascii_lowercase().as_str() {
            "on" => IkOverride::On,
            "off" => IkOverride::Off,
            "auto" => IkOverride::Auto,
            other => bail!("--ik {spec:?}: {other:?} is not on, off or auto"),
        };
        overrides.set(ik_bone(rig, name, "--ik")?, value);
    }
    parse_methods(rig, &args.ik_method, &mut overrides)?;
    Ok(overrides)
}

fn ik_bone(rig: &Rig, name: &str, flag: &str) -> Result<usize> {
    rig.bone_index(name)
        .filter(|&b| rig.ik_solver_of_bone(b).is_some())
        .with_context(|| format!("{flag}: the model has no IK bone named {name:?}"))
}

fn method(spec: &str, value: &str) -> Result<IkMethod> {
    match value.trim().to_ascii_lowercase().as_str() {
        "ccd" => Ok(IkMethod::Ccd),
        "jacobian" => Ok(IkMethod::Jacobian),
        other => bail!("--ik-method {spec:?}: {other:?} is not ccd or jacobian"),
    }
}

/// `--ik-method ccd|jacobian` for every chain first, then each `NAME=ccd|jacobian` on top.
fn parse_methods(rig: &Rig, specs: &[String], overrides: &mut IkOverrides) -> Result<()> {
    for spec in specs.iter().filter(|s| !s.contains('=')) {
        overrides.set_all_methods(method(spec, spec)?);
    }
    for spec in specs {
        if let Some((name, value)) = spec.split_once('=') {
            let m = method(spec, value)?;
            overrides.set_method(ik_bone(rig, name, "--ik-method")?, m);
        }
    }
    Ok(())
}

pub fn run(args: &PoseArgs) -> Result<()> {
    let frames = frame_list::parse(&args.frames).context("--frames")?;
    let scene = Scene::from_command_line_with_layers(&args.files, &layer_specs(&args.layer)?)?;
    scene.model.log_warnings();
    let rig = &scene.model.rig;
    let layers = scene.layers();
    let overrides = parse_overrides(rig, args)?;
    let mesh = args.vertices.then(|| SkinMesh::from_pmx(&scene.model.pmx));
    let last = frames.iter().copied().fold(0.0f32, f32::max);
    let mut poser = FramePoser::new(&args.physics, &scene.model, layers, &overrides, last)?;

    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let names: Vec<String> = (0..rig.bone_count())
        .map(|i| serde_json::to_string(rig.bone_name(i)))
        .collect::<Result<_, _>>()?;
    let mut pose = Pose::new(rig);
    let mut vertices = Vec::new();
    for &frame in &frames {
        poser.pose(&scene.model, layers, &overrides, frame, &mut pose);
        for (i, m) in pose.globals.iter().enumerate() {
            write!(
                out,
                "{{\"frame\":{frame},\"bone\":{i},\"name\":{},\"m\":[",
                names[i]
            )?;
            write_floats(&mut out, &m.to_cols_array())?;
            writeln!(out, "]}}")?;
        }
        if let Some(mesh) = &mesh {
            mesh.skin(&pose, &mut vertices);
            for (i, p) in vertices.iter().enumerate() {
                write!(out, "{{\"frame\":{frame},\"vertex\":{i},\"p\":[")?;
                write_floats(&mut out, &p.to_array())?;
                writeln!(out, "]}}")?;
            }
        }
    }
    out.flush().context("writing to stdout")?;
    Ok(())
}

/// Comma-separated floats; JSON has no NaN or infinity, so those (which the engine never
/// produces) are written as null.
fn write_floats(out: &mut impl Write, values: &[f32]) -> std::io::Result<()> {
    for (k, v) in values.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        if v.is_finite() {
            write!(out, "{v}")?;
        } else {
            out.write_all(b"null")?;
        }
    }
    Ok(())
}
