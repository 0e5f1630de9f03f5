//! Pose mode's handles over the 3D view: a disc on each hand, foot, the head and the
//! centre, ringed when pinned. Dragging one moves its target in the plane through the
//! handle facing the camera, so the handle stays under the pointer; with Ctrl (or Alt)
//! held, dragging up pushes it away along the view direction and down pulls it nearer.
//! A right-click pins or frees it. Each drag step is a [`PoseAction::Drag`] to a
//! model-space point, the release a [`PoseAction::Release`].

use std::borrow::Cow;

use egui::{Color32, Id, PointerButton, Pos2, Rect, Sense, Stroke, Ui, Vec2};
use glam::{Mat4, Vec3};
use mmd_pose::Handle;
use mmd_render::Camera;
use rust_i18n::t;

use super::view::project;
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_session::Player;
use mmd_session::action::Action;

/// Radius of a handle's disc and of the area that grabs it, in points.
const RADIUS: f32 = 7.0;
const GRAB_RADIUS: f32 = 12.0;
const PIN_COLOR: Color32 = Color32::from_rgb(255, 230, 60);

/// Each handle's colour, told apart on screen (and by the window test, which looks for
/// the left hand's).
pub fn handle_color(handle: Handle) -> Color32 {
    match handle {
        Handle::LeftHand => Color32::from_rgb(255, 60, 60),
        Handle::RightHand => Color32::from_rgb(60, 140, 255),
        Handle::LeftFoot => Color32::from_rgb(230, 120, 20),
        Handle::RightFoot => Color32::from_rgb(20, 170, 170),
        Handle::Head => Color32::from_rgb(200, 60, 220),
        Handle::Centre => Color32::from_rgb(60, 200, 60),
    }
}

/// What the interface calls a handle.
pub fn handle_name(handle: Handle) -> Cow<'static, str> {
    match handle {
        Handle::LeftHand => t!("pose.left_hand"),
        Handle::RightHand => t!("pose.right_hand"),
        Handle::LeftFoot => t!("pose.left_foot"),
        Handle::RightFoot => t!("pose.right_foot"),
        Handle::Head => t!("pose.head"),
        Handle::Centre => t!("pose.centre"),
    }
}

/// A drag in progress: where the handle is on screen, its depth in front of the camera
/// (view space), and the pointer's last position.
#[derive(Debug, Clone, Copy)]
struct HandleDrag {
    anchor: Pos2,
    depth: f32,
    pointer: Pos2,
}

pub(super) fn show(
    ui: &mut Ui,
    rect: Rect,
    camera: &Camera,
    aspect: f32,
    player: &Player,
    actions: &mut Vec<Action>,
) {
    let (Some(editor), Some(actor)) = (player.pose_editor(), player.actor()) else {
        return;
    };
    // The edited model's own space to view space: handles are dragged in model space,
    // wherever the model stands on the stage.
    let view = camera.view() * actor.placement();
    let projection = camera.projection(aspect);
    let view_proj = projection * view;
    let pose = editor.shown();
    let painter = ui.painter_at(rect);
    let depth_mode = ui.input(|i| i.modifiers.command || i.modifiers.alt);
    for (handle, bone) in editor.handles() {
        let Some(point) = pose.globals.get(bone).map(|m| m.w_axis.truncate()) else {
            continue;
        };
        let Some(at) = project(view_proj, rect, point) else {
            continue;
        };
        let name = handle_name(handle);
        let pinned = editor.is_pinned(handle);
        let id = Id::unique(("pose handle", handle));
        let response = ui
            .interact(
                Rect::from_center_size(at, Vec2::splat(2.0 * GRAB_RADIUS)),
                id,
                Sense::click_and_drag(),
            )
            .on_hover_text(if pinned {
                t!("pose.pinned_handle_hint", name = name)
            } else {
                t!("pose.handle_hint", name = name)
            });
        response.widget_info(|| {
            let label = t!("pose.handle_name", name = name);
            egui::WidgetInfo::labeled(egui::Role::Button, true, label)
        });
        if response.secondary_clicked() {
            actions.push(Action::Pose(PoseAction::SetPin {
                handle,
                pinned: !pinned,
            }));
        }
        if response.drag_started_by(PointerButton::Primary) {
            let pointer = ui
                .input(|i| i.pointer.press_origin())
                .or(response.interact_pointer_pos())
                .unwrap_or(at);
            let depth = (view * point.extend(1.0)).z;
            ui.data_mut(|d| {
                d.insert_temp(
                    id,
                    HandleDrag {
                        anchor: at,
                        depth,
                        pointer,
                    },
                )
            });
        }
        if response.dragged_by(PointerButton::Primary)
            && let Some(mut drag) = ui.data(|d| d.get_temp::<HandleDrag>(id))
            && let Some(pointer) = response.interact_pointer_pos()
        {
            let moved = pointer - drag.pointer;
            drag.pointer = pointer;
            if depth_mode {
                let per_point =
                    unproject(view, projection, rect, drag.anchor + Vec2::Y, drag.depth)
                        .distance(unproject(view, projection, rect, drag.anchor, drag.depth));
                drag.depth = (drag.depth - moved.y * per_point).max(1e-3);
            } else {
                drag.anchor += moved;
            }
            ui.data_mut(|d| d.insert_temp(id, drag));
            if moved != Vec2::ZERO || response.drag_started_by(PointerButton::Primary) {
                let to = unproject(view, projection, rect, drag.anchor, drag.depth);
                actions.push(Action::Pose(PoseAction::Drag { handle, to }));
            }
        }
        if response.drag_stopped_by(PointerButton::Primary) {
            ui.data_mut(|d| d.remove::<HandleDrag>(id));
            actions.push(Action::Pose(PoseAction::Release));
        }
        let active = response.hovered() || editor.dragged() == Some(handle);
        let radius = if active { RADIUS + 2.0 } else { RADIUS };
        painter.circle(
            at,
            radius,
            handle_color(handle),
            Stroke::new(1.5, Color32::BLACK),
        );
        if pinned {
            painter.circle_stroke(at, radius + 4.0, Stroke::new(2.5, PIN_COLOR));
        }
    }
}

/// The model-space point at view-space depth `depth` (distance in front of the camera)
/// that projects to `at` in `rect`: exact for perspective and orthographic projections
/// (no skew), solved in view space rather than through the inverse of the whole
/// projection, whose near plane would cost precision at the model's distance.
pub fn unproject(view: Mat4, projection: Mat4, rect: Rect, at: Pos2, depth: f32) -> Vec3 {
    let ndc_x = (at.x - rect.left()) / rect.width().max(1.0) * 2.0 - 1.0;
    let ndc_y = 1.0 - (at.y - rect.top()) / rect.height().max(1.0) * 2.0;
    let p = projection;
    let w = p.z_axis.w * depth + p.w_axis.w;
    let x = (ndc_x * w - p.z_axis.x * depth - p.w_axis.x) / p.x_axis.x;
    let y = (ndc_y * w - p.z_axis.y * depth - p.w_axis.y) / p.y_axis.y;
    view.inverse().transform_point3(Vec3::new(x, y, depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unprojected_points_project_back_at_their_depth() {
        let rect = Rect::from_min_size(Pos2::new(270.0, 30.0), Vec2::new(700.0, 600.0));
        let aspect = rect.width() / rect.height();
        for perspective in [true, false] {
            let camera = Camera {
                perspective,
                ..Camera::default()
            };
            let (view, projection) = (camera.view(), camera.projection(aspect));
            for (at, depth) in [
                (Pos2::new(300.0, 100.0), 20.0),
                (Pos2::new(620.0, 330.0), 45.0),
                (Pos2::new(900.0, 600.0), 80.0),
            ] {
                let p = unproject(view, projection, rect, at, depth);
                let back = project(projection * view, rect, p).unwrap();
                assert!(back.distance(at) < 1e-2, "{at:?} came back at {back:?}");
                let z = (view * p.extend(1.0)).z;
                assert!((z - depth).abs() < 1e-3 * depth, "depth {z} for {depth}");
            }
        }
    }
}
