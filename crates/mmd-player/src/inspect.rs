//! `mmd-player inspect FILE [--json]`.

use anyhow::Result;

use crate::cli::InspectArgs;

pub fn run(_args: &InspectArgs) -> Result<()> {
    anyhow::bail!("inspect is not built yet")
}
