//! Why an effect could not be set up to run, or stopped running.

use mmd_effect::Stage;
use mmd_effect_compiler::CompileError;
use thiserror::Error;

use crate::script::ScriptError;

/// An effect the runtime cannot run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RuntimeError {
    /// wgpu refused a pass's pipeline (what naga validated, wgpu's limits or formats
    /// refused).
    #[error("pass {pass}: the GPU refused its pipeline: {message}")]
    Pipeline {
        /// The technique and pass.
        pass: String,
        /// wgpu's message.
        message: String,
    },
    /// The effect has no technique.
    #[error("the effect has no technique")]
    NoTechnique,
    /// Its script cannot run.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// A post effect must draw the scene exactly once.
    #[error("a post effect's script must say ScriptExternal=Color once, not {0} times")]
    External(usize),
    /// A render target's format has no wgpu equivalent.
    #[error("texture {texture}: unknown format {format}")]
    Format {
        /// The texture.
        texture: String,
        /// The format as written.
        format: String,
    },
    /// A pass lacks a vertex or pixel shader.
    #[error("pass {pass} has no {stage:?} shader")]
    MissingShader {
        /// The pass.
        pass: String,
        /// The stage.
        stage: Stage,
    },
    /// A shader did not compile.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A script names a render target the effect does not declare.
    #[error("no render target called {0}")]
    NoTarget(String),
    /// What the runtime does not do yet.
    #[error("not supported: {0}")]
    Unsupported(String),
    /// More uniform data in a frame than a buffer offset reaches.
    #[error("too many draws in one frame")]
    TooManyDraws,
}
