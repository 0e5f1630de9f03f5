//! The Motions panel driven as a user drives it (egui_kittest, as in `app_ui.rs`): Shift +
//! drop adds a layer, a plain drop replaces the layers, the File menu asks for the layer
//! dialog; dragging a layer's weight slider changes the drawn pose at once, paused or
//! playing, to exactly what `evaluate_layers` gives for the new weights; the on, replace,
//! loop, offset, move and remove controls edit the blend; in Baked physics a weight change
//! bakes again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod ui_harness;

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mmd_pose::{IkOverrides, LayerMode, Pose, evaluate_layers};
use mmd_scene::engine::PhysicsMode;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::Action;
use mmd_session::{Player, Request};

use common::fixture;
use ui_harness::{App, drop_files, harness_at, player};

/// Gene dancing her frustrated motion, and her laugh to add as a layer.
fn gene() -> Option<(Scene, PathBuf)> {
    let model = fixture("gene/Gene_light.pmx")?;
    let dance = fixture("gene/motion/32_frustrated_v2023.vmd")?;
    let laugh = fixture("gene/motion/02_laugh.vmd")?;
    Some((Scene::from_files(&[model, dance]).unwrap(), laugh))
}

/// Drops `paths` on the window with `modifiers` held.
fn drop_files_holding(h: &mut Harness<'_, App>, paths: &[&Path], modifiers: Modifiers) {
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.run();
    drop_files(h, paths);
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
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

/// Drags the weight slider of layer `title` from its handle to `weight` (past the rail's
/// ends for a weight outside 0..1, which the slider clamps).
fn drag_weight(h: &mut Harness<'_, App>, title: &str, weight: f32) {
    let rect = h
        .get_by_role_and_label(Role::Slider, &format!("Weight: {title}"))
        .rect();
    // The rail spans the widget minus the handle's radius at each end.
    let inset = rect.height() * 0.5;
    let at = |w: f32| {
        Pos2::new(
            rect.left() + inset + (rect.width() - 2.0 * inset) * w,
            rect.center().y,
        )
    };
    let index: usize = title.split('.').next().unwrap().parse().unwrap();
    let now = player(h).scene.actors[0].layers()[index - 1].weight;
    drag(h, at(now.min(1.0)), at(weight));
}

/// What `evaluate_layers` gives for the player's layers at its frame, no overrides.
fn expected_pose(player: &Player) -> Pose {
    let scene = &player.scene;
    let rig = &scene.actors[0].model.rig;
    let mut pose = Pose::new(rig);
    let pins = vec![None; rig.morph_count()];
    let frame = player.playback().frame();
    evaluate_layers(
        rig,
        scene.actors[0].layers(),
        frame,
        &IkOverrides::new(rig),
        &pins,
        &mut pose,
    );
    pose
}

#[track_caller]
fn assert_draws_the_layers(h: &Harness<'_, App>, what: &str) {
    let expected = expected_pose(player(h));
    assert!(
        player(h).pose().unwrap().globals == expected.globals
            && player(h).pose().unwrap().morph_weights == expected.morph_weights,
        "{what}: the drawn pose is not the layers' pose"
    );
}

/// The largest distance a bone moved between two poses.
fn moved(a: &Pose, b: &Pose) -> f32 {
    a.globals
        .iter()
        .zip(&b.globals)
        .map(|(x, y)| (x.w_axis - y.w_axis).length())
        .fold(0.0, f32::max)
}

const LAUGH: &str = "2. 02_laugh.vmd";

#[test]
fn shift_drop_adds_a_layer_whose_weight_slider_changes_the_drawn_pose_at_once() {
    let Some((scene, laugh)) = gene() else { return };
    let mut h = harness_at(scene, 40.0);
    let alone = player(&h).pose().unwrap().clone();
    drop_files_holding(&mut h, &[&laugh], Modifiers::SHIFT);
    assert!(player(&h).error.is_none(), "{:?}", player(&h).error);
    let sources = player(&h).scene.actors[0].layer_sources();
    assert_eq!(sources.len(), 2, "Shift + drop adds a layer");
    assert_eq!(sources[1].label, "02_laugh.vmd");
    assert_eq!(player(&h).scene.actors[0].layers()[1].weight, 1.0);
    assert!(moved(player(&h).pose().unwrap(), &alone) > 0.05);
    assert_draws_the_layers(&h, "two layers at weight 1");

    // Paused: the slider alone redraws.
    drag_weight(&mut h, LAUGH, -0.5);
    assert!(!player(&h).playback().playing);
    assert_eq!(player(&h).scene.actors[0].layers()[1].weight, 0.0);
    assert_eq!(
        player(&h).pose().unwrap().globals,
        alone.globals,
        "at weight 0 the laugh is no layer"
    );
    drag_weight(&mut h, LAUGH, 0.5);
    let half = player(&h).scene.actors[0].layers()[1].weight;
    assert!((0.3..0.7).contains(&half), "{half}");
    assert!(moved(player(&h).pose().unwrap(), &alone) > 0.01);
    assert_draws_the_layers(&h, "the laugh at half weight");

    // Playing: each frame drawn shows the weight the slider has then.
    h.state_mut().player.apply(Action::TogglePlay);
    for target in [0.1, 0.9] {
        h.state_mut().player.advance(0.1);
        let before = player(&h).pose().unwrap().clone();
        drag_weight(&mut h, LAUGH, target);
        assert!(player(&h).playback().playing);
        let weight = player(&h).scene.actors[0].layers()[1].weight;
        assert!((weight - target).abs() < 0.15, "{weight} for {target}");
        assert!(moved(player(&h).pose().unwrap(), &before) > 0.0);
        assert_draws_the_layers(&h, "while playing");
    }
}

#[test]
fn a_plain_drop_replaces_the_layers_and_the_file_menu_asks_for_the_layer_dialog() {
    let Some((scene, laugh)) = gene() else { return };
    let mut h = harness_at(scene, 0.0);
    drop_files_holding(&mut h, &[&laugh], Modifiers::SHIFT);
    assert_eq!(player(&h).scene.actors[0].layers().len(), 2);
    drop_files_holding(&mut h, &[&laugh], Modifiers::NONE);
    let sources = player(&h).scene.actors[0].layer_sources();
    assert_eq!(
        sources.len(),
        1,
        "a drop without Shift replaces the motions"
    );
    assert_eq!(sources[0].label, "02_laugh.vmd");

    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Add motion / pose as layer…").click();
    h.run();
    assert!(player(&h).requests.contains(Request::AddLayersDialog));

    // A model is not a layer: the error shows and nothing changes.
    let model = fixture("gene/Gene_light.pmx").unwrap();
    drop_files_holding(&mut h, &[&model], Modifiers::SHIFT);
    assert!(player(&h).error.as_deref().unwrap().contains("a model"));
    assert_eq!(player(&h).scene.actors[0].layers().len(), 1);
}

#[test]
fn the_layer_controls_edit_the_blend() {
    let Some((scene, laugh)) = gene() else { return };
    let mut h = harness_at(scene, 60.0);
    let alone = player(&h).pose().unwrap().clone();
    drop_files_holding(&mut h, &[&laugh], Modifiers::SHIFT);
    let both = player(&h).pose().unwrap().clone();

    h.get_by_label(&format!("On: {LAUGH}")).click();
    h.run();
    assert!(!player(&h).scene.actors[0].layers()[1].enabled);
    assert_eq!(
        player(&h).pose().unwrap().globals,
        alone.globals,
        "switched off"
    );
    h.get_by_label(&format!("On: {LAUGH}")).click();
    h.run();
    assert_eq!(player(&h).pose().unwrap().globals, both.globals, "back on");

    h.get_by_label(&format!("Replace: {LAUGH}")).click();
    h.run();
    assert_eq!(
        player(&h).scene.actors[0].layers()[1].mode,
        LayerMode::Replace
    );
    assert!(moved(player(&h).pose().unwrap(), &both) > 0.01);
    assert_draws_the_layers(&h, "the laugh replacing");

    h.get_by_label(&format!("Loop: {LAUGH}")).click();
    h.run();
    assert!(player(&h).scene.actors[0].layers()[1].looping);

    let offset = h.get_by_label(&format!("Offset: {LAUGH}")).rect().center();
    h.hover_at(offset);
    h.run();
    h.drag_at(offset);
    h.run();
    h.drop_at(offset);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(egui::Event::Text("25".to_owned()));
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(player(&h).scene.actors[0].layers()[1].offset, 25.0);
    assert_draws_the_layers(&h, "offset 25, looping, replacing");

    h.get_by_label(&format!("Move up: {LAUGH}")).click();
    h.run();
    let sources = player(&h).scene.actors[0].layer_sources();
    assert_eq!(sources[0].label, "02_laugh.vmd");
    assert_eq!(sources[1].label, "32_frustrated_v2023.vmd");
    assert_draws_the_layers(&h, "the laugh first");

    h.get_by_label("Remove: 1. 02_laugh.vmd").click();
    h.run();
    assert_eq!(player(&h).scene.actors[0].layers().len(), 1);
    assert_eq!(player(&h).pose().unwrap().globals, alone.globals, "removed");
}

#[test]
fn a_weight_change_bakes_the_physics_again() {
    let Some((scene, laugh)) = gene() else { return };
    let mut h = harness_at(scene, 30.0);
    drop_files_holding(&mut h, &[&laugh], Modifiers::SHIFT);
    h.state_mut()
        .player
        .apply(Action::SetPhysicsMode(PhysicsMode::Baked));
    let wait = |h: &mut Harness<'_, App>| {
        let start = std::time::Instant::now();
        while !player(h).physics_baked() {
            assert!(start.elapsed().as_secs() < 300, "the bake did not finish");
            std::thread::sleep(std::time::Duration::from_millis(5));
            h.step();
        }
        h.run();
    };
    wait(&mut h);
    let before = player(&h).pose().unwrap().clone();
    drag_weight(&mut h, LAUGH, 0.3);
    assert!(
        !player(&h).physics_baked(),
        "the bake of the old weights is dropped"
    );
    wait(&mut h);
    assert!(moved(player(&h).pose().unwrap(), &before) > 0.01);
}
