//! SPIR-V Tools' HLSL legalization: what glslang writes for HLSL keeps samplers in
//! function parameters and locals (FXAA passes its sampler to helper functions), which
//! Vulkan and naga take only once inlined and propagated to the global they came from.

use spirv_tools::opt::{Optimizer, Options};
use spirv_tools::val::ValidatorOptions;
use spirv_tools::{TargetEnv, error::Message};

/// The legalized module, or SPIR-V Tools' messages.
pub(crate) fn legalize(words: &[u32]) -> Result<Vec<u32>, String> {
    let mut optimizer = spirv_tools::opt::create(Some(TargetEnv::Vulkan_1_0));
    optimizer.register_hlsl_legalization_passes();
    let options = Options {
        // The module is checked as what it is: SPIR-V written for legalization.
        validator_options: Some(ValidatorOptions {
            before_legalization: true,
            relax_logical_pointer: true,
            ..ValidatorOptions::default()
        }),
        ..Options::default()
    };
    let mut messages = Vec::new();
    let mut collect = |m: Message| messages.push(m.message);
    match optimizer.optimize(words, &mut collect, Some(options)) {
        Ok(binary) => Ok(binary.as_words().to_vec()),
        Err(e) if messages.is_empty() => Err(e.to_string()),
        Err(_) => Err(messages.join("; ")),
    }
}
