//! What the renderer's benchmarks share: the fixtures, a 1280×720 output, a camera on the
//! model, and waiting for the GPU.

use std::path::PathBuf;

use mmd_render::{Camera, GpuContext, OFFSCREEN_FORMAT, View};

pub const WIDTH: u32 = 1280;
pub const HEIGHT: u32 = 720;

/// `../shared/fixtures/<rel>`.
pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ))
    .join(rel)
}

/// Blocks until the GPU has finished everything submitted.
pub fn wait(ctx: &GpuContext) {
    ctx.device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .expect("GPU poll");
}

/// A WIDTH×HEIGHT colour target to draw into.
pub fn output_view(ctx: &GpuContext) -> wgpu::TextureView {
    ctx.device
        .create_texture(&wgpu::TextureDescriptor {
            label: Some("bench output"),
            size: wgpu::Extent3d {
                width: WIDTH,
                height: HEIGHT,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: OFFSCREEN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        })
        .create_view(&wgpu::TextureViewDescriptor::default())
}

/// A camera on a standing model, MMD's view otherwise.
pub fn model_view() -> View {
    View {
        camera: Camera {
            target: glam::Vec3::new(0.0, 10.0, 0.0),
            distance: -30.0,
            ..Camera::default()
        },
        ..View::default()
    }
}
