//! Runs MikuMikuEffect effects on wgpu. An effect read by `mmd-effect` and compiled by
//! `mmd-effect-compiler` gets here what MME gives it: each parameter's value from its
//! semantic ([`semantic`]), written into the shaders' uniform blocks ([`uniforms`]), and
//! each pass's pipeline ([`pipeline`]).

pub mod error;
pub mod pipeline;
pub mod semantic;
pub mod uniforms;

pub use error::RuntimeError;
pub use pipeline::{PassPipeline, PassTargets};
pub use semantic::{Semantic, classify};
pub use uniforms::Value;
