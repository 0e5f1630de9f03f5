//! Errors of the renderer.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum RenderError {
    /// No GPU adapter could be opened (no driver, no software renderer).
    #[error("no GPU adapter: install mesa-vulkan-drivers for software rendering")]
    NoAdapter,
    #[error("GPU device request failed: {0}")]
    Device(#[from] wgpu::RequestDeviceError),
    /// The device reported an error (see [`crate::DeviceErrors`]).
    #[error("{0}")]
    Gpu(crate::DeviceError),
    #[error("reading back from the GPU failed: {0}")]
    Readback(String),
    #[error("the model's {what} need {bytes} bytes of GPU buffer; this GPU allows {max}")]
    ModelTooLarge {
        what: &'static str,
        bytes: u64,
        max: u64,
    },
    #[error("image size {width}x{height} is not supported (1..={max} per side)")]
    BadSize { width: u32, height: u32, max: u32 },
}
