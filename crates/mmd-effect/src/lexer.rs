//! Splits decoded text into preprocessing tokens, dropping comments and line continuations
//! and keeping each token's line.

use crate::location::{FileId, Loc};
use crate::token::{Token, TokenKind};

/// The punctuators of C's preprocessor that HLSL uses, longest first so that the longest
/// match wins.
const PUNCTUATORS: [&str; 47] = [
    "<<=", ">>=", "...", "##", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "->", "::", "#", "(", ")", "[", "]", "{", "}", "<",
    ">", "=", ";", ",", ".", ":", "?", "!", "~", "+", "-", "*", "/", "%", "&",
];
/// Single-character punctuators beyond those in [`PUNCTUATORS`].
const MORE_PUNCTUATORS: [char; 2] = ['|', '^'];

/// A failure to split text into tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LexError {
    /// A `/*` comment that never ends, at the line it starts.
    UnterminatedComment(u32),
}

/// Splits one file's text into tokens. Unterminated string literals end at the line's end,
/// as C's preprocessor leaves them to the compiler; an unterminated block comment is an
/// error.
pub fn tokenize(text: &str, file: FileId) -> Result<Vec<Token>, LexError> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        pos: 0,
        line: 1,
        file,
    };
    lexer.run()
}

struct Lexer {
    chars: Vec<char>,
    pos: usize,
    line: u32,
    file: FileId,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn run(&mut self) -> Result<Vec<Token>, LexError> {
        let mut tokens = Vec::new();
        let mut line_start = true;
        while self.pos < self.chars.len() {
            let (space, newline) = self.skip_space()?;
            line_start |= newline;
            if self.pos >= self.chars.len() {
                break;
            }
            let line = self.line;
            let (kind, text) = self.token();
            tokens.push(Token {
                kind,
                text: text.into(),
                loc: Loc {
                    file: self.file,
                    line,
                },
                space_before: space || newline,
                line_start,
                hide: None,
            });
            line_start = false;
        }
        Ok(tokens)
    }

    /// Skips white space, comments and line continuations; says whether any was skipped
    /// and whether a new line began.
    fn skip_space(&mut self) -> Result<(bool, bool), LexError> {
        let mut space = false;
        let mut newline = false;
        while let Some(c) = self.peek(0) {
            match c {
                '\n' => {
                    self.pos += 1;
                    self.line += 1;
                    newline = true;
                }
                '\\' if self.continuation_len() > 0 => {
                    self.pos += self.continuation_len();
                    self.line += 1;
                    space = true;
                }
                '/' if self.peek(1) == Some('/') => {
                    // A line comment ends at the line's end, unless a continuation carries it on.
                    while let Some(c) = self.peek(0) {
                        if c == '\n' {
                            break;
                        }
                        if c == '\\' && self.continuation_len() > 0 {
                            self.pos += self.continuation_len();
                            self.line += 1;
                            continue;
                        }
                        self.pos += 1;
                    }
                    space = true;
                }
                '/' if self.peek(1) == Some('*') => {
                    let start = self.line;
                    self.pos += 2;
                    loop {
                        match self.peek(0) {
                            None => return Err(LexError::UnterminatedComment(start)),
                            Some('*') if self.peek(1) == Some('/') => {
                                self.pos += 2;
                                break;
                            }
                            Some('\n') => {
                                self.line += 1;
                                self.pos += 1;
                            }
                            Some(_) => self.pos += 1,
                        }
                    }
                    space = true;
                }
                c if c.is_whitespace() => {
                    self.pos += 1;
                    space = true;
                }
                _ => break,
            }
        }
        Ok((space, newline))
    }

    /// The length of a `\` line continuation at the cursor (`\` then `\n` or `\r\n`), or 0.
    fn continuation_len(&self) -> usize {
        match (self.peek(1), self.peek(2)) {
            (Some('\n'), _) => 2,
            (Some('\r'), Some('\n')) => 3,
            _ => 0,
        }
    }

    fn token(&mut self) -> (TokenKind, String) {
        let start = self.pos;
        let Some(c) = self.peek(0) else {
            return (TokenKind::Other, String::new());
        };
        let kind = if c.is_ascii_alphabetic() || c == '_' {
            while self
                .peek(0)
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                self.pos += 1;
            }
            TokenKind::Ident
        } else if c.is_ascii_digit()
            || (c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit()))
        {
            self.number();
            TokenKind::Number
        } else if c == '"' || c == '\'' {
            self.quoted(c);
            if c == '"' {
                TokenKind::Str
            } else {
                TokenKind::Char
            }
        } else if let Some(p) = self.punctuator() {
            self.pos += p;
            TokenKind::Punct
        } else {
            self.pos += 1;
            TokenKind::Other
        };
        (kind, self.chars[start..self.pos].iter().collect())
    }

    /// A preprocessing number: digits, letters, `_`, `.` and a sign after an exponent.
    fn number(&mut self) {
        self.pos += 1;
        while let Some(c) = self.peek(0) {
            let prev = self.chars[self.pos - 1];
            let exponent_sign = (c == '+' || c == '-') && matches!(prev, 'e' | 'E');
            if c.is_ascii_alphanumeric() || c == '_' || c == '.' || exponent_sign {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// A string or character literal up to its closing quote or the line's end.
    fn quoted(&mut self, quote: char) {
        self.pos += 1;
        while let Some(c) = self.peek(0) {
            match c {
                '\n' => return,
                '\\' => self.pos += 2.min(self.chars.len() - self.pos),
                c if c == quote => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
    }

    fn punctuator(&self) -> Option<usize> {
        for p in PUNCTUATORS {
            let len = p.chars().count();
            if p.chars().enumerate().all(|(i, c)| self.peek(i) == Some(c)) {
                return Some(len);
            }
        }
        self.peek(0)
            .filter(|c| MORE_PUNCTUATORS.contains(c))
            .map(|_| 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        tokenize(src, FileId(0))
            .unwrap_or_default()
            .iter()
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn splits_hlsl() {
        assert_eq!(
            texts("float4 c=tex2D(s, uv.xy)*0.5f; // note\n x<<=1e-5;"),
            [
                "float4", "c", "=", "tex2D", "(", "s", ",", "uv", ".", "xy", ")", "*", "0.5f", ";",
                "x", "<<=", "1e-5", ";"
            ]
        );
    }

    #[test]
    fn lines_count_comments_and_continuations() {
        let tokens = tokenize("a /* x\ny */ b\\\nc\nd", FileId(0)).unwrap_or_default();
        let lines: Vec<(u32, bool)> = tokens.iter().map(|t| (t.loc.line, t.line_start)).collect();
        assert_eq!(lines, [(1, true), (2, false), (3, false), (4, true)]);
    }

    #[test]
    fn crlf_continuation() {
        let tokens = tokenize("#define A \\\r\n 1\r\nB", FileId(0)).unwrap_or_default();
        let starts: Vec<bool> = tokens.iter().map(|t| t.line_start).collect();
        assert_eq!(starts, [true, false, false, false, true]);
    }

    #[test]
    fn strings_keep_escapes() {
        assert_eq!(texts(r#"s = "a\"b";"#), ["s", "=", r#""a\"b""#, ";"]);
    }

    #[test]
    fn unterminated_comment_is_an_error() {
        assert!(matches!(
            tokenize("a\n/* open", FileId(0)),
            Err(LexError::UnterminatedComment(2))
        ));
    }
}
