//! The default model and motion that mmd-player ships with, generated from code.
//!
//! Everything is built deterministically: a rigged figure (PMX, written with
//! `mmd_format::pmx::write`), a looping dance (VMD) and the figure's textures (PNG). The
//! `gen-default-assets` binary writes them into the repository's `assets/`, the scene crate
//! embeds those files, and a test checks the committed files still equal what the
//! generator produces.

pub mod dance;
pub mod figure;
pub mod geometry;
pub mod skeleton;
pub mod textures;

/// Path of the model inside `assets/`.
pub const MODEL_PATH: &str = "default_model.pmx";
/// Path of the motion inside `assets/`.
pub const MOTION_PATH: &str = "default_motion.vmd";

/// A generation failure: a writer or the PNG encoder refused its input.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("writing the default {what}: {source}")]
    Format {
        what: &'static str,
        source: mmd_format::Error,
    },
    #[error("encoding texture {path}: {source}")]
    Texture {
        path: &'static str,
        source: image::ImageError,
    },
}

/// One generated file: its path relative to `assets/` (with `/`) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetFile {
    pub path: &'static str,
    pub bytes: Vec<u8>,
}

/// Generates every file of the default assets: the model, the motion, then the textures.
pub fn generate() -> Result<Vec<AssetFile>, Error> {
    let model = mmd_format::pmx::write(&figure::build()).map_err(|source| Error::Format {
        what: "model",
        source,
    })?;
    let motion = mmd_format::vmd::write(&dance::build()).map_err(|source| Error::Format {
        what: "motion",
        source,
    })?;
    let mut files = vec![
        AssetFile {
            path: MODEL_PATH,
            bytes: model,
        },
        AssetFile {
            path: MOTION_PATH,
            bytes: motion,
        },
    ];
    for spec in &textures::ALL {
        let bytes = textures::encode(spec).map_err(|source| Error::Texture {
            path: spec.path,
            source,
        })?;
        files.push(AssetFile {
            path: spec.path,
            bytes,
        });
    }
    Ok(files)
}
