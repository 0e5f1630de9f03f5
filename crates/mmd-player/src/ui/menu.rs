//! The menu bar: File, View, Physics and Help menus, the notices button, what is loaded, and
//! the last error.

use egui::{RichText, Ui};
use mmd_physics::SubstepRate;

use super::export_panel::ExportKind;
use super::{ERROR_COLOR, UiState, light_panel, notices_panel, pose_panel};
use crate::session::Player;
use crate::session::action::{Action, ViewOption};
use mmd_scene::engine::PhysicsMode;

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu(ui, state, player, actions));
        ui.menu_button("Edit", |ui| pose_panel::edit_menu(ui, player, actions));
        ui.menu_button("View", |ui| view_menu(ui, player, actions));
        ui.menu_button("Physics", |ui| physics_menu(ui, player, actions));
        ui.menu_button("Music", |ui| music_menu(ui, player, actions));
        ui.menu_button("Help", |ui| {
            if ui.button("Keys and mouse").clicked() {
                state.help_open = true;
                ui.close();
            }
        });
        pose_panel::status(ui, player);
        if let Some(summary) = notices_panel::summary(player)
            && ui
                .selectable_label(state.notices_open, summary)
                .on_hover_text("Show or hide the notices panel")
                .clicked()
        {
            state.notices_open = !state.notices_open;
        }
        ui.separator();
        if let Some(label) = player.scene.camera_label() {
            let mut on = player.uses_camera_motion();
            if ui.checkbox(&mut on, format!("camera: {label}")).changed() {
                actions.push(Action::UseCameraMotion(on));
            }
        }
        // What is loaded, cut to the room left (the window's title names it in full): the
        // selected model and its motions, and how many models there are.
        let mut loaded = Vec::new();
        if let Some(actor) = player.actor() {
            loaded.push(RichText::new(&actor.model.label).strong());
            loaded.extend(
                actor
                    .layer_sources()
                    .iter()
                    .map(|layer| RichText::new(format!("♪ {}", layer.label)).weak()),
            );
        }
        let count = player.scene.actors.len();
        if count != 1 {
            loaded.push(RichText::new(format!("{count} models")).weak());
        }
        if let Some(music) = player.music() {
            loaded.push(RichText::new(format!("♫ {}", music.label)).weak());
        }
        for text in loaded {
            ui.add(egui::Label::new(text).truncate());
        }
    });
    if let Some(error) = &player.error {
        ui.horizontal(|ui| {
            // The button first: the message wraps in the room left, however long it is.
            if ui.small_button("×").on_hover_text("Dismiss").clicked() {
                actions.push(Action::DismissError);
            }
            let text = RichText::new(format!("⚠ {error}")).color(ERROR_COLOR);
            ui.add(egui::Label::new(text).wrap());
        });
    }
}

fn file_menu(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    if ui
        .button("Open model / motion / pose…")
        .on_hover_text(
            "A model is added to the scene with the motions picked with it; motions alone go \
             to the selected model",
        )
        .clicked()
    {
        actions.push(Action::OpenDialog);
        ui.close();
    }
    if ui
        .add_enabled(
            player.selected_model().is_some(),
            egui::Button::new("Replace model…"),
        )
        .on_hover_text("Put another model in place of the selected one, keeping its motions")
        .clicked()
    {
        actions.push(Action::ReplaceModelDialog);
        ui.close();
    }
    if ui
        .add_enabled(
            player.selected_model().is_some(),
            egui::Button::new("Add motion / pose as layer…"),
        )
        .on_hover_text("Blend it with the selected model's motions (Shift + drop does the same)")
        .clicked()
    {
        actions.push(Action::AddLayerDialog);
        ui.close();
    }
    let recent = player.recent_files().paths();
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button("Open recent", |ui| {
            for path in recent {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                if ui
                    .add_enabled(path.is_file(), egui::Button::new(name))
                    .on_hover_text(path.display().to_string())
                    .on_disabled_hover_text(format!("{} (no longer there)", path.display()))
                    .clicked()
                {
                    actions.push(Action::Open(vec![path.clone()]));
                    ui.close();
                }
            }
        });
    });
    ui.separator();
    pose_panel::file_menu_items(ui, player);
    ui.separator();
    for kind in [ExportKind::Video, ExportKind::Frames] {
        let label = match kind {
            ExportKind::Video => "Export video…",
            ExportKind::Frames => "Export frames…",
        };
        if ui.button(label).clicked() {
            state.open_export(kind, player);
            ui.close();
        }
    }
    ui.separator();
    if ui
        .add(egui::Button::new("Quit").shortcut_text("Ctrl+Q"))
        .clicked()
    {
        actions.push(Action::Quit);
        ui.close();
    }
}

/// Opening music, and while there is some: where it starts on the timeline, its volume, mute
/// and removal.
fn music_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    if ui
        .button("Open music…")
        .on_hover_text("WAV, MP3, Ogg Vorbis or FLAC (File → Open and dropping take it too)")
        .clicked()
    {
        actions.push(Action::OpenDialog);
        ui.close();
    }
    let Some(music) = player.music() else {
        ui.label(RichText::new("no music").weak());
        return;
    };
    ui.separator();
    let seconds = music.duration().round() as u64;
    ui.label(format!(
        "♫ {} ({}:{:02})",
        music.label,
        seconds / 60,
        seconds % 60
    ));
    let settings = player.music_settings();
    ui.horizontal(|ui| {
        let label = ui.label("Starts at frame");
        let mut offset = settings.offset;
        if ui
            .add(
                egui::DragValue::new(&mut offset)
                    .speed(1.0)
                    .range(-108_000.0..=108_000.0),
            )
            .labelled_by(label.id)
            .on_hover_text("The timeline frame where the music begins; negative: before the motion")
            .changed()
        {
            actions.push(Action::SetMusicOffset(offset));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("Volume");
        let mut volume = settings.volume;
        if ui
            .add(egui::Slider::new(&mut volume, 0.0..=1.0).show_value(false))
            .labelled_by(label.id)
            .changed()
        {
            actions.push(Action::SetMusicVolume(volume));
        }
    });
    let mut muted = settings.muted;
    if ui.checkbox(&mut muted, "Mute").changed() {
        actions.push(Action::SetMusicMuted(muted));
    }
    if ui.button("Remove music").clicked() {
        actions.push(Action::RemoveMusic);
        ui.close();
    }
    ui.label(
        RichText::new("At speeds other than 1× the music is muted and the timeline runs alone.")
            .weak()
            .small(),
    );
}

fn view_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let options = player.view_options();
    let toggles = [
        (ViewOption::Edges, options.edges, "Edges (outline)"),
        (
            ViewOption::GroundShadow,
            options.ground_shadow,
            "Ground shadow",
        ),
        (ViewOption::SelfShadow, options.self_shadow, "Self-shadow"),
        (ViewOption::Skeleton, options.skeleton, "Skeleton"),
        (ViewOption::Wireframe, options.wireframe, "Wireframe"),
    ];
    for (option, mut on, label) in toggles {
        if ui.checkbox(&mut on, label).changed() {
            actions.push(Action::SetView(option, on));
        }
    }
    if ui.button("Reset camera (R)").clicked() {
        actions.push(Action::ResetCamera);
        ui.close();
    }
    ui.menu_button("Light", |ui| light_panel::menu(ui, player, actions));
}

fn physics_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let mode = player.physics_mode();
    let modes = [
        (
            PhysicsMode::Off,
            "Off",
            "Bodies hold their bones' animated pose",
        ),
        (
            PhysicsMode::Live,
            "Live",
            "Simulated as the timeline plays forward",
        ),
        (
            PhysicsMode::Baked,
            "Baked",
            "Simulated once from frame 0 to the end, then looked up: scrubbing shows \
             exactly what playback shows",
        ),
    ];
    for (choice, label, hint) in modes {
        if ui
            .radio(mode == choice, label)
            .on_hover_text(hint)
            .clicked()
            && mode != choice
        {
            actions.push(Action::SetPhysicsMode(choice));
        }
    }
    ui.separator();
    let rate = player.physics_rate();
    for choice in [SubstepRate::Hz60, SubstepRate::Hz120, SubstepRate::Hz240] {
        let label = format!("{} Hz substeps", choice.hz());
        if ui.radio(rate == choice, label).clicked() && rate != choice {
            actions.push(Action::SetPhysicsRate(choice));
        }
    }
    ui.separator();
    if ui.button("Reset physics (P)").clicked() {
        actions.push(Action::ResetPhysics);
        ui.close();
    }
}
