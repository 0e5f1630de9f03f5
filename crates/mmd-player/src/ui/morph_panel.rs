//! The morph panel: each morph's weight of the selected model; ticking a morph pins it to
//! its slider's value.

use egui::{RichText, Ui};
use mmd_pose::Pose;

use super::{ACCENT, UiState};
use crate::session::Player;
use crate::session::action::Action;

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    let (Some(actor), Some(pose)) = (player.actor(), player.pose()) else {
        return;
    };
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        ui.add(egui::TextEdit::singleline(&mut state.morph_search).hint_text("search morphs"))
            .labelled_by(label.id);
    });
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
        .on_hover_text("Override the motion's weight");
    let text = if pinned.is_some() {
        RichText::new(name).color(ACCENT)
    } else {
        RichText::new(name)
    };
    // The name takes what the slider and the weight leave (more as the panel widens); a
    // name cut short shows in full on hover.
    let name_width = (ui.available_width() - ui.spacing().slider_width - 90.0).max(60.0);
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
    if ui
        .add(egui::Slider::new(&mut weight, 0.0..=1.0).show_value(false))
        .labelled_by(label.id)
        .changed()
    {
        actions.push(Action::PinMorph {
            morph,
            weight: Some(weight),
        });
    }
    ui.monospace(format!("{weight:.3}"));
}
