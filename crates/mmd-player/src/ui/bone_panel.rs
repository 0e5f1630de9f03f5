//! The bone panel: every IK bone with Auto / On / Off and its solver (CCD, MMD's own, or
//! Jacobian), and a searchable bone tree whose selection marks the bone in the view and its
//! keys on the timeline; each bone's row shows how many keys the motions hold for it. Rows
//! wrap and names are cut short (in full on hover) so that nothing is clipped however narrow
//! the panel is.

use std::borrow::Cow;

use egui::{Color32, RichText, Ui};
use mmd_pose::{IkMethod, IkOverride, Pose};
use rust_i18n::t;

use super::{IK_COLOR, UiState};
use mmd_scene::stage::actor::Actor;
use mmd_session::action::Action;
use mmd_session::{BoneTree, Player};

/// The IK override choices, as the panel labels them.
fn ik_modes() -> [(IkOverride, Cow<'static, str>); 3] {
    [
        (IkOverride::Auto, t!("bones.ik_auto")),
        (IkOverride::On, t!("bones.ik_on")),
        (IkOverride::Off, t!("bones.ik_off")),
    ]
}

/// The IK solvers, as the panel labels them.
fn ik_methods() -> [(IkMethod, Cow<'static, str>); 2] {
    [
        (IkMethod::Ccd, "CCD".into()),
        (IkMethod::Jacobian, t!("bones.jacobian")),
    ]
}

/// The height the bone panel keeps below the IK switches for the search and the tree's first
/// rows.
const TREE_ROOM: f32 = 200.0;
/// The share of the bone panel's height the IK switches may always take.
const MIN_IK_SHARE: f32 = 0.35;

/// Deeper than any real rig; a guard against pathological parent chains.
const MAX_TREE_DEPTH: usize = 64;

/// The selected model's bones, or a word that there is none.
pub(super) fn show(ui: &mut Ui, state: &mut UiState, player: &Player, actions: &mut Vec<Action>) {
    let (Some(actor), Some(tree), Some(pose)) = (player.actor(), player.bone_tree(), player.pose())
    else {
        ui.label(t!("bones.no_model"));
        return;
    };
    let iks = player.ik_bones();
    if !iks.is_empty() {
        // The IK switches scroll where the window is short, leaving the tree its search and
        // some rows.
        let room = ui.available_height();
        let most = (room - TREE_ROOM).max(room * MIN_IK_SHARE);
        egui::ScrollArea::vertical()
            .id_salt("ik switches")
            .max_height(most)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ik_switches(ui, player, (actor, pose), &iks, actions)
            });
        ui.separator();
    }
    // The hint names the field.
    ui.add(egui::TextEdit::singleline(&mut state.bone_search).hint_text(t!("bones.search_hint")))
        .accessible_name(t!("bones.search"));
    ui.add(egui::Label::new(RichText::new(t!("bones.keys_legend")).weak().small()).wrap());
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

/// The switches for every IK chain at once, then each IK bone's: its name (a click selects
/// it), Auto / On / Off and its solver.
fn ik_switches(
    ui: &mut Ui,
    player: &Player,
    (actor, pose): (&Actor, &Pose),
    iks: &[usize],
    actions: &mut Vec<Action>,
) {
    let rig = &actor.model.rig;
    let all = t!("bones.all_chains");
    let names = iks.iter().map(|&bone| rig.bone_name(bone));
    let layout = IkRowLayout::new(ui, names.chain([all.as_ref()]));
    let all_label = |ui: &mut Ui| {
        ui.add(egui::Label::new(all.as_ref()).truncate());
    };
    ik_row(ui, &layout, all_label, |ui, part| match part {
        IkPart::Modes => {
            for (value, label) in ik_modes() {
                if ui.button(label).clicked() {
                    actions.push(Action::SetAllIk(value));
                }
            }
        }
        IkPart::Solvers => {
            for (method, label) in ik_methods() {
                if ui.button(label).clicked() {
                    actions.push(Action::SetAllIkMethods(method));
                }
            }
        }
    });
    for (solver, &bone) in iks.iter().enumerate() {
        let active = pose.ik_enabled.get(solver).copied().unwrap_or(false);
        let name = rig.bone_name(bone);
        let color = if active { IK_COLOR } else { Color32::GRAY };
        let mut selected = false;
        let name_cell = |ui: &mut Ui| {
            let shown = player.selected_bone() == Some(bone);
            let text = RichText::new(name).color(color);
            let row = egui::Button::selectable(shown, text).truncate();
            selected = ui.add(row).on_hover_text(name).clicked();
        };
        ik_row(ui, &layout, name_cell, |ui, part| {
            ik_part(ui, player, bone, part, actions)
        });
        if selected {
            actions.push(Action::SelectBone(bone));
        }
    }
}

/// One row of the IK switches laid out by `layout`: `name` fills the name's column, then
/// `part` draws each part on the lines the layout gives.
fn ik_row(
    ui: &mut Ui,
    layout: &IkRowLayout,
    name: impl FnOnce(&mut Ui),
    mut part: impl FnMut(&mut Ui, IkPart),
) {
    let mut name = Some(name);
    for (line, parts) in layout.lines.iter().enumerate() {
        // Wrapped: in a panel narrower than a part, its switches go on as many lines as
        // they need rather than past the edge.
        ui.horizontal_wrapped(|ui| {
            if line == 0 {
                let size = egui::vec2(layout.name_width, ui.spacing().interact_size.y);
                let left = egui::Layout::left_to_right(egui::Align::Center);
                ui.allocate_ui_with_layout(size, left, |ui| {
                    ui.set_min_width(size.x);
                    if let Some(name) = name.take() {
                        name(ui);
                    }
                });
            } else {
                ui.add_space(layout.indent);
            }
            for &p in parts {
                part(ui, p);
            }
        });
    }
}

/// The switches of an IK bone's row after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IkPart {
    /// Auto / On / Off.
    Modes,
    /// CCD / Jacobian.
    Solvers,
}

/// How the IK bones' rows are laid out in the panel's width: the names make a column as wide
/// as the widest (cut only to the panel), then the parts follow on as few lines as fit, each
/// part kept whole, so that nothing is clipped and every row wraps alike. A name cut short
/// reads as another bone (左つま… is either foot's toe IK), so a part moves down rather than
/// the name shrinking.
struct IkRowLayout {
    name_width: f32,
    /// The parts on each line; the first line starts with the name.
    lines: Vec<Vec<IkPart>>,
    /// Where the lines after the first start: under the parts where they fit there, else one
    /// indent in.
    indent: f32,
}

impl IkRowLayout {
    fn new<'a>(ui: &Ui, names: impl Iterator<Item = &'a str>) -> IkRowLayout {
        let width = ui.available_width();
        let gap = ui.spacing().item_spacing.x;
        let group_width = |labels: &[Cow<'_, str>]| {
            let texts: f32 = labels.iter().map(|label| text_width(ui, label)).sum();
            texts + gap * labels.len().saturating_sub(1) as f32
        };
        let modes = group_width(&ik_modes().map(|(_, label)| label));
        let solvers = group_width(&ik_methods().map(|(_, label)| label));
        // The names are kept whole: the row on one line where it fits; else the name and the
        // override switches on the first line; else the name on a line of its own. Only a
        // name wider than the panel itself is cut.
        let widest = names.map(|name| text_width(ui, name)).fold(0.0, f32::max);
        let name_width = widest.min(width);
        let indent = if name_width + gap + modes.max(solvers) <= width {
            name_width + gap
        } else {
            ui.spacing().indent
        };
        let mut lines = Vec::new();
        let mut line = Vec::new();
        let mut x = name_width + gap;
        for (part, part_width) in [(IkPart::Modes, modes), (IkPart::Solvers, solvers)] {
            if x + part_width > width {
                lines.push(std::mem::take(&mut line));
                x = indent;
            }
            line.push(part);
            x += part_width + gap;
        }
        lines.push(line);
        IkRowLayout {
            name_width,
            lines,
            indent,
        }
    }
}

/// One bone's IK override or solver switches.
fn ik_part(ui: &mut Ui, player: &Player, bone: usize, part: IkPart, actions: &mut Vec<Action>) {
    match part {
        IkPart::Modes => {
            let current = player.ik_override(bone);
            for (value, label) in ik_modes() {
                if ui.selectable_label(current == value, label).clicked() && current != value {
                    actions.push(Action::SetIk { bone, value });
                }
            }
        }
        IkPart::Solvers => {
            let current = player.ik_method(bone);
            for (method, label) in ik_methods() {
                if ui.selectable_label(current == method, label).clicked() && current != method {
                    actions.push(Action::SetIkMethod { bone, method });
                }
            }
        }
    }
}

/// The width of a selectable row showing `text` in full.
fn text_width(ui: &Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, Color32::PLACEHOLDER);
    galley.size().x + 2.0 * ui.spacing().button_padding.x
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
    let (mut text, hint) = if keys > 0 {
        (
            RichText::new(format!("{name}  ·{keys}")),
            t!("bones.keys_hint", name = name, count = keys),
        )
    } else {
        (RichText::new(name), Cow::Borrowed(name))
    };
    if rig.ik_solver_of_bone(bone).is_some() {
        text = text.color(IK_COLOR);
    }
    let selected = player.selected_bone() == Some(bone);
    let kept = |k: &usize| keep.get(*k).copied().unwrap_or(false);
    let kids = tree.children.get(bone).map_or(&[][..], Vec::as_slice);
    let row = |ui: &mut Ui, actions: &mut Vec<Action>| {
        let button = egui::Button::selectable(selected, text.clone()).truncate();
        if ui.add(button).on_hover_text(hint.clone()).clicked() {
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
