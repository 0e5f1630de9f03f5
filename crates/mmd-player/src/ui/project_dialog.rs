//! The question before closing the window, or opening another project, over a project's
//! unsaved changes: save them, leave them, or go back. Esc or a click beside it goes back.

use egui::{Id, RichText};
use rust_i18n::t;

use mmd_session::Player;
use mmd_session::action::Action;
use mmd_session::project_actions::UnsavedAnswer;

pub(super) fn show(ctx: &egui::Context, player: &Player, actions: &mut Vec<Action>) {
    if player.unsaved_question().is_none() {
        return;
    }
    let name = player.project_name().unwrap_or_default();
    let response = egui::Modal::new(Id::unique("unsaved project")).show(ctx, |ui| {
        ui.heading(t!("project.unsaved_title"));
        ui.label(RichText::new(t!("project.unsaved_question", name = name)));
        ui.add_space(8.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(t!("project.save_button")).clicked() {
                answer = Some(UnsavedAnswer::Save);
            }
            if ui.button(t!("project.discard_button")).clicked() {
                answer = Some(UnsavedAnswer::Discard);
            }
            if ui.button(t!("project.cancel_button")).clicked() {
                answer = Some(UnsavedAnswer::Cancel);
            }
        });
        answer
    });
    let answer = response
        .inner
        .or_else(|| response.should_close().then_some(UnsavedAnswer::Cancel));
    if let Some(answer) = answer {
        actions.push(Action::AnswerUnsaved(answer));
    }
}
