//! Where the player keeps its files between runs (the settings, the recent files), and the
//! variable that moves it for the tests.

use std::path::PathBuf;

/// Names a config folder to use instead of the user's (the tests set it, so that nothing they
/// run reads or writes the user's settings).
pub const CONFIG_FOLDER_VAR: &str = "MMD_PLAYER_CONFIG_DIR";

/// Where the player keeps its files: `$MMD_PLAYER_CONFIG_DIR` when set, else `mmd-player`
/// under the user's config folder (`~/.config` on Linux), where the platform has one.
pub fn config_folder() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_FOLDER_VAR) {
        Some(folder) if !folder.is_empty() => Some(PathBuf::from(folder)),
        _ => dirs::config_dir().map(|dir| dir.join("mmd-player")),
    }
}
