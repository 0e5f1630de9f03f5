//! Pose mode through the player's real interface (egui_kittest): a hand handle dragged in
//! the view moves the hand with the feet held, undo / redo / reset by keys and menu, pins
//! by right-click; and through the player's actions, the pose saved as a VPD and keyed
//! into the motion play back as solved (`pose` of the written files agreeing within 1e-4).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod ui_harness;

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::process::Command;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::{Mat4, Vec3};
use mmd_pose::{Handle, vmd_keyable_bones};
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use serde_json::Value;
use ui_harness::{App, click, harness, player};

fn position(m: &Mat4) -> Vec3 {
    m.w_axis.truncate()
}

fn handle_bone(h: &Harness<'_, App>, handle: Handle) -> usize {
    let editor = player(h).pose_editor().unwrap();
    editor.handles().find(|&(x, _)| x == handle).unwrap().1
}

/// Presses the mouse at `from`, drags to `to` in steps and releases, a frame per step.
fn drag(h: &mut Harness<'_, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for t in [0.2, 0.4, 0.6, 0.8, 1.0] {
        h.hover_at(from + (to - from) * t);
        h.run();
    }
    h.drop_at(to);
    h.run();
}

#[test]
fn dragging_a_hand_handle_moves_the_arm_and_undo_redo_reset_walk_back() {
    let mut h = harness(Scene::bundled().unwrap());
    click(&mut h, "Edit");
    click(&mut h, "Pose mode");
    assert!(player(&h).pose_mode());
    let hand = handle_bone(&h, Handle::LeftHand);
    let foot = handle_bone(&h, Handle::LeftFoot);
    let before = player(&h).pose().unwrap().globals.clone();

    let grip = h.get_by_label("left hand handle").rect().center();
    drag(&mut h, grip, grip + egui::vec2(30.0, -120.0));
    let after = player(&h).pose().unwrap().globals.clone();
    let moved = position(&after[hand]).distance(position(&before[hand]));
    assert!(moved > 2.0, "the hand moved only {moved}");
    // Upward on screen is up in the model for MMD's front camera.
    assert!(position(&after[hand]).y > position(&before[hand]).y + 2.0);
    let held = position(&after[foot]).distance(position(&before[foot]));
    assert!(held < 1e-3, "the pinned foot moved {held}");
    let grip_after = h.get_by_label("left hand handle").rect().center();
    assert!(
        grip_after.distance(grip + egui::vec2(30.0, -120.0)) < 3.0,
        "the handle follows the pointer: {grip_after:?}"
    );
    assert!(
        player(&h)
            .pose_editor()
            .unwrap()
            .last_solve()
            .unwrap()
            .micros
            > 0.0
    );

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        before,
        "Ctrl+Z undoes the drag"
    );
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        after,
        "Ctrl+Shift+Z redoes it"
    );
    click(&mut h, "Reset");
    assert_eq!(player(&h).pose().unwrap().globals, before);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        before,
        "nothing to redo after a reset"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        player(&h).pose().unwrap().globals,
        after,
        "the reset is undone"
    );

    // Leaving Pose mode drops the edit: the motion's pose is drawn again.
    click(&mut h, "Leave Pose mode");
    assert!(!player(&h).pose_mode());
    let hand_now = position(&player(&h).pose().unwrap().globals[hand]);
    assert!(hand_now.distance(position(&before[hand])) < 0.05);
}

/// Bone matrices printed by `mmd-player pose FILES --frames FRAME`, in bone order.
fn posed(files: &[&std::path::Path], frame: u32) -> Vec<Vec<f32>> {
    let out = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .args(files)
        .args(["--frames", &frame.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["m"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect()
        })
        .collect()
}

/// The largest difference of a matrix element between `pose` output and a pose.
fn largest_difference(printed: &[Vec<f32>], globals: &[Mat4]) -> f32 {
    assert_eq!(printed.len(), globals.len());
    printed
        .iter()
        .zip(globals)
        .map(|(a, m)| {
            // A VPD keeps six decimals of each rotation: a bone far from the origin (Gene's
            // cloak counterweights hang 75 units down) moves by that rounding times its lever.
            let lever = (m.w_axis.truncate().length() / MODEL_SIZE).max(1.0);
            a.iter()
                .zip(m.to_cols_array())
                .map(|(x, y)| (x - y).abs())
                .fold(0.0, f32::max)
                / lever
        })
        .fold(0.0, f32::max)
}

/// About a model's height: bones within it are compared as they are.
const MODEL_SIZE: f32 = 20.0;

/// Gene dancing "laugh", posed at frame 60 through the player's actions: the left hand
/// dragged up and forward in steps, a right foot unpinned and the head pulled aside.
fn posed_gene() -> Option<(Player, std::path::PathBuf)> {
    let model = common::fixture("gene/Gene_light.pmx")?;
    let dance = common::fixture("gene/motion/02_laugh.vmd")?;
    let scene = Scene::from_files(&[model.clone(), dance]).unwrap();
    let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
    player.apply(Action::Seek(60.0));
    player.apply(Action::Pose(PoseAction::SetMode(true)));
    player.update_pose();
    let editor = player.pose_editor().unwrap();
    let bone = |h: Handle| editor.handles().find(|&(x, _)| x == h).unwrap().1;
    let (hand, head) = (bone(Handle::LeftHand), bone(Handle::Head));
    let start = position(&player.pose().unwrap().globals[hand]);
    let mut worst = 0.0f32;
    for t in 1..=10 {
        let to = start + Vec3::new(0.0, 0.3, -0.4) * t as f32;
        player.apply(Action::Pose(PoseAction::Drag {
            handle: Handle::LeftHand,
            to,
        }));
        let solve = player.pose_editor().unwrap().last_solve().unwrap();
        worst = worst.max(solve.micros);
        println!(
            "step {t}: {:.3} ms, {} iterations",
            solve.micros / 1000.0,
            solve.iterations
        );
        assert!(solve.residual < 1e-3, "step {t}: {solve:?}");
    }
    player.apply(Action::Pose(PoseAction::Release));
    println!("slowest Gene drag step: {:.3} ms", worst / 1000.0);
    player.apply(Action::Pose(PoseAction::SetPin {
        handle: Handle::RightFoot,
        pinned: false,
    }));
    let head_at = position(&player.pose().unwrap().globals[head]);
    player.apply(Action::Pose(PoseAction::Drag {
        handle: Handle::Head,
        to: head_at + Vec3::new(0.5, -0.3, 0.0),
    }));
    player.apply(Action::Pose(PoseAction::Release));
    player.update_pose();
    assert!(player.pose_editor().unwrap().is_edited());
    Some((player, model))
}

#[test]
fn saved_pose_and_keyed_motion_play_back_the_edited_pose() {
    let Some((mut player, model)) = posed_gene() else {
        return;
    };
    let edited = player.pose().unwrap().globals.clone();
    let dir = tempfile::tempdir().unwrap();
    let vpd = dir.path().join("pose.vpd");
    let vmd = dir.path().join("keyed.vmd");

    player.apply(Action::Pose(PoseAction::SavePose(vpd.clone())));
    assert!(player.error.is_none(), "{:?}", player.error);
    let read = mmd_format::vpd::read(&std::fs::read(&vpd).unwrap()).unwrap();
    assert_eq!(
        read.bones.len(),
        player.scene.actors[0].model.rig.bone_count()
    );
    let d = largest_difference(&posed(&[&model, &vpd], 0), &edited);
    assert!(d < 1e-4, "`pose` of the saved VPD is {d} from the edit");

    player.apply(Action::Pose(PoseAction::Key));
    assert!(player.error.is_none(), "{:?}", player.error);
    player.update_pose();
    assert!(player.pose_mode(), "keying stays in Pose mode");
    assert!(
        !player.pose_editor().unwrap().is_edited(),
        "the motion now has the pose"
    );
    // The player itself plays the keyed pose at the frame once out of Pose mode (physics
    // off, so the pose depends on the frame alone).
    player.apply(Action::Pose(PoseAction::SetMode(false)));
    player.apply(Action::Seek(60.0));
    player.update_pose();
    // A VMD cannot name a bone whose 15-byte cut name is another bone's (Gene's
    // 前クローク2_1xcIK and 前クローク2_1xc+): the keys switch that IK bone's chain off,
    // the links keep their keyed rotations, and only those two bones (which move no
    // other) stay where the motion has them.
    let rig = &player.scene.actors[0].model.rig;
    let keyable = vmd_keyable_bones(rig);
    let unkeyable: Vec<&str> = (0..rig.bone_count())
        .filter(|&b| !keyable[b])
        .map(|b| rig.bone_name(b))
        .collect();
    assert_eq!(unkeyable, ["前クローク2_1xc+", "前クローク2_1xcIK"]);
    let played = player.pose().unwrap().globals.clone();
    let (d, bone) = played
        .iter()
        .zip(&edited)
        .enumerate()
        .filter(|&(b, _)| keyable[b])
        .map(|(b, (x, y))| {
            let d = (*x - *y)
                .abs()
                .to_cols_array()
                .into_iter()
                .fold(0.0, f32::max);
            (d, b)
        })
        .fold(
            (0.0, 0),
            |best, next| if next.0 > best.0 { next } else { best },
        );
    let name = rig.bone_name(bone);
    assert!(
        d < 1e-4,
        "the player plays the keyed motion {d} from the edit at {name}"
    );
    assert!(
        player.scene.actors[0].layer_sources()[0]
            .label
            .ends_with("(edited)")
    );

    player.apply(Action::Pose(PoseAction::SaveMotion(vmd.clone())));
    assert!(player.error.is_none(), "{:?}", player.error);
    let mut printed = posed(&[&model, &vmd], 60);
    let mut expected = edited.clone();
    for b in (0..keyable.len()).rev().filter(|&b| !keyable[b]) {
        printed.remove(b);
        expected.remove(b);
    }
    let d = largest_difference(&printed, &expected);
    assert!(
        d < 1e-4,
        "`pose` of the saved motion at frame 60 is {d} from the edit"
    );
    // The rest of the dance is still there: every key of it away from frame 60.
    let saved = mmd_format::vmd::read(&std::fs::read(&vmd).unwrap()).unwrap();
    let dance = mmd_format::vmd::read(
        &std::fs::read(common::fixture("gene/motion/02_laugh.vmd").unwrap()).unwrap(),
    )
    .unwrap();
    for key in dance.bone_keys.iter().filter(|k| k.frame != 60) {
        assert!(saved.bone_keys.contains(key), "{key:?} was lost");
    }
    assert_eq!(saved.morph_keys.len(), dance.morph_keys.len());
}

#[test]
fn moving_the_timeline_or_playing_drops_the_edit() {
    let Some((mut player, _)) = posed_gene() else {
        return;
    };
    player.apply(Action::Step(1));
    player.update_pose();
    let editor = player.pose_editor().unwrap();
    assert_eq!(editor.frame(), 61.0);
    assert!(
        !editor.is_edited() && !editor.can_undo(),
        "a new edit at the new frame"
    );
    player.apply(Action::TogglePlay);
    player.update_pose();
    assert!(!player.pose_mode() && player.playback().playing);
}

#[test]
fn a_save_to_a_missing_folder_is_an_error_not_a_panic() {
    let mut player = Player::with_services(
        Scene::bundled().unwrap(),
        desktop_services_in(ConfigFiles::none()),
    );
    player.apply(Action::Pose(PoseAction::SetMode(true)));
    player.update_pose();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no such folder/pose.vpd");
    player.apply(Action::Pose(PoseAction::SavePose(path.clone())));
    let error = player.error.clone().unwrap();
    assert!(error.contains("no such folder"), "{error}");
    assert!(!path.exists());
}

#[test]
fn ctrl_drag_moves_a_handle_along_the_view_direction() {
    let mut h = harness(Scene::bundled().unwrap());
    h.state_mut()
        .player
        .apply(Action::Pose(PoseAction::SetMode(true)));
    h.run();
    let hand = handle_bone(&h, Handle::RightHand);
    let before = position(&player(&h).pose().unwrap().globals[hand]);
    let grip = h.get_by_label("right hand handle").rect().center();
    h.event(egui::Event::ModifiersChanged(Modifiers::COMMAND));
    drag(&mut h, grip, grip + egui::vec2(0.0, -60.0));
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
    let after = position(&player(&h).pose().unwrap().globals[hand]);
    let forward = player(&h).camera().forward();
    let moved = after - before;
    // Up pushes it away from the camera, along the view direction.
    assert!(moved.dot(forward) > 1.0, "moved {moved} along {forward}");
    let across = (moved - forward * moved.dot(forward)).length();
    assert!(
        across < 0.35 * moved.length(),
        "{moved} is not along {forward}"
    );
    let grip_after = h.get_by_label("right hand handle").rect().center();
    assert!(
        grip_after.distance(grip) < 8.0,
        "on screen it stays near {grip:?}: {grip_after:?}"
    );
}

#[test]
fn right_click_pins_a_handle_and_the_pose_panel_saves_through_a_typed_path() {
    let mut h = harness(Scene::bundled().unwrap());
    h.state_mut()
        .player
        .apply(Action::Pose(PoseAction::SetMode(true)));
    h.run();
    assert!(!player(&h).pose_editor().unwrap().is_pinned(Handle::Head));
    h.get_by_label("head handle").click_secondary();
    h.run();
    assert!(player(&h).pose_editor().unwrap().is_pinned(Handle::Head));

    click(&mut h, "Save pose…");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typed.vpd");
    let field = h.get_by_role_and_label(Role::TextInput, "Save to").rect();
    h.hover_at(field.center());
    h.drag_at(field.center());
    h.drop_at(field.center());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text(path.display().to_string()));
    h.run();
    click(&mut h, "Save");
    assert_eq!(
        player(&h).pose_outcome(),
        Some(format!("Saved the pose to {}", path.display()).as_str())
    );
    let written = std::fs::read(&path).unwrap();
    assert!(mmd_format::vpd::read(&written).is_ok());
    assert!(
        h.query_by_label("Save to").is_none(),
        "the save window closed"
    );
}
