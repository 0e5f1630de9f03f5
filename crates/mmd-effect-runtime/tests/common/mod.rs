//! Helpers shared by the runtime's integration tests.

use std::path::{Path, PathBuf};

use mmd_render::GpuContext;

/// `../shared/fixtures/mme/<rel>`, or `None` (reason printed) when the fixtures are absent;
/// with `MMD_REQUIRE_FIXTURES=1` they must be present.
#[allow(dead_code)]
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

/// A headless device, or `None` (reason printed) without an adapter; with
/// `MMD_REQUIRE_GPU=1` one must exist.
#[allow(dead_code)]
pub fn gpu() -> Option<GpuContext> {
    match GpuContext::headless() {
        Ok(gpu) => Some(gpu),
        Err(e) => {
            assert!(
                std::env::var("MMD_REQUIRE_GPU").as_deref() != Ok("1"),
                "MMD_REQUIRE_GPU=1 but no adapter: {e}"
            );
            eprintln!("skipped: no GPU adapter ({e})");
            None
        }
    }
}
