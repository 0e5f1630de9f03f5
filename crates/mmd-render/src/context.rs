//! Opening a GPU device without a window (tests, the `render` subcommand).

use crate::{DeviceErrors, RenderError};

/// Adapter, device and queue opened for headless rendering, with the device's errors kept
/// instead of panicking.
pub struct GpuContext {
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// What the device reported: validation errors, running out of memory, its loss.
    pub errors: DeviceErrors,
}

impl GpuContext {
    /// Opens the default adapter with the optional features the renderer can use
    /// ([`optional_features`]). Falls back to a software adapter (lavapipe) when no hardware
    /// adapter is available.
    pub fn headless() -> Result<GpuContext, RenderError> {
        pollster::block_on(Self::open())
    }

    async fn open() -> Result<GpuContext, RenderError> {
        // Vulkan/Metal/DX12 first (lavapipe is a Vulkan driver); OpenGL only as a last
        // resort, since probing it without a display logs EGL errors.
        let mut adapter = None;
        for backends in [wgpu::Backends::PRIMARY, wgpu::Backends::SECONDARY] {
            let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
                backends,
                ..wgpu::InstanceDescriptor::new_without_display_handle()
            });
            for force_fallback_adapter in [false, true] {
                let options = wgpu::RequestAdapterOptions {
                    force_fallback_adapter,
                    ..Default::default()
                };
                if let Ok(found) = instance.request_adapter(&options).await {
                    adapter = Some(found);
                    break;
                }
            }
            if adapter.is_some() {
                break;
            }
        }
        let adapter = adapter.ok_or(RenderError::NoAdapter)?;
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("mmd-render"),
                required_features: optional_features(&adapter),
                required_limits: wgpu::Limits::default().using_resolution(adapter.limits()),
                ..Default::default()
            })
            .await?;
        let errors = DeviceErrors::watch(&device);
        Ok(GpuContext {
            adapter,
            device,
            queue,
            errors,
        })
    }
}

/// The features the renderer uses when present (wireframe mode); a caller that opens its own
/// device (the window) should request these too.
pub fn optional_features(adapter: &wgpu::Adapter) -> wgpu::Features {
    adapter.features() & wgpu::Features::POLYGON_MODE_LINE
}
