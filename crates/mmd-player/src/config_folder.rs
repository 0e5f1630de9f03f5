//! Where the player keeps its files between runs (the settings, the recent files), and the
//! variable that moves it for the tests.

use std::path::{Path, PathBuf};

use mmd_session::host::SettingsStore;

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

/// The session's settings store ([`SettingsStore`]) as files in a folder: each name a file,
/// written beside and renamed over so that a crash never leaves half a file.
#[derive(Debug, Clone)]
pub struct ConfigFiles {
    /// Where the files go; `None` where the platform has no config folder (nothing is kept).
    folder: Option<PathBuf>,
}

impl ConfigFiles {
    /// A store that keeps nothing (a player made in a test).
    pub fn none() -> ConfigFiles {
        ConfigFiles { folder: None }
    }

    /// The files in the player's config folder ([`config_folder`]).
    pub fn in_config_folder() -> ConfigFiles {
        ConfigFiles {
            folder: config_folder(),
        }
    }

    /// The files in `folder`.
    pub fn in_folder(folder: PathBuf) -> ConfigFiles {
        ConfigFiles {
            folder: Some(folder),
        }
    }
}

impl SettingsStore for ConfigFiles {
    fn read(&self, name: &str) -> Option<Vec<u8>> {
        let path = self.folder.as_ref()?.join(name);
        match std::fs::read(&path) {
            Ok(bytes) => Some(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => {
                log::warn!("{}: {e}", path.display());
                None
            }
        }
    }

    fn write(&mut self, name: &str, bytes: &[u8]) {
        let Some(folder) = &self.folder else {
            return;
        };
        let path = folder.join(name);
        if let Err(e) = write_whole(&path, bytes) {
            log::warn!("{}: cannot write: {e}", path.display());
        }
    }
}

/// Writes `bytes` beside `path` and renames them over it.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    std::fs::write(&partial, bytes)?;
    std::fs::rename(&partial, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_session::recent::RecentFiles;

    #[test]
    fn the_recent_files_survive_a_round_trip_through_their_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = ConfigFiles::in_folder(dir.path().join("config"));
        let mut recent = RecentFiles::read_from(&store);
        assert!(recent.paths().is_empty(), "no file yet");
        let files = [dir.path().join("ミク.pmx"), dir.path().join("dance.vmd")];
        recent.add(&files);
        recent.write_to(&mut store);
        let fresh = ConfigFiles::in_folder(dir.path().join("config"));
        assert_eq!(RecentFiles::read_from(&fresh).paths(), files);
        let names: Vec<_> = std::fs::read_dir(dir.path().join("config"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["recent.txt"], "nothing partial is left");
    }

    #[test]
    fn an_unreadable_store_gives_nothing_and_writing_fails_quietly() {
        let dir = tempfile::tempdir().unwrap();
        // Under a plain file, where no folder can be: reading and writing both fail.
        let blocker = dir.path().join("not a folder");
        std::fs::write(&blocker, b"").unwrap();
        let mut store = ConfigFiles::in_folder(blocker.clone());
        assert_eq!(store.read("recent.txt"), None);
        store.write("recent.txt", b"/a.pmx\n");
        assert_eq!(store.read("recent.txt"), None);
        assert_eq!(
            std::fs::read(&blocker).unwrap(),
            b"",
            "the blocker is untouched"
        );
    }
}
