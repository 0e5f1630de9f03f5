//! Why an effect could not be read, always with the file and line it happened at.

use thiserror::Error;

use crate::location::Location;

/// A failure to read an effect: where, and what went wrong.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{location}: {kind}")]
pub struct EffectError {
    /// The file and line (the include line for a file that could not be opened).
    pub location: Location,
    /// What went wrong.
    pub kind: ErrorKind,
}

/// What went wrong while reading an effect.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file could not be read.
    #[error("cannot read {path}: {reason}")]
    Unreadable {
        /// The path as resolved.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// A `/*` comment that never ends.
    #[error("unterminated /* comment")]
    UnterminatedComment,
    /// Includes nested deeper than the limit.
    #[error("includes nested deeper than {0}")]
    IncludeTooDeep(usize),
    /// A file that includes itself, directly or through others.
    #[error("{0} includes itself")]
    IncludeCycle(String),
    /// A directive written wrongly.
    #[error("malformed #{directive}: {detail}")]
    Directive {
        /// The directive's name.
        directive: String,
        /// What is wrong with it.
        detail: String,
    },
    /// A directive the preprocessor does not know.
    #[error("unknown directive #{0}")]
    UnknownDirective(String),
    /// `#elif`, `#else` or `#endif` without its `#if`.
    #[error("#{0} without #if")]
    UnmatchedConditional(String),
    /// An `#if` whose `#endif` never comes.
    #[error("#if without #endif")]
    UnterminatedConditional,
    /// An `#if` or `#elif` expression that is not a constant integer expression.
    #[error("bad #if expression: {0}")]
    Expression(String),
    /// A function-like macro called with the wrong number of arguments.
    #[error("macro {name} takes {expected} arguments, given {given}")]
    MacroArguments {
        /// The macro.
        name: String,
        /// How many it takes.
        expected: usize,
        /// How many it was given.
        given: usize,
    },
    /// A function-like macro call without its closing parenthesis.
    #[error("call of macro {0} never closes")]
    UnterminatedCall(String),
    /// `##` that does not make one token.
    #[error("pasting {0} does not give one token")]
    BadPaste(String),
    /// An `#error` directive that was reached.
    #[error("#error {0}")]
    ErrorDirective(String),
    /// Macro expansion or include output beyond what any real effect needs.
    #[error("{0} exceeds the limit of {1}")]
    Limit(&'static str, usize),
    /// A pass's `compile` names no function that takes its arguments.
    #[error("no function {entry} whose uniform parameters take {args} arguments")]
    ShaderEntry {
        /// The entry's name.
        entry: String,
        /// How many arguments `compile` gives.
        args: usize,
    },
    /// A pass shader's entry point whose inputs or outputs the stage cannot carry.
    #[error("{entry}: {detail}")]
    StageInterface {
        /// The entry's name.
        entry: String,
        /// Which value, and why.
        detail: String,
    },
    /// The effect parser expected something else.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What should have come.
        expected: String,
        /// What came (or "end of file").
        found: String,
    },
}
