//! A post effect (`ScriptOrder = "postprocess"`, MME's FXAA, LightBloom …) run on wgpu: its
//! technique's script walked each frame, its render targets made at the screen's size, the
//! scene drawn where the script says `ScriptExternal=Color`, each `Draw=Buffer` a quad over
//! the bound targets with its parameters' values, and the last passes into the frame's
//! output.
//!
//! Draw=Buffer follows MME's convention: the quad's texture coordinates run from 0 at the
//! top left to 1 at the bottom right, and Direct3D 9 samples a texel's corner where wgpu
//! samples its centre, so effects add half a texel (`0.5 / ViewportSize`) to reach the
//! centre; the quad's coordinates are moved back by half a texel of the target drawn into
//! so that the two cancel, as nanoem does.

use mmd_effect::{Effect, Stage};
use mmd_effect_compiler::{CompiledShader, EffectCompiler, UniformBlock};
use wgpu::util::DeviceExt;

mod resources;
mod run;

use resources::{fallback_views, make_depth, make_target, uniform_buffer};
use run::{Bound, DrawCounter, Run};

use crate::capture::SceneCapture;
use crate::constants::initial_value;
use crate::error::RuntimeError;
use crate::pipeline::PassPipeline;
use crate::script::TechniqueScript;
use crate::semantic::{Semantic, classify};
use crate::states::PassStates;
use crate::targets::{TargetSpec, sampler_descriptor};
use crate::uniforms::Value;
use crate::values::{DrawContext, FrameValues, SceneObjects, value};

/// The format of the depth target the runtime keeps for the screen.
pub const SCREEN_DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth24PlusStencil8;

/// The vertex of the screen quad: the position at attribute 0 (`POSITION`), the texture
/// coordinate at attribute 2 (`TEXCOORD0`).
const QUAD_STRIDE: u64 = 32;

/// A parameter and the value MME gives it.
struct ParameterState {
    name: String,
    ty: String,
    semantic: Semantic,
    /// The initialiser's value, kept when MME sets nothing.
    initial: Option<Value>,
    value: Option<Value>,
}

/// A uniform block and, for each member, the parameter it holds.
struct BlockLayout {
    block: UniformBlock,
    parameters: Vec<Option<usize>>,
}

/// A pass: its shaders, states, and the pipelines made for the targets it has drawn into.
struct PassProgram {
    name: String,
    vertex: CompiledShader,
    pixel: CompiledShader,
    states: PassStates,
    vertex_block: Option<BlockLayout>,
    pixel_block: Option<BlockLayout>,
    /// The pipelines made for the target formats it has drawn into.
    pipelines: Vec<PipelineEntry>,
}

/// A pass's pipeline for some target formats, with its bind groups as of a generation:
/// the uniforms', and the textures' for each set of targets drawn into (a target being
/// drawn into is read from its snapshot).
struct PipelineEntry {
    formats: TargetFormats,
    pipeline: PassPipeline,
    groups: Option<(u64, wgpu::BindGroup)>,
    texture_groups: Vec<(u64, u64, wgpu::BindGroup)>,
    /// Whether its vertex shader reads attributes the quad lacks.
    reads_defaults: bool,
}

type TargetFormats = (
    [Option<wgpu::TextureFormat>; 4],
    Option<wgpu::TextureFormat>,
);

/// A render target and its texture at the current screen size.
struct Target {
    spec: TargetSpec,
    size: [u32; 2],
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    /// A copy taken before a pass that samples the target while drawing into it
    /// (LightBloom's `HDRInverse` reads and writes `ScnMap`): Direct3D 9 lets a pixel read
    /// what it is about to overwrite, wgpu does not, so the pass reads the copy.
    snapshot: Option<(wgpu::Texture, wgpu::TextureView)>,
}

/// The formats a post effect meets: the frame's output, and what the host draws the
/// scene in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formats {
    /// The output's format.
    pub output: wgpu::TextureFormat,
    /// The scene's format.
    pub scene: wgpu::TextureFormat,
}

/// Where a frame is recorded.
pub struct Recording<'a> {
    /// The device.
    pub device: &'a wgpu::Device,
    /// Its queue (the frame's parameter values are written through it).
    pub queue: &'a wgpu::Queue,
    /// The frame's commands.
    pub encoder: &'a mut wgpu::CommandEncoder,
    /// The frame's output.
    pub output: &'a wgpu::TextureView,
}

/// A post effect ready to run.
pub struct PostEffect {
    script: TechniqueScript,
    passes: Vec<PassProgram>,
    parameters: Vec<ParameterState>,
    targets: Vec<Target>,
    /// Where the scene is drawn when a target is not in the host's format.
    capture: SceneCapture,
    /// Each effect sampler: its wgpu sampler and the target it reads.
    samplers: Vec<(wgpu::Sampler, Option<usize>)>,
    unfilterable: Vec<String>,
    screen: [u32; 2],
    screen_depth: wgpu::TextureView,
    output_format: wgpu::TextureFormat,
    /// Screen quads, one per target size drawn into.
    quads: Vec<([u32; 2], wgpu::Buffer)>,
    uniforms: wgpu::Buffer,
    uniform_bytes: Vec<u8>,
    uniform_alignment: usize,
    /// The most uniform bytes one draw writes (both stages' blocks, aligned).
    bytes_per_draw: usize,
    /// Bumped when targets or the uniform buffer are made again: bind groups older than it
    /// are remade.
    generation: u64,
    /// What samplers read whose texture is not a render target (file textures come
    /// later): a 2D, a volume and a cube texture of one transparent black texel.
    fallbacks: [wgpu::TextureView; 3],
    /// The value of every vertex attribute but the quad's position and texture coordinate
    /// (`NORMAL`, `TEXCOORD1` …), as Direct3D 9 gives a shader input no stream feeds.
    attribute_defaults: wgpu::Buffer,
}

impl PostEffect {
    /// Prepares `effect`'s first technique to draw into `output_format` at `screen` size,
    /// over a scene the host draws in `scene_format`: its script checked, every pass
    /// compiled, its render targets and samplers made.
    pub fn new(
        device: &wgpu::Device,
        effect: &Effect,
        compiler: &EffectCompiler,
        formats: Formats,
        screen: [u32; 2],
    ) -> Result<PostEffect, RuntimeError> {
        let Formats {
            output: output_format,
            scene: scene_format,
        } = formats;
        let technique = effect.techniques.first().ok_or(RuntimeError::NoTechnique)?;
        let script = TechniqueScript::new(technique).map_err(RuntimeError::Script)?;
        if script.external_count() != 1 {
            return Err(RuntimeError::External(script.external_count()));
        }
        let parameters: Vec<ParameterState> = effect
            .parameters
            .iter()
            .map(|p| ParameterState {
                name: p.name.clone(),
                ty: p.ty.clone(),
                semantic: classify(p),
                initial: p
                    .initializer
                    .as_deref()
                    .and_then(|init| initial_value(&p.ty, init)),
                value: None,
            })
            .collect();
        let mut specs = Vec::new();
        for texture in &effect.textures {
            match TargetSpec::of(texture) {
                Some(Ok(spec)) => specs.push(spec),
                Some(Err(unknown)) => {
                    return Err(RuntimeError::Format {
                        texture: texture.name().to_owned(),
                        format: unknown.0,
                    });
                }
                None => {}
            }
        }
        let targets: Vec<Target> = specs
            .into_iter()
            .map(|spec| make_target(device, spec, screen))
            .collect();
        let float_filterable = device
            .features()
            .contains(wgpu::Features::FLOAT32_FILTERABLE);
        let border = device
            .features()
            .contains(wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER);
        let mut unfilterable = Vec::new();
        let samplers = effect
            .samplers
            .iter()
            .map(|s| {
                let target = s
                    .texture
                    .as_deref()
                    .and_then(|t| targets.iter().position(|x| x.spec.name == t));
                let mut descriptor = sampler_descriptor(s, border);
                let is_float32 = target.is_some_and(|t| {
                    matches!(
                        targets[t].spec.format,
                        wgpu::TextureFormat::R32Float
                            | wgpu::TextureFormat::Rg32Float
                            | wgpu::TextureFormat::Rgba32Float
                    )
                });
                if is_float32 && !float_filterable {
                    descriptor.mag_filter = wgpu::FilterMode::Nearest;
                    descriptor.min_filter = wgpu::FilterMode::Nearest;
                    descriptor.mipmap_filter = wgpu::MipmapFilterMode::Nearest;
                    unfilterable.push(s.parameter.name.clone());
                }
                (device.create_sampler(&descriptor), target)
            })
            .collect();
        let mut passes = Vec::new();
        for pass in &technique.passes {
            let name = pass.name.clone().unwrap_or_default();
            let compile = |shader: &Option<mmd_effect::ShaderCompile>, stage| {
                let shader = shader.as_ref().ok_or_else(|| RuntimeError::MissingShader {
                    pass: name.clone(),
                    stage,
                })?;
                compiler
                    .compile(effect, shader, stage)
                    .map_err(RuntimeError::Compile)
            };
            let vertex = compile(&pass.vertex_shader, Stage::Vertex)?;
            let pixel = compile(&pass.pixel_shader, Stage::Pixel)?;
            let layout = |block: &Option<UniformBlock>| {
                block.as_ref().map(|b| BlockLayout {
                    block: b.clone(),
                    parameters: b
                        .members
                        .iter()
                        .map(|m| parameters.iter().position(|p| p.name == m.name))
                        .collect(),
                })
            };
            passes.push(PassProgram {
                vertex_block: layout(&vertex.interface.uniforms),
                pixel_block: layout(&pixel.interface.uniforms),
                name,
                vertex,
                pixel,
                states: PassStates::of(pass),
                pipelines: Vec::new(),
            });
        }
        let uniform_alignment =
            (device.limits().min_uniform_buffer_offset_alignment as usize).max(4);
        let bytes_per_draw = passes
            .iter()
            .map(|p| {
                [&p.vertex_block, &p.pixel_block]
                    .into_iter()
                    .flatten()
                    .map(|b| aligned(b.block.size as usize, uniform_alignment))
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0);
        let fallbacks = fallback_views(device);
        let attribute_defaults = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("effect attribute defaults"),
            contents: &[0.0f32, 0.0, 0.0, 1.0]
                .iter()
                .flat_map(|f| f.to_le_bytes())
                .collect::<Vec<u8>>(),
            usage: wgpu::BufferUsages::VERTEX,
        });
        Ok(PostEffect {
            script,
            passes,
            parameters,
            targets,
            samplers,
            unfilterable,
            screen,
            screen_depth: make_depth(device, screen),
            output_format,
            quads: Vec::new(),
            uniforms: uniform_buffer(device, 0),
            uniform_bytes: Vec::new(),
            uniform_alignment,
            bytes_per_draw,
            generation: 1,
            fallbacks,
            attribute_defaults,
            capture: SceneCapture::new(device, scene_format),
        })
    }

    /// Makes the targets again for a screen of `screen` pixels.
    pub fn resize(&mut self, device: &wgpu::Device, screen: [u32; 2]) {
        if screen == self.screen {
            return;
        }
        self.screen = screen;
        self.screen_depth = make_depth(device, screen);
        for target in &mut self.targets {
            *target = make_target(device, target.spec.clone(), screen);
        }
        self.generation += 1;
    }

    /// Records one frame into `into`: the script walked with `frame`'s values, `scene`
    /// called where it draws the scene (with the colour and depth views bound there), and
    /// the result drawn into `into.output` (of the format and size the effect was made
    /// for). An error leaves the frame to be drawn without the effect.
    pub fn record(
        &mut self,
        into: Recording<'_>,
        frame: &FrameValues,
        objects: &dyn SceneObjects,
        scene: &mut dyn FnMut(&mut wgpu::CommandEncoder, &wgpu::TextureView),
    ) -> Result<(), RuntimeError> {
        let Recording {
            device,
            queue,
            encoder,
            output,
        } = into;
        let cx = DrawContext {
            frame,
            object: None,
            material: None,
            scene: objects,
            self_name: None,
        };
        for p in &mut self.parameters {
            p.value = value(&p.semantic, &p.ty, &cx).or(p.initial);
        }
        // How much uniform data the frame's draws need, so one buffer holds it all.
        let mut counter = DrawCounter {
            parameters: &self.parameters,
            draws: 0,
        };
        self.script.run(&mut counter);
        let needed = (counter.draws * self.bytes_per_draw).max(self.uniform_alignment) as u64;
        if self.uniforms.size() < needed {
            self.uniforms = uniform_buffer(device, needed.next_power_of_two());
            self.generation += 1;
        }
        self.uniform_bytes.clear();
        // The script is walked while the run holds the effect; it goes back after.
        let script = std::mem::take(&mut self.script);
        let mut run = Run {
            effect: self,
            device,
            encoder,
            output,
            scene,
            colors: [Some(Bound::Screen), None, None, None],
            depth: Bound::Screen,
            clear_color: [0.0; 4],
            clear_depth: 1.0,
            pass: None,
            error: None,
        };
        script.run(&mut run);
        let error = run.error.take();
        self.script = script;
        if let Some(e) = error {
            return Err(e);
        }
        queue.write_buffer(&self.uniforms, 0, &self.uniform_bytes);
        Ok(())
    }
}

/// `size` rounded up to a multiple of `alignment` (a dynamic offset's step).
fn aligned(size: usize, alignment: usize) -> usize {
    size.div_ceil(alignment) * alignment
}
