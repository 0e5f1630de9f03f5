//! Macros and their expansion: object-like and function-like macros, `#` and `##`, rescanned
//! with hide sets (Prosser's algorithm, as C's standard describes expansion) so that a macro
//! never expands inside itself, and bounded so that a hostile file cannot loop or grow
//! without end.

use std::collections::HashMap;
use std::rc::Rc;

use super::Failure;
use crate::error::ErrorKind;
use crate::lexer::tokenize;
use crate::location::Loc;
use crate::token::{Token, TokenKind};

/// One `#define`.
#[derive(Clone, Debug)]
pub struct Macro {
    /// Unique per definition, named in hide sets.
    pub id: u32,
    /// The parameters of a function-like macro; `None` for an object-like one.
    pub params: Option<Vec<Rc<str>>>,
    /// Whether the last parameter is `...` (`__VA_ARGS__`).
    pub variadic: bool,
    /// The replacement list.
    pub body: Vec<Token>,
}

/// The macros defined at a point of the preprocessing.
#[derive(Clone, Debug, Default)]
pub struct MacroTable {
    macros: HashMap<Rc<str>, Macro>,
    next_id: u32,
}

impl MacroTable {
    /// Defines (or redefines) a macro.
    pub fn define(
        &mut self,
        name: &str,
        params: Option<Vec<Rc<str>>>,
        variadic: bool,
        body: Vec<Token>,
    ) {
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        self.macros.insert(
            Rc::from(name),
            Macro {
                id,
                params,
                variadic,
                body,
            },
        );
    }

    /// Removes a macro (nothing when it is not defined).
    pub fn undefine(&mut self, name: &str) {
        self.macros.remove(name);
    }

    /// Whether a macro is defined.
    pub fn is_defined(&self, name: &str) -> bool {
        self.macros.contains_key(name)
    }

    fn get(&self, name: &str) -> Option<&Macro> {
        self.macros.get(name)
    }
}

/// How much expansion may do, shared by every expansion of one effect.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Tokens examined, left.
    pub steps_left: usize,
    /// Tokens one expansion may hold (pending and produced), at most.
    pub max_tokens: usize,
    /// How deeply macro arguments may nest.
    pub max_depth: usize,
}

/// Expands every macro in `input`.
pub fn expand(
    input: Vec<Token>,
    macros: &MacroTable,
    budget: &mut Budget,
) -> Result<Vec<Token>, Failure> {
    expand_at(input, macros, budget, 0)
}

fn expand_at(
    input: Vec<Token>,
    macros: &MacroTable,
    budget: &mut Budget,
    depth: usize,
) -> Result<Vec<Token>, Failure> {
    let mut stack: Vec<Token> = input.into_iter().rev().collect();
    let mut out = Vec::new();
    while let Some(token) = stack.pop() {
        let loc = token.loc;
        spend(budget, loc)?;
        if stack.len() + out.len() > budget.max_tokens {
            return Err(Failure::new(
                loc,
                ErrorKind::Limit("macro expansion", budget.max_tokens),
            ));
        }
        let found = (token.kind == TokenKind::Ident)
            .then(|| macros.get(&token.text))
            .flatten()
            .filter(|m| !token.hides(m.id));
        let Some(m) = found else {
            out.push(line_macro(token));
            continue;
        };
        let replaced = match &m.params {
            None => {
                let hide = with(token.hide.as_deref(), m.id);
                substitute(m, &[], &hide, &token, macros, budget, depth)?
            }
            Some(params) => {
                if !stack.last().is_some_and(|t| t.is_punct("(")) {
                    out.push(token);
                    continue;
                }
                let (args, close) = collect_arguments(&mut stack, &token, budget)?;
                let args = fit_arguments(args, params.len(), m.variadic, &token)?;
                let common = intersect(token.hide.as_deref(), close.hide.as_deref());
                let hide = with(Some(&common), m.id);
                substitute(m, &args, &hide, &token, macros, budget, depth)?
            }
        };
        stack.extend(replaced.into_iter().rev());
    }
    Ok(out)
}

fn spend(budget: &mut Budget, loc: Loc) -> Result<(), Failure> {
    budget.steps_left = budget
        .steps_left
        .checked_sub(1)
        .ok_or_else(|| Failure::new(loc, ErrorKind::Limit("macro expansion steps", 0)))?;
    Ok(())
}

/// `__LINE__` as its line's number; any other token as it is.
fn line_macro(token: Token) -> Token {
    if token.is_ident("__LINE__") {
        let mut number = token.clone();
        number.kind = TokenKind::Number;
        number.text = Rc::from(token.loc.line.to_string());
        return number;
    }
    token
}

/// Takes a call's arguments off the stack, from its `(` to the matching `)`: the arguments
/// split at top-level commas, and the `)`.
fn collect_arguments(
    stack: &mut Vec<Token>,
    name: &Token,
    budget: &mut Budget,
) -> Result<(Vec<Vec<Token>>, Token), Failure> {
    stack.pop();
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    while let Some(token) = stack.pop() {
        spend(budget, token.loc)?;
        if token.is_punct(")") && depth == 0 {
            return Ok((args, token));
        }
        if token.is_punct(",") && depth == 0 {
            args.push(Vec::new());
            continue;
        }
        if token.is_punct("(") {
            depth += 1;
        } else if token.is_punct(")") {
            depth -= 1;
        }
        if let Some(arg) = args.last_mut() {
            arg.push(token);
        }
    }
    Err(Failure::new(
        name.loc,
        ErrorKind::UnterminatedCall(name.text.to_string()),
    ))
}

/// Matches the arguments given to the parameters: `F()` gives one empty argument, which a
/// macro without parameters takes as none; a variadic macro's extra arguments join its last,
/// commas kept.
fn fit_arguments(
    mut args: Vec<Vec<Token>>,
    params: usize,
    variadic: bool,
    name: &Token,
) -> Result<Vec<Vec<Token>>, Failure> {
    if params == 0 && args.len() == 1 && args[0].is_empty() {
        return Ok(Vec::new());
    }
    if variadic && params > 0 && args.len() > params {
        let extra = args.split_off(params);
        if let Some(last) = args.last_mut() {
            for arg in extra {
                last.push(Token::new(TokenKind::Punct, ",", name.loc));
                last.extend(arg);
            }
        }
    }
    if variadic && args.len() + 1 == params {
        args.push(Vec::new());
    }
    if args.len() != params {
        return Err(Failure::new(
            name.loc,
            ErrorKind::MacroArguments {
                name: name.text.to_string(),
                expected: params,
                given: args.len(),
            },
        ));
    }
    Ok(args)
}

/// A macro's replacement list with its parameters replaced: `#p` stringized, `##` pasted,
/// other parameters by their fully expanded arguments; every token produced gets the hide
/// set and the invocation's place.
fn substitute(
    m: &Macro,
    args: &[Vec<Token>],
    hide: &Rc<[u32]>,
    call: &Token,
    macros: &MacroTable,
    budget: &mut Budget,
    depth: usize,
) -> Result<Vec<Token>, Failure> {
    let params: &[Rc<str>] = m.params.as_deref().unwrap_or(&[]);
    let param = |t: &Token| {
        (t.kind == TokenKind::Ident)
            .then(|| params.iter().position(|p| **p == *t.text))
            .flatten()
    };
    let mut expanded: Vec<Option<Vec<Token>>> = vec![None; args.len()];
    let mut out: Vec<Token> = Vec::new();
    let body = &m.body;
    let mut i = 0;
    while i < body.len() {
        let t = &body[i];
        let next = body.get(i + 1);
        let next_param = next.and_then(param);
        if m.params.is_some() && t.is_punct("#") && next_param.is_some() {
            let j = next_param.unwrap_or(0);
            out.push(stringize(&args[j], placed(t, call)));
            i += 2;
        } else if t.is_punct("##") && next.is_some() && !out.is_empty() {
            let right: Vec<Token> = match next_param {
                Some(j) => args[j].clone(),
                None => next.into_iter().cloned().collect(),
            };
            let left = out.pop().unwrap_or_else(|| placemarker(call));
            let mut right = right.into_iter();
            let first = right.next().unwrap_or_else(|| placemarker(call));
            out.push(paste(&left, &first)?);
            out.extend(right);
            i += 2;
        } else if let Some(j) = param(t) {
            let arg = if next.is_some_and(|n| n.is_punct("##")) {
                args[j].clone()
            } else {
                if depth >= budget.max_depth {
                    return Err(Failure::new(
                        call.loc,
                        ErrorKind::Limit("macro argument nesting", budget.max_depth),
                    ));
                }
                if expanded[j].is_none() {
                    expanded[j] = Some(expand_at(args[j].clone(), macros, budget, depth + 1)?);
                }
                expanded[j].clone().unwrap_or_default()
            };
            if arg.is_empty() {
                out.push(placemarker(call));
            }
            let start = out.len();
            out.extend(arg);
            if let Some(first) = out.get_mut(start) {
                first.space_before = t.space_before;
            }
            i += 1;
        } else {
            out.push(placed(t, call));
            i += 1;
        }
        if out.len() > budget.max_tokens {
            return Err(Failure::new(
                call.loc,
                ErrorKind::Limit("macro expansion", budget.max_tokens),
            ));
        }
    }
    out.retain(|t| !t.text.is_empty());
    for t in &mut out {
        t.hide = Some(union(t.hide.as_deref(), hide));
        t.line_start = false;
    }
    if let Some(first) = out.first_mut() {
        first.space_before = call.space_before;
    }
    Ok(out)
}

/// A body token moved to the invocation's place.
fn placed(t: &Token, call: &Token) -> Token {
    let mut t = t.clone();
    t.loc = call.loc;
    t
}

/// The empty token standing for an empty argument next to `##`.
fn placemarker(call: &Token) -> Token {
    Token::new(TokenKind::Other, "", call.loc)
}

/// `a ## b`: the two spellings joined, which must read as one token.
fn paste(left: &Token, right: &Token) -> Result<Token, Failure> {
    if left.text.is_empty() {
        return Ok(right.clone());
    }
    if right.text.is_empty() {
        return Ok(left.clone());
    }
    let text = format!("{}{}", left.text, right.text);
    let bad = || Failure::new(left.loc, ErrorKind::BadPaste(text.clone()));
    let tokens = tokenize(&text, left.loc.file).map_err(|_| bad())?;
    let [one] = tokens.as_slice() else {
        return Err(bad());
    };
    let mut pasted = left.clone();
    pasted.kind = one.kind;
    pasted.text = one.text.clone();
    pasted.hide = None;
    Ok(pasted)
}

/// `#p`: the argument's spelling as a string literal, quotes and backslashes inside string
/// and character literals escaped.
fn stringize(arg: &[Token], at: Token) -> Token {
    let mut text = String::from("\"");
    for (i, t) in arg.iter().enumerate() {
        if i > 0 && t.space_before {
            text.push(' ');
        }
        if matches!(t.kind, TokenKind::Str | TokenKind::Char) {
            for c in t.text.chars() {
                if c == '"' || c == '\\' {
                    text.push('\\');
                }
                text.push(c);
            }
        } else {
            text.push_str(&t.text);
        }
    }
    text.push('"');
    let mut token = at;
    token.kind = TokenKind::Str;
    token.text = Rc::from(text);
    token
}

fn with(set: Option<&[u32]>, id: u32) -> Rc<[u32]> {
    let mut v: Vec<u32> = set.unwrap_or(&[]).to_vec();
    if let Err(at) = v.binary_search(&id) {
        v.insert(at, id);
    }
    Rc::from(v)
}

fn union(a: Option<&[u32]>, b: &[u32]) -> Rc<[u32]> {
    let mut v: Vec<u32> = a.unwrap_or(&[]).iter().chain(b).copied().collect();
    v.sort_unstable();
    v.dedup();
    Rc::from(v)
}

fn intersect(a: Option<&[u32]>, b: Option<&[u32]>) -> Vec<u32> {
    let b = b.unwrap_or(&[]);
    a.unwrap_or(&[])
        .iter()
        .filter(|x| b.binary_search(x).is_ok())
        .copied()
        .collect()
}
