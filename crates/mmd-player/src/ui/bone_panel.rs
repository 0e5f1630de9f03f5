//! The bone panel: every IK bone with Auto / On / Off and its solver (CCD, MMD's own, or
//! Jacobian), and a searchable bone tree whose selection marks the bone in the view and its
//! keys on the timeline.

use egui::{Color32, RichText, Ui};
use mmd_pose::{IkMethod, IkOverride, Pose};

use super::{IK_COLOR, UiState};
use crate::session::action::Action;
use crate::session::{BoneTree, Player};
use mmd_scene::actor::Actor;

/// The IK override choices, as the panel labels them.
const IK_MODES: [(IkOverride, &str); 3] = [
    (IkOverride::Auto, "Auto"),
    (IkOverride::On, "On"),
    (IkOverride::Off, "Off"),
];

/// The IK solvers, as the panel labels them.
const IK_METHODS: [(IkMethod, &str); 2] =
    [(IkMethod::Ccd, "CCD"), (IkMethod::Jacobian, "Jacobian")];

/// Deeper than any real rig; a guard against pathological parent chains.
const MAX_TREE_DEPTH: usize = 64;

/// The selected model's bones, or a word that there is none.
pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    let (Some(actor), Some(tree), Some(pose)) = (player.actor(), player.bone_tree(), player.pose())
    else {
        ui.label("No model: File → Open one.");
        return;
    };
    let iks = player.ik_bones();
    if !iks.is_empty() {
        ik_switches(ui, player, (actor, pose), &iks, actions);
        ui.separator();
    }
    ui.horizontal(|ui| {
        let label = ui.label("Search");
        ui.add(egui::TextEdit::singleline(&mut state.bone_search).hint_text("search bones"))
            .labelled_by(label.id);
    });
    let keep = player.bones_matching(&state.bone_search);
    egui::ScrollArea::vertical()
        .id_salt("bone tree")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for &root in &tree.roots {
                bone_node(ui, player, (actor, tree), &keep, (root, 0), actions);
            }
        });
}

fn ik_switches(
    ui: &mut Ui,
    player: &Player,
    (actor, pose): (&Actor, &Pose),
    iks: &[usize],
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        ui.label("All IK:");
        for (value, label) in IK_MODES {
            if ui.button(label).clicked() {
                actions.push(Action::SetAllIk(value));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("All solvers:");
        for (method, label) in IK_METHODS {
            if ui.button(label).clicked() {
                actions.push(Action::SetAllIkMethods(method));
            }
        }
    });
    egui::Grid::new("ik grid").striped(true).show(ui, |ui| {
        for (solver, &bone) in iks.iter().enumerate() {
            let active = pose.ik_enabled.get(solver).copied().unwrap_or(false);
            let name = actor.model.rig.bone_name(bone);
            let color = if active { IK_COLOR } else { Color32::GRAY };
            if ui
                .selectable_label(
                    player.selected_bone() == Some(bone),
                    RichText::new(name).color(color),
                )
                .clicked()
            {
                actions.push(Action::SelectBone(bone));
            }
            ui.horizontal(|ui| {
                let current = player.ik_override(bone);
                for (value, label) in IK_MODES {
                    if ui.selectable_label(current == value, label).clicked() && current != value {
                        actions.push(Action::SetIk { bone, value });
                    }
                }
            });
            ui.horizontal(|ui| {
                let current = player.ik_method(bone);
                for (method, label) in IK_METHODS {
                    if ui.selectable_label(current == method, label).clicked() && current != method
                    {
                        actions.push(Action::SetIkMethod { bone, method });
                    }
                }
            });
            ui.end_row();
        }
    });
}

/// One bone's row and, below it, its kept children.
fn bone_node(
    ui: &mut Ui,
    player: &Player,
    (actor, tree): (&Actor, &BoneTree),
    keep: &[bool],
    (bone, depth): (usize, usize),
    actions: &mut Vec<Action>,
) {
    if !keep.get(bone).copied().unwrap_or(false) || depth > MAX_TREE_DEPTH {
        return;
    }
    let rig = &actor.model.rig;
    let name = rig.bone_name(bone);
    let keys = actor.layers().bone_key_count(bone);
    let mut text = if keys > 0 {
        RichText::new(format!("{name}  ·{keys}"))
    } else {
        RichText::new(name)
    };
    if rig.ik_solver_of_bone(bone).is_some() {
        text = text.color(IK_COLOR);
    }
    let selected = player.selected_bone() == Some(bone);
    let kept = |k: &usize| keep.get(*k).copied().unwrap_or(false);
    let kids = tree.children.get(bone).map_or(&[][..], Vec::as_slice);
    let row = |ui: &mut Ui, actions: &mut Vec<Action>| {
        if ui.selectable_label(selected, text.clone()).clicked() {
            actions.push(Action::SelectBone(bone));
        }
    };
    if !kids.iter().any(kept) {
        ui.horizontal(|ui| {
            ui.add_space(18.0);
            row(ui, actions);
        });
    } else {
        let id = ui.make_persistent_id(("bone", bone));
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, depth < 4)
            .show_header(ui, |ui| row(ui, actions))
            .body(|ui| {
                for &kid in kids.iter().filter(|k| kept(k)) {
                    bone_node(ui, player, (actor, tree), keep, (kid, depth + 1), actions);
                }
            });
    }
}
