//! The event loop: creating the window and GPU, feeding input (dropped files included) to
//! the interface, showing the file dialog it asks for, drawing a frame per redraw, and
//! keeping the settings when the window closes.
//!
//! The window draws only when something changes: continuously while playing, on input, when
//! egui asks (an animation, a blinking text cursor), and a few times a second while a bake,
//! an export or the system's file dialog runs. Paused and untouched it waits, using no CPU
//! (`scripts/idle_cpu.sh` measures it).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::frame_clock::FrameClock;
use anyhow::{Context, Result};
use mmd_player::draw_list::{draw_items, frame_view};
use mmd_player::settings::{ForThisRun, SettingsFile, WindowPlacement};
use mmd_player::ui::file_browser::FilePurpose;
use mmd_player::ui::{self, UiState};
use mmd_session::action::Action;
use mmd_session::notices::Notice;
use mmd_session::{Player, Request};
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalPosition, PhysicalSize};
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

use super::audio::AudioOut;
use super::file_dialog::{Answer, NativeDialog};
use super::gpu::{FrameInput, Gpu, Upload};
use super::press_split::split_after_press;

/// The smallest window the interface is laid out for.
pub const MIN_WINDOW_SIZE: (f64, f64) = (480.0, 360.0);
/// How often the window draws while a job it shows runs (a bake's or an export's progress, the
/// system's file dialog waited for) and nothing else moves.
const JOB_REDRAW: Duration = Duration::from_millis(200);

/// `--screenshot FILE --exit-after-frames N`.
pub struct TestHooks {
    pub screenshot: Option<PathBuf>,
    /// Frames to draw (one after the other, as while playing) before exiting.
    pub exit_after_frames: Option<u64>,
}

/// What the window runs: the player, the interface's state, and the settings to keep when it
/// closes (leaving out what the command line set for this run).
pub struct Session {
    pub player: Player,
    pub ui: UiState,
    pub settings: SettingsFile,
    pub for_this_run: ForThisRun,
}

/// Where the window opens: its size in pixels, and its top-left corner on the desktop.
pub struct Placement {
    pub size: (u32, u32),
    pub position: Option<[i32; 2]>,
}

struct Running {
    window: Arc<Window>,
    gpu: Gpu,
    egui: egui_winit::State,
}

struct App {
    player: Player,
    ui: UiState,
    settings: SettingsFile,
    for_this_run: ForThisRun,
    /// Where the window opens (its size is the screenshot's).
    placement: Placement,
    hooks: TestHooks,
    running: Option<Running>,
    egui_ctx: egui::Context,
    frames: u64,
    /// Playback time, from the first frame on screen.
    clock: FrameClock,
    /// When the last frame began, for the frame rate; `None` after a frame that let the
    /// window wait (the gap is no frame rate).
    last_frame: Option<Instant>,
    /// When the window is to draw again without input: at once (playing), at a time (egui's
    /// animations, a job's progress), or `None` until input comes.
    redraw_at: Option<Instant>,
    /// The system's file dialog while it is open.
    native_dialog: Option<NativeDialog>,
    /// The music on the sound device.
    audio: AudioOut,
    /// The system showed no file dialog when asked: File → Open uses the in-window browser
    /// from then on.
    no_native_dialog: bool,
    title: String,
    /// The title written afresh each frame, to compare with `title` (kept to reuse its
    /// memory).
    next_title: String,
    result: Result<()>,
}

/// Opens a window as `placement` says (at least [`MIN_WINDOW_SIZE`]), runs the session in it,
/// and keeps the settings when it closes.
pub fn run(session: Session, placement: Placement, hooks: TestHooks) -> Result<()> {
    let event_loop = EventLoop::new().context("cannot open a window (no display?)")?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let Session {
        player,
        ui,
        settings,
        for_this_run,
    } = session;
    let mut app = App {
        player,
        ui,
        settings,
        for_this_run,
        placement,
        hooks,
        running: None,
        egui_ctx: egui::Context::default(),
        frames: 0,
        clock: FrameClock::new(),
        last_frame: None,
        redraw_at: Some(Instant::now()),
        native_dialog: None,
        audio: AudioOut::new(),
        no_native_dialog: false,
        title: String::new(),
        next_title: String::new(),
        result: Ok(()),
    };
    event_loop.run_app(&mut app).context("window event loop")?;
    app.result
}

/// A size in egui points as physical pixels.
fn physical(points: egui::Vec2, pixels_per_point: f32) -> (u32, u32) {
    let px = points * pixels_per_point;
    (px.x.round() as u32, px.y.round() as u32)
}

impl App {
    fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<()> {
        self.title = ui::window_title(&self.player);
        let (width, height) = self.placement.size;
        let mut attributes = Window::default_attributes()
            .with_title(&self.title)
            .with_inner_size(PhysicalSize::new(width, height))
            .with_min_inner_size(LogicalSize::new(MIN_WINDOW_SIZE.0, MIN_WINDOW_SIZE.1));
        // Where it stood last time, unless that is off every screen now (a monitor unplugged).
        let monitors = event_loop.available_monitors().map(|m| {
            let (at, size) = (m.position(), m.size());
            ([at.x, at.y], [size.width, size.height])
        });
        if let Some(position) = self.placement.position
            && on_a_monitor(position, monitors)
        {
            attributes = attributes.with_position(PhysicalPosition::new(position[0], position[1]));
        }
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .context("cannot create the window")?,
        );
        let gpu = Gpu::new(window.clone())?;
        mmd_player::ui::fonts::install(&self.egui_ctx);
        let egui = egui_winit::State::new(
            self.egui_ctx.clone(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            Some(gpu.max_texture_side()),
        );
        self.running = Some(Running { window, gpu, egui });
        Ok(())
    }

    /// One frame: time moves on, the interface runs on the input, what it asked of the
    /// window is done, new models are uploaded, and the frame is drawn.
    fn frame(&mut self, event_loop: &ActiveEventLoop) -> Result<()> {
        let now = Instant::now();
        self.measure_frame_rate(now);
        let seconds = self.clock.tick(now);
        match self.audio.track(&mut self.player) {
            Some(track) => self.player.advance_with_music(track, seconds),
            None => self.player.advance(seconds),
        }
        let Some((output, egui_wants)) = self.run_interface() else {
            return Ok(());
        };
        if self.player.requests.take(Request::Quit) {
            event_loop.exit();
            return Ok(());
        }
        // After the interface: a model it opened is uploaded before the frame draws it.
        self.show_requested_dialog();
        self.take_dialog_answer();
        self.upload_models();
        self.update_title();
        self.frames += 1;
        let last = self
            .hooks
            .exit_after_frames
            .is_some_and(|n| self.frames >= n);
        self.draw(output, last)?;
        if last {
            event_loop.exit();
        }
        self.redraw_at = self.next_redraw(now, egui_wants);
        if self.redraw_at != Some(now) {
            self.last_frame = None;
        }
        Ok(())
    }

    /// When to draw again without input, after a frame begun at `now`: at once while playing
    /// (and while the test hooks count frames), after `egui_wants` when egui asks, and after
    /// [`JOB_REDRAW`] while a job the window shows runs; `None` waits for input.
    fn next_redraw(&self, now: Instant, egui_wants: Duration) -> Option<Instant> {
        let playing = self.player.playback().playing || self.hooks.exit_after_frames.is_some();
        let job = self.player.bake_progress().is_some()
            || self.player.export_progress().is_some()
            || self.native_dialog.is_some();
        [
            playing.then_some(now),
            now.checked_add(egui_wants),
            job.then(|| now + JOB_REDRAW),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// The frame rate the status line shows, smoothed.
    fn measure_frame_rate(&mut self, now: Instant) {
        if let Some(last) = self.last_frame.replace(now) {
            let dt = now.duration_since(last).as_secs_f32();
            if dt > 0.0 {
                let fps = 1.0 / dt;
                self.ui.stats.fps = if self.ui.stats.fps == 0.0 {
                    fps
                } else {
                    0.9 * self.ui.stats.fps + 0.1 * fps
                };
            }
        }
    }

    /// Runs the interface on the window's input (a button press and what follows it in two
    /// passes, see [`split_after_press`]) and hands egui's requests to the window. Returns
    /// what to draw, and how soon egui wants to run again (`Duration::MAX`: not until input).
    fn run_interface(&mut self) -> Option<(egui::FullOutput, Duration)> {
        let running = self.running.as_mut()?;
        let view_px = physical(self.ui.view_rect.size(), self.egui_ctx.pixels_per_point());
        let texture = running.gpu.view_texture_for(view_px);
        let input = running.egui.take_egui_input(&running.window);
        let (input, after_press) = split_after_press(input);
        let (ui_state, player) = (&mut self.ui, &mut self.player);
        let mut output = self.egui_ctx.run_ui(input, |ui| {
            ui::frame(ui, &mut *ui_state, &mut *player, texture)
        });
        let mut repaint_after = repaint_delay(&output);
        if let Some(rest) = after_press {
            running
                .egui
                .handle_platform_output(&running.window, output.platform_output);
            let later = self.egui_ctx.run_ui(rest, |ui| {
                ui::frame(ui, &mut *ui_state, &mut *player, texture)
            });
            repaint_after = repaint_after.min(repaint_delay(&later));
            let mut textures = output.textures_delta;
            textures.append(later.textures_delta);
            output = egui::FullOutput {
                textures_delta: textures,
                ..later
            };
        }
        running
            .egui
            .handle_platform_output(&running.window, std::mem::take(&mut output.platform_output));
        Some((output, repaint_after))
    }

    /// Opens the file dialog the interface asked for: the system's, or the in-window browser
    /// when the system has none.
    fn show_requested_dialog(&mut self) {
        let requested = self
            .player
            .requests
            .take_first(|r| *r != Request::Quit)
            .and_then(dialog_purpose);
        let (Some(purpose), Some(running)) = (requested, self.running.as_ref()) else {
            return;
        };
        // A missing file is looked for from the project's folder, where its files were.
        let folder = match purpose {
            FilePurpose::Locate(_) => self.player.project_folder().map(PathBuf::from),
            _ => None,
        }
        .or_else(|| self.player.recent_files().folder().map(PathBuf::from));
        if self.no_native_dialog {
            self.ui.browse_files(&browser_folder(folder), purpose);
        } else if self.native_dialog.is_none() {
            self.native_dialog = Some(NativeDialog::open(
                &running.window,
                folder.as_deref(),
                purpose,
            ));
        }
    }

    /// Carries out what the user picked in the system's file dialog, once answered.
    fn take_dialog_answer(&mut self) {
        let Some(dialog) = self.native_dialog.take() else {
            return;
        };
        match dialog.poll() {
            None => self.native_dialog = Some(dialog),
            Some(Answer::Picked(files)) => {
                if let Some(action) = dialog.purpose().action(files) {
                    self.player.apply(action);
                    self.player.update_pose();
                }
            }
            Some(Answer::Cancelled) => {}
            Some(Answer::Unavailable) => {
                log::info!("no system file dialog; using the in-window browser");
                self.no_native_dialog = true;
                let folder = self.player.recent_files().folder().map(PathBuf::from);
                self.ui
                    .browse_files(&browser_folder(folder), dialog.purpose());
            }
        }
    }

    /// Uploads the scene's new models (dropping those gone), listing what each upload met.
    fn upload_models(&mut self) {
        let Some(running) = self.running.as_mut() else {
            return;
        };
        let uploads = running.gpu.sync_models(&self.player.scene);
        if uploads.is_empty() {
            return;
        }
        for upload in uploads {
            let Upload {
                label,
                file,
                textures,
                result,
            } = upload;
            match result {
                Ok(warnings) => {
                    let notices: Vec<Notice> = warnings
                        .iter()
                        .map(|w| {
                            log::warn!("{label}: {w}");
                            Notice::warning(textures.file(&w.path), w.to_string())
                        })
                        .collect();
                    for notice in notices {
                        self.player.add_notice(notice);
                    }
                }
                Err(e) => {
                    let notice = Notice::error(file, format!("{label}: {e}"));
                    self.player.error = Some(notice.message.clone());
                    self.player.add_notice(notice);
                }
            }
        }
        // Loading took a while: that time is not played.
        self.clock.hold();
    }

    fn update_title(&mut self) {
        ui::write_window_title(&self.player, &mut self.next_title);
        if self.next_title != self.title
            && let Some(running) = &self.running
        {
            running.window.set_title(&self.next_title);
            std::mem::swap(&mut self.title, &mut self.next_title);
        }
    }

    /// Draws the 3D view and the interface (into the screenshot on the test hook's last
    /// frame), then lists what the GPU reported meanwhile.
    fn draw(&mut self, output: egui::FullOutput, last: bool) -> Result<()> {
        let Some(running) = self.running.as_mut() else {
            return Ok(());
        };
        let mut textures = output.textures_delta;
        let paint_jobs = self
            .egui_ctx
            .tessellate(output.shapes, output.pixels_per_point);
        let ppp = output.pixels_per_point;
        // What the window did after the interface (a file opened from the dialog) is drawn
        // in this frame.
        self.player.update_pose();
        let player = &self.player;
        let view = frame_view(player.frame(), &player.view_options());
        let drawn = draw_items(&player.scene, player.frame(), |i| player.shown_pose(i));
        let input = FrameInput {
            view,
            view_size: physical(self.ui.view_rect.size(), ppp),
            drawn,
            paint_jobs: &paint_jobs,
            pixels_per_point: ppp,
        };
        let render_start = Instant::now();
        running.gpu.upload_ui_textures(&mut textures);
        let drawn = match (&self.hooks.screenshot, last) {
            (Some(path), true) => running.gpu.capture(&input).and_then(|image| {
                image
                    .save(path)
                    .with_context(|| format!("{}: cannot save the screenshot", path.display()))
            }),
            _ => running.gpu.draw(&input),
        };
        // It reads the player; the GPU's errors are reported to it next.
        drop(input);
        running.gpu.free_ui_textures(&mut textures);
        drawn?;
        self.clock.presented(Instant::now());
        self.ui.stats.render_ms = render_start.elapsed().as_secs_f32() * 1000.0;
        let errors = running.gpu.errors.take();
        if !errors.is_empty() {
            mmd_player::services::report_device_errors(&mut self.player, errors);
        }
        Ok(())
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        self.result = Err(error);
        event_loop.exit();
    }
}

/// The file dialog `request` asks for; `None` for what is not a dialog.
fn dialog_purpose(request: Request) -> Option<FilePurpose> {
    Some(match request {
        Request::OpenDialog => FilePurpose::Open,
        Request::AddLayersDialog => FilePurpose::AddLayers,
        Request::ReplaceModelDialog => FilePurpose::ReplaceModel,
        Request::SaveProjectDialog => FilePurpose::SaveProject,
        Request::LocateDialog(part) => FilePurpose::Locate(part),
        Request::SaveVacDialog(index) => FilePurpose::SaveAccessoryVac(index),
        Request::Quit => return None,
    })
}

/// How soon egui asked to run again in `output` (`Duration::MAX`: not until input).
fn repaint_delay(output: &egui::FullOutput) -> Duration {
    output
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map_or(Duration::MAX, |viewport| viewport.repaint_delay)
}

/// Whether the point `at` lies on one of `monitors` (each its top-left corner and size).
fn on_a_monitor(at: [i32; 2], monitors: impl IntoIterator<Item = ([i32; 2], [u32; 2])>) -> bool {
    monitors.into_iter().any(|(corner, size)| {
        (0..2).all(|axis| {
            let start = i64::from(corner[axis]);
            (start..start + i64::from(size[axis])).contains(&i64::from(at[axis]))
        })
    })
}

/// Where the in-window browser starts: the folder of the last file opened, else the current
/// folder, else the home folder.
fn browser_folder(recent: Option<PathBuf>) -> PathBuf {
    recent
        .or_else(|| std::env::current_dir().ok())
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("/"))
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.running.is_none()
            && let Err(e) = self.start(event_loop)
        {
            self.fail(event_loop, e);
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        if let Some(running) = self.running.as_mut() {
            // egui sees every event (it ignores what it does not use); what it needs to show
            // is drawn. (It asks to draw on a redraw too, which is being done.)
            let response = running.egui.on_window_event(&running.window, &event);
            if response.repaint && event != WindowEvent::RedrawRequested {
                running.window.request_redraw();
            }
        }
        match event {
            // A project with unsaved changes asks first; the answer quits through
            // `Request::Quit`.
            WindowEvent::CloseRequested => {
                self.player.apply(Action::Quit);
                if self.player.requests.take(Request::Quit) {
                    event_loop.exit();
                } else if let Some(running) = self.running.as_ref() {
                    running.window.request_redraw();
                }
            }
            WindowEvent::Resized(size) => {
                if let Some(running) = self.running.as_mut() {
                    running.gpu.resize(size.width, size.height);
                    running.window.request_redraw();
                }
            }
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.frame(event_loop) {
                    self.fail(event_loop, e);
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let Some(running) = &self.running else {
            return;
        };
        match self.redraw_at {
            Some(at) if at <= Instant::now() => {
                running.window.request_redraw();
                event_loop.set_control_flow(ControlFlow::Wait);
            }
            Some(at) => event_loop.set_control_flow(ControlFlow::WaitUntil(at)),
            None => event_loop.set_control_flow(ControlFlow::Wait),
        }
    }

    /// Keeps the settings as the window leaves them.
    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        let settings = &mut self.settings.settings;
        settings.capture(&self.player, &self.ui, &self.for_this_run);
        if let Some(running) = &self.running {
            let window = &running.window;
            // A maximised window's size is the screen's: the size to restore stays as it was.
            let size = window.inner_size();
            let placement = WindowPlacement {
                size: (!window.is_maximized()).then_some([size.width, size.height]),
                position: window.outer_position().ok().map(|p| [p.x, p.y]),
            };
            settings.place_window(placement, &self.for_this_run);
        }
        self.settings.save();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_counts_on_a_monitor_only_inside_it() {
        let monitors = [([0, 0], [1920, 1080]), ([1920, -200], [1280, 1024])];
        for inside in [[0, 0], [1919, 1079], [1920, -200], [2500, 800]] {
            assert!(on_a_monitor(inside, monitors), "{inside:?}");
        }
        for outside in [[-1, 0], [1920, 1080 + 300], [3200, 0], [100, -1]] {
            assert!(!on_a_monitor(outside, monitors), "{outside:?}");
        }
        assert!(!on_a_monitor([0, 0], []), "no monitor known");
    }
}
