//! The View menu's switches: what the view draws besides the models, kept between runs.

use serde::{Deserialize, Serialize};

/// What the view draws besides the model (the View menu's switches, kept between runs).
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
