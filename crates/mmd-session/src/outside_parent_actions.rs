//! Outside parents (外部親) set in the window: a bone of the selected model hung from a bone
//! of another model, from the first frame on, or given back to its own parent. Keyed outside
//! parents (from a `.pmm` or a project) are shown as they are and replaced when set here.

use mmd_scene::engine::PhysicsChange;
use mmd_scene::stage::outside_parent::{OutsideParent, OutsideTarget};

use super::Player;

impl Player {
    /// Hangs bone `bone` of the selected model from `parent` (a model by its place in the
    /// scene, and its bone), or (`None`) gives it back to its own parent. A parent that is
    /// the model itself or not in the scene is ignored.
    pub(super) fn set_outside_parent(&mut self, bone: usize, parent: Option<(usize, usize)>) {
        let Some(index) = self.selected else {
            return;
        };
        let target = match parent {
            None => None,
            Some((model, parent_bone)) => {
                let Some(holder) = self.scene.actors.get(model) else {
                    return;
                };
                if model == index || parent_bone >= holder.model.rig.bone_count() {
                    return;
                }
                Some(OutsideTarget {
                    actor: holder.id,
                    bone: parent_bone,
                })
            }
        };
        let actor = &mut self.scene.actors[index];
        if bone >= actor.model.rig.bone_count() {
            return;
        }
        let before = actor.outside_parents.clone();
        actor.outside_parents.retain(|p| p.bone != bone);
        if let Some(target) = target {
            actor
                .outside_parents
                .push(OutsideParent::constant(bone, target));
            actor.outside_parents.sort_by_key(|p| p.bone);
        }
        if actor.outside_parents != before {
            self.physics_changed(PhysicsChange::Overrides, Some(index));
        }
    }
}
