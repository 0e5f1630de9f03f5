//! Tokens of a binary body: little-endian `u16` token ids, some followed by a record (a name,
//! a string, an integer, a GUID, or a counted list of integers or floats). List elements are
//! handed out one token at a time, so the parser reads both encodings the same way.

use super::error;
use super::header::FloatSize;
use super::token::{Token, Tokens};
use crate::binary::{Ctx, Reader};
use crate::error::{ErrorKind, Format, Result};

// Token ids, from the format's "Tokens" page.
const NAME: u16 = 1;
const STRING: u16 = 2;
const INTEGER: u16 = 3;
const GUID: u16 = 5;
const INTEGER_LIST: u16 = 6;
const FLOAT_LIST: u16 = 7;
const OBRACE: u16 = 10;
const CBRACE: u16 = 11;
const COMMA: u16 = 19;
const SEMICOLON: u16 = 20;
const TEMPLATE: u16 = 31;

/// The list being handed out element by element.
#[derive(Clone, Copy)]
enum List {
    None,
    Integers(usize),
    Floats(usize),
}

pub(super) struct BinaryTokens<'a> {
    reader: Reader<'a>,
    float_size: FloatSize,
    list: List,
    /// Start of the token or list element last returned.
    start: usize,
}

impl<'a> BinaryTokens<'a> {
    /// Tokens of `bytes` from `start` on (offsets stay those of `bytes`).
    pub(super) fn new(bytes: &'a [u8], start: usize, float_size: FloatSize) -> Self {
        let mut reader = Reader::new(bytes, Format::X);
        // The header was checked to be there; `take` cannot fail for a start inside `bytes`.
        let _ = reader.take(start.min(bytes.len()));
        BinaryTokens {
            reader,
            float_size,
            list: List::None,
            start,
        }
    }

    fn float_bytes(&self) -> usize {
        match self.float_size {
            FloatSize::F32 => 4,
            FloatSize::F64 => 8,
        }
    }

    /// A `u32` length or count followed by that many items of `item_size` bytes, checked
    /// against what remains.
    fn count(&mut self, item_size: usize, what: &str) -> Result<usize> {
        let count = self.reader.u32().ctx(|| what)?;
        self.reader
            .check_count(u64::from(count), item_size)
            .ctx(|| what)
    }

    fn record(&mut self, id: u16) -> Result<Token<'a>> {
        Ok(match id {
            NAME => {
                let len = self.count(1, "name")?;
                Token::Name(self.reader.take(len)?)
            }
            // The terminator (`TOKEN_SEMICOLON` or `TOKEN_COMMA`) that follows a string's
            // bytes is left for the next call: a separator like any other.
            STRING => {
                let len = self.count(1, "string")?;
                Token::Str(self.reader.take(len)?)
            }
            INTEGER => Token::Int(self.reader.u32()?),
            GUID => {
                self.reader.take(16)?;
                Token::Guid
            }
            OBRACE => Token::OpenBrace,
            CBRACE => Token::CloseBrace,
            COMMA | SEMICOLON => Token::Separator,
            TEMPLATE => Token::Template,
            // Punctuation (12–18) and the primitive type keywords (40–52) of template
            // declarations.
            12..=18 | 40..=52 => Token::Other,
            _ => {
                return Err(error(
                    self.start,
                    ErrorKind::InvalidValue {
                        what: "binary token",
                        value: i64::from(id),
                    },
                    "",
                ));
            }
        })
    }

    /// The next element of the list being read, if any.
    fn list_element(&mut self) -> Result<Option<Token<'a>>> {
        self.start = self.reader.pos();
        let token = match self.list {
            List::None => return Ok(None),
            List::Integers(left) => {
                self.list = remaining(left, List::Integers);
                Token::Int(self.reader.u32()?)
            }
            List::Floats(left) => {
                self.list = remaining(left, List::Floats);
                Token::Float(match self.float_size {
                    FloatSize::F32 => self.reader.f32()?,
                    FloatSize::F64 => f64::from_le_bytes(self.reader.array()?) as f32,
                })
            }
        };
        Ok(Some(token))
    }
}

/// The list state after taking one of `left` elements.
fn remaining(left: usize, list: fn(usize) -> List) -> List {
    if left > 1 { list(left - 1) } else { List::None }
}

impl<'a> Tokens<'a> for BinaryTokens<'a> {
    fn next_token(&mut self) -> Result<Option<Token<'a>>> {
        loop {
            if let Some(token) = self.list_element()? {
                return Ok(Some(token));
            }
            if self.reader.is_at_end() {
                return Ok(None);
            }
            let id = self.reader.u16()?;
            match id {
                INTEGER_LIST => {
                    let count = self.count(4, "integer list")?;
                    self.list = if count > 0 {
                        List::Integers(count)
                    } else {
                        List::None
                    };
                }
                FLOAT_LIST => {
                    let count = self.count(self.float_bytes(), "float list")?;
                    self.list = if count > 0 {
                        List::Floats(count)
                    } else {
                        List::None
                    };
                }
                _ => return self.record(id).map(Some),
            }
        }
    }

    fn offset(&self) -> usize {
        self.start
    }

    fn remaining(&self) -> usize {
        self.reader.remaining()
    }
}
