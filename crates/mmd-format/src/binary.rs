//! Little-endian cursor over a byte slice, shared by the binary formats. Every read checks the
//! remaining length first; counts are checked against what remains before anything is
//! allocated, so a hostile count cannot exhaust memory.

use crate::error::{Error, ErrorKind, Format, Result};

pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    format: Format,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8], format: Format) -> Self {
        Reader {
            bytes,
            pos: 0,
            format,
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    pub(crate) fn is_at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// An error of `kind` at the current offset. `context` is filled in by callers that know it
    /// (see [`Ctx`]).
    pub(crate) fn error(&self, kind: ErrorKind) -> Error {
        Error {
            format: self.format,
            context: String::new(),
            kind,
            offset: self.pos,
        }
    }

    pub(crate) fn error_at(&self, offset: usize, kind: ErrorKind) -> Error {
        Error {
            format: self.format,
            context: String::new(),
            kind,
            offset,
        }
    }

    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(self.error(ErrorKind::Truncated {
                needed: n,
                remaining: self.remaining(),
            }));
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    #[inline]
    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let s = self.take(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    #[inline]
    pub(crate) fn u8(&mut self) -> Result<u8> {
        Ok(self.array::<1>()?[0])
    }
    #[inline]
    pub(crate) fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    #[inline]
    pub(crate) fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    #[inline]
    pub(crate) fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    #[inline]
    pub(crate) fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array()?))
    }
    #[inline]
    pub(crate) fn vec3(&mut self) -> Result<[f32; 3]> {
        Ok([self.f32()?, self.f32()?, self.f32()?])
    }
    #[inline]
    pub(crate) fn vec4(&mut self) -> Result<[f32; 4]> {
        Ok([self.f32()?, self.f32()?, self.f32()?, self.f32()?])
    }

    /// Validates that `count` items of at least `min_item_size` bytes each can still follow, and
    /// returns the count as `usize`. Call before `Vec::with_capacity(count)`.
    pub(crate) fn check_count(&self, count: u64, min_item_size: usize) -> Result<usize> {
        let needed = count.saturating_mul(min_item_size as u64);
        if needed > self.remaining() as u64 {
            return Err(self.error(ErrorKind::CountTooLarge {
                count,
                needed,
                remaining: self.remaining(),
            }));
        }
        usize::try_from(count).map_err(|_| {
            self.error(ErrorKind::CountTooLarge {
                count,
                needed,
                remaining: self.remaining(),
            })
        })
    }

    /// A signed 32-bit count (PMX), checked as in [`Reader::check_count`].
    pub(crate) fn count_i32(&mut self, min_item_size: usize) -> Result<usize> {
        let at = self.pos;
        let c = self.i32()?;
        if c < 0 {
            return Err(self.error_at(at, ErrorKind::NegativeCount(i64::from(c))));
        }
        self.check_count(c as u64, min_item_size)
    }

    /// An unsigned 32-bit count (PMD, VMD), checked as in [`Reader::check_count`].
    pub(crate) fn count_u32(&mut self, min_item_size: usize) -> Result<usize> {
        let c = self.u32()?;
        self.check_count(u64::from(c), min_item_size)
    }
}

impl<'a> Reader<'a> {
    /// `count` records of exactly `N` bytes each, decoded by `decode` from one block. Call
    /// after checking `count` against the remaining bytes with the record size
    /// ([`Reader::count_u32`] with `N`), so the block is there and nothing inside a record can
    /// be cut short: reading a block instead of field by field drops a length check per field.
    pub(crate) fn records<const N: usize, T>(
        &mut self,
        count: usize,
        decode: impl FnMut(&mut Fields<'a, N>) -> T,
    ) -> Result<Vec<T>> {
        let mut decode = decode;
        let block = self.take(count.saturating_mul(N))?;
        let (records, _) = block.as_chunks::<N>();
        Ok(records
            .iter()
            .map(|record| decode(&mut Fields::new(record)))
            .collect())
    }
}

/// Little-endian fields read in order from one fixed-size record. The record's size is a
/// constant, so once inlined the offsets are too and the slicing checks fold away; a read
/// past the end would be a bug in the record layout, not in the file.
pub(crate) struct Fields<'a, const N: usize> {
    record: &'a [u8; N],
    at: usize,
}

impl<'a, const N: usize> Fields<'a, N> {
    #[inline(always)]
    pub(crate) fn new(record: &'a [u8; N]) -> Self {
        Fields { record, at: 0 }
    }

    #[inline(always)]
    pub(crate) fn array<const M: usize>(&mut self) -> [u8; M] {
        let mut out = [0u8; M];
        out.copy_from_slice(&self.record[self.at..self.at + M]);
        self.at += M;
        out
    }
    #[inline(always)]
    pub(crate) fn u8(&mut self) -> u8 {
        self.array::<1>()[0]
    }
    #[inline(always)]
    pub(crate) fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.array())
    }
    #[inline(always)]
    pub(crate) fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.array())
    }
    #[inline(always)]
    pub(crate) fn f32(&mut self) -> f32 {
        f32::from_le_bytes(self.array())
    }
    #[inline(always)]
    pub(crate) fn floats<const M: usize>(&mut self) -> [f32; M] {
        std::array::from_fn(|_| self.f32())
    }
}

/// Attaches a context ("bone 12: IK link 3") to errors produced inside a closure-free chain:
/// `r.u8().ctx(|| format!("bone {i}"))?`. Contexts nest outward: the innermost is written first
/// and outer ones are prefixed.
pub(crate) trait Ctx<T> {
    fn ctx<S: Into<String>>(self, f: impl FnOnce() -> S) -> Result<T>;
}

impl<T> Ctx<T> for Result<T> {
    fn ctx<S: Into<String>>(self, f: impl FnOnce() -> S) -> Result<T> {
        self.map_err(|mut e| {
            let outer: String = f().into();
            e.context = if e.context.is_empty() {
                outer
            } else {
                format!("{outer}: {}", e.context)
            };
            e
        })
    }
}

/// Little-endian byte sink used by the writers.
#[derive(Default)]
pub(crate) struct Writer {
    pub(crate) bytes: Vec<u8>,
}

impl Writer {
    pub(crate) fn with_capacity(n: usize) -> Self {
        Writer {
            bytes: Vec::with_capacity(n),
        }
    }
    pub(crate) fn bytes(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }
    #[inline]
    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }
    pub(crate) fn i8(&mut self, v: i8) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn u16(&mut self, v: u16) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn i16(&mut self, v: i16) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn u32(&mut self, v: u32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn i32(&mut self, v: i32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    pub(crate) fn f32(&mut self, v: f32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn floats(&mut self, v: &[f32]) {
        for &f in v {
            self.f32(f);
        }
    }
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}
