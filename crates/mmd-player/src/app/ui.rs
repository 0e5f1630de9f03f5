//! The egui interface: menu, timeline, bone tree with IK switches, morph sliders, view
//! toggles and status line, around the 3D view (with the skeleton overlay) in the centre.

use egui::{Color32, Key, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2};
use glam::{Mat4, Vec3};
use mmd_player::orbit::Orbit;
use mmd_player::playback::SPEED_RANGE;
use mmd_player::player::Player;
use mmd_pose::IkOverride;
use mmd_render::{Aabb, Camera};

/// What the view draws besides the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewOptions {
    pub edges: bool,
    pub ground_shadow: bool,
    pub skeleton: bool,
    pub wireframe: bool,
}

/// Figures for the status line, measured by the window layer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    pub fps: f32,
    pub render_ms: f32,
}

pub struct UiState {
    pub options: ViewOptions,
    /// The free camera; framed when the view's size is first known.
    pub orbit: Option<Orbit>,
    bone_search: String,
    morph_search: String,
    frame_text: String,
    /// The user asked for the file dialog.
    pub open_dialog: bool,
    /// The UI changed something the pose depends on; evaluate again before drawing.
    pub pose_dirty: bool,
    /// The central view's size in points, from this frame's layout.
    pub view_size: Vec2,
    pub stats: Stats,
    /// Bounds of the model at rest, for framing.
    pub bounds: Option<Aabb>,
}

impl UiState {
    pub fn new() -> UiState {
        UiState {
            options: ViewOptions {
                edges: true,
                ground_shadow: true,
                skeleton: false,
                wireframe: false,
            },
            orbit: None,
            bone_search: String::new(),
            morph_search: String::new(),
            frame_text: String::new(),
            open_dialog: false,
            pose_dirty: false,
            view_size: Vec2::new(1.0, 1.0),
            stats: Stats::default(),
            bounds: None,
        }
    }

    /// The free camera, or MMD's start-up camera until the view has been framed.
    pub fn free_camera(&self) -> Camera {
        self.orbit.map_or_else(Camera::default, |o| o.camera)
    }
}

const ACCENT: Color32 = Color32::from_rgb(255, 170, 60);
const IK_COLOR: Color32 = Color32::from_rgb(255, 150, 40);
const TARGET_COLOR: Color32 = Color32::from_rgb(255, 230, 60);
const BONE_COLOR: Color32 = Color32::from_rgb(120, 200, 255);
const SELECTED_COLOR: Color32 = Color32::from_rgb(255, 70, 200);

/// The IK override choices, as the bone panel labels them.
const IK_MODES: [(IkOverride, &str); 3] = [
    (IkOverride::Auto, "Auto"),
    (IkOverride::On, "On"),
    (IkOverride::Off, "Off"),
];

/// Lays out the whole interface for one frame.
pub fn draw(
    ui: &mut Ui,
    state: &mut UiState,
    player: &mut Player,
    view_texture: Option<egui::TextureId>,
) {
    shortcuts(ui, state, player);
    egui::Panel::top("menu").show(ui, |ui| menu_bar(ui, state, player));
    egui::Panel::bottom("timeline")
        .resizable(false)
        .show(ui, |ui| timeline(ui, state, player));
    egui::Panel::left("bones")
        .default_size(270.0)
        .show(ui, |ui| bone_panel(ui, state, player));
    egui::Panel::right("morphs")
        .default_size(220.0)
        .show(ui, |ui| morph_panel(ui, state, player));
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| view(ui, state, player, view_texture));
}

fn shortcuts(ui: &mut Ui, state: &mut UiState, player: &mut Player) {
    if ui.ctx().egui_wants_keyboard_input() {
        return;
    }
    let pressed = |key| ui.input(|i| i.key_pressed(key));
    let p = &mut player.playback;
    if pressed(Key::Space) {
        p.toggle_play();
    }
    if pressed(Key::ArrowRight) {
        p.step(1);
    }
    if pressed(Key::ArrowLeft) {
        p.step(-1);
    }
    if pressed(Key::Home) {
        p.jump_to_start();
    }
    if pressed(Key::End) {
        p.jump_to_end();
    }
    if pressed(Key::R)
        && let Some(orbit) = state.orbit.as_mut()
    {
        orbit.reset();
    }
}

fn menu_bar(ui: &mut Ui, state: &mut UiState, player: &mut Player) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open model / motion / pose…").clicked() {
                state.open_dialog = true;
                ui.close();
            }
        });
        ui.menu_button("View", |ui| {
            ui.checkbox(&mut state.options.edges, "Edges (outline)");
            ui.checkbox(&mut state.options.ground_shadow, "Ground shadow");
            ui.checkbox(&mut state.options.skeleton, "Skeleton");
            ui.checkbox(&mut state.options.wireframe, "Wireframe");
            if ui.button("Reset camera (R)").clicked() {
                if let Some(orbit) = state.orbit.as_mut() {
                    orbit.reset();
                }
                ui.close();
            }
        });
        ui.separator();
        ui.label(RichText::new(&player.scene.model.label).strong());
        for m in &player.scene.motions {
            ui.label(RichText::new(format!("♪ {}", m.label)).weak());
        }
        if let Some((label, _)) = &player.scene.camera {
            ui.checkbox(&mut player.use_camera_motion, format!("camera: {label}"));
        }
    });
    if let Some(error) = player.error.clone() {
        ui.horizontal(|ui| {
            ui.colored_label(Color32::from_rgb(255, 110, 110), format!("⚠ {error}"));
            if ui.small_button("×").clicked() {
                player.error = None;
            }
        });
    }
}

fn timeline(ui: &mut Ui, state: &mut UiState, player: &mut Player) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let p = &mut player.playback;
        if ui.button("|◀").on_hover_text("Start (Home)").clicked() {
            p.jump_to_start();
        }
        if ui.button("◀").on_hover_text("Previous frame (←)").clicked() {
            p.step(-1);
        }
        let play = if p.playing { "Pause" } else { "Play ▶" };
        if ui
            .button(play)
            .on_hover_text("Play / pause (Space)")
            .clicked()
        {
            p.toggle_play();
        }
        if ui.button("▶").on_hover_text("Next frame (→)").clicked() {
            p.step(1);
        }
        if ui.button("▶|").on_hover_text("End (End)").clicked() {
            p.jump_to_end();
        }
        ui.checkbox(&mut p.looping, "Loop");
        let mut speed = p.speed();
        ui.label("Speed");
        if ui
            .add(egui::Slider::new(&mut speed, SPEED_RANGE.0..=SPEED_RANGE.1).suffix("×"))
            .changed()
        {
            p.set_speed(speed);
        }
        ui.separator();
        ui.label("Frame");
        let id = ui.scope_id().with("frame field");
        if !ui.memory(|m| m.has_focus(id)) {
            state.frame_text = format!("{:.0}", p.frame().floor());
        }
        let field = ui.add(
            egui::TextEdit::singleline(&mut state.frame_text)
                .id(id)
                .desired_width(60.0),
        );
        if field.lost_focus()
            && let Ok(frame) = state.frame_text.trim().parse::<f32>()
        {
            p.playing = false;
            p.seek(frame);
        }
        ui.label(format!("/ {:.0}", p.last_frame()));
    });
    key_slider(ui, player);
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!(
                "{:.0} fps   pose {:.0} µs   render {:.1} ms   {} bones   {} vertices",
                state.stats.fps,
                player.pose_micros,
                state.stats.render_ms,
                player.scene.model.rig.bone_count(),
                player.scene.model.pmx.vertices.len(),
            ))
            .monospace(),
        );
    });
    ui.add_space(2.0);
}

/// The scrub bar: a slider over the motion's frames with the selected bone's key frames
/// ticked underneath.
fn key_slider(ui: &mut Ui, player: &mut Player) {
    let last = player.playback.last_frame();
    // Whole frames only: a fractional frame would be snapped by the slider and read as a
    // user change.
    let mut frame = player.playback.frame().floor();
    ui.spacing_mut().slider_width = (ui.available_width() - 70.0).max(100.0);
    let response = ui.add(
        egui::Slider::new(&mut frame, 0.0..=last.max(1.0))
            .step_by(1.0)
            .show_value(true),
    );
    if response.changed() {
        player.playback.playing = false;
        player.playback.seek(frame.round());
    }
    let Some(bone) = player.selected_bone else {
        return;
    };
    let keys = player.scene.motion.bone_key_frames(bone);
    if keys.is_empty() || last <= 0.0 {
        return;
    }
    let rect = response.rect;
    // The slider's rail spans the widget minus the handle's radius at each end.
    let inset = rect.height() * 0.5;
    let (x0, x1) = (
        rect.left() + inset,
        rect.left() + ui.spacing().slider_width - inset,
    );
    let painter = ui.painter();
    for &k in keys {
        let x = x0 + (x1 - x0) * (k as f32 / last).clamp(0.0, 1.0);
        painter.line_segment(
            [
                Pos2::new(x, rect.bottom() - 4.0),
                Pos2::new(x, rect.bottom() + 2.0),
            ],
            Stroke::new(1.5, ACCENT),
        );
    }
}

fn ik_switch(ui: &mut Ui, player: &mut Player, bone: usize) -> bool {
    let current = player.ik_override(bone);
    let mut changed = false;
    for (value, label) in IK_MODES {
        if ui.selectable_label(current == value, label).clicked() && current != value {
            player.set_ik_override(bone, value);
            changed = true;
        }
    }
    changed
}

fn bone_panel(ui: &mut Ui, state: &mut UiState, player: &mut Player) {
    ui.heading("Bones");
    let iks = player.ik_bones();
    if !iks.is_empty() {
        ui.horizontal(|ui| {
            ui.label("All IK:");
            for (value, label) in IK_MODES {
                if ui.button(label).clicked() {
                    player.set_all_ik_overrides(value);
                    state.pose_dirty = true;
                }
            }
        });
        egui::Grid::new("ik grid").striped(true).show(ui, |ui| {
            for (solver, &bone) in iks.iter().enumerate() {
                let active = player
                    .pose()
                    .ik_enabled
                    .get(solver)
                    .copied()
                    .unwrap_or(false);
                let name = player.scene.model.rig.bone_name(bone).to_owned();
                let color = if active { IK_COLOR } else { Color32::GRAY };
                if ui
                    .selectable_label(
                        player.selected_bone == Some(bone),
                        RichText::new(name).color(color),
                    )
                    .clicked()
                {
                    player.selected_bone = Some(bone);
                }
                ui.horizontal(|ui| {
                    if ik_switch(ui, player, bone) {
                        state.pose_dirty = true;
                    }
                });
                ui.end_row();
            }
        });
        ui.separator();
    }
    ui.horizontal(|ui| {
        ui.label("Search");
        ui.add(egui::TextEdit::singleline(&mut state.bone_search).hint_text("search bones"));
    });
    let keep = player.bones_matching(&state.bone_search);
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("bone tree")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for &root in &player.bone_tree().roots {
                bone_node(ui, player, &keep, root, 0, &mut clicked);
            }
        });
    if clicked.is_some() {
        player.selected_bone = clicked;
    }
}

/// Deeper than any real rig; a guard against pathological parent chains.
const MAX_TREE_DEPTH: usize = 64;

/// One bone's row and, below it, its kept children; a click on a row sets `clicked`.
fn bone_node(
    ui: &mut Ui,
    player: &Player,
    keep: &[bool],
    bone: usize,
    depth: usize,
    clicked: &mut Option<usize>,
) {
    if !keep.get(bone).copied().unwrap_or(false) || depth > MAX_TREE_DEPTH {
        return;
    }
    let rig = &player.scene.model.rig;
    let name = rig.bone_name(bone);
    let keys = player.scene.motion.bone_key_frames(bone).len();
    let mut text = if keys > 0 {
        RichText::new(format!("{name}  ·{keys}"))
    } else {
        RichText::new(name)
    };
    if rig.ik_solver_of_bone(bone).is_some() {
        text = text.color(IK_COLOR);
    }
    let selected = player.selected_bone == Some(bone);
    let kept = |k: &usize| keep.get(*k).copied().unwrap_or(false);
    let kids = player
        .bone_tree()
        .children
        .get(bone)
        .map_or(&[][..], Vec::as_slice);
    if !kids.iter().any(kept) {
        ui.horizontal(|ui| {
            ui.add_space(18.0);
            if ui.selectable_label(selected, text).clicked() {
                *clicked = Some(bone);
            }
        });
    } else {
        let id = ui.make_persistent_id(("bone", bone));
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, depth < 4)
            .show_header(ui, |ui| {
                if ui.selectable_label(selected, text).clicked() {
                    *clicked = Some(bone);
                }
            })
            .body(|ui| {
                for &kid in kids.iter().filter(|k| kept(k)) {
                    bone_node(ui, player, keep, kid, depth + 1, clicked);
                }
            });
    }
}

fn morph_panel(ui: &mut Ui, state: &mut UiState, player: &mut Player) {
    ui.heading("Morphs");
    ui.horizontal(|ui| {
        ui.label("Search");
        ui.add(egui::TextEdit::singleline(&mut state.morph_search).hint_text("search morphs"));
    });
    let query = state.morph_search.trim().to_lowercase();
    egui::ScrollArea::vertical()
        .id_salt("morphs")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let count = player.scene.model.rig.morph_count();
            for morph in 0..count {
                let name = player.scene.model.rig.morph_name(morph).to_owned();
                if !query.is_empty() && !name.to_lowercase().contains(&query) {
                    continue;
                }
                let pinned = player.morph_override(morph);
                let mut weight = player
                    .pose()
                    .morph_weights
                    .get(morph)
                    .copied()
                    .unwrap_or(0.0);
                ui.horizontal(|ui| {
                    let mut pin = pinned.is_some();
                    if ui
                        .checkbox(&mut pin, "")
                        .on_hover_text("Override the motion's weight")
                        .changed()
                    {
                        player.set_morph_override(morph, pin.then_some(weight));
                        state.pose_dirty = true;
                    }
                    let label = if pinned.is_some() {
                        RichText::new(&name).color(ACCENT)
                    } else {
                        RichText::new(&name)
                    };
                    ui.add_sized([80.0, 18.0], egui::Label::new(label).truncate());
                    // No rounding options here: a slider that rounds would report the
                    // motion's own weight as a user change.
                    if ui.add(egui::Slider::new(&mut weight, 0.0..=1.0)).changed() {
                        player.set_morph_override(morph, Some(weight));
                        state.pose_dirty = true;
                    }
                });
            }
        });
}

/// The 3D view: the renderer's image, camera controls, and the skeleton overlay.
fn view(
    ui: &mut Ui,
    state: &mut UiState,
    player: &mut Player,
    view_texture: Option<egui::TextureId>,
) {
    let rect = ui.max_rect();
    state.view_size = rect.size();
    let aspect = rect.width().max(1.0) / rect.height().max(1.0);
    if state.orbit.is_none()
        && let Some(bounds) = state.bounds
    {
        state.orbit = Some(Orbit::framing(bounds, aspect));
    }
    if let Some(texture) = view_texture {
        ui.painter().image(
            texture,
            rect,
            Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
            Color32::WHITE,
        );
    }
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    if let Some(orbit) = state.orbit.as_mut() {
        let delta = response.drag_delta();
        let shift = ui.input(|i| i.modifiers.shift);
        if response.dragged_by(egui::PointerButton::Middle)
            || (response.dragged_by(egui::PointerButton::Primary) && shift)
        {
            orbit.pan(delta.x, delta.y, rect.height());
            player.use_camera_motion = false;
        } else if response.dragged_by(egui::PointerButton::Primary) {
            orbit.orbit(delta.x, delta.y);
            player.use_camera_motion = false;
        }
        if response.hovered() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            if scroll != 0.0 {
                orbit.zoom(scroll);
                player.use_camera_motion = false;
            }
        }
    }
    let camera = player.camera(state.free_camera());
    let view_proj = camera.projection(aspect) * camera.view();
    if state.options.skeleton || player.selected_bone.is_some() {
        skeleton_overlay(ui, rect, view_proj, player, state.options.skeleton);
    }
}

/// Projects a model-space point into the view rectangle; `None` behind the camera.
fn project(view_proj: Mat4, rect: Rect, p: Vec3) -> Option<Pos2> {
    let clip = view_proj * p.extend(1.0);
    if clip.w <= 1e-4 {
        return None;
    }
    let ndc = clip.truncate() / clip.w;
    Some(Pos2::new(
        rect.left() + (ndc.x + 1.0) * 0.5 * rect.width(),
        rect.top() + (1.0 - ndc.y) * 0.5 * rect.height(),
    ))
}

/// Bones as lines from parent to child; IK chains in orange (grey while the solver is
/// off), IK targets in yellow, the selected bone in pink. With `all` off only the selected
/// bone is marked.
fn skeleton_overlay(ui: &Ui, rect: Rect, view_proj: Mat4, player: &Player, all: bool) {
    let painter = ui.painter_at(rect);
    let rig = &player.scene.model.rig;
    let pose = player.pose();
    let at = |bone: usize| -> Option<Pos2> {
        let m = pose.globals.get(bone)?;
        project(view_proj, rect, m.w_axis.truncate())
    };
    if all {
        let mut chain_color = vec![None; rig.bone_count()];
        let mut targets = Vec::new();
        for solver in 0..rig.ik_solver_count() {
            let (ik_bone, effector, links) = rig.ik_chain(solver);
            let active = pose.ik_enabled.get(solver).copied().unwrap_or(false);
            let color = if active {
                IK_COLOR
            } else {
                Color32::from_gray(150)
            };
            for bone in links.iter().copied().chain([effector]) {
                if let Some(slot) = chain_color.get_mut(bone) {
                    *slot = Some(color);
                }
            }
            targets.push((ik_bone, effector, active));
        }
        for bone in 0..rig.bone_count() {
            let (Some(parent), Some(p)) = (rig.bone_parent(bone), at(bone)) else {
                continue;
            };
            if let Some(q) = at(parent) {
                let color = chain_color
                    .get(bone)
                    .copied()
                    .flatten()
                    .unwrap_or(BONE_COLOR);
                painter.line_segment([q, p], Stroke::new(1.5, color));
            }
            painter.circle_filled(p, 2.0, BONE_COLOR);
        }
        for (ik_bone, effector, active) in targets {
            if let (Some(goal), Some(reach)) = (at(ik_bone), at(effector)) {
                let color = if active {
                    TARGET_COLOR
                } else {
                    Color32::from_gray(170)
                };
                painter.circle_stroke(goal, 6.0, Stroke::new(2.0, color));
                painter.line_segment([goal, reach], Stroke::new(1.0, color.gamma_multiply(0.6)));
            }
        }
    }
    if let Some(bone) = player.selected_bone
        && let Some(p) = at(bone)
    {
        painter.circle_stroke(p, 8.0, Stroke::new(2.5, SELECTED_COLOR));
        if let Some(q) = rig.bone_parent(bone).and_then(at) {
            painter.line_segment([q, p], Stroke::new(3.0, SELECTED_COLOR));
        }
        painter.text(
            p + Vec2::new(10.0, -10.0),
            egui::Align2::LEFT_BOTTOM,
            rig.bone_name(bone),
            egui::FontId::proportional(14.0),
            SELECTED_COLOR,
        );
    }
}
