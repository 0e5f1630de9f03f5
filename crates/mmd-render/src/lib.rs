//! wgpu renderer for MMD models: GPU skinning (BDEF1/2/4, SDEF, QDEF) with vertex and UV
//! morphs, MMD's toon shading with sphere maps, edges and ground shadow, material morphs,
//! textures from any source, and offscreen rendering to images.
//!
//! Typical use: open a [`GpuContext`] (or bring the window's device), build a [`Renderer`]
//! for the output format, upload a model with [`ModelGpu::new`], then each frame call
//! [`ModelGpu::update`] with the pose and [`Renderer::render`] (or [`Offscreen::render`]).
//! Everything is in MMD's left-handed, Y-up model space.

mod accessory_draws;
mod context;
mod dds_masks;
mod dds_texture;
mod device_errors;
mod error;
mod material;
mod model;
mod morph;
mod offscreen;
mod pipelines;
mod png_stream;
mod renderer;
mod shadow_map;
mod skinning;
mod texture;
mod texture_source;

pub use context::{GpuContext, optional_features};
pub use device_errors::{DeviceError, DeviceErrors};
pub use error::RenderError;
// The camera, light and self-shadow a View holds are the pose crate's, named here for callers.
pub use mmd_pose::{Aabb, Camera, Light, SelfShadow, SelfShadowMode};
pub use model::{AccessoryLook, ModelGpu, SkinnedVertex};
pub use offscreen::{OFFSCREEN_FORMAT, Offscreen, ReadbackTarget, read_buffer};
pub use renderer::{DEPTH_FORMAT, FrameTargets, Renderer, SAMPLE_COUNT, View};
pub use shadow_map::{SHADOW_MAP_SIZE, light_view_projection};
pub use texture::TextureWarning;
pub use texture_source::{DirTextureSource, MemoryTextureSource, TextureSource};
