//! MMD's outside parent (外部親) for the selected model, under the Models panel: the bones
//! that hang from another model's bone (their parent at the frame shown, marked when keys
//! change it), each with a button giving it back to its own parent; and pickers for a bone,
//! a parent model and its bone, which hang the bone there from the first frame on.

use egui::{Id, RichText, Ui};
use rust_i18n::t;

use mmd_session::Player;
use mmd_session::action::Action;

/// The pickers' choice, kept in egui's memory between frames: the bone, the parent model,
/// the parent bone.
#[derive(Clone, Copy, Default)]
struct Picked {
    bone: Option<usize>,
    model: Option<usize>,
    parent_bone: Option<usize>,
}

pub(super) fn show(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let (Some(index), Some(actor)) = (player.selected_model(), player.actor()) else {
        return;
    };
    let scene = &player.scene;
    let frame = player.playback().frame();
    egui::CollapsingHeader::new(t!("outside_parent.title"))
        .id_salt("outside parent")
        .show(ui, |ui| {
            ui.label(RichText::new(t!("outside_parent.hint")).weak().small());
            let rig = &actor.model.rig;
            if actor.outside_parents.is_empty() {
                ui.weak(t!("outside_parent.none"));
            }
            for parent in &actor.outside_parents {
                let Some(bone) =
                    (parent.bone < rig.bone_count()).then(|| rig.bone_name(parent.bone))
                else {
                    continue;
                };
                let to = parent.at(frame).and_then(|target| {
                    let (m, holder) = scene
                        .actors
                        .iter()
                        .enumerate()
                        .find(|(_, a)| a.id == target.actor)?;
                    let rig = &holder.model.rig;
                    (target.bone < rig.bone_count()).then(|| {
                        format!(
                            "{}. {} / {}",
                            m + 1,
                            holder.model.label,
                            rig.bone_name(target.bone)
                        )
                    })
                });
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .small_button("×")
                        .on_hover_text(t!("outside_parent.remove_hint"))
                        .clicked()
                    {
                        actions.push(Action::SetOutsideParent {
                            bone: parent.bone,
                            parent: None,
                        });
                    }
                    let keyed = if parent.keys.len() > 1 {
                        t!("outside_parent.keyed").into_owned()
                    } else {
                        String::new()
                    };
                    let to = to.unwrap_or_else(|| t!("outside_parent.own").into_owned());
                    ui.label(format!("{bone} → {to} {keyed}"));
                });
            }
            pickers(ui, player, index, actions);
        });
}

fn pickers(ui: &mut Ui, player: &Player, index: usize, actions: &mut Vec<Action>) {
    let id = Id::unique(("outside parent picks", index));
    let mut picked: Picked = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let actors = &player.scene.actors;
    let rig = &actors[index].model.rig;
    let pick = t!("outside_parent.pick");
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t!("outside_parent.bone"));
        let text = picked
            .bone
            .map_or(pick.clone(), |b| rig.bone_name(b).into());
        egui::ComboBox::from_id_salt(("outside parent bone", index))
            .selected_text(text)
            .truncate()
            .height(320.0)
            .show_ui(ui, |ui| {
                for b in 0..rig.bone_count() {
                    ui.selectable_value(&mut picked.bone, Some(b), rig.bone_name(b));
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t!("outside_parent.parent_model"));
        let text = picked
            .model
            .and_then(|m| actors.get(m))
            .map_or(pick.clone(), |a| a.model.label.as_str().into());
        egui::ComboBox::from_id_salt(("outside parent model", index))
            .selected_text(text)
            .truncate()
            .show_ui(ui, |ui| {
                for (m, actor) in actors.iter().enumerate().filter(|(m, _)| *m != index) {
                    let label = format!("{}. {}", m + 1, actor.model.label);
                    if ui
                        .selectable_value(&mut picked.model, Some(m), label)
                        .clicked()
                    {
                        picked.parent_bone = None;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    let parent_rig = picked
        .model
        .and_then(|m| actors.get(m))
        .map(|a| &a.model.rig);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(t!("outside_parent.parent_bone"));
        let text = match (parent_rig, picked.parent_bone) {
            (Some(rig), Some(b)) if b < rig.bone_count() => rig.bone_name(b).into(),
            _ => pick.clone(),
        };
        ui.add_enabled_ui(parent_rig.is_some(), |ui| {
            egui::ComboBox::from_id_salt(("outside parent parent bone", index))
                .selected_text(text)
                .truncate()
                .height(320.0)
                .show_ui(ui, |ui| {
                    if let Some(rig) = parent_rig {
                        for b in 0..rig.bone_count() {
                            ui.selectable_value(&mut picked.parent_bone, Some(b), rig.bone_name(b));
                        }
                    }
                })
                .response
                .labelled_by(label.id);
        });
    });
    let ready = match (picked.bone, picked.model, picked.parent_bone) {
        (Some(bone), Some(model), Some(parent_bone)) => Some((bone, model, parent_bone)),
        _ => None,
    };
    if ui
        .add_enabled(ready.is_some(), egui::Button::new(t!("outside_parent.set")))
        .on_hover_text(t!("outside_parent.set_hint"))
        .clicked()
        && let Some((bone, model, parent_bone)) = ready
    {
        actions.push(Action::SetOutsideParent {
            bone,
            parent: Some((model, parent_bone)),
        });
    }
    ui.data_mut(|d| d.insert_temp(id, picked));
}
