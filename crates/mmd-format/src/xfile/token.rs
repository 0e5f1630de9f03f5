//! The tokens both encodings share, so that one parser reads text and binary bodies alike.

use crate::error::Result;

/// One token of a `.x` body. Text numbers stay unparsed until the parser knows whether the
/// template wants an integer or a float: parsing a float's text straight to `f32` is what
/// keeps written floats bit-exact (through `f64` the rounding could differ).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Token<'a> {
    /// An identifier: a template or object name (text), `TOKEN_NAME` (binary).
    Name(&'a [u8]),
    /// A string's bytes without its quotes or terminator (Shift-JIS in practice).
    Str(&'a [u8]),
    /// A number as text (`-1.000000`, `3`, `1e-7`).
    Number(&'a [u8]),
    /// A binary integer (`TOKEN_INTEGER` or an element of `TOKEN_INTEGER_LIST`).
    Int(u32),
    /// A binary float (an element of `TOKEN_FLOAT_LIST`; doubles are narrowed).
    Float(f32),
    /// A GUID (`<…>` in text, `TOKEN_GUID` in binary); its value is never needed.
    Guid,
    OpenBrace,
    CloseBrace,
    /// `,` or `;`: D3DX's writers and the files in the wild use them loosely, so the parser
    /// only ever skips them.
    Separator,
    /// The `template` keyword.
    Template,
    /// Anything that only occurs inside template declarations (`[`, `]`, `.`, `array`,
    /// `DWORD`, …).
    Other,
}

/// A stream of tokens over one body.
pub(super) trait Tokens<'a> {
    /// The next token, or `None` at the end of the body.
    fn next_token(&mut self) -> Result<Option<Token<'a>>>;
    /// Where the token last returned starts (byte offset in the body's buffer).
    fn offset(&self) -> usize;
    /// Bytes not yet read: every value takes at least one, so a count larger than this is
    /// damage, caught before anything is allocated for it.
    fn remaining(&self) -> usize;
}
