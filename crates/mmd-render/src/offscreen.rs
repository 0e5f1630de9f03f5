//! Rendering into an image in memory (tests, the `render` subcommand).

use image::RgbaImage;

use crate::RenderError;
use crate::model::ModelGpu;
use crate::renderer::{FrameTargets, Renderer, View};

/// The colour format of offscreen images: MMD's colours are stored as computed.
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// Waits for the submitted work, maps a `MAP_READ` buffer and copies its bytes out.
pub fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Result<Vec<u8>, RenderError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    buffer.map_async(wgpu::MapMode::Read, .., move |result| {
        // The receiver outlives the poll below; a failed send cannot happen.
        let _ = sender.send(result);
    });
    device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .map_err(|e| RenderError::Readback(e.to_string()))?;
    receiver
        .recv()
        .map_err(|e| RenderError::Readback(e.to_string()))?
        .map_err(|e| RenderError::Readback(e.to_string()))?;
    let bytes = buffer
        .get_mapped_range(..)
        .map_err(|e| RenderError::Readback(e.to_string()))?
        .to_vec();
    buffer.unmap();
    Ok(bytes)
}

/// A fixed-size offscreen canvas: MSAA targets, the resolved texture and a readback buffer.
pub struct Offscreen {
    targets: FrameTargets,
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    readback: wgpu::Buffer,
    padded_row: u32,
}

impl Offscreen {
    /// A canvas of `width`×`height` for `renderer`, whose format must be [`OFFSCREEN_FORMAT`].
    pub fn new(
        device: &wgpu::Device,
        renderer: &Renderer,
        width: u32,
        height: u32,
    ) -> Result<Offscreen, RenderError> {
        let max = device.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 || width > max || height > max {
            return Err(RenderError::BadSize { width, height, max });
        }
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("offscreen"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: renderer.format(),
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let padded_row = (width * 4).div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
            * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("offscreen readback"),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(Offscreen {
            targets: FrameTargets::new(renderer, device, width, height),
            texture,
            view,
            readback,
            padded_row,
        })
    }

    /// Records a frame into the canvas and the copy to the readback buffer.
    pub fn encode(
        &self,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        renderer: &Renderer,
        models: &[&ModelGpu],
        view: &View,
    ) {
        renderer.render(queue, encoder, &self.targets, &self.view, models, view);
        let (width, height) = self.targets.size();
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
    }

    /// Renders a frame and returns it as an image.
    pub fn render(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        models: &[&ModelGpu],
        view: &View,
    ) -> Result<RgbaImage, RenderError> {
        let mut encoder = device.create_command_encoder(&Default::default());
        self.encode(queue, &mut encoder, renderer, models, view);
        queue.submit([encoder.finish()]);
        let bytes = read_buffer(device, &self.readback)?;
        let (width, height) = self.targets.size();
        let row = width as usize * 4;
        let pixels: Vec<u8> = bytes
            .chunks_exact(self.padded_row as usize)
            .flat_map(|padded| &padded[..row])
            .copied()
            .collect();
        RgbaImage::from_raw(width, height, pixels)
            .ok_or_else(|| RenderError::Readback("short image".to_string()))
    }
}
