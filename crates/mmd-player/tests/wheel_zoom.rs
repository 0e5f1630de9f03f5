//! The free camera's zoom against the wheel as egui reports it: one notch moves a few percent,
//! and a notch back returns.

use glam::Vec3;
use mmd_pose::Aabb;
use mmd_session::orbit::Orbit;

#[test]
fn a_wheel_notch_zooms_a_few_percent() {
    // egui turns a notch of the wheel into 40 points (`InputOptions::line_scroll_speed`).
    let notch = egui::InputOptions::default().line_scroll_speed;
    let bounds = Aabb {
        min: Vec3::new(-5.0, 0.0, -2.0),
        max: Vec3::new(5.0, 20.0, 2.0),
    };
    let mut o = Orbit::framing(bounds, 1.5);
    let d = o.camera.distance;
    o.zoom(notch);
    let ratio = o.camera.distance / d;
    assert!((0.95..0.97).contains(&ratio), "{ratio}");
    assert!(!o.is_home());
    o.zoom(-notch);
    assert!((o.camera.distance - d).abs() < 1e-3, "a notch back returns");
    o.reset();
    assert!(o.is_home());
}
