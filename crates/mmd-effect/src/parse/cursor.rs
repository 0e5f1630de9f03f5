//! Walking the preprocessed tokens: looking ahead, expecting, and skipping balanced groups
//! without recursion (so nesting depth cannot exhaust the stack).

use crate::error::ErrorKind;
use crate::location::Loc;
use crate::preprocess::Failure;
use crate::token::{Token, TokenKind};

pub(crate) struct Cursor<'a> {
    pub tokens: &'a [Token],
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn peek(&self) -> Option<&'a Token> {
        self.tokens.get(self.pos)
    }

    pub fn peek_at(&self, ahead: usize) -> Option<&'a Token> {
        self.tokens.get(self.pos + ahead)
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    pub fn bump(&mut self) -> Option<&'a Token> {
        let t = self.tokens.get(self.pos);
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    pub fn peek_punct(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.is_punct(p))
    }

    pub fn peek_keyword(&self, word: &str) -> bool {
        self.peek().is_some_and(|t| t.is_ident_ci(word))
    }

    pub fn eat_punct(&mut self, p: &str) -> bool {
        let found = self.peek_punct(p);
        if found {
            self.pos += 1;
        }
        found
    }

    /// Where the cursor is: the next token's place, or the last token's at the end.
    pub fn here(&self) -> Loc {
        self.peek().or_else(|| self.tokens.last()).map_or(
            Loc {
                file: crate::location::FileId(0),
                line: 0,
            },
            |t| t.loc,
        )
    }

    pub fn expected(&self, what: &str) -> Failure {
        let found = self
            .peek()
            .map_or_else(|| "end of file".to_owned(), |t| format!("`{}`", t.text));
        Failure::new(
            self.here(),
            ErrorKind::Expected {
                expected: what.to_owned(),
                found,
            },
        )
    }

    pub fn expect_punct(&mut self, p: &str) -> Result<&'a Token, Failure> {
        match self.peek() {
            Some(t) if t.is_punct(p) => {
                self.pos += 1;
                Ok(t)
            }
            _ => Err(self.expected(&format!("`{p}`"))),
        }
    }

    pub fn expect_ident(&mut self, what: &str) -> Result<&'a Token, Failure> {
        match self.peek() {
            Some(t) if t.kind == TokenKind::Ident => {
                self.pos += 1;
                Ok(t)
            }
            _ => Err(self.expected(what)),
        }
    }

    /// Moves past tokens up to (not over) one of `stops` outside brackets; the range moved
    /// over. The end of the tokens, or a closing bracket with nothing open, is an error.
    pub fn until(&mut self, stops: &[&str], what: &str) -> Result<(usize, usize), Failure> {
        let start = self.pos;
        let mut open: Vec<&str> = Vec::new();
        loop {
            let Some(t) = self.peek() else {
                return Err(self.expected(what));
            };
            if open.is_empty() && t.kind == TokenKind::Punct && stops.contains(&&*t.text) {
                return Ok((start, self.pos));
            }
            if t.kind == TokenKind::Punct {
                match &*t.text {
                    "(" => open.push(")"),
                    "[" => open.push("]"),
                    "{" => open.push("}"),
                    ")" | "]" | "}" if open.pop() != Some(&*t.text) => {
                        return Err(self.expected(what));
                    }
                    _ => {}
                }
            }
            self.pos += 1;
        }
    }

    /// Moves over a bracketed group starting at the cursor (`(`, `[` or `{`) and its match.
    pub fn skip_group(&mut self, what: &str) -> Result<(), Failure> {
        let Some(open) = self.peek() else {
            return Err(self.expected(what));
        };
        let close = match &*open.text {
            "(" => ")",
            "[" => "]",
            "{" => "}",
            _ => return Err(self.expected(what)),
        };
        self.pos += 1;
        self.until(&[close], what)?;
        self.pos += 1;
        Ok(())
    }

    /// The tokens from `start` to `end` as text, a space where the source had one.
    pub fn text(&self, start: usize, end: usize) -> String {
        spell(self.tokens.get(start..end).unwrap_or(&[]))
    }
}

/// Tokens as text, a space where the source had one.
pub(crate) fn spell(tokens: &[Token]) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 && t.space_before {
            out.push(' ');
        }
        out.push_str(&t.text);
    }
    out
}
