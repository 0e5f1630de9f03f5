use super::Vmd;
use crate::error::Result;

pub fn write(_value: &Vmd) -> Result<Vec<u8>> {
    todo!("writer in progress")
}
