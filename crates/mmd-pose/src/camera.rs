//! The camera in MMD's convention (the one camera type, for camera motions, the free camera and
//! the renderer): left-handed, Y up, looking at a target from a distance along the camera's
//! own Z axis; and framing a box.

use glam::camera::lh::proj::directx;
use glam::camera::lh::view::look_to_mat4;
use glam::{Mat4, Vec3};

use crate::aabb::Aabb;

/// MMD's camera, as VMD camera keys hold it: a target point, the camera's Euler rotation
/// (radians), the distance from the target along the camera's Z axis (MMD stores it negative:
/// -45 puts the camera 45 units in front of the target, on −Z), the vertical field of view in
/// degrees, and perspective or orthographic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub target: Vec3,
    pub rotation: Vec3,
    pub distance: f32,
    pub fov_y_deg: f32,
    pub perspective: bool,
}

/// Near and far clip planes (MMD units: 1 unit ≈ 8 cm).
const NEAR: f32 = 0.5;
const FAR: f32 = 4000.0;

impl Default for Camera {
    /// MMD's start-up camera.
    fn default() -> Camera {
        Camera {
            target: Vec3::new(0.0, 10.0, 0.0),
            rotation: Vec3::ZERO,
            distance: -45.0,
            fov_y_deg: 30.0,
            perspective: true,
        }
    }
}

impl Camera {
    /// The camera's orientation: roll about Z, then pitch about X, then yaw about Y, with the
    /// VMD angles' signs flipped (they are stored as MMD's UI turns the view, the inverse of
    /// turning the camera).
    fn orientation(&self) -> Mat4 {
        Mat4::from_rotation_y(-self.rotation.y)
            * Mat4::from_rotation_x(-self.rotation.x)
            * Mat4::from_rotation_z(-self.rotation.z)
    }

    pub fn eye(&self) -> Vec3 {
        self.target
            + self
                .orientation()
                .transform_vector3(Vec3::new(0.0, 0.0, self.distance))
    }

    /// The direction the camera looks in.
    pub fn forward(&self) -> Vec3 {
        self.orientation().transform_vector3(Vec3::Z)
    }

    /// World → view, left-handed (glam's `look_to` for left-handed spaces).
    pub fn view(&self) -> Mat4 {
        let up = self.orientation().transform_vector3(Vec3::Y);
        look_to_mat4(self.eye(), self.forward(), up)
    }

    /// View → clip (DirectX/WebGPU depth range 0..1) for an image of `aspect` = width / height. An orthographic camera shows
    /// the height that the perspective one shows at the target's distance.
    pub fn projection(&self, aspect: f32) -> Mat4 {
        let fov = self.fov_y_deg.clamp(1.0, 179.0).to_radians();
        if self.perspective {
            directx::perspective(fov, aspect, NEAR, FAR)
        } else {
            let half_h = self.distance.abs().max(NEAR) * (fov * 0.5).tan();
            let half_w = half_h * aspect;
            directx::orthographic(-half_w, half_w, -half_h, half_h, -FAR, FAR)
        }
    }

    /// A front view (from −Z, the side MMD models face) that fits `bounds` in an image of
    /// `aspect`, with a small margin.
    pub fn framing(bounds: Aabb, aspect: f32) -> Camera {
        let fov_y_deg = 30.0_f32;
        let half_v = (fov_y_deg.to_radians() * 0.5).tan();
        let half_h = half_v * aspect.max(1e-3);
        let size = bounds.size();
        let center = bounds.center();
        let margin = 1.1;
        // Distance at which the box's front face fits both vertically and horizontally.
        let fit = (size.y * 0.5 / half_v).max(size.x * 0.5 / half_h) * margin + size.z * 0.5;
        Camera {
            target: center,
            rotation: Vec3::ZERO,
            distance: -fit.max(1.0),
            fov_y_deg,
            perspective: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(camera: &Camera, aspect: f32, p: Vec3) -> Vec3 {
        (camera.projection(aspect) * camera.view()).project_point3(p)
    }

    #[test]
    fn default_camera_sits_in_front_of_the_model() {
        let camera = Camera::default();
        assert!((camera.eye() - Vec3::new(0.0, 10.0, -45.0)).length() < 1e-5);
        // The target is in the middle of the image; +X (the model's left) is on the right.
        let centre = project(&camera, 1.0, camera.target);
        assert!(centre.x.abs() < 1e-5 && centre.y.abs() < 1e-5);
        assert!(project(&camera, 1.0, Vec3::new(1.0, 10.0, 0.0)).x > 0.0);
        assert!(project(&camera, 1.0, Vec3::new(0.0, 11.0, 0.0)).y > 0.0);
    }

    #[test]
    fn framing_keeps_the_box_inside_the_image() {
        let bounds = Aabb::from_points([Vec3::new(-4.0, 0.0, -2.0), Vec3::new(4.0, 20.0, 2.0)])
            .unwrap_or(Aabb {
                min: Vec3::ZERO,
                max: Vec3::ZERO,
            });
        for aspect in [0.5, 1.0, 16.0 / 9.0] {
            let camera = Camera::framing(bounds, aspect);
            for x in [bounds.min.x, bounds.max.x] {
                for y in [bounds.min.y, bounds.max.y] {
                    for z in [bounds.min.z, bounds.max.z] {
                        let p = project(&camera, aspect, Vec3::new(x, y, z));
                        assert!(p.x.abs() <= 1.0 && p.y.abs() <= 1.0, "{aspect} {p}");
                        assert!((0.0..=1.0).contains(&p.z));
                    }
                }
            }
        }
    }
}
