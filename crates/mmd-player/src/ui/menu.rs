//! The menu bar: File, View and Physics menus, what is loaded, the model's warnings, and the
//! last error.

use egui::{RichText, Ui};
use mmd_physics::SubstepRate;

use super::{ERROR_COLOR, WARNING_COLOR};
use crate::action::{Action, ViewOption};
use crate::physics::PhysicsMode;
use crate::player::Player;

pub(super) fn show(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("Open model / motion / pose…").clicked() {
                actions.push(Action::OpenDialog);
                ui.close();
            }
            if ui
                .button("Add motion / pose as layer…")
                .on_hover_text("Blend it with the model's motions (Shift + drop does the same)")
                .clicked()
            {
                actions.push(Action::AddLayerDialog);
                ui.close();
            }
        });
        ui.menu_button("View", |ui| view_menu(ui, player, actions));
        ui.menu_button("Physics", |ui| physics_menu(ui, player, actions));
        ui.separator();
        ui.label(RichText::new(&player.scene.model.label).strong());
        for layer in player.scene.layer_sources() {
            ui.label(RichText::new(format!("♪ {}", layer.label)).weak());
        }
        if let Some(label) = player.scene.camera_label() {
            let mut on = player.uses_camera_motion();
            if ui.checkbox(&mut on, format!("camera: {label}")).changed() {
                actions.push(Action::UseCameraMotion(on));
            }
        }
        warnings(ui, player);
    });
    if let Some(error) = &player.error {
        ui.horizontal(|ui| {
            ui.colored_label(ERROR_COLOR, format!("⚠ {error}"));
            if ui.small_button("×").on_hover_text("Dismiss").clicked() {
                actions.push(Action::DismissError);
            }
        });
    }
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

/// What was neutralised while reading the model, listed under a menu that names their count.
fn warnings(ui: &mut Ui, player: &Player) {
    let list = &player.scene.model.warnings;
    if list.is_empty() {
        return;
    }
    let title = match list.len() {
        1 => "⚠ 1 warning".to_owned(),
        n => format!("⚠ {n} warnings"),
    };
    ui.menu_button(RichText::new(title).color(WARNING_COLOR), |ui| {
        ui.label(RichText::new(&player.scene.model.label).strong());
        egui::ScrollArea::vertical()
            .max_height(400.0)
            .show(ui, |ui| {
                for w in list {
                    ui.label(w);
                }
            });
    });
}
