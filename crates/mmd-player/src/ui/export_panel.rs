//! File → Export video… / Export frames…: a window to choose the frames, size, frame rate and
//! where to save, then the running export's progress with a Cancel button, and how it ended.
//! The export itself runs on its own thread ([`crate::export::job`], started through the session's exporter); closing this window
//! leaves it running, and the status line shows its progress.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use egui::{Color32, RichText, Ui};
use rust_i18n::t;

use super::ERROR_COLOR;
use mmd_session::Player;
use mmd_session::action::Action;
use mmd_session::export::{ExportOutcome, ExportProgress, ExportRequest, ExportTarget};

const DONE_COLOR: Color32 = Color32::from_rgb(60, 150, 80);

/// Video or PNG frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    Video,
    Frames,
}

impl ExportKind {
    fn title(self) -> Cow<'static, str> {
        match self {
            ExportKind::Video => t!("export.video_title"),
            ExportKind::Frames => t!("export.frames_title"),
        }
    }
}

/// What the user typed into the export window.
#[derive(Debug, Clone)]
pub struct ExportForm {
    kind: ExportKind,
    first: String,
    last: String,
    width: String,
    height: String,
    fps: u32,
    path: String,
}

impl ExportForm {
    /// The whole timeline at 1280×720 and 30 fps, saved in a folder the user can write to
    /// ([`Player::suggested_export_folder`]), named after the motion (or the model).
    pub fn new(kind: ExportKind, player: &Player) -> ExportForm {
        let last = player.playback().last_frame().max(0.0).ceil() as u32;
        ExportForm {
            kind,
            first: "0".to_owned(),
            last: last.to_string(),
            width: "1280".to_owned(),
            height: "720".to_owned(),
            fps: 30,
            path: default_path(kind, player).display().to_string(),
        }
    }

    /// The request the form describes, or what is wrong with it.
    fn request(&self) -> Result<ExportRequest, String> {
        let number = |text: &str, what: Cow<'_, str>| {
            text.trim().parse::<u32>().map_err(|_| {
                let typed = format!("{text:?}");
                t!("export.not_a_number", what = what, text = typed).into_owned()
            })
        };
        let path = PathBuf::from(self.path.trim());
        let target = match self.kind {
            ExportKind::Video => ExportTarget::Video(path),
            ExportKind::Frames => ExportTarget::Frames(path),
        };
        let request = ExportRequest {
            target,
            first: number(&self.first, t!("export.first_frame"))?,
            last: number(&self.last, t!("export.last_frame"))?,
            fps: self.fps,
            width: number(&self.width, t!("export.width"))?,
            height: number(&self.height, t!("export.height"))?,
        };
        match crate::export::job::problem(&request) {
            Some(problem) => Err(problem),
            None => Ok(request),
        }
    }
}

/// `<folder>/<name>.mp4` or `<folder>/<name> frames`.
fn default_path(kind: ExportKind, player: &Player) -> PathBuf {
    let folder = player.suggested_export_folder();
    let actor = player.actor().or(player.scene.actors.first());
    let named = actor.and_then(|actor| {
        actor
            .layer_sources()
            .first()
            .map(|layer| layer.label.clone())
            .or_else(|| {
                Path::new(&actor.model.file)
                    .is_file()
                    .then(|| actor.model.label.clone())
            })
    });
    let stem = named
        .as_deref()
        .map(|name| {
            Path::new(name)
                .file_stem()
                .map_or(name.into(), |s| s.to_string_lossy())
        })
        .map_or_else(|| "mmd-player".to_owned(), |s| s.into_owned());
    match kind {
        ExportKind::Video => folder.join(format!("{stem}.mp4")),
        ExportKind::Frames => folder.join(format!("{stem} frames")),
    }
}

/// Shows the window while `form` is `Some`; closing it sets `form` to `None`.
pub(super) fn show(
    ctx: &egui::Context,
    form: &mut Option<ExportForm>,
    player: &Player,
    actions: &mut Vec<Action>,
) {
    let Some(current) = form.as_mut() else {
        return;
    };
    let mut open = true;
    egui::Window::new(current.kind.title())
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| contents(ui, current, player, actions));
    if !open {
        *form = None;
    }
}

fn contents(ui: &mut Ui, form: &mut ExportForm, player: &Player, actions: &mut Vec<Action>) {
    let running = player.export_progress();
    ui.add_enabled_ui(running.is_none(), |ui| fields(ui, form));
    ui.separator();
    match running {
        Some(progress) => {
            ui.horizontal(|ui| {
                let (fraction, text) = progress_text(progress);
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(260.0)
                        .text(text),
                );
                if ui.button(t!("export.cancel")).clicked() {
                    actions.push(Action::CancelExport);
                }
            });
        }
        None => {
            let request = form.request();
            ui.horizontal(|ui| {
                let export = ui.add_enabled(request.is_ok(), egui::Button::new(t!("export.start")));
                if export.clicked()
                    && let Ok(request) = &request
                {
                    actions.push(Action::StartExport(request.clone()));
                }
                if let Err(problem) = &request {
                    ui.label(RichText::new(problem).color(ERROR_COLOR));
                }
            });
            outcome(ui, player);
        }
    }
}

fn fields(ui: &mut Ui, form: &mut ExportForm) {
    let last_frame = form.last.clone();
    egui::Grid::new("export fields")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            text_row(ui, &t!("export.first_frame_label"), &mut form.first, 60.0);
            text_row(ui, &t!("export.last_frame_label"), &mut form.last, 60.0)
                .on_hover_text(t!("export.last_frame_hint", frame = last_frame));
            text_row(ui, &t!("export.width_label"), &mut form.width, 60.0);
            text_row(ui, &t!("export.height_label"), &mut form.height, 60.0);
            ui.label("");
            ui.horizontal(|ui| {
                for (w, h) in [(1280, 720), (1920, 1080)] {
                    if ui.small_button(format!("{w}×{h}")).clicked() {
                        form.width = w.to_string();
                        form.height = h.to_string();
                    }
                }
            });
            ui.end_row();
            ui.label(t!("export.frame_rate"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.fps, 30, "30 fps");
                ui.radio_value(&mut form.fps, 60, "60 fps")
                    .on_hover_text(t!("export.fps60_hint"));
            });
            ui.end_row();
            let hint = match form.kind {
                ExportKind::Video => t!("export.video_path_hint"),
                ExportKind::Frames => t!("export.frames_path_hint"),
            };
            text_row(ui, &t!("export.save_to"), &mut form.path, 360.0).on_hover_text(hint);
        });
}

/// A grid row: `name`, then a one-line text field that screen readers (and tests) know by it.
fn text_row(ui: &mut Ui, name: &str, text: &mut String, width: f32) -> egui::Response {
    let label = ui.label(name);
    let field = ui
        .add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(label.id);
    ui.end_row();
    field
}

/// How far `progress` is (0 to 1), in words.
pub(super) fn progress_text(progress: ExportProgress) -> (f32, String) {
    let fraction = |done: u32, total: u32| done as f32 / total.max(1) as f32;
    match progress {
        ExportProgress::Preparing => (0.0, t!("export.preparing").into_owned()),
        ExportProgress::Simulating { done, total } => (
            fraction(done, total),
            t!("export.simulating", done = done, total = total).into_owned(),
        ),
        ExportProgress::Rendering { done, total } => (
            fraction(done, total),
            t!("export.rendering", done = done, total = total).into_owned(),
        ),
    }
}

fn outcome(ui: &mut Ui, player: &Player) {
    let Some(outcome) = player.export_outcome() else {
        return;
    };
    let text = match outcome {
        ExportOutcome::Done(done) => RichText::new(t!(
            "export.done",
            count = done.frames,
            path = done.target.path().display()
        ))
        .color(DONE_COLOR),
        ExportOutcome::Cancelled => RichText::new(t!("export.cancelled")),
        ExportOutcome::Failed(message) => {
            RichText::new(t!("export.failed", message = message)).color(ERROR_COLOR)
        }
    };
    ui.add(egui::Label::new(text).wrap());
}
