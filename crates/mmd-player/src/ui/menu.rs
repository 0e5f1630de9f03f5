//! The menu bar: the File, Edit, View, Physics, Music, Language and Help menus, the notices
//! button, and what is loaded.

use egui::{RichText, Ui};
use mmd_physics::SubstepRate;
use rust_i18n::t;

use super::export_panel::ExportKind;
use super::{UiState, VIEW_KEYS, light_panel, notices_panel, pose_panel};
use crate::i18n::Language;
use mmd_scene::engine::PhysicsMode;
use mmd_session::Player;
use mmd_session::action::{Action, ViewOption};
use mmd_session::orbit::ViewSide;

/// The least room in which the menu bar still shows one more of what is loaded, cut short.
const MIN_LOADED_WIDTH: f32 = 32.0;

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(t!("menu.file"), |ui| file_menu(ui, state, player, actions));
        ui.menu_button(t!("menu.edit"), |ui| {
            pose_panel::edit_menu(ui, player, actions)
        });
        ui.menu_button(t!("menu.view"), |ui| view_menu(ui, player, actions));
        ui.menu_button(t!("menu.physics"), |ui| physics_menu(ui, player, actions));
        ui.menu_button(t!("menu.music"), |ui| music_menu(ui, player, actions));
        ui.menu_button(t!("menu.language"), language_menu);
        ui.menu_button(t!("menu.help"), |ui| {
            if ui.button(t!("menu.keys_and_mouse")).clicked() {
                state.help_open = true;
                ui.close();
            }
        });
        pose_panel::status(ui, player);
        if let Some(summary) = notices_panel::summary(player)
            && ui
                .selectable_label(state.notices_open, summary)
                .on_hover_text(t!("menu.notices_hint"))
                .clicked()
        {
            state.notices_open = !state.notices_open;
        }
        ui.separator();
        if let Some(label) = player.scene.camera_label() {
            let mut on = player.uses_camera_motion();
            if ui
                .checkbox(&mut on, t!("menu.camera_motion", label = label))
                .changed()
            {
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
            loaded.push(RichText::new(t!("menu.model_count", count = count)).weak());
        }
        if let Some(music) = player.music() {
            loaded.push(RichText::new(format!("♫ {}", music.label)).weak());
        }
        for text in loaded {
            // What no longer fits even cut short is left out rather than drawn off the edge.
            if ui.available_width() < MIN_LOADED_WIDTH {
                break;
            }
            ui.add(egui::Label::new(text).truncate());
        }
    });
}

fn file_menu(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    if ui
        .add(egui::Button::new(t!("file_menu.open")).shortcut_text("Ctrl+O"))
        .on_hover_text(t!("file_menu.open_hint"))
        .clicked()
    {
        actions.push(Action::OpenDialog);
        ui.close();
    }
    if ui
        .add_enabled(
            player.selected_model().is_some(),
            egui::Button::new(t!("file_menu.replace_model")),
        )
        .on_hover_text(t!("file_menu.replace_model_hint"))
        .clicked()
    {
        actions.push(Action::ReplaceModelDialog);
        ui.close();
    }
    if ui
        .add_enabled(
            player.selected_model().is_some(),
            egui::Button::new(t!("file_menu.add_layer")),
        )
        .on_hover_text(t!("file_menu.add_layer_hint"))
        .clicked()
    {
        actions.push(Action::AddLayerDialog);
        ui.close();
    }
    let recent = player.recent_files().paths();
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button(t!("file_menu.open_recent"), |ui| {
            for path in recent {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                if ui
                    .add_enabled(path.is_file(), egui::Button::new(name))
                    .on_hover_text(path.display().to_string())
                    .on_disabled_hover_text(t!("file_menu.recent_missing", path = path.display()))
                    .clicked()
                {
                    actions.push(Action::Open(vec![path.clone()]));
                    ui.close();
                }
            }
        });
    });
    ui.separator();
    if ui
        .add(egui::Button::new(t!("project.save")).shortcut_text("Ctrl+S"))
        .on_hover_text(t!("project.save_hint"))
        .clicked()
    {
        actions.push(Action::SaveProject);
        ui.close();
    }
    if ui
        .add(egui::Button::new(t!("project.save_as")).shortcut_text("Ctrl+Shift+S"))
        .clicked()
    {
        actions.push(Action::SaveProjectAsDialog);
        ui.close();
    }
    ui.separator();
    pose_panel::file_menu_items(ui, player);
    ui.separator();
    for kind in [ExportKind::Video, ExportKind::Frames] {
        let label = match kind {
            ExportKind::Video => t!("file_menu.export_video"),
            ExportKind::Frames => t!("file_menu.export_frames"),
        };
        if ui.button(label).clicked() {
            state.open_export(kind, player);
            ui.close();
        }
    }
    ui.separator();
    if ui
        .add(egui::Button::new(t!("file_menu.quit")).shortcut_text("Ctrl+Q"))
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
        .button(t!("music_menu.open"))
        .on_hover_text(t!("music_menu.open_hint"))
        .clicked()
    {
        actions.push(Action::OpenDialog);
        ui.close();
    }
    let Some(music) = player.music() else {
        ui.label(RichText::new(t!("music_menu.none")).weak());
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
        let label = ui.label(t!("music_menu.starts_at"));
        let mut offset = settings.offset;
        if ui
            .add(
                egui::DragValue::new(&mut offset)
                    .speed(1.0)
                    .range(-108_000.0..=108_000.0),
            )
            .labelled_by(label.id)
            .on_hover_text(t!("music_menu.starts_at_hint"))
            .changed()
        {
            actions.push(Action::SetMusicOffset(offset));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(t!("music_menu.volume"));
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
    if ui.checkbox(&mut muted, t!("music_menu.mute")).changed() {
        actions.push(Action::SetMusicMuted(muted));
    }
    if ui.button(t!("music_menu.remove")).clicked() {
        actions.push(Action::RemoveMusic);
        ui.close();
    }
    ui.label(RichText::new(t!("music_menu.speed_note")).weak().small());
}

fn view_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let options = player.view_options();
    let toggles = [
        (ViewOption::Edges, options.edges, t!("view_menu.edges")),
        (
            ViewOption::GroundShadow,
            options.ground_shadow,
            t!("view_menu.ground_shadow"),
        ),
        (
            ViewOption::SelfShadow,
            options.self_shadow,
            t!("view_menu.self_shadow"),
        ),
        (
            ViewOption::Skeleton,
            options.skeleton,
            t!("view_menu.skeleton"),
        ),
        (
            ViewOption::Wireframe,
            options.wireframe,
            t!("view_menu.wireframe"),
        ),
    ];
    for (option, mut on, label) in toggles {
        if ui.checkbox(&mut on, label).changed() {
            actions.push(Action::SetView(option, on));
        }
    }
    if ui.button(t!("view_menu.reset_camera")).clicked() {
        actions.push(Action::ResetCamera);
        ui.close();
    }
    ui.menu_button(t!("view_menu.look_from"), |ui| {
        for (key, side) in VIEW_KEYS {
            let name = match side {
                ViewSide::Front => t!("view_menu.front"),
                ViewSide::Back => t!("view_menu.back"),
                ViewSide::Left => t!("view_menu.left"),
                ViewSide::Right => t!("view_menu.right"),
                ViewSide::Top => t!("view_menu.top"),
            };
            if ui
                .add(egui::Button::new(name).shortcut_text(key.name()))
                .clicked()
            {
                actions.push(Action::LookFrom(side));
                ui.close();
            }
        }
    });
    ui.menu_button(t!("view_menu.light"), |ui| {
        light_panel::menu(ui, player, actions)
    });
}

fn physics_menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let mode = player.physics_mode();
    let modes = [
        (
            PhysicsMode::Off,
            t!("physics_menu.off"),
            t!("physics_menu.off_hint"),
        ),
        (
            PhysicsMode::Live,
            t!("physics_menu.live"),
            t!("physics_menu.live_hint"),
        ),
        (
            PhysicsMode::Baked,
            t!("physics_menu.baked"),
            t!("physics_menu.baked_hint"),
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
        let label = t!("physics_menu.substeps", hz = choice.hz());
        if ui.radio(rate == choice, label).clicked() && rate != choice {
            actions.push(Action::SetPhysicsRate(choice));
        }
    }
    ui.separator();
    if ui.button(t!("physics_menu.reset")).clicked() {
        actions.push(Action::ResetPhysics);
        ui.close();
    }
}

/// Each language by its own name, so that it can be found whichever one is showing. The
/// language is the interface's, not the session's: it changes at once.
fn language_menu(ui: &mut Ui) {
    let current = Language::current();
    for language in Language::ALL {
        if ui
            .radio(current == language, language.native_name())
            .clicked()
            && current != language
        {
            language.set();
            ui.close();
        }
    }
}
