//! Placeholder until its issue lands.

use anyhow::Result;

pub fn run(_args: &crate::cli::BenchArgs) -> Result<()> {
    anyhow::bail!("not built yet")
}
