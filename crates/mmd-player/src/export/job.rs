//! File → Export video / Export frames: the scene rendered frame by frame on a thread of its
//! own, with its own headless GPU, so the window keeps drawing (and playing) meanwhile and
//! shows the progress. The thread owns a copy of the scene as it was when the export began;
//! frames go through [`super::frames`], the code `render` uses, so the same scene, frames and
//! size give the same pixels.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;

use mmd_physics::SubstepRate;
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{EngineError, PhysicsBake, PhysicsMode, SceneEngine};
use rust_i18n::t;

use super::ffmpeg::{AudioInput, VideoError, check_video};
use super::frames::{ExportError, FrameRenderer, FrameSink};
use crate::draw_list::ViewOptions;
use mmd_scene::stage::scene::Scene;

/// The most frames one export may hold: an hour at 60 fps.
pub const MAX_EXPORT_FRAMES: u32 = 216_000;

/// Where the frames go.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportTarget {
    /// One video file, .mp4 or .webm.
    Video(PathBuf),
    /// A folder of PNG files named as `render` names them.
    Frames(PathBuf),
}

impl ExportTarget {
    pub fn path(&self) -> &Path {
        match self {
            ExportTarget::Video(path) | ExportTarget::Frames(path) => path,
        }
    }
}

/// What the user asked to export: timeline frames `first..=last` at `fps` (30: MMD's frames;
/// 60: the half frames between them too), `width`×`height` pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportRequest {
    pub target: ExportTarget,
    pub first: u32,
    pub last: u32,
    pub fps: u32,
    pub width: u32,
    pub height: u32,
}

impl ExportRequest {
    /// The timeline frames exported, in order; empty when the request is not one that can
    /// be carried out (see [`ExportRequest::problem`]).
    pub fn frames(&self) -> Vec<f32> {
        if self.problem().is_some() {
            return Vec::new();
        }
        let per_frame = self.fps / 30;
        let count = (self.last - self.first) * per_frame + 1;
        (0..count)
            .map(|i| self.first as f32 + i as f32 / per_frame as f32)
            .collect()
    }

    /// Why the request cannot be carried out, in words; `None` when it can.
    pub fn problem(&self) -> Option<String> {
        if self.fps != 30 && self.fps != 60 {
            return Some(t!("export.rate", fps = self.fps).into_owned());
        }
        if self.last < self.first {
            return Some(t!("export.order", last = self.last, first = self.first).into_owned());
        }
        let count = u64::from(self.last - self.first) * u64::from(self.fps / 30) + 1;
        if count > u64::from(MAX_EXPORT_FRAMES) {
            let most = MAX_EXPORT_FRAMES;
            return Some(t!("export.too_many", count = count, most = most).into_owned());
        }
        if self.width == 0 || self.height == 0 {
            return Some(t!("export.empty_size").into_owned());
        }
        if self.target.path().as_os_str().is_empty() {
            return Some(t!("export.no_path").into_owned());
        }
        match &self.target {
            ExportTarget::Video(path) => check_video(path, (self.width, self.height), self.fps)
                .err()
                .map(|e| match e {
                    VideoError::UnknownFormat(path) => {
                        t!("export.unknown_format", path = path.display()).into_owned()
                    }
                    VideoError::OddSize { width, height } => {
                        t!("export.odd_size", width = width, height = height).into_owned()
                    }
                    other => other.to_string(),
                }),
            ExportTarget::Frames(_) => None,
        }
    }
}

/// The scene as the user sees it when the export begins.
pub struct ExportScene {
    /// The models (hidden ones are not drawn) with their overrides and pins.
    pub scene: Scene,
    /// The camera, light and self-shadow as the view draws them (the free camera as the
    /// user left it, or the scene's camera motion; a light set by hand).
    pub choices: FrameChoices,
    /// The View menu's switches (edges, ground shadow).
    pub view: ViewOptions,
    /// The timeline frame at which the scene's music starts.
    pub music_offset: f32,
    /// The player's physics mode and rate: live physics is simulated from the first frame's
    /// pose; baked uses the player's bakes, making those it lacks first.
    pub physics: (PhysicsMode, SubstepRate),
    /// The player's bakes, in scene order (`None` where a model has none yet).
    pub bakes: Vec<Option<Arc<PhysicsBake>>>,
}

/// How far an export has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportProgress {
    /// Opening the GPU and uploading the model.
    Preparing,
    /// Simulating the physics bake the frames need, `done` of `total` frames.
    Simulating { done: u32, total: u32 },
    /// `done` of `total` frames written.
    Rendering { done: u32, total: u32 },
}

/// How an export ended.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportOutcome {
    Done(ExportDone),
    /// The user stopped it.
    Cancelled,
    /// Why it failed, in words.
    Failed(String),
}

/// A finished export.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportDone {
    pub target: ExportTarget,
    pub frames: u32,
    /// Textures that could not be read, which drew as stand-ins.
    pub warnings: Vec<String>,
}

/// What the thread and the player share.
#[derive(Default)]
struct Shared {
    cancel: AtomicBool,
    /// 0 preparing, 1 simulating, 2 rendering.
    stage: AtomicU32,
    done: AtomicU32,
    total: AtomicU32,
}

impl Shared {
    fn report(&self, stage: u32, done: u32, total: u32) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
        self.stage.store(stage, Ordering::Relaxed);
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A running export. Dropping it cancels it without waiting for the thread.
pub struct ExportJob {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<ExportOutcome>>,
}

impl ExportJob {
    pub fn start(scene: ExportScene, request: ExportRequest) -> std::io::Result<ExportJob> {
        let shared = Arc::new(Shared::default());
        let thread_shared = shared.clone();
        let thread = std::thread::Builder::new()
            .name("export".to_owned())
            .spawn(move || run(scene, &request, &thread_shared))?;
        Ok(ExportJob {
            shared,
            thread: Some(thread),
        })
    }

    pub fn progress(&self) -> ExportProgress {
        let s = &self.shared;
        let (done, total) = (
            s.done.load(Ordering::Relaxed),
            s.total.load(Ordering::Relaxed),
        );
        match s.stage.load(Ordering::Relaxed) {
            1 => ExportProgress::Simulating { done, total },
            2 => ExportProgress::Rendering { done, total },
            _ => ExportProgress::Preparing,
        }
    }

    /// Asks the thread to stop at its next frame; the video file it was writing is removed.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// The outcome once the thread has finished (without blocking before that).
    pub fn poll(&mut self) -> Option<ExportOutcome> {
        if !self.thread.as_ref()?.is_finished() {
            return None;
        }
        let thread = self.thread.take()?;
        Some(
            thread
                .join()
                .unwrap_or_else(|_| ExportOutcome::Failed(t!("export.panicked").into_owned())),
        )
    }
}

impl Drop for ExportJob {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// What a cancelled export's steps return; [`run`] tells it from a failure by the flag.
const CANCELLED: &str = "cancelled";

fn run(scene: ExportScene, request: &ExportRequest, shared: &Shared) -> ExportOutcome {
    if let Some(problem) = request.problem() {
        return ExportOutcome::Failed(problem);
    }
    let frames = request.frames();
    let outcome = match render_all(scene, request, &frames, shared) {
        Ok(done) => return ExportOutcome::Done(done),
        Err(_) if shared.cancelled() => ExportOutcome::Cancelled,
        Err(message) => ExportOutcome::Failed(message),
    };
    if let ExportTarget::Video(path) = &request.target {
        // A video cut short does not play; what failed or was cancelled leaves nothing behind.
        let _ = std::fs::remove_file(path);
    }
    outcome
}

fn render_all(
    export: ExportScene,
    request: &ExportRequest,
    frames: &[f32],
    shared: &Shared,
) -> Result<ExportDone, String> {
    let ExportScene {
        scene,
        choices,
        view,
        music_offset,
        physics,
        bakes,
    } = export;
    let (width, height) = (request.width, request.height);
    let (folder, video) = match &request.target {
        ExportTarget::Frames(folder) => (Some(folder.as_path()), None),
        ExportTarget::Video(path) => (None, Some(path.as_path())),
    };
    let words = |e: ExportError| e.to_string();
    let first = frames.first().copied().unwrap_or(0.0);
    let audio = AudioInput::of_scene(&scene, first, music_offset);
    let mut sink = FrameSink::new(folder, video, (width, height, request.fps), audio.as_ref())
        .map_err(words)?;
    let (mut renderer, warnings) =
        FrameRenderer::new(&scene, width, height).map_err(|e| e.to_string())?;

    let last = frames.last().copied().unwrap_or(0.0);
    let mut progress = |done: u32, total: u32| {
        shared.report(1, done, total);
        !shared.cancelled()
    };
    let mut engine = match SceneEngine::for_frames(&scene, physics, bakes, last, &mut progress) {
        Ok(engine) => engine,
        Err(EngineError::Stopped) => return Err(CANCELLED.to_owned()),
        Err(e) => return Err(e.to_string()),
    };
    let total = frames.len() as u32;
    shared.report(2, 0, total);
    let mut scene_frame = SceneFrame::default();
    for (done, &frame) in frames.iter().enumerate() {
        if shared.cancelled() {
            return Err(CANCELLED.to_owned());
        }
        scene_frame.pose(&mut engine, &scene, frame, &choices);
        let image = renderer
            .render(&scene, &scene_frame, |i| engine.pose_of(i), &view)
            .map_err(|e| e.to_string())?;
        sink.write(frame, &image).map_err(words)?;
        shared.report(2, done as u32 + 1, total);
    }
    sink.finish().map_err(words)?;
    Ok(ExportDone {
        target: request.target.clone(),
        frames: total,
        warnings: warnings
            .iter()
            .map(|(model, warning)| format!("{model}: {warning}"))
            .collect(),
    })
}
