//! `mmd-player render [MODEL [MOTION...]]... [--layer FILE[:WEIGHT[:OFFSET]]]... [--camera
//! CAMERA.vmd] [--frames LIST] [--size WxH] [--fps 30|60] [--out DIR] [--video FILE]`:
//! renders frames offscreen (no display needed) and writes one PNG per frame,
//! `DIR/frame_00015.png` (fractional frames keep their fraction: `frame_00015.5.png`), and/or
//! encodes them into a video (`mmd_player::export::ffmpeg`); both get the same images.
//! Every model on the command line is drawn, each with the motions after it. Without a
//! camera motion the camera frames the models' bounding box over all the frames.
//! `--physics [live|baked]` simulates the rigid bodies as `pose` does.

use std::path::Path;

use anyhow::{Context, Result, anyhow};
use mmd_player::export::ffmpeg::AudioInput;
use mmd_player::export::frames::{FrameRenderer, FrameSink};
use mmd_pose::{CameraMotion, LightMotion, SelfShadowMotion};
use mmd_render::Camera;
use mmd_scene::engine::frame::{CameraChoice, FrameChoices, SceneFrame};
use mmd_scene::project::read_error::{FileProblem, read_bytes};
use mmd_scene::stage::bounds::scene_bounds;
use mmd_scene::stage::scene::Scene;
use mmd_scene::stage::source::{Source, Track};
use mmd_session::view_options::ViewOptions;

use super::frame_list;
use super::posing::{log_blow_ups, progress_bar, scene_engine};
use crate::cli::project::{RenderSettings, scene_of};
use crate::cli::{Fps, RenderArgs};

/// Parses `WxH`.
pub(crate) fn parse_size(text: &str) -> Result<(u32, u32)> {
    let parse = || -> Option<(u32, u32)> {
        let (w, h) = text.trim().split_once(['x', 'X'])?;
        let (w, h) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
        (w > 0 && h > 0).then_some((w, h))
    };
    parse().with_context(|| format!("--size {text:?}: expected WIDTHxHEIGHT, e.g. 1280x720"))
}

/// What `--camera FILE` brings: its camera keys, and the light and self-shadow keys MMD keeps
/// beside them in the same file, as the scene's own tracks.
pub(crate) fn read_camera(path: &Path, scene: &mut Scene) -> Result<()> {
    let named = |problem: FileProblem| anyhow!("{}: {problem}", path.display());
    let bytes = read_bytes(path).map_err(named)?;
    let vmd = mmd_format::vmd::read(&bytes).map_err(|e| named(e.into()))?;
    let camera = CameraMotion::from_vmd(&vmd)
        .with_context(|| format!("{}: has no camera keys", path.display()))?;
    let label = path.display().to_string();
    let source = Source::File(path.to_path_buf());
    if let Some(light) = LightMotion::from_vmd(&vmd) {
        scene.light = Some(Track::new(&vmd, &label, &source, light));
    }
    if let Some(self_shadow) = SelfShadowMotion::from_vmd(&vmd) {
        scene.self_shadow = Some(Track::new(&vmd, &label, &source, self_shadow));
    }
    scene.camera = Some(Track::new(&vmd, &label, &source, camera));
    Ok(())
}

pub fn run(args: &RenderArgs) -> Result<()> {
    let (scene, project) = scene_of(&args.scene)?;
    let settings = RenderSettings::of(&args.scene, project.as_ref())?;
    let (width, height) = (settings.width, settings.height);
    let export_range = project.as_ref().and_then(|p| p.export.frames);
    let frames = match (&args.frames, export_range) {
        (Some(list), _) => frame_list::parse(list).context("--frames")?,
        (None, Some((first, last))) => {
            frame_list::parse(&format!("{first}..{last}")).context("the project's export range")?
        }
        (None, None) => every_frame(scene.last_frame(), settings.fps)
            .context("every frame of the motion; choose some with --frames")?,
    };
    for actor in &scene.actors {
        actor.model.log_warnings();
    }
    for accessory in &scene.accessories {
        accessory.log_warnings();
    }
    // Before the GPU and the physics bake, so that a missing encoder says so at once.
    let first = frames.first().copied().unwrap_or(0.0);
    let audio = AudioInput::of_scene(&scene, first, settings.music_offset);
    let mut sink = FrameSink::new(
        args.out.as_deref(),
        args.video.as_deref(),
        (width, height, settings.fps.per_second()),
        audio.as_ref(),
    )?;
    let (mut renderer, warnings) = FrameRenderer::new(&scene, width, height)?;
    for (model, warning) in &warnings {
        eprintln!("warning: {model}: {warning}");
    }

    let aspect = width as f32 / height as f32;
    // With nothing to frame (models without vertices or bones), MMD's start-up camera.
    let bounds = (!scene.has_camera())
        .then(|| scene_bounds(&scene, &frames))
        .flatten();
    let framing = bounds.map_or_else(Camera::default, |b| Camera::framing(b, aspect));

    let last = frames.iter().copied().fold(0.0f32, f32::max);
    let mut engine = scene_engine(settings.physics, &scene, last)?;
    let progress = progress_bar(frames.len() as u64, "frames");
    let choices = FrameChoices {
        camera: CameraChoice::Motion { otherwise: framing },
        light: None,
        self_shadow: settings.self_shadow,
    };
    let view = ViewOptions {
        ground_shadow: settings.ground_shadow,
        ..ViewOptions::default()
    };
    let mut scene_frame = SceneFrame::default();
    for &frame in &frames {
        scene_frame.pose(&mut engine, &scene, frame, &choices);
        log_blow_ups(&engine, &scene, frame);
        let image = renderer.render(&scene, &scene_frame, |i| engine.pose_of(i), &view)?;
        sink.write(frame, &image)?;
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    sink.finish()?;
    Ok(())
}

/// Every frame from 0 to the motion's end at `fps`: MMD's whole frames at 30, and the half
/// frames between them too at 60.
fn every_frame(last_frame: f32, fps: Fps) -> Result<Vec<f32>> {
    let last = last_frame.max(0.0).ceil() as u64;
    let whole = frame_list::parse(&format!("0..{last}"))?;
    Ok(match fps {
        Fps::Thirty => whole,
        Fps::Sixty => (0..=2 * last).map(|i| i as f32 * 0.5).collect(),
    })
}

/// The box around the CPU-skinned models over all `frames`, so one fixed camera keeps the
/// whole performance in view.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_fps_adds_the_half_frames() {
        assert_eq!(
            every_frame(2.0, Fps::Sixty).ok(),
            Some(vec![0.0, 0.5, 1.0, 1.5, 2.0])
        );
        assert_eq!(
            every_frame(1.2, Fps::Thirty).ok(),
            Some(vec![0.0, 1.0, 2.0])
        );
        assert!(every_frame(1.0e9, Fps::Sixty).is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1280x720").ok(), Some((1280, 720)));
        assert_eq!(parse_size("64X48").ok(), Some((64, 48)));
        assert!(parse_size("0x10").is_err());
        assert!(parse_size("1280").is_err());
        assert!(parse_size("axb").is_err());
    }
}
