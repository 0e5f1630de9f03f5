//! The settings kept between runs, through the player's real interface (egui_kittest) and a
//! temporary config folder: what a window is left with (View menu switches, physics mode, a
//! side panel's width, the last export's folder) comes back in the next one, and a garbled
//! setting costs only itself.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use mmd_player::settings::{ForThisRun, SettingsFile};
use mmd_scene::engine::PhysicsMode;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::Action;
use ui_harness::{App, click, player};

/// The window's first frame for `app` (settings applied), laid out at the start size.
fn window(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        .allow_missing_glyphs()
        .with_context_setup(|ctx| {
            mmd_player::ui::fonts::install(ctx);
        })
        .build_ui_state(App::frame, app);
    h.run();
    h
}

/// A new window as the window layer starts one: the kept settings applied, physics as kept.
fn restart(store: &std::path::Path) -> Harness<'static, App> {
    let kept = SettingsFile::load(store.to_path_buf()).settings;
    let mut app = App::new(Scene::bundled().unwrap(), 0.0);
    kept.apply(&mut app.player, &mut app.ui);
    if let Some(mode) = kept.physics {
        app.player.apply(Action::SetPhysicsMode(mode));
    }
    window(app)
}

/// The bones panel's width as laid out in the last frame.
fn bones_width(h: &Harness<'_, App>) -> f32 {
    h.state().ui.panel_widths().bones.unwrap()
}

/// Keeps what `h` shows in `store`, as the window does when it closes.
fn close(h: &Harness<'_, App>, store: &std::path::Path) {
    let mut file = SettingsFile::load(store.to_path_buf());
    let App { player, ui } = h.state();
    file.settings.capture(player, ui, &ForThisRun::default());
    file.save();
}

#[test]
fn settings_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("config").join("settings.json");
    let mut h = restart(&store);
    let defaults = player(&h).view_options();
    // The bones panel starts at the window's left edge: its width is where its edge is.
    let default_width = bones_width(&h);

    // The bones panel's edge dragged 80 points to the right (grabbed on the panel's side of
    // the edge, where the view does not take the drag).
    let view = h.state().ui.view_rect;
    let edge = Pos2::new(view.left() - 2.0, view.center().y);
    h.hover_at(edge);
    h.run();
    h.drag_at(edge);
    h.run();
    for step in 1..=4 {
        h.hover_at(edge + Vec2::new(20.0 * step as f32, 0.0));
        h.run();
    }
    h.drop_at(edge + Vec2::new(80.0, 0.0));
    h.run();
    click(&mut h, "View");
    click(&mut h, "Skeleton");
    click(&mut h, "View");
    click(&mut h, "Edges (outline)");
    click(&mut h, "Physics");
    click(&mut h, "Live");
    let widened = bones_width(&h);
    assert!(
        widened > default_width + 60.0,
        "the bones panel was widened: {default_width} → {widened}"
    );
    let shown = player(&h).view_options();
    assert!(shown.skeleton && !shown.edges && shown != defaults);
    let export_folder = dir.path().join("videos");
    h.state_mut()
        .player
        .set_export_folder(Some(export_folder.clone()));
    close(&h, &store);
    drop(h);

    let h = restart(&store);
    assert_eq!(player(&h).view_options(), shown);
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Live);
    assert_eq!(player(&h).export_folder(), Some(export_folder.as_path()));
    let width = bones_width(&h);
    assert!(
        (width - widened).abs() < 1.0,
        "the bones panel opens as wide as it was left: {width}, left at {widened}"
    );
}

#[test]
fn a_garbled_setting_resets_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("settings.json");
    std::fs::write(
        &store,
        r#"{
            "physics": "live",
            "view": { "skeleton": true, "edges": "maybe" },
            "panels": { "bones": "wide", "scene": 300 },
            "window": { "size": [900, 600], "position": null }
        }"#,
    )
    .unwrap();
    let h = restart(&store);
    let view = player(&h).view_options();
    assert!(view.skeleton, "kept");
    assert!(view.edges, "unreadable: MMD's default, edges on");
    assert_eq!(player(&h).physics_mode(), PhysicsMode::Live);
    // The bones panel's width could not be read: it opens at its default; the right
    // panel's could.
    let default_width = bones_width(&restart(&dir.path().join("none.json")));
    assert!((bones_width(&h) - default_width).abs() < 1.0);
    assert_eq!(h.state().ui.panel_widths().scene, Some(300.0));
    assert_eq!(
        SettingsFile::load(store).settings.window.size,
        Some([900, 600])
    );
}
