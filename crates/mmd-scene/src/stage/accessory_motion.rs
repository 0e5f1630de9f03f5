//! An accessory's keys (MikuMikuDance keys accessories in its projects: place, rotation, Si,
//! Tr, shown, shadow and the bone holding it). Between two keys the place, Si and Tr move
//! linearly and the rotation turns along the shortest arc; whether it is shown, casts its
//! shadow and which bone holds it step at each key (as nanoem plays a `.pmm`'s accessory
//! keys). Before the first key the first holds, after the last the last.

use glam::{EulerRot, Quat, Vec3};

use crate::stage::accessory::{AccessoryParent, AccessorySettings};
use crate::stage::key_track::{Keyed, around, one_per_frame};

/// What one key sets, at `frame`.
#[derive(Debug, Clone, PartialEq)]
pub struct AccessoryKey {
    pub frame: u32,
    pub visible: bool,
    pub position: Vec3,
    /// Degrees about X, Y and Z, applied X first, then Y, then Z.
    pub rotation: Vec3,
    /// Si.
    pub scale: f32,
    /// Tr: 1 opaque, 0 invisible.
    pub opacity: f32,
    pub ground_shadow: bool,
    /// The bone holding it from this key on; `None` stands it in the world.
    pub parent: Option<AccessoryParent>,
}

/// An accessory's keys, sorted by frame, one per frame (the last one given for a frame
/// wins); never empty.
#[derive(Debug, Clone, PartialEq)]
pub struct AccessoryMotion {
    keys: Vec<AccessoryKey>,
}

impl Keyed for AccessoryKey {
    fn frame(&self) -> u32 {
        self.frame
    }
}

impl AccessoryMotion {
    /// The motion of `keys`, or `None` without any.
    pub fn new(mut keys: Vec<AccessoryKey>) -> Option<AccessoryMotion> {
        one_per_frame(&mut keys);
        (!keys.is_empty()).then_some(AccessoryMotion { keys })
    }

    pub fn keys(&self) -> &[AccessoryKey] {
        &self.keys
    }

    /// The frame of the last key.
    pub fn last_frame(&self) -> u32 {
        self.keys.last().map_or(0, |k| k.frame)
    }

    /// Whether any key shows the accessory.
    pub fn ever_shown(&self) -> bool {
        self.keys.iter().any(|k| k.visible)
    }

    /// Sets `settings` to what the keys give at `frame` (AD, which MMD does not key, is left
    /// as it is). Allocates only when the holding bone's name outgrows the one `settings` holds.
    pub fn apply(&self, frame: f32, settings: &mut AccessorySettings) {
        let Some((from, to, t)) = around(&self.keys, frame) else {
            return;
        };
        settings.visible = from.visible;
        settings.ground_shadow = from.ground_shadow;
        settings.position = from.position.lerp(to.position, t);
        settings.rotation = rotation_between(from.rotation, to.rotation, t);
        settings.scale = from.scale + (to.scale - from.scale) * t;
        settings.opacity = from.opacity + (to.opacity - from.opacity) * t;
        if settings.parent != from.parent {
            settings.parent.clone_from(&from.parent);
        }
    }
}

/// The rotation (degrees, X then Y then Z) a `t` of the way from `from` to `to` along the
/// shortest arc.
fn rotation_between(from: Vec3, to: Vec3, t: f32) -> Vec3 {
    if t == 0.0 || from == to {
        return from;
    }
    let (z, y, x) = quat_of(from).slerp(quat_of(to), t).to_euler(EulerRot::ZYX);
    Vec3::new(x, y, z).map(f32::to_degrees)
}

fn quat_of(degrees: Vec3) -> Quat {
    let r = degrees.map(f32::to_radians);
    Quat::from_euler(EulerRot::ZYX, r.z, r.y, r.x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(frame: u32, x: f32, yaw: f32, opacity: f32, visible: bool) -> AccessoryKey {
        AccessoryKey {
            frame,
            visible,
            position: Vec3::new(x, 0.0, 0.0),
            rotation: Vec3::new(0.0, yaw, 0.0),
            scale: 1.0 + x,
            opacity,
            ground_shadow: true,
            parent: None,
        }
    }

    #[test]
    fn places_blend_and_switches_step_between_keys() {
        let motion = AccessoryMotion::new(vec![
            key(30, 10.0, 90.0, 0.0, false),
            key(10, 0.0, 0.0, 1.0, true),
        ])
        .unwrap();
        let mut s = AccessorySettings::default();
        motion.apply(20.0, &mut s);
        assert!((s.position.x - 5.0).abs() < 1e-5);
        assert!((s.rotation.y - 45.0).abs() < 1e-3, "{}", s.rotation);
        assert!((s.scale - 6.0).abs() < 1e-5);
        assert!((s.opacity - 0.5).abs() < 1e-5);
        assert!(s.visible, "shown until the key that hides it");
        motion.apply(30.0, &mut s);
        assert!(!s.visible);
        assert!((s.position.x - 10.0).abs() < 1e-5);
        motion.apply(0.0, &mut s);
        assert_eq!(s.position, Vec3::ZERO, "the first key holds before it");
        motion.apply(99.0, &mut s);
        assert!(
            (s.rotation.y - 90.0).abs() < 1e-3,
            "the last holds after it"
        );
    }

    #[test]
    fn a_frame_keyed_twice_keeps_the_last_key() {
        let motion = AccessoryMotion::new(vec![
            key(5, 1.0, 0.0, 1.0, true),
            key(5, 2.0, 0.0, 1.0, true),
        ])
        .unwrap();
        assert_eq!(motion.keys().len(), 1);
        assert_eq!(motion.keys()[0].position.x, 2.0);
        assert!(AccessoryMotion::new(Vec::new()).is_none());
    }
}
