//! The camera following a bone (MMD's camera panel, ボーン追従, keyed with the camera): from a
//! key on, the camera's look-at point is taken relative to a model's bone, so the camera
//! moves with the bone while its angle and distance stay as keyed. Which bone steps at each
//! key (as outside parents do); only the bone's position is followed, as nanoem plays a
//! `.pmm`'s camera.

use glam::Vec3;
use mmd_pose::Pose;

use crate::stage::actor::Actor;
use crate::stage::outside_parent::{OutsideParentKey, OutsideTarget, target_at};

/// The camera's follow keys, sorted by frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CameraFollow {
    pub keys: Vec<OutsideParentKey>,
}

impl CameraFollow {
    /// The follow of `keys` (sorted here), or `None` when no key follows anything.
    pub fn new(mut keys: Vec<OutsideParentKey>) -> Option<CameraFollow> {
        keys.sort_by_key(|k| k.frame);
        keys.iter()
            .any(|k| k.target.is_some())
            .then_some(CameraFollow { keys })
    }

    /// The bone followed at `frame`, if any.
    pub fn at(&self, frame: f32) -> Option<OutsideTarget> {
        target_at(&self.keys, frame)
    }

    /// Where the bone followed at `frame` is in the world (after physics), in `actors` posed
    /// as `pose_of` gives; `None` when nothing is followed or the bone is not there.
    pub fn point<'p>(
        &self,
        frame: f32,
        actors: &[Actor],
        pose_of: impl Fn(usize) -> Option<&'p Pose>,
    ) -> Option<Vec3> {
        let target = self.at(frame)?;
        let index = actors.iter().position(|a| a.id == target.actor)?;
        let global = pose_of(index)?.globals.get(target.bone).copied()?;
        Some((actors[index].placement() * global).w_axis.truncate())
    }
}
