use super::Vmd;
use crate::error::Result;

pub fn read(_bytes: &[u8]) -> Result<Vmd> {
    todo!("reader in progress")
}
