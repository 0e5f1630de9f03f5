//! The MMD pose engine: a [`Rig`] built once from a model, a [`Motion`] bound to it from
//! VMD files, and [`evaluate`], which computes every bone's model-space matrix for a frame
//! the way MikuMikuDance does (physics off). A physics engine runs between the public stages of
//! an evaluation instead ([`Pose::sample`] to [`Pose::finish`]). Several motions on one model
//! are [`Layers`], blended by weight in log-quaternion space ([`evaluate_layers`],
//! [`Pose::sample_layers`]; the rule is in the `layer` module's docs, [`Layers`]).
//!
//! ```text
//! let (rig, warnings) = Rig::from_pmx(&pmx);
//! let motion = Motion::bind(&rig, &[&vmd]);
//! let mut pose = Pose::new(&rig);
//! evaluate(&rig, &motion, 15.5, &IkOverrides::new(&rig), &mut pose);
//! let layers: Layers = [Layer { weight: 0.7, ..Layer::new(motion) }, Layer { weight: 0.3,
//!     ..Layer::new(face) }].into();
//! evaluate_layers(&rig, &layers, 15.5, &IkOverrides::new(&rig), &[], &mut pose);
//! ```
//!
//! Evaluation rules (each frame is computed from scratch, so scrubbing to a frame gives the
//! same bits as playing up to it):
//!
//! 1. Every bone's motion track is sampled (binary search; an interval uses the later key's
//!    Bézier curves, solved as MMD does by 12 halvings, and always slerps the rotation, even
//!    on its first key's frame), morph weights are sampled, group morphs expanded and bone
//!    morphs added to the animated transforms.
//! 2. `local = T(rest offset + animated + append translation) * R(ik * animated * append)`,
//!    with the IK and append parts reset to identity.
//! 3. Bones are walked in deform order (stable sort by after-physics flag, deform depth,
//!    index), in two passes (before and after physics). An append bone takes its source's
//!    animated rotation/translation (the source's append values when the source itself
//!    appends and the local flag is off), times the source's IK rotation, scaled by the
//!    weight as MMD does it: the half angle of the quaternion D3DX reads back from the
//!    rotation matrix, times the weight, less MMD's 3.14 (not π) first when that
//!    quaternion's w is negative (slerp from identity otherwise, so negative and > 1
//!    weights extrapolate). An enabled IK
//!    bone solves its chain with the method [`IkOverrides`] picks for it: CCD (below, the
//!    default) or the Jacobian solver ([`IkMethod::Jacobian`]: damped least squares on
//!    log-quaternion joint parameters, described in `src/ik/mod.rs`). Globals are always
//!    `parent global * local`, computed parents first, so a parent with a larger index is
//!    still ready before its children, with D3DX's arithmetic (MMD's): rotation matrices by
//!    its formula, and the product chained through skinning matrices (`transform.rs`,
//!    `update_global`).
//!
//! Arithmetic order matters: a long unlimited chain (hair, a tie) amplifies the last bits of
//! every step until its stop decision changes, so the pose follows D3DX's order of operations
//! wherever MMD's pose depends on it, from the sampled keys to each CCD step. With them,
//! j3 Miku dancing wavefile_v2 poses within 2e-5 of mmd-anim 0.5.3 (which follows MMD's) on
//! every bone, and the limited-link captures of MMD pass.
//!
//! CCD IK is cyclic coordinate descent with MikuMikuDance 9.32's rules (as recovered from
//! MMD by mmd-anim and checked here against poses captured from MMD, `tests/mmd_captures.rs`):
//!
//! - Links reset to their animated rotation. The solver runs the file's loop count, raised
//!   to 4π / unit angle (at most 360) when that is larger.
//! - An iteration visits the links nearest the effector first. Before a link's step the
//!   solve ends when the effector is within 1e-4 of the IK bone, or when, seen from the
//!   link, the effector and the IK bone lie in the same direction (unit directions closer
//!   than √1e-7): MMD stops there even if the distance is not closed.
//! - Directions are normalised, and dotted, with D3DX's sums in D3DX's order; the turn is
//!   composed with D3DX's quaternion product and kept as that product (not renormalised).
//! - A link turns in its parent's frame by the angle between those directions, at most the
//!   unit angle times its position in the chain (the k-th link from the effector up to k
//!   unit angles); a unit angle of 0 or less does not limit the step.
//! - Unlimited links turn about the axis perpendicular to both directions; a link with a
//!   fixed axis turns about it by the angle's component along it.
//! - Limited links: during the first half of the iterations a link whose limits allow one
//!   axis only turns about that axis, toward the target's side, by the whole angle; other
//!   limited links (and every limited link in the second half) turn freely. The result is
//!   decomposed into Euler angles in the order the limits pick (the first of X, Y, Z whose
//!   range lies inside ±90° is the middle axis, capped at ±88°: Ry·Rx·Rz, Rz·Ry·Rx or
//!   Rx·Rz·Ry), and each angle is clamped to its range; in the first half an angle past a
//!   limit is reflected off it (2·limit − angle) when that lands inside the range. As in
//!   D3DX, the outer two angles are `atan2` (in f64) of their entries divided by the middle
//!   angle's cosine, the link takes the matrix rebuilt from the three axis turns (sines and
//!   cosines in f64), and its next step starts from that matrix's quaternion.
//! - The last iteration's pose is kept (no rollback to a better earlier one).
//! - A limited link the solve never turned (it ended before the link's first step, as at
//!   rest) keeps its animated rotation, limits or not: a straight knee at rest stays past
//!   its -0.5° limit, as in MMD (mmd-anim 0.5.3's dump of `miku_ik_toggle` frame 0).
//! - After turning a link, MMD refreshes every bone below it except the effectors of other
//!   solvers; so until one of its links turns, a solver reads its effector where the
//!   effector's deform layer put it, before earlier solvers of that layer or later ones
//!   turned its ancestors: a toe IK's first step sees the toe where it was before the leg
//!   IK moved the ankle (`IkSolverDef::stale_effector`). Still one evaluation's state.
//!
//! Not reproduced (no fixture has either): MMD keeps state from one evaluation to the next
//! in two places, the IK rotation of a link whose own or an ancestor's append source is an
//! IK link (seeding that link's first step), and the world matrix of an effector whose
//! deform layer comes after its IK bone's (read by the first step); keeping them would make
//! a frame depend on the frames evaluated before it (see `ARCHITECTURE.md`, "What is
//! stateless"). MMD also resets an effector's append rotation during its solve.
//! Degenerate geometry (a link on the effector or the IK bone) skips the step.
//!
//! Motion keys' rotations are kept as stored when near unit length (squared length within
//! 2e-4 of 1), otherwise normalised when bound. Between two keys the rotation is always
//! slerped, even on the first key's frame, whose rounding changes the key's last bits as in
//! MMD; so a pose written to a VMD (as `mmd-player bake-motion` writes blended layers) reads
//! back within that rounding (about 1e-5 without IK), not bit for bit, and an IK chain
//! on a knife edge can amplify it.
//!
//! Hostile files never crash evaluation or poison a pose: bad references become
//! [`RigWarning`]s, NaN and infinite values become zero, and huge coordinates and weights are
//! clamped once when the rig, motion, mesh or camera is built, so every pose, morph weight,
//! skinned vertex and camera value stays finite (`tests/hostile_pipeline.rs` checks this).

mod aabb;
mod append;
pub mod bezier;
mod camera;
mod camera_motion;
pub mod expmap;
mod full_body;
mod ik;
mod layer;
mod light;
mod morph;
mod motion;
mod outside_parent;
mod pose;
mod rig;
mod self_shadow;
mod skin;
pub mod skin_weights;
mod transform;

pub use aabb::Aabb;
pub use camera::Camera;
pub use camera_motion::CameraMotion;
pub use full_body::{
    FullBody, FullBodyError, FullBodySolver, Handle, JointRange, Pin, SolveReport, Target,
    humanoid_range,
};
pub use ik::IkMethod;
pub use layer::{Layer, LayerMode, Layers, MAX_LAYER_WEIGHT};
pub use light::{Light, LightMotion};
pub use morph::MorphKind;
pub use motion::{Motion, MotionSource, vmd_keyable_bones};
pub use pose::{
    IkOverride, IkOverrides, Pose, evaluate, evaluate_layers, evaluate_with_morph_pins,
};
pub use rig::{Rig, RigWarning, pmd_as_pmx};
pub use self_shadow::{MAX_SHADOW_DISTANCE, SelfShadow, SelfShadowMode, SelfShadowMotion};
pub use skin::SkinMesh;
