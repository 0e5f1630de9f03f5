//! MMD's light controls, under View → Light: the direction the light travels (X, Y, Z, each
//! -1 to 1 as MMD's panel has them) and its colour (R, G, B, 0 to 255). A change sets the
//! light by hand, over the scene's light motion, until Reset gives it back to the motion (or
//! to MMD's default without one).

use egui::Ui;
use glam::Vec3;
use rust_i18n::t;

use mmd_session::Player;
use mmd_session::action::Action;

pub(super) fn menu(ui: &mut Ui, player: &Player, actions: &mut Vec<Action>) {
    let light = player.light();
    let mut direction = light.direction.to_array();
    let mut color = (light.color * 255.0).round().to_array();
    let mut changed = false;
    egui::Grid::new("light").num_columns(4).show(ui, |ui| {
        ui.label(t!("light.direction"));
        for (value, axis) in direction.iter_mut().zip(["X", "Y", "Z"]) {
            changed |= ui
                .add(
                    egui::DragValue::new(value)
                        .range(-1.0..=1.0)
                        .speed(0.01)
                        .max_decimals(2)
                        .prefix(format!("{axis} ")),
                )
                .changed();
        }
        ui.end_row();
        ui.label(t!("light.colour"));
        for (value, channel) in color.iter_mut().zip(["R", "G", "B"]) {
            changed |= ui
                .add(
                    egui::DragValue::new(value)
                        .range(0.0..=255.0)
                        .speed(1.0)
                        .max_decimals(0)
                        .prefix(format!("{channel} ")),
                )
                .changed();
        }
        ui.end_row();
    });
    if changed {
        actions.push(Action::SetLight(mmd_pose::Light {
            direction: Vec3::from_array(direction),
            color: Vec3::from_array(color) / 255.0,
        }));
    }
    let reset = if player.scene.light.is_some() {
        t!("light.reset_to_motion")
    } else {
        t!("light.reset_to_default")
    };
    if ui
        .add_enabled(player.light_set_by_hand(), egui::Button::new(reset))
        .clicked()
    {
        actions.push(Action::ResetLight);
    }
}
