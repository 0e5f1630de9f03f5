//! The free camera: orbit, pan and zoom around a target, and MMD's views from the front,
//! back, sides and top, in MMD's camera terms (so a camera motion and the free camera are the
//! same kind of value).

use std::f32::consts::{FRAC_PI_2, PI};

use glam::{Mat4, Vec3};
use mmd_pose::{Aabb, Camera};

/// Radians of orbit per pixel dragged.
const ORBIT_PER_PIXEL: f32 = 0.008;
/// Zoom factor per scroll unit: a wheel notch (40 points in egui) moves 4 % closer, fine
/// enough to frame a face or a hand.
const ZOOM_PER_POINT: f32 = 0.001;

/// A side the free camera looks from, as MMD's view panel (視点) offers them. Left and right
/// are the sides of the stage as seen from the front (as Blender names its views): the left
/// view looks from −X, at the right side of a model facing the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewSide {
    Front,
    Back,
    Left,
    Right,
    Top,
}

impl ViewSide {
    /// Every side, in the order the View menu lists them.
    pub const ALL: [ViewSide; 5] = [
        ViewSide::Front,
        ViewSide::Back,
        ViewSide::Left,
        ViewSide::Right,
        ViewSide::Top,
    ];

    /// The camera's rotation (MMD's angles) looking from this side, level (top: straight
    /// down, the front at the bottom of the view).
    fn rotation(self) -> Vec3 {
        match self {
            ViewSide::Front => Vec3::ZERO,
            ViewSide::Back => Vec3::new(0.0, PI, 0.0),
            ViewSide::Left => Vec3::new(0.0, -FRAC_PI_2, 0.0),
            ViewSide::Right => Vec3::new(0.0, FRAC_PI_2, 0.0),
            ViewSide::Top => Vec3::new(-FRAC_PI_2, 0.0, 0.0),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    pub camera: Camera,
    home: Camera,
}

impl Orbit {
    /// A camera framing `bounds` from the front, which is also where [`Orbit::reset`]
    /// returns.
    pub fn framing(bounds: Aabb, aspect: f32) -> Orbit {
        let camera = Camera::framing(bounds, aspect);
        Orbit {
            camera,
            home: camera,
        }
    }

    /// The camera at `camera`, which is also where [`Orbit::reset`] returns.
    pub fn at(camera: Camera) -> Orbit {
        Orbit {
            camera,
            home: camera,
        }
    }

    pub fn reset(&mut self) {
        self.camera = self.home;
    }

    /// Whether the camera is where it was framed (the user has not moved it).
    pub fn is_home(&self) -> bool {
        self.camera == self.home
    }

    /// Turns around the target by a drag of (dx, dy) pixels; pitch stays short of the
    /// poles so the view never flips.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        let r = &mut self.camera.rotation;
        r.y += dx * ORBIT_PER_PIXEL;
        r.x = (r.x + dy * ORBIT_PER_PIXEL).clamp(-1.55, 1.55);
    }

    /// Turns the camera to look from `side`, keeping its target and distance.
    pub fn look_from(&mut self, side: ViewSide) {
        self.camera.rotation = side.rotation();
    }

    /// Moves the target in the view plane by a drag of (dx, dy) pixels in a view
    /// `view_height` pixels tall, so the point under the cursor stays under it.
    pub fn pan(&mut self, dx: f32, dy: f32, view_height: f32) {
        let c = &mut self.camera;
        let world_per_pixel =
            2.0 * c.distance.abs() * (c.fov_y_deg.to_radians() * 0.5).tan() / view_height.max(1.0);
        let view = c.view();
        // Rows of the view matrix's rotation are the camera's right and up axes.
        let inverse: Mat4 = view.inverse();
        let right = inverse.transform_vector3(Vec3::X).normalize_or_zero();
        let up = inverse.transform_vector3(Vec3::Y).normalize_or_zero();
        c.target += (-right * dx + up * dy) * world_per_pixel;
    }

    /// Zooms by a scroll of `points` (positive = closer).
    pub fn zoom(&mut self, points: f32) {
        let factor = (-points * ZOOM_PER_POINT).exp();
        self.camera.distance = (self.camera.distance * factor).clamp(-2000.0, -1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> Aabb {
        Aabb {
            min: Vec3::new(-5.0, 0.0, -2.0),
            max: Vec3::new(5.0, 20.0, 2.0),
        }
    }

    #[test]
    fn orbit_keeps_distance_to_target_and_reset_returns_home() {
        let mut o = Orbit::framing(bounds(), 1.5);
        let home = o.camera;
        let d = (o.camera.eye() - o.camera.target).length();
        o.orbit(120.0, 40.0);
        assert!(((o.camera.eye() - o.camera.target).length() - d).abs() < 1e-3);
        assert!((o.camera.eye() - home.eye()).length() > 1.0);
        o.reset();
        assert_eq!(o.camera, home);
    }

    #[test]
    fn each_view_side_puts_the_camera_on_that_side_of_the_target() {
        let mut o = Orbit::framing(bounds(), 1.5);
        o.orbit(70.0, -30.0);
        let (target, distance) = (o.camera.target, o.camera.distance);
        let sides = [
            (ViewSide::Front, Vec3::NEG_Z),
            (ViewSide::Back, Vec3::Z),
            (ViewSide::Left, Vec3::NEG_X),
            (ViewSide::Right, Vec3::X),
            (ViewSide::Top, Vec3::Y),
        ];
        for (side, direction) in sides {
            o.look_from(side);
            let from = (o.camera.eye() - target).normalize();
            assert!(
                from.dot(direction) > 0.999,
                "{side:?}: the eye is toward {from}"
            );
            assert_eq!((o.camera.target, o.camera.distance), (target, distance));
        }
        o.look_from(ViewSide::Front);
        assert!(o.is_home(), "the front is where the camera was framed");
    }

    #[test]
    fn panning_moves_the_target_across_the_view() {
        let mut o = Orbit::framing(bounds(), 1.5);
        let before = o.camera.target;
        o.pan(100.0, 0.0, 600.0);
        let moved = o.camera.target - before;
        assert!(moved.x.abs() > 0.1 && moved.y.abs() < 1e-4, "{moved}");
    }

    #[test]
    fn zoom_in_moves_closer_and_stays_in_front() {
        let mut o = Orbit::framing(bounds(), 1.5);
        let d = o.camera.distance;
        o.zoom(100.0);
        assert!(o.camera.distance > d && o.camera.distance < 0.0);
        o.zoom(1.0e6);
        assert_eq!(o.camera.distance, -1.0);
    }
}
