//! The compiler on real effects and on small ones written here: every pass shader of the
//! fixture post effects compiles and passes naga's validation, the uniform layout and
//! stage interface come out as the effect declares them, an error names the effect's file
//! and line, and a second compile comes from the cache.

mod common;

use std::path::{Path, PathBuf};

use common::fixture;

use mmd_effect::{Effect, FileLoader, MemoryLoader, Options, Stage, read_effect};
use mmd_effect_compiler::{
    CompileError, CompiledShader, EffectCompiler, SamplerUse, ShaderCache, Shape,
};

fn read(path: &Path) -> Effect {
    match read_effect(path, &FileLoader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    }
}

fn read_text(text: &str) -> Effect {
    let loader = MemoryLoader::new().with("fx/test.fx", text);
    match read_effect(Path::new("fx/test.fx"), &loader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    }
}

/// The shader of the first pass of the technique named `technique`.
fn compile_pass(
    compiler: &EffectCompiler,
    fx: &Effect,
    technique: &str,
    stage: Stage,
) -> Result<CompiledShader, CompileError> {
    let Some(pass) = fx.technique(technique).and_then(|t| t.passes.first()) else {
        panic!("no technique {technique}");
    };
    let shader = match stage {
        Stage::Vertex => &pass.vertex_shader,
        Stage::Pixel => &pass.pixel_shader,
    };
    let Some(shader) = shader else {
        panic!("{technique} has no {stage:?} shader");
    };
    compiler.compile(fx, shader, stage)
}

/// Every pass shader of an effect compiled: how many, and the failures.
fn compile_all(compiler: &EffectCompiler, fx: &Effect) -> (usize, Vec<String>) {
    let mut compiled = 0;
    let mut failures = Vec::new();
    for technique in &fx.techniques {
        for pass in &technique.passes {
            let shaders = [
                (&pass.vertex_shader, Stage::Vertex),
                (&pass.pixel_shader, Stage::Pixel),
            ];
            for (shader, stage) in shaders {
                let Some(shader) = shader else {
                    continue;
                };
                match compiler.compile(fx, shader, stage) {
                    Ok(_) => compiled += 1,
                    Err(e) => failures.push(format!(
                        "{:?}/{:?} {}: {e}",
                        technique.name, pass.name, shader.entry
                    )),
                }
            }
        }
    }
    (compiled, failures)
}

#[test]
fn every_pass_shader_of_the_fixture_post_effects_compiles_and_validates() {
    // Vertex and pixel shader of every pass, counted from the effects' techniques.
    let effects = [
        ("FXAA/FXAA.fx", 2),
        ("LightBloom/LightBloom.fx", 40),
        ("LightBloom/LightBloom with DirtMap.fx", 40),
        ("FilmGrain/FilmGrain.fx", 4),
        ("Hatching/Hatching.fx", 2),
    ];
    let compiler = EffectCompiler::new();
    for (rel, expected) in effects {
        let Some(path) = fixture(rel) else {
            return;
        };
        let (compiled, failures) = compile_all(&compiler, &read(&path));
        println!("{rel}: {compiled} shaders compiled and validated");
        assert!(failures.is_empty(), "{rel}: {failures:#?}");
        assert_eq!(compiled, expected, "{rel}");
    }
}

#[test]
fn fxaa_reads_its_scene_through_its_one_sampler_and_writes_one_target() {
    let Some(path) = fixture("FXAA/FXAA.fx") else {
        return;
    };
    let fx = read(&path);
    let compiler = EffectCompiler::new();
    let vertex = match compile_pass(&compiler, &fx, "FXAA", Stage::Vertex) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    // POSITION and TEXCOORD0 (FXAA3VS's inputs) at the attribute slots the runtime feeds.
    assert_eq!(vertex.interface.vertex_inputs, vec![0, 2]);
    assert!(vertex.interface.samplers.is_empty());
    let uniforms = vertex.interface.uniforms.as_ref().map(|u| &u.members);
    assert!(
        uniforms.is_some_and(|m| m.iter().any(|m| m.name == "ViewportSize")),
        "{uniforms:?}"
    );
    let pixel = match compile_pass(&compiler, &fx, "FXAA", Stage::Pixel) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let index = fx
        .samplers
        .iter()
        .position(|s| s.parameter.name == "ScnSamp");
    let Some(index) = index.and_then(|i| u32::try_from(i).ok()) else {
        panic!("no ScnSamp");
    };
    assert_eq!(
        pixel.interface.samplers,
        vec![SamplerUse {
            name: "ScnSamp".into(),
            texture_binding: 2 * index,
            sampler_binding: 2 * index + 1,
            dimension: naga::ImageDimension::D2,
        }]
    );
    assert_eq!(pixel.interface.targets, vec![0]);
    assert!(!pixel.interface.writes_depth);
    // Each stage's uniform block at its own binding, so a pass binds both in one group.
    let binding = |s: &CompiledShader| s.interface.uniforms.as_ref().map(|u| u.binding);
    assert_eq!((binding(&vertex), binding(&pixel)), (Some(0), Some(1)));
}

#[test]
fn uniform_globals_are_laid_out_by_name_with_their_shapes() {
    let fx = read_text(
        "float4x4 WorldViewProj : WORLDVIEWPROJECTION;
float4 Diffuse : DIFFUSE < string Object = \"Geometry\"; >;
float Power : SPECULARPOWER;
float3 LightDirection[2];
struct VS_OUT { float4 Pos : POSITION; float2 Tex : TEXCOORD1; float4 Color : COLOR0; };
VS_OUT VS(float4 pos : POSITION, float3 normal : NORMAL, float2 tex : TEXCOORD0)
{
    VS_OUT o;
    o.Pos = mul(pos, WorldViewProj);
    o.Tex = tex;
    o.Color = Diffuse * Power * dot(normal, -LightDirection[1]);
    return o;
}
float4 PS(float2 tex : TEXCOORD1, float4 color : COLOR0) : COLOR0 { return color; }
technique T < string MMDPass = \"object\"; > { pass P {
    VertexShader = compile vs_3_0 VS();
    PixelShader = compile ps_3_0 PS();
} }",
    );
    let compiler = EffectCompiler::new();
    let vertex = match compile_pass(&compiler, &fx, "T", Stage::Vertex) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    // POSITION, NORMAL, TEXCOORD0.
    assert_eq!(vertex.interface.vertex_inputs, vec![0, 1, 2]);
    let Some(block) = vertex.interface.uniforms else {
        panic!("no uniform block");
    };
    let member = |name: &str| {
        let found = block.members.iter().find(|m| m.name == name);
        match found {
            Some(m) => (m.offset, m.shape.clone()),
            None => panic!("no {name} in {block:?}"),
        }
    };
    let (matrix_at, matrix) = member("WorldViewProj");
    assert_eq!(
        matrix,
        Shape::Matrix {
            columns: 4,
            rows: 4,
            stride: 16
        }
    );
    let (diffuse_at, _) = member("Diffuse");
    let (power_at, power) = member("Power");
    let (lights_at, lights) = member("LightDirection");
    assert_eq!(
        power,
        Shape::Vector {
            kind: naga::ScalarKind::Float,
            size: 1
        }
    );
    let Shape::Array { count, stride, .. } = lights else {
        panic!("LightDirection is {lights:?}");
    };
    // Declaration order, std140 rules: arrays of float3 take a 16-byte stride.
    assert_eq!((count, stride), (2, 16));
    assert!(matrix_at < diffuse_at && diffuse_at < power_at && power_at < lights_at);
    assert!(block.size >= lights_at + 32);
    let pixel = match compile_pass(&compiler, &fx, "T", Stage::Pixel) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(pixel.interface.targets, vec![0]);
}

#[test]
fn a_compile_error_names_the_effect_file_and_line() {
    let main = "#include \"common.fxsub\"
float4 Tint : CONTROLOBJECT < string name = \"x.pmx\"; >;
float4 PS(float2 uv : TEXCOORD0) : COLOR
{
    return Tint * undefined_name;
}
technique T < string MMDPass = \"object\"; > { pass P {
    PixelShader = compile ps_3_0 PS();
} }";
    let loader = MemoryLoader::new()
        .with("fx/main.fx", main)
        .with("fx/common.fxsub", "\n\nfloat4 Unused() { return 0; }");
    let fx = match read_effect(Path::new("fx/main.fx"), &loader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    };
    let error = compile_pass(&EffectCompiler::new(), &fx, "T", Stage::Pixel);
    let Err(CompileError::Hlsl { location, message }) = error else {
        panic!("undefined_name compiled: {error:?}");
    };
    assert!(message.contains("undefined_name"), "{message}");
    assert_eq!(
        location.map(|l| (l.file.display().to_string(), l.line)),
        Some(("fx/main.fx".into(), 5)),
        "{message}"
    );
}

#[test]
fn a_second_compile_of_the_same_shader_comes_from_the_cache() {
    let Some(path) = fixture("LightBloom/LightBloom.fx") else {
        return;
    };
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temporary folder");
    };
    let fx = read(&path);
    let compiler = EffectCompiler::with_cache(ShaderCache::new(dir.path().join("shaders")));
    let first = compile_all_cached(&compiler, &fx);
    let second = compile_all_cached(&compiler, &fx);
    // Passes that compile the same function with the same arguments share one file, so
    // even the first open reads some shaders back.
    let misses = first.iter().filter(|(from_cache, _)| !from_cache).count();
    println!(
        "LightBloom: {misses} of {} shaders compiled on the first open",
        first.len()
    );
    assert!(misses > 0);
    assert!(second.iter().all(|(from_cache, _)| *from_cache));
    let interfaces = |v: &[(bool, mmd_effect_compiler::ShaderInterface)]| {
        v.iter().map(|(_, i)| i.clone()).collect::<Vec<_>>()
    };
    assert_eq!(interfaces(&first), interfaces(&second));
    assert_eq!(first.len(), 40);

    // The same effect with one constant changed misses.
    let Some(fxaa) = fixture("FXAA/FXAA.fx") else {
        return;
    };
    let Ok(text) = std::fs::read(&fxaa) else {
        panic!("cannot read {}", fxaa.display());
    };
    let original = String::from_utf8_lossy(&text).into_owned();
    let edited = original.replace("0.166,", "0.125,");
    assert_ne!(original, edited);
    let mut hits = Vec::new();
    for text in [original, edited] {
        let loader = MemoryLoader::new().with("fx/FXAA.fx", text);
        let fx = match read_effect(Path::new("fx/FXAA.fx"), &loader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{e}"),
        };
        match compile_pass(&compiler, &fx, "FXAA", Stage::Pixel) {
            Ok(c) => hits.push(c.from_cache),
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(hits, vec![false, false]);
}

fn compile_all_cached(
    compiler: &EffectCompiler,
    fx: &Effect,
) -> Vec<(bool, mmd_effect_compiler::ShaderInterface)> {
    let mut out = Vec::new();
    for pass in fx.techniques.iter().flat_map(|t| &t.passes) {
        for (shader, stage) in [
            (&pass.vertex_shader, Stage::Vertex),
            (&pass.pixel_shader, Stage::Pixel),
        ] {
            if let Some(shader) = shader {
                match compiler.compile(fx, shader, stage) {
                    Ok(c) => out.push((c.from_cache, c.interface)),
                    Err(e) => panic!("{e}"),
                }
            }
        }
    }
    out
}

#[test]
fn a_damaged_cache_file_is_compiled_again() {
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temporary folder");
    };
    let fx = read_text(
        "float4 PS(float2 uv : TEXCOORD0) : COLOR { return float4(uv, 0, 1); }
technique T { pass P { PixelShader = compile ps_2_0 PS(); } }",
    );
    let cache = ShaderCache::new(dir.path());
    let compiler = EffectCompiler::with_cache(cache);
    if let Err(e) = compile_pass(&compiler, &fx, "T", Stage::Pixel) {
        panic!("{e}");
    }
    let Ok(entries) = std::fs::read_dir(dir.path()) else {
        panic!("no cache folder");
    };
    let files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    // Cut short after its header, as a full disk or a killed process can leave it.
    for file in &files {
        let kept = std::fs::read(file).map(|b| b[..20.min(b.len())].to_vec());
        if kept.and_then(|b| std::fs::write(file, b)).is_err() {
            panic!("cannot cut {}", file.display());
        }
    }
    match compile_pass(&compiler, &fx, "T", Stage::Pixel) {
        Ok(c) => assert!(!c.from_cache),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn static_globals_initialised_from_parameters_and_functions_compile() {
    // Ray-MMD's lights: a `static const` computed by overloaded functions from parameters,
    // which glslang's global initialiser code crashes on, beside constants an array size
    // and a loop need at compile time.
    let fx = read_text(
        "float time;
float mBlink;
float3 SmoothCurve(float3 x) { return x * x * (3.0 - 2.0 * x); }
float3 TriangleWave(float3 x) { return abs(frac(x + 0.5) * 2.0 - 1.0); }
float SmoothTriangleWave(float x) { return SmoothCurve(TriangleWave(x)); }
static const float LightBlink = saturate(1 - SmoothTriangleWave(time * mBlink * 10));
static const float Twice = LightBlink * 2;
static const int Taps = 3;
static const float Weights[Taps] = { 0.25, 0.5, 0.25 };
float4 PS(float2 uv : TEXCOORD0) : COLOR
{
    float sum = 0;
    for (int i = 0; i < Taps; i++) sum += Weights[i];
    return float4(uv, Twice, sum);
}
technique T { pass P { PixelShader = compile ps_3_0 PS(); } }",
    );
    let pixel = match compile_pass(&EffectCompiler::new(), &fx, "T", Stage::Pixel) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let names: Vec<String> = pixel
        .interface
        .uniforms
        .iter()
        .flat_map(|u| u.members.iter().map(|m| m.name.clone()))
        .collect();
    // The statics are the shader's own; only the parameters are set from outside.
    assert_eq!(names, vec!["time".to_owned(), "mBlink".to_owned()]);
}
