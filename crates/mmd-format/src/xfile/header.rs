//! The 16-byte header: `xof `, the version (`0302`, `0303`), how the body is stored (`txt `,
//! `bin `, `tzip`, `bzip`) and the size of binary floats (`0032`, `0064`).

use super::{XEncoding, error};
use crate::error::{ErrorKind, Format, Result};

pub(super) const MAGIC: &[u8; 4] = b"xof ";
pub(super) const SIZE: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Body {
    Text,
    Binary,
    CompressedText,
    CompressedBinary,
}

/// Bytes per float in a binary body's float lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FloatSize {
    F32,
    F64,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Header {
    pub body: Body,
    pub float_size: FloatSize,
}

impl Header {
    pub(super) fn encoding(&self) -> XEncoding {
        match self.body {
            Body::Text => XEncoding::Text,
            Body::Binary => XEncoding::Binary,
            Body::CompressedText => XEncoding::CompressedText,
            Body::CompressedBinary => XEncoding::CompressedBinary,
        }
    }
}

pub(super) fn read(bytes: &[u8]) -> Result<Header> {
    if !bytes.starts_with(MAGIC) {
        return Err(error(0, ErrorKind::BadMagic(Format::X), "header"));
    }
    let Some(header) = bytes.first_chunk::<SIZE>() else {
        return Err(error(
            0,
            ErrorKind::Truncated {
                needed: SIZE,
                remaining: bytes.len(),
            },
            "header",
        ));
    };
    let field =
        |at: usize| -> [u8; 4] { [header[at], header[at + 1], header[at + 2], header[at + 3]] };
    // Every version D3DX wrote is 3.x (0302, 0303); a different major version would be a
    // different grammar.
    let version = field(4);
    if !(version.starts_with(b"03") && version.iter().all(u8::is_ascii_digit)) {
        return Err(error(
            4,
            ErrorKind::UnsupportedVersion(String::from_utf8_lossy(&version).into_owned()),
            "header",
        ));
    }
    let body = match &field(8) {
        b"txt " => Body::Text,
        b"bin " => Body::Binary,
        b"tzip" => Body::CompressedText,
        b"bzip" => Body::CompressedBinary,
        other => {
            return Err(error(
                8,
                ErrorKind::InvalidText(format!(
                    "unknown encoding {:?} (expected \"txt \", \"bin \", \"tzip\" or \"bzip\")",
                    String::from_utf8_lossy(other)
                )),
                "header",
            ));
        }
    };
    let float_size = match &field(12) {
        b"0032" => FloatSize::F32,
        b"0064" => FloatSize::F64,
        other => {
            return Err(error(
                12,
                ErrorKind::InvalidText(format!(
                    "unknown float size {:?} (expected \"0032\" or \"0064\")",
                    String::from_utf8_lossy(other)
                )),
                "header",
            ));
        }
    };
    Ok(Header { body, float_size })
}
