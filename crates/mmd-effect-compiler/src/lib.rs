//! Compiles the shaders of a MikuMikuEffect pass (DirectX 9 HLSL, shader model 2 and 3)
//! into naga modules wgpu runs. The HLSL and its entry point come from `mmd-effect`;
//! glslang's HLSL front end reads it as DirectX 9 does (`front`), SPIR-V
//! Tools legalizes what that writes (`legalize`), the combined samplers
//! are split for naga (`samplers`), and naga reads and validates the result,
//! whose uniform layout and stage interface the runtime needs ([`reflect`]). Compiled
//! shaders can be kept on disk ([`cache`]).

pub mod cache;
pub mod error;
mod front;
pub mod layout;
mod legalize;
pub mod reflect;
mod samplers;
mod uniform_binding;

pub use cache::ShaderCache;
pub use error::CompileError;
pub use reflect::{SamplerUse, ShaderInterface, Shape, UniformBlock, UniformMember};

use mmd_effect::{Effect, PassShader, ShaderCompile, Stage};
use naga::valid::{Capabilities, ModuleInfo, ValidationFlags, Validator};

/// A pass shader compiled for wgpu.
#[derive(Debug)]
pub struct CompiledShader {
    /// The stage.
    pub stage: Stage,
    /// The entry point's name in `module`.
    pub entry: String,
    /// The module (`wgpu::ShaderSource::Naga`).
    pub module: naga::Module,
    /// naga's validation of it.
    pub info: ModuleInfo,
    /// What it reads and writes.
    pub interface: ShaderInterface,
    /// Whether it came from the cache on disk.
    pub from_cache: bool,
}

/// Compiles pass shaders, with a cache on disk or without.
#[derive(Clone, Debug, Default)]
pub struct EffectCompiler {
    cache: Option<ShaderCache>,
}

impl EffectCompiler {
    /// A compiler that keeps nothing on disk.
    pub fn new() -> Self {
        EffectCompiler { cache: None }
    }

    /// A compiler that keeps what it compiles in `cache` and reads it back from there.
    pub fn with_cache(cache: ShaderCache) -> Self {
        EffectCompiler { cache: Some(cache) }
    }

    /// Compiles the shader a pass's `compile` names, for `stage`.
    pub fn compile(
        &self,
        effect: &Effect,
        compile: &ShaderCompile,
        stage: Stage,
    ) -> Result<CompiledShader, CompileError> {
        let shader = effect.pass_shader(compile, stage)?;
        let cached = self.cache.as_ref().and_then(|c| c.load(&shader));
        // A cache file that no longer translates (cut short, or from another build) is
        // compiled again rather than reported.
        if let Some(Ok((module, info))) = cached.map(|words| translate(&words, &shader.entry)) {
            return Ok(compiled(shader, module, info, true));
        }
        let words = spirv(effect, &shader)?;
        let (module, info) =
            translate(&words, &shader.entry).map_err(|message| CompileError::Translate {
                entry: compile.entry.clone(),
                message,
            })?;
        if let Some(cache) = &self.cache {
            cache.store(&shader, &words);
        }
        Ok(compiled(shader, module, info, false))
    }
}

fn compiled(
    shader: PassShader,
    module: naga::Module,
    info: ModuleInfo,
    from_cache: bool,
) -> CompiledShader {
    let interface = reflect::interface(&module);
    CompiledShader {
        stage: shader.stage,
        entry: shader.entry,
        module,
        info,
        interface,
        from_cache,
    }
}

/// naga's module of legalized SPIR-V with the entry point `entry`, validated.
fn translate(words: &[u32], entry: &str) -> Result<(naga::Module, ModuleInfo), String> {
    let options = naga::front::spv::Options {
        // The effect's clip space is Direct3D's, which is wgpu's: y up, depth 0 to 1.
        adjust_coordinate_space: false,
        ..naga::front::spv::Options::default()
    };
    let module = naga::front::spv::Frontend::new(words.iter().copied(), &options)
        .parse()
        .map_err(|e| e.to_string())?;
    if !module.entry_points.iter().any(|e| e.name == entry) {
        return Err(format!("no entry point {entry}"));
    }
    let info = Validator::new(ValidationFlags::all(), Capabilities::default())
        .validate(&module)
        .map_err(|e| e.as_inner().to_string())?;
    Ok((module, info))
}

/// The SPIR-V of a pass shader, legalized and with its samplers split.
fn spirv(effect: &Effect, shader: &PassShader) -> Result<Vec<u32>, CompileError> {
    let words = front::hlsl_to_spirv(shader).map_err(|refusal| CompileError::Hlsl {
        location: refusal
            .line
            .and_then(|l| shader.program.origin(l))
            .map(|loc| effect.files.resolve(loc)),
        message: refusal.message,
    })?;
    let entry = || shader.entry.clone();
    let words = legalize::legalize(&words).map_err(|message| CompileError::Legalize {
        entry: entry(),
        message,
    })?;
    let words = samplers::split_samplers(&words, |name| {
        effect
            .samplers
            .iter()
            .position(|s| s.parameter.name == name)
    })
    .map_err(|message| CompileError::Legalize {
        entry: entry(),
        message,
    })?;
    uniform_binding::bind_uniform_block(&words, layout::uniform_block_binding(shader.stage))
        .map_err(|message| CompileError::Legalize {
            entry: entry(),
            message,
        })
}
