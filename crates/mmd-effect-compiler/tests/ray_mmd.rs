//! The whole Ray-MMD suite (515 `.fx` files, about 3,100 pass shaders) through the
//! compiler. glslang and SPIR-V Tools run in this process, so a crash on any of them would
//! take the player down: every shader must compile or fail with an error, and the share
//! that compiles must not fall (a floor measured when the compiler was written).

mod common;

use std::path::{Path, PathBuf};

use common::fixture;

use mmd_effect::{FileLoader, Options, Stage, read_effect};
use mmd_effect_compiler::EffectCompiler;

/// Every `.fx` under `dir`, sorted.
fn effect_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "fx") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The pass shaders of the `.fx` files under `folders` of Ray-MMD: (compiled, refused).
fn compile_folders(folders: &[&str]) -> Option<(usize, usize)> {
    let root = fixture("ray-mmd")?;
    let compiler = EffectCompiler::new();
    let (mut compiled, mut refused) = (0, 0);
    for folder in folders {
        let files = if folder.ends_with(".fx") {
            vec![root.join(folder)]
        } else {
            effect_files(&root.join(folder))
        };
        assert!(!files.is_empty(), "no effects in {folder}");
        for file in files {
            let fx = match read_effect(&file, &FileLoader, &Options::default()) {
                Ok(fx) => fx,
                Err(e) => panic!("{e}"),
            };
            for pass in fx.techniques.iter().flat_map(|t| &t.passes) {
                for (shader, stage) in [
                    (&pass.vertex_shader, Stage::Vertex),
                    (&pass.pixel_shader, Stage::Pixel),
                ] {
                    let Some(shader) = shader else {
                        continue;
                    };
                    match compiler.compile(&fx, shader, stage) {
                        Ok(_) => compiled += 1,
                        Err(e) => {
                            assert!(!e.to_string().is_empty());
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    println!("{folders:?}: {compiled} compiled, {refused} refused");
    Some((compiled, refused))
}

#[test]
fn ray_mmd_materials_compile_without_crashing() {
    // 2,156 of 2,156 when written.
    if let Some((compiled, refused)) = compile_folders(&["Materials"]) {
        assert_eq!(refused, 0, "{compiled} compiled");
        assert!(compiled >= 2156, "{compiled}");
    }
}

#[test]
fn ray_mmd_lights_fog_shadows_and_the_rest_compile_without_crashing() {
    let folders = [
        "ray.fx",
        "Extension",
        "Fog",
        "Lighting",
        "Main",
        "Outline",
        "Shadow",
        "Skybox",
    ];
    if let Some((compiled, refused)) = compile_folders(&folders) {
        // 844 of 978 when written; the rest fail SPIR-V Tools' legalization (ray.fx's
        // shared helpers, the lights' shadow-map passes).
        assert!(compiled >= 844, "{compiled} compiled, {refused} refused");
    }
}
