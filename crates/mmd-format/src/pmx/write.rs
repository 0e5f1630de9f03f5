use super::Pmx;
use crate::error::Result;

pub fn write(_value: &Pmx) -> Result<Vec<u8>> {
    todo!("writer in progress")
}
