//! The desktop player apart from its window: the bundled default scene, loading files into
//! a scene, the timeline, the user's IK and morph overrides, the free camera, which pose is
//! drawn, and the egui interface, whose panels return [`action::Action`]s that
//! [`player::Player::apply`] carries out. The binary's window layer (`src/app/`) only feeds
//! input and GPU images to them, so tests drive the real interface without a window.

pub mod action;
pub mod bake_job;
pub mod default_assets;
pub mod export;
pub mod export_job;
pub mod fonts;
pub mod frame_clock;
pub mod framing;
pub mod layers;
pub mod motion_bake;
pub mod music;
pub mod music_sync;
pub mod notices;
pub mod orbit;
pub mod physics;
pub mod playback;
pub mod player;
pub mod pose_edit;
pub mod read_error;
pub mod recent;
pub mod scene;
pub mod scene_poser;
pub mod ui;
pub mod video;
