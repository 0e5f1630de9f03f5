//! Problems a model reader worked around: references that point nowhere. MMD opens such
//! files, so the readers do too; each neutralised reference is reported as a [`ReadWarning`]
//! with the byte offset of the bad index.

use std::fmt;

/// A reference in the file that pointed nowhere and was neutralised (set to "none", or the
/// entry holding it dropped): where, and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadWarning {
    /// Byte offset of the bad value in the file.
    pub offset: usize,
    /// What was wrong and what the reader did ("bone 3: parent: bone index 9 out of range
    /// (4 bones); set to none").
    pub message: String,
}

impl fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

/// At most this many warnings are listed per file. A file can hold a bad index every two
/// bytes, and a warning takes far more memory than that: without a limit a hostile file
/// could exhaust memory, and nobody reads a million warnings.
pub(crate) const MAX_LISTED: usize = 1000;

/// Collects warnings while a file is read, keeping the first [`MAX_LISTED`] and counting
/// the rest.
#[derive(Debug, Default)]
pub(crate) struct Warnings {
    listed: Vec<ReadWarning>,
    unlisted: usize,
    /// Offset of the first unlisted warning in the file.
    first_unlisted: usize,
}

impl Warnings {
    /// Records a warning; `message` is only formatted when it is listed.
    #[cold]
    pub(crate) fn push(&mut self, offset: usize, message: impl FnOnce() -> String) {
        if self.listed.len() < MAX_LISTED {
            self.listed.push(ReadWarning {
                offset,
                message: message(),
            });
        } else {
            self.first_unlisted = if self.unlisted == 0 {
                offset
            } else {
                self.first_unlisted.min(offset)
            };
            self.unlisted += 1;
        }
    }

    /// A bad index (`what` index `index` into a table of `count`) and what was done about it
    /// (`outcome`: "set to none", "face dropped", …).
    #[cold]
    pub(crate) fn index(
        &mut self,
        offset: usize,
        what: &'static str,
        index: i64,
        count: usize,
        outcome: &'static str,
    ) {
        self.push(offset, || {
            let table = if count == 1 {
                what.into()
            } else {
                plural(what)
            };
            format!("{what} index {index} out of range ({count} {table}); {outcome}")
        });
    }

    /// How many warnings are listed so far: pass it to [`Warnings::prefix_since`].
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.listed.len()
    }

    /// Prefixes the warnings listed since `from` with the context `ctx()` ("bone 12"), the
    /// way `Ctx::ctx` prefixes errors: the innermost context comes first.
    #[inline(always)]
    pub(crate) fn prefix_since(&mut self, from: usize, ctx: impl FnOnce() -> String) {
        if self.listed.len() > from {
            self.prefix(from, ctx());
        }
    }

    /// Prefixes the last warning with the context `ctx()`, for an entry dropped after
    /// recording exactly one warning. Once warnings go unlisted, that one was not listed.
    #[cold]
    pub(crate) fn prefix_last(&mut self, ctx: impl FnOnce() -> String) {
        if self.unlisted == 0
            && let Some(w) = self.listed.last_mut()
        {
            w.message = format!("{}: {}", ctx(), w.message);
        }
    }

    #[cold]
    fn prefix(&mut self, from: usize, ctx: String) {
        for w in &mut self.listed[from..] {
            w.message = format!("{ctx}: {}", w.message);
        }
    }

    /// The warnings in file order, with one last warning for the unlisted ones.
    pub(crate) fn finish(self) -> Vec<ReadWarning> {
        let mut out = self.listed;
        // Sections that can only be checked once a later table is known (vertex weights,
        // impulse morphs) report late.
        out.sort_by_key(|w| w.offset);
        if self.unlisted > 0 {
            out.push(ReadWarning {
                offset: self.first_unlisted,
                message: format!(
                    "{} more bad references like these, not listed (from this byte on)",
                    self.unlisted
                ),
            });
        }
        out
    }
}

/// English plural of a table name ("bone" → "bones", "vertex" → "vertices", "rigid body"
/// → "rigid bodies").
pub(crate) fn plural(what: &str) -> String {
    if let Some(stem) = what.strip_suffix("ex") {
        format!("{stem}ices")
    } else if let Some(stem) = what.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{what}s")
    }
}
