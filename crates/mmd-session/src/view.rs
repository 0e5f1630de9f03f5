//! The camera the view draws with: the scene's camera motion, or the free camera the user
//! moves.

use mmd_pose::{Aabb, Camera};

use super::orbit::Orbit;

/// The camera the view draws with.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct ViewCamera {
    /// Use the scene's camera motion (when it has one) instead of the free camera.
    pub use_motion: bool,
    /// The free camera; framed when the view's size is first known.
    pub orbit: Option<Orbit>,
    /// The shown models' bounds over their motions, for framing.
    pub bounds: Option<Aabb>,
}

impl ViewCamera {
    /// The free camera, or MMD's start-up camera until it is framed.
    pub fn free(&self) -> Camera {
        self.orbit.map_or_else(Camera::default, |o| o.camera)
    }

    /// Moves the free camera and draws with it from then on.
    pub fn move_free(&mut self, change: impl FnOnce(&mut Orbit)) {
        if let Some(orbit) = self.orbit.as_mut() {
            change(orbit);
            self.use_motion = false;
        }
    }
}
