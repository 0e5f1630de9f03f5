//! MSZIP, the compression of `tzip` and `bzip` bodies.
//!
//! After the 16-byte header: a `u32`, the size of the file once decompressed (header
//! included), then blocks until that size is reached. Each block is a `u16` decompressed
//! size, a `u16` compressed size (counting the 2-byte `CK` signature that follows), `CK`,
//! and a complete raw deflate stream. The decompressor starts afresh for each block, but a
//! block may copy from up to 32 KiB of the output of the blocks before it, so every block is
//! inflated into one contiguous buffer that holds all the output so far.

use miniz_oxide::inflate::TINFLStatus;
use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};

use super::{error, header};
use crate::binary::{Ctx, Reader};
use crate::error::{Error, ErrorKind, Format, Result};

/// The most a body may decompress to. Accessories are a few megabytes at most; the limit
/// keeps a small hostile file (deflate expands up to ~1000×) from exhausting memory.
pub(super) const MAX_SIZE: usize = 256 << 20;

/// A decompressed body, with where each block came from in the file.
pub(super) struct Inflated {
    pub bytes: Vec<u8>,
    /// (start in `bytes`, offset of the block in the file), in order.
    blocks: Vec<(usize, usize)>,
}

impl Inflated {
    /// `e`, raised at an offset in the decompressed body, moved to the file offset of the
    /// block holding that byte (the decompressed offset goes into the context).
    pub(super) fn locate(&self, mut e: Error) -> Error {
        let at = e.offset;
        let block = self.blocks.partition_point(|&(start, _)| start <= at);
        let file_offset = match block.checked_sub(1).and_then(|i| self.blocks.get(i)) {
            Some(&(_, offset)) => offset,
            None => header::SIZE,
        };
        let place = format!("decompressed byte {at}");
        e.context = if e.context.is_empty() {
            place
        } else {
            format!("{place}: {}", e.context)
        };
        e.offset = file_offset;
        e
    }
}

pub(super) fn inflate(file: &[u8]) -> Result<Inflated> {
    let mut r = Reader::new(file, Format::X);
    r.take(header::SIZE)?;
    let declared_at = r.pos();
    let declared = r.u32().ctx(|| "decompressed size")?;
    let expected = usize::try_from(declared)
        .ok()
        .and_then(|total| total.checked_sub(header::SIZE))
        .filter(|&size| size <= MAX_SIZE)
        .ok_or_else(|| {
            error(
                declared_at,
                ErrorKind::InvalidValue {
                    what: "decompressed size",
                    value: i64::from(declared),
                },
                "",
            )
        })?;

    let mut bytes = Vec::new();
    let mut blocks = Vec::new();
    let mut decompressor = DecompressorOxide::new();
    while bytes.len() < expected {
        let block_at = r.pos();
        let context = || format!("compressed block {} at byte {block_at}", blocks.len());
        if r.is_at_end() {
            return Err(error(
                block_at,
                ErrorKind::InvalidText(format!(
                    "compressed data ends after {} of the {expected} bytes it declares",
                    bytes.len()
                )),
                "",
            ));
        }
        let size = usize::from(r.u16().ctx(context)?);
        let compressed = usize::from(r.u16().ctx(context)?);
        let data = r.take(compressed).ctx(context)?;
        let Some(deflate) = data.strip_prefix(b"CK") else {
            return Err(error(
                block_at + 4,
                ErrorKind::InvalidText("no `CK` signature".into()),
                context(),
            ));
        };
        let start = bytes.len();
        if start + size > expected {
            return Err(error(
                block_at,
                ErrorKind::InvalidText(format!(
                    "block of {size} bytes runs past the {expected} bytes declared"
                )),
                context(),
            ));
        }
        bytes.resize(start + size, 0);
        decompressor.init();
        let (status, _, written) = decompress(
            &mut decompressor,
            deflate,
            &mut bytes,
            start,
            inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
        );
        if status != TINFLStatus::Done {
            return Err(error(
                block_at + 6,
                ErrorKind::InvalidText(format!("damaged deflate data ({status:?})")),
                context(),
            ));
        }
        // A block that says it holds more than it inflates to: keep what it holds, so that
        // the next block's back-references count from the right place.
        bytes.truncate(start + written);
        blocks.push((start, block_at));
    }
    Ok(Inflated { bytes, blocks })
}
