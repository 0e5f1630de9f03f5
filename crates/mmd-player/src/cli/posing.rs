//! Frames posed one after another for the headless subcommands, with `--physics` as asked:
//! off (each frame on its own), live (played through in order) or baked (simulated once from
//! frame 0, with a progress bar on a terminal), every model of the scene by itself.

use std::io::IsTerminal;

use anyhow::Result;
use mmd_scene::engine::SceneEngine;
use mmd_scene::stage::scene::Scene;

use mmd_scene::project::document::PhysicsEntry;

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

/// The engine with `physics`, ready to pose frames up to `last` in order. Baked simulates
/// frames `0..=last` (the motions' end, or the last frame to be posed when that is later)
/// before returning.
pub fn scene_engine(physics: PhysicsEntry, scene: &Scene, last: f32) -> Result<SceneEngine> {
    let mut bar = None;
    let mut progress = |done: u32, total: u32| {
        let bar = bar.get_or_insert_with(|| progress_bar(u64::from(total), "frames simulated"));
        if let Some(bar) = bar {
            bar.set_position(u64::from(done));
        }
        true
    };
    let physics = physics.engine_settings();
    let engine = SceneEngine::for_frames(scene, physics, Vec::new(), last, &mut progress);
    if let Some(Some(bar)) = bar {
        bar.finish_and_clear();
    }
    Ok(engine?)
}

/// Logs the blow-ups of the frame `engine` posed last.
pub fn log_blow_ups(engine: &SceneEngine, scene: &Scene, frame: f32) {
    for (index, message) in engine.blow_ups() {
        log::warn!(
            "{}: frame {frame}: {message}",
            scene.actors[index].model.label
        );
    }
}
