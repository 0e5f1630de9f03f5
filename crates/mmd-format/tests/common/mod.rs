//! Shared by the integration tests: reading fixtures, and skipping when they are absent.

#![allow(dead_code)]

pub mod synthetic;
pub mod x_encode;

use std::path::PathBuf;

/// The bytes of a fixture, or `None` (with a printed reason) when `../shared` is absent.
/// With `MMD_REQUIRE_FIXTURES=1` a missing fixture fails the test instead.
pub fn fixture(rel: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures")
        .join(rel);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
                panic!("fixture {} is required: {e}", path.display());
            }
            eprintln!("skipping: fixture {} not available ({e})", path.display());
            None
        }
    }
}

/// Every PMX fixture, by path relative to the fixtures folder.
pub const PMX_FIXTURES: [&str; 9] = [
    "gene/Gene_light.pmx",
    "uka/MS_Uka.pmx",
    "blender_mmd_tools/pmx/初音ミク.pmx",
    "blender_mmd_tools/pmx/巡音ルカ.pmx",
    "j3/miku/index.pmx",
    "mmd-anim/model_descriptor_parity.pmx",
    "mmd-anim/ik_multi_axis_limit.pmx",
    "mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx",
    "babylon-mmd/bone_flag_test.pmx",
];
