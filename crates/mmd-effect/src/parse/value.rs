//! Annotation and state values: literals typed by their declared type, string literals
//! joined, `{a, b}` vectors, `<Name>` references, `compile` expressions.

use super::cursor::{Cursor, spell};
use crate::model::{Annotation, AnnotationValue, ShaderCompile, StateAssignment, StateValue};
use crate::preprocess::Failure;
use crate::token::{Token, TokenKind};

/// `< type name = value; … >`, the cursor on `<`.
pub(crate) fn annotations(c: &mut Cursor) -> Result<Vec<Annotation>, Failure> {
    c.expect_punct("<")?;
    let mut list = Vec::new();
    loop {
        if c.eat_punct(">") {
            return Ok(list);
        }
        if c.eat_punct(";") {
            continue;
        }
        let ty = c.expect_ident("an annotation's type or `>`")?;
        let name = c.expect_ident("an annotation's name")?;
        c.expect_punct("=")?;
        let (start, end) = c.until(&[";", ">"], "`;` after an annotation's value")?;
        c.eat_punct(";");
        let value = annotation_value(&ty.text, &c.tokens[start..end]);
        list.push(Annotation {
            ty: ty.text.to_string(),
            name: name.text.to_string(),
            value,
            loc: name.loc,
        });
    }
}

/// A value typed by its annotation's declared type; what does not fit is kept as text.
fn annotation_value(ty: &str, tokens: &[Token]) -> AnnotationValue {
    let ty = ty.to_ascii_lowercase();
    let expression = || AnnotationValue::Expression(spell(tokens));
    if ty == "string" {
        return strings(tokens).map_or_else(expression, AnnotationValue::String);
    }
    let Some(numbers) = numbers(tokens) else {
        return expression();
    };
    let is_vector = ty.len() > 1 && ty.ends_with(|c: char| c.is_ascii_digit());
    match (ty.as_str(), numbers.as_slice()) {
        (_, _) if is_vector => AnnotationValue::Vector(numbers),
        ("bool", [v]) => AnnotationValue::Bool(*v != 0.0),
        ("int" | "uint" | "dword", [v]) if v.fract() == 0.0 => AnnotationValue::Int(*v as i64),
        ("float" | "half" | "double", [v]) => AnnotationValue::Float(*v),
        _ => expression(),
    }
}

/// Adjacent string literals joined, each unquoted and unescaped.
fn strings(tokens: &[Token]) -> Option<String> {
    if tokens.is_empty() || tokens.iter().any(|t| t.kind != TokenKind::Str) {
        return None;
    }
    Some(tokens.iter().map(|t| unquote(&t.text)).collect())
}

/// A string literal's contents, its escapes read.
pub(crate) fn unquote(literal: &str) -> String {
    let inner = literal.strip_prefix('"').unwrap_or(literal);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// Numbers as annotations write them: `1`, `-0.5f`, `true`, `{1, 1}`, `float2(1, 1)`.
fn numbers(tokens: &[Token]) -> Option<Vec<f64>> {
    let inner = match tokens {
        [open, inner @ .., close] if open.is_punct("{") && close.is_punct("}") => inner,
        [ty, open, inner @ .., close]
            if ty.kind == TokenKind::Ident && open.is_punct("(") && close.is_punct(")") =>
        {
            inner
        }
        _ => tokens,
    };
    inner
        .split(|t| t.is_punct(","))
        .map(signed_number)
        .collect()
}

fn signed_number(tokens: &[Token]) -> Option<f64> {
    match tokens {
        [t] => number(t),
        [sign, t] if sign.is_punct("-") => number(t).map(|v| -v),
        [sign, t] if sign.is_punct("+") => number(t),
        _ => None,
    }
}

/// A literal's value: a number (suffixes `f`, `h`, `l`, `u` dropped, `0x` read), or a
/// `true`/`false`.
pub(crate) fn number(t: &Token) -> Option<f64> {
    match t.kind {
        TokenKind::Ident if t.text.eq_ignore_ascii_case("true") => Some(1.0),
        TokenKind::Ident if t.text.eq_ignore_ascii_case("false") => Some(0.0),
        TokenKind::Number => {
            let text = &*t.text;
            if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                let hex = hex.trim_end_matches(['u', 'U', 'l', 'L']);
                return u64::from_str_radix(hex, 16).ok().map(|v| v as f64);
            }
            let digits = text.trim_end_matches(['f', 'F', 'h', 'H', 'l', 'L', 'u', 'U']);
            digits.parse::<f64>().ok().filter(|v| v.is_finite())
        }
        _ => None,
    }
}

/// A state block's assignments, and apart from them its `compile` values with the state
/// each sets.
pub(crate) struct StateBlock {
    pub states: Vec<StateAssignment>,
    pub shaders: Vec<(String, ShaderCompile)>,
}

/// A state block's assignments up to its `}`, the cursor after `{`.
pub(crate) fn states(c: &mut Cursor) -> Result<StateBlock, Failure> {
    let mut states = Vec::new();
    let mut shaders = Vec::new();
    loop {
        if c.eat_punct("}") {
            return Ok(StateBlock { states, shaders });
        }
        if c.eat_punct(";") {
            continue;
        }
        let name = c.expect_ident("a state's name or `}`")?;
        let index = if c.peek_punct("[") {
            c.bump();
            let (start, end) = c.until(&["]"], "`]`")?;
            c.bump();
            Some(c.text(start, end))
        } else {
            None
        };
        c.expect_punct("=")?;
        if c.peek_keyword("compile") {
            shaders.push((name.text.to_string(), compile(c)?));
        } else {
            let value = state_value(c)?;
            states.push(StateAssignment {
                name: name.text.to_string(),
                index,
                value,
                loc: name.loc,
            });
        }
        c.expect_punct(";")?;
    }
}

/// `compile profile Entry(args)`, the cursor on `compile`.
fn compile(c: &mut Cursor) -> Result<ShaderCompile, Failure> {
    let at = c.here();
    c.bump();
    let profile = c.expect_ident("a shader profile")?;
    let entry = c.expect_ident("an entry function")?;
    let mut args = Vec::new();
    if c.eat_punct("(") && !c.eat_punct(")") {
        loop {
            let (start, end) = c.until(&[",", ")"], "`)` closing the arguments")?;
            args.push(c.text(start, end));
            if c.eat_punct(")") {
                break;
            }
            c.expect_punct(",")?;
        }
    }
    Ok(ShaderCompile {
        profile: profile.text.to_string(),
        entry: entry.text.to_string(),
        args,
        loc: at,
    })
}

/// A state's value up to (not over) its `;`.
fn state_value(c: &mut Cursor) -> Result<StateValue, Failure> {
    if c.peek_punct("<") {
        c.bump();
        let name = c.expect_ident("a parameter's name")?;
        c.expect_punct(">")?;
        return Ok(StateValue::Reference(name.text.to_string()));
    }
    let (start, end) = c.until(&[";"], "`;` after a state's value")?;
    Ok(classify_state(&c.tokens[start..end]))
}

fn classify_state(tokens: &[Token]) -> StateValue {
    match tokens {
        [t] if t.kind == TokenKind::Ident => match &*t.text.to_ascii_lowercase() {
            "true" => StateValue::Bool(true),
            "false" => StateValue::Bool(false),
            _ => StateValue::Word(t.text.to_string()),
        },
        [t] if t.kind == TokenKind::Number => match number(t) {
            Some(v) if v.fract() == 0.0 && !t.text.contains(['.', 'e', 'E', 'f', 'F']) => {
                StateValue::Int(v as i64)
            }
            Some(v) => StateValue::Float(v),
            None => StateValue::Expression(t.text.to_string()),
        },
        [open, t, close]
            if open.is_punct("(") && close.is_punct(")") && t.kind == TokenKind::Ident =>
        {
            StateValue::Reference(t.text.to_string())
        }
        _ => StateValue::Expression(spell(tokens)),
    }
}
