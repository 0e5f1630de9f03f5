//! Reads MikuMikuEffect effects (`.fx`, DirectX 9's effect format) into what a shader
//! compiler and MME's runtime need: the text decoded ([`source`]), preprocessed with each
//! token's file and line kept ([`preprocess`](mod@preprocess)), its declarations read ([`model`]), its
//! scripts as commands ([`script`]), and the HLSL a shader compiler gets ([`hlsl`]).

pub mod entry;
pub mod error;
pub mod hlsl;
mod lexer;
pub mod location;
pub mod model;
mod parse;
pub mod preprocess;
pub mod script;
pub mod source;
pub mod stage_io;
pub mod token;

pub use entry::WRAPPER_ENTRY;
pub use error::{EffectError, ErrorKind};
pub use hlsl::{HlslProgram, PassShader};
pub use location::{FileId, Loc, Location, SourceFiles};
pub use model::{
    Annotation, AnnotationValue, Effect, Function, FunctionParam, Parameter, Pass, Sampler,
    ShaderCompile, StateAssignment, StateValue, StructDecl, StructMember, Technique, Texture,
    TextureKind,
};
pub use parse::parse;
pub use preprocess::{
    FileLoader, Limits, MemoryLoader, Options, Preprocessed, SourceLoader, preprocess,
};
pub use script::{ClearTarget, DrawKind, ScriptCommand, parse_script};
pub use stage_io::{Direction, Slot, Stage};

use std::path::Path;

/// Reads the effect at `path`: preprocessed (its includes through `loader`) and parsed.
pub fn read_effect(
    path: &Path,
    loader: &dyn SourceLoader,
    options: &Options,
) -> Result<Effect, EffectError> {
    parse(preprocess(path, loader, options)?)
}
