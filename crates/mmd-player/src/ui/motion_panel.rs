//! The Motions panel: the selected model's motion layers in order, each with its name, an on switch,
//! a weight slider (0..1, with a field that takes values up to 2), a frame offset, loop and
//! replace switches, and buttons to move it up or down or remove it. Every widget's
//! accessible name says which layer it belongs to ("Weight: 2. laugh.vmd").

use egui::{RichText, Ui};
use mmd_pose::{Layer, LayerMode, MAX_LAYER_WEIGHT};

use crate::session::Player;
use crate::session::action::Action;
use mmd_scene::layers::LayerEdit;

/// How a layer is named in the panel: its place in the list and its files.
fn layer_title(index: usize, label: &str) -> String {
    format!("{}. {label}", index + 1)
}

pub(super) fn show(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new("Motions").heading())
        .default_open(true)
        .show(ui, |ui| {
            let Some(actor) = player.actor() else {
                ui.weak("No model.");
                return;
            };
            let count = actor.layers().len();
            if count == 0 {
                ui.weak("No motion. File → Open, or Shift + drop a file to add a layer.");
            }
            egui::ScrollArea::vertical()
                .id_salt("motion layers")
                .max_height(280.0)
                .show(ui, |ui| {
                    for (index, (layer, source)) in
                        actor.layers().iter().zip(actor.layer_sources()).enumerate()
                    {
                        let title = layer_title(index, &source.label);
                        let mut edits = Vec::new();
                        ui.group(|ui| layer_rows(ui, layer, &title, index, count, &mut edits));
                        actions.extend(
                            edits
                                .into_iter()
                                .map(|edit| Action::EditLayer { layer: index, edit }),
                        );
                    }
                });
        });
    ui.separator();
}

fn layer_rows(
    ui: &mut Ui,
    layer: &Layer,
    title: &str,
    index: usize,
    count: usize,
    edits: &mut Vec<LayerEdit>,
) {
    ui.horizontal(|ui| {
        let mut enabled = layer.enabled;
        if ui
            .add(egui::Checkbox::without_text(&mut enabled))
            .on_hover_text("Play this layer")
            .accessible_name(format!("On: {title}"))
            .changed()
        {
            edits.push(LayerEdit::Enabled(enabled));
        }
        let text = if layer.enabled {
            RichText::new(title)
        } else {
            RichText::new(title).weak()
        };
        ui.add(egui::Label::new(text).truncate());
    });
    ui.horizontal(|ui| {
        let buttons = [
            ("▲", "Move up", index > 0, LayerEdit::MoveUp),
            ("▼", "Move down", index + 1 < count, LayerEdit::MoveDown),
            ("×", "Remove", true, LayerEdit::Remove),
        ];
        for (symbol, what, possible, edit) in buttons {
            if ui
                .add_enabled(possible, egui::Button::new(symbol).small())
                .on_hover_text(what)
                .accessible_name(format!("{what}: {title}"))
                .clicked()
            {
                edits.push(edit);
            }
        }
        let mut replace = layer.mode == LayerMode::Replace;
        if ui
            .checkbox(&mut replace, "replace")
            .on_hover_text(
                "Replace what the layers above give for the bones and morphs this layer keys, \
                 instead of blending with them",
            )
            .accessible_name(format!("Replace: {title}"))
            .changed()
        {
            edits.push(LayerEdit::Mode(if replace {
                LayerMode::Replace
            } else {
                LayerMode::Blend
            }));
        }
    });
    ui.horizontal(|ui| {
        ui.label("weight");
        let mut weight = layer.weight;
        ui.spacing_mut().slider_width = 80.0;
        // Clamping only edits: a weight typed above 1 stays as it is until the slider moves.
        let slider = ui
            .add(
                egui::Slider::new(&mut weight, 0.0..=1.0)
                    .show_value(false)
                    .clamping(egui::SliderClamping::Edits),
            )
            .accessible_name(format!("Weight: {title}"));
        let typed = ui
            .add(
                egui::DragValue::new(&mut weight)
                    .range(0.0..=MAX_LAYER_WEIGHT)
                    .speed(0.01)
                    .max_decimals(3),
            )
            .on_hover_text("Weights above 1 count against the other layers' weights")
            .accessible_name(format!("Weight value: {title}"));
        if slider.changed() || typed.changed() {
            edits.push(LayerEdit::Weight(weight));
        }
    });
    ui.horizontal(|ui| {
        ui.label("offset");
        let mut offset = layer.offset;
        if ui
            .add(egui::DragValue::new(&mut offset).speed(1.0).suffix(" f"))
            .on_hover_text("The timeline frame at which the layer's frame 0 plays")
            .accessible_name(format!("Offset: {title}"))
            .changed()
        {
            edits.push(LayerEdit::Offset(offset));
        }
        let mut looping = layer.looping;
        if ui
            .checkbox(&mut looping, "loop")
            .accessible_name(format!("Loop: {title}"))
            .changed()
        {
            edits.push(LayerEdit::Looping(looping));
        }
    });
}
