//! Keys as a project keeps them: per track an initial key, then one table of further keys that
//! the tracks reach through `next` indices. [`link`] follows the links into plain per-track key
//! lists sorted by frame. A broken link (an index no key has, a key reached twice) ends its
//! track, a key no track reaches is left out, a negative frame drops its key: each with a
//! warning. Every step takes a key not taken before, so a hostile file cannot make it loop.

use crate::warning::Warnings;

/// A key as read, before linking.
pub(super) struct Linked<K> {
    /// Its index as written (an initial key's is its track number).
    pub index: i32,
    pub frame: i32,
    pub previous: i32,
    pub next: i32,
    /// Byte offset of the key in the file.
    pub offset: usize,
    pub key: K,
}

/// A key table as read: one initial key per track, in track order, then the indexed keys.
pub(super) struct KeyTable<K> {
    pub initial: Vec<Linked<K>>,
    pub indexed: Vec<Linked<K>>,
}

/// A key type's frame number, filled in once the key's links are followed.
pub(super) trait Framed {
    fn frame(&self) -> u32;
    fn set_frame(&mut self, frame: u32);
}

/// The table's keys as per-track lists sorted by frame. For warnings, `keys` names the table
/// ("model \"ミク\": bone keys") and `track` a track ("model \"ミク\": bone \"センター\"").
pub(super) fn link<K: Framed>(
    KeyTable { initial, indexed }: KeyTable<K>,
    keys: &str,
    track: &dyn Fn(usize) -> String,
    warnings: &mut Warnings,
) -> Vec<Vec<K>> {
    let track_count = initial.len();
    let mut table: Vec<Option<Linked<K>>> = indexed.into_iter().map(Some).collect();
    let positions = index_positions(&mut table, track_count, keys, warnings);
    let mut tracks = Vec::with_capacity(track_count);
    for (t, first) in initial.into_iter().enumerate() {
        let first_offset = first.offset;
        let mut keys = Vec::new();
        let mut previous = first.index;
        let mut next = first.next;
        let mut linking_offset = first.offset;
        push_framed(&mut keys, first, track, t, warnings);
        while next != 0 {
            let Some(key) = positions
                .binary_search_by_key(&next, |&(index, _)| index)
                .ok()
                .and_then(|found| table[positions[found].1].take())
            else {
                warnings.push(linking_offset, || {
                    format!(
                        "{}: the key after index {previous} is index {next}, which is \
                         missing or already in a track; the track ends there",
                        track(t)
                    )
                });
                break;
            };
            if key.previous != previous {
                warnings.push(key.offset, || {
                    format!(
                        "{}: key index {next} says it follows index {}, but index {previous} \
                         leads to it",
                        track(t),
                        key.previous
                    )
                });
            }
            previous = key.index;
            next = key.next;
            linking_offset = key.offset;
            push_framed(&mut keys, key, track, t, warnings);
        }
        sort_by_frame(&mut keys, first_offset, track, t, warnings);
        tracks.push(keys);
    }
    for key in table.into_iter().flatten() {
        warnings.push(key.offset, || {
            format!(
                "{keys}: key index {} at frame {}: no track links to it; left out",
                key.index, key.frame
            )
        });
    }
    tracks
}

/// (index, position in `table`) of every indexed key, sorted by index. A key whose index is
/// negative, among the initial keys' (`0..track_count`) or taken by an earlier key is removed
/// from `table` with a warning.
fn index_positions<K>(
    table: &mut [Option<Linked<K>>],
    track_count: usize,
    keys: &str,
    warnings: &mut Warnings,
) -> Vec<(i32, usize)> {
    let mut positions: Vec<(i32, usize)> = table
        .iter()
        .enumerate()
        .filter_map(|(position, key)| key.as_ref().map(|k| (k.index, position)))
        .collect();
    positions.sort_unstable();
    let mut kept = Vec::with_capacity(positions.len());
    for &(index, position) in &positions {
        let reserved = usize::try_from(index).map_or(true, |i| i < track_count);
        let taken = kept.last().is_some_and(|&(last, _)| last == index);
        if reserved || taken {
            if let Some(key) = table[position].take() {
                warnings.push(key.offset, || {
                    let why = if taken {
                        "an earlier key has the same index"
                    } else {
                        "the index belongs to the initial keys"
                    };
                    format!(
                        "{keys}: key index {index} at frame {}: {why}; left out",
                        key.frame
                    )
                });
            }
        } else {
            kept.push((index, position));
        }
    }
    kept
}

/// Appends `key` with its frame, or leaves it out with a warning when the frame is negative.
fn push_framed<K: Framed>(
    keys: &mut Vec<K>,
    linked: Linked<K>,
    track: &dyn Fn(usize) -> String,
    t: usize,
    warnings: &mut Warnings,
) {
    match u32::try_from(linked.frame) {
        Ok(frame) => {
            let mut key = linked.key;
            key.set_frame(frame);
            keys.push(key);
        }
        Err(_) => warnings.push(linked.offset, || {
            format!(
                "{}: key index {} has a negative frame ({}); left out",
                track(t),
                linked.index,
                linked.frame
            )
        }),
    }
}

/// Sorts a track by frame (stable), with a warning when its links did not already go forward
/// one frame at least each step.
fn sort_by_frame<K: Framed>(
    keys: &mut [K],
    offset: usize,
    track: &dyn Fn(usize) -> String,
    t: usize,
    warnings: &mut Warnings,
) {
    let in_order = keys
        .windows(2)
        .all(|pair| pair[0].frame() < pair[1].frame());
    if !in_order {
        warnings.push(offset, || {
            format!(
                "{}: its links do not go forward in frames (keys out of order or at the same \
                 frame); sorted by frame",
                track(t)
            )
        });
        keys.sort_by_key(K::frame);
    }
}
