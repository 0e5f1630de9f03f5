//! The 3D view: the renderer's image, camera controls (MMD's right drag orbits, middle drag
//! pans, the wheel zooms; left drag orbits too, Shift + left drag pans), the skeleton overlay
//! with the selected bone, and Pose mode's handles (`pose_handles.rs`). A click (not a drag)
//! selects the bone joint under the pointer while the skeleton is shown, and anywhere else
//! clears the selection.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, Vec2};
use glam::{Mat4, Vec3};

use super::{IK_COLOR, UiState, pose_handles};
use mmd_session::Player;
use mmd_session::action::Action;

const TARGET_COLOR: Color32 = Color32::from_rgb(255, 230, 60);
const BONE_COLOR: Color32 = Color32::from_rgb(120, 200, 255);
const SELECTED_COLOR: Color32 = Color32::from_rgb(255, 70, 200);
/// How near a click must land to a bone joint to pick it, in points.
const PICK_RADIUS: f32 = 10.0;

pub(super) fn show(
    ui: &mut Ui,
    state: &mut UiState,
    player: &Player,
    view_texture: Option<egui::TextureId>,
    actions: &mut Vec<Action>,
) {
    let rect = ui.max_rect();
    state.view_rect = rect;
    let aspect = rect.width().max(1.0) / rect.height().max(1.0);
    if !player.free_camera_framed() {
        actions.push(Action::FrameCamera { aspect });
    }
    if let Some(texture) = view_texture {
        ui.painter().image(
            texture,
            rect,
            Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
            Color32::WHITE,
        );
    }
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let delta = response.drag_delta();
    let shift = ui.input(|i| i.modifiers.shift);
    if response.dragged_by(egui::PointerButton::Middle)
        || (response.dragged_by(egui::PointerButton::Primary) && shift)
    {
        actions.push(Action::PanCamera {
            dx: delta.x,
            dy: delta.y,
            view_height: rect.height(),
        });
    } else if response.dragged_by(egui::PointerButton::Primary)
        || response.dragged_by(egui::PointerButton::Secondary)
    {
        actions.push(Action::OrbitCamera {
            dx: delta.x,
            dy: delta.y,
        });
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            actions.push(Action::ZoomCamera(scroll));
        }
    }
    let camera = player.camera();
    let view_proj = camera.projection(aspect) * camera.view();
    let skeleton = player.view_options().skeleton;
    if response.clicked() {
        let picked = response
            .interact_pointer_pos()
            .filter(|_| skeleton)
            .and_then(|at| bone_at(player, view_proj, rect, at));
        actions.push(picked.map_or(Action::Deselect, Action::SelectBone));
    }
    if skeleton {
        skeleton_overlay(ui, rect, view_proj, player);
    }
    pose_handles::show(ui, rect, &camera, aspect, player, actions);
}

/// The bone whose joint is drawn nearest `at`, within [`PICK_RADIUS`].
fn bone_at(player: &Player, view_proj: Mat4, rect: Rect, at: Pos2) -> Option<usize> {
    let view_proj = view_proj * player.actor()?.placement();
    player
        .pose()?
        .globals
        .iter()
        .enumerate()
        .filter_map(|(bone, m)| {
            let p = project(view_proj, rect, m.w_axis.truncate())?;
            Some((bone, p.distance(at)))
        })
        .filter(|&(_, d)| d <= PICK_RADIUS)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(bone, _)| bone)
}

/// Projects a model-space point into the view rectangle; `None` behind the camera.
pub(super) fn project(view_proj: Mat4, rect: Rect, p: Vec3) -> Option<Pos2> {
    let clip = view_proj * p.extend(1.0);
    if clip.w <= 1e-4 {
        return None;
    }
    let ndc = clip.truncate() / clip.w;
    Some(Pos2::new(
        rect.left() + (ndc.x + 1.0) * 0.5 * rect.width(),
        rect.top() + (1.0 - ndc.y) * 0.5 * rect.height(),
    ))
}

/// The selected model's bones as lines from parent to child; IK chains in orange (grey while the solver is
/// off), IK targets in yellow, the selected bone in pink.
fn skeleton_overlay(ui: &Ui, rect: Rect, view_proj: Mat4, player: &Player) {
    let (Some(actor), Some(pose)) = (player.actor(), player.pose()) else {
        return;
    };
    let painter = ui.painter_at(rect);
    let rig = &actor.model.rig;
    let view_proj = view_proj * actor.placement();
    let at = |bone: usize| -> Option<Pos2> {
        let m = pose.globals.get(bone)?;
        project(view_proj, rect, m.w_axis.truncate())
    };
    let mut chain_color = vec![None; rig.bone_count()];
    let mut targets = Vec::new();
    for solver in 0..rig.ik_solver_count() {
        let (ik_bone, effector, links) = rig.ik_chain(solver);
        let active = pose.ik_enabled.get(solver).copied().unwrap_or(false);
        let color = if active {
            IK_COLOR
        } else {
            Color32::from_gray(150)
        };
        for bone in links.iter().copied().chain([effector]) {
            if let Some(slot) = chain_color.get_mut(bone) {
                *slot = Some(color);
            }
        }
        targets.push((ik_bone, effector, active));
    }
    for bone in 0..rig.bone_count() {
        let (Some(parent), Some(p)) = (rig.bone_parent(bone), at(bone)) else {
            continue;
        };
        if let Some(q) = at(parent) {
            let color = chain_color
                .get(bone)
                .copied()
                .flatten()
                .unwrap_or(BONE_COLOR);
            painter.line_segment([q, p], Stroke::new(1.5, color));
        }
        painter.circle_filled(p, 2.0, BONE_COLOR);
    }
    for (ik_bone, effector, active) in targets {
        if let (Some(goal), Some(reach)) = (at(ik_bone), at(effector)) {
            let color = if active {
                TARGET_COLOR
            } else {
                Color32::from_gray(170)
            };
            painter.circle_stroke(goal, 6.0, Stroke::new(2.0, color));
            painter.line_segment([goal, reach], Stroke::new(1.0, color.gamma_multiply(0.6)));
        }
    }
    if let Some(bone) = player.selected_bone()
        && let Some(p) = at(bone)
    {
        painter.circle_stroke(p, 8.0, Stroke::new(2.5, SELECTED_COLOR));
        if let Some(q) = rig.bone_parent(bone).and_then(at) {
            painter.line_segment([q, p], Stroke::new(3.0, SELECTED_COLOR));
        }
        painter.text(
            p + Vec2::new(10.0, -10.0),
            egui::Align2::LEFT_BOTTOM,
            rig.bone_name(bone),
            egui::FontId::proportional(14.0),
            SELECTED_COLOR,
        );
    }
}
