//! A MikuMikuDance scene without a window: what is on stage and the engine that poses it.
//!
//! - [`scene::Scene`]: the models ([`actor::Actor`]s, each a [`model::Model`] with its motion
//!   [`layers`], IK overrides, morph pins, visibility and place), the [`accessory`]s (`.x`
//!   meshes on the ground or held by a bone; [`accessory_placements`] places them frame after
//!   frame), one camera motion, the self-shadow keys and the
//!   music; opened from files told apart by content ([`files`]).
//! - [`engine::SceneEngine`]: poses every actor at a frame, in parallel, with physics off, live
//!   or baked (bakes made at once or on a worker); the one engine the window, the command
//!   line and video export all drive.
//! - [`frame::SceneFrame`]: the scene evaluated at a frame (what the keys show, the
//!   accessories' keyed settings and places, camera, light, self-shadow, draw order), apart
//!   from what the user authored; what every host draws.
//! - [`playback::Playback`] (the timeline) and [`music_clock`] (the music as the clock while
//!   it plays), [`music::Music`] decoded without a sound output.
//! - [`bounds`] (a model's extent over its motion, for framing), [`flatten`] (layers written as
//!   one VMD) and [`pose_edit`] (Pose mode's whole-body editing).
//!
//! Nothing here opens a window, a GPU or a sound device: a host (the `mmd-player` binary, a
//! render farm job, a game) draws and plays what the engine poses.

pub mod accessory;
pub mod accessory_motion;
pub mod accessory_placements;
pub mod actor;
pub mod bounds;
pub mod bundled;
pub mod camera_follow;
pub mod engine;
pub mod files;
pub mod flatten;
pub mod frame;
pub mod gravity;
mod key_track;
pub mod layers;
pub mod model;
pub mod music;
pub mod music_clock;
pub mod outside_parent;
pub mod per_actor;
pub mod playback;
pub mod pose_edit;
pub mod project;
pub mod read_error;
pub mod scene;
pub mod source;
