//! Rendering a scene to files without a window: frames posed by the scene engine and drawn
//! offscreen ([`frames`]), written as PNG files or piped to ffmpeg ([`ffmpeg`]), and File →
//! Export's job on a thread of its own ([`job`]).

pub mod ffmpeg;
pub mod frames;
pub mod job;
