//! The player's real interface, driven as a user drives it (egui_kittest: clicks, drags,
//! typing and dropped files on the same panels the window shows), checked against the pose
//! the view then draws: IK switches, show/IK keys, the timeline against the `pose`
//! subcommand, pinned morphs, the bone search, files that fail or read with warnings, and the
//! Physics menu (off, live, baked) against the physics module's own simulation.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};
use std::process::Command;

use egui::accesskit::{Role, Toggled};
use egui::{Key, Modifiers, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::{Mat4, Vec3};
use mmd_format::FixedText;
use mmd_format::vmd::{IkKey, IkState, ShadowKey, Vmd};
use mmd_physics::{PhysicsOptions, SubstepRate};
use mmd_pose::{
    IkMethod, IkOverride, IkOverrides, Pose, SelfShadow, SelfShadowMode, evaluate_layers,
};
use mmd_scene::engine::{LivePhysics, PhysicsBake, PhysicsMode, PoseInput};
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use ui_harness::{App, drop_files, harness, player, selected_model};

/// The ids of the scene's actors, in order: which models are on stage.
fn actor_ids(player: &Player) -> Vec<u64> {
    player.scene.actors.iter().map(|a| a.id).collect()
}

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// Applies an action as the interface would, with no frame run after it yet.
fn setup_without_frames(h: &mut Harness<'_, App>, action: Action) {
    h.state_mut().player.apply(action);
}

/// Applies an action as setup (a frame to start from), then lets the interface settle.
fn setup(h: &mut Harness<'_, App>, action: Action) {
    h.state_mut().player.apply(action);
    h.run();
}

fn bone(h: &Harness<'_, App>, name: &str) -> usize {
    player(h).scene.actors[0]
        .model
        .rig
        .bone_index(name)
        .unwrap()
}

fn position(m: &Mat4) -> Vec3 {
    m.w_axis.truncate()
}

/// The topmost widget labelled `label`.
fn first_labelled(h: &Harness<'_, App>, label: &str) -> Rect {
    h.get_all_by_label(label)
        .map(|n| n.rect())
        .min_by(|a, b| a.top().total_cmp(&b.top()))
        .unwrap_or_else(|| panic!("no widget labelled {label}"))
}

/// Clicks the button `label` of the IK bone `ik_bone` in the bone panel: the first after the
/// bone's name, on its line or the lines its row wraps to.
fn click_ik_switch(h: &mut Harness<'_, App>, ik_bone: &str, label: &str) {
    let row = first_labelled(h, ik_bone);
    h.get_all_by_label(label)
        .filter(|n| n.rect().top() >= row.top() - 0.5 && n.rect().left() > row.left())
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("no {label} on the row of {ik_bone}"))
        .click();
    h.run();
}

/// Presses the mouse at `from`, drags to `to` and releases, a frame per step.
fn drag(h: &mut Harness<'_, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for t in [0.25, 0.5, 0.75, 1.0] {
        h.hover_at(from + (to - from) * t);
        h.run();
    }
    h.drop_at(to);
    h.run();
}

/// Clicks a text field, replaces its text with `text` and presses Enter.
fn type_into(h: &mut Harness<'_, App>, field: Rect, text: &str) {
    h.hover_at(field.center());
    h.drag_at(field.center());
    h.drop_at(field.center());
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text(text.to_owned()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
}

/// Types a frame number into the timeline's frame field.
fn type_frame(h: &mut Harness<'_, App>, frame: &str) {
    let field = h.get_by_role_and_label(Role::TextInput, "Frame").rect();
    type_into(h, field, frame);
}

/// The timeline's scrub bar.
fn scrub_bar(h: &Harness<'_, App>) -> Rect {
    h.get_by_role_and_label(Role::Slider, "Frame").rect()
}

/// The pose a fresh player draws at `frame`: what any path to that frame must show.
fn pose_at(scene: Scene, frame: f32) -> Pose {
    let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
    player.apply(Action::Seek(frame));
    player.evaluate();
    player.pose().unwrap().clone()
}

/// A frame of the default dance where the centre is lowered, so leg IK bends the knees.
const CROUCH_FRAME: f32 = 60.0;

#[test]
fn clicking_off_on_the_left_leg_ik_draws_the_ik_free_pose() {
    let mut h = harness(Scene::bundled().unwrap());
    setup(&mut h, Action::Seek(CROUCH_FRAME));
    let knee = bone(&h, "左ひざ");
    let lower = bone(&h, "下半身");
    let leg_ik = bone(&h, "左足ＩＫ");
    let rig = &player(&h).scene.actors[0].model.rig;
    let rest_knee = rig.bone_rest_position(knee);
    let rest_lower = rig.bone_rest_position(lower);
    let solver = player(&h)
        .ik_bones()
        .iter()
        .position(|&b| b == leg_ik)
        .unwrap();
    let solved = position(&player(&h).pose().unwrap().globals[knee]);
    assert!(player(&h).pose().unwrap().ik_enabled[solver]);

    click_ik_switch(&mut h, "左足ＩＫ", "Off");
    let pose = player(&h).pose().unwrap();
    // The dance keys neither 左足 nor 左ひざ, so without IK the leg hangs straight from the
    // lower body: the knee sits at its rest offset from 下半身, carried by 下半身's transform.
    let expected = pose.globals[lower].transform_point3(rest_knee - rest_lower);
    let knee_now = position(&pose.globals[knee]);
    assert!(
        (knee_now - expected).length() < 1e-4,
        "{knee_now} vs {expected}"
    );
    assert!(
        (knee_now - solved).length() > 0.05,
        "turning IK off should move the knee ({solved} -> {knee_now})"
    );
    assert!(!pose.ik_enabled[solver]);

    click_ik_switch(&mut h, "左足ＩＫ", "Auto");
    let back = position(&player(&h).pose().unwrap().globals[knee]);
    assert_eq!(back, solved, "Auto again restores the solved pose exactly");
}

#[test]
fn the_ik_panel_switches_solvers_per_chain_and_for_all() {
    let mut h = harness(Scene::bundled().unwrap());
    setup(&mut h, Action::Seek(CROUCH_FRAME));
    let ccd = player(&h).pose().unwrap().clone();
    let (left_ik, left_ankle) = (bone(&h, "左足ＩＫ"), bone(&h, "左足首"));
    let (right_ik, right_ankle) = (bone(&h, "右足ＩＫ"), bone(&h, "右足首"));
    let reach = |pose: &Pose, ik: usize, effector: usize| {
        position(&pose.globals[ik]).distance(position(&pose.globals[effector]))
    };
    assert_eq!(
        player(&h).ik_method(left_ik),
        IkMethod::Ccd,
        "CCD by default"
    );

    click_ik_switch(&mut h, "左足ＩＫ", "Jacobian");
    assert_eq!(player(&h).ik_method(left_ik), IkMethod::Jacobian);
    assert_eq!(player(&h).ik_method(right_ik), IkMethod::Ccd);
    // What the view draws is the engine's pose with that chain solved by the Jacobian.
    let scene = &player(&h).scene;
    let rig = &scene.actors[0].model.rig;
    let mut overrides = IkOverrides::new(rig);
    overrides.set_method(left_ik, IkMethod::Jacobian);
    let mut expected = Pose::new(rig);
    evaluate_layers(
        rig,
        scene.actors[0].layers(),
        CROUCH_FRAME,
        &overrides,
        &[],
        &mut expected,
    );
    assert_same_globals(
        player(&h).pose().unwrap(),
        &expected,
        "left leg by the Jacobian",
    );
    assert_ne!(
        player(&h).pose().unwrap().globals[left_ankle],
        ccd.globals[left_ankle]
    );
    let (c, j) = (
        reach(&ccd, left_ik, left_ankle),
        reach(player(&h).pose().unwrap(), left_ik, left_ankle),
    );
    assert!(j <= c.max(1e-4), "Jacobian reach {j} vs CCD {c}");
    assert_eq!(
        player(&h).pose().unwrap().globals[right_ankle],
        ccd.globals[right_ankle],
        "the right leg stays CCD's"
    );

    click_ik_switch(&mut h, "All chains", "Jacobian");
    assert_eq!(player(&h).ik_method(right_ik), IkMethod::Jacobian);
    assert_ne!(
        player(&h).pose().unwrap().globals[right_ankle],
        ccd.globals[right_ankle]
    );
    click_ik_switch(&mut h, "All chains", "CCD");
    assert_same_globals(player(&h).pose().unwrap(), &ccd, "CCD everywhere again");
}

#[test]
fn auto_follows_the_motions_show_ik_keys_until_overridden() {
    let dir = tempfile::tempdir().unwrap();
    let toggles = |frame: u32, on: u8| IkKey {
        frame,
        visible: 1,
        iks: vec![IkState {
            name: FixedText::encode("左足ＩＫ"),
            enabled: on,
        }],
    };
    let vmd = Vmd {
        ik_keys: vec![toggles(0, 1), toggles(10, 0), toggles(20, 1)],
        ..Vmd::default()
    };
    let path = dir.path().join("toggle.vmd");
    std::fs::write(&path, mmd_format::vmd::write(&vmd).unwrap()).unwrap();

    let mut h = harness(Scene::bundled().unwrap());
    drop_files(&mut h, &[&path]);
    assert!(player(&h).error.is_none(), "{:?}", player(&h).error);
    let leg_ik = bone(&h, "左足ＩＫ");
    let solver = player(&h)
        .ik_bones()
        .iter()
        .position(|&b| b == leg_ik)
        .unwrap();
    let enabled_at = |h: &mut Harness<'_, App>, frame: &str| {
        type_frame(h, frame);
        assert_eq!(player(h).playback().frame(), frame.parse::<f32>().unwrap());
        player(h).pose().unwrap().ik_enabled[solver]
    };
    assert!(enabled_at(&mut h, "5"));
    assert!(!enabled_at(&mut h, "15"));
    assert!(enabled_at(&mut h, "20"));
    click_ik_switch(&mut h, "左足ＩＫ", "On");
    assert!(
        enabled_at(&mut h, "15"),
        "On overrides the motion's off key"
    );
    click_ik_switch(&mut h, "All chains", "Off");
    assert!(
        !enabled_at(&mut h, "20"),
        "Off overrides the motion's on key"
    );
}

/// Parses the `pose` subcommand's JSON lines into (frame, bone) -> matrix.
fn run_pose_command(model: &Path, motion: &Path, frames: &str) -> Vec<(f32, usize, Mat4)> {
    let output = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .arg("pose")
        .arg(model)
        .arg(motion)
        .args(["--frames", frames])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "pose failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let m: Vec<f32> = v["m"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() as f32)
                .collect();
            (
                v["frame"].as_f64().unwrap() as f32,
                v["bone"].as_u64().unwrap() as usize,
                Mat4::from_cols_slice(&m),
            )
        })
        .collect()
}

#[test]
fn typing_a_frame_draws_what_the_pose_command_prints() {
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let dumped = run_pose_command(&model, &motion, "0,37,200");
    let mut h = harness(Scene::from_files(&[model, motion]).unwrap());
    // Play a while first: what is drawn after seeking must not depend on it.
    setup(&mut h, Action::TogglePlay);
    for _ in 0..50 {
        h.state_mut().player.advance(0.033);
        h.run();
    }
    for frame in ["0", "37", "200"] {
        type_frame(&mut h, frame);
        let frame: f32 = frame.parse().unwrap();
        assert!(!player(&h).playback().playing, "seeking pauses");
        assert_eq!(player(&h).playback().frame(), frame);
        let pose = player(&h).pose().unwrap();
        let expected: Vec<_> = dumped.iter().filter(|(f, _, _)| *f == frame).collect();
        assert_eq!(expected.len(), pose.globals.len(), "frame {frame}");
        for (_, bone, m) in expected {
            let diff = (pose.globals[*bone] - *m)
                .abs()
                .to_cols_array()
                .into_iter()
                .fold(0.0f32, f32::max);
            // The dump prints floats in shortest round-trip form, so they agree exactly
            // up to parsing through f64.
            assert!(diff < 1e-5, "frame {frame} bone {bone}: {diff}");
        }
    }
}

#[test]
fn dragging_the_scrub_bar_seeks_and_draws_that_frame() {
    let mut h = harness(Scene::bundled().unwrap());
    let last = player(&h).playback().last_frame();
    assert!(last > 100.0);
    let bar = scrub_bar(&h);
    // The rail runs between the handle's radius at each end.
    let inset = bar.height() * 0.5;
    let at = |fraction: f32| {
        Pos2::new(
            bar.left() + inset + (bar.width() - 2.0 * inset) * fraction,
            bar.center().y,
        )
    };
    drag(&mut h, at(0.1), at(0.75));
    let frame = player(&h).playback().frame();
    assert!(
        (frame - 0.75 * last).abs() <= 2.0,
        "dragged to 75% of {last}, at frame {frame}"
    );
    assert_eq!(frame, frame.round(), "the bar seeks whole frames");
    assert!(!player(&h).playback().playing);
    assert_eq!(
        player(&h).pose().unwrap().globals,
        pose_at(Scene::bundled().unwrap(), frame).globals,
        "the drawn pose is the frame's own, however it was reached"
    );
    drag(&mut h, at(0.75), at(-0.5));
    assert_eq!(
        player(&h).playback().frame(),
        0.0,
        "dragging past the start"
    );
}

#[test]
fn pinning_a_morph_holds_the_weight_its_slider_sets() {
    let mut h = harness(Scene::bundled().unwrap());
    let blink = player(&h).scene.actors[0]
        .model
        .rig
        .morph_index("まばたき")
        .unwrap();
    type_frame(&mut h, "38");
    assert!(
        player(&h).pose().unwrap().morph_weights[blink] > 0.9,
        "the dance blinks at 38"
    );
    let search = h
        .get_all_by_role_and_label(Role::TextInput, "Search")
        .map(|n| n.rect())
        .max_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    type_into(&mut h, search, "まばたき");
    let pin = h.get_by_role_and_label(Role::CheckBox, "まばたき");
    assert_eq!(pin.accesskit_node().toggled(), Some(Toggled::False));
    let slider = h.get_by_role_and_label(Role::Slider, "まばたき").rect();
    // Dragging the slider to its left end pins the morph at 0.
    drag(
        &mut h,
        slider.center(),
        Pos2::new(slider.left() - 20.0, slider.center().y),
    );
    assert_eq!(player(&h).pose().unwrap().morph_weights[blink], 0.0);
    assert_eq!(player(&h).morph_override(blink), Some(0.0));
    let pin = h.get_by_role_and_label(Role::CheckBox, "まばたき");
    assert_eq!(pin.accesskit_node().toggled(), Some(Toggled::True));
    // The pin holds at another frame, where the motion's weight differs.
    type_frame(&mut h, "40");
    assert_eq!(player(&h).pose().unwrap().morph_weights[blink], 0.0);
    // Unticking gives the morph back to the motion.
    h.get_by_role_and_label(Role::CheckBox, "まばたき").click();
    h.run();
    assert_eq!(player(&h).morph_override(blink), None);
    assert_eq!(
        player(&h).pose().unwrap().morph_weights[blink],
        pose_at(Scene::bundled().unwrap(), 40.0).morph_weights[blink]
    );
}

#[test]
fn the_bone_search_shows_matches_with_their_ancestors() {
    let mut h = harness(Scene::bundled().unwrap());
    let search = h
        .get_all_by_role_and_label(Role::TextInput, "Search")
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .unwrap();
    assert!(h.query_by_label_contains("頭").is_some());
    type_into(&mut h, search, "ひざD");
    for name in [
        "左ひざD",
        "右ひざD",
        "左足D",
        "下半身",
        "センター",
        "全ての親",
    ] {
        assert!(
            h.query_by_label_contains(name).is_some(),
            "{name} should be shown"
        );
    }
    assert!(h.query_by_label_contains("頭").is_none());
    // Clicking a shown bone selects it.
    h.get_by_label_contains("左ひざD").click();
    h.run();
    assert_eq!(player(&h).selected_bone(), Some(bone(&h, "左ひざD")));
}

/// Writes the bundled model with its first two materials' textures pointing past the
/// texture table: MMD opens such a file, and so must we, with a warning for each.
fn model_with_dangling_textures(dir: &Path) -> PathBuf {
    let bytes = std::fs::read(assets().join("default_model.pmx")).unwrap();
    let mut pmx = mmd_format::pmx::read(&bytes).unwrap();
    pmx.materials[0].texture = 900;
    pmx.materials[1].sphere_texture = 901;
    let path = dir.join("dangling.pmx");
    std::fs::write(&path, mmd_format::pmx::write(&pmx).unwrap()).unwrap();
    path
}

#[test]
fn a_bad_file_shows_its_error_and_a_model_with_warnings_lists_them() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.pmx");
    let mut bytes = std::fs::read(assets().join("default_model.pmx")).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&broken, &bytes).unwrap();
    let not_mmd = dir.path().join("notes.vmd");
    std::fs::write(&not_mmd, b"hello, this is not a motion").unwrap();

    let mut h = harness(Scene::bundled().unwrap());
    type_frame(&mut h, "42");
    let before = player(&h).pose().unwrap().globals.clone();
    let label = player(&h).scene.actors[0].model.label.clone();
    let ids = actor_ids(player(&h));
    let last_frame = player(&h).playback().last_frame();
    let motion = assets().join("default_motion.vmd");
    for (files, named) in [
        (vec![broken.as_path()], &broken),
        (vec![motion.as_path(), not_mmd.as_path()], &not_mmd),
    ] {
        drop_files(&mut h, &files);
        let error = h.get_by_label_contains("⚠");
        let shown = error.value().unwrap_or_default();
        assert!(
            shown.contains(&named.display().to_string()),
            "the error should name the file: {shown}"
        );
        let p = player(&h);
        assert_eq!(p.scene.actors[0].model.label, label);
        assert_eq!(actor_ids(p), ids);
        assert_eq!(p.playback().last_frame(), last_frame);
        assert_eq!(p.playback().frame(), 42.0);
        assert_eq!(p.pose().unwrap().globals, before);
    }
    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.query_by_label_contains("⚠").is_none(), "dismissed");

    // A model whose references point nowhere opens, with its warnings in the notices panel
    // (after the two errors above).
    drop_files(&mut h, &[&model_with_dangling_textures(dir.path())]);
    assert!(player(&h).error.is_none(), "{:?}", player(&h).error);
    // Opening a model adds it beside the others, selected.
    assert_eq!(actor_ids(player(&h))[..1], ids[..]);
    assert_eq!(player(&h).scene.actors.len(), 2);
    assert!(selected_model(&h).contains("dangling.pmx"));
    h.get_by_label("4 notices").click();
    h.run();
    for expected in [
        "material 0: texture: texture index 900 out of range",
        "material 1: sphere texture: texture index 901 out of range",
    ] {
        assert!(
            h.query_by_label_contains(expected).is_some(),
            "the notices panel should list: {expected}"
        );
    }
}

#[test]
fn view_menu_toggles_reach_the_player() {
    let mut h = harness(Scene::bundled().unwrap());
    assert!(!player(&h).view_options().skeleton);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Skeleton").click();
    h.run();
    assert!(player(&h).view_options().skeleton);
    assert!(player(&h).view_options().edges);
}

/// Self-shadow: on by default in MMD's default setting; a VMD's self-shadow keys set its
/// mode and distance frame by frame; the View menu turns it off.
#[test]
fn self_shadow_follows_its_keys_and_the_view_menu() {
    let mut h = harness(Scene::bundled().unwrap());
    assert_eq!(player(&h).self_shadow(), SelfShadow::default());

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shadow.vmd");
    let key = |frame, mode, distance: f32| ShadowKey {
        frame,
        mode,
        distance: 0.1 - distance / 100_000.0,
    };
    let vmd = Vmd {
        shadow_keys: vec![key(0, 2, 5000.0), key(10, 0, 5000.0)],
        ..Vmd::default()
    };
    std::fs::write(&path, mmd_format::vmd::write(&vmd).unwrap()).unwrap();
    let labels = |h: &Harness<'_, App>| -> Vec<String> {
        let sources = player(h).scene.actors[0].layer_sources();
        sources.iter().map(|s| s.label.clone()).collect()
    };
    let dance = labels(&h);
    setup(&mut h, Action::Open(vec![path]));
    assert_eq!(
        labels(&h),
        dance,
        "a VMD of self-shadow keys alone keeps the motions"
    );
    setup(&mut h, Action::Seek(0.0));
    let at_start = player(&h).self_shadow();
    assert_eq!(at_start.mode, SelfShadowMode::Mode2);
    assert!((at_start.distance - 5000.0).abs() < 0.01);
    setup(&mut h, Action::Seek(10.0));
    assert_eq!(player(&h).self_shadow().mode, SelfShadowMode::Off);

    setup(&mut h, Action::Seek(0.0));
    assert!(player(&h).view_options().self_shadow);
    h.get_by_label("View").click();
    h.run();
    h.get_by_label("Self-shadow").click();
    h.run();
    assert!(!player(&h).view_options().self_shadow);
    assert_eq!(player(&h).self_shadow().mode, SelfShadowMode::Off);
}

#[test]
fn command_line_model_alone_stands_at_rest_and_motions_alone_use_the_bundled_model() {
    let model = assets().join("default_model.pmx");
    let scene = Scene::from_files(std::slice::from_ref(&model)).unwrap();
    assert!(scene.actors[0].layers().is_empty());
    assert_eq!(scene.last_frame(), 0.0);
    let scene = Scene::from_files(&[assets().join("default_motion.vmd")]).unwrap();
    assert!(scene.actors[0].model.label.contains("bundled"));
    assert_eq!(scene.last_frame(), 240.0);
}

/// Gene with her laugh: a model whose hair and clothes hang on rigid bodies. `None`, with
/// the reason printed, where the shared fixtures are absent (unless `MMD_REQUIRE_FIXTURES=1`).
fn gene_scene() -> Option<Scene> {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/gene"
    ));
    let files = [dir.join("Gene_light.pmx"), dir.join("motion/02_laugh.vmd")];
    if !files.iter().all(|f| f.is_file()) {
        assert!(
            !std::env::var("MMD_REQUIRE_FIXTURES").is_ok_and(|v| v == "1"),
            "MMD_REQUIRE_FIXTURES=1 but {} is missing",
            dir.display()
        );
        eprintln!("skipping: {} is absent", dir.display());
        return None;
    }
    let scene = Scene::from_files(&files).unwrap();
    assert!(!scene.actors[0].model.pmx.rigid_bodies.is_empty());
    Some(scene)
}

/// Bones whose rigid body the simulation moves.
fn physics_bones(scene: &Scene) -> Vec<usize> {
    scene.actors[0]
        .model
        .pmx
        .rigid_bodies
        .iter()
        .filter(|b| b.mode != mmd_format::pmx::PhysicsMode::FollowBone)
        .filter_map(|b| usize::try_from(b.bone).ok())
        .collect()
}

/// Chooses `item` in the Physics menu and closes it.
fn physics_menu(h: &mut Harness<'_, App>, item: &str) {
    h.get_by_label("Physics").click();
    h.run();
    h.get_by_role_and_label(Role::RadioButton, item).click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
}

/// The right arrow `frames` times, a displayed frame each.
fn step_forward(h: &mut Harness<'_, App>, frames: u32) {
    for _ in 0..frames {
        h.key_press(Key::ArrowRight);
        h.run();
    }
}

fn options(rate: SubstepRate) -> PhysicsOptions {
    PhysicsOptions {
        rate,
        ..PhysicsOptions::default()
    }
}

/// The player's inputs, as the physics module takes them.
fn input<'a>(
    scene: &'a Scene,
    overrides: &'a IkOverrides,
    pins: &'a [Option<f32>],
) -> PoseInput<'a> {
    PoseInput {
        rig: &scene.actors[0].model.rig,
        layers: scene.actors[0].layers(),
        overrides,
        morph_pins: pins,
        gravity: None,
    }
}

/// A bake of the whole timeline at 60 Hz, made here, not by the player.
fn fresh_bake(scene: &Scene, overrides: &IkOverrides, pins: &[Option<f32>]) -> PhysicsBake {
    let mut live =
        LivePhysics::new(&scene.actors[0].model.pmx, &options(SubstepRate::Hz60)).unwrap();
    let last = scene.last_frame().ceil() as u32;
    PhysicsBake::bake(
        input(scene, overrides, pins),
        &mut live,
        last,
        None,
        &mut |_, _| true,
    )
    .unwrap()
}

/// What `bake` shows at `frame`.
fn baked_pose(
    scene: &Scene,
    bake: &PhysicsBake,
    overrides: &IkOverrides,
    pins: &[Option<f32>],
    frame: f32,
) -> Pose {
    let mut pose = Pose::new(&scene.actors[0].model.rig);
    bake.evaluate(input(scene, overrides, pins), frame, &mut pose);
    pose
}

/// Panics, naming the first bones where they differ, unless `a` and `b` pose every bone
/// bit for bit the same.
#[track_caller]
fn assert_same_globals(a: &Pose, b: &Pose, what: &str) {
    let differ: Vec<usize> = (0..a.globals.len().max(b.globals.len()))
        .filter(|&bone| a.globals.get(bone) != b.globals.get(bone))
        .collect();
    assert!(
        differ.is_empty(),
        "{what}: {} bones differ, the first {:?}",
        differ.len(),
        &differ[..differ.len().min(8)]
    );
}

/// The largest distance a bone of `bones` lies from where it is in `other`.
fn max_moved(a: &Pose, b: &Pose, bones: &[usize]) -> f32 {
    bones
        .iter()
        .map(|&bone| (position(&a.globals[bone]) - position(&b.globals[bone])).length())
        .fold(0.0, f32::max)
}

/// Steps the interface until the bake is in, checking the progress bar on the way.
fn wait_for_bake(h: &mut Harness<'_, App>) {
    let start = std::time::Instant::now();
    while !player(h).physics_baked() {
        assert!(
            start.elapsed().as_secs() < 300,
            "the bake did not finish: {:?}",
            player(h).bake_progress()
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
        // Only a finished bake leaves the player between frames, so one still running was
        // drawn by the frame just stepped.
        if let Some((done, total)) = player(h).bake_progress() {
            assert!(done <= total);
            assert!(h.query_by_label_contains("baking physics").is_some());
        }
    }
    h.run();
    assert!(h.query_by_label_contains("baking physics").is_none());
}

#[test]
fn physics_off_draws_exactly_the_plain_pose() {
    let Some(scene) = gene_scene() else { return };
    let mut h = harness(scene);
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Off);
    physics_menu(&mut h, "Live");
    step_forward(&mut h, 5);
    physics_menu(&mut h, "Off");
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Off);
    type_frame(&mut h, "120");
    let scene = &player(&h).scene;
    let mut plain = Pose::new(&scene.actors[0].model.rig);
    let overrides = IkOverrides::new(&scene.actors[0].model.rig);
    let pins = vec![None; scene.actors[0].model.rig.morph_count()];
    evaluate_layers(
        &scene.actors[0].model.rig,
        scene.actors[0].layers(),
        120.0,
        &overrides,
        &pins,
        &mut plain,
    );
    assert_same_globals(player(&h).pose().unwrap(), &plain, "physics off");
    assert_eq!(player(&h).pose().unwrap().skinning, plain.skinning);
}

#[test]
fn live_physics_steps_once_per_frame_and_an_ik_click_does_not_step_it() {
    let Some(scene) = gene_scene() else { return };
    let mut h = harness(scene);
    physics_menu(&mut h, "Live");
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Live);
    step_forward(&mut h, 30);
    assert_eq!(player(&h).playback().frame(), 30.0);
    let scene = &player(&h).scene;
    let overrides = IkOverrides::new(&scene.actors[0].model.rig);
    let pins = vec![None; scene.actors[0].model.rig.morph_count()];
    let bake = fresh_bake(scene, &overrides, &pins);
    let hair = physics_bones(scene);
    let at_30 = baked_pose(scene, &bake, &overrides, &pins, 30.0);
    // Live playback from frame 0 is the bake bit for bit; a frame stepped twice, or a
    // restart, would not be.
    assert_same_globals(player(&h).pose().unwrap(), &at_30, "played to 30");
    let off = pose_at(gene_scene().unwrap(), 30.0);
    assert!(
        max_moved(player(&h).pose().unwrap(), &off, &hair) > 0.05,
        "live physics should move the hair and clothes away from the animated pose"
    );
    assert!(player(&h).physics_micros() > 0.0, "a live step takes time");
    assert!(h.query_by_label_contains("µs   physics ").is_some());
    assert!(h.query_by_label_contains("physics: live").is_some());

    // An IK switch on the paused frame poses again without stepping: the bodies hold, so
    // the bones they drive stay exactly where they were.
    click_ik_switch(&mut h, "左足ＩＫ", "Off");
    let scene = &player(&h).scene;
    let held = physics_bones(scene)
        .into_iter()
        .filter(|&b| {
            // Bones under the legs move with IK whatever the bodies do.
            let name = scene.actors[0].model.rig.bone_name(b);
            !name.contains('足') && !name.contains("ひざ")
        })
        .collect::<Vec<_>>();
    assert!(!held.is_empty());
    for &bone in &held {
        assert_eq!(
            player(&h).pose().unwrap().globals[bone],
            at_30.globals[bone],
            "{}",
            scene.actors[0].model.rig.bone_name(bone)
        );
    }
    click_ik_switch(&mut h, "左足ＩＫ", "Auto");
    assert_same_globals(player(&h).pose().unwrap(), &at_30, "IK back to Auto");
    // And the bodies carry on from there as if the clicks never happened.
    step_forward(&mut h, 1);
    let scene = &player(&h).scene;
    let at_31 = baked_pose(scene, &bake, &overrides, &pins, 31.0);
    assert_same_globals(player(&h).pose().unwrap(), &at_31, "stepped to 31");
}

#[test]
fn reset_key_and_rate_restart_live_physics_from_the_current_frame() {
    let Some(scene) = gene_scene() else { return };
    let mut h = harness(scene);
    physics_menu(&mut h, "Live");
    step_forward(&mut h, 20);
    // The same files again, for a simulation of our own beside the player's.
    let gene = gene_scene().unwrap();
    let scene = &gene;
    let overrides = IkOverrides::new(&scene.actors[0].model.rig);
    let pins = vec![None; scene.actors[0].model.rig.morph_count()];
    let input = input(scene, &overrides, &pins);
    // The player's bodies as they stand: played from frame 0 one frame at a time.
    let mut replica =
        LivePhysics::new(&scene.actors[0].model.pmx, &options(SubstepRate::Hz60)).unwrap();
    let mut played = Pose::new(&scene.actors[0].model.rig);
    for frame in 0..=20 {
        replica.evaluate(input, frame as f32, &mut played);
    }
    assert_same_globals(player(&h).pose().unwrap(), &played, "played to 20");
    replica.restart();
    let mut restarted = Pose::new(&scene.actors[0].model.rig);
    replica.evaluate(input, 20.0, &mut restarted);
    assert_ne!(played.globals, restarted.globals);
    h.key_press(Key::P);
    h.run();
    assert_same_globals(player(&h).pose().unwrap(), &restarted, "after P");

    // A new rate builds the bodies afresh, started on this frame.
    physics_menu(&mut h, "120 Hz substeps");
    assert_eq!(player(&h).physics_rate(), SubstepRate::Hz120);
    let mut fresh =
        LivePhysics::new(&scene.actors[0].model.pmx, &options(SubstepRate::Hz120)).unwrap();
    let mut pose = Pose::new(&scene.actors[0].model.rig);
    fresh.evaluate(input, 20.0, &mut pose);
    assert_same_globals(player(&h).pose().unwrap(), &pose, "at 120 Hz");
}
/// A model hung from another's bone (外部親) is baked once the other's bake is in, and then
/// shows what the engine bakes for the same scene.
#[test]
fn a_hung_model_is_baked_after_the_one_it_hangs_from() {
    use mmd_scene::stage::outside_parent::{OutsideParent, OutsideTarget};
    if gene_scene().is_none() {
        return;
    }
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/gene"
    ));
    let (model, motion) = (dir.join("Gene_light.pmx"), dir.join("motion/02_laugh.vmd"));
    let mut scene = Scene::from_files(&[model.clone(), motion.clone(), model, motion]).unwrap();
    scene.actors[1].position = glam::Vec3::new(-8.0, 0.0, 0.0);
    let hand = scene.actors[1].model.rig.bone_index("右手首").unwrap();
    let target = OutsideTarget {
        actor: scene.actors[1].id,
        bone: hand,
    };
    scene.actors[0].outside_parents = vec![OutsideParent::constant(0, target)];
    let mut h = harness(scene);
    physics_menu(&mut h, "Baked");
    wait_for_bake(&mut h);
    let scene = player(&h).scene.clone();
    let mut engine = mmd_scene::engine::SceneEngine::new(
        PhysicsMode::Baked,
        SubstepRate::Hz60,
        mmd_scene::engine::LiveStepping::Display,
    );
    engine
        .bake_now(&scene.actors, scene.last_frame(), &mut |_, _| true)
        .unwrap();
    for frame in ["40", "12"] {
        type_frame(&mut h, frame);
        engine.pose(&scene.actors, frame.parse().unwrap());
        assert_same_globals(
            player(&h).pose().unwrap(),
            engine.pose_of(0).unwrap(),
            &format!("frame {frame}"),
        );
    }
}

#[test]
fn baked_physics_scrubs_to_exactly_the_bake_and_a_pin_or_ik_switch_rebakes_it() {
    let Some(scene) = gene_scene() else { return };
    let mut h = harness(scene);
    physics_menu(&mut h, "Baked");
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Baked);
    wait_for_bake(&mut h);
    assert!(h.query_by_label_contains("physics: baked").is_some());
    let scene = &player(&h).scene;
    let overrides = IkOverrides::new(&scene.actors[0].model.rig);
    let pins = vec![None; scene.actors[0].model.rig.morph_count()];
    let bake = fresh_bake(scene, &overrides, &pins);
    for frame in ["200", "17", "300", "0", "151", "150", "17"] {
        type_frame(&mut h, frame);
        let frame: f32 = frame.parse().unwrap();
        assert_eq!(player(&h).playback().frame(), frame);
        let expected = baked_pose(&player(&h).scene, &bake, &overrides, &pins, frame);
        assert_same_globals(
            player(&h).pose().unwrap(),
            &expected,
            &format!("frame {frame}"),
        );
    }

    // A morph pin or an IK switch starts a new bake at once (Gene has no bone morphs, and
    // her bodies do not touch her legs, so the poses alone could not tell).
    let blink = player(&h).scene.actors[0]
        .model
        .rig
        .morph_index("まばたき")
        .unwrap();
    let leg_ik = bone(&h, "左足ＩＫ");
    let mut pins = vec![None; player(&h).scene.actors[0].model.rig.morph_count()];
    let mut overrides = IkOverrides::new(&player(&h).scene.actors[0].model.rig);
    for change in [
        Action::PinMorph {
            morph: blink,
            weight: Some(1.0),
        },
        Action::SetIk {
            bone: leg_ik,
            value: IkOverride::Off,
        },
    ] {
        setup_without_frames(&mut h, change.clone());
        assert!(!player(&h).physics_baked(), "{change:?} drops the bake");
        assert!(player(&h).bake_progress().is_some(), "and bakes again");
        wait_for_bake(&mut h);
    }
    pins[blink] = Some(1.0);
    overrides.set(leg_ik, IkOverride::Off);
    let changed = fresh_bake(&player(&h).scene, &overrides, &pins);
    for frame in ["150", "60"] {
        type_frame(&mut h, frame);
        let frame: f32 = frame.parse().unwrap();
        let expected = baked_pose(&player(&h).scene, &changed, &overrides, &pins, frame);
        assert_same_globals(
            player(&h).pose().unwrap(),
            &expected,
            &format!("frame {frame}"),
        );
        assert_eq!(player(&h).pose().unwrap().morph_weights[blink], 1.0);
    }
}
