//! A short session driven through the library alone, as a script or another front end would
//! drive it: no window, no GPU, no sound device; the host's services are the library's own
//! (messages by name, no export, settings in memory).

use std::path::{Path, PathBuf};

use glam::{Mat4, Vec3};
use mmd_pose::{Handle, IkOverride};
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::{Action, ViewOption};
use mmd_session::export::{ExportOutcome, ExportRequest, ExportTarget};
use mmd_session::project_actions::PROJECT_EXTENSION;

fn fixture(rel: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    assert_ne!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref(),
        Ok("1"),
        "MMD_REQUIRE_FIXTURES=1 but {} is missing",
        path.display()
    );
    None
}

/// The largest difference between two poses' bone matrices.
fn largest_difference(a: &[Mat4], b: &[Mat4]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .zip(b)
        .flat_map(|(x, y)| (*x - *y).to_cols_array())
        .fold(0.0, |worst, d| worst.max(d.abs()))
}

fn globals(player: &Player) -> Vec<Mat4> {
    player.pose().map(|p| p.globals.clone()).unwrap_or_default()
}

#[test]
fn a_session_opens_edits_undoes_saves_and_reopens_without_a_window() {
    let (Some(model), Some(dance)) = (
        fixture("gene/Gene_light.pmx"),
        fixture("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut player = Player::new(Scene::default());

    // Open a model and its dance, as File → Open or a drop does.
    player.apply(Action::Open(vec![model.clone(), dance.clone()]));
    assert!(player.error.is_none(), "{:?}", player.error);
    assert_eq!(player.scene.actors.len(), 1);
    assert_eq!(player.selected_model(), Some(0));
    assert_eq!(player.recent_files().paths().len(), 2);
    player.apply(Action::Seek(60.0));
    assert!(player.update_pose(), "a new frame is posed");
    let danced = globals(&player);

    // Change settings: a leg's IK off re-poses the model; the edges off change the view.
    let leg_ik = player.ik_bones()[0];
    player.apply(Action::SetIk {
        bone: leg_ik,
        value: IkOverride::Off,
    });
    player.apply(Action::SetView(ViewOption::Edges, false));
    assert!(player.update_pose());
    let without_ik = globals(&player);
    assert!(largest_difference(&danced, &without_ik) > 1e-3);
    assert!(!player.view_options().edges);

    // Pose mode: a drag moves the hand, undo brings back the pose it started from.
    player.apply(Action::Pose(PoseAction::SetMode(true)));
    player.update_pose();
    let before_drag = globals(&player);
    let editor = player.pose_editor().unwrap();
    let hand = editor
        .handles()
        .find(|&(h, _)| h == Handle::LeftHand)
        .unwrap()
        .1;
    let at = before_drag[hand].w_axis.truncate();
    player.apply(Action::Pose(PoseAction::Drag {
        handle: Handle::LeftHand,
        to: at + Vec3::new(0.0, 1.0, -1.0),
    }));
    player.apply(Action::Pose(PoseAction::Release));
    assert!(largest_difference(&before_drag, &globals(&player)) > 0.1);
    assert!(player.pose_editor().unwrap().can_undo());
    player.apply(Action::Pose(PoseAction::Undo));
    assert!(largest_difference(&before_drag, &globals(&player)) < 1e-6);
    player.apply(Action::Pose(PoseAction::SetMode(false)));

    // Export asks the host; this one has none, and says so without a panic.
    player.apply(Action::StartExport(ExportRequest {
        target: ExportTarget::Frames(dir.path().join("frames")),
        first: 0,
        last: 1,
        fps: 30,
        width: 16,
        height: 16,
    }));
    assert!(matches!(
        player.export_outcome(),
        Some(ExportOutcome::Failed(_))
    ));

    // Save as a project: saved, not modified; a change after it is.
    let project = dir.path().join(format!("session.{PROJECT_EXTENSION}"));
    player.apply(Action::SaveProjectTo(project.clone()));
    assert!(player.error.is_none(), "{:?}", player.error);
    assert_eq!(player.project_path(), Some(project.as_path()));
    assert!(!player.project_modified());
    player.apply(Action::SetView(ViewOption::Edges, true));
    assert!(player.project_modified());
    player.apply(Action::SetView(ViewOption::Edges, false));
    assert!(!player.project_modified(), "back as saved");
    player.update_pose();
    let saved = globals(&player);

    // Reopen it in a fresh session: the same model, switch, view and frame, the same pose.
    let mut reopened = Player::new(Scene::default());
    reopened.apply(Action::Open(vec![project.clone()]));
    assert!(reopened.error.is_none(), "{:?}", reopened.error);
    assert_eq!(reopened.scene.actors.len(), 1);
    assert_eq!(reopened.ik_override(leg_ik), IkOverride::Off);
    assert!(!reopened.view_options().edges);
    assert!(!reopened.project_modified());
    reopened.update_pose();
    assert_eq!(reopened.playback().frame(), 60.0);
    assert!(largest_difference(&saved, &globals(&reopened)) < 1e-6);
}
