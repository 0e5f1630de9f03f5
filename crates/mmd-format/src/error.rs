//! The one error type of the crate: what went wrong, where (byte offset) and while reading what.

use std::fmt;

/// Which file format was being read or written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pmx,
    Pmd,
    Vmd,
    Vpd,
    /// DirectX `.x` (accessories).
    X,
    /// MMD's accessory settings (`.vac`).
    Vac,
    /// MMD's project files (`.pmm`).
    Pmm,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Pmx => "PMX",
            Format::Pmd => "PMD",
            Format::Vmd => "VMD",
            Format::Vpd => "VPD",
            Format::X => "X",
            Format::Vac => "VAC",
            Format::Pmm => "PMM",
        })
    }
}

/// What was wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ErrorKind {
    #[error("bad magic (not a {0} file)")]
    BadMagic(Format),
    #[error("unexpected end of file (needed {needed} bytes, {remaining} left)")]
    Truncated { needed: usize, remaining: usize },
    #[error("count {count} needs at least {needed} bytes but only {remaining} remain")]
    CountTooLarge {
        count: u64,
        needed: u64,
        remaining: usize,
    },
    #[error("negative count {0}")]
    NegativeCount(i64),
    #[error("invalid value {value} for {what}")]
    InvalidValue { what: &'static str, value: i64 },
    #[error("invalid text: {0}")]
    InvalidText(String),
    #[error("unsupported version {0}")]
    UnsupportedVersion(String),
    #[error("cannot write: {0}")]
    Unwritable(String),
    /// A version 0001 project keeps no bone, morph or IK counts for its models: they come
    /// from the model file at this path (see [`crate::pmm::read_with_models`]).
    #[error(
        "the model at {0:?} is needed: a version 0001 project sizes its keys by its models' \
         bones, morphs and IK bones"
    )]
    ModelNeeded(String),
}

/// A read or write failure: `kind` at byte `offset` while reading `context`
/// ("bone 12: IK link 3").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct Error {
    pub format: Format,
    pub context: String,
    pub kind: ErrorKind,
    pub offset: usize,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.context.is_empty() {
            write!(f, "{}: {} at byte {}", self.format, self.kind, self.offset)
        } else {
            write!(
                f,
                "{}: {}: {} at byte {}",
                self.format, self.context, self.kind, self.offset
            )
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;
