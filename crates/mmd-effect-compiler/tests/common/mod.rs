//! Helpers shared by the compiler's integration tests.

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
