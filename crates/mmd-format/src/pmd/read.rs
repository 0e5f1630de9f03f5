use super::Pmd;
use crate::error::Result;

pub fn read(_bytes: &[u8]) -> Result<Pmd> {
    todo!("reader in progress")
}
