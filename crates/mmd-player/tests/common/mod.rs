//! Helpers shared by the player's integration tests.

use std::path::{Path, PathBuf};

use mmd_render::GpuContext;

/// `../shared/fixtures/<rel>`, or `None` (reason printed) when the fixtures are absent;
/// with `MMD_REQUIRE_FIXTURES=1` they must be present.
pub fn fixture(rel: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
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

/// The several-models acceptance scene's files: Gene laughing, Luka dancing WAVEFILE, Miku
/// (`index.pmx`) dancing im5066365, and the WAVEFILE camera; `None` when a fixture is absent.
#[allow(dead_code)]
pub fn three_dancers() -> Option<Vec<PathBuf>> {
    [
        "gene/Gene_light.pmx",
        "gene/motion/02_laugh.vmd",
        "blender_mmd_tools/pmx/巡音ルカ.pmx",
        "mmd-viewer-js/vmd/wavefile_v2.vmd",
        "j3/miku/index.pmx",
        "j3/miku/im5066365.vmd",
        "three-mmd/vmds/wavefile_camera.vmd",
    ]
    .iter()
    .map(|rel| fixture(rel))
    .collect()
}

/// The GPU, or `None` (with the reason printed) when there is none; with `MMD_REQUIRE_GPU=1`
/// a missing adapter fails the test instead.
#[allow(dead_code)]
pub fn gpu() -> Option<GpuContext> {
    match GpuContext::headless() {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            assert!(
                std::env::var("MMD_REQUIRE_GPU").as_deref() != Ok("1"),
                "MMD_REQUIRE_GPU=1 but {e}"
            );
            eprintln!("skipped: {e}");
            None
        }
    }
}
