//! Compiled shaders kept on disk, so an effect opened again starts without compiling:
//! the SPIR-V the compiler produced, under a hash of everything that decides it (the
//! pass shader's whole source after includes and defines, its entry point and stage, and
//! this compiler's version).

use std::fs;
use std::path::{Path, PathBuf};

use mmd_effect::{PassShader, Stage};
use sha2::{Digest, Sha256};

/// What changes the compiled output besides the source: this crate's version and the
/// compilers it wraps (raised with them).
const COMPILER_IDENTITY: &str = concat!(
    "mmd-effect-compiler ",
    env!("CARGO_PKG_VERSION"),
    "; glslang 0.9.1; spirv-tools 0.13.3; format 1"
);

/// The first word of every SPIR-V module.
const SPIRV_MAGIC: u32 = 0x0723_0203;

/// A folder of compiled shaders.
#[derive(Clone, Debug)]
pub struct ShaderCache {
    dir: PathBuf,
}

impl ShaderCache {
    /// The cache in `dir` (created on the first store).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        ShaderCache { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub(crate) fn load(&self, shader: &PassShader) -> Option<Vec<u32>> {
        let bytes = fs::read(self.path(shader)).ok()?;
        let words = words_of(&bytes)?;
        (words.first() == Some(&SPIRV_MAGIC)).then_some(words)
    }

    /// Keeps `words` for `shader`. A cache that cannot be written only costs the next
    /// open its compile, so a failure is not reported.
    pub(crate) fn store(&self, shader: &PassShader, words: &[u32]) {
        if fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.path(shader);
        let partial = path.with_extension("partial");
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        if fs::write(&partial, bytes).is_ok() && fs::rename(&partial, &path).is_err() {
            let _ = fs::remove_file(&partial);
        }
    }

    fn path(&self, shader: &PassShader) -> PathBuf {
        self.dir.join(format!("{}.spv", key(shader)))
    }
}

/// The hash naming a shader's file in the cache.
fn key(shader: &PassShader) -> String {
    let mut hash = Sha256::new();
    for part in [
        COMPILER_IDENTITY,
        match shader.stage {
            Stage::Vertex => "vertex",
            Stage::Pixel => "pixel",
        },
        &shader.entry,
        &shader.program.text,
    ] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part.as_bytes());
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn words_of(bytes: &[u8]) -> Option<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    Some(
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    )
}
