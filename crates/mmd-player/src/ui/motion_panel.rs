//! The Motions panel: the selected model's motion layers in order, each with its name, an on switch,
//! a weight slider (0..1, with a field that takes values up to 2), a frame offset, loop and
//! replace switches, and buttons to move it up or down or remove it. Every widget's
//! accessible name says which layer it belongs to ("Weight: 2. laugh.vmd").

use egui::{RichText, Ui};
use mmd_pose::{Layer, LayerMode, MAX_LAYER_WEIGHT};
use rust_i18n::t;

use mmd_scene::stage::layers::LayerEdit;
use mmd_session::Player;
use mmd_session::action::Action;

/// The narrowest and widest a layer's weight slider is drawn.
const MIN_SLIDER_WIDTH: f32 = 40.0;
const MAX_SLIDER_WIDTH: f32 = 80.0;

/// How a layer is named in the panel: its place in the list and its files.
fn layer_title(index: usize, label: &str) -> String {
    format!("{}. {label}", index + 1)
}

pub(super) fn show(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new(t!("motions.title")).heading())
        .default_open(true)
        .show_unindented(ui, |ui| {
            let Some(actor) = player.actor() else {
                ui.weak(t!("motions.no_model"));
                return;
            };
            let count = actor.layers().len();
            if count == 0 {
                ui.weak(t!("motions.none"));
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
            .on_hover_text(t!("motions.on_hint"))
            .accessible_name(t!("motions.on_name", title = title))
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
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            ("▲", t!("motions.move_up"), index > 0, LayerEdit::MoveUp),
            (
                "▼",
                t!("motions.move_down"),
                index + 1 < count,
                LayerEdit::MoveDown,
            ),
            ("×", t!("motions.remove"), true, LayerEdit::Remove),
        ];
        for (symbol, what, possible, edit) in buttons {
            if ui
                .add_enabled(possible, egui::Button::new(symbol).small())
                .on_hover_text(what.clone())
                .accessible_name(format!("{what}: {title}"))
                .clicked()
            {
                edits.push(edit);
            }
        }
        let mut replace = layer.mode == LayerMode::Replace;
        if ui
            .checkbox(&mut replace, t!("motions.replace"))
            .on_hover_text(t!("motions.replace_hint"))
            .accessible_name(t!("motions.replace_name", title = title))
            .changed()
        {
            edits.push(LayerEdit::Mode(if replace {
                LayerMode::Replace
            } else {
                LayerMode::Blend
            }));
        }
    });
    // The label, the number and the slider on one line where they fit with a usable slider,
    // else the number and the slider under the label. (A slider is not moved to a new line
    // by a wrapping row, so the slider takes what the row has left.)
    let gap = ui.spacing().item_spacing.x;
    let number_width = ui.spacing().interact_size.x;
    let label = t!("motions.weight");
    let label_width = {
        let font = egui::TextStyle::Body.resolve(ui.style());
        let galley =
            ui.painter()
                .layout_no_wrap(label.to_string(), font, egui::Color32::PLACEHOLDER);
        galley.size().x
    };
    let one_line = ui.available_width() - label_width - number_width - 2.0 * gap;
    let mut weight = layer.weight;
    let mut weight_row = |ui: &mut Ui| {
        let typed = ui
            .add(
                egui::DragValue::new(&mut weight)
                    .range(0.0..=MAX_LAYER_WEIGHT)
                    .speed(0.01)
                    .max_decimals(3),
            )
            .on_hover_text(t!("motions.weight_hint"))
            .accessible_name(t!("motions.weight_value_name", title = title));
        ui.spacing_mut().slider_width = ui.available_width().clamp(0.0, MAX_SLIDER_WIDTH);
        // Clamping only edits: a weight typed above 1 stays as it is until the slider moves.
        let slider = ui
            .add(
                egui::Slider::new(&mut weight, 0.0..=1.0)
                    .show_value(false)
                    .clamping(egui::SliderClamping::Edits),
            )
            .accessible_name(t!("motions.weight_name", title = title));
        slider.changed() || typed.changed()
    };
    let changed = if one_line >= MIN_SLIDER_WIDTH {
        ui.horizontal(|ui| {
            ui.label(label);
            weight_row(ui)
        })
        .inner
    } else {
        ui.label(label);
        ui.horizontal(|ui| weight_row(ui)).inner
    };
    if changed {
        edits.push(LayerEdit::Weight(weight));
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(t!("motions.offset"));
        let mut offset = layer.offset;
        if ui
            .add(egui::DragValue::new(&mut offset).speed(1.0).suffix(" f"))
            .on_hover_text(t!("motions.offset_hint"))
            .accessible_name(t!("motions.offset_name", title = title))
            .changed()
        {
            edits.push(LayerEdit::Offset(offset));
        }
        let mut looping = layer.looping;
        if ui
            .checkbox(&mut looping, t!("motions.loop"))
            .accessible_name(t!("motions.loop_name", title = title))
            .changed()
        {
            edits.push(LayerEdit::Looping(looping));
        }
    });
}
