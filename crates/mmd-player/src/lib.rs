//! The desktop player, the host of an `mmd-session` session: the egui interface, whose panels
//! return [`mmd_session::action::Action`]s that [`mmd_session::Player::apply`] carries out;
//! the services it hosts the session with ([`services`]: words, video export, the settings
//! store); what the GPU draws of a frame ([`draw_list`]); and the settings kept between runs.
//! The binary's window layer (`src/window/`) only feeds input and GPU images to them, so tests
//! drive the real interface without a window; its command line (`src/cli/`) drives the same
//! engine headless.

pub mod config_folder;
pub mod draw_list;
pub mod export;
pub mod i18n;
pub mod services;
pub mod settings;
pub mod textures;
pub mod ui;

// The interface's strings in every language, for `rust_i18n::t!` (see `i18n`).
rust_i18n::i18n!("locales", fallback = "en");
