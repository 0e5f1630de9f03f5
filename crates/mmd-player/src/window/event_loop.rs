//! The event loop: creating the window and GPU, feeding input (dropped files included) to
//! the interface, showing the file dialog it asks for, and drawing a frame per redraw.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::frame_clock::FrameClock;
use anyhow::{Context, Result};
use mmd_player::draw_list::draw_items;
use mmd_player::session::Player;
use mmd_player::session::notices::Notice;
use mmd_player::ui::file_browser::FilePurpose;
use mmd_player::ui::{self, UiState};
use mmd_render::View;
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

use super::audio::AudioOut;
use super::file_dialog::{Answer, NativeDialog};
use super::gpu::{FrameInput, Gpu, Upload};
use super::press_split::split_after_press;

/// The smallest window the interface is laid out for.
pub const MIN_WINDOW_SIZE: (f64, f64) = (480.0, 360.0);
/// Soft studio grey behind the model.
const BACKGROUND: [f64; 4] = [0.86, 0.88, 0.92, 1.0];
const GROUND_SHADOW: [f32; 4] = [0.25, 0.25, 0.3, 0.45];

/// `--screenshot FILE --exit-after-frames N`.
pub struct TestHooks {
    pub screenshot: Option<PathBuf>,
    pub exit_after_frames: Option<u64>,
}

struct Running {
    window: Arc<Window>,
    gpu: Gpu,
    egui: egui_winit::State,
}

struct App {
    player: Player,
    ui: UiState,
    /// The window's size at start, in pixels (and so the screenshot's).
    size: (u32, u32),
    hooks: TestHooks,
    running: Option<Running>,
    egui_ctx: egui::Context,
    frames: u64,
    /// Playback time, from the first frame on screen.
    clock: FrameClock,
    /// When the last frame began, for the frame rate.
    last_frame: Option<Instant>,
    /// The system's file dialog while it is open.
    native_dialog: Option<NativeDialog>,
    /// The music on the sound device.
    audio: AudioOut,
    /// The system showed no file dialog when asked: File → Open uses the in-window browser
    /// from then on.
    no_native_dialog: bool,
    title: String,
    result: Result<()>,
}

/// Opens a window of `size` pixels (at least [`MIN_WINDOW_SIZE`]) and runs the player in it.
pub fn run(player: Player, size: (u32, u32), hooks: TestHooks) -> Result<()> {
    let event_loop = EventLoop::new().context("cannot open a window (no display?)")?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App {
        player,
        ui: UiState::default(),
        size,
        hooks,
        running: None,
        egui_ctx: egui::Context::default(),
        frames: 0,
        clock: FrameClock::new(),
        last_frame: None,
        native_dialog: None,
        audio: AudioOut::new(),
        no_native_dialog: false,
        title: String::new(),
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
        let attributes = Window::default_attributes()
            .with_title(&self.title)
            .with_inner_size(PhysicalSize::new(self.size.0, self.size.1))
            .with_min_inner_size(LogicalSize::new(MIN_WINDOW_SIZE.0, MIN_WINDOW_SIZE.1));
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
        let Some(output) = self.run_interface() else {
            return Ok(());
        };
        if std::mem::take(&mut self.player.requests.quit) {
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
        Ok(())
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
    /// passes, see [`split_after_press`]) and hands egui's requests to the window.
    fn run_interface(&mut self) -> Option<egui::FullOutput> {
        let running = self.running.as_mut()?;
        let view_px = physical(self.ui.view_rect.size(), self.egui_ctx.pixels_per_point());
        let texture = running.gpu.view_texture_for(view_px);
        let input = running.egui.take_egui_input(&running.window);
        let (input, after_press) = split_after_press(input);
        let (ui_state, player) = (&mut self.ui, &mut self.player);
        let mut output = self.egui_ctx.run_ui(input, |ui| {
            ui::frame(ui, &mut *ui_state, &mut *player, texture)
        });
        if let Some(rest) = after_press {
            running
                .egui
                .handle_platform_output(&running.window, output.platform_output);
            let later = self.egui_ctx.run_ui(rest, |ui| {
                ui::frame(ui, &mut *ui_state, &mut *player, texture)
            });
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
        Some(output)
    }

    /// Opens the file dialog the interface asked for: the system's, or the in-window browser
    /// when the system has none.
    fn show_requested_dialog(&mut self) {
        let requests = &mut self.player.requests;
        let requested = if std::mem::take(&mut requests.open_dialog) {
            Some(FilePurpose::Open)
        } else if std::mem::take(&mut requests.add_layer_dialog) {
            Some(FilePurpose::AddLayers)
        } else if std::mem::take(&mut requests.replace_dialog) {
            Some(FilePurpose::ReplaceModel)
        } else {
            requests
                .save_vac_dialog
                .take()
                .map(FilePurpose::SaveAccessoryVac)
        };
        let (Some(purpose), Some(running)) = (requested, self.running.as_ref()) else {
            return;
        };
        let folder = self.player.recent_files().folder().map(PathBuf::from);
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
        let title = ui::window_title(&self.player);
        if title != self.title
            && let Some(running) = &self.running
        {
            running.window.set_title(&title);
            self.title = title;
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
        let options = self.player.view_options();
        let view = View {
            camera: self.player.camera(),
            light: self.player.light(),
            background: BACKGROUND,
            ground_shadow: options.ground_shadow.then_some(GROUND_SHADOW),
            edges: options.edges,
            wireframe: options.wireframe,
            self_shadow: self.player.self_shadow(),
        };
        let player = &self.player;
        let drawn = draw_items(&player.scene, |i| player.shown_pose(i)).collect();
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
        running.gpu.free_ui_textures(&mut textures);
        drawn?;
        self.clock.presented(Instant::now());
        self.ui.stats.render_ms = render_start.elapsed().as_secs_f32() * 1000.0;
        let errors = running.gpu.errors.take();
        if !errors.is_empty() {
            self.player.report_gpu_errors(errors);
        }
        Ok(())
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        self.result = Err(error);
        event_loop.exit();
    }
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
            // egui sees every event (it ignores what it does not use).
            let _ = running.egui.on_window_event(&running.window, &event);
        }
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(running) = self.running.as_mut() {
                    running.gpu.resize(size.width, size.height);
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

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(running) = &self.running {
            running.window.request_redraw();
        }
    }
}
