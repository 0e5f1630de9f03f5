//! glslang's HLSL front end: a pass shader's source to SPIR-V, read as DirectX 9 reads it
//! (`sampler2D` a texture and its sampler in one, `tex2D` and the other DirectX 9
//! intrinsics), with the uniform globals in one block per stage.

use glslang::error::GlslangError;
use glslang::{
    Compiler, CompilerOptions, ShaderInput, ShaderMessage, ShaderSource, ShaderStage,
    SourceLanguage, SpirvVersion, Target, VulkanVersion,
};
use mmd_effect::{PassShader, Stage};

/// Why glslang refused a shader: the 1-based line of its first error in the source it was
/// given, when it named one, and its log.
#[derive(Debug)]
pub(crate) struct Refusal {
    pub line: Option<u32>,
    pub message: String,
}

impl Refusal {
    fn from_log(log: &str) -> Self {
        match first_error(log) {
            Some((line, message)) => Refusal {
                line: Some(line),
                message,
            },
            None => Refusal {
                line: None,
                message: log.trim().to_owned(),
            },
        }
    }
}

/// The SPIR-V glslang writes for `shader`, before legalization.
pub(crate) fn hlsl_to_spirv(shader: &PassShader) -> Result<Vec<u32>, Refusal> {
    let refuse = |message: &str| Refusal {
        line: None,
        message: message.to_owned(),
    };
    if shader.program.text.contains('\0') {
        return Err(refuse("the effect contains a NUL character"));
    }
    let compiler = Compiler::acquire().ok_or_else(|| refuse("glslang did not start"))?;
    let source = ShaderSource::from(shader.program.text.as_str());
    let stage = glslang_stage(shader.stage);
    let options = CompilerOptions {
        source_language: SourceLanguage::HLSL,
        target: Target::Vulkan {
            version: VulkanVersion::Vulkan1_0,
            spirv_version: SpirvVersion::SPIRV1_0,
        },
        version_profile: None,
        messages: ShaderMessage::READ_HLSL
            | ShaderMessage::HLSL_DX9_COMPATIBLE
            | ShaderMessage::VULKAN_RULES
            | ShaderMessage::SPV_RULES,
    };
    let input = ShaderInput::new(
        &source,
        stage,
        &options,
        None::<&[(&str, Option<&str>)]>,
        None,
    )
    .map_err(|e| Refusal::from_error(&e))?;
    let mut builder = glslang::Shader::new(compiler, input);
    builder.entry_point(&shader.entry);
    let parsed = builder.parse().map_err(|e| Refusal::from_error(&e))?;
    let mut program = compiler.create_program();
    program.add_shader(&parsed);
    program.compile(stage).map_err(|e| Refusal::from_error(&e))
}

impl Refusal {
    fn from_error(error: &GlslangError) -> Self {
        match error {
            GlslangError::PreprocessError(log)
            | GlslangError::ParseError(log)
            | GlslangError::MapIoError(log)
            | GlslangError::LinkError(log) => Refusal::from_log(&log.log),
            other => Refusal {
                line: None,
                message: other.to_string(),
            },
        }
    }
}

fn glslang_stage(stage: Stage) -> ShaderStage {
    match stage {
        Stage::Vertex => ShaderStage::Vertex,
        Stage::Pixel => ShaderStage::Fragment,
    }
}

/// The line and text of the first `ERROR: <source>:<line>: <message>` of a glslang log.
fn first_error(log: &str) -> Option<(u32, String)> {
    log.lines().find_map(|l| {
        let rest = l.strip_prefix("ERROR: ")?;
        let mut parts = rest.splitn(3, ':');
        let _source = parts.next()?;
        let line = parts.next()?.trim().parse().ok()?;
        Some((line, parts.next()?.trim().to_owned()))
    })
}

#[cfg(test)]
mod tests {
    use super::first_error;

    #[test]
    fn the_first_error_line_of_a_log_is_found() {
        let log = "WARNING: 0:3: 'x' : something\nERROR: 0:12: 'foo' : undeclared identifier\nERROR: 0:14: '' : compilation terminated\n";
        assert_eq!(
            first_error(log),
            Some((12, "'foo' : undeclared identifier".to_owned()))
        );
        assert_eq!(first_error("ERROR: linking failed"), None);
    }
}
