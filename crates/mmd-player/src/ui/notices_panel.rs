//! The notices panel: every error and warning met so far (files that failed to open, what a
//! model's reading repaired, missing textures, physics that could not run), each with the
//! file it is about, newest last.

use egui::{RichText, Ui};

use super::{ERROR_COLOR, WARNING_COLOR};
use crate::session::Player;
use crate::session::action::Action;
use crate::session::notices::Severity;

/// The menu bar's button naming how many notices there are; `None` without any.
pub(super) fn summary(player: &Player) -> Option<RichText> {
    let notices = player.notices();
    let count = notices.len();
    if count == 0 {
        return None;
    }
    let text = match count {
        1 => "1 notice".to_owned(),
        n => format!("{n} notices"),
    };
    let color = if notices.errors() > 0 {
        ERROR_COLOR
    } else {
        WARNING_COLOR
    };
    Some(RichText::new(text).color(color))
}

/// The list, with buttons to clear it and to close the panel (`open` turns false).
pub(super) fn show(ui: &mut Ui, player: &Player, open: &mut bool, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        ui.strong("Notices");
        if ui.small_button("Clear").clicked() {
            actions.push(Action::ClearNotices);
        }
        if ui.small_button("Close").clicked() {
            *open = false;
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("notices")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if player.notices().is_empty() {
                ui.weak("No problems so far.");
            }
            for (i, notice) in player.notices().iter().enumerate() {
                let (mark, color) = match notice.severity {
                    Severity::Error => ("error", ERROR_COLOR),
                    Severity::Warning => ("warning", WARNING_COLOR),
                };
                ui.horizontal(|ui| {
                    ui.colored_label(color, mark);
                    ui.add(egui::Label::new(RichText::new(&notice.file).monospace()).truncate());
                });
                ui.indent(("notice", i), |ui| {
                    ui.add(egui::Label::new(&notice.message).wrap());
                });
            }
        });
}
