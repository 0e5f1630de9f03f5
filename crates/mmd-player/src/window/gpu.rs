//! The window's GPU side: surface, device, the MMD renderer drawing the 3D view into a
//! texture that egui shows in its central panel, the uploaded models, and screenshots.

use std::sync::Arc;

use anyhow::{Context, Result, anyhow};
use mmd_player::draw_list::{DrawItem, Uploads, scene_meshes};
use mmd_render::{
    DeviceErrors, FrameTargets, ReadbackTarget, RenderError, Renderer, TextureWarning, View,
};
use mmd_scene::stage::model::TextureOrigin;
use mmd_scene::stage::scene::Scene;
use winit::window::Window;

/// The 3D view's texture, sized to egui's central panel and shown there as an image.
struct ViewTexture {
    size: (u32, u32),
    targets: FrameTargets,
    view: wgpu::TextureView,
}

pub struct Gpu {
    surface: wgpu::Surface<'static>,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// What the device reported (validation errors, its loss), for the notices.
    pub errors: DeviceErrors,
    config: wgpu::SurfaceConfiguration,
    renderer: Renderer,
    pub egui_renderer: egui_wgpu::Renderer,
    view_texture: Option<ViewTexture>,
    /// egui's handle for the view texture (registered once, updated on resize).
    pub view_texture_id: Option<egui::TextureId>,
    /// The scene's models and accessories on the GPU.
    uploads: Uploads,
}

/// What uploading one model or accessory met, with what its notices name.
pub struct Upload {
    pub label: String,
    pub file: String,
    pub textures: TextureOrigin,
    pub result: Result<Vec<TextureWarning>, RenderError>,
}

/// The parts of a finished frame that [`Gpu::draw`] needs.
pub struct FrameInput<'a, D> {
    pub view: View,
    /// Size of the central panel in physical pixels.
    pub view_size: (u32, u32),
    /// The shown actors and accessories, in the order they are drawn (read as it is made,
    /// never collected: the frame allocates nothing for it).
    pub drawn: D,
    pub paint_jobs: &'a [egui::ClippedPrimitive],
    pub pixels_per_point: f32,
}

impl Gpu {
    pub fn new(window: Arc<Window>) -> Result<Gpu> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle(
            Box::new(window.clone()),
        ));
        let surface = instance
            .create_surface(window.clone())
            .context("cannot create a drawing surface for the window")?;
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            compatible_surface: Some(&surface),
            ..Default::default()
        }))
        .context("no GPU adapter can draw to this window (install mesa-vulkan-drivers)")?;
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("mmd-player"),
            required_features: mmd_render::optional_features(&adapter),
            required_limits: wgpu::Limits::default().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .context("cannot open the GPU device")?;
        let errors = DeviceErrors::watch(&device);
        let size = window.inner_size();
        let mut config = surface
            .get_default_config(&adapter, size.width.max(1), size.height.max(1))
            .ok_or_else(|| anyhow!("the window surface is not supported by the GPU adapter"))?;
        // egui blends in gamma space and wants a non-sRGB target; the MMD renderer handles
        // either kind.
        let formats = surface.get_capabilities(&adapter).formats;
        if let Some(&linear) = formats.iter().find(|f| !f.is_srgb()) {
            config.format = linear;
        }
        config.present_mode = wgpu::PresentMode::AutoVsync;
        surface.configure(&device, &config);
        let renderer = Renderer::new(&device, &queue, config.format);
        let egui_renderer = egui_wgpu::Renderer::new(
            &device,
            config.format,
            egui_wgpu::RendererOptions::default(),
        );
        Ok(Gpu {
            surface,
            device,
            queue,
            errors,
            config,
            renderer,
            egui_renderer,
            view_texture: None,
            view_texture_id: None,
            uploads: Uploads::default(),
        })
    }

    pub fn max_texture_side(&self) -> usize {
        self.device.limits().max_texture_dimension_2d as usize
    }

    pub fn size(&self) -> (u32, u32) {
        (self.config.width, self.config.height)
    }

    pub fn resize(&mut self, width: u32, height: u32) {
        if width > 0 && height > 0 {
            self.config.width = width;
            self.config.height = height;
            self.surface.configure(&self.device, &self.config);
        }
    }

    /// Brings the uploads in line with `scene`: models and accessories no longer on stage
    /// are dropped, new ones uploaded. What each upload met is returned: texture problems
    /// (never fatal), or a model the GPU cannot hold, which is then not drawn.
    pub fn sync_models(&mut self, scene: &Scene) -> Vec<Upload> {
        self.uploads
            .retain(|id| scene_meshes(scene).any(|m| m.id == id));
        let mut uploads = Vec::new();
        for mesh in scene_meshes(scene) {
            if self.uploads.contains(mesh.id) {
                continue;
            }
            let result = mesh.upload(&self.device, &self.queue, &self.renderer).map(
                |(gpu_model, warnings)| {
                    self.uploads.insert(mesh.id, gpu_model);
                    warnings
                },
            );
            uploads.push(Upload {
                label: mesh.label.to_owned(),
                file: mesh.file.display().to_string(),
                textures: mesh.textures.clone(),
                result,
            });
        }
        uploads
    }

    /// Makes sure the view texture has `size` and egui knows it.
    fn prepare_view_texture(&mut self, size: (u32, u32)) {
        let size = (size.0.max(1), size.1.max(1));
        if self.view_texture.as_ref().is_some_and(|t| t.size == size) {
            return;
        }
        let texture = self.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("3D view"),
            size: wgpu::Extent3d {
                width: size.0,
                height: size.1,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: self.config.format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let filter = wgpu::FilterMode::Nearest;
        match self.view_texture_id {
            Some(id) => self.egui_renderer.update_egui_texture_from_wgpu_texture(
                &self.device,
                &view,
                filter,
                id,
            ),
            None => {
                self.view_texture_id = Some(self.egui_renderer.register_native_texture(
                    &self.device,
                    &view,
                    filter,
                ));
            }
        }
        self.view_texture = Some(ViewTexture {
            size,
            targets: FrameTargets::new(&self.renderer, &self.device, size.0, size.1),
            view,
        });
    }

    /// Ensures the view texture exists before the UI refers to it.
    pub fn view_texture_for(&mut self, size: (u32, u32)) -> Option<egui::TextureId> {
        self.prepare_view_texture(size);
        self.view_texture_id
    }

    /// Uploads the UI's new and changed textures (font atlas, images), emptying `delta`'s
    /// updates; call before drawing the frame that uses them.
    pub fn upload_ui_textures(&mut self, delta: &mut egui::TexturesDelta) {
        for (id, deltas) in delta.set.drain() {
            for d in deltas {
                self.egui_renderer
                    .update_texture(&self.device, &self.queue, id, &d);
            }
        }
    }

    /// Releases the UI textures egui no longer needs; call after drawing the frame.
    pub fn free_ui_textures(&mut self, delta: &mut egui::TexturesDelta) {
        for id in delta.free.drain() {
            self.egui_renderer.free_texture(&id);
        }
    }

    /// Records the 3D view and the UI into `output` (a texture of the surface's format and
    /// size).
    fn encode<'a>(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        output: &wgpu::TextureView,
        frame: &FrameInput<'_, impl Iterator<Item = DrawItem<'a>> + Clone>,
    ) {
        self.prepare_view_texture(frame.view_size);
        if let Some(target) = self.view_texture.as_ref() {
            let drawn = self.uploads.prepare(&self.queue, frame.drawn.clone());
            self.renderer.render(
                &self.queue,
                encoder,
                &target.targets,
                &target.view,
                &drawn,
                &frame.view,
            );
        }
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [self.config.width, self.config.height],
            pixels_per_point: frame.pixels_per_point,
        };
        let extra = self.egui_renderer.update_buffers(
            &self.device,
            &self.queue,
            encoder,
            frame.paint_jobs,
            &screen,
        );
        if !extra.is_empty() {
            self.queue.submit(extra);
        }
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("egui"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: output,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        // egui's renderer wants a 'static pass; nothing touches the encoder until it drops.
        self.egui_renderer
            .render(&mut pass.forget_lifetime(), frame.paint_jobs, &screen);
    }

    /// Draws a frame to the window.
    pub fn draw<'a>(
        &mut self,
        frame: &FrameInput<'_, impl Iterator<Item = DrawItem<'a>> + Clone>,
    ) -> Result<()> {
        let surface_texture = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(t)
            | wgpu::CurrentSurfaceTexture::Suboptimal(t) => t,
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                self.surface.configure(&self.device, &self.config);
                return Ok(());
            }
            _ => return Ok(()),
        };
        let output = surface_texture
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut encoder = self.device.create_command_encoder(&Default::default());
        self.encode(&mut encoder, &output, frame);
        self.queue.submit([encoder.finish()]);
        self.queue.present(surface_texture);
        Ok(())
    }

    /// Draws a frame, UI included, into an image of the window's size.
    pub fn capture<'a>(
        &mut self,
        frame: &FrameInput<'_, impl Iterator<Item = DrawItem<'a>> + Clone>,
    ) -> Result<image::RgbaImage> {
        let (width, height) = self.size();
        let target = ReadbackTarget::new(
            &self.device,
            self.config.format,
            width,
            height,
            "screenshot",
        );
        let mut encoder = self.device.create_command_encoder(&Default::default());
        self.encode(&mut encoder, target.view(), frame);
        target.encode_copy(&mut encoder);
        self.queue.submit([encoder.finish()]);
        let mut pixels = target
            .read_rows(&self.device)
            .context("screenshot readback")?;
        let bgra = matches!(
            self.config.format,
            wgpu::TextureFormat::Bgra8Unorm | wgpu::TextureFormat::Bgra8UnormSrgb
        );
        for px in pixels.chunks_exact_mut(4) {
            if bgra {
                px.swap(0, 2);
            }
            // The window is opaque; store it so.
            px[3] = 255;
        }
        image::RgbaImage::from_raw(width, height, pixels)
            .ok_or_else(|| anyhow!("screenshot: short image"))
    }
}
