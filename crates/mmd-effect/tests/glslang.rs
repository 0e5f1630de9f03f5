//! The HLSL the reader writes, compiled by glslang's HLSL front end (`glslangValidator`,
//! Debian's `glslang-tools`) to SPIR-V: every pass shader of the fixture post effects, and a
//! compiler error mapped back to the effect's line. Runs where the tool is installed
//! (skipped with a message elsewhere; `MMD_REQUIRE_GLSLANG=1` makes its absence fail).

mod common;

use std::path::Path;
use std::process::Command;

use mmd_effect::{Effect, FileLoader, MemoryLoader, Options, read_effect};

const VALIDATOR: &str = "glslangValidator";

fn validator_present() -> bool {
    let found = Command::new(VALIDATOR).arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var("MMD_REQUIRE_GLSLANG").as_deref() != Ok("1"),
            "MMD_REQUIRE_GLSLANG=1 but {VALIDATOR} is not installed"
        );
        eprintln!("skipped: {VALIDATOR} is not installed (apt-get install glslang-tools)");
    }
    found
}

/// Compiles `source` for `stage` (`vert` or `frag`) from `entry`; the compiler's output on
/// failure.
fn compile(dir: &Path, name: &str, source: &str, stage: &str, entry: &str) -> Result<(), String> {
    let file = dir.join(format!("{name}.hlsl"));
    std::fs::write(&file, source).map_err(|e| e.to_string())?;
    let output = Command::new(VALIDATOR)
        .args([
            "-D",
            "-V",
            "--hlsl-dx9-compatible",
            "-S",
            stage,
            "-e",
            entry,
            "-o",
        ])
        .arg(dir.join(format!("{name}.spv")))
        .arg(&file)
        .output()
        .map_err(|e| e.to_string())?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stdout).into_owned())
    }
}

/// Every pass shader of an effect compiled: how many, and the failures.
fn compile_passes(fx: &Effect, dir: &Path, label: &str) -> (usize, Vec<String>) {
    let mut compiled = 0;
    let mut failures = Vec::new();
    for (t, technique) in fx.techniques.iter().enumerate() {
        for (p, pass) in technique.passes.iter().enumerate() {
            let shaders = [("vert", &pass.vertex_shader), ("frag", &pass.pixel_shader)];
            for (stage, shader) in shaders {
                let Some(shader) = shader else {
                    continue;
                };
                let name = format!("{label}-{t}-{p}-{stage}");
                let result = fx
                    .pass_shader(shader)
                    .map_err(|e| e.to_string())
                    .and_then(|s| compile(dir, &name, &s.program.text, stage, &s.entry));
                match result {
                    Ok(()) => compiled += 1,
                    Err(e) => failures.push(format!("{name} ({}): {e}", shader.entry)),
                }
            }
        }
    }
    (compiled, failures)
}

#[test]
fn post_effect_passes_compile_to_spirv() {
    if !validator_present() {
        return;
    }
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temporary folder");
    };
    // Vertex and pixel shader of every pass, counted from the effects' techniques.
    let effects = [
        ("FXAA/FXAA.fx", 2),
        ("LightBloom/LightBloom.fx", 40),
        ("LightBloom/LightBloom with DirtMap.fx", 40),
        ("FilmGrain/FilmGrain.fx", 4),
        ("Hatching/Hatching.fx", 2),
    ];
    for (rel, expected) in effects {
        let Some(path) = common::fixture(rel) else {
            return;
        };
        let fx = match read_effect(&path, &FileLoader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{e}"),
        };
        let label = rel.replace(['/', ' '], "_");
        let (compiled, failures) = compile_passes(&fx, dir.path(), &label);
        println!("{rel}: {compiled} shaders compiled");
        assert!(failures.is_empty(), "{rel}: {failures:#?}");
        assert_eq!(compiled, expected, "{rel}");
    }
}

#[test]
fn compiler_errors_map_back_to_the_effect_line() {
    if !validator_present() {
        return;
    }
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temporary folder");
    };
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
    let shader = fx.techniques[0].passes[0].pixel_shader.as_ref();
    let Some(Ok(shader)) = shader.map(|s| fx.pass_shader(s)) else {
        panic!("no pass shader");
    };
    let Err(message) = compile(
        dir.path(),
        "broken",
        &shader.program.text,
        "frag",
        &shader.entry,
    ) else {
        panic!("undefined_name compiled");
    };
    // "ERROR: <file>:<line>: '<name>' : undeclared identifier"
    let line = message
        .lines()
        .find(|l| l.contains("undefined_name"))
        .and_then(|l| l.split(':').nth(2))
        .and_then(|n| n.trim().parse::<u32>().ok());
    let origin = line
        .and_then(|l| shader.program.origin(l))
        .map(|loc| fx.files.resolve(loc));
    assert_eq!(
        origin.map(|o| (o.file.display().to_string(), o.line)),
        Some(("fx/main.fx".into(), 5)),
        "{message}"
    );
}
