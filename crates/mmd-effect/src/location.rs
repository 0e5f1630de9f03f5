//! Where a token came from: the effect's files and a file-and-line position in them.

use std::fmt;
use std::path::{Path, PathBuf};

/// An index into [`SourceFiles`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A position in the effect's sources: the file and its 1-based line (0 names the whole
/// file, for failures before any line is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    /// The file.
    pub file: FileId,
    /// The 1-based line, 0 for the file as a whole.
    pub line: u32,
}

/// The files an effect was read from: the effect itself first, then each include in the
/// order it was first opened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceFiles {
    paths: Vec<PathBuf>,
}

impl SourceFiles {
    /// Adds a file (or finds it when already there) and returns its id.
    pub fn add(&mut self, path: &Path) -> FileId {
        if let Some(i) = self.paths.iter().position(|p| p == path) {
            return FileId(i as u32);
        }
        self.paths.push(path.to_path_buf());
        FileId((self.paths.len() - 1) as u32)
    }

    /// The path of a file, or an empty path for an id from elsewhere.
    pub fn path(&self, id: FileId) -> &Path {
        self.paths
            .get(id.0 as usize)
            .map_or(Path::new(""), PathBuf::as_path)
    }

    /// Every file, the effect first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// A position with its file's path, for messages.
    pub fn resolve(&self, loc: Loc) -> Location {
        Location {
            file: self.path(loc.file).to_path_buf(),
            line: loc.line,
        }
    }
}

/// A position with the file's path spelled out, as errors carry it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file's path as the effect named it (the effect's own path, or an include
    /// resolved against the including file's folder).
    pub file: PathBuf,
    /// The 1-based line, 0 for the file as a whole.
    pub line: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.file.display())
        } else {
            write!(f, "{}:{}", self.file.display(), self.line)
        }
    }
}
