//! Where the renderer reads a model's or an accessory's textures: the embedded ones of the
//! bundled model, or the file's folder.

use mmd_render::{DirTextureSource, MemoryTextureSource, TextureSource};
use mmd_scene::project::bundled;
use mmd_scene::stage::model::TextureOrigin;

/// The texture source of a model's or an accessory's textures.
pub fn texture_source(origin: &TextureOrigin) -> Box<dyn TextureSource> {
    match origin {
        TextureOrigin::Bundled => Box::new(bundled_textures()),
        TextureOrigin::Directory(dir) => Box::new(DirTextureSource::new(dir)),
    }
}

/// The bundled model's embedded textures.
fn bundled_textures() -> MemoryTextureSource {
    let mut source = MemoryTextureSource::new();
    for (path, bytes) in bundled::TEXTURES {
        source.insert(path, bytes);
    }
    source
}
