//! Runs MikuMikuEffect effects on wgpu. An effect read by `mmd-effect` and compiled by
//! `mmd-effect-compiler` gets here what MME gives it: each parameter's value from its
//! semantic ([`semantic`], [`values`]), written into the shaders' uniform blocks ([`uniforms`]), each pass's
//! pipeline ([`pipeline`]), each technique's script walked ([`script`]), and
//! the render targets and samplers it declares ([`targets`]); a post effect runs whole
//! ([`post`]).

mod capture;
pub mod constants;
pub mod error;
pub mod pipeline;
pub mod post;
pub mod script;
pub mod semantic;
pub mod states;
pub mod targets;
pub mod uniforms;
pub mod values;

pub use error::RuntimeError;
pub use pipeline::{PassPipeline, PassTargets};
pub use post::{Formats, PostEffect, Recording};
pub use semantic::{Semantic, classify};
pub use uniforms::Value;
