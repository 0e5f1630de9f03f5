//! `mmd-player bake-motion MODEL --layer FILE[:WEIGHT[:OFFSET]]... [--frames LIST] --out
//! FILE`: blends the layers on the model and writes the blend as one ordinary VMD, a key per
//! frame ([`mmd_scene::engine::flatten`]). Frames are whole, from 0 up; by default every frame
//! from 0 to the layers' last key. Prints one line naming what was written.

use anyhow::{Context, Result, bail};
use mmd_scene::engine::flatten;
use mmd_scene::stage::actor::Actor;
use mmd_scene::stage::model::read_model;
use mmd_scene::stage::scene::Scene;

use super::frame_list;
use crate::cli::{BakeMotionArgs, layer_specs};

/// The whole frames `LIST` names, ascending, each once.
fn whole_frames(list: &str) -> Result<Vec<u32>> {
    let mut frames = Vec::new();
    for f in frame_list::parse(list)? {
        if f < 0.0 || f.fract() != 0.0 || f > u32::MAX as f32 {
            bail!("{f} is not a whole frame from 0 up");
        }
        frames.push(f as u32);
    }
    frames.sort_unstable();
    frames.dedup();
    Ok(frames)
}

pub fn run(args: &BakeMotionArgs) -> Result<()> {
    let mut scene = Scene {
        actors: vec![Actor::new(read_model(&args.model)?)],
        ..Scene::default()
    };
    scene.add_layers(0, &layer_specs(&args.layer)?)?;
    let actor = &scene.actors[0];
    actor.model.log_warnings();
    let frames = match &args.frames {
        Some(list) => whole_frames(list).context("--frames")?,
        None => (0..=actor.last_frame().max(0.0).ceil() as u32).collect(),
    };
    let vmd = flatten::flatten_layers(&scene, 0, &frames).context("no model to bake")?;
    let bytes = mmd_format::vmd::write(&vmd).context("writing the VMD")?;
    std::fs::write(&args.out, bytes)
        .with_context(|| format!("{}: cannot write", args.out.display()))?;
    println!(
        "{}: frames {}..={}, {} bone keys, {} morph keys, {} show/IK keys, {} camera keys, {} \
         light keys",
        args.out.display(),
        frames.first().copied().unwrap_or(0),
        frames.last().copied().unwrap_or(0),
        vmd.bone_keys.len(),
        vmd.morph_keys.len(),
        vmd.ik_keys.len(),
        vmd.camera_keys.len(),
        vmd.light_keys.len(),
    );
    Ok(())
}
