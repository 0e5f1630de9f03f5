//! What is on stage, the data model: the [`scene::Scene`] with its models ([`actor::Actor`]s,
//! each a [`model::Model`] with its motion [`layers`] and [`outside_parent`]s), its
//! [`accessory`]s and their keys ([`accessory_motion`]), the camera following a bone
//! ([`camera_follow`]), the [`gravity`] keys, where each part came from ([`source`]), and a
//! model's extent over its motion, for framing ([`bounds`]).
//!
//! What the user authored lives here; what a frame evaluates from it is the engine's.

pub mod accessory;
pub mod accessory_motion;
pub mod actor;
pub mod bounds;
pub mod camera_follow;
pub mod gravity;
pub(crate) mod key_track;
pub mod layers;
pub mod model;
pub mod outside_parent;
pub mod scene;
pub mod source;
