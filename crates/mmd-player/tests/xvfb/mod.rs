//! Running the real window under Xvfb, for the tests that look at what it shows.

use std::path::Path;
use std::process::Command;

/// Whether `xvfb-run`, each of `tools` and a GPU adapter are there; with `MMD_REQUIRE_GPU=1`
/// they must be.
pub fn environment_ready(tools: &[&str]) -> bool {
    let require = std::env::var("MMD_REQUIRE_GPU").is_ok_and(|v| v == "1");
    let runs = |program: &str, arg: &str| Command::new(program).arg(arg).output().is_ok();
    let problem = if !runs("xvfb-run", "--help") {
        Some("xvfb-run is not installed".to_owned())
    } else if let Some(tool) = tools.iter().find(|t| !runs(t, "--version")) {
        Some(format!("{tool} is not installed"))
    } else if mmd_render::GpuContext::headless().is_err() {
        Some("no GPU adapter (install mesa-vulkan-drivers)".to_owned())
    } else {
        None
    };
    match problem {
        None => true,
        Some(reason) if require => panic!("MMD_REQUIRE_GPU=1 but {reason}"),
        Some(reason) => {
            eprintln!("skipping the window test: {reason}");
            false
        }
    }
}

/// Runs `script` (sh) inside a fresh Xvfb display; the player keeps its settings and recent
/// files in `dir/mmd-player`, never in the user's config folder.
pub fn in_xvfb(script: &str, dir: &Path) {
    let output = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script])
        .env("XDG_CONFIG_HOME", dir)
        .env("MMD_PLAYER_CONFIG_DIR", dir.join("mmd-player"))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
