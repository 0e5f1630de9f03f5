//! Opening LightBloom's 40 pass shaders: compiled from nothing, and again from the shader
//! cache, as a second open of the effect does (reading and preprocessing included). The
//! target for the cached open: 100 ms on a 2-core machine. Needs `../shared/fixtures`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use mmd_effect::{FileLoader, Options, Stage, read_effect};
use mmd_effect_compiler::{EffectCompiler, ShaderCache};

const LIGHT_BLOOM: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/fixtures/mme/LightBloom/LightBloom.fx"
);

/// Reads the effect and compiles every pass shader; the count compiled.
fn open(compiler: &EffectCompiler) -> usize {
    let Ok(fx) = read_effect(Path::new(LIGHT_BLOOM), &FileLoader, &Options::default()) else {
        return 0;
    };
    let mut compiled = 0;
    for pass in fx.techniques.iter().flat_map(|t| &t.passes) {
        for (shader, stage) in [
            (&pass.vertex_shader, Stage::Vertex),
            (&pass.pixel_shader, Stage::Pixel),
        ] {
            if let Some(shader) = shader
                && compiler.compile(&fx, shader, stage).is_ok()
            {
                compiled += 1;
            }
        }
    }
    compiled
}

fn light_bloom(c: &mut Criterion) {
    if !Path::new(LIGHT_BLOOM).exists() {
        eprintln!("skipped: {LIGHT_BLOOM} is absent");
        return;
    }
    let mut group = c.benchmark_group("LightBloom open");
    group.sample_size(10);
    group.bench_function("compiled", |b| {
        let compiler = EffectCompiler::new();
        b.iter(|| black_box(open(&compiler)));
    });
    let Ok(dir) = tempfile::tempdir() else {
        return;
    };
    let cached = EffectCompiler::with_cache(ShaderCache::new(dir.path()));
    open(&cached);
    group.bench_function("from the cache", |b| {
        b.iter(|| black_box(open(&cached)));
    });
    group.finish();
}

criterion_group!(benches, light_bloom);
criterion_main!(benches);
