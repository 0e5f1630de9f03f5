//! The desktop player's host side apart from its window: the session (the player's state and
//! the actions that change it, driving the scene engine of `mmd-scene`), the egui interface,
//! whose panels return [`session::action::Action`]s that [`session::Player::apply`] carries
//! out, and video export. The binary's window layer (`src/window/`) only feeds input and GPU
//! images to them, so tests drive the real interface without a window; its command line
//! (`src/cli/`) drives the same engine headless.

pub mod config_folder;
pub mod draw_list;
pub mod export;
pub mod i18n;
pub mod session;
pub mod settings;
pub mod textures;
pub mod ui;

// The interface's strings in every language, for `rust_i18n::t!` (see `i18n`).
rust_i18n::i18n!("locales", fallback = "en");
