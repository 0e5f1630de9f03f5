//! File → Export video / Export frames: the scene rendered frame by frame on a thread of its
//! own, with its own headless GPU, so the window keeps drawing (and playing) meanwhile and
//! shows the progress. The thread owns a copy of the scene as it was when the export began;
//! frames go through [`super::frames`], the code `render` uses, so the same scene, frames and
//! size give the same pixels.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;

use mmd_scene::engine::frame::SceneFrame;
use mmd_scene::engine::{EngineError, SceneEngine};
use rust_i18n::t;

use super::ffmpeg::{AudioInput, VideoError, check_video};
use super::frames::{ExportError, FrameRenderer, FrameSink};
use mmd_session::export::{
    ExportDone, ExportOutcome, ExportProgress, ExportRequest, ExportScene, ExportTarget,
};
use mmd_session::host::{ExportRun, Exporter};

/// Why `request` cannot be carried out, in the interface's language: what no export could
/// carry out ([`ExportRequest::fault`]), then what ffmpeg would refuse; `None` when it can.
pub fn problem(request: &ExportRequest) -> Option<String> {
    if let Some(fault) = request.fault() {
        return Some(crate::i18n::text(&fault));
    }
    match &request.target {
        ExportTarget::Video(path) => {
            check_video(path, (request.width, request.height), request.fps)
                .err()
                .map(|e| match e {
                    VideoError::UnknownFormat(path) => {
                        t!("export.unknown_format", path = path.display()).into_owned()
                    }
                    VideoError::OddSize { width, height } => {
                        t!("export.odd_size", width = width, height = height).into_owned()
                    }
                    other => other.to_string(),
                })
        }
        ExportTarget::Frames(_) => None,
    }
}

/// The window's exporter: each export on a thread of its own with its own headless GPU.
#[derive(Debug, Clone, Copy, Default)]
pub struct GpuExporter;

impl Exporter for GpuExporter {
    fn problem(&self, request: &ExportRequest) -> Option<String> {
        problem(request)
    }

    fn start(
        &mut self,
        scene: ExportScene,
        request: ExportRequest,
    ) -> Result<Box<dyn ExportRun>, String> {
        ExportJob::start(scene, request)
            .map(|job| Box::new(job) as Box<dyn ExportRun>)
            .map_err(|e| e.to_string())
    }
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
}

impl ExportRun for ExportJob {
    fn progress(&self) -> ExportProgress {
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
    fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// The outcome once the thread has finished (without blocking before that).
    fn poll(&mut self) -> Option<ExportOutcome> {
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
    if let Some(problem) = problem(request) {
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
