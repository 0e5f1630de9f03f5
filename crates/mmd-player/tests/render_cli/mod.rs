//! Running `mmd-player render` from a test.

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `mmd-player render ARGS`, with `path` as PATH when given; `None` (reason printed) when
/// the machine has no GPU adapter, which fails instead under `MMD_REQUIRE_GPU=1`.
pub fn render(args: &[&OsStr], path: Option<&Path>) -> Option<Output> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mmd-player"));
    command.arg("render").args(args);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() && stderr.contains("no GPU adapter") {
        assert_ne!(
            std::env::var("MMD_REQUIRE_GPU").as_deref(),
            Ok("1"),
            "{stderr}"
        );
        eprintln!("skipping: {stderr}");
        return None;
    }
    Some(output)
}
