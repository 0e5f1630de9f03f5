//! Tokens as the preprocessor and the effect parser see them, each with where it came from.

use std::rc::Rc;

use crate::location::Loc;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A name or keyword.
    Ident,
    /// A number as the preprocessor reads it (`1`, `0.5f`, `1e-5`, `0x1F`).
    Number,
    /// A string literal, quotes and escapes kept.
    Str,
    /// A character literal, quotes kept.
    Char,
    /// An operator or punctuation mark.
    Punct,
    /// A character that starts no token (kept so that skipped blocks never fail).
    Other,
}

/// One token.
#[derive(Clone, Debug)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its text as written.
    pub text: Rc<str>,
    /// Where it came from; a token a macro produced carries its invocation's place.
    pub loc: Loc,
    /// Whether white space (or a comment) came before it.
    pub space_before: bool,
    /// Whether it is the first token of a line (after line continuations).
    pub line_start: bool,
    /// The macros that produced it and must not expand it again (sorted macro ids).
    pub hide: Option<Rc<[u32]>>,
}

impl Token {
    /// A token without space before it, not at a line start, hiding nothing.
    pub fn new(kind: TokenKind, text: &str, loc: Loc) -> Token {
        Token {
            kind,
            text: Rc::from(text),
            loc,
            space_before: false,
            line_start: false,
            hide: None,
        }
    }

    /// Whether it is the punctuation `p`.
    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokenKind::Punct && &*self.text == p
    }

    /// Whether it is the name `name`.
    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && &*self.text == name
    }

    /// Whether it is the name `name`, in any case (the effect format's state and
    /// annotation names are case-insensitive).
    pub fn is_ident_ci(&self, name: &str) -> bool {
        self.kind == TokenKind::Ident && self.text.eq_ignore_ascii_case(name)
    }

    /// Whether macro `id` produced it.
    pub fn hides(&self, id: u32) -> bool {
        self.hide
            .as_ref()
            .is_some_and(|h| h.binary_search(&id).is_ok())
    }
}
