//! Where a scene's accessories are drawn, frame after frame, without working out again what
//! has not changed since the last frame: an accessory's own matrix (the sines and cosines of
//! its rotation) until its position, rotation or Si change, and its parent bone, found by
//! name in its model, until its parent changes. What a frame still reads is its settings and
//! the parent bone's matrix in the pose: placing twenty props costs about 5 µs less a frame
//! on lavapipe, whose threads empty the caches between frames (`docs/speed.md`).

use glam::{Mat4, Vec3};
use mmd_pose::Pose;

use crate::stage::accessory::{AccessoryParent, AccessorySettings, parent_bone_matrix};
use crate::stage::actor::Actor;

/// What [`AccessoryPlacements`] keeps of one accessory.
#[derive(Debug, Clone)]
struct Kept {
    /// The accessory's id ([`crate::stage::accessory::Accessory::id`]), so that an accessory put in another's place
    /// (removed, reordered) is worked out afresh.
    id: u64,
    /// The position, rotation and Si `local` was worked out from.
    position: Vec3,
    rotation: Vec3,
    scale: f32,
    /// [`AccessorySettings::local_matrix`].
    local: Mat4,
    /// The parent `bone` was found for.
    parent: Option<AccessoryParent>,
    /// Where the parent was found: its actor's place among the actors, and the bone's index
    /// in that actor's rig.
    bone: Option<(usize, usize)>,
}

impl Kept {
    fn new(id: u64, s: &AccessorySettings) -> Kept {
        Kept {
            id,
            position: s.position,
            rotation: s.rotation,
            scale: s.scale,
            local: s.local_matrix(),
            parent: None,
            bone: None,
        }
    }

    /// Whether `local` was worked out from these settings.
    fn local_of(&self, settings: &AccessorySettings) -> bool {
        (self.position, self.rotation, self.scale)
            == (settings.position, settings.rotation, settings.scale)
    }

    /// Works `local` out again from `settings`, keeping the parent found (an accessory its
    /// keys move changes place every frame, its parent seldom).
    fn set_local(&mut self, s: &AccessorySettings) {
        (self.position, self.rotation, self.scale) = (s.position, s.rotation, s.scale);
        self.local = s.local_matrix();
    }

    /// The actor and bone `parent` names among `actors`, as kept if it still names them (the
    /// same parent, its actor still in the same place), found afresh otherwise.
    fn bone(&mut self, parent: &AccessoryParent, actors: &[Actor]) -> Option<(usize, usize)> {
        let still = self.parent.as_ref() == Some(parent)
            && self
                .bone
                .is_none_or(|(actor, _)| actors.get(actor).is_some_and(|a| a.id == parent.actor));
        if !still {
            // Into the name's memory, where there is one.
            match &mut self.parent {
                Some(kept) => kept.clone_from(parent),
                None => self.parent = Some(parent.clone()),
            }
            self.bone = parent.find(actors);
        }
        self.bone
    }
}

/// The accessories' world matrices, each as [`AccessorySettings::world_matrix`] gives it, with what
/// did not change since the last frame kept (see the module's notes). One is kept per scene
/// drawn, by whatever draws it frame after frame.
#[derive(Debug, Clone, Default)]
pub struct AccessoryPlacements {
    /// By the accessory's place among the scene's.
    kept: Vec<Kept>,
}

impl AccessoryPlacements {
    /// Where the accessory of id `id`, the `index`th of its scene, is drawn with `settings`
    /// (its settings at the frame): [`AccessorySettings::world_matrix`].
    pub fn world_matrix<'p>(
        &mut self,
        index: usize,
        id: u64,
        settings: &AccessorySettings,
        actors: &[Actor],
        pose_of: impl Fn(usize) -> Option<&'p Pose>,
    ) -> Mat4 {
        if self.kept.len() <= index {
            self.kept.resize_with(index + 1, || Kept::new(id, settings));
        }
        let kept = &mut self.kept[index];
        if kept.id != id {
            *kept = Kept::new(id, settings);
        } else if !kept.local_of(settings) {
            kept.set_local(settings);
        }
        let parent = settings
            .parent
            .as_ref()
            .and_then(|parent| kept.bone(parent, actors))
            .and_then(|(actor, bone)| parent_bone_matrix(actors, actor, bone, pose_of))
            .unwrap_or(Mat4::IDENTITY);
        parent * kept.local
    }
}
