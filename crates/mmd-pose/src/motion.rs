//! Motions bound to a rig: per-bone, per-morph and per-IK-solver key tracks in flat arrays,
//! sampled by binary search so any frame can be evaluated in any order.

use std::collections::HashMap;

use glam::{Quat, Vec3A};
use mmd_format::FixedText;
use mmd_format::vmd::Vmd;
use mmd_format::vpd::Vpd;

use crate::bezier::Bezier;
use crate::rig::{Rig, finite_quat, finite_vec, finite_weight};

/// One bone key as sampled: values plus the curves of the interval that ends at this key.
#[derive(Debug, Clone, Copy)]
struct BoneKeyData {
    translation: Vec3A,
    rotation: Quat,
    /// X, Y, Z translation and rotation.
    curves: [Bezier; 4],
}

/// A set of keys per track: `frames[ranges[t]]` are track t's key frames, ascending.
#[derive(Debug, Clone, Default)]
struct Tracks<T> {
    ranges: Vec<(u32, u32)>,
    frames: Vec<u32>,
    /// `frames` as f32, what sampling searches (exact: frames are below 2^24 in practice,
    /// and the conversion is the same on every call either way).
    search: Vec<f32>,
    values: Vec<T>,
    /// The tracks that have keys, ascending: the only ones sampling needs to visit.
    keyed: Vec<u32>,
}

impl<T: Copy> Tracks<T> {
    /// Builds tracks from (track, frame, value) in file order. Keys are sorted by frame; of
    /// keys on the same frame the last one wins (a later file overrides an earlier one).
    fn build(track_count: usize, mut keys: Vec<(u32, u32, T)>) -> Self {
        keys.sort_by_key(|&(track, frame, _)| (track, frame));
        let mut tracks = Tracks {
            ranges: vec![(0, 0); track_count],
            frames: Vec::with_capacity(keys.len()),
            search: Vec::new(),
            values: Vec::with_capacity(keys.len()),
            keyed: Vec::new(),
        };
        let mut i = 0;
        while i < keys.len() {
            let track = keys[i].0;
            let start = tracks.frames.len() as u32;
            while i < keys.len() && keys[i].0 == track {
                let frame = keys[i].1;
                // The sort is stable: the last of equal (track, frame) keys is the latest.
                while i + 1 < keys.len() && keys[i + 1].0 == track && keys[i + 1].1 == frame {
                    i += 1;
                }
                tracks.frames.push(frame);
                tracks.values.push(keys[i].2);
                i += 1;
            }
            tracks.ranges[track as usize] = (start, tracks.frames.len() as u32);
            tracks.keyed.push(track);
        }
        tracks.search = tracks.frames.iter().map(|&f| f as f32).collect();
        tracks
    }

    /// Whether track `track` has any key (false for an out-of-range track).
    fn is_keyed(&self, track: usize) -> bool {
        self.ranges.get(track).is_some_and(|&(s, e)| s != e)
    }

    fn frames(&self, track: usize) -> &[u32] {
        match self.ranges.get(track) {
            Some(&(s, e)) => &self.frames[s as usize..e as usize],
            None => &[],
        }
    }

    /// Indices of the keys around `frame`: `None` for an empty track, `(a, a, 0)` outside
    /// the key range, otherwise the surrounding pair and the progress in [0, 1). `hint` is
    /// where the search for the first key after `frame` starts: the index within the track
    /// that an earlier call left there. Played frames mostly stay between the same two keys
    /// or move on to the next pair, so checking those two first skips the binary search; the
    /// keys found do not depend on the hint.
    #[inline]
    fn locate(&self, track: usize, frame: f32, hint: &mut u32) -> Option<(usize, usize, f32)> {
        let (s, e) = self.ranges[track];
        let (s, e) = (s as usize, e as usize);
        if s == e {
            return None;
        }
        let frames = &self.search[s..e];
        // `frames[..next]` are the keys at or before `frame`: `next` is the first index where
        // `before` fails, as `partition_point` finds it (`frame` may be NaN only when a
        // caller passes it, and then no key is before it).
        let before = |f: f32| f <= frame;
        let splits = |i: usize| {
            (i == 0 || before(frames[i - 1])) && frames.get(i).is_none_or(|&f| !before(f))
        };
        let h = *hint as usize;
        let next = if h <= frames.len() && splits(h) {
            h
        } else if h < frames.len() && splits(h + 1) {
            h + 1
        } else {
            frames.partition_point(|&f| before(f))
        };
        *hint = next as u32;
        if next == 0 {
            return Some((s, s, 0.0));
        }
        if next == frames.len() {
            return Some((e - 1, e - 1, 0.0));
        }
        let (fa, fb) = (frames[next - 1], frames[next]);
        let progress = (frame - fa) / (fb - fa);
        Some((s + next - 1, s + next, progress))
    }

    /// The value of the latest key at or before `frame`, if any.
    fn latest(&self, track: usize, frame: f32) -> Option<T> {
        let &(s, e) = self.ranges.get(track)?;
        let frames = &self.search[s as usize..e as usize];
        let next = frames.partition_point(|&f| f <= frame);
        (next > 0).then(|| self.values[s as usize + next - 1])
    }
}

/// Names as VMD files store them: Shift-JIS cut to the field size. Maps a motion's raw name
/// bytes to the model item it drives, trying the full name first and then the cut form.
struct NameBinder<'a> {
    by_name: &'a foldhash::HashMap<String, usize>,
    by_cut_name: HashMap<String, usize>,
    cache: HashMap<Vec<u8>, Option<u32>>,
}

impl<'a> NameBinder<'a> {
    fn new<const N: usize>(
        names: &[String],
        by_name: &'a foldhash::HashMap<String, usize>,
    ) -> Self {
        let mut by_cut_name = HashMap::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            by_cut_name
                .entry(FixedText::<N>::encode(name).decode())
                .or_insert(i);
        }
        NameBinder {
            by_name,
            by_cut_name,
            cache: HashMap::new(),
        }
    }

    fn bind<const N: usize>(&mut self, name: &FixedText<N>) -> Option<u32> {
        let raw = name.trimmed();
        if let Some(&hit) = self.cache.get(raw) {
            return hit;
        }
        let text = name.decode();
        let hit = self
            .by_name
            .get(&text)
            .or_else(|| self.by_cut_name.get(&text))
            .map(|&i| i as u32);
        self.cache.insert(raw.to_vec(), hit);
        hit
    }
}

/// One or more VMD motions bound to a rig by bone, morph and IK bone names. Immutable;
/// sampling does not allocate.
#[derive(Debug, Clone)]
pub struct Motion {
    bones: Tracks<BoneKeyData>,
    morphs: Tracks<f32>,
    /// Per IK solver.
    iks: Tracks<bool>,
    /// One track: whether the model is shown, from each show/IK key on.
    shown: Tracks<bool>,
    /// Per bone, whether each key turns physics off; only bones with at least one such key
    /// have keys here, so a motion without toggles holds none.
    physics_off: Tracks<bool>,
    last_frame: u32,
}

/// A file a motion is bound from.
#[derive(Debug, Clone, Copy)]
pub enum MotionSource<'a> {
    /// Keys named in VMD's fixed fields (bones and morphs 15 bytes, IK bones 20), bound
    /// by whole name and then by the names' cut forms.
    Vmd(&'a Vmd),
    /// A pose: keys at frame 0, every bone and morph named whole (a VPD is text), so
    /// bound by the exact name only; a name longer than a VMD field binds to its own bone,
    /// never to another whose cut name it shares.
    Pose(&'a Vpd),
}

impl Motion {
    /// Binds `vmds` to `rig`. Keys for names the model lacks are ignored. With several
    /// motions, keys on the same track and frame come from the later motion.
    pub fn bind(rig: &Rig, vmds: &[&Vmd]) -> Motion {
        let sources: Vec<MotionSource> = vmds.iter().map(|v| MotionSource::Vmd(v)).collect();
        Motion::bind_sources(rig, &sources)
    }

    /// Binds VMD motions and poses to `rig`, as [`Motion::bind`] does; a later source's
    /// key on the same track and frame wins.
    pub fn bind_sources(rig: &Rig, sources: &[MotionSource]) -> Motion {
        let mut bone_names = NameBinder::new::<15>(&rig.names, &rig.bone_by_name);
        let mut morph_names = NameBinder::new::<15>(&rig.morphs.names, &rig.morphs.by_name);
        let mut ik_names = NameBinder::new::<20>(&rig.names, &rig.bone_by_name);

        let mut bone_keys = Vec::new();
        let mut morph_keys = Vec::new();
        let mut ik_keys = Vec::new();
        let mut show_keys = Vec::new();
        let mut toggle_keys = Vec::new();
        let mut last_frame = 0;
        for source in sources {
            let vmd = match source {
                MotionSource::Vmd(vmd) => vmd,
                MotionSource::Pose(vpd) => {
                    for key in &vpd.bones {
                        if let Some(&bone) = rig.bone_by_name.get(&key.name) {
                            bone_keys.push((
                                bone as u32,
                                0,
                                BoneKeyData {
                                    translation: finite_vec(key.translation),
                                    rotation: finite_quat(key.rotation),
                                    curves: [Bezier::LINEAR; 4],
                                },
                            ));
                        }
                    }
                    for key in &vpd.morphs {
                        if let Some(&morph) = rig.morphs.by_name.get(&key.name) {
                            morph_keys.push((morph as u32, 0, finite_weight(key.weight)));
                        }
                    }
                    continue;
                }
            };
            last_frame = last_frame.max(vmd.last_frame());
            for key in &vmd.bone_keys {
                let Some(bone) = bone_names.bind(&key.name) else {
                    continue;
                };
                toggle_keys.push((bone, key.frame, key.physics_off()));
                let curves = [0, 1, 2, 3].map(|c| Bezier::from_bytes(key.curve(c)));
                bone_keys.push((
                    bone,
                    key.frame,
                    BoneKeyData {
                        translation: finite_vec(key.translation),
                        rotation: finite_quat(key.rotation),
                        curves,
                    },
                ));
            }
            for key in &vmd.morph_keys {
                if let Some(morph) = morph_names.bind(&key.name) {
                    morph_keys.push((morph, key.frame, finite_weight(key.weight)));
                }
            }
            for key in &vmd.ik_keys {
                show_keys.push((0, key.frame, key.visible != 0));
                for state in &key.iks {
                    let solver = ik_names
                        .bind(&state.name)
                        .and_then(|b| rig.ik_solver_of_bone(b as usize));
                    if let Some(solver) = solver {
                        ik_keys.push((solver as u32, key.frame, state.enabled != 0));
                    }
                }
            }
        }
        let mut toggled = vec![false; rig.bone_count()];
        for &(bone, _, off) in &toggle_keys {
            toggled[bone as usize] |= off;
        }
        toggle_keys.retain(|&(bone, _, _)| toggled[bone as usize]);
        Motion {
            physics_off: Tracks::build(rig.bone_count(), toggle_keys),
            bones: Tracks::build(rig.bone_count(), bone_keys),
            morphs: Tracks::build(rig.morph_count(), morph_keys),
            iks: Tracks::build(rig.ik_solver_count(), ik_keys),
            shown: Tracks::build(1, show_keys),
            last_frame,
        }
    }

    /// The last key frame of any bound motion (every section counts), 0 when empty.
    pub fn last_frame(&self) -> f32 {
        self.last_frame as f32
    }

    /// Key frames of a bone's track, ascending (for timeline ticks).
    pub fn bone_key_frames(&self, bone: usize) -> &[u32] {
        self.bones.frames(bone)
    }

    /// Key frames of a morph's track, ascending.
    pub fn morph_key_frames(&self, morph: usize) -> &[u32] {
        self.morphs.frames(morph)
    }

    /// Whether the motion has keys for `bone`.
    pub fn animates_bone(&self, bone: usize) -> bool {
        self.bones.is_keyed(bone)
    }

    /// The bones the motion has keys for, ascending: every other bone samples at rest.
    pub(crate) fn keyed_bones(&self) -> &[u32] {
        &self.bones.keyed
    }

    /// The morphs the motion has keys for, ascending: every other morph samples at 0.
    pub(crate) fn keyed_morphs(&self) -> &[u32] {
        &self.morphs.keyed
    }

    /// Whether the motion has keys for `morph`.
    pub fn animates_morph(&self, morph: usize) -> bool {
        self.morphs.is_keyed(morph)
    }

    /// Whether the motion has show/IK keys (which also show or hide the model).
    pub fn keys_shown(&self) -> bool {
        self.shown.is_keyed(0)
    }

    /// Whether the motion shows the model at `frame`: the latest show/IK key at or before
    /// the frame decides (MMD's 表示); without one the model is shown.
    pub fn shown(&self, frame: f32) -> bool {
        self.shown.latest(0, frame).unwrap_or(true)
    }

    /// Whether the motion has show/IK keys for IK solver `solver`.
    pub fn keys_ik(&self, solver: usize) -> bool {
        self.iks.is_keyed(solver)
    }

    /// The motion's translation and rotation of `bone` at `frame` (identity without keys).
    /// `hint` speeds up finding the keys around `frame` (see `Tracks::locate`); the result
    /// does not depend on it.
    pub(crate) fn sample_bone(&self, bone: usize, frame: f32, hint: &mut u32) -> (Vec3A, Quat) {
        self.sample_keyed_bone(bone, frame, hint)
            .unwrap_or((Vec3A::ZERO, Quat::IDENTITY))
    }

    /// The motion's translation and rotation of `bone` at `frame`, or `None` without keys
    /// (`hint` as in [`Motion::sample_bone`]).
    #[inline]
    pub(crate) fn sample_keyed_bone(
        &self,
        bone: usize,
        frame: f32,
        hint: &mut u32,
    ) -> Option<(Vec3A, Quat)> {
        let (a, b, s) = self.bones.locate(bone, frame, hint)?;
        let same_key = a == b;
        let a = &self.bones.values[a];
        if same_key {
            return Some((a.translation, a.rotation));
        }
        let b = &self.bones.values[b];
        let [cx, cy, cz, cr] = &b.curves;
        // Most bones only turn: skip the curve solves of a channel that does not change.
        let delta = b.translation - a.translation;
        let translation = if delta == Vec3A::ZERO {
            a.translation
        } else {
            a.translation + delta * Vec3A::new(cx.eval(s), cy.eval(s), cz.eval(s))
        };
        // Between two keys the rotation is always slerped, even on the first key's frame or
        // between equal keys: the slerp's rounding (its normalisation, for nearly parallel
        // keys) changes the key's last bits as mmd-anim 0.5.3's sampling (which follows MMD)
        // does, and long IK chains amplify those bits.
        let rotation = a.rotation.slerp(b.rotation, cr.eval(s));
        Some((translation, rotation))
    }

    /// A morph's weight at `frame`, linear between keys (0 without keys; `hint` as in
    /// [`Motion::sample_bone`]).
    pub(crate) fn sample_morph(&self, morph: usize, frame: f32, hint: &mut u32) -> f32 {
        self.sample_keyed_morph(morph, frame, hint).unwrap_or(0.0)
    }

    /// A morph's weight at `frame`, linear between keys, or `None` without keys (`hint` as
    /// in [`Motion::sample_bone`]).
    #[inline]
    pub(crate) fn sample_keyed_morph(
        &self,
        morph: usize,
        frame: f32,
        hint: &mut u32,
    ) -> Option<f32> {
        let (a, b, s) = self.morphs.locate(morph, frame, hint)?;
        let (a, b) = (self.morphs.values[a], self.morphs.values[b]);
        Some(a + (b - a) * s)
    }

    /// Whether any bone key of the motion turns physics off; without one,
    /// [`Motion::bone_physics_off`] is false everywhere and callers can skip asking.
    pub fn has_physics_toggles(&self) -> bool {
        !self.physics_off.values.is_empty()
    }

    /// Whether the motion turns physics off for `bone` at `frame`: the latest key of the
    /// bone's track at or before the frame decides, without interpolation
    /// (`mmd_format::vmd::BoneKey::physics_off`); before the first key, on a bone without
    /// keys, and for an out-of-range bone, physics is on. A binary search over the bone's
    /// keys; no allocation.
    pub fn bone_physics_off(&self, bone: usize, frame: f32) -> bool {
        self.physics_off.latest(bone, frame).unwrap_or(false)
    }

    /// Whether the motion enables IK solver `solver` at `frame`: the latest show/IK key at or
    /// before the frame decides; without one (or for an out-of-range solver) the solver is on.
    pub fn ik_enabled(&self, solver: usize, frame: f32) -> bool {
        self.iks.latest(solver, frame).unwrap_or(true)
    }
}

/// Per bone of `rig`, whether a VMD key named after the bone binds back to it when read
/// with [`Motion::bind`]: VMD names hold 15 bytes of Shift-JIS, and a longer name cut there
/// may be another bone's name or cut name, whose bone then takes the key (as in MMD). A
/// pose keyed into a VMD can only hold the bones this marks.
pub fn vmd_keyable_bones(rig: &Rig) -> Vec<bool> {
    let mut names = NameBinder::new::<15>(&rig.names, &rig.bone_by_name);
    (0..rig.bone_count())
        .map(|b| names.bind(&FixedText::<15>::encode(&rig.names[b])) == Some(b as u32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Tracks;

    #[test]
    fn located_keys_do_not_depend_on_the_hint() {
        let frames = [0u32, 10, 20, 35];
        let tracks = Tracks::build(1, frames.iter().map(|&f| (0, f, f)).collect());
        let search: Vec<f32> = frames.iter().map(|&f| f as f32).collect();
        let queries = (-4..80)
            .map(|f| f as f32 * 0.5)
            .chain([f32::NAN, f32::INFINITY]);
        for frame in queries {
            // What a plain binary search finds.
            let mut cold = search.len() as u32 + 7;
            let expected = tracks.locate(0, frame, &mut cold);
            assert_eq!(
                cold as usize,
                search.partition_point(|&f| f <= frame),
                "{frame}"
            );
            for start in 0..=search.len() as u32 + 2 {
                let mut hint = start;
                let found = tracks.locate(0, frame, &mut hint);
                assert_eq!(
                    found.map(|(a, b, _)| (a, b)),
                    expected.map(|(a, b, _)| (a, b))
                );
                let bits = |x: Option<(usize, usize, f32)>| x.map(|(_, _, s)| s.to_bits());
                assert_eq!(bits(found), bits(expected), "{frame} from {start}");
                assert_eq!(hint, cold, "{frame} from {start}");
            }
        }
    }
}
