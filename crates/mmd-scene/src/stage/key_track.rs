//! What the scene's own interpolated key tracks (accessory keys, gravity keys) share: one key
//! per frame, sorted, and the two keys around a frame with the weight between them.

/// A key at a frame.
pub(crate) trait Keyed {
    fn frame(&self) -> u32;
}

/// Sorts `keys` by frame and keeps one key per frame: the last given for it, as MMD reads a
/// frame keyed twice.
pub(crate) fn one_per_frame<K: Keyed>(keys: &mut Vec<K>) {
    keys.sort_by_key(K::frame);
    keys.reverse();
    keys.dedup_by_key(|k| k.frame());
    keys.reverse();
}

/// The keys of `keys` (sorted, one per frame) around `frame`, and how far `frame` lies from
/// the first towards the second (0..=1). Before the first key and after the last, that key
/// twice; `None` without keys.
pub(crate) fn around<K: Keyed>(keys: &[K], frame: f32) -> Option<(&K, &K, f32)> {
    let after = keys.partition_point(|k| k.frame() as f32 <= frame);
    let (from, to) = match (after.checked_sub(1), keys.get(after)) {
        (Some(before), Some(next)) => (&keys[before], next),
        (Some(before), None) => (&keys[before], &keys[before]),
        (None, _) => (keys.first()?, keys.first()?),
    };
    Some((from, to, blend_weight(from.frame(), to.frame(), frame)))
}

/// How far `frame` is from key frame `from` towards key frame `to`, 0..=1.
fn blend_weight(from: u32, to: u32, frame: f32) -> f32 {
    if to <= from {
        return 0.0;
    }
    ((frame - from as f32) / (to - from) as f32).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Key(u32, &'static str);

    impl Keyed for Key {
        fn frame(&self) -> u32 {
            self.0
        }
    }

    #[test]
    fn a_frame_keyed_twice_keeps_the_last_key_given() {
        let mut keys = vec![Key(5, "a"), Key(1, "b"), Key(5, "c")];
        one_per_frame(&mut keys);
        assert_eq!(keys, [Key(1, "b"), Key(5, "c")]);
    }

    #[test]
    fn the_keys_around_a_frame_hold_before_the_first_and_after_the_last() {
        let keys = [Key(10, "a"), Key(20, "b")];
        assert_eq!(around(&keys, 15.0), Some((&keys[0], &keys[1], 0.5)));
        assert_eq!(around(&keys, 0.0), Some((&keys[0], &keys[0], 0.0)));
        assert_eq!(around(&keys, 99.0), Some((&keys[1], &keys[1], 0.0)));
        assert_eq!(around::<Key>(&[], 3.0), None);
    }
}
