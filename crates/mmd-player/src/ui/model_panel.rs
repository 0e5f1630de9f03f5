//! The Models panel: every model on stage in the order MMD draws them, each with a switch
//! that shows or hides it, its name (a click selects it: the bone, morph, IK and motion
//! panels then show that model) and a button that removes it; below, the selected model's
//! position on the stage, "Add model…" (File → Open: an opened model is added) and
//! "Replace…" (the selected model, keeping its motions).
//! Every widget's accessible name says which model it belongs to ("Show: 2. Luka").

use egui::{RichText, Ui};
use glam::Vec3;
use rust_i18n::t;

use mmd_session::Player;
use mmd_session::action::Action;

/// How a model is named in the panel: its place in the scene and its label.
fn model_title(index: usize, label: &str) -> String {
    format!("{}. {label}", index + 1)
}

pub(super) fn show(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new(t!("models.title")).heading())
        .default_open(true)
        .show_unindented(ui, |ui| {
            if player.scene.actors.is_empty() {
                ui.weak(t!("models.none"));
            }
            egui::ScrollArea::vertical()
                .id_salt("models")
                .max_height(160.0)
                .show(ui, |ui| {
                    for (index, actor) in player.scene.actors.iter().enumerate() {
                        let title = model_title(index, &actor.model.label);
                        ui.horizontal(|ui| {
                            model_row(ui, player, (index, actor.visible), &title, actions)
                        });
                    }
                });
            if let (Some(index), Some(actor)) = (player.selected_model(), player.actor()) {
                place_row(ui, index, actor.position, actions);
            }
            super::outside_parent_panel::show(ui, player, actions);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button(t!("models.add"))
                    .on_hover_text(t!("models.add_hint"))
                    .clicked()
                {
                    actions.push(Action::OpenDialog);
                }
                if ui
                    .add_enabled(
                        player.selected_model().is_some(),
                        egui::Button::new(t!("models.replace")),
                    )
                    .on_hover_text(t!("models.replace_hint"))
                    .clicked()
                {
                    actions.push(Action::ReplaceModelDialog);
                }
            });
        });
    ui.separator();
}

/// The selected model's place on the stage, X (its left), Y (up) and Z, in model units.
fn place_row(ui: &mut Ui, index: usize, position: Vec3, actions: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(t!("models.position"));
        let mut moved = position;
        for (axis, value) in ["X", "Y", "Z"].into_iter().zip(moved.as_mut()) {
            ui.add(
                egui::DragValue::new(value)
                    .speed(0.1)
                    .prefix(format!("{axis} ")),
            )
            .on_hover_text(t!("models.position_hint"))
            .accessible_name(t!(
                "models.position_name",
                axis = axis,
                model = index + 1
            ));
        }
        if moved != position {
            actions.push(Action::PlaceModel {
                model: index,
                position: moved,
            });
        }
    });
}

fn model_row(
    ui: &mut Ui,
    player: &Player,
    (index, visible): (usize, bool),
    title: &str,
    actions: &mut Vec<Action>,
) {
    let mut shown = visible;
    if ui
        .add(egui::Checkbox::without_text(&mut shown))
        .on_hover_text(t!("models.show_hint"))
        .accessible_name(t!("models.show_name", title = title))
        .changed()
    {
        actions.push(Action::SetModelVisible {
            model: index,
            visible: shown,
        });
    }
    if ui
        .add(egui::Button::new("×").small())
        .on_hover_text(t!("models.remove_hint"))
        .accessible_name(t!("models.remove_name", title = title))
        .clicked()
    {
        actions.push(Action::RemoveModel(index));
    }
    let selected = player.selected_model() == Some(index);
    let text = if visible {
        RichText::new(title)
    } else {
        RichText::new(title).weak()
    };
    if ui
        .add(egui::Button::selectable(selected, text).truncate())
        .clicked()
    {
        actions.push(Action::SelectModel(index));
    }
}
