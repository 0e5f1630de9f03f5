//! A GPU error becomes a notice the user reads, never a panic: a real device (the software
//! renderer in CI) is made to refuse a call outside any error scope, which wgpu's default
//! handler would turn into a panic, and what the device reported reaches the player's
//! notices.

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use mmd_render::DeviceError;
use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::notices::Severity;

mod common;

#[test]
fn a_forced_validation_error_becomes_a_notice() {
    let Some(ctx) = common::gpu() else {
        return;
    };
    let Ok(scene) = Scene::bundled() else {
        panic!("the bundled scene opens");
    };
    let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
    let before = player.notices().iter().count();
    // Mappable for reading and for writing at once: refused by WebGPU's validation.
    let _ = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("invalid on purpose"),
        size: 16,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE,
        mapped_at_creation: false,
    });
    let _ = ctx.device.poll(wgpu::PollType::wait_indefinitely());
    mmd_player::services::report_device_errors(&mut player, ctx.errors.take());
    let notices: Vec<_> = player.notices().iter().skip(before).collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].severity, Severity::Error);
    assert_eq!(notices[0].file, "GPU");
    assert!(notices[0].message.starts_with("GPU error: "), "{notices:?}");
    // Drawing goes on after a refused call: the error banner is for a lost device only.
    assert!(player.error.is_none());
}

#[test]
fn a_lost_device_is_shown_as_the_error() {
    let Ok(scene) = Scene::bundled() else {
        panic!("the bundled scene opens");
    };
    let mut player = Player::with_services(scene, desktop_services_in(ConfigFiles::none()));
    mmd_player::services::report_device_errors(
        &mut player,
        vec![DeviceError::Lost("driver reset".to_owned())],
    );
    let error = player.error.clone().unwrap_or_default();
    assert!(
        error.contains("lost") && error.contains("restart"),
        "{error}"
    );
    assert!(player.notices().iter().any(|n| n.file == "GPU"));
}
