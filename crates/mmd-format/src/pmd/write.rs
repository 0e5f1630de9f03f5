use super::Pmd;
use crate::error::Result;

pub fn write(_value: &Pmd) -> Result<Vec<u8>> {
    todo!("writer in progress")
}
