//! The HLSL a shader compiler gets for an effect: the preprocessed program with the effect
//! format's own syntax left out (annotations, techniques, `sampler_state` blocks, texture
//! objects, strings, semantics of globals) in DirectX 9 style (`sampler2D`, `tex2D`), each
//! line mapped back to the effect's file and line; and for a pass's `compile`, that program
//! with the entry point [`crate::entry`] writes.

use std::collections::HashSet;

use crate::entry::{WRAPPER_ENTRY, wrapper};
use crate::error::{EffectError, ErrorKind};
use crate::location::Loc;
use crate::model::{Effect, Piece, ShaderCompile};
use crate::stage_io::Stage;

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
    /// The program, with the entry point written for the pass at its end.
    pub program: HlslProgram,
    /// The function the compiler starts at ([`WRAPPER_ENTRY`]).
    pub entry: String,
    /// The stage it is compiled for.
    pub stage: Stage,
}

/// A `static` global whose initialiser is computed from parameters or functions: declared
/// without it, and assigned at the start of the entry point instead. DirectX 9 evaluates such
/// initialisers before the shader runs; glslang's code for global initialisers that call
/// functions crashes or reports recursion (Ray-MMD's lights' `LightBlink`), while the same
/// assignment inside a function compiles.
#[derive(Clone, Debug)]
struct DeferredInit {
    /// The name's token.
    name: usize,
    /// The initialiser's token range.
    init: (usize, usize),
}

impl Effect {
    /// The effect's program as HLSL.
    pub fn hlsl(&self) -> HlslProgram {
        self.program_with_deferred().0
    }

    /// The program, and the initialisers moved to the entry point.
    fn program_with_deferred(&self) -> (HlslProgram, Vec<DeferredInit>) {
        let mut out = HlslProgram::default();
        let mut deferred: Vec<DeferredInit> = Vec::new();
        let uniforms: HashSet<&str> = self
            .parameters
            .iter()
            .filter(|p| !p.is_static())
            .map(|p| p.name.as_str())
            .collect();
        let functions: HashSet<&str> = self.functions.iter().map(|f| f.name.as_str()).collect();
        let mut computed: HashSet<&str> = HashSet::new();
        for piece in &self.program {
            match piece {
                Piece::Tokens(start, end) => self.write_tokens(&mut out, (*start, *end), None),
                Piece::Text(text, loc) => out.write(text, *loc, true),
                Piece::Global {
                    head,
                    declarator,
                    init,
                    is_static,
                    loc,
                } => {
                    let defer = init.filter(|&(start, end)| {
                        let tokens = self.tokens.get(start..end).unwrap_or(&[]);
                        *is_static
                            && tokens.first().is_some_and(|t| &*t.text != "{")
                            && tokens.iter().any(|t| {
                                let text = &*t.text;
                                uniforms.contains(text)
                                    || functions.contains(text)
                                    || computed.contains(text)
                            })
                    });
                    match defer {
                        Some(init) => {
                            // Assigned later, so no longer `const`.
                            self.write_tokens(&mut out, *head, Some("const"));
                            self.write_tokens(&mut out, *declarator, None);
                            if let Some(name) = self.tokens.get(declarator.0) {
                                computed.insert(&name.text);
                            }
                            deferred.push(DeferredInit {
                                name: declarator.0,
                                init,
                            });
                        }
                        None => {
                            self.write_tokens(&mut out, *head, None);
                            self.write_tokens(&mut out, *declarator, None);
                            if let Some(init) = init {
                                out.write("=", *loc, true);
                                self.write_tokens(&mut out, *init, None);
                            }
                        }
                    }
                    out.write(";", *loc, false);
                }
            }
        }
        (out, deferred)
    }

    /// The tokens of `range`, leaving out any spelled `skip`.
    fn write_tokens(&self, out: &mut HlslProgram, range: (usize, usize), skip: Option<&str>) {
        for t in self.tokens.get(range.0..range.1).unwrap_or(&[]) {
            if skip != Some(&*t.text) {
                out.write(&t.text, t.loc, t.space_before);
            }
        }
    }

    /// The source and entry point that compile one of a pass's shaders for `stage`: the
    /// program and an entry point that passes the `compile` arguments to the function's
    /// `uniform` parameters in order and gives each of its other inputs and outputs the
    /// stage slot its semantic names ([`crate::stage_io`]).
    pub fn pass_shader(
        &self,
        compile: &ShaderCompile,
        stage: Stage,
    ) -> Result<PassShader, EffectError> {
        let error = |kind| EffectError {
            location: self.files.resolve(compile.loc),
            kind,
        };
        let function = self
            .functions_named(&compile.entry)
            .find(|f| {
                f.defined
                    && f.params.iter().filter(|p| p.is_uniform()).count() == compile.args.len()
            })
            .ok_or_else(|| {
                error(ErrorKind::ShaderEntry {
                    entry: compile.entry.clone(),
                    args: compile.args.len(),
                })
            })?;
        let (mut program, deferred) = self.program_with_deferred();
        let [signature, body] = wrapper(self, function, &compile.args, stage).map_err(error)?;
        program.write(&signature, compile.loc, true);
        program.write("{", compile.loc, true);
        for d in &deferred {
            self.write_tokens(&mut program, (d.name, d.name + 1), None);
            if let Some(t) = self.tokens.get(d.init.0) {
                program.write("=", t.loc, true);
            }
            self.write_tokens(&mut program, d.init, None);
            program.write(";", compile.loc, false);
        }
        program.write(&body, compile.loc, true);
        program.write("}", compile.loc, true);
        Ok(PassShader {
            program,
            entry: WRAPPER_ENTRY.to_owned(),
            stage,
        })
    }
}
