//! What the panels keep per actor, beside the scene's part and the engine's: the model's bone
//! hierarchy, the bone selected in it, and the model's extent for framing.

use mmd_pose::{Aabb, Rig};
use mmd_scene::stage::actor::Actor;

/// One actor's panel state.
pub(super) struct ActorPanel {
    /// The model's bone hierarchy, built once per model.
    pub bone_tree: BoneTree,
    pub selected_bone: Option<usize>,
    /// The model's extent over the scene's frames, in its own space (see
    /// [`mmd_scene::stage::bounds`]): measured when models or motions change, so moving the model
    /// costs nothing.
    pub bounds: Option<Aabb>,
}

impl ActorPanel {
    /// A new actor's: its centre bone selected.
    pub fn new(actor: &Actor) -> ActorPanel {
        let rig = &actor.model.rig;
        ActorPanel {
            bone_tree: BoneTree::new(rig),
            selected_bone: rig.bone_index("センター"),
            bounds: None,
        }
    }
}

/// The bone hierarchy as the bone panel walks it, in bone order.
pub struct BoneTree {
    pub roots: Vec<usize>,
    /// Each bone's children.
    pub children: Vec<Vec<usize>>,
}

impl BoneTree {
    /// A bone whose parent is missing, out of range or itself is a root.
    fn new(rig: &Rig) -> BoneTree {
        let mut roots = Vec::new();
        let mut children = vec![Vec::new(); rig.bone_count()];
        for bone in 0..rig.bone_count() {
            match rig.bone_parent(bone) {
                Some(parent) if parent < children.len() && parent != bone => {
                    children[parent].push(bone)
                }
                _ => roots.push(bone),
            }
        }
        BoneTree { roots, children }
    }
}

/// `rig`'s bones whose name contains `query` (any case), with every ancestor of a match kept
/// so the tree stays connected; in bone order.
pub(super) fn bones_matching(rig: &Rig, query: &str) -> Vec<bool> {
    let query = query.trim().to_lowercase();
    let mut keep = vec![query.is_empty(); rig.bone_count()];
    if query.is_empty() {
        return keep;
    }
    for bone in 0..rig.bone_count() {
        if rig.bone_name(bone).to_lowercase().contains(&query) {
            let mut at = Some(bone);
            let mut guard = 0;
            while let Some(b) = at {
                if keep[b] || guard > rig.bone_count() {
                    break;
                }
                keep[b] = true;
                at = rig.bone_parent(b);
                guard += 1;
            }
        }
    }
    keep
}
