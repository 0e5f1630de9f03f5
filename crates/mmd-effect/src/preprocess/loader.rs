//! Where included files come from: the file system (with the case-insensitive lookup that
//! effects written on Windows need) or memory, and how an include's name becomes a path.

use std::collections::HashMap;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Reads the files an effect names.
pub trait SourceLoader {
    /// The bytes of the file at `path` (already resolved against the including file).
    fn load(&self, path: &Path) -> io::Result<Vec<u8>>;

    /// Whether `load` would find a file at `path` (by default: whether it loads).
    fn exists(&self, path: &Path) -> bool {
        self.load(path).is_ok()
    }
}

/// Reads from the file system. A path that does not exist as spelled is looked up again
/// ignoring case, one component at a time, as Windows (where effects are written) opens
/// `shader/math.fxsub` from a folder named `Shader`.
#[derive(Clone, Copy, Debug, Default)]
pub struct FileLoader;

impl SourceLoader for FileLoader {
    fn load(&self, path: &Path) -> io::Result<Vec<u8>> {
        match std::fs::read(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => match find_ignoring_case(path) {
                Some(found) => std::fs::read(found),
                None => Err(e),
            },
            other => other,
        }
    }

    fn exists(&self, path: &Path) -> bool {
        path.is_file() || find_ignoring_case(path).is_some_and(|p| p.is_file())
    }
}

/// The existing path that matches `path` with each component compared ignoring case.
fn find_ignoring_case(path: &Path) -> Option<PathBuf> {
    let mut found = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(name) => {
                let exact = found.join(name);
                if exact.exists() {
                    found = exact;
                    continue;
                }
                let wanted = name.to_string_lossy().to_lowercase();
                let dir = if found.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    found.as_path()
                };
                let entry = std::fs::read_dir(dir)
                    .ok()?
                    .flatten()
                    .find(|entry| entry.file_name().to_string_lossy().to_lowercase() == wanted)?;
                found.push(entry.file_name());
            }
            other => found.push(other.as_os_str()),
        }
    }
    Some(found)
}

/// Files held in memory, by path (for tests and for hosts that read files themselves).
#[derive(Clone, Debug, Default)]
pub struct MemoryLoader {
    files: HashMap<PathBuf, Vec<u8>>,
}

impl MemoryLoader {
    /// No files.
    pub fn new() -> MemoryLoader {
        MemoryLoader::default()
    }

    /// Adds a file (its path normalised as includes resolve).
    pub fn with(mut self, path: &str, text: impl Into<Vec<u8>>) -> MemoryLoader {
        self.files.insert(normalize(Path::new(path)), text.into());
        self
    }
}

impl SourceLoader for MemoryLoader {
    fn load(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.files
            .get(&normalize(path))
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
    }

    fn exists(&self, path: &Path) -> bool {
        self.files.contains_key(&normalize(path))
    }
}

impl<F: Fn(&Path) -> io::Result<Vec<u8>>> SourceLoader for F {
    fn load(&self, path: &Path) -> io::Result<Vec<u8>> {
        self(path)
    }
}

/// The path an `#include "name"` in `including` names: relative to the including file's
/// folder, Windows' `\` read as a separator, `.` and `..` folded away.
pub fn resolve_include(including: &Path, name: &str) -> PathBuf {
    let name = name.replace('\\', "/");
    let target = Path::new(&name);
    if target.is_absolute() {
        return normalize(target);
    }
    let dir = including.parent().unwrap_or(Path::new(""));
    normalize(&dir.join(target))
}

/// Folds `.` and `..` components away without touching the file system (a `..` above the
/// start is kept).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out: Vec<Component> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(component),
            },
            other => out.push(other),
        }
    }
    out.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_is_relative_to_the_including_file() {
        assert_eq!(
            resolve_include(Path::new("a/b/main.fx"), "../shader/x.fxsub"),
            PathBuf::from("a/shader/x.fxsub")
        );
        assert_eq!(
            resolve_include(Path::new("a/main.fx"), ".\\sub\\y.fxsub"),
            PathBuf::from("a/sub/y.fxsub")
        );
        assert_eq!(
            resolve_include(Path::new("main.fx"), "../../up.fx"),
            PathBuf::from("../../up.fx")
        );
    }
}
