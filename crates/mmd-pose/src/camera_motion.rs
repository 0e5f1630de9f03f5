//! Camera motion from a VMD's camera keys.

use glam::Vec3;
use mmd_format::vmd::{CameraKey, Vmd};

use crate::bezier::Bezier;
use crate::camera::Camera;
use crate::rig::MAX_COORD;

#[derive(Debug, Clone, Copy)]
struct Key {
    frame: u32,
    state: Camera,
    /// X, Y, Z, rotation, distance, FOV: the curves of the interval ending at this key.
    curves: [Bezier; 6],
}

/// A camera track, keys sorted by frame (the later of two keys on one frame wins).
#[derive(Debug, Clone)]
pub struct CameraMotion {
    keys: Vec<Key>,
}

/// Non-finite values become zero and huge ones are clamped (as the rig does, see
/// `MAX_COORD`): interpolating between two keys near ±`f32::MAX` would overflow to infinity,
/// and `inf * 0` at a key's own frame to NaN.
fn finite(v: f32) -> f32 {
    if v.is_finite() {
        v.clamp(-MAX_COORD, MAX_COORD)
    } else {
        0.0
    }
}

fn finite3(v: [f32; 3]) -> Vec3 {
    Vec3::from_array(v.map(finite))
}

fn key(k: &CameraKey) -> Key {
    // Camera curves are stored x1, x2, y1, y2 (unlike bone curves).
    let curve = |i: usize| {
        let b = &k.interpolation[4 * i..4 * i + 4];
        Bezier::from_bytes([b[0], b[2], b[1], b[3]])
    };
    Key {
        frame: k.frame,
        state: Camera {
            target: finite3(k.position),
            rotation: finite3(k.rotation),
            distance: finite(k.distance),
            fov_y_deg: k.fov as f32,
            perspective: k.perspective_off == 0,
        },
        curves: [0, 1, 2, 3, 4, 5].map(curve),
    }
}

impl CameraMotion {
    /// The camera track of `vmd`, or `None` when it has no camera keys.
    pub fn from_vmd(vmd: &Vmd) -> Option<CameraMotion> {
        if vmd.camera_keys.is_empty() {
            return None;
        }
        let mut keys: Vec<Key> = vmd.camera_keys.iter().map(key).collect();
        keys.sort_by_key(|k| k.frame);
        // Stable sort: of keys on one frame keep the last.
        let mut deduped: Vec<Key> = Vec::with_capacity(keys.len());
        for k in keys {
            match deduped.last_mut() {
                Some(last) if last.frame == k.frame => *last = k,
                _ => deduped.push(k),
            }
        }
        Some(CameraMotion { keys: deduped })
    }

    pub fn last_frame(&self) -> f32 {
        self.keys.last().map_or(0.0, |k| k.frame as f32)
    }

    /// The camera at `frame`: the first key before the first, the last after the last,
    /// Bézier-interpolated between (the later key's curves); perspective switches at keys.
    /// Keys one frame apart are a cut: MMD camera motions change shots that way, and MMD,
    /// playing whole frames, never shows a camera between them, so a frame between two such
    /// keys (a 60 fps half frame) holds the earlier key's camera instead of a half-frame
    /// whip pan.
    pub fn sample(&self, frame: f32) -> Camera {
        let next = self.keys.partition_point(|k| k.frame as f32 <= frame);
        if next == 0 {
            return self.keys[0].state;
        }
        if next == self.keys.len() {
            return self.keys[next - 1].state;
        }
        let (a, b) = (&self.keys[next - 1], &self.keys[next]);
        if is_cut(a.frame, b.frame) {
            return a.state;
        }
        let s = (frame - a.frame as f32) / (b.frame as f32 - a.frame as f32);
        let [cx, cy, cz, cr, cd, cf] = &b.curves;
        let lerp = |x: f32, y: f32, t: f32| x + (y - x) * t;
        let (sa, sb) = (&a.state, &b.state);
        Camera {
            target: Vec3::new(
                lerp(sa.target.x, sb.target.x, cx.eval(s)),
                lerp(sa.target.y, sb.target.y, cy.eval(s)),
                lerp(sa.target.z, sb.target.z, cz.eval(s)),
            ),
            rotation: sa.rotation.lerp(sb.rotation, cr.eval(s)),
            distance: lerp(sa.distance, sb.distance, cd.eval(s)),
            fov_y_deg: lerp(sa.fov_y_deg, sb.fov_y_deg, cf.eval(s)),
            perspective: sa.perspective,
        }
    }
}

/// Whether keys at frames `a` < `b` are a cut between two shots: one frame apart.
fn is_cut(a: u32, b: u32) -> bool {
    b - a == 1
}

#[cfg(test)]
mod tests {
    use mmd_format::FixedText;
    use mmd_format::vmd::{CameraKey, Vmd};

    use super::*;

    fn key(frame: u32, x: f32) -> CameraKey {
        CameraKey {
            frame,
            distance: -45.0,
            position: [x, 10.0, 0.0],
            rotation: [0.0; 3],
            interpolation: CameraKey::LINEAR_INTERPOLATION,
            fov: 30,
            perspective_off: 0,
        }
    }

    fn motion(keys: Vec<CameraKey>) -> CameraMotion {
        let vmd = Vmd {
            model_name: FixedText::encode("カメラ・照明"),
            camera_keys: keys,
            ..Vmd::default()
        };
        CameraMotion::from_vmd(&vmd).unwrap_or_else(|| panic!("camera keys"))
    }

    #[test]
    fn keys_one_frame_apart_cut_without_a_half_frame_pan() {
        let cut = motion(vec![
            key(0, 0.0),
            key(10, 5.0),
            key(11, 50.0),
            key(20, 60.0),
        ]);
        assert_eq!(cut.sample(10.5), cut.sample(10.0));
        assert_eq!(cut.sample(10.99), cut.sample(10.0));
        assert_eq!(cut.sample(11.0).target.x, 50.0);
        // Keys further apart still move between them.
        assert!((cut.sample(15.5).target.x - 55.0).abs() < 1e-3);
        assert!((cut.sample(5.0).target.x - 2.5).abs() < 1e-3);
    }
}
