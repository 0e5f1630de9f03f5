//! Tokens of a text body: names, numbers, `"strings"`, `<GUID>`s, braces and separators, with
//! `//` and `#` comments. Works on bytes, never allocating per token: a large accessory has
//! millions of numbers.

use super::error;
use super::token::{Token, Tokens};
use crate::error::{ErrorKind, Result};

pub(super) struct TextTokens<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Start of the token last returned.
    start: usize,
}

impl<'a> TextTokens<'a> {
    /// Tokens of `bytes` from `start` on (offsets stay those of `bytes`).
    pub(super) fn new(bytes: &'a [u8], start: usize) -> Self {
        TextTokens {
            bytes,
            pos: start.min(bytes.len()),
            start,
        }
    }

    fn skip_line(&mut self) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    }

    /// The bytes from `self.pos` to (not including) the first `end`, which is consumed.
    fn until(&mut self, end: u8, what: &str) -> Result<&'a [u8]> {
        let rest = &self.bytes[self.pos..];
        let Some(len) = rest.iter().position(|&b| b == end) else {
            return Err(error(
                self.start,
                ErrorKind::InvalidText(format!("{what} never closed")),
                "",
            ));
        };
        self.pos += len + 1;
        Ok(&rest[..len])
    }

    /// A name or number: everything up to the next space, punctuation or `//`.
    fn word(&mut self) -> &'a [u8] {
        let bytes = self.bytes;
        let mut i = self.pos;
        while let Some(&b) = bytes.get(i) {
            match CLASS[usize::from(b)] {
                WORD => i += 1,
                // A Shift-JIS character in a name: its second byte may be `{`, `}`, `[` or
                // `]`, which must not end the name.
                LEAD => i += 2,
                SLASH if bytes.get(i + 1) != Some(&b'/') => i += 1,
                _ => break,
            }
        }
        let end = i.min(bytes.len());
        let word = &bytes[self.pos..end];
        self.pos = end;
        word
    }
}

impl<'a> Tokens<'a> for TextTokens<'a> {
    fn next_token(&mut self) -> Result<Option<Token<'a>>> {
        loop {
            while self
                .bytes
                .get(self.pos)
                .is_some_and(|&b| CLASS[usize::from(b)] == SPACE)
            {
                self.pos += 1;
            }
            let Some(&b) = self.bytes.get(self.pos) else {
                self.start = self.pos;
                return Ok(None);
            };
            self.start = self.pos;
            let token = match b {
                b'#' => {
                    self.skip_line();
                    continue;
                }
                b'/' if self.bytes.get(self.pos + 1) == Some(&b'/') => {
                    self.skip_line();
                    continue;
                }
                b'{' => Token::OpenBrace,
                b'}' => Token::CloseBrace,
                b',' | b';' => Token::Separator,
                b'(' | b')' | b'[' | b']' | b'>' => Token::Other,
                b'"' => {
                    self.pos += 1;
                    return Ok(Some(Token::Str(self.until(b'"', "string")?)));
                }
                b'<' => {
                    self.pos += 1;
                    self.until(b'>', "GUID")?;
                    return Ok(Some(Token::Guid));
                }
                b'0'..=b'9' | b'-' | b'+' | b'.' => return Ok(Some(Token::Number(self.word()))),
                _ => {
                    let word = self.word();
                    return Ok(Some(if word == b"template" {
                        Token::Template
                    } else {
                        Token::Name(word)
                    }));
                }
            };
            self.pos += 1;
            return Ok(Some(token));
        }
    }

    fn offset(&self) -> usize {
        self.start
    }

    fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }
}

const WORD: u8 = 0;
const SPACE: u8 = 1;
const PUNCT: u8 = 2;
const LEAD: u8 = 3;
const SLASH: u8 = 4;

/// What each byte is to the tokenizer. Control bytes count as space: files padded with NULs
/// or ended by Ctrl-Z (0x1A) read like any other.
const CLASS: [u8; 256] = {
    let mut class = [WORD; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            0..=b' ' | 0x7F => SPACE,
            b'{' | b'}' | b',' | b';' | b'"' | b'<' | b'>' | b'(' | b')' | b'[' | b']' => PUNCT,
            0x81..=0x9F | 0xE0..=0xFC => LEAD,
            b'/' => SLASH,
            _ => WORD,
        };
        b += 1;
    }
    class
};

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<Token<'_>> {
        let mut t = TextTokens::new(text.as_bytes(), 0);
        let mut out = Vec::new();
        while let Some(token) = t.next_token().ok().flatten() {
            out.push(token);
        }
        out
    }

    #[test]
    fn numbers_names_and_separators() {
        use Token::*;
        assert_eq!(
            tokens("Mesh m{ 1;-2.5,1e-7;; }"),
            [
                Name(b"Mesh"),
                Name(b"m"),
                OpenBrace,
                Number(b"1"),
                Separator,
                Number(b"-2.5"),
                Separator,
                Number(b"1e-7"),
                Separator,
                Separator,
                CloseBrace
            ]
        );
    }

    #[test]
    fn comments_strings_and_guids() {
        use Token::*;
        assert_eq!(
            tokens("# c\n1//c\n\"a b;\" <1-2>\0\x1a// end"),
            [Number(b"1"), Str(b"a b;"), Guid]
        );
    }

    #[test]
    fn shift_jis_names_keep_trail_bytes_that_look_like_braces() {
        // "表" is 0x95 0x5C, "ボ" 0x83 0x7B (a `{` as its second byte).
        let bytes = b"Frame \x83\x7b\x95\x5c {";
        let mut t = TextTokens::new(bytes, 0);
        assert_eq!(t.next_token().ok().flatten(), Some(Token::Name(b"Frame")));
        assert_eq!(
            t.next_token().ok().flatten(),
            Some(Token::Name(b"\x83\x7b\x95\x5c"))
        );
        assert_eq!(t.next_token().ok().flatten(), Some(Token::OpenBrace));
    }

    #[test]
    fn unterminated_string_is_an_error() {
        let mut t = TextTokens::new(b"  \"abc", 0);
        let err = t.next_token().err().map(|e| (e.offset, e.format));
        assert_eq!(err, Some((2, crate::Format::X)));
    }
}
