//! Finding a file a project names by a path from another machine: MMD keeps absolute Windows
//! paths (`C:\Users\me\UserFile\Model\miku.pmx`), which mean nothing elsewhere. The same file
//! is looked for under the project's folder and each folder above it, by the longest tail of
//! the path that exists there (`UserFile/Model/miku.pmx`, then `Model/miku.pmx`, then
//! `miku.pmx`), as after a project and its files were copied together.

use std::path::{Path, PathBuf};

/// How many folders above the project's are searched.
const MAX_LEVELS_UP: usize = 8;

/// The file `written` (as the project has it, `\` or `/` between names, absolute or relative
/// to `folder`) names: where it is written when that exists, else the longest tail of it
/// found under `folder` or a folder above it (nearest first), else `None`.
pub fn relocate(folder: &Path, written: &str) -> Option<PathBuf> {
    let names: Vec<&str> = written
        .split(['\\', '/'])
        .filter(|n| !n.is_empty() && *n != "." && !is_drive(n))
        .collect();
    let as_written = folder.join(written.replace('\\', "/"));
    if as_written.is_file() {
        return Some(as_written);
    }
    let tails = (0..names.len()).map(|start| &names[start..]);
    for tail in tails {
        if tail.contains(&"..") {
            continue;
        }
        let relative: PathBuf = tail.iter().collect();
        for base in folder.ancestors().take(MAX_LEVELS_UP + 1) {
            let candidate = base.join(&relative);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A Windows drive (`C:`), which no tail starts with.
fn is_drive(name: &str) -> bool {
    name.len() == 2 && name.ends_with(':')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_tail_that_exists_wins_nearest_folder_first() {
        let root = std::env::temp_dir().join(format!("mmd-relocate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let projects = root.join("UserFile").join("Projects");
        let models = root.join("UserFile").join("Model");
        std::fs::create_dir_all(&projects).unwrap_or_default();
        std::fs::create_dir_all(&models).unwrap_or_default();
        std::fs::write(models.join("miku.pmx"), b"x").unwrap_or_default();
        std::fs::write(projects.join("miku.pmx"), b"y").unwrap_or_default();
        let written = r"C:\Users\someone\MikuMikuDance\UserFile\Model\miku.pmx";
        assert_eq!(
            relocate(&projects, written),
            Some(root.join("UserFile/Model/miku.pmx")),
            "UserFile/Model/miku.pmx is a longer tail than miku.pmx"
        );
        assert_eq!(
            relocate(&projects, r"..\pmx\miku.pmx"),
            Some(projects.join("miku.pmx")),
            "a relative path with `..` falls back to the name"
        );
        assert_eq!(relocate(&projects, r"C:\elsewhere\absent.pmx"), None);
        assert_eq!(relocate(&projects, ""), None);
        let _ = std::fs::remove_dir_all(&root);
    }
}
