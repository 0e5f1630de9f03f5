//! The MMD pose engine: a [`Rig`] built once from a model, a [`Motion`] bound to it from
//! VMD files, and [`evaluate`], which computes every bone's model-space matrix for a frame
//! the way MikuMikuDance does (physics off).
//!
//! ```text
//! let (rig, warnings) = Rig::from_pmx(&pmx);
//! let motion = Motion::bind(&rig, &[&vmd]);
//! let mut pose = Pose::new(&rig);
//! evaluate(&rig, &motion, 15.5, &IkOverrides::new(&rig), &mut pose);
//! ```
//!
//! Evaluation rules (each frame is computed from scratch, so scrubbing to a frame gives the
//! same bits as playing up to it):
//!
//! 1. Every bone's motion track is sampled (binary search; an interval uses the later key's
//!    Bézier curves), morph weights are sampled, group morphs expanded and bone morphs
//!    added to the animated transforms.
//! 2. `local = T(rest offset + animated + append translation) * R(ik * animated * append)`,
//!    with the IK and append parts reset to identity.
//! 3. Bones are walked in deform order (stable sort by after-physics flag, deform depth,
//!    index), in two passes (before and after physics). An append bone takes its source's
//!    animated rotation/translation (the source's append values when the source itself
//!    appends and the local flag is off), times the source's IK rotation, scaled by the
//!    weight (slerp from identity, so negative and > 1 weights extrapolate). An enabled IK
//!    bone runs CCD over its chain (see below). Globals are always `parent global * local`,
//!    computed parents first, so a parent with a larger index is still ready before its
//!    children.
//!
//! IK is cyclic coordinate descent as in the reference engines: links reset to their
//! animated rotation; per iteration each link turns toward the IK bone by at most the
//! solver's unit angle; a link limited to one axis is solved in that plane (the first
//! iteration may mirror the angle into the limits) and clamped; other limited links clamp
//! their X/Y/Z Euler angles (decomposition nearest the previous iteration, change per
//! iteration at most the unit angle); the best iteration is kept and the solve stops when the
//! distance stops shrinking. Degenerate geometry (zero-length vectors) skips the step.
//!
//! Hostile files never crash evaluation or poison a pose: bad references become
//! [`RigWarning`]s, NaN and infinite values become zero, and huge coordinates and weights are
//! clamped once when the rig, motion, mesh or camera is built, so every pose, morph weight,
//! skinned vertex and camera value stays finite (`tests/hostile_pipeline.rs` checks this).

pub mod bezier;
mod camera;
mod ik;
mod morph;
mod motion;
mod pose;
mod rig;
mod skin;

pub use camera::{CameraMotion, CameraState};
pub use morph::MorphKind;
pub use motion::Motion;
pub use pose::{IkOverride, IkOverrides, Pose, evaluate, evaluate_with_morph_pins};
pub use rig::{Rig, RigWarning, pmd_as_pmx};
pub use skin::SkinMesh;
