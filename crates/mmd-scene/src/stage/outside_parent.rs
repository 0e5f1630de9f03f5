//! Outside parents (外部親) as the scene keeps them: per bone of an actor, keys saying from
//! which frame on the bone hangs from a bone of another actor (or from its own parent again).
//! MMD keys them in its model keys; a `.pmm` and our projects carry them. The engine poses the
//! other actor first and hands its bone's matrix to the pose (`mmd_pose::Pose::
//! set_outside_parents`).

/// The bone another actor's bone hangs from: an actor by its id, and one of its bones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutsideTarget {
    pub actor: u64,
    pub bone: usize,
}

/// From `frame` on, the bone hangs from `target` (`None`: its own parent again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutsideParentKey {
    pub frame: u32,
    pub target: Option<OutsideTarget>,
}

/// One bone's outside parent keys, sorted by frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutsideParent {
    pub bone: usize,
    pub keys: Vec<OutsideParentKey>,
}

impl OutsideParent {
    /// The bone `bone` hanging from `target` from frame 0 on.
    pub fn constant(bone: usize, target: OutsideTarget) -> OutsideParent {
        OutsideParent {
            bone,
            keys: vec![OutsideParentKey {
                frame: 0,
                target: Some(target),
            }],
        }
    }

    /// The target at `frame`: the last key at or before it (MMD steps, never blends, between
    /// parents); none before the first key.
    pub fn at(&self, frame: f32) -> Option<OutsideTarget> {
        target_at(&self.keys, frame)
    }
}

/// The target `keys` (sorted by frame) give at `frame`: the last key's at or before it; none
/// before the first key.
pub(crate) fn target_at(keys: &[OutsideParentKey], frame: f32) -> Option<OutsideTarget> {
    let after = keys.partition_point(|k| k.frame as f32 <= frame);
    keys.get(after.checked_sub(1)?)?.target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_key_at_or_before_the_frame_holds() {
        let hand = OutsideTarget { actor: 7, bone: 3 };
        let track = OutsideParent {
            bone: 0,
            keys: vec![
                OutsideParentKey {
                    frame: 10,
                    target: Some(hand),
                },
                OutsideParentKey {
                    frame: 20,
                    target: None,
                },
            ],
        };
        assert_eq!(track.at(0.0), None, "before the first key");
        assert_eq!(track.at(10.0), Some(hand));
        assert_eq!(track.at(19.5), Some(hand));
        assert_eq!(track.at(20.0), None);
    }
}
