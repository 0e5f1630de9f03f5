//! MMD's mouse and keys in the player's real interface (egui_kittest): a right drag over the
//! view orbits the free camera, a middle drag pans it and the wheel zooms it; Ctrl+O asks for
//! the file dialog; the view keys (2, 8, 4, 6, 5) and View → Look from turn the camera to look
//! from a side, unless a text field has the keys.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use std::f32::consts::{FRAC_PI_2, PI};

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, MouseWheelUnit, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::Vec3;
use mmd_scene::stage::scene::Scene;
use mmd_session::Request;
use ui_harness::{App, click, harness, player};

/// Presses `button` at `from`, drags to `to` in steps and releases, a frame per step.
fn drag_with(h: &mut Harness<'_, App>, button: PointerButton, from: Pos2, to: Pos2) {
    let press = |pos, pressed| Event::PointerButton {
        pos,
        button,
        pressed,
        modifiers: Modifiers::NONE,
    };
    h.event(Event::PointerMoved(from));
    h.event(press(from, true));
    h.run();
    for step in 1..=5 {
        h.event(Event::PointerMoved(
            from + (to - from) * (step as f32 / 5.0),
        ));
        h.run();
    }
    h.event(press(to, false));
    h.run();
}

/// A point in the view, clear of the model (so a click there selects nothing).
fn in_view(h: &Harness<'_, App>) -> Pos2 {
    let view = h.state().ui.view_rect;
    Pos2::new(view.left() + 0.2 * view.width(), view.center().y)
}

#[test]
fn right_drag_orbits_middle_drag_pans_and_the_wheel_zooms() {
    let mut h = harness(Scene::bundled().unwrap());
    let start = player(&h).camera();
    let at = in_view(&h);

    drag_with(
        &mut h,
        PointerButton::Secondary,
        at,
        at + Vec2::new(100.0, 0.0),
    );
    let orbited = player(&h).camera();
    let turned = orbited.rotation.y - start.rotation.y;
    assert!(
        turned > 0.4,
        "a right drag of 100 points turns the camera about its target ({turned} rad)"
    );
    assert_eq!(
        (orbited.target, orbited.distance),
        (start.target, start.distance)
    );

    drag_with(&mut h, PointerButton::Middle, at, at + Vec2::new(0.0, 80.0));
    let panned = player(&h).camera();
    assert_eq!(
        panned.rotation, orbited.rotation,
        "a middle drag does not turn"
    );
    assert!(
        panned.target.distance(orbited.target) > 1.0,
        "a middle drag moves the target: {} → {}",
        orbited.target,
        panned.target
    );

    h.event(Event::MouseWheel {
        unit: MouseWheelUnit::Line,
        delta: Vec2::new(0.0, 3.0),
        modifiers: Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    h.run();
    let zoomed = player(&h).camera();
    assert!(
        zoomed.distance > panned.distance && zoomed.distance < 0.0,
        "the wheel moves the camera nearer: {} → {}",
        panned.distance,
        zoomed.distance
    );
}

#[test]
fn ctrl_o_and_the_file_menu_ask_for_the_file_dialog() {
    let mut h = harness(Scene::bundled().unwrap());
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(
        h.state_mut().player.requests.take(Request::OpenDialog),
        "Ctrl+O opens files"
    );
    click(&mut h, "File");
    click(&mut h, "Open model / motion / pose… Ctrl+O");
    assert!(
        player(&h).requests.contains(Request::OpenDialog),
        "the menu item shows the key"
    );
}

#[test]
fn the_view_keys_and_the_view_menu_turn_the_camera_to_a_side() {
    let mut h = harness(Scene::bundled().unwrap());
    let framed = player(&h).camera();
    let sides = [
        (Key::Num8, Vec3::new(0.0, PI, 0.0)),
        (Key::Num4, Vec3::new(0.0, -FRAC_PI_2, 0.0)),
        (Key::Num6, Vec3::new(0.0, FRAC_PI_2, 0.0)),
        (Key::Num5, Vec3::new(-FRAC_PI_2, 0.0, 0.0)),
        (Key::Num2, Vec3::ZERO),
    ];
    for (key, rotation) in sides {
        h.key_press(key);
        h.run();
        let camera = player(&h).camera();
        assert_eq!(camera.rotation, rotation, "{key:?}");
        assert_eq!(
            (camera.target, camera.distance),
            (framed.target, framed.distance),
            "{key:?} keeps what the camera looks at, and how far"
        );
    }

    click(&mut h, "View");
    click(&mut h, "Look from");
    click(&mut h, "Back 8");
    assert_eq!(player(&h).camera().rotation, Vec3::new(0.0, PI, 0.0));

    // Typed into the frame field, a digit is a digit.
    h.get_by_role_and_label(Role::TextInput, "Frame").click();
    h.run();
    h.key_press(Key::Num5);
    h.run();
    assert_eq!(player(&h).camera().rotation, Vec3::new(0.0, PI, 0.0));
}
