//! Placeholder until its issue lands.

use anyhow::Result;

pub fn run(_args: &crate::cli::WindowArgs) -> Result<()> {
    anyhow::bail!("the window is not built yet")
}
