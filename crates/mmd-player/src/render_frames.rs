//! Placeholder until its issue lands.

use anyhow::Result;

pub fn run(_args: &crate::cli::RenderArgs) -> Result<()> {
    anyhow::bail!("not built yet")
}
