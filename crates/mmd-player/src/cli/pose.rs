//! `mmd-player pose [MODEL [MOTION...]]... --frames LIST [--layer FILE[:WEIGHT[:OFFSET]]]...
//! [--ik NAME=on|off|auto]... [--ik-all on|off|auto] [--ik-method [NAME=]ccd|jacobian]...
//! [--vertices] [--physics [live|baked]] [--physics-hz 60|120|240]`: model-space bone
//! matrices (and CPU-skinned vertices) as JSON lines, the format DESIGN.md fixes. Without
//! files, the bundled default model and motion:
//! `{"frame":15.5,"bone":3,"name":"センター","m":[16 floats, column-major]}` then
//! `{"frame":15.5,"vertex":7,"p":[x,y,z]}`. With several models each line starts with the
//! model's place on the command line, `{"model":1,"frame":…`; `--ik` and `--ik-method` name
//! bones of any of them.

use std::io::{BufWriter, Write};

use anyhow::{Context, Result, bail};
use mmd_pose::{IkMethod, IkOverride, IkOverrides, Rig, SkinMesh};

use super::frame_list;
use super::posing::{log_blow_ups, scene_engine};
use crate::cli::project::{open_scene, physics_of};
use crate::cli::{IkSwitch, PoseArgs, layer_specs};
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::stage::scene::Scene;

fn switch(s: IkSwitch) -> IkOverride {
    match s {
        IkSwitch::On => IkOverride::On,
        IkSwitch::Off => IkOverride::Off,
        IkSwitch::Auto => IkOverride::Auto,
    }
}

/// `base` (a project's switches, else none), `--ik-all` over it, then each `--ik
/// NAME=on|off|auto` on top; then the solvers (`--ik-method`); a name applies to every model
/// that has such an IK bone.
fn parse_overrides(rig: &Rig, base: IkOverrides, args: &PoseArgs) -> Result<IkOverrides> {
    let mut overrides = base;
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
        if let Some(bone) = ik_bone(rig, name) {
            overrides.set(bone, value);
        }
    }
    parse_methods(rig, &args.ik_method, &mut overrides)?;
    Ok(overrides)
}

/// The IK bone names of `--ik` and `--ik-method` that no model has.
fn unknown_ik_names(scene: &Scene, args: &PoseArgs) -> Option<String> {
    let named = args.ik.iter().map(|s| ("--ik", s)).chain(
        args.ik_method
            .iter()
            .filter(|s| s.contains('='))
            .map(|s| ("--ik-method", s)),
    );
    for (flag, spec) in named {
        let name = spec.split_once('=').map_or(spec.as_str(), |(n, _)| n);
        if !scene
            .actors
            .iter()
            .any(|a| ik_bone(&a.model.rig, name).is_some())
        {
            let which = if scene.actors.len() > 1 {
                "no model has"
            } else {
                "the model has no"
            };
            return Some(format!("{flag}: {which} IK bone named {name:?}"));
        }
    }
    None
}

fn ik_bone(rig: &Rig, name: &str) -> Option<usize> {
    rig.bone_index(name)
        .filter(|&b| rig.ik_solver_of_bone(b).is_some())
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
            if let Some(bone) = ik_bone(rig, name) {
                overrides.set_method(bone, m);
            }
        }
    }
    Ok(())
}

pub fn run(args: &PoseArgs) -> Result<()> {
    let frames = frame_list::parse(&args.frames).context("--frames")?;
    let (mut scene, project) = open_scene(&args.files, &layer_specs(&args.layer)?)?;
    if let Some(problem) = unknown_ik_names(&scene, args) {
        bail!(problem);
    }
    for actor in &mut scene.actors {
        actor.model.log_warnings();
        actor.ik = parse_overrides(&actor.model.rig, actor.ik.clone(), args)?;
    }
    let meshes: Vec<Option<SkinMesh>> = scene
        .actors
        .iter()
        .map(|a| args.vertices.then(|| SkinMesh::from_pmx(&a.model.pmx)))
        .collect();
    let last = frames.iter().copied().fold(0.0f32, f32::max);
    let mut engine = scene_engine(physics_of(&args.physics, project.as_ref()), &scene, last)?;

    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let several = scene.actors.len() > 1;
    let names: Vec<Vec<String>> = scene
        .actors
        .iter()
        .map(|a| {
            let rig = &a.model.rig;
            (0..rig.bone_count())
                .map(|i| serde_json::to_string(rig.bone_name(i)))
                .collect::<Result<_, _>>()
        })
        .collect::<Result<_, _>>()?;
    let mut vertices = Vec::new();
    let mut scene_frame = SceneFrame::default();
    for &frame in &frames {
        scene_frame.pose(&mut engine, &scene, frame, &FrameChoices::default());
        log_blow_ups(&engine, &scene, frame);
        for (k, pose) in engine.poses().enumerate() {
            let model = if several {
                format!("\"model\":{k},")
            } else {
                String::new()
            };
            for (i, m) in pose.globals.iter().enumerate() {
                write!(
                    out,
                    "{{{model}\"frame\":{frame},\"bone\":{i},\"name\":{},\"m\":[",
                    names[k][i]
                )?;
                write_floats(&mut out, &m.to_cols_array())?;
                writeln!(out, "]}}")?;
            }
            if let Some(mesh) = &meshes[k] {
                mesh.skin(pose, &mut vertices);
                for (i, p) in vertices.iter().enumerate() {
                    write!(out, "{{{model}\"frame\":{frame},\"vertex\":{i},\"p\":[")?;
                    write_floats(&mut out, &p.to_array())?;
                    writeln!(out, "]}}")?;
                }
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
