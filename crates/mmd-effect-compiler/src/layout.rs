//! Where a compiled pass shader's resources are bound, the same for every pass of an effect
//! so the runtime builds one layout per pass whatever its stages use: the uniform globals in
//! group 0 (one block per stage, as glslang gives each stage its own), and each sampler of
//! the effect in group 1 as a texture and a sampler, numbered by its place in the effect.

use mmd_effect::Stage;

/// The bind group of the stages' uniform blocks.
pub const UNIFORM_GROUP: u32 = 0;
/// The bind group of the textures and samplers.
pub const TEXTURE_GROUP: u32 = 1;

/// The binding of a stage's uniform block in [`UNIFORM_GROUP`].
pub fn uniform_block_binding(stage: Stage) -> u32 {
    match stage {
        Stage::Vertex => 0,
        Stage::Pixel => 1,
    }
}

/// The bindings in [`TEXTURE_GROUP`] of the texture and the sampler of the effect's sampler
/// at `index` (its place in `Effect::samplers`).
pub fn sampler_bindings(index: usize) -> Option<(u32, u32)> {
    let texture = u32::try_from(index).ok()?.checked_mul(2)?;
    Some((texture, texture.checked_add(1)?))
}
