//! Where texture bytes come from: a model's folder on disk, or files held in memory.
//!
//! Texture paths in MMD models use `\`, are relative to the model file and were written on
//! case-insensitive file systems, so both sources normalise separators and match names
//! without regard to case.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// Supplies the bytes of a texture named by its path as stored in the model.
pub trait TextureSource: Sync {
    /// The file's bytes, or `None` when there is no such file.
    fn load(&self, path: &str) -> Option<Vec<u8>>;
}

/// Splits a model texture path into its segments (`\` and `/` both separate), dropping empty
/// and `.` segments.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split(['\\', '/'])
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != ".")
}

/// Textures from the folder that holds the model.
pub struct DirTextureSource {
    root: PathBuf,
}

impl DirTextureSource {
    pub fn new(root: impl Into<PathBuf>) -> DirTextureSource {
        DirTextureSource { root: root.into() }
    }

    /// Resolves `path` below the root one segment at a time: the exact name when it exists,
    /// otherwise the single entry whose name matches ignoring case.
    pub fn resolve(&self, path: &str) -> Option<PathBuf> {
        let mut current = self.root.clone();
        for segment in segments(path) {
            if segment == ".." {
                current.push(Component::ParentDir.as_os_str());
                continue;
            }
            let exact = current.join(segment);
            if exact.exists() {
                current = exact;
                continue;
            }
            current = find_ignoring_case(&current, segment)?;
        }
        current.is_file().then_some(current)
    }
}

fn find_ignoring_case(dir: &Path, name: &str) -> Option<PathBuf> {
    let wanted = name.to_lowercase();
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .find(|entry| entry.file_name().to_string_lossy().to_lowercase() == wanted)
        .map(|entry| entry.path())
}

impl TextureSource for DirTextureSource {
    fn load(&self, path: &str) -> Option<Vec<u8>> {
        std::fs::read(self.resolve(path)?).ok()
    }
}

/// Textures held in memory (e.g. a bundled model embedded with `include_bytes!`), keyed by
/// their path relative to the model.
#[derive(Default)]
pub struct MemoryTextureSource {
    files: HashMap<String, &'static [u8]>,
}

impl MemoryTextureSource {
    pub fn new() -> MemoryTextureSource {
        MemoryTextureSource::default()
    }

    /// Adds a file under `path` (any separators, any case).
    pub fn insert(&mut self, path: &str, bytes: &'static [u8]) {
        self.files.insert(normalise(path), bytes);
    }
}

fn normalise(path: &str) -> String {
    segments(path)
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("/")
}

impl TextureSource for MemoryTextureSource {
    fn load(&self, path: &str) -> Option<Vec<u8>> {
        self.files.get(&normalise(path)).map(|bytes| bytes.to_vec())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn directory_lookup_ignores_case_per_segment() {
        let root = std::env::temp_dir().join(format!("mmd-render-tex-{}", std::process::id()));
        std::fs::create_dir_all(root.join("Tex")).unwrap();
        std::fs::write(root.join("Tex").join("Face.PNG"), b"x").unwrap();
        let source = DirTextureSource::new(&root);
        assert_eq!(source.load("tex\\face.png").unwrap(), b"x");
        assert_eq!(source.load("./TEX/FACE.png").unwrap(), b"x");
        assert!(source.load("tex\\missing.png").is_none());
        assert!(source.load("tex").is_none(), "a folder is not a texture");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn memory_lookup_normalises_separators_and_case() {
        let mut source = MemoryTextureSource::new();
        source.insert("tex/Eye.png", b"eye");
        assert_eq!(source.load("TEX\\eye.PNG").unwrap(), b"eye");
        assert!(source.load("eye.png").is_none());
    }
}
