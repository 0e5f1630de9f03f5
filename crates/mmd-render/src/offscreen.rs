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

/// A single-sample texture that frames are resolved into, with the buffer its texels (four
/// bytes each) are copied into to be read back: an offscreen canvas's, or a window's
/// screenshot's.
pub struct ReadbackTarget {
    width: u32,
    height: u32,
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    readback: wgpu::Buffer,
    /// Bytes of one row in `readback`: the texels' padded to wgpu's alignment of copies.
    padded_row: u32,
}

impl ReadbackTarget {
    /// A target of `width`×`height` texels of `format`, a format of four bytes a texel; the
    /// caller keeps the size within the device's limits.
    pub fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        width: u32,
        height: u32,
        label: &str,
    ) -> ReadbackTarget {
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let padded_row = (width * 4).div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
            * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(&format!("{label} readback")),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        ReadbackTarget {
            width,
            height,
            texture,
            view,
            readback,
            padded_row,
        }
    }

    /// The view to resolve frames into.
    pub fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Records the copy of the texture into the readback buffer, after what was drawn.
    pub fn encode_copy(&self, encoder: &mut wgpu::CommandEncoder) {
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
                    rows_per_image: Some(self.height),
                },
            },
            wgpu::Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
        );
    }

    /// Waits for the submitted work and reads the copied texels back: the rows top to
    /// bottom, each `width × 4` bytes, without padding.
    pub fn read_rows(&self, device: &wgpu::Device) -> Result<Vec<u8>, RenderError> {
        let bytes = read_buffer(device, &self.readback)?;
        let row = self.width as usize * 4;
        Ok(bytes
            .chunks_exact(self.padded_row as usize)
            .flat_map(|padded| &padded[..row])
            .copied()
            .collect())
    }
}

/// A fixed-size offscreen canvas: MSAA targets, and the texture they resolve into with its
/// readback buffer.
pub struct Offscreen {
    targets: FrameTargets,
    resolved: ReadbackTarget,
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
        Ok(Offscreen {
            resolved: ReadbackTarget::new(device, renderer.format(), width, height, "offscreen"),
            targets: FrameTargets::new(renderer, device, width, height),
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
        renderer.render(
            queue,
            encoder,
            &self.targets,
            self.resolved.view(),
            models,
            view,
        );
        self.resolved.encode_copy(encoder);
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
        let (width, height) = self.resolved.size();
        RgbaImage::from_raw(width, height, self.resolved.read_rows(device)?)
            .ok_or_else(|| RenderError::Readback("short image".to_string()))
    }
}
