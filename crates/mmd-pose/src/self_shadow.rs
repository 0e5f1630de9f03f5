//! MMD's self-shadow setting and its track from a VMD's self-shadow keys.
//!
//! A key holds a mode (0 off, 1 mode 1, 2 mode 2) and the shadow distance. The file stores
//! the distance the way MMD's projection uses it, `0.1 - distance / 100000`; the setting here
//! holds the number MMD's UI shows (0..10000, 8875 by default), converted back on reading.
//! Between keys the mode is the earlier key's and the distance moves linearly, as MMD plays
//! its light track.

use mmd_format::vmd::{ShadowKey, Vmd};

/// MMD's self-shadow modes. Mode 2 spends the shadow map's resolution nearer the camera.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SelfShadowMode {
    Off,
    #[default]
    Mode1,
    Mode2,
}

/// The self-shadow at one frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SelfShadow {
    pub mode: SelfShadowMode,
    /// MMD's shadow distance, 0..10000: larger covers more ground with the same texels,
    /// so blurrier.
    pub distance: f32,
}

/// The largest shadow distance MMD accepts.
pub const MAX_SHADOW_DISTANCE: f32 = 10000.0;

impl Default for SelfShadow {
    /// As MMD starts: mode 1 at distance 8875.
    fn default() -> SelfShadow {
        SelfShadow {
            mode: SelfShadowMode::Mode1,
            distance: 8875.0,
        }
    }
}

impl SelfShadow {
    /// The value MMD's light projection scales by: `(10000 - distance) / 100000`, the number
    /// a VMD key stores.
    pub fn projection_scale(&self) -> f32 {
        (MAX_SHADOW_DISTANCE - self.distance.clamp(0.0, MAX_SHADOW_DISTANCE)) / 100_000.0
    }

    fn from_key(k: &ShadowKey) -> SelfShadow {
        let mode = match k.mode {
            1 => SelfShadowMode::Mode1,
            2 => SelfShadowMode::Mode2,
            _ => SelfShadowMode::Off,
        };
        let stored = if k.distance.is_finite() {
            k.distance
        } else {
            0.0
        };
        SelfShadow {
            mode,
            distance: (MAX_SHADOW_DISTANCE - stored * 100_000.0).clamp(0.0, MAX_SHADOW_DISTANCE),
        }
    }
}

/// A self-shadow track, keys sorted by frame (the later of two keys on one frame wins).
#[derive(Debug, Clone)]
pub struct SelfShadowMotion {
    keys: Vec<(u32, SelfShadow)>,
}

impl SelfShadowMotion {
    /// The track of `vmd`'s self-shadow keys, or `None` when it has none.
    pub fn from_vmd(vmd: &Vmd) -> Option<SelfShadowMotion> {
        let mut keys: Vec<(u32, SelfShadow)> = vmd
            .shadow_keys
            .iter()
            .map(|k| (k.frame, SelfShadow::from_key(k)))
            .collect();
        keys.sort_by_key(|k| k.0);
        keys.reverse();
        keys.dedup_by_key(|k| k.0);
        keys.reverse();
        (!keys.is_empty()).then_some(SelfShadowMotion { keys })
    }

    /// The frame of the last key.
    pub fn last_frame(&self) -> f32 {
        self.keys.last().map_or(0.0, |k| k.0 as f32)
    }

    /// The setting at `frame`: the first key's before it, the last key's after it.
    pub fn at(&self, frame: f32) -> SelfShadow {
        let next = self.keys.partition_point(|k| k.0 as f32 <= frame);
        let Some(&(from_frame, from)) = next.checked_sub(1).and_then(|i| self.keys.get(i)) else {
            return self.keys.first().map_or_else(SelfShadow::default, |k| k.1);
        };
        let Some(&(to_frame, to)) = self.keys.get(next) else {
            return from;
        };
        let t = (frame - from_frame as f32) / (to_frame - from_frame) as f32;
        SelfShadow {
            mode: from.mode,
            distance: from.distance + (to.distance - from.distance) * t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(frame: u32, mode: u8, ui_distance: f32) -> ShadowKey {
        ShadowKey {
            frame,
            mode,
            distance: 0.1 - ui_distance / 100_000.0,
        }
    }

    fn track(keys: Vec<ShadowKey>) -> SelfShadowMotion {
        let vmd = Vmd {
            shadow_keys: keys,
            ..Vmd::default()
        };
        SelfShadowMotion::from_vmd(&vmd).expect("keys")
    }

    #[test]
    fn stored_distance_converts_to_mmds_ui_value() {
        let s = track(vec![key(0, 1, 8875.0)]).at(0.0);
        assert_eq!(s.mode, SelfShadowMode::Mode1);
        assert!((s.distance - 8875.0).abs() < 0.01, "{}", s.distance);
        assert!((s.projection_scale() - 0.01125).abs() < 1e-7);
    }

    #[test]
    fn mode_steps_and_distance_moves_linearly() {
        let t = track(vec![key(10, 2, 9000.0), key(30, 0, 5000.0)]);
        assert_eq!(t.at(0.0).mode, SelfShadowMode::Mode2);
        let mid = t.at(20.0);
        assert_eq!(mid.mode, SelfShadowMode::Mode2);
        assert!((mid.distance - 7000.0).abs() < 0.1, "{}", mid.distance);
        assert_eq!(t.at(30.0).mode, SelfShadowMode::Off);
        assert!((t.at(99.0).distance - 5000.0).abs() < 0.1);
    }

    #[test]
    fn later_key_on_one_frame_wins_and_bad_values_stay_in_range() {
        let t = track(vec![
            key(5, 1, 100.0),
            key(5, 2, 200.0),
            ShadowKey {
                frame: 9,
                mode: 7,
                distance: f32::NAN,
            },
            ShadowKey {
                frame: 12,
                mode: 1,
                distance: -3.0,
            },
        ]);
        assert_eq!(t.at(5.0).mode, SelfShadowMode::Mode2);
        assert_eq!(t.at(9.0).mode, SelfShadowMode::Off);
        assert_eq!(t.at(9.0).distance, MAX_SHADOW_DISTANCE);
        assert_eq!(t.at(12.0).distance, MAX_SHADOW_DISTANCE);
        for f in 0..20 {
            let d = t.at(f as f32).distance;
            assert!((0.0..=MAX_SHADOW_DISTANCE).contains(&d), "{d}");
        }
    }

    #[test]
    fn no_keys_no_track() {
        assert!(SelfShadowMotion::from_vmd(&Vmd::default()).is_none());
    }
}
