//! The effect preprocessor: C's preprocessor as Direct3D's effect compiler runs it over an
//! effect and its includes, producing one token stream in which each token keeps its file
//! and line.

mod expr;
mod loader;
mod macros;

use std::path::{Path, PathBuf};
use std::rc::Rc;

pub use loader::{FileLoader, MemoryLoader, SourceLoader, normalize, resolve_include};
use macros::{Budget, MacroTable, expand};

use crate::error::{EffectError, ErrorKind};
use crate::lexer::{LexError, tokenize};
use crate::location::{FileId, Loc, SourceFiles};
use crate::source::decode;
use crate::token::{Token, TokenKind};

/// How far preprocessing may go before it stops with [`ErrorKind::Limit`]; the defaults are
/// far above what Ray-MMD, the largest suite, needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Includes nested at most this deep.
    pub include_depth: usize,
    /// Tokens in the output (and in one expansion) at most.
    pub tokens: usize,
    /// Tokens examined by macro expansion in all, at most.
    pub expansion_steps: usize,
    /// Macro calls nested in macro arguments at most this deep.
    pub argument_depth: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            include_depth: 32,
            tokens: 1_000_000,
            expansion_steps: 10_000_000,
            argument_depth: 64,
        }
    }
}

/// What the host gives the preprocessor besides the files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Macros defined before the effect's first line, as `(name, replacement)`.
    pub defines: Vec<(String, String)>,
    /// The bounds.
    pub limits: Limits,
}

/// An effect after preprocessing.
#[derive(Clone, Debug)]
pub struct Preprocessed {
    /// The tokens, each with its file and line.
    pub tokens: Vec<Token>,
    /// The effect and every file it included.
    pub files: SourceFiles,
}

/// A failure inside the preprocessor, before its file id becomes a path.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub(crate) loc: Loc,
    pub(crate) kind: ErrorKind,
}

impl Failure {
    pub(crate) fn new(loc: Loc, kind: ErrorKind) -> Failure {
        Failure { loc, kind }
    }
}

/// Preprocesses the effect at `path`, reading it and its includes through `loader`.
pub fn preprocess(
    path: &Path,
    loader: &dyn SourceLoader,
    options: &Options,
) -> Result<Preprocessed, EffectError> {
    let mut pp = Preprocessor {
        loader,
        files: SourceFiles::default(),
        macros: MacroTable::default(),
        out: Vec::new(),
        pending: Vec::new(),
        includes: Vec::new(),
        budget: Budget {
            steps_left: options.limits.expansion_steps,
            max_tokens: options.limits.tokens,
            max_depth: options.limits.argument_depth,
        },
        limits: options.limits.clone(),
    };
    let root = normalize(path);
    let root_id = pp.files.add(&root);
    let whole_file = Loc {
        file: root_id,
        line: 0,
    };
    let result = pp
        .define_external(&options.defines, whole_file)
        .and_then(|()| pp.run_file(&root, whole_file));
    match result {
        Ok(()) => Ok(Preprocessed {
            tokens: pp.out,
            files: pp.files,
        }),
        Err(failure) => Err(EffectError {
            location: pp.files.resolve(failure.loc),
            kind: failure.kind,
        }),
    }
}

/// One `#if` group being read.
#[derive(Clone, Copy, Debug)]
struct Conditional {
    /// Whether the enclosing text is kept.
    outer_active: bool,
    /// Whether the current branch is kept.
    active: bool,
    /// Whether some branch was already kept.
    taken: bool,
    /// Whether `#else` was seen.
    seen_else: bool,
    /// Where the `#if` is.
    loc: Loc,
}

struct Preprocessor<'a> {
    loader: &'a dyn SourceLoader,
    files: SourceFiles,
    macros: MacroTable,
    out: Vec<Token>,
    /// Text tokens not yet expanded: a macro call may span lines, so text is expanded when
    /// a directive that changes the macros or the file comes, or at the file's end.
    pending: Vec<Token>,
    includes: Vec<PathBuf>,
    budget: Budget,
    limits: Limits,
}

impl Preprocessor<'_> {
    fn define_external(&mut self, defines: &[(String, String)], at: Loc) -> Result<(), Failure> {
        for (name, value) in defines {
            let body = tokenize(value, at.file)
                .map_err(|_| Failure::new(at, ErrorKind::UnterminatedComment))?
                .into_iter()
                .map(|mut t| {
                    t.loc = at;
                    t
                })
                .collect();
            self.macros.define(name, None, false, body);
        }
        Ok(())
    }

    fn run_file(&mut self, path: &Path, from: Loc) -> Result<(), Failure> {
        if self.includes.len() >= self.limits.include_depth {
            return Err(Failure::new(
                from,
                ErrorKind::IncludeTooDeep(self.limits.include_depth),
            ));
        }
        if self.includes.iter().any(|p| p == path) {
            return Err(Failure::new(
                from,
                ErrorKind::IncludeCycle(path.display().to_string()),
            ));
        }
        let bytes = self.loader.load(path).map_err(|e| {
            Failure::new(
                from,
                ErrorKind::Unreadable {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                },
            )
        })?;
        let file = self.files.add(path);
        let (text, _) = decode(&bytes);
        let tokens = tokenize(&text, file).map_err(|LexError::UnterminatedComment(line)| {
            Failure::new(Loc { file, line }, ErrorKind::UnterminatedComment)
        })?;
        self.includes.push(path.to_path_buf());
        let result = self.run_tokens(&tokens, path, file);
        self.includes.pop();
        result
    }

    fn run_tokens(&mut self, tokens: &[Token], path: &Path, file: FileId) -> Result<(), Failure> {
        let mut conds: Vec<Conditional> = Vec::new();
        let mut renumber = LineRenumber::none(file);
        let mut i = 0;
        while i < tokens.len() {
            let token = &tokens[i];
            let active = conds.last().is_none_or(|c| c.active);
            if token.line_start && token.is_punct("#") {
                let end = tokens[i + 1..]
                    .iter()
                    .position(|t| t.line_start)
                    .map_or(tokens.len(), |p| i + 1 + p);
                let line: Vec<Token> = tokens[i + 1..end]
                    .iter()
                    .map(|t| renumber.apply(t))
                    .collect();
                let at = renumber.apply(token).loc;
                self.directive(&line, at, active, &mut conds, path, &mut renumber)?;
                i = end;
                continue;
            }
            if active {
                self.pending.push(renumber.apply(token));
                if self.pending.len() > self.limits.tokens {
                    return Err(Failure::new(
                        token.loc,
                        ErrorKind::Limit("tokens", self.limits.tokens),
                    ));
                }
            }
            i += 1;
        }
        if let Some(open) = conds.last() {
            return Err(Failure::new(open.loc, ErrorKind::UnterminatedConditional));
        }
        self.flush()
    }

    /// Expands the pending text into the output.
    fn flush(&mut self) -> Result<(), Failure> {
        let pending = std::mem::take(&mut self.pending);
        let expanded = expand(pending, &self.macros, &mut self.budget)?;
        if self.out.len() + expanded.len() > self.limits.tokens {
            let at = expanded.first().map_or(
                Loc {
                    file: FileId(0),
                    line: 0,
                },
                |t| t.loc,
            );
            return Err(Failure::new(
                at,
                ErrorKind::Limit("tokens", self.limits.tokens),
            ));
        }
        self.out.extend(expanded);
        Ok(())
    }

    fn directive(
        &mut self,
        line: &[Token],
        at: Loc,
        active: bool,
        conds: &mut Vec<Conditional>,
        path: &Path,
        renumber: &mut LineRenumber,
    ) -> Result<(), Failure> {
        let Some(name) = line.first() else {
            return Ok(());
        };
        let rest = &line[1..];
        let name_text = name.text.to_string();
        match name_text.as_str() {
            "if" | "ifdef" | "ifndef" => {
                let taken = active && self.condition(&name_text, rest, at)?;
                conds.push(Conditional {
                    outer_active: active,
                    active: taken,
                    taken,
                    seen_else: false,
                    loc: at,
                });
            }
            "elif" => {
                let Some(c) = conds.last().copied() else {
                    return Err(Failure::new(at, ErrorKind::UnmatchedConditional(name_text)));
                };
                if c.seen_else {
                    return Err(directive_error(at, "elif", "after #else"));
                }
                let now = c.outer_active && !c.taken && self.condition("if", rest, at)?;
                if let Some(c) = conds.last_mut() {
                    c.active = now;
                    c.taken |= now;
                }
            }
            "else" => {
                let Some(c) = conds.last_mut() else {
                    return Err(Failure::new(at, ErrorKind::UnmatchedConditional(name_text)));
                };
                if c.seen_else {
                    return Err(directive_error(at, "else", "a second #else"));
                }
                c.seen_else = true;
                c.active = c.outer_active && !c.taken;
                c.taken = true;
            }
            "endif" => {
                if conds.pop().is_none() {
                    return Err(Failure::new(at, ErrorKind::UnmatchedConditional(name_text)));
                }
            }
            _ if !active => {}
            "define" => {
                self.flush()?;
                self.define(rest, at)?;
            }
            "undef" => {
                self.flush()?;
                let Some(target) = rest.first().filter(|t| t.kind == TokenKind::Ident) else {
                    return Err(directive_error(at, "undef", "no macro name"));
                };
                self.macros.undefine(&target.text);
            }
            "include" => {
                self.flush()?;
                let name = self.include_name(rest, at)?;
                let target = self.find_include(path, &name);
                self.run_file(&target, at)?;
            }
            "line" => {
                self.flush()?;
                *renumber = self.line_directive(rest, at, renumber)?;
            }
            "error" => {
                let message: Vec<&str> = rest.iter().map(|t| &*t.text).collect();
                return Err(Failure::new(
                    at,
                    ErrorKind::ErrorDirective(message.join(" ")),
                ));
            }
            "pragma" | "warning" => {}
            _ if name.kind == TokenKind::Number => {
                self.flush()?;
                *renumber = self.line_directive(line, at, renumber)?;
            }
            _ => return Err(Failure::new(at, ErrorKind::UnknownDirective(name_text))),
        }
        Ok(())
    }

    /// Whether an `#if`, `#ifdef` or `#ifndef` condition holds.
    fn condition(&mut self, kind: &str, rest: &[Token], at: Loc) -> Result<bool, Failure> {
        if kind != "if" {
            let Some(target) = rest.first().filter(|t| t.kind == TokenKind::Ident) else {
                return Err(directive_error(at, kind, "no macro name"));
            };
            return Ok(self.macros.is_defined(&target.text) == (kind == "ifdef"));
        }
        let replaced = self.replace_defined(rest, at)?;
        let expanded = expand(replaced, &self.macros, &mut self.budget)?;
        let value = expr::evaluate(&expanded)
            .map_err(|message| Failure::new(at, ErrorKind::Expression(message)))?;
        Ok(value != 0)
    }

    /// `defined X` and `defined(X)` as 1 or 0, before macros are expanded.
    fn replace_defined(&self, tokens: &[Token], at: Loc) -> Result<Vec<Token>, Failure> {
        let mut out = Vec::with_capacity(tokens.len());
        let mut i = 0;
        while i < tokens.len() {
            let t = &tokens[i];
            if !t.is_ident("defined") {
                out.push(t.clone());
                i += 1;
                continue;
            }
            let parenthesised = tokens.get(i + 1).is_some_and(|t| t.is_punct("("));
            let name_at = if parenthesised { i + 2 } else { i + 1 };
            let Some(name) = tokens.get(name_at).filter(|t| t.kind == TokenKind::Ident) else {
                return Err(Failure::new(
                    at,
                    ErrorKind::Expression("defined without a name".into()),
                ));
            };
            if parenthesised && !tokens.get(name_at + 1).is_some_and(|t| t.is_punct(")")) {
                return Err(Failure::new(
                    at,
                    ErrorKind::Expression("defined( without )".into()),
                ));
            }
            let value = if self.macros.is_defined(&name.text) {
                "1"
            } else {
                "0"
            };
            out.push(Token::new(TokenKind::Number, value, t.loc));
            i = name_at + 1 + usize::from(parenthesised);
        }
        Ok(out)
    }

    fn define(&mut self, rest: &[Token], at: Loc) -> Result<(), Failure> {
        let Some(name) = rest.first().filter(|t| t.kind == TokenKind::Ident) else {
            return Err(directive_error(at, "define", "no macro name"));
        };
        let function_like = rest
            .get(1)
            .is_some_and(|t| t.is_punct("(") && !t.space_before);
        if !function_like {
            self.macros
                .define(&name.text, None, false, rest[1..].to_vec());
            return Ok(());
        }
        let (params, variadic, body_at) = define_params(rest, at)?;
        self.macros
            .define(&name.text, Some(params), variadic, rest[body_at..].to_vec());
        Ok(())
    }

    /// The file an `#include "name"` opens. As Microsoft's compilers search, the including
    /// file's folder comes first, then the folders of the files that included it, innermost
    /// first: Ray-MMD's light `.fxsub` files name `../../../ray.conf` relative to the `.fx`
    /// one folder down that includes them. When no candidate exists, the including file's
    /// is returned, so that the error names the path the effect most likely meant.
    fn find_include(&self, including: &Path, name: &str) -> PathBuf {
        let first = resolve_include(including, name);
        if self.loader.exists(&first) {
            return first;
        }
        self.includes
            .iter()
            .rev()
            .map(|outer| resolve_include(outer, name))
            .find(|candidate| self.loader.exists(candidate))
            .unwrap_or(first)
    }

    fn include_name(&mut self, rest: &[Token], at: Loc) -> Result<String, Failure> {
        let bad = || directive_error(at, "include", "expected \"file\" or <file>");
        let rest = match rest.first() {
            Some(t) if t.kind == TokenKind::Str || t.is_punct("<") => rest.to_vec(),
            _ => expand(rest.to_vec(), &self.macros, &mut self.budget)?,
        };
        let first = rest.first().ok_or_else(bad)?;
        if first.kind == TokenKind::Str {
            let inner = first
                .text
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'));
            return inner.map(str::to_owned).ok_or_else(bad);
        }
        if first.is_punct("<") {
            let close = rest.iter().position(|t| t.is_punct(">")).ok_or_else(bad)?;
            let mut name = String::new();
            for (i, t) in rest[1..close].iter().enumerate() {
                if i > 0 && t.space_before {
                    name.push(' ');
                }
                name.push_str(&t.text);
            }
            return Ok(name);
        }
        Err(bad())
    }

    /// `#line N ["file"]`: the next line is line N (of that file).
    fn line_directive(
        &mut self,
        rest: &[Token],
        at: Loc,
        current: &LineRenumber,
    ) -> Result<LineRenumber, Failure> {
        let bad = || directive_error(at, "line", "expected a line number");
        let number = rest
            .first()
            .filter(|t| t.kind == TokenKind::Number)
            .ok_or_else(bad)?;
        let line: u32 = number.text.parse().map_err(|_| bad())?;
        let file = match rest.get(1) {
            Some(t) if t.kind == TokenKind::Str => {
                let name = t.text.trim_matches('"');
                self.files.add(Path::new(name))
            }
            _ => current.file,
        };
        // The directive's own line, before renumbering, is `at` less the current shift.
        let physical = i64::from(at.line) - current.shift;
        Ok(LineRenumber {
            from: current.from,
            file,
            shift: i64::from(line) - (physical + 1),
        })
    }
}

/// `#line`'s effect on the tokens after it: their file and how their lines move.
#[derive(Clone, Copy, Debug)]
struct LineRenumber {
    from: FileId,
    file: FileId,
    shift: i64,
}

impl LineRenumber {
    fn none(file: FileId) -> LineRenumber {
        LineRenumber {
            from: file,
            file,
            shift: 0,
        }
    }

    fn apply(&self, token: &Token) -> Token {
        let mut t = token.clone();
        if t.loc.file == self.from {
            t.loc.file = self.file;
            t.loc.line = u32::try_from(i64::from(t.loc.line) + self.shift).unwrap_or(0);
        }
        t
    }
}

/// A function-like macro's parameter list: the names, whether it ends in `...`, and where
/// the body starts.
fn define_params(rest: &[Token], at: Loc) -> Result<(Vec<Rc<str>>, bool, usize), Failure> {
    let bad = |detail: &str| directive_error(at, "define", detail);
    let mut params: Vec<Rc<str>> = Vec::new();
    let mut variadic = false;
    let mut i = 2;
    if rest.get(i).is_some_and(|t| t.is_punct(")")) {
        return Ok((params, false, i + 1));
    }
    loop {
        let t = rest
            .get(i)
            .ok_or_else(|| bad("parameter list never closes"))?;
        if t.is_punct("...") {
            params.push(Rc::from("__VA_ARGS__"));
            variadic = true;
        } else if t.kind == TokenKind::Ident {
            if params.iter().any(|p| **p == *t.text) {
                return Err(bad("a parameter named twice"));
            }
            params.push(t.text.clone());
        } else {
            return Err(bad("expected a parameter name"));
        }
        let sep = rest
            .get(i + 1)
            .ok_or_else(|| bad("parameter list never closes"))?;
        i += 2;
        if sep.is_punct(")") {
            return Ok((params, variadic, i));
        }
        if !sep.is_punct(",") || variadic {
            return Err(bad("expected , or ) in the parameter list"));
        }
    }
}

fn directive_error(at: Loc, directive: &str, detail: &str) -> Failure {
    Failure::new(
        at,
        ErrorKind::Directive {
            directive: directive.into(),
            detail: detail.into(),
        },
    )
}
