use super::Pmx;
use crate::error::Result;

pub fn read(_bytes: &[u8]) -> Result<Pmx> {
    todo!("reader in progress")
}
