//! Readers and writers for MikuMikuDance files: PMX 2.0/2.1, PMD, VMD and VPD.
//!
//! Every reader takes the whole file as bytes and returns plain structs mirroring the file, or
//! an [`Error`] naming the byte offset and what was being read. No input makes a reader panic,
//! and counts are checked against the remaining bytes before any allocation.

pub mod any;
mod binary;
pub mod convert;
pub mod error;
pub mod pmd;
pub mod pmx;
pub mod text;
pub mod vmd;
pub mod vpd;

pub use error::{Error, ErrorKind, Format, Result};
pub use text::FixedText;
