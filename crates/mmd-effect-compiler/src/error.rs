//! Why a pass shader did not compile, with the effect's file and line where one is known.

use mmd_effect::{EffectError, Location};
use thiserror::Error;

/// A pass shader that did not compile.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CompileError {
    /// The pass names no usable entry point, or its inputs and outputs do not fit a stage.
    #[error(transparent)]
    Effect(#[from] EffectError),
    /// glslang's HLSL front end refused the shader.
    #[error("{}{message}", place(.location))]
    Hlsl {
        /// The effect's file and line of the first error, when the compiler named one.
        location: Option<Location>,
        /// The compiler's message.
        message: String,
    },
    /// SPIR-V Tools could not legalize what glslang wrote (an HLSL construct Vulkan has no
    /// form of, such as a sampler chosen at run time).
    #[error("{entry}: cannot be legalized for Vulkan: {message}")]
    Legalize {
        /// The entry point.
        entry: String,
        /// SPIR-V Tools' message.
        message: String,
    },
    /// The shader uses what wgpu's shader translator does not take.
    #[error("{entry}: not supported by the shader translator: {message}")]
    Translate {
        /// The entry point.
        entry: String,
        /// naga's message.
        message: String,
    },
}

fn place(location: &Option<Location>) -> String {
    location
        .as_ref()
        .map_or(String::new(), |l| format!("{l}: "))
}
