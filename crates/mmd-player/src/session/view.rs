//! How the view shows the scene: what it draws besides the models, and the camera it draws
//! with (the scene's camera motion, or the free camera the user moves).

use mmd_pose::{Aabb, Camera};
use serde::{Deserialize, Serialize};

use super::orbit::Orbit;

/// What the view draws besides the model (kept between runs, see [`crate::settings`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ViewOptions {
    pub edges: bool,
    pub ground_shadow: bool,
    /// MMD's self-shadow, in the mode and distance the self-shadow keys give (MMD's default
    /// without keys).
    pub self_shadow: bool,
    pub skeleton: bool,
    pub wireframe: bool,
}

impl Default for ViewOptions {
    /// As MMD starts: edges, ground shadow and self-shadow on.
    fn default() -> ViewOptions {
        ViewOptions {
            edges: true,
            ground_shadow: true,
            self_shadow: true,
            skeleton: false,
            wireframe: false,
        }
    }
}

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
