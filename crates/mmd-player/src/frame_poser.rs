//! Frames posed one after another for the headless subcommands, with `--physics` as asked:
//! off (each frame on its own), live (played through in order) or baked (simulated once from
//! frame 0, with a progress bar on a terminal).

use std::io::IsTerminal;

use anyhow::{Context, Result, bail};
use mmd_player::physics::{LivePhysics, MAX_BAKE_FRAMES, PhysicsBake, PoseInput};
use mmd_player::scene::Model;
use mmd_pose::{IkOverrides, Layers, Pose, evaluate_layers};

use crate::cli::{PhysicsArgs, PhysicsSwitch};

pub enum FramePoser {
    Off,
    Live(Box<LivePhysics>),
    Baked(PhysicsBake),
}

/// A terminal progress bar over `len` steps, or none when stderr is not a terminal.
pub fn progress_bar(len: u64, unit: &str) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(len);
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} {{eta}}");
        bar.set_style(
            indicatif::ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    })
}

impl FramePoser {
    /// The poser `args` ask for. Baked simulates frames `0..=last` (the motion's end, or
    /// the last frame to be posed when that is later) before returning.
    pub fn new(
        args: &PhysicsArgs,
        model: &Model,
        layers: &Layers,
        overrides: &IkOverrides,
        last: f32,
    ) -> Result<FramePoser> {
        let Some(switch) = args.physics else {
            return Ok(FramePoser::Off);
        };
        let options = args.physics_hz.options();
        let mut live = LivePhysics::new(&model.pmx, &options)
            .with_context(|| format!("{}: physics", model.label))?;
        Ok(match switch {
            PhysicsSwitch::Live => FramePoser::Live(Box::new(live)),
            PhysicsSwitch::Baked => {
                let last = layers.last_frame().max(last).max(0.0).ceil();
                if last >= MAX_BAKE_FRAMES as f32 {
                    bail!(
                        "--physics baked: {last} frames are too many to bake (at most \
                         {MAX_BAKE_FRAMES}); use --physics live"
                    );
                }
                let last = last as u32;
                let bar = progress_bar(u64::from(last) + 1, "frames simulated");
                let input = PoseInput {
                    rig: &model.rig,
                    layers,
                    overrides,
                    morph_pins: &[],
                };
                let mut progress = |done: u32, _total: u32| {
                    if let Some(bar) = &bar {
                        bar.set_position(u64::from(done));
                    }
                    true
                };
                let Some(bake) = PhysicsBake::bake(input, &mut live, last, &mut progress) else {
                    bail!("the physics bake stopped");
                };
                if let Some(bar) = bar {
                    bar.finish_and_clear();
                }
                for (frame, message) in &bake.blow_ups {
                    log::warn!("{}: frame {frame}: {message}", model.label);
                }
                FramePoser::Baked(bake)
            }
        })
    }

    pub fn pose(
        &mut self,
        model: &Model,
        layers: &Layers,
        overrides: &IkOverrides,
        frame: f32,
        pose: &mut Pose,
    ) {
        let input = PoseInput {
            rig: &model.rig,
            layers,
            overrides,
            morph_pins: &[],
        };
        match self {
            FramePoser::Off => evaluate_layers(&model.rig, layers, frame, overrides, &[], pose),
            FramePoser::Live(live) => {
                live.play_to(input, frame, pose);
                if let Some(message) = live.take_blow_up() {
                    log::warn!("{}: frame {frame}: {message}", model.label);
                }
            }
            FramePoser::Baked(bake) => bake.evaluate(input, frame, pose),
        }
    }
}
