//! File → Export as the session keeps it: what the user asked for, the scene handed to the
//! host's exporter, and how far it came. The host renders and encodes ([`crate::host::Exporter`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mmd_physics::SubstepRate;
use mmd_scene::engine::frame::FrameChoices;
use mmd_scene::engine::{PhysicsBake, PhysicsMode};
use mmd_scene::stage::scene::Scene;

use crate::message::Message;
use crate::view_options::ViewOptions;

/// The most frames one export may hold: an hour at 60 fps.
pub const MAX_EXPORT_FRAMES: u32 = 216_000;

/// Where the frames go.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportTarget {
    /// One video file, .mp4 or .webm.
    Video(PathBuf),
    /// A folder of PNG files named as `render` names them.
    Frames(PathBuf),
}

impl ExportTarget {
    pub fn path(&self) -> &Path {
        match self {
            ExportTarget::Video(path) | ExportTarget::Frames(path) => path,
        }
    }
}

/// What the user asked to export: timeline frames `first..=last` at `fps` (30: MMD's frames;
/// 60: the half frames between them too), `width`×`height` pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportRequest {
    pub target: ExportTarget,
    pub first: u32,
    pub last: u32,
    pub fps: u32,
    pub width: u32,
    pub height: u32,
}

impl ExportRequest {
    /// The timeline frames exported, in order; empty when the request is not one that can
    /// be carried out (see [`ExportRequest::fault`]).
    pub fn frames(&self) -> Vec<f32> {
        if self.fault().is_some() {
            return Vec::new();
        }
        let per_frame = self.fps / 30;
        let count = (self.last - self.first) * per_frame + 1;
        (0..count)
            .map(|i| self.first as f32 + i as f32 / per_frame as f32)
            .collect()
    }

    /// Why no export could carry the request out, whatever writes it; `None` when one can.
    pub fn fault(&self) -> Option<Message> {
        if self.fps != 30 && self.fps != 60 {
            return Some(Message::ExportRate { fps: self.fps });
        }
        if self.last < self.first {
            return Some(Message::ExportOrder {
                last: self.last,
                first: self.first,
            });
        }
        let count = u64::from(self.last - self.first) * u64::from(self.fps / 30) + 1;
        if count > u64::from(MAX_EXPORT_FRAMES) {
            return Some(Message::ExportTooMany {
                count,
                most: MAX_EXPORT_FRAMES,
            });
        }
        if self.width == 0 || self.height == 0 {
            return Some(Message::ExportEmptySize);
        }
        if self.target.path().as_os_str().is_empty() {
            return Some(Message::ExportNoPath);
        }
        None
    }
}

/// The scene as the user sees it when the export begins.
pub struct ExportScene {
    /// The models (hidden ones are not drawn) with their overrides and pins.
    pub scene: Scene,
    /// The camera, light and self-shadow as the view draws them (the free camera as the
    /// user left it, or the scene's camera motion; a light set by hand).
    pub choices: FrameChoices,
    /// The View menu's switches (edges, ground shadow).
    pub view: ViewOptions,
    /// The timeline frame at which the scene's music starts.
    pub music_offset: f32,
    /// The player's physics mode and rate: live physics is simulated from the first frame's
    /// pose; baked uses the player's bakes, making those it lacks first.
    pub physics: (PhysicsMode, SubstepRate),
    /// The player's bakes, in scene order (`None` where a model has none yet).
    pub bakes: Vec<Option<Arc<PhysicsBake>>>,
}

/// How far an export has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportProgress {
    /// Opening the GPU and uploading the model.
    Preparing,
    /// Simulating the physics bake the frames need, `done` of `total` frames.
    Simulating { done: u32, total: u32 },
    /// `done` of `total` frames written.
    Rendering { done: u32, total: u32 },
}

/// How an export ended.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportOutcome {
    Done(ExportDone),
    /// The user stopped it.
    Cancelled,
    /// Why it failed, in words.
    Failed(String),
}

/// A finished export.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportDone {
    pub target: ExportTarget,
    pub frames: u32,
    /// Textures that could not be read, which drew as stand-ins.
    pub warnings: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(first: u32, last: u32, fps: u32) -> ExportRequest {
        ExportRequest {
            target: ExportTarget::Frames(PathBuf::from("frames")),
            first,
            last,
            fps,
            width: 64,
            height: 36,
        }
    }

    #[test]
    fn sixty_fps_adds_the_half_frames_between_mmd_frames() {
        assert_eq!(request(10, 12, 30).frames(), [10.0, 11.0, 12.0]);
        assert_eq!(request(10, 11, 60).frames(), [10.0, 10.5, 11.0]);
    }

    #[test]
    fn a_request_no_export_can_carry_out_has_no_frames() {
        for (bad, fault) in [
            (request(0, 10, 24), Message::ExportRate { fps: 24 }),
            (
                request(5, 4, 30),
                Message::ExportOrder { last: 4, first: 5 },
            ),
            (
                request(0, MAX_EXPORT_FRAMES, 30),
                Message::ExportTooMany {
                    count: u64::from(MAX_EXPORT_FRAMES) + 1,
                    most: MAX_EXPORT_FRAMES,
                },
            ),
        ] {
            assert_eq!(bad.fault(), Some(fault));
            assert!(bad.frames().is_empty());
        }
        let empty = ExportRequest {
            width: 0,
            ..request(0, 1, 30)
        };
        assert_eq!(empty.fault(), Some(Message::ExportEmptySize));
    }
}
