//! The timeline: transport buttons, loop and speed, the frame field, the scrub bar with the
//! selected bone's key frames, and the status line with the physics bake's progress.

use egui::{Color32, Pos2, RichText, Stroke, Ui, Vec2};
use rust_i18n::t;

use super::{ACCENT, UiState, export_panel};
use mmd_scene::engine::PhysicsMode;
use mmd_scene::media::playback::SPEED_RANGE;
use mmd_session::Player;
use mmd_session::action::Action;

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    ui.add_space(4.0);
    // Wrapped, so a narrow window stacks the controls instead of cutting them off.
    let frame_label = ui
        .horizontal_wrapped(|ui| transport(ui, state, player, actions))
        .inner;
    scrub_bar(ui, player, frame_label, actions);
    ui.horizontal_wrapped(|ui| {
        // The simulation is timed apart from the pose around it (each summed over the
        // models); a baked frame is looked up.
        let pose_only = player.pose_micros().max(0.0);
        let pose = t!("timeline.pose_time", micros = pose_only : {:.0});
        let pose = match player.physics_mode() {
            PhysicsMode::Off => pose,
            PhysicsMode::Live | PhysicsMode::Baked => {
                let physics_ms = player.physics_micros() / 1000.0;
                let physics = t!("timeline.physics_time", ms = physics_ms : {:.2});
                format!("{pose}   {physics}").into()
            }
        };
        // One line, cut to the window's width: the figures are for a glance, over the
        // models shown.
        let shown = || player.scene.actors.iter().filter(|a| a.visible);
        let bones: usize = shown().map(|a| a.model.rig.bone_count()).sum();
        let vertices: usize = shown().map(|a| a.model.pmx.vertices.len()).sum();
        ui.add(
            egui::Label::new(
                RichText::new(t!(
                    "timeline.stats",
                    fps = state.stats.fps : {:.0},
                    pose = pose,
                    ms = state.stats.render_ms : {:.1},
                    bones = bones,
                    vertices = vertices
                ))
                .monospace(),
            )
            .truncate(),
        );
        physics_status(ui, player);
        if let Some(progress) = player.export_progress() {
            let (fraction, text) = export_panel::progress_text(progress);
            ui.separator();
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(240.0)
                    .text(text),
            );
        }
    });
    ui.add_space(2.0);
}

/// The physics mode, and a running bake's progress.
fn physics_status(ui: &mut Ui, player: &Player) {
    let mode = match player.physics_mode() {
        PhysicsMode::Off => return,
        PhysicsMode::Live => t!("timeline.physics_live"),
        PhysicsMode::Baked if player.physics_baked() => t!("timeline.physics_baked"),
        PhysicsMode::Baked => t!("timeline.physics_until_baked"),
    };
    ui.separator();
    ui.monospace(mode);
    if let Some((done, total)) = player.bake_progress() {
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .desired_width(240.0)
                .text(t!("timeline.baking", done = done, total = total)),
        );
    }
}

/// The buttons, loop, speed and frame field; returns the id of the "Frame" label, which also
/// names the scrub bar.
fn transport(
    ui: &mut Ui,
    state: &mut UiState,
    player: &Player,
    actions: &mut Vec<Action>,
) -> egui::Id {
    let p = player.playback();
    // The icons are in egui's own symbol font, which every build has. Each button is named
    // in words for screen readers (and tests).
    let (pause, play) = (t!("timeline.pause"), t!("timeline.play"));
    let pause_icon = format!("⏸ {pause}");
    let play_icon = format!("⏵ {play}");
    // Play and Pause are as wide as the wider of the two, so that nothing after the button
    // moves when playback starts or stops.
    let play_width = [&pause_icon, &play_icon]
        .map(|text| button_width(ui, text))
        .into_iter()
        .fold(0.0, f32::max);
    let (play_icon, play_name) = if p.playing {
        (pause_icon, pause)
    } else {
        (play_icon, play)
    };
    let buttons = [
        (
            "⏮".to_owned(),
            t!("timeline.start"),
            t!("timeline.start_hint"),
            Action::JumpToStart,
        ),
        (
            "⏴".to_owned(),
            t!("timeline.previous"),
            t!("timeline.previous_hint"),
            Action::Step(-1),
        ),
        (
            play_icon,
            play_name,
            t!("timeline.play_hint"),
            Action::TogglePlay,
        ),
        (
            "⏵".to_owned(),
            t!("timeline.next"),
            t!("timeline.next_hint"),
            Action::Step(1),
        ),
        (
            "⏭".to_owned(),
            t!("timeline.end"),
            t!("timeline.end_hint"),
            Action::JumpToEnd,
        ),
    ];
    for (icon, name, hint, action) in buttons {
        let width = if action == Action::TogglePlay {
            play_width
        } else {
            0.0
        };
        let button = ui.add(egui::Button::new(icon).min_size(Vec2::new(width, 0.0)));
        button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if button.on_hover_text(hint).clicked() {
            actions.push(action);
        }
    }
    let mut looping = p.looping;
    if ui.checkbox(&mut looping, t!("timeline.loop")).changed() {
        actions.push(Action::SetLooping(looping));
    }
    let mut speed = p.speed();
    let speed_label = ui.label(t!("timeline.speed"));
    // The value is a label of its own: a slider's built-in value box has no accessible name.
    if ui
        .add(egui::Slider::new(&mut speed, SPEED_RANGE.0..=SPEED_RANGE.1).show_value(false))
        .labelled_by(speed_label.id)
        .changed()
    {
        actions.push(Action::SetSpeed(speed));
    }
    ui.monospace(format!("{:.2}×", p.speed()));
    ui.separator();
    let label = ui.label(t!("timeline.frame"));
    let id = ui.scope_id().with("frame field");
    if !ui.memory(|m| m.has_focus(id)) {
        state.frame_text = format!("{:.0}", p.shown_frame());
    }
    let field = ui
        .add(
            egui::TextEdit::singleline(&mut state.frame_text)
                .id(id)
                .desired_width(60.0),
        )
        .labelled_by(label.id);
    if field.lost_focus()
        && let Ok(frame) = state.frame_text.trim().parse::<f32>()
    {
        actions.push(Action::Seek(frame));
    }
    ui.label(format!("/ {:.0}", p.last_frame()));
    label.id
}

/// The width of a button showing `text`.
fn button_width(ui: &Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, Color32::PLACEHOLDER);
    galley.size().x + 2.0 * ui.spacing().button_padding.x
}

/// A slider over the motion's frames with the selected bone's key frames ticked underneath;
/// the frame field beside the buttons shows its value.
fn scrub_bar(ui: &mut Ui, player: &Player, label: egui::Id, actions: &mut Vec<Action>) {
    let last = player.playback().last_frame();
    // Whole frames only: a fractional frame would be snapped by the slider and read as a
    // user change.
    let mut frame = player.playback().shown_frame();
    ui.spacing_mut().slider_width = (ui.available_width() - 16.0).max(100.0);
    let response = ui
        .add(
            egui::Slider::new(&mut frame, 0.0..=last.max(1.0))
                .step_by(1.0)
                .show_value(false),
        )
        .labelled_by(label);
    if response.changed() {
        actions.push(Action::Seek(frame.round()));
    }
    let (Some(bone), Some(actor)) = (player.selected_bone(), player.actor()) else {
        return;
    };
    let keys = actor.layers().bone_key_frames(bone);
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
    for k in keys {
        let x = x0 + (x1 - x0) * (k / last).clamp(0.0, 1.0);
        painter.line_segment(
            [
                Pos2::new(x, rect.bottom() - 4.0),
                Pos2::new(x, rect.bottom() + 2.0),
            ],
            Stroke::new(1.5, ACCENT),
        );
    }
}
