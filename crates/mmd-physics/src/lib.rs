//! PMX rigid bodies and joints simulated the way MikuMikuDance does: Bullet (vendored under
//! `vendor/bullet3`, zlib licence, built by `build.rs`) behind a small C shim
//! (`csrc/shim.cpp`), with the MMD mapping in Rust (PHYSICS.md §1 in the shared notes).
//!
//! # How a pose stage calls it
//!
//! ```text
//! load:    let (mut physics, warnings) = ModelPhysics::new(&pmx, &PhysicsOptions::default())?;
//!          (report the warnings; nothing in them stops the model from loading)
//! start:   evaluate the first frame's before-physics pass into `globals`
//!          physics.reset(&globals);
//!          warm up: physics.step(&globals, 1.0 / 60.0) a number of times (60 is usual),
//!          holding that pose, so hair and skirts settle before the first frame is shown
//! frame:   1. sample the motion, run the before-physics pass  -> globals (model space);
//!             if motion.has_physics_toggles(), for each bone in physics.driven_bones():
//!             physics.set_bone_follows_animation(bone, motion.bone_physics_off(bone, frame))
//!          2. physics.step(&globals, frames_advanced / 30.0)  (motion time, not wall time;
//!             a paused player does not call it; a backward seek or a jump calls reset)
//!          3. physics.write_back(&mut globals)  (the bones in physics.driven_bones())
//!          4. recompute, from their locals, the globals of the bones below the driven
//!             bones that bodies do not drive themselves, then run the after-physics pass
//! ```
//!
//! `globals` is one model-space `Mat4` per PMX bone (glam, column vectors, translation in
//! `w_axis`): `mmd_pose::Pose::globals`. Everything is in the file's left-handed space; nothing
//! is mirrored.
//!
//! Follow-bone bodies are kinematic and sit at `bone · offset`, with
//! `offset = bone_rest⁻¹ · body_rest`. Physics bodies write `body · offset⁻¹` to their bone;
//! physics + bone bodies write that rotation but keep the bone's animated translation.
//!
//! The same calls with the same inputs give bit-identical results (one thread, no clock, no
//! randomness). A simulation that blows up resets itself onto the bones and says so in
//! [`StepOutcome::Reset`]. Nothing from the file reaches C++ unchecked: the validation repairs or
//! leaves out what Bullet cannot take, with a [`PhysicsWarning`] each.

mod error;
mod ffi;
mod mapping;
mod model;
mod options;
mod validate;

pub use error::{BlowUp, PhysicsError, PhysicsWarning};
pub use mapping::rotation as euler_rotation;
pub use model::{ModelPhysics, StepOutcome};
pub use options::{AngularSprings, PhysicsOptions, SubstepRate};
pub use validate::{MAX_BODIES, MAX_JOINTS};
