//! A MikuMikuDance scene without a window: what is on stage and the engine that poses it, in
//! four groups.
//!
//! - [`stage`]: what is on stage, the data model. The [`stage::scene::Scene`]: the models
//!   ([`stage::actor::Actor`]s, each a [`stage::model::Model`] with its motion
//!   [`stage::layers`], IK overrides, morph pins, visibility, place and outside parents), the
//!   [`stage::accessory`]s (`.x` meshes on the ground or held by a bone, with their keys), one
//!   camera motion, the gravity and self-shadow keys and the music.
//! - [`engine`]: posing and evaluating. [`engine::SceneEngine`] poses every actor at a frame,
//!   in parallel, with physics off, live or baked (bakes made at once or on a worker); the one
//!   engine the window, the command line and video export all drive.
//!   [`engine::frame::SceneFrame`] is the scene evaluated at a frame (what the keys show, the
//!   accessories' keyed settings and places, camera, light, self-shadow, draw order), apart
//!   from what the user authored; what every host draws. Also [`engine::pose_edit`] (Pose
//!   mode's whole-body editing) and [`engine::flatten`] (layers written as one VMD).
//! - [`project`]: opening and saving: files told apart by content ([`project::files`]), why a
//!   file cannot be opened ([`project::read_error`]), the bundled default model and motion
//!   ([`project::bundled`]), and projects, ours and MMD's `.pmm`.
//! - [`media`]: the timeline and the music: [`media::playback::Playback`], the music decoded
//!   without a sound output ([`media::music::Music`]) and the music as the clock while it
//!   plays ([`media::music_clock`]).
//!
//! Nothing here opens a window, a GPU or a sound device: a host (the `mmd-player` binary, a
//! render farm job, a game) draws and plays what the engine poses.

pub mod engine;
pub mod media;
pub mod project;
pub mod stage;
