//! The knobs: simulation rate, and the Bullet 2.75-compatibility choices MMD engines differ on.

use glam::Vec3;

use crate::error::PhysicsError;

/// How often the world is stepped, in fixed substeps per second of motion time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SubstepRate {
    /// 1/60 s with 10 solver iterations: babylon-mmd's and nanoem's choice.
    #[default]
    Hz60,
    /// 1/120 s with 5 iterations (MMDAgent's trick: `iterations = 10·60/Hz` keeps Bullet's
    /// velocity-motor springs as strong as at 60 Hz).
    Hz120,
    /// 1/240 s with 3 iterations (10·60/240 = 2.5, rounded up): fewer skirts pierced by
    /// fast legs, as saba#10 found.
    Hz240,
}

impl SubstepRate {
    pub fn hz(self) -> u32 {
        match self {
            SubstepRate::Hz60 => 60,
            SubstepRate::Hz120 => 120,
            SubstepRate::Hz240 => 240,
        }
    }

    /// Sequential-impulse iterations per substep.
    pub fn solver_iterations(self) -> u32 {
        match self {
            SubstepRate::Hz60 => 10,
            SubstepRate::Hz120 => 5,
            SubstepRate::Hz240 => 3,
        }
    }

    pub fn seconds(self) -> f32 {
        1.0 / self.hz() as f32
    }
}

/// Which angular DOFs of a joint get Bullet's spring motor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AngularSprings {
    /// All three, stiffness 0 included (nanoem, babylon-mmd, MMDAgent). Same results as
    /// [`AngularSprings::NonZero`], bit for bit: a zero-stiffness motor has zero force
    /// bounds and never pushes. It only adds solver rows (Uka: 25% slower).
    All,
    /// Only those with non-zero stiffness (saba, mmd-anim).
    #[default]
    NonZero,
}

/// How a model's rigid bodies are simulated. [`Default`] is the mapping MMD engines agree on
/// (PHYSICS.md §1); the other values exist to A/B the Bullet 2.75 details against reference
/// dumps.
#[derive(Debug, Clone, PartialEq)]
pub struct PhysicsOptions {
    pub rate: SubstepRate,
    /// At most this many substeps per [`crate::ModelPhysics::step`]; time beyond is dropped,
    /// as Bullet does, so a stall cannot make the next frame slower still.
    pub max_substeps: u32,
    /// MMD units per s², PMX model space: (0, -98, 0), i.e. 9.8 × 10 as saba, babylon-mmd and
    /// MMDAgent measured against MMD.
    pub gravity: Vec3,
    /// Joint limit stop-ERP on all six axes. `Some(0.475)`: three.js's value ("more like
    /// MMD's"), firmer limits than Bullet 3's 0.2; `None` keeps Bullet's default.
    pub stop_erp: Option<f32>,
    pub angular_springs: AngularSprings,
    /// Bullet's additional damping (extra decay of slow bodies). MMD's Bullet era engines
    /// (saba, nanoem, babylon-mmd) set it; mmd-anim and three.js do not.
    pub additional_damping: bool,
    /// `btGeneric6DofConstraint::setUseFrameOffset`. `false` is Bullet 2.75's behaviour: the
    /// flag (and the behaviour it turns on) arrived in 2.76.
    pub use_frame_offset: bool,
    /// Bullet's implicit gyroscopic term for spinning bodies. Bullet 2.75 had none; 3.x turns
    /// it on for every body unless told otherwise.
    pub gyroscopic_forces: bool,
    /// A dynamic body faster than this (MMD units per second) means the simulation blew up:
    /// it is reset to the bones. Dancing hands move at about 100; the default is ten times
    /// what a hair tip reaches when the model spins.
    pub max_body_speed: f32,
}

impl Default for PhysicsOptions {
    fn default() -> Self {
        PhysicsOptions {
            rate: SubstepRate::Hz60,
            max_substeps: 10,
            gravity: Vec3::new(0.0, -98.0, 0.0),
            stop_erp: Some(0.475),
            angular_springs: AngularSprings::NonZero,
            additional_damping: true,
            use_frame_offset: false,
            gyroscopic_forces: false,
            max_body_speed: 2000.0,
        }
    }
}

impl PhysicsOptions {
    pub(crate) fn check(&self) -> Result<(), PhysicsError> {
        let bad = |what| Err(PhysicsError::Options(what));
        if self.max_substeps == 0 || self.max_substeps > 1000 {
            return bad("max_substeps must be in 1..=1000");
        }
        if !self.gravity.is_finite() || self.gravity.length() > 1.0e4 {
            return bad("gravity must be finite and below 1e4");
        }
        if let Some(erp) = self.stop_erp
            && !(erp > 0.0 && erp <= 1.0)
        {
            return bad("stop_erp must be in (0, 1]");
        }
        if !(self.max_body_speed > 0.0 && self.max_body_speed.is_finite()) {
            return bad("max_body_speed must be positive and finite");
        }
        Ok(())
    }
}
