//! The Morphs section: each morph's weight of the selected model; ticking a morph pins it to
//! its slider's value.

use egui::{RichText, Ui};
use mmd_pose::Pose;
use rust_i18n::t;

use super::{ACCENT, UiState};
use mmd_scene::stage::actor::Actor;
use mmd_session::Player;
use mmd_session::action::Action;

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    let (Some(actor), Some(pose)) = (player.actor(), player.pose()) else {
        return;
    };
    egui::CollapsingHeader::new(RichText::new(t!("morphs.title")).heading())
        .default_open(true)
        .show_unindented(ui, |ui| morphs(ui, state, (player, actor, pose), actions));
}

fn morphs(
    ui: &mut Ui,
    state: &mut UiState,
    (player, actor, pose): (&Player, &Actor, &Pose),
    actions: &mut Vec<Action>,
) {
    // The hint names the field.
    ui.add(egui::TextEdit::singleline(&mut state.morph_search).hint_text(t!("morphs.search_hint")))
        .accessible_name(t!("morphs.search"));
    let query = state.morph_search.trim().to_lowercase();
    egui::ScrollArea::vertical()
        .id_salt("morphs")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let rig = &actor.model.rig;
            for morph in 0..rig.morph_count() {
                let name = rig.morph_name(morph);
                if !query.is_empty() && !name.to_lowercase().contains(&query) {
                    continue;
                }
                ui.horizontal(|ui| morph_row(ui, (player, pose), morph, name, actions));
            }
        });
}

/// The share of a morph's row the slider takes, within its narrowest and widest.
const SLIDER_SHARE: f32 = 0.45;
const MIN_SLIDER_WIDTH: f32 = 40.0;
const MAX_SLIDER_WIDTH: f32 = 140.0;
/// The narrowest a morph's name is cut to while the row also shows the weight as a number.
const MIN_NAME_WIDTH: f32 = 40.0;

fn morph_row(
    ui: &mut Ui,
    (player, pose): (&Player, &Pose),
    morph: usize,
    name: &str,
    actions: &mut Vec<Action>,
) {
    let pinned = player.morph_override(morph);
    let mut weight = pose.morph_weights.get(morph).copied().unwrap_or(0.0);
    let mut pin = pinned.is_some();
    let pin_box = ui
        .add(egui::Checkbox::without_text(&mut pin))
        .on_hover_text(t!("morphs.pin_hint"));
    let text = if pinned.is_some() {
        RichText::new(name).color(ACCENT)
    } else {
        RichText::new(name)
    };
    // The name and the slider share what the box and the weight leave, so the row fits the
    // panel however narrow; a name cut short shows in full on hover.
    let gap = ui.spacing().item_spacing.x;
    let weight_width = {
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let galley =
            ui.painter()
                .layout_no_wrap("0.000".to_owned(), font, egui::Color32::PLACEHOLDER);
        galley.size().x
    };
    // Where the row is too narrow for the number as well, the slider alone shows the weight
    // (and the number on hover).
    let with_number = ui.available_width() - weight_width - 2.0 * gap;
    let show_number = with_number >= MIN_SLIDER_WIDTH + MIN_NAME_WIDTH;
    let room = if show_number {
        with_number
    } else {
        ui.available_width() - gap
    }
    .max(0.0);
    let slider_width = (room * SLIDER_SHARE).clamp(MIN_SLIDER_WIDTH, MAX_SLIDER_WIDTH);
    ui.spacing_mut().slider_width = slider_width;
    let name_width = (room - slider_width).max(0.0);
    let label = ui
        .allocate_ui_with_layout(
            egui::vec2(name_width, 18.0),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_width(name_width);
                ui.add(egui::Label::new(text).truncate())
            },
        )
        .inner;
    if pin_box.labelled_by(label.id).changed() {
        actions.push(Action::PinMorph {
            morph,
            weight: pin.then_some(weight),
        });
    }
    // No rounding options here: a slider that rounds would report the motion's own weight
    // as a user change. The value is a label of its own: a slider's built-in value box has
    // no accessible name.
    let number = format!("{weight:.3}");
    if ui
        .add(egui::Slider::new(&mut weight, 0.0..=1.0).show_value(false))
        .labelled_by(label.id)
        .on_hover_text(&number)
        .changed()
    {
        actions.push(Action::PinMorph {
            morph,
            weight: Some(weight),
        });
    }
    if show_number {
        ui.monospace(number);
    }
}
