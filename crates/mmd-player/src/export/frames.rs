//! Frames rendered offscreen and written out as PNG files and/or a video, for the `render`
//! subcommand and the window's File → Export: one code path, so that both give the same
//! pixels for the same scene, frames and size.

use std::path::{Path, PathBuf};

use image::RgbaImage;
use mmd_pose::Pose;
use mmd_render::{GpuContext, OFFSCREEN_FORMAT, Offscreen, RenderError, Renderer, TextureWarning};
use mmd_scene::engine::frame::SceneFrame;
use mmd_scene::stage::scene::Scene;

use super::ffmpeg::{AudioInput, VideoEncoder, VideoError};
use crate::draw_list::{Uploads, draw_items, frame_view, scene_meshes};
use mmd_session::view_options::ViewOptions;

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    Video(#[from] VideoError),
    #[error("{}: cannot create the folder: {source}", path.display())]
    Folder {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot write: {source}", path.display())]
    Png {
        path: PathBuf,
        source: image::ImageError,
    },
}

/// The PNG name of a frame: integers as `frame_00015.png`; a fraction is kept after the
/// integer part (`frame_00015.5.png`), so distinct frames never share a file.
pub fn frame_file_name(frame: f32) -> String {
    let whole = frame.trunc();
    let integer = format!("{:05}", whole as i64);
    let integer = if frame < 0.0 && whole == 0.0 {
        format!("-{integer}")
    } else {
        integer
    };
    let fraction = frame.to_string();
    match fraction.split_once('.') {
        Some((_, digits)) => format!("frame_{integer}.{digits}.png"),
        None => format!("frame_{integer}.png"),
    }
}

/// A scene's models and accessories on a GPU of their own, drawn offscreen at a fixed size.
pub struct FrameRenderer {
    ctx: GpuContext,
    renderer: Renderer,
    /// The shown models' and accessories' uploads.
    uploads: Uploads,
    offscreen: Offscreen,
}

impl FrameRenderer {
    /// Opens a headless GPU and uploads the shown models and accessories of `scene`, for
    /// `width`×`height` frames; the textures that could not be read come back as warnings,
    /// each with its model's or accessory's label.
    pub fn new(
        scene: &Scene,
        width: u32,
        height: u32,
    ) -> Result<(FrameRenderer, Vec<(String, TextureWarning)>), RenderError> {
        let ctx = GpuContext::headless()?;
        let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
        let mut warnings = Vec::new();
        let mut uploads = Uploads::default();
        for mesh in scene_meshes(scene).filter(|m| m.shown) {
            let (gpu_model, mesh_warnings) = mesh.upload(&ctx.device, &ctx.queue, &renderer)?;
            warnings.extend(
                mesh_warnings
                    .into_iter()
                    .map(|w| (mesh.label.to_owned(), w)),
            );
            uploads.insert(mesh.id, gpu_model);
        }
        gpu_errors(&ctx)?;
        let offscreen = Offscreen::new(&ctx.device, &renderer, width, height)?;
        let frames = FrameRenderer {
            ctx,
            renderer,
            uploads,
            offscreen,
        };
        Ok((frames, warnings))
    }

    /// Draws `frame` of `scene` (the one this renderer was made for) with the View menu's
    /// switches `options`: what the frame draws, in its order, each actor in the pose
    /// `pose_of` gives it.
    pub fn render<'p>(
        &mut self,
        scene: &'p Scene,
        frame: &'p SceneFrame,
        pose_of: impl Fn(usize) -> Option<&'p Pose> + Copy + 'p,
        options: &ViewOptions,
    ) -> Result<RgbaImage, RenderError> {
        let drawn = self
            .uploads
            .prepare(&self.ctx.queue, draw_items(scene, frame, pose_of));
        let view = frame_view(frame, options);
        let image = self.offscreen.render(
            &self.ctx.device,
            &self.ctx.queue,
            &self.renderer,
            &drawn,
            &view,
        )?;
        gpu_errors(&self.ctx)?;
        Ok(image)
    }
}

/// The first error the device reported since the last look, as the render's error: a frame
/// drawn through a refused call is not the frame asked for.
fn gpu_errors(ctx: &GpuContext) -> Result<(), RenderError> {
    match ctx.errors.take().into_iter().next() {
        Some(error) => Err(RenderError::Gpu(error)),
        None => Ok(()),
    }
}

/// Where exported frames go: a folder of PNG files, a video, or both.
pub struct FrameSink {
    png_folder: Option<PathBuf>,
    video: Option<VideoEncoder>,
}

impl FrameSink {
    /// Creates `png_folder` and starts encoding `video` (`width`×`height` at `fps`, with
    /// `audio` when given).
    pub fn new(
        png_folder: Option<&Path>,
        video: Option<&Path>,
        (width, height, fps): (u32, u32, u32),
        audio: Option<&AudioInput>,
    ) -> Result<FrameSink, ExportError> {
        // The encoder first: a missing ffmpeg is said before anything is written.
        let video = video
            .map(|path| VideoEncoder::start(path, (width, height), fps, audio))
            .transpose()?;
        if let Some(path) = png_folder {
            std::fs::create_dir_all(path).map_err(|source| ExportError::Folder {
                path: path.to_path_buf(),
                source,
            })?;
        }
        Ok(FrameSink {
            png_folder: png_folder.map(Path::to_path_buf),
            video,
        })
    }

    /// Writes the image of `frame`.
    pub fn write(&mut self, frame: f32, image: &RgbaImage) -> Result<(), ExportError> {
        if let Some(folder) = &self.png_folder {
            let path = folder.join(frame_file_name(frame));
            image
                .save(&path)
                .map_err(|source| ExportError::Png { path, source })?;
        }
        if let Some(video) = &mut self.video {
            video.push(image)?;
        }
        Ok(())
    }

    /// Closes the video, if any.
    pub fn finish(self) -> Result<(), ExportError> {
        if let Some(video) = self.video {
            video.finish()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_names_are_distinct_and_sorted_by_integer_part() {
        assert_eq!(frame_file_name(15.0), "frame_00015.png");
        assert_eq!(frame_file_name(15.5), "frame_00015.5.png");
        assert_eq!(frame_file_name(15.25), "frame_00015.25.png");
        assert_eq!(frame_file_name(0.0), "frame_00000.png");
        assert_eq!(frame_file_name(-0.5), "frame_-00000.5.png");
        assert_ne!(frame_file_name(-0.5), frame_file_name(0.5));
        assert_eq!(frame_file_name(123456.0), "frame_123456.png");
    }
}
