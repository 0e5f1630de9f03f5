//! `#if` expressions: C's integer constant expressions over the tokens left after `defined`
//! and macros were replaced (a name still there counts as 0).

use crate::token::{Token, TokenKind};

/// How deeply parentheses and unary operators may nest.
const MAX_DEPTH: usize = 256;

/// Evaluates an `#if` expression; the message says what is wrong otherwise.
pub fn evaluate(tokens: &[Token]) -> Result<i64, String> {
    let mut parser = Parser { tokens, pos: 0 };
    let value = parser.ternary(0)?;
    match parser.tokens.get(parser.pos) {
        None => Ok(value),
        Some(t) => Err(format!("unexpected {}", t.text)),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
}

/// Binary operators by precedence, loosest first.
const LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

impl Parser<'_> {
    fn peek_punct(&self, p: &str) -> bool {
        self.tokens.get(self.pos).is_some_and(|t| t.is_punct(p))
    }

    fn ternary(&mut self, depth: usize) -> Result<i64, String> {
        if depth > MAX_DEPTH {
            return Err("nested too deeply".into());
        }
        let cond = self.binary(0, depth)?;
        if !self.peek_punct("?") {
            return Ok(cond);
        }
        self.pos += 1;
        let yes = self.ternary(depth + 1)?;
        if !self.peek_punct(":") {
            return Err("missing : of ?:".into());
        }
        self.pos += 1;
        let no = self.ternary(depth + 1)?;
        Ok(if cond != 0 { yes } else { no })
    }

    fn binary(&mut self, level: usize, depth: usize) -> Result<i64, String> {
        let Some(ops) = LEVELS.get(level) else {
            return self.unary(depth);
        };
        let mut left = self.binary(level + 1, depth)?;
        while let Some(op) = ops.iter().find(|op| self.peek_punct(op)) {
            self.pos += 1;
            let right = self.binary(level + 1, depth)?;
            left = apply(op, left, right)?;
        }
        Ok(left)
    }

    fn unary(&mut self, depth: usize) -> Result<i64, String> {
        if depth > MAX_DEPTH {
            return Err("nested too deeply".into());
        }
        let Some(t) = self.tokens.get(self.pos) else {
            return Err("expression ends early".into());
        };
        self.pos += 1;
        match (t.kind, &*t.text) {
            (TokenKind::Punct, "-") => Ok(self.unary(depth + 1)?.wrapping_neg()),
            (TokenKind::Punct, "+") => self.unary(depth + 1),
            (TokenKind::Punct, "!") => Ok(i64::from(self.unary(depth + 1)? == 0)),
            (TokenKind::Punct, "~") => Ok(!self.unary(depth + 1)?),
            (TokenKind::Punct, "(") => {
                let value = self.ternary(depth + 1)?;
                if !self.peek_punct(")") {
                    return Err("missing )".into());
                }
                self.pos += 1;
                Ok(value)
            }
            (TokenKind::Number, text) => parse_integer(text),
            (TokenKind::Ident, "true") => Ok(1),
            (TokenKind::Ident, _) => Ok(0),
            (TokenKind::Char, text) => parse_char(text),
            _ => Err(format!("unexpected {}", t.text)),
        }
    }
}

fn apply(op: &str, a: i64, b: i64) -> Result<i64, String> {
    Ok(match op {
        "||" => i64::from(a != 0 || b != 0),
        "&&" => i64::from(a != 0 && b != 0),
        "|" => a | b,
        "^" => a ^ b,
        "&" => a & b,
        "==" => i64::from(a == b),
        "!=" => i64::from(a != b),
        "<" => i64::from(a < b),
        ">" => i64::from(a > b),
        "<=" => i64::from(a <= b),
        ">=" => i64::from(a >= b),
        "<<" => a.wrapping_shl((b & 63) as u32),
        ">>" => a.wrapping_shr((b & 63) as u32),
        "+" => a.wrapping_add(b),
        "-" => a.wrapping_sub(b),
        "*" => a.wrapping_mul(b),
        "/" | "%" if b == 0 => return Err("division by zero".into()),
        "/" => a.wrapping_div(b),
        "%" => a.wrapping_rem(b),
        _ => return Err(format!("unknown operator {op}")),
    })
}

/// An integer literal: decimal, `0x` hexadecimal or `0` octal, with `u`/`l` suffixes.
pub fn parse_integer(text: &str) -> Result<i64, String> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (radix, body) = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (16, hex)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    u64::from_str_radix(body, radix)
        .map(|v| v as i64)
        .map_err(|_| format!("{text} is not an integer"))
}

fn parse_char(text: &str) -> Result<i64, String> {
    let inner = text.trim_start_matches('\'').trim_end_matches('\'');
    let mut chars = inner.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(i64::from(u32::from(c))),
        _ => Err(format!("{text} is not a character")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::tokenize;
    use crate::location::FileId;

    fn eval(src: &str) -> Result<i64, String> {
        let tokens = tokenize(src, FileId(0)).map_err(|e| format!("{e:?}"))?;
        evaluate(&tokens)
    }

    #[test]
    fn precedence_and_logic() {
        assert_eq!(eval("1 + 2 * 3 == 7 && !0"), Ok(1));
        assert_eq!(eval("(1 + 2) * 3"), Ok(9));
        assert_eq!(eval("1 ? 2 : 3"), Ok(2));
        assert_eq!(eval("0 || 0 ? 2 : 3"), Ok(3));
        assert_eq!(eval("-1 < 0"), Ok(1));
        assert_eq!(eval("0x10 + 010 + 1u"), Ok(25));
        assert_eq!(eval("1 << 4 >> 2"), Ok(4));
        assert_eq!(eval("UNDEFINED_NAME == 0"), Ok(1));
    }

    #[test]
    fn errors_not_panics() {
        assert!(eval("1 / 0").is_err());
        assert!(eval("1 +").is_err());
        assert!(eval("(1").is_err());
        assert!(eval("1.5").is_err());
        assert!(eval(&"(".repeat(10_000)).is_err());
        assert!(eval(&"-".repeat(10_000)).is_err());
        assert_eq!(eval("-9223372036854775807 - 1 - 1"), Ok(i64::MAX));
    }
}
