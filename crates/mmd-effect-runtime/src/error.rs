//! Why an effect could not be set up to run.

use thiserror::Error;

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
}
