//! The notices panel: every error and warning met so far (files that failed to open, what a
//! model's reading repaired, missing textures, physics that could not run), each with the
//! file it is about, newest last; and the last error, over the top of the view.

use egui::{Rect, RichText, Ui};
use rust_i18n::t;

use super::{ERROR_COLOR, WARNING_COLOR};
use mmd_session::Player;
use mmd_session::action::Action;
use mmd_session::notices::Severity;

/// The menu bar's button naming how many notices there are; `None` without any.
pub(super) fn summary(player: &Player) -> Option<RichText> {
    let notices = player.notices();
    let count = notices.len();
    if count == 0 {
        return None;
    }
    let text = match count {
        1 => t!("notices.one"),
        n => t!("notices.many", count = n),
    };
    let color = if notices.errors() > 0 {
        ERROR_COLOR
    } else {
        WARNING_COLOR
    };
    Some(RichText::new(text).color(color))
}

/// The list, with buttons to clear it and to close the panel (`open` turns false), and while
/// files of the project are missing one that opens their window (`missing_open`).
pub(super) fn show(
    ui: &mut Ui,
    player: &Player,
    open: &mut bool,
    missing_open: &mut bool,
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        ui.strong(t!("notices.title"));
        let missing = player.missing_files().len();
        if missing > 0
            && ui
                .small_button(t!("missing.count", count = missing))
                .clicked()
        {
            *missing_open = true;
        }
        if ui.small_button(t!("notices.clear")).clicked() {
            actions.push(Action::ClearNotices);
        }
        if ui.small_button(t!("notices.close")).clicked() {
            *open = false;
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("notices")
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if player.notices().is_empty() {
                ui.weak(t!("notices.none"));
            }
            for (i, notice) in player.notices().iter().enumerate() {
                let (mark, color) = match notice.severity {
                    Severity::Error => (t!("notices.error"), ERROR_COLOR),
                    Severity::Warning => (t!("notices.warning"), WARNING_COLOR),
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

/// The last error, across the top of the view (`view`) until dismissed: over the view rather
/// than in a panel, so that nothing moves when it comes or goes. While files of the project
/// are missing it offers to locate them (opening their window, `missing_open`).
pub(super) fn error_banner(
    ctx: &egui::Context,
    view: Rect,
    player: &Player,
    missing_open: &mut bool,
    actions: &mut Vec<Action>,
) {
    let Some(error) = &player.error else {
        return;
    };
    egui::Area::new(egui::Id::unique("error banner"))
        .fixed_pos(view.left_top())
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let margins = ui.style().spacing.menu_margin.sum().x;
                ui.set_width((view.width() - margins).max(0.0));
                ui.horizontal(|ui| {
                    // The button first: the message wraps in the room left, however long.
                    let dismiss = t!("notices.dismiss");
                    let button = ui.small_button("×");
                    button.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, dismiss.as_ref())
                    });
                    if button.on_hover_text(dismiss).clicked() {
                        actions.push(Action::DismissError);
                    }
                    if !player.missing_files().is_empty()
                        && ui.small_button(t!("missing.open_list")).clicked()
                    {
                        *missing_open = true;
                    }
                    let text = RichText::new(format!("⚠ {error}")).color(ERROR_COLOR);
                    ui.add(egui::Label::new(text).wrap());
                });
            });
        });
}
