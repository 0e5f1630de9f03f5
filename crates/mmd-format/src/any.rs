//! Format detection by magic bytes, and reading a file whose format is not known in advance.

use crate::error::{Error, Format};
use crate::pmd::Pmd;
use crate::pmm::Pmm;
use crate::pmx::Pmx;
use crate::vac::Vac;
use crate::vmd::Vmd;
use crate::vpd::Vpd;
use crate::xfile::XFile;

/// The format `bytes` claims by its magic (VPD: by its first line), or `None`. A `.vac` has no
/// magic: it is told by its content, and only when nothing else matched.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"PMX ") {
        Some(Format::Pmx)
    } else if bytes.starts_with(b"Pmd") {
        Some(Format::Pmd)
    } else if bytes.starts_with(b"Vocaloid Motion Data 0002")
        || bytes.starts_with(b"Vocaloid Motion Data file")
    {
        Some(Format::Vmd)
    } else if crate::pmm::has_magic(bytes) {
        Some(Format::Pmm)
    } else if crate::vpd::has_magic(bytes) {
        Some(Format::Vpd)
    } else if crate::xfile::has_magic(bytes) {
        Some(Format::X)
    } else if crate::vac::looks_like_vac(bytes) {
        Some(Format::Vac)
    } else {
        None
    }
}

/// Any file this crate reads. Models, accessories and projects are boxed: they are large and
/// usually moved on at once.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyFile {
    Pmx(Box<Pmx>),
    Pmd(Box<Pmd>),
    Vmd(Vmd),
    Vpd(Vpd),
    X(Box<XFile>),
    Vac(Vac),
    /// A project, read with [`crate::pmm::read`]: a version 0001 project with models needs
    /// them ([`crate::pmm::read_with_models`]).
    Pmm(Box<Pmm>),
}

impl AnyFile {
    pub fn format(&self) -> Format {
        match self {
            AnyFile::Pmx(_) => Format::Pmx,
            AnyFile::Pmd(_) => Format::Pmd,
            AnyFile::Vmd(_) => Format::Vmd,
            AnyFile::Vpd(_) => Format::Vpd,
            AnyFile::X(_) => Format::X,
            AnyFile::Vac(_) => Format::Vac,
            AnyFile::Pmm(_) => Format::Pmm,
        }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReadAnyError {
    #[error(
        "unknown format: not a PMX, PMD, VMD, VPD, .x, .vac or .pmm file (no signature at byte 0)"
    )]
    UnknownFormat,
    #[error(transparent)]
    Invalid(#[from] Error),
}

/// Detects the format and reads the file with the matching reader.
pub fn read_any(bytes: &[u8]) -> Result<AnyFile, ReadAnyError> {
    let file = match detect(bytes).ok_or(ReadAnyError::UnknownFormat)? {
        Format::Pmx => AnyFile::Pmx(Box::new(crate::pmx::read(bytes)?)),
        Format::Pmd => AnyFile::Pmd(Box::new(crate::pmd::read(bytes)?)),
        Format::Vmd => AnyFile::Vmd(crate::vmd::read(bytes)?),
        Format::Vpd => AnyFile::Vpd(crate::vpd::read(bytes)?),
        Format::X => AnyFile::X(Box::new(crate::xfile::read(bytes)?)),
        Format::Vac => AnyFile::Vac(crate::vac::read(bytes)?),
        Format::Pmm => AnyFile::Pmm(Box::new(crate::pmm::read(bytes)?)),
    };
    Ok(file)
}
