//! The files opened lately, newest first, for File → Open Recent. The host's settings store
//! keeps them under [`STORE_NAME`], one absolute path a line. The list is only ever a
//! convenience: a missing or garbled one gives whatever lines still read as paths (or none).

use std::path::{Path, PathBuf};

use crate::host::SettingsStore;

/// The name the list is kept under in the settings store.
pub const STORE_NAME: &str = "recent.txt";

/// How many files the menu lists.
pub const MAX_RECENT: usize = 10;

/// The recent files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
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
    /// The list kept in `store`; empty when it keeps none.
    pub fn read_from(store: &dyn SettingsStore) -> RecentFiles {
        RecentFiles {
            paths: store
                .read(STORE_NAME)
                .map(|b| parse(&b))
                .unwrap_or_default(),
        }
    }

    /// Keeps the list in `store`.
    pub fn write_to(&self, store: &mut dyn SettingsStore) {
        store.write(STORE_NAME, format(&self.paths).as_bytes());
    }

    /// Newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// The folder of the newest file: where a file browser starts.
    pub fn folder(&self) -> Option<&Path> {
        self.paths.first().and_then(|p| p.parent())
    }

    /// Puts `opened` (one batch, in the order given) at the top.
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::MemoryStore;

    fn absolute(name: &str) -> PathBuf {
        std::env::temp_dir().join(name)
    }

    #[test]
    fn the_list_survives_a_round_trip_through_its_store() {
        let mut store = MemoryStore::default();
        let mut recent = RecentFiles::read_from(&store);
        assert!(recent.paths().is_empty(), "nothing kept yet");
        recent.add(&[absolute("ミク.pmx"), absolute("dance.vmd")]);
        recent.add(&[absolute("camera.vmd")]);
        recent.add(&[absolute("ミク.pmx")]);
        recent.write_to(&mut store);
        let expected = [
            absolute("ミク.pmx"),
            absolute("camera.vmd"),
            absolute("dance.vmd"),
        ];
        assert_eq!(recent.paths(), expected);
        assert_eq!(RecentFiles::read_from(&store).paths(), expected);
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
}
