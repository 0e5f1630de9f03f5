//! The files opened lately, newest first, for File → Open Recent. They are kept in a small
//! text file in the player's config folder (`recent.txt`, beside the settings), one absolute
//! path a line. The file is only ever a convenience: a missing, unreadable or garbled one gives
//! whatever lines still read as paths (or none), and failing to write it is logged, never
//! shown as an error.

use std::path::{Path, PathBuf};

/// How many files the menu lists.
pub const MAX_RECENT: usize = 10;

/// The recent files and where they are kept (nowhere for a player made in a test).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
    store: Option<PathBuf>,
}

/// `recent.txt` in the player's config folder ([`crate::config_folder::config_folder`]).
pub fn default_store() -> Option<PathBuf> {
    crate::config_folder::config_folder().map(|folder| folder.join("recent.txt"))
}

/// The paths in a recent-files text: one a line, absolute, each once, at most
/// [`MAX_RECENT`]. Blank lines, relative paths and lines that were not valid UTF-8 are
/// skipped.
pub fn parse(bytes: &[u8]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for line in bytes.split(|&b| b == b'\n') {
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        let line = line.trim_end_matches('\r');
        let path = Path::new(line);
        if line.trim().is_empty() || !path.is_absolute() || paths.iter().any(|p| p == path) {
            continue;
        }
        paths.push(path.to_path_buf());
        if paths.len() == MAX_RECENT {
            break;
        }
    }
    paths
}

/// The text [`parse`] reads back. Paths that are not valid Unicode cannot be written as text
/// and are left out.
pub fn format(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .filter_map(|p| p.to_str())
        .filter(|p| !p.contains('\n'))
        .map(|p| format!("{p}\n"))
        .collect()
}

impl RecentFiles {
    /// The list kept in `store`; empty when the file is missing or unreadable.
    pub fn load(store: PathBuf) -> RecentFiles {
        let paths = match std::fs::read(&store) {
            Ok(bytes) => parse(&bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => {
                log::warn!("recent files {}: {e}", store.display());
                Vec::new()
            }
        };
        RecentFiles {
            paths,
            store: Some(store),
        }
    }

    /// Newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// The folder of the newest file: where a file browser starts.
    pub fn folder(&self) -> Option<&Path> {
        self.paths.first().and_then(|p| p.parent())
    }

    /// Puts `opened` (one batch, in the order given) at the top, and writes the list.
    pub fn add(&mut self, opened: &[PathBuf]) {
        for path in opened.iter().rev() {
            // The file's real name where it exists (no `..`, no links), else as given.
            let path = std::fs::canonicalize(path)
                .or_else(|_| std::path::absolute(path))
                .unwrap_or_else(|_| path.clone());
            self.paths.retain(|p| *p != path);
            self.paths.insert(0, path);
        }
        self.paths.truncate(MAX_RECENT);
        if let Some(store) = &self.store
            && let Err(e) = save(store, &self.paths)
        {
            log::warn!("recent files {}: cannot write: {e}", store.display());
        }
    }
}

/// Writes the list beside `store` and renames it over, so a crash never leaves half a file.
fn save(store: &Path, paths: &[PathBuf]) -> std::io::Result<()> {
    if let Some(dir) = store.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let partial = store.with_extension("txt.partial");
    std::fs::write(&partial, format(paths))?;
    std::fs::rename(&partial, store)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn absolute(name: &str) -> PathBuf {
        std::env::temp_dir().join(name)
    }

    #[test]
    fn the_list_survives_a_round_trip_through_its_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("config").join("recent.txt");
        let mut recent = RecentFiles::load(store.clone());
        assert!(recent.paths().is_empty(), "no file yet");
        recent.add(&[absolute("ミク.pmx"), absolute("dance.vmd")]);
        recent.add(&[absolute("camera.vmd")]);
        recent.add(&[absolute("ミク.pmx")]);
        let expected = [
            absolute("ミク.pmx"),
            absolute("camera.vmd"),
            absolute("dance.vmd"),
        ];
        assert_eq!(recent.paths(), expected);
        assert_eq!(RecentFiles::load(store).paths(), expected);
        assert_eq!(recent.folder(), Some(std::env::temp_dir().as_path()));
    }

    #[test]
    fn the_list_keeps_the_newest_few() {
        let mut recent = RecentFiles::default();
        for i in 0..MAX_RECENT + 5 {
            recent.add(&[absolute(&format!("{i}.vmd"))]);
        }
        assert_eq!(recent.paths().len(), MAX_RECENT);
        assert_eq!(
            recent.paths()[0],
            absolute(&format!("{}.vmd", MAX_RECENT + 4))
        );
    }

    #[test]
    fn a_garbled_file_gives_the_lines_that_are_still_paths() {
        let good = absolute("good.pmx");
        let mut bytes = b"\xff\xfe\x00garbage\n\nrelative/path.pmx\r\n".to_vec();
        bytes.extend_from_slice(format!("{}\r\n", good.display()).as_bytes());
        bytes.extend_from_slice(format!("{}\n", good.display()).as_bytes());
        bytes.extend_from_slice(&[0x80; 4096]);
        assert_eq!(parse(&bytes), vec![good]);
        assert!(parse(&[]).is_empty());
    }

    #[test]
    fn an_unreadable_store_gives_an_empty_list_and_adding_still_works() {
        let dir = tempfile::tempdir().unwrap();
        // Under a plain file, where no folder can be: reading and writing both fail.
        let blocker = dir.path().join("not a folder");
        std::fs::write(&blocker, b"").unwrap();
        let mut recent = RecentFiles::load(blocker.join("recent.txt"));
        assert!(recent.paths().is_empty());
        recent.add(&[absolute("a.pmx")]);
        assert_eq!(recent.paths(), [absolute("a.pmx")]);
    }
}
