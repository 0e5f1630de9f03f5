//! Helpers shared by the effect reader's integration tests.

use std::path::{Path, PathBuf};

/// `../shared/fixtures/mme/<rel>`, or `None` (reason printed) when the fixtures are absent;
/// with `MMD_REQUIRE_FIXTURES=1` they must be present.
pub fn fixture(rel: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/mme"
    ))
    .join(rel);
    if p.exists() {
        return Some(p);
    }
    assert!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
        "MMD_REQUIRE_FIXTURES=1 but {} is missing",
        p.display()
    );
    eprintln!("skipped: {} is absent", p.display());
    None
}

/// Every `.fx` and `.fxsub` under `dir`, sorted.
#[allow(dead_code)]
pub fn effect_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("fx" | "fxsub")
            ) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
