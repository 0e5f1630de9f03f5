//! The Accessories panel, MMD's accessory controls: every accessory on stage (`.x` props and
//! stages) with a switch that shows or hides it, a button that removes it and its name (a
//! click selects it); below, the selected one's place (X, Y, Z), rotation (Rx, Ry, Rz, in
//! degrees), Si (size), Tr (opacity), AD (additive) and ground shadow, the bone holding it (a
//! model, then one of its bones, or the world), and "Save as .vac…".
//! The list's accessible names say which accessory a widget belongs to ("Show accessory: 1.
//! hat"), as the Models list's do.

use std::borrow::Cow;

use egui::{PopupCloseBehavior, RichText, Ui};
use glam::Vec3;
use mmd_scene::stage::accessory::{Accessory, AccessoryEdit, AccessorySettings};
use mmd_scene::stage::actor::Actor;
use rust_i18n::t;

use super::UiState;
use mmd_session::Player;
use mmd_session::action::Action;

/// From this many bones the bone list has a search field: models often have hundreds.
const BONE_SEARCH_FROM: usize = 24;

/// How an accessory is named in the panel: its place in the scene and its label.
fn accessory_title(index: usize, label: &str) -> String {
    format!("{}. {label}", index + 1)
}

/// How a model is named in the parent list, as the Models list names it.
/// The settings the panel shows of accessory `index`: a keyed one's as its keys set them at
/// the frame shown, another's as the user set them.
fn shown_settings<'a>(
    player: &'a Player,
    index: usize,
    accessory: &'a Accessory,
) -> &'a AccessorySettings {
    match (&accessory.motion, player.frame().accessory(index)) {
        (Some(_), Some(at)) => &at.settings,
        _ => &accessory.settings,
    }
}

fn model_title(index: usize, actor: &Actor) -> String {
    format!("{}. {}", index + 1, actor.model.label)
}

pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    egui::CollapsingHeader::new(RichText::new(t!("accessories.title")).heading())
        .default_open(true)
        .show_unindented(ui, |ui| {
            let accessories = &player.scene.accessories;
            if accessories.is_empty() {
                ui.weak(t!("accessories.none"));
                return;
            }
            egui::ScrollArea::vertical()
                .id_salt("accessories")
                .max_height(120.0)
                .show(ui, |ui| {
                    for (index, accessory) in accessories.iter().enumerate() {
                        let selected = player.selected_accessory() == Some(index);
                        let shown = shown_settings(player, index, accessory);
                        ui.horizontal(|ui| {
                            accessory_row(ui, (index, accessory), shown, selected, actions)
                        });
                    }
                });
            let Some((index, accessory)) = player
                .selected_accessory()
                .and_then(|i| Some((i, accessories.get(i)?)))
            else {
                return;
            };
            let mut edits = Vec::new();
            let keyed = accessory.motion.as_ref().map(|m| m.keys().len());
            if let Some(count) = keyed {
                ui.horizontal_wrapped(|ui| {
                    ui.label(t!("accessories.keyed", count = count));
                    if ui
                        .button(t!("accessories.drop_keys"))
                        .on_hover_text(t!("accessories.drop_keys_hint"))
                        .clicked()
                    {
                        edits.push(AccessoryEdit::DropKeys);
                    }
                });
            }
            let shown = shown_settings(player, index, accessory);
            settings(ui, shown, keyed.is_none(), &mut edits);
            ui.add_enabled_ui(keyed.is_none(), |ui| {
                parent_rows(ui, state, shown, &player.scene.actors, &mut edits);
            });
            actions.extend(
                edits
                    .into_iter()
                    .map(|edit| Action::EditAccessory { index, edit }),
            );
            if ui
                .button(t!("accessories.save_vac"))
                .on_hover_text(t!("accessories.save_vac_hint"))
                .clicked()
            {
                actions.push(Action::SaveAccessoryVacDialog(index));
            }
        });
    ui.separator();
}

fn accessory_row(
    ui: &mut Ui,
    (index, accessory): (usize, &Accessory),
    shown: &AccessorySettings,
    selected: bool,
    actions: &mut Vec<Action>,
) {
    let title = accessory_title(index, &accessory.label);
    let visible = shown.visible;
    let mut shown = visible;
    // A keyed accessory is shown or hidden by its keys.
    if ui
        .add_enabled(
            accessory.motion.is_none(),
            egui::Checkbox::without_text(&mut shown),
        )
        .on_hover_text(t!("accessories.show_hint"))
        .accessible_name(t!("accessories.show_name", title = title))
        .changed()
    {
        actions.push(Action::EditAccessory {
            index,
            edit: AccessoryEdit::Visible(shown),
        });
    }
    if ui
        .add(egui::Button::new("×").small())
        .on_hover_text(t!("accessories.remove_hint"))
        .accessible_name(t!("accessories.remove_name", title = title))
        .clicked()
    {
        actions.push(Action::RemoveAccessory(index));
    }
    let text = if visible {
        RichText::new(&title)
    } else {
        RichText::new(&title).weak()
    };
    if ui
        .add(egui::Button::selectable(selected, text).truncate())
        .on_hover_text(accessory.file.display().to_string())
        .clicked()
    {
        actions.push(Action::SelectAccessory(index));
    }
}

/// MMD's numbers and switches of the selected accessory: X/Y/Z, Rx/Ry/Rz, Si, Tr, AD and the
/// ground shadow; all but AD (which MMD does not key) only shown, not edited, unless
/// `editable` (an accessory its keys move).
fn settings(ui: &mut Ui, s: &AccessorySettings, editable: bool, edits: &mut Vec<AccessoryEdit>) {
    ui.add_enabled_ui(editable, |ui| keyed_settings(ui, s, edits));
    ui.horizontal_wrapped(|ui| {
        let mut additive = s.additive;
        if ui
            .checkbox(&mut additive, "AD")
            .on_hover_text(t!("accessories.ad_hint"))
            .changed()
        {
            edits.push(AccessoryEdit::Additive(additive));
        }
        ui.add_enabled_ui(editable, |ui| {
            let mut shadow = s.ground_shadow;
            if ui
                .checkbox(&mut shadow, t!("accessories.shadow"))
                .on_hover_text(t!("accessories.shadow_hint"))
                .changed()
            {
                edits.push(AccessoryEdit::GroundShadow(shadow));
            }
        });
    });
}

/// The numbers an accessory's keys set: X/Y/Z, Rx/Ry/Rz, Si and Tr.
fn keyed_settings(ui: &mut Ui, s: &AccessorySettings, edits: &mut Vec<AccessoryEdit>) {
    let place = (t!("accessories.position"), ["X", "Y", "Z"], 0.1);
    if let Some(moved) = vec3_row(ui, place, s.position) {
        edits.push(AccessoryEdit::Position(moved));
    }
    let turn = (t!("accessories.rotation"), ["Rx", "Ry", "Rz"], 1.0);
    if let Some(turned) = vec3_row(ui, turn, s.rotation) {
        edits.push(AccessoryEdit::Rotation(turned));
    }
    ui.horizontal_wrapped(|ui| {
        let mut scale = s.scale;
        if ui
            .add(
                egui::DragValue::new(&mut scale)
                    .range(0.0..=f32::MAX)
                    .speed(0.01)
                    .max_decimals(3)
                    .prefix("Si "),
            )
            .on_hover_text(t!("accessories.si_hint"))
            .accessible_name("Si")
            .changed()
        {
            edits.push(AccessoryEdit::Scale(scale));
        }
        let mut opacity = s.opacity;
        if ui
            .add(
                egui::DragValue::new(&mut opacity)
                    .range(0.0..=1.0)
                    .speed(0.01)
                    .max_decimals(2)
                    .prefix("Tr "),
            )
            .on_hover_text(t!("accessories.tr_hint"))
            .accessible_name("Tr")
            .changed()
        {
            edits.push(AccessoryEdit::Opacity(opacity));
        }
    });
}

/// One row of three numbers named `axes`, dragged by `speed` (wrapped where the panel is
/// narrow); the new values when one changed.
fn vec3_row(
    ui: &mut Ui,
    (name, axes, speed): (Cow<'_, str>, [&str; 3], f64),
    value: Vec3,
) -> Option<Vec3> {
    let mut changed = value;
    ui.horizontal_wrapped(|ui| {
        ui.label(name.as_ref());
        for (axis, v) in axes.into_iter().zip(changed.as_mut()) {
            ui.add(
                egui::DragValue::new(v)
                    .speed(speed)
                    .max_decimals(2)
                    .prefix(format!("{axis} ")),
            )
            .accessible_name(format!("{name} {axis}"));
        }
    });
    (changed != value).then_some(changed)
}

/// What holds the accessory: "World" or a model, and then that model's bone.
fn parent_rows(
    ui: &mut Ui,
    state: &mut UiState,
    shown: &AccessorySettings,
    actors: &[Actor],
    edits: &mut Vec<AccessoryEdit>,
) {
    // A parent whose model was removed counts as the world, as the accessory is drawn.
    let holder = shown.parent.as_ref().and_then(|parent| {
        let index = actors.iter().position(|a| a.id == parent.actor)?;
        Some((index, parent.bone.as_str()))
    });
    egui::Grid::new("accessory parent")
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui
                .label(t!("accessories.parent"))
                .on_hover_text(t!("accessories.parent_hint"));
            model_combo(ui, holder.map(|(i, _)| i), actors, edits).labelled_by(label.id);
            ui.end_row();
            if let Some((index, bone)) = holder {
                let label = ui.label(t!("accessories.bone"));
                let search = &mut state.accessory_bone_search;
                bone_combo(ui, (index, &actors[index]), bone, search, edits).labelled_by(label.id);
                ui.end_row();
            }
        });
}

/// "World" or a model on stage; picking a model holds the accessory by its first bone (its
/// root), where the bone list then starts. Returns the combo box, for its label.
fn model_combo(
    ui: &mut Ui,
    holder: Option<usize>,
    actors: &[Actor],
    edits: &mut Vec<AccessoryEdit>,
) -> egui::Response {
    let text = holder.map_or_else(
        || t!("accessories.world").into_owned(),
        |i| model_title(i, &actors[i]),
    );
    egui::ComboBox::from_id_salt("accessory parent model")
        .selected_text(text)
        .truncate()
        .show_ui(ui, |ui| {
            if ui
                .selectable_label(holder.is_none(), t!("accessories.world"))
                .clicked()
                && holder.is_some()
            {
                edits.push(AccessoryEdit::Parent(None));
            }
            for (index, actor) in actors.iter().enumerate() {
                let rig = &actor.model.rig;
                let item = ui.add_enabled(
                    rig.bone_count() > 0,
                    egui::Button::selectable(holder == Some(index), model_title(index, actor)),
                );
                if item.clicked() && holder != Some(index) {
                    edits.push(AccessoryEdit::Parent(Some((
                        index,
                        rig.bone_name(0).to_owned(),
                    ))));
                }
            }
        })
        .response
}

/// The bones of model `index`, with a search field when there are many; the popup stays open
/// while typing and closes on a pick. Returns the combo box, for its label.
fn bone_combo(
    ui: &mut Ui,
    (index, actor): (usize, &Actor),
    bone: &str,
    search: &mut String,
    edits: &mut Vec<AccessoryEdit>,
) -> egui::Response {
    let rig = &actor.model.rig;
    egui::ComboBox::from_id_salt("accessory parent bone")
        .selected_text(bone)
        .truncate()
        .height(320.0)
        .close_behavior(PopupCloseBehavior::CloseOnClickOutside)
        .show_ui(ui, |ui| {
            let searchable = rig.bone_count() >= BONE_SEARCH_FROM;
            if searchable {
                ui.add(egui::TextEdit::singleline(search).hint_text(t!("accessories.search_hint")))
                    .accessible_name(t!("accessories.search_name"));
            }
            // A search typed for a larger model must not hide a short list without the field.
            let query = if searchable {
                search.trim().to_lowercase()
            } else {
                String::new()
            };
            let names = (0..rig.bone_count()).map(|b| rig.bone_name(b));
            for name in names.filter(|n| query.is_empty() || n.to_lowercase().contains(&query)) {
                if ui.selectable_label(name == bone, name).clicked() {
                    if name != bone {
                        edits.push(AccessoryEdit::Parent(Some((index, name.to_owned()))));
                    }
                    ui.close();
                }
            }
        })
        .response
}
