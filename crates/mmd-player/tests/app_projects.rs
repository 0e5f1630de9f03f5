//! Projects in the window: File → Save project writes the scene with the window's settings,
//! opening it (like any file) gives the same scene at the same frame, the title marks unsaved
//! changes, and closing or opening another project over them asks first.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::kittest::Queryable;
use glam::Vec3;
use mmd_player::ui;
use mmd_scene::engine::PhysicsMode;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::{Action, ViewOption};
use mmd_session::project_actions::{AfterAnswer, UnsavedAnswer};
use mmd_session::{Player, Request};
use ui_harness::{click, harness_at, player};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// The bundled model and dance, copied into `dir` and opened from there.
fn scene_in(dir: &Path) -> Scene {
    let model = dir.join("dancer.pmx");
    let motion = dir.join("dance.vmd");
    std::fs::copy(assets().join("default_model.pmx"), &model).unwrap();
    std::fs::copy(assets().join("default_motion.vmd"), &motion).unwrap();
    Scene::from_files(&[model, motion]).unwrap()
}

/// A player whose scene belongs to `dir/show.mmdproject`, saved at frame 37 with a few of the
/// window's settings changed.
fn saved_player(dir: &Path) -> (Player, PathBuf) {
    let mut player = Player::with_services(scene_in(dir), desktop_services_in(ConfigFiles::none()));
    player.apply(Action::Seek(37.0));
    player.apply(Action::PlaceModel {
        model: 0,
        position: Vec3::new(3.0, 0.0, -1.0),
    });
    player.apply(Action::SetPhysicsMode(PhysicsMode::Off));
    player.apply(Action::SetView(ViewOption::Edges, false));
    let project = dir.join("show.mmdproject");
    player.apply(Action::SaveProjectTo(project.clone()));
    assert_eq!(player.error, None);
    (player, project)
}

#[test]
fn a_project_saved_in_the_window_reopens_to_the_same_frame() {
    let dir = tempfile::tempdir().unwrap();
    let (mut saved, project) = saved_player(dir.path());
    assert!(project.is_file());
    assert!(!saved.project_modified());
    saved.update_pose();

    let mut h = harness_at(Scene::bundled().unwrap(), 0.0);
    h.state_mut()
        .player
        .apply(Action::Open(vec![project.clone()]));
    h.run();
    let opened = player(&h);
    assert_eq!(opened.error, None);
    assert_eq!(opened.project_path(), Some(project.as_path()));
    assert_eq!(opened.playback().frame(), 37.0, "the frame it was saved at");
    assert!(!opened.playback().playing);
    assert_eq!(
        opened.scene.actors.len(),
        1,
        "the project took the scene's place"
    );
    assert_eq!(opened.scene.actors[0].position, Vec3::new(3.0, 0.0, -1.0));
    assert_eq!(opened.physics_mode(), PhysicsMode::Off);
    assert!(!opened.view_options().edges);
    let unframed = |p: &Player| {
        let mut settings = p.host_settings();
        settings.free_camera = None;
        settings
    };
    assert_eq!(
        unframed(opened),
        unframed(&saved),
        "the window frames a camera the project did not keep"
    );
    assert!(!opened.project_modified());
    h.state_mut().player.update_pose();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        saved.pose().unwrap().globals,
        "the same pose at the same frame"
    );
    let title = ui::window_title(player(&h));
    assert!(title.starts_with("show — "), "{title}");
}

#[test]
fn the_title_marks_changes_and_playing_is_not_one() {
    let dir = tempfile::tempdir().unwrap();
    let (mut p, _) = saved_player(dir.path());
    p.apply(Action::TogglePlay);
    p.advance(0.5);
    p.apply(Action::TogglePlay);
    p.apply(Action::SetSpeed(1.0));
    assert!(
        !p.project_modified(),
        "playing and the speed it had are no change"
    );
    p.apply(Action::SetModelVisible {
        model: 0,
        visible: false,
    });
    assert!(p.project_modified());
    assert!(ui::window_title(&p).starts_with("show* — "));
    p.apply(Action::SetModelVisible {
        model: 0,
        visible: true,
    });
    assert!(!p.project_modified(), "back as saved");
    p.apply(Action::SetView(ViewOption::Skeleton, true));
    p.apply(Action::SaveProject);
    assert!(!p.project_modified(), "saved to the same file");
}

#[test]
fn closing_over_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let (mut saved, _) = saved_player(dir.path());
    saved.apply(Action::SetView(ViewOption::Wireframe, true));
    let mut h = harness_at(Scene::bundled().unwrap(), 0.0);
    h.state_mut().player = saved;
    h.state_mut().player.apply(Action::Quit);
    h.run();
    assert!(!player(&h).requests.contains(Request::Quit), "not yet");
    assert_eq!(player(&h).unsaved_question(), Some(&AfterAnswer::Quit));
    h.get_by_label("Unsaved changes");
    click(&mut h, "Cancel");
    assert!(!player(&h).requests.contains(Request::Quit));
    assert_eq!(player(&h).unsaved_question(), None);

    h.state_mut().player.apply(Action::Quit);
    h.run();
    click(&mut h, "Save");
    assert!(
        player(&h).requests.contains(Request::Quit),
        "saved, then closed"
    );
    assert!(!player(&h).project_modified());
}

#[test]
fn opening_another_project_over_changes_asks_and_can_leave_them() {
    let dir = tempfile::tempdir().unwrap();
    let (mut p, first) = saved_player(dir.path());
    let other = tempfile::tempdir().unwrap();
    let (_, second) = saved_player(other.path());
    p.apply(Action::SetView(ViewOption::GroundShadow, false));
    p.apply(Action::Open(vec![second.clone()]));
    assert_eq!(p.project_path(), Some(first.as_path()), "asked first");
    assert_eq!(
        p.unsaved_question(),
        Some(&AfterAnswer::OpenProject(second.clone()))
    );
    p.apply(Action::AnswerUnsaved(UnsavedAnswer::Discard));
    assert_eq!(p.project_path(), Some(second.as_path()));
    assert!(
        p.view_options().ground_shadow,
        "the second project's settings"
    );
}

#[test]
fn ctrl_s_without_a_project_asks_where() {
    let mut h = harness_at(Scene::bundled().unwrap(), 0.0);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::S);
    h.run();
    assert!(
        h.state()
            .player
            .requests
            .contains(Request::SaveProjectDialog)
    );
}

#[test]
fn an_outside_parent_set_in_the_window_is_kept_by_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let (mut p, project) = saved_player(dir.path());
    p.apply(Action::Open(vec![dir.path().join("dancer.pmx")]));
    assert_eq!(p.scene.actors.len(), 2);
    p.apply(Action::SelectModel(0));
    let hand = p.scene.actors[1].model.rig.bone_index("右手首").unwrap();
    p.apply(Action::SetOutsideParent {
        bone: 0,
        parent: Some((1, hand)),
    });
    p.apply(Action::SetOutsideParent {
        bone: 1,
        parent: Some((0, 0)),
    });
    let parents = &p.scene.actors[0].outside_parents;
    assert_eq!(parents.len(), 1, "not on its own model");
    assert_eq!(parents[0].at(0.0).map(|t| t.bone), Some(hand));
    assert!(p.project_modified());
    p.apply(Action::SaveProject);
    let mut reopened = Player::with_services(
        Scene::bundled().unwrap(),
        desktop_services_in(ConfigFiles::none()),
    );
    reopened.apply(Action::Open(vec![project]));
    let parents = &reopened.scene.actors[0].outside_parents;
    assert_eq!(
        parents[0].at(0.0).map(|t| t.actor),
        Some(reopened.scene.actors[1].id)
    );
    reopened.apply(Action::SelectModel(0));
    reopened.apply(Action::SetOutsideParent {
        bone: 0,
        parent: None,
    });
    assert!(reopened.scene.actors[0].outside_parents.is_empty());
}

#[test]
fn the_outside_parent_pickers_hang_a_bone() {
    let scene = Scene::from_files(&[
        assets().join("default_model.pmx"),
        assets().join("default_model.pmx"),
    ])
    .unwrap();
    let mut h = harness_at(scene, 0.0);
    click(&mut h, "Outside parent");
    h.get_by_label("No bone hangs from another model.");
    click(&mut h, "Set");
    assert!(
        player(&h).scene.actors[0].outside_parents.is_empty(),
        "nothing picked yet"
    );
}

#[test]
fn missing_files_are_listed_and_located_with_the_rest_found_beside() {
    use mmd_player::ui::file_browser::FilePurpose;
    use mmd_scene::project::locate::MissingPart;

    let dir = tempfile::tempdir().unwrap();
    let (mut saved, project) = saved_player(dir.path());
    saved.update_pose();
    let moved = dir.path().join("moved");
    std::fs::create_dir_all(&moved).unwrap();
    for name in ["dancer.pmx", "dance.vmd"] {
        std::fs::rename(dir.path().join(name), moved.join(name)).unwrap();
    }

    let mut h = harness_at(Scene::bundled().unwrap(), 0.0);
    h.state_mut()
        .player
        .apply(Action::Open(vec![project.clone()]));
    h.run();
    let missing = player(&h).missing_files();
    assert_eq!(missing.len(), 1, "the model (its layer waits inside it)");
    assert_eq!(missing[0].written, "dancer.pmx");
    assert!(player(&h).scene.actors.is_empty());
    h.get_by_label("Missing files");
    click(&mut h, "Locate…");
    assert!(
        h.state_mut()
            .player
            .requests
            .take(Request::LocateDialog(MissingPart::Model(0))),
        "the button asks for a file dialog"
    );

    // What the dialog gives back when the user picks a file of the wrong kind, then the
    // model.
    let wrong = FilePurpose::Locate(MissingPart::Model(0))
        .action(vec![moved.join("dance.vmd")])
        .unwrap();
    h.state_mut().player.apply(wrong);
    h.run();
    assert!(player(&h).error.is_some(), "a motion is not the model");
    assert_eq!(player(&h).missing_files().len(), 1, "still missing");
    let picked = FilePurpose::Locate(MissingPart::Model(0))
        .action(vec![moved.join("dancer.pmx")])
        .unwrap();
    h.state_mut().player.apply(picked);
    h.run();
    let located = player(&h);
    assert!(
        located.missing_files().is_empty(),
        "its dance found beside it"
    );
    assert_eq!(located.scene.actors.len(), 1);
    assert_eq!(located.scene.actors[0].position, Vec3::new(3.0, 0.0, -1.0));
    assert_eq!(located.scene.actors[0].layers().len(), 1);
    assert_eq!(
        located.playback().frame(),
        37.0,
        "the frame the project was saved at, reached once its dance is back"
    );
    assert!(located.project_modified(), "saving writes the new paths");
    assert!(ui::window_title(located).starts_with("show* — "));
    assert!(
        h.query_by_label("Locate…").is_none(),
        "the window goes once nothing is missing"
    );
    h.state_mut().player.update_pose();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        saved.pose().unwrap().globals,
        "the same pose as with the files in place"
    );

    h.state_mut().player.apply(Action::SaveProject);
    assert!(!player(&h).project_modified());
    let text = std::fs::read_to_string(&project).unwrap();
    assert!(text.contains("\"moved/dancer.pmx\""), "{text}");
    assert!(text.contains("\"moved/dance.vmd\""), "{text}");
}

#[test]
fn without_a_system_dialog_the_in_window_browser_locates_a_missing_file() {
    use egui::accesskit::Role;
    use egui_kittest::Harness;
    use mmd_player::ui::file_browser::FilePurpose;
    use ui_harness::App;

    let dir = tempfile::tempdir().unwrap();
    let (_, project) = saved_player(dir.path());
    let moved = dir.path().join("moved");
    std::fs::create_dir_all(&moved).unwrap();
    for name in ["dancer.pmx", "dance.vmd"] {
        std::fs::rename(dir.path().join(name), moved.join(name)).unwrap();
    }
    // `egui_file` leaves its fields without accessible names, which kittest would refuse.
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        .with_accessibility_check(false)
        .allow_missing_glyphs()
        .build_ui_state(App::frame, App::new(Scene::bundled().unwrap(), 0.0));
    h.state_mut().player.apply(Action::Open(vec![project]));
    h.run();
    click(&mut h, "Locate…");
    // What the window layer does with the request where the system shows no dialog.
    let part = match h
        .state_mut()
        .player
        .requests
        .take_first(|r| matches!(r, Request::LocateDialog(_)))
    {
        Some(Request::LocateDialog(part)) => part,
        other => panic!("a locate dialog asked for, not {other:?}"),
    };
    h.state_mut()
        .ui
        .browse_files(&moved, FilePurpose::Locate(part));
    h.run();
    assert!(
        h.query_by_label_contains("dance.vmd").is_none(),
        "only models are listed for a model"
    );
    // The Missing files window names the file too: pick it in the browser.
    let browser = h.get_by_label_contains("Locate a missing file").rect();
    h.get_all_by_label_contains("dancer.pmx")
        .find(|n| browser.contains_rect(n.rect()))
        .unwrap()
        .click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Open").click();
    h.run();
    assert!(!h.state().ui.browsing_files());
    let located = player(&h);
    assert_eq!(located.error, None);
    assert_eq!(located.scene.actors.len(), 1);
    assert!(located.missing_files().is_empty());
}
