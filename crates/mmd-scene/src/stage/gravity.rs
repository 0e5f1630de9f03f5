//! MikuMikuDance's gravity keys (物理演算 → 重力設定, kept in its projects): the acceleration
//! and direction of gravity from a frame on. Between two keys both move linearly, as MMD's
//! other unkeyed-curve tracks (light, accessories) do; before the first key the first holds,
//! after the last the last. MMD's gravity noise is not simulated (opening a project that uses
//! it says so).

use glam::Vec3;

use crate::stage::key_track::{Keyed, around, one_per_frame};

/// MMD units per metre for gravity: MMD's 9.8 pulls bodies at 98 units/s² (see
/// `mmd_physics::PhysicsOptions::gravity`).
pub const GRAVITY_UNIT_SCALE: f32 = 10.0;

/// What one gravity key sets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GravityKey {
    pub frame: u32,
    /// As MMD's panel shows it: 9.8 is the earth's.
    pub acceleration: f32,
    /// Which way it pulls (any length; zero means no pull).
    pub direction: Vec3,
}

impl GravityKey {
    /// MMD's own: 9.8 straight down.
    pub const DEFAULT: GravityKey = GravityKey {
        frame: 0,
        acceleration: 9.8,
        direction: Vec3::NEG_Y,
    };

    /// The gravity it sets, in MMD units per s².
    pub fn vector(&self) -> Vec3 {
        let g = self.direction.normalize_or_zero() * self.acceleration * GRAVITY_UNIT_SCALE;
        if g.is_finite() { g } else { Vec3::ZERO }
    }
}

/// A scene's gravity keys, sorted by frame, one per frame; never empty.
#[derive(Debug, Clone, PartialEq)]
pub struct GravityMotion {
    keys: Vec<GravityKey>,
}

impl Keyed for GravityKey {
    fn frame(&self) -> u32 {
        self.frame
    }
}

impl GravityMotion {
    /// The motion of `keys` (for a frame keyed twice the last wins), or `None` when there
    /// are none or every key is MMD's default, which needs no track.
    pub fn new(mut keys: Vec<GravityKey>) -> Option<GravityMotion> {
        one_per_frame(&mut keys);
        let default = GravityKey::DEFAULT.vector();
        if keys.iter().all(|k| k.vector().abs_diff_eq(default, 1e-3)) {
            return None;
        }
        Some(GravityMotion { keys })
    }

    pub fn keys(&self) -> &[GravityKey] {
        &self.keys
    }

    pub fn last_frame(&self) -> u32 {
        self.keys.last().map_or(0, |k| k.frame)
    }

    /// Gravity at `frame`, in MMD units per s².
    pub fn at(&self, frame: f32) -> Vec3 {
        match around(&self.keys, frame) {
            Some((from, to, t)) => from.vector().lerp(to.vector(), t),
            None => GravityKey::DEFAULT.vector(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(frame: u32, acceleration: f32, direction: Vec3) -> GravityKey {
        GravityKey {
            frame,
            acceleration,
            direction,
        }
    }

    #[test]
    fn gravity_moves_linearly_between_keys_and_holds_outside_them() {
        let motion = GravityMotion::new(vec![
            key(40, 9.8, Vec3::new(2.0, 0.0, 0.0)),
            key(20, 9.8, Vec3::NEG_Y),
        ])
        .unwrap();
        assert_eq!(motion.at(0.0), Vec3::new(0.0, -98.0, 0.0));
        let half = motion.at(30.0);
        assert!(
            half.abs_diff_eq(Vec3::new(49.0, -49.0, 0.0), 1e-4),
            "{half}"
        );
        assert_eq!(motion.at(90.0), Vec3::new(98.0, 0.0, 0.0));
    }

    #[test]
    fn only_default_keys_make_no_track() {
        assert!(GravityMotion::new(vec![GravityKey::DEFAULT]).is_none());
        assert!(GravityMotion::new(Vec::new()).is_none());
        let zero = GravityMotion::new(vec![key(0, 9.8, Vec3::ZERO)]).unwrap();
        assert_eq!(zero.at(5.0), Vec3::ZERO, "no direction, no pull");
    }
}
