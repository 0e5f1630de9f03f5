//! Hostile shaders: real effects with bytes flipped, cut short, duplicated or removed (a
//! fixed seed, so every run tries the same files), every pass shader of those that still
//! read compiled. The compilers are C++ in this process, so a crash there would take the
//! player down: no input may panic or abort, and every failure is an error.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use mmd_effect::{MemoryLoader, Options, Stage, read_effect};
use mmd_effect_compiler::EffectCompiler;

/// xorshift64*: small, deterministic, good enough to pick positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// A few bytes of the shader code changed; the syntax MME reads around it mostly kept, so
/// the mutant reaches the compilers.
fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match rng.below(4) {
        0 => {
            for _ in 0..=rng.below(4) {
                let at = rng.below(out.len());
                if let Some(b) = out.get_mut(at) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
        1 => {
            let start = rng.below(out.len());
            let end = (start + rng.below(80)).min(out.len());
            let copy = out[start..end].to_vec();
            let at = rng.below(out.len());
            out.splice(at..at, copy);
        }
        2 => {
            let start = rng.below(out.len());
            let end = (start + rng.below(40)).min(out.len());
            out.drain(start..end);
        }
        _ => {
            // Something HLSL cares about, put somewhere.
            let pieces: [&[u8]; 8] = [
                b"(",
                b")",
                b"{",
                b"}",
                b";",
                b"[9999999]",
                b".xyzw",
                b"tex2D(",
            ];
            let piece = pieces[rng.below(pieces.len())];
            let at = rng.below(out.len());
            out.splice(at..at, piece.iter().copied());
        }
    }
    out
}

#[test]
fn mutated_effects_compile_or_fail_without_panicking() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures/mme"
    ));
    let sources = [
        "FXAA/FXAA.fx",
        "FilmGrain/FilmGrain.fx",
        "Hatching/Hatching.fx",
    ];
    let compiler = EffectCompiler::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut read, mut compiled, mut refused) = (0, 0, 0);
    for rel in sources {
        let Ok(original) = std::fs::read(dir.join(rel)) else {
            assert!(
                std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
                "MMD_REQUIRE_FIXTURES=1 but {rel} is missing"
            );
            eprintln!("skipped: {rel} is absent");
            return;
        };
        for _ in 0..60 {
            let bytes = mutate(&original, &mut rng);
            let loader = MemoryLoader::new().with("fx/mutant.fx", bytes);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let Ok(fx) = read_effect(Path::new("fx/mutant.fx"), &loader, &Options::default())
                else {
                    return None;
                };
                let mut results = Vec::new();
                for pass in fx.techniques.iter().flat_map(|t| &t.passes) {
                    for (shader, stage) in [
                        (&pass.vertex_shader, Stage::Vertex),
                        (&pass.pixel_shader, Stage::Pixel),
                    ] {
                        if let Some(shader) = shader {
                            results.push(compiler.compile(&fx, shader, stage).map(|_| ()));
                        }
                    }
                }
                Some(results)
            }));
            let Ok(results) = outcome else {
                panic!("a mutant of {rel} panicked");
            };
            let Some(results) = results else {
                continue;
            };
            read += 1;
            for result in results {
                match result {
                    Ok(()) => compiled += 1,
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        refused += 1;
                    }
                }
            }
        }
    }
    println!("{read} mutants read; {compiled} shaders compiled, {refused} refused");
    // The mutants must reach the compilers both ways, or this tests only the reader.
    assert!(
        compiled > 0 && refused > 0,
        "{compiled} compiled, {refused} refused"
    );
}
