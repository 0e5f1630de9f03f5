//! Hostile input: real effects with bytes flipped, cut short, duplicated or removed (a
//! fixed seed, so every run tries the same files). No input may panic, and every failure is
//! an error naming a file and a line.

mod common;

use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use mmd_effect::{FileLoader, Options, SourceLoader, Stage, read_effect};

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

fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match rng.below(5) {
        0 => {
            for _ in 0..=rng.below(8) {
                let at = rng.below(out.len());
                if let Some(b) = out.get_mut(at) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
        1 => out.truncate(rng.below(out.len())),
        2 => {
            let start = rng.below(out.len());
            let end = (start + rng.below(400)).min(out.len());
            let copy = out[start..end].to_vec();
            let at = rng.below(out.len());
            out.splice(at..at, copy);
        }
        3 => {
            let start = rng.below(out.len());
            let end = (start + rng.below(200)).min(out.len());
            out.drain(start..end);
        }
        _ => {
            // A byte the syntax cares about, put somewhere.
            let specials = b"#\\\"/*<>{}();,=";
            let at = rng.below(out.len());
            out.insert(at, specials[rng.below(specials.len())]);
        }
    }
    out
}

/// The file system, with one file's bytes replaced.
struct Mutated {
    path: PathBuf,
    bytes: Vec<u8>,
}

impl SourceLoader for Mutated {
    fn load(&self, path: &Path) -> io::Result<Vec<u8>> {
        if path == self.path {
            return Ok(self.bytes.clone());
        }
        FileLoader.load(path)
    }

    fn exists(&self, path: &Path) -> bool {
        path == self.path || FileLoader.exists(path)
    }
}

#[test]
fn mutated_effects_never_panic_and_errors_name_file_and_line() {
    let targets = [
        ("FXAA/FXAA.fx", "FXAA/FXAA.fx"),
        ("LightBloom/LightBloom.fx", "LightBloom/LightBloom.fxsub"),
        ("FilmGrain/FilmGrain.fx", "FilmGrain/FilmGrain.fx"),
        ("Hatching/Hatching.fx", "Hatching/Hatching.fx"),
        ("ray-mmd/ray.fx", "ray-mmd/ray.fx"),
        (
            "ray-mmd/Materials/material_common_2.0.fxsub",
            "ray-mmd/Materials/material_common_2.0.fxsub",
        ),
    ];
    let mut rng = Rng(0x5EED_0FE4_4EC7);
    let (mut runs, mut errors, mut panics) = (0, 0, 0);
    for (effect, mutated) in targets {
        let (Some(effect), Some(mutated)) = (common::fixture(effect), common::fixture(mutated))
        else {
            return;
        };
        let Ok(original) = std::fs::read(&mutated) else {
            panic!("cannot read {}", mutated.display());
        };
        let mutated = mmd_effect::preprocess::normalize(&mutated);
        for _ in 0..150 {
            let loader = Mutated {
                path: mutated.clone(),
                bytes: mutate(&original, &mut rng),
            };
            runs += 1;
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let result = read_effect(&effect, &loader, &Options::default());
                if let Ok(fx) = &result {
                    // The compiler's inputs are made from whatever was read.
                    let _ = fx.hlsl();
                    for pass in fx.techniques.iter().flat_map(|t| &t.passes) {
                        let shaders = [
                            (&pass.vertex_shader, Stage::Vertex),
                            (&pass.pixel_shader, Stage::Pixel),
                        ];
                        for (shader, stage) in shaders {
                            if let Some(shader) = shader {
                                let _ = fx.pass_shader(shader, stage);
                            }
                        }
                    }
                }
                result.err()
            }));
            match outcome {
                Err(_) => panics += 1,
                Ok(Some(e)) => {
                    errors += 1;
                    assert!(!e.location.file.as_os_str().is_empty(), "{e}");
                    assert!(e.location.line > 0, "no line: {e}");
                }
                Ok(None) => {}
            }
        }
    }
    println!("{runs} mutated reads: {errors} errors, {panics} panics");
    assert_eq!(panics, 0);
    assert!(
        errors > runs / 10,
        "the mutations should break many reads: {errors}/{runs}"
    );
}
