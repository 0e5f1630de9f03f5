//! The View menu, the camera and the light as the player carries them out: the switches of
//! what the view draws, the camera motion or the free camera (framed on the models, reset),
//! and the light set by hand over the light motion. None of it re-poses the models.

use glam::Vec3;
use mmd_pose::Light;

use super::Player;
use super::action::ViewOption;
use super::orbit::Orbit;

impl Player {
    /// Turns one of the View menu's switches on or off.
    pub(super) fn set_view(&mut self, option: ViewOption, on: bool) {
        let view = &mut self.view;
        match option {
            ViewOption::Edges => view.edges = on,
            ViewOption::GroundShadow => view.ground_shadow = on,
            ViewOption::SelfShadow => view.self_shadow = on,
            ViewOption::Skeleton => view.skeleton = on,
            ViewOption::Wireframe => view.wireframe = on,
        }
    }

    /// Draws with the scene's camera motion (when it has one) or the free camera.
    pub(super) fn use_camera_motion(&mut self, on: bool) {
        self.camera.use_motion = on && self.scene.has_camera();
    }

    /// Frames the free camera on the shown models for a view of `aspect` (width / height).
    pub(super) fn frame_camera(&mut self, aspect: f32) {
        if let Some(bounds) = self.camera.bounds {
            self.camera.orbit = Some(Orbit::framing(bounds, aspect));
        }
    }

    /// Puts the free camera back where it was framed.
    pub(super) fn reset_camera(&mut self) {
        if let Some(orbit) = self.camera.orbit.as_mut() {
            orbit.reset();
        }
    }

    /// Sets the light by hand (its colour clamped to 0..=1; one with a non-finite number is
    /// refused, as `None`), or gives it back to the light motion with `None`.
    pub(super) fn set_light(&mut self, light: Option<Light>) {
        self.light = light
            .filter(|l| l.direction.is_finite() && l.color.is_finite())
            .map(|l| Light {
                color: l.color.clamp(Vec3::ZERO, Vec3::ONE),
                ..l
            });
    }
}
