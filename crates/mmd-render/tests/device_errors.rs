//! A GPU error outside an error scope becomes something the host can show, not a panic:
//! wgpu's default uncaptured-error handler panics, so without `DeviceErrors` these tests
//! abort.

mod common;

use mmd_render::DeviceError;

/// A buffer both mappable for reading and for writing is invalid in WebGPU, on every backend.
fn invalid_buffer(device: &wgpu::Device) {
    let _ = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("invalid on purpose"),
        size: 16,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE,
        mapped_at_creation: false,
    });
}

#[test]
fn a_validation_error_is_kept_for_the_host_instead_of_panicking() {
    let Some((ctx, _renderer)) = common::gpu() else {
        return;
    };
    assert!(
        ctx.errors.take().is_empty(),
        "a fresh device reports nothing"
    );
    invalid_buffer(&ctx.device);
    let _ = ctx.device.poll(wgpu::PollType::wait_indefinitely());
    let errors = ctx.errors.take();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let DeviceError::Uncaptured(message) = &errors[0] else {
        panic!("a validation error, not a loss: {errors:?}");
    };
    assert!(!message.is_empty());
    assert!(errors[0].to_string().starts_with("GPU error: "));
    assert!(!ctx.errors.lost());
    // Taken once: the next frame starts clean.
    assert!(ctx.errors.take().is_empty());
}

#[test]
fn the_same_error_repeated_every_frame_is_kept_once() {
    let Some((ctx, _renderer)) = common::gpu() else {
        return;
    };
    for _ in 0..100 {
        invalid_buffer(&ctx.device);
    }
    let _ = ctx.device.poll(wgpu::PollType::wait_indefinitely());
    assert_eq!(ctx.errors.take().len(), 1);
}

#[test]
fn destroying_the_device_reports_a_loss_only_when_it_was_not_asked_for() {
    let Some((ctx, _renderer)) = common::gpu() else {
        return;
    };
    // `destroy` is the application dropping its device: not a loss to show.
    ctx.device.destroy();
    let _ = ctx.device.poll(wgpu::PollType::wait_indefinitely());
    assert!(!ctx.errors.lost(), "{:?}", ctx.errors.take());
}
