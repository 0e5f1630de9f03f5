//! The HLSL a shader compiler gets for an effect: the preprocessed program with the effect
//! format's own syntax left out (annotations, techniques, `sampler_state` blocks, texture
//! objects, strings, semantics of globals) in DirectX 9 style (`sampler2D`, `tex2D`), each
//! line mapped back to the effect's file and line; and for a pass's `compile`, an entry
//! point that binds the `compile` arguments to the function's `uniform` parameters.

use crate::error::{EffectError, ErrorKind};
use crate::location::Loc;
use crate::model::{Effect, Function, Piece, ShaderCompile};

/// The name of the entry point [`Effect::pass_shader`] writes when a `compile` passes
/// arguments.
pub const WRAPPER_ENTRY: &str = "mmd_effect_entry";

/// HLSL source with each of its lines' place in the effect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HlslProgram {
    /// The source.
    pub text: String,
    /// The place of each line of `text`, the first line first.
    pub lines: Vec<Loc>,
}

impl HlslProgram {
    /// Where the 1-based `line` of the text came from (as a compiler's message names it).
    pub fn origin(&self, line: u32) -> Option<Loc> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.lines.get(index).copied()
    }

    fn write(&mut self, text: &str, loc: Loc, space_before: bool) {
        if self.lines.last() != Some(&loc) {
            if !self.text.is_empty() {
                self.text.push('\n');
            }
            self.lines.push(loc);
        } else if space_before || joins(&self.text, text) {
            self.text.push(' ');
        }
        self.text.push_str(text);
    }
}

/// Whether two spellings would run together into one token without a space.
fn joins(before: &str, after: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    before.ends_with(word) && after.starts_with(word)
        || before.ends_with(['+', '-', '&', '|', '<', '>', '=', '/'])
            && after.starts_with(['+', '-', '&', '|', '<', '>', '=', '/'])
}

/// A pass shader's source and the entry point to compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassShader {
    /// The program, with the wrapper entry point at its end when one is needed.
    pub program: HlslProgram,
    /// The function the compiler starts at.
    pub entry: String,
}

impl Effect {
    /// The effect's program as HLSL.
    pub fn hlsl(&self) -> HlslProgram {
        let mut out = HlslProgram::default();
        for piece in &self.program {
            match piece {
                Piece::Tokens(start, end) => {
                    for t in self.tokens.get(*start..*end).unwrap_or(&[]) {
                        out.write(&t.text, t.loc, t.space_before);
                    }
                }
                Piece::Text(text, loc) => out.write(text, *loc, true),
            }
        }
        out
    }

    /// The source and entry point that compile one of a pass's shaders. Without arguments
    /// the entry is the function itself; with them, a wrapper passes them to the function's
    /// `uniform` parameters in order and takes the others as its own inputs and outputs.
    pub fn pass_shader(&self, compile: &ShaderCompile) -> Result<PassShader, EffectError> {
        let function = self
            .functions_named(&compile.entry)
            .find(|f| {
                f.defined
                    && f.params.iter().filter(|p| p.is_uniform()).count() == compile.args.len()
            })
            .ok_or_else(|| EffectError {
                location: self.files.resolve(compile.loc),
                kind: ErrorKind::ShaderEntry {
                    entry: compile.entry.clone(),
                    args: compile.args.len(),
                },
            })?;
        let mut program = self.hlsl();
        if compile.args.is_empty() {
            return Ok(PassShader {
                program,
                entry: compile.entry.clone(),
            });
        }
        for line in wrapper(function, &compile.args) {
            program.write(&line, compile.loc, true);
        }
        Ok(PassShader {
            program,
            entry: WRAPPER_ENTRY.to_owned(),
        })
    }
}

/// The wrapper's source, a line at a time.
fn wrapper(function: &Function, args: &[String]) -> [String; 2] {
    let mut inputs = Vec::new();
    let mut forwarded = Vec::new();
    let mut args = args.iter();
    for p in &function.params {
        if p.is_uniform() {
            forwarded.push(format!("({})", args.next().map_or("", String::as_str)));
            continue;
        }
        let mut decl: Vec<&str> = p.modifiers.iter().map(String::as_str).collect();
        decl.push(&p.ty);
        decl.push(&p.name);
        let mut decl = decl.join(" ");
        for dim in &p.array {
            decl.push_str(&format!("[{dim}]"));
        }
        if let Some(semantic) = &p.semantic {
            decl.push_str(&format!(" : {semantic}"));
        }
        inputs.push(decl);
        forwarded.push(p.name.clone());
    }
    let semantic = function
        .semantic
        .as_ref()
        .map_or(String::new(), |s| format!(" : {s}"));
    let call = format!("{}({})", function.name, forwarded.join(", "));
    let body = if function.return_type == "void" {
        format!("{{ {call}; }}")
    } else {
        format!("{{ return {call}; }}")
    };
    [
        format!(
            "{} {WRAPPER_ENTRY}({}){semantic}",
            function.return_type,
            inputs.join(", ")
        ),
        body,
    ]
}
