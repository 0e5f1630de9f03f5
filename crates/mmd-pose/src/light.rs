//! MMD's light, and its track from a VMD's light keys.
//!
//! A key holds the light's colour (0..1 per channel; MMD's panel shows 0..255) and the
//! direction the light travels (MMD's panel shows the same numbers, default (-0.5, -1.0,
//! 0.5)). MMD moves the light linearly between keys, holding the first key before it and the
//! last after it (the light track has no interpolation curves).

use glam::Vec3;
use mmd_format::vmd::{LightKey, Vmd};

use crate::rig::MAX_COORD;

/// The scene light: the direction it travels and its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Light {
    pub direction: Vec3,
    pub color: Vec3,
}

impl Default for Light {
    /// MMD's default light: direction (-0.5, -1.0, 0.5), colour 154/255.
    fn default() -> Light {
        Light {
            direction: Vec3::new(-0.5, -1.0, 0.5),
            color: Vec3::splat(154.0 / 255.0),
        }
    }
}

/// A light track, keys sorted by frame (the later of two keys on one frame wins).
#[derive(Debug, Clone)]
pub struct LightMotion {
    keys: Vec<(u32, Light)>,
}

/// A key's light, its values made finite: a colour channel in 0..=1 (MMD's range), a
/// direction within the rig's coordinate bound.
fn key_light(k: &LightKey) -> Light {
    let finite = |v: f32| if v.is_finite() { v } else { 0.0 };
    Light {
        direction: Vec3::from_array(k.direction.map(|v| finite(v).clamp(-MAX_COORD, MAX_COORD))),
        color: Vec3::from_array(k.color.map(|v| finite(v).clamp(0.0, 1.0))),
    }
}

impl LightMotion {
    /// The light track of `vmd`, or `None` when it has no light keys.
    pub fn from_vmd(vmd: &Vmd) -> Option<LightMotion> {
        if vmd.light_keys.is_empty() {
            return None;
        }
        let mut keys: Vec<(u32, Light)> = vmd
            .light_keys
            .iter()
            .map(|k| (k.frame, key_light(k)))
            .collect();
        // Stable: of keys on one frame, the last stays.
        keys.sort_by_key(|(frame, _)| *frame);
        keys.dedup_by(|later, earlier| {
            let same = later.0 == earlier.0;
            if same {
                *earlier = *later;
            }
            same
        });
        Some(LightMotion { keys })
    }

    pub fn last_frame(&self) -> f32 {
        self.keys.last().map_or(0.0, |(frame, _)| *frame as f32)
    }

    /// The light at `frame`: linear between keys, the first key before it, the last after.
    pub fn sample(&self, frame: f32) -> Light {
        let next = self.keys.partition_point(|(f, _)| *f as f32 <= frame);
        let (a, b) = match (next.checked_sub(1), self.keys.get(next)) {
            (Some(i), Some(b)) => (&self.keys[i], b),
            (Some(i), None) => return self.keys[i].1,
            (None, _) => return self.keys[0].1,
        };
        let s = (frame - a.0 as f32) / (b.0 as f32 - a.0 as f32);
        Light {
            direction: a.1.direction.lerp(b.1.direction, s),
            color: a.1.color.lerp(b.1.color, s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(frame: u32, v: f32) -> LightKey {
        LightKey {
            frame,
            color: [v; 3],
            direction: [-v, 0.0, 1.0],
        }
    }

    fn motion(keys: Vec<LightKey>) -> Option<LightMotion> {
        LightMotion::from_vmd(&Vmd {
            light_keys: keys,
            ..Vmd::default()
        })
    }

    #[test]
    fn lights_move_linearly_and_hold_outside_their_keys() {
        let Some(light) = motion(vec![key(20, 1.0), key(10, 0.0)]) else {
            panic!("light keys make a light motion");
        };
        let at = |f: f32| {
            let l = light.sample(f);
            (l.color.x, l.direction.x)
        };
        assert_eq!(at(0.0), (0.0, 0.0));
        assert_eq!(at(15.0), (0.5, -0.5));
        assert_eq!(at(20.0), (1.0, -1.0));
        assert_eq!(at(99.0), (1.0, -1.0));
        assert_eq!(light.last_frame(), 20.0);
    }

    #[test]
    fn the_last_key_on_a_frame_wins_and_values_stay_in_range() {
        let Some(light) = motion(vec![key(5, 0.2), key(5, 0.7), key(9, f32::NAN)]) else {
            panic!("light keys make a light motion");
        };
        assert_eq!(light.sample(5.0).color, Vec3::splat(0.7));
        assert_eq!(light.sample(9.0).color, Vec3::ZERO);
        assert!(motion(vec![key(0, 9.0)]).is_some_and(|l| l.sample(0.0).color == Vec3::ONE));
        assert!(motion(Vec::new()).is_none());
    }
}
