//! The textures an effect draws into (`RENDERCOLORTARGET`, `RENDERDEPTHSTENCILTARGET`)
//! as wgpu textures: Direct3D 9's format names mapped to wgpu's, sizes from
//! `ViewPortRatio` or `Dimensions`/`Width`/`Height`, and the `sampler_state` blocks that
//! read them as wgpu samplers (MME's reference, section 2.7).

use mmd_effect::{Sampler, StateValue, Texture};

/// Whether a target holds colour or depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `RENDERCOLORTARGET`: drawn into, then sampled.
    Color,
    /// `RENDERDEPTHSTENCILTARGET`: the depth and stencil of draws into colour targets.
    DepthStencil,
}

/// How big a target is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TargetSize {
    /// A fraction of the screen's size (`ViewPortRatio`, {1, 1} when nothing is said).
    Ratio([f32; 2]),
    /// Pixels (`Dimensions`, or `Width` and `Height`; `Width` alone is square).
    Pixels([u32; 2]),
}

/// The largest side of a target, as Direct3D 9's largest texture.
pub const MAX_TARGET_SIDE: u32 = 8192;

impl TargetSize {
    /// The size in pixels for a screen of `screen`: a ratio truncated as Direct3D 9's
    /// unsigned sizes are, every side at least 1 and at most [`MAX_TARGET_SIDE`].
    pub fn pixels(&self, screen: [u32; 2]) -> [u32; 2] {
        let sides = match *self {
            TargetSize::Ratio(r) => [0, 1].map(|i| (screen[i] as f32 * r[i]) as u32),
            TargetSize::Pixels(p) => p,
        };
        sides.map(|s| s.clamp(1, MAX_TARGET_SIDE))
    }
}

/// A render target as the effect declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetSpec {
    /// The texture's name.
    pub name: String,
    /// Colour or depth.
    pub kind: TargetKind,
    /// Its size.
    pub size: TargetSize,
    /// Its format.
    pub format: wgpu::TextureFormat,
    /// Whether it keeps a full mip chain (`MipLevels = 0`), regenerated after drawing.
    pub mipmapped: bool,
}

/// A format name the runtime has no texture format for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl TargetSpec {
    /// The target `texture` declares, or `None` when it is not a render target.
    pub fn of(texture: &Texture) -> Option<Result<TargetSpec, UnknownFormat>> {
        let p = &texture.parameter;
        let kind = if p.has_semantic("RENDERCOLORTARGET") {
            TargetKind::Color
        } else if p.has_semantic("RENDERDEPTHSTENCILTARGET") {
            TargetKind::DepthStencil
        } else {
            return None;
        };
        let size = match (texture.dimensions(), texture.width(), texture.height()) {
            (Some(d), _, _) if d.len() >= 2 => TargetSize::Pixels([d[0], d[1]]),
            (_, Some(w), h) => TargetSize::Pixels([w, h.unwrap_or(w)]),
            _ => TargetSize::Ratio(
                texture
                    .viewport_ratio()
                    .map_or([1.0, 1.0], |r| r.map(|x| x as f32)),
            ),
        };
        let format = match texture.format() {
            Some(name) => match format_named(name, kind) {
                Some(f) => f,
                None => return Some(Err(UnknownFormat(name.to_owned()))),
            },
            None => default_format(kind),
        };
        Some(Ok(TargetSpec {
            name: p.name.clone(),
            kind,
            size,
            format,
            mipmapped: texture.mip_levels() == Some(0),
        }))
    }
}

/// MME's format when an effect names none: `A8R8G8B8` and `D24S8`.
pub fn default_format(kind: TargetKind) -> wgpu::TextureFormat {
    match kind {
        TargetKind::Color => wgpu::TextureFormat::Rgba8Unorm,
        TargetKind::DepthStencil => wgpu::TextureFormat::Depth24PlusStencil8,
    }
}

/// The wgpu format for a Direct3D 9 format name (bare, or with `D3DFMT_` or `FMT_`), for a
/// target of `kind`. Colour targets are never sRGB: MMD's colours are stored as they are
/// computed. Formats wgpu lacks take the nearest it has with at least their precision
/// (16-bit colours and luminance in 8 bits per channel, 16-bit normalised in half floats).
pub fn format_named(name: &str, kind: TargetKind) -> Option<wgpu::TextureFormat> {
    use wgpu::TextureFormat as F;
    let upper = name.trim().to_ascii_uppercase();
    let bare = upper
        .strip_prefix("D3DFMT_")
        .or_else(|| upper.strip_prefix("FMT_"))
        .unwrap_or(&upper);
    let format = match bare {
        "A8R8G8B8" | "X8R8G8B8" | "A8B8G8R8" | "X8B8G8R8" | "R5G6B5" | "X1R5G5B5" | "A1R5G5B5"
        | "A4R4G4B4" | "R8G8B8" => F::Rgba8Unorm,
        "A2R10G10B10" | "A2B10G10R10" => F::Rgb10a2Unorm,
        "A16B16G16R16F" | "A16R16G16B16F" | "A16B16G16R16" | "A16R16G16B16" => F::Rgba16Float,
        "A32B32G32R32F" | "A32R32G32B32F" => F::Rgba32Float,
        "R16F" | "L16" => F::R16Float,
        "R32F" => F::R32Float,
        "G16R16F" | "G16R16" => F::Rg16Float,
        "G32R32F" => F::Rg32Float,
        "L8" | "A8" | "A1" => F::R8Unorm,
        "A8L8" => F::Rg8Unorm,
        "D24S8" | "D24FS8" | "D24X4S4" | "S8_LOCKABLE" => F::Depth24PlusStencil8,
        "D16" | "D16_LOCKABLE" | "DF16" => F::Depth16Unorm,
        "D24X8" => F::Depth24Plus,
        "D32" | "D32F_LOCKABLE" | "DF24" | "D32_LOCKABLE" => F::Depth32Float,
        _ => return None,
    };
    (format.is_depth_stencil_format() == (kind == TargetKind::DepthStencil)).then_some(format)
}

/// The sampler a `sampler_state` block describes: Direct3D 9's defaults (point filtering,
/// wrapped addresses) for what it leaves out. `BORDER` addressing needs a device feature;
/// without it (`border: false`) the edge texel is repeated instead.
pub fn sampler_descriptor(sampler: &Sampler, border: bool) -> wgpu::SamplerDescriptor<'static> {
    let word = |name: &str| match sampler.state(name) {
        Some(StateValue::Word(w)) => Some(w.to_ascii_uppercase()),
        _ => None,
    };
    let filter = |name: &str| match word(name).as_deref() {
        Some("LINEAR" | "ANISOTROPIC" | "PYRAMIDALQUAD" | "GAUSSIANQUAD") => {
            wgpu::FilterMode::Linear
        }
        _ => wgpu::FilterMode::Nearest,
    };
    let mip = match word("MipFilter").as_deref() {
        Some("LINEAR" | "ANISOTROPIC") => wgpu::MipmapFilterMode::Linear,
        _ => wgpu::MipmapFilterMode::Nearest,
    };
    let address = |name: &str| match word(name).as_deref() {
        Some("CLAMP") => wgpu::AddressMode::ClampToEdge,
        Some("MIRROR" | "MIRRORONCE") => wgpu::AddressMode::MirrorRepeat,
        Some("BORDER") if border => wgpu::AddressMode::ClampToBorder,
        Some("BORDER") => wgpu::AddressMode::ClampToEdge,
        _ => wgpu::AddressMode::Repeat,
    };
    let (u, v, w) = (
        address("AddressU"),
        address("AddressV"),
        address("AddressW"),
    );
    let bordered = [u, v, w].contains(&wgpu::AddressMode::ClampToBorder);
    wgpu::SamplerDescriptor {
        label: None,
        address_mode_u: u,
        address_mode_v: v,
        address_mode_w: w,
        mag_filter: filter("MagFilter"),
        min_filter: filter("MinFilter"),
        mipmap_filter: mip,
        // Direct3D 9's default border colour is transparent black.
        border_color: bordered.then_some(wgpu::SamplerBorderColor::TransparentBlack),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_effect::{MemoryLoader, Options, read_effect};
    use std::path::Path;

    fn effect(text: &str) -> mmd_effect::Effect {
        let loader = MemoryLoader::new().with("t.fx", text);
        match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn targets_take_their_size_format_and_mips_from_their_annotations() {
        let fx = effect(
            "texture2D ScnMap : RENDERCOLORTARGET < float2 ViewPortRatio = {0.5, 0.5}; string Format = \"A16B16G16R16F\"; int MipLevels = 0; >;
texture Plain : RENDERCOLORTARGET;
texture2D Fixed : RENDERCOLORTARGET < int2 Dimensions = {256, 128}; string Format = \"D3DFMT_R32F\"; >;
texture Square : RENDERCOLORTARGET < int Width = 64; >;
texture2D Depth : RENDERDEPTHSTENCILTARGET < float2 ViewportRatio = {1.0, 1.0}; string Format = \"D24S8\"; >;
texture Image < string ResourceName = \"a.png\"; >;
texture Odd : RENDERCOLORTARGET < string Format = \"NOTAFORMAT\"; >;",
        );
        let specs: Vec<_> = fx.textures.iter().map(TargetSpec::of).collect();
        let spec = |i: usize| match &specs[i] {
            Some(Ok(s)) => s.clone(),
            other => panic!("{i}: {other:?}"),
        };
        assert_eq!(spec(0).size.pixels([1280, 720]), [640, 360]);
        assert_eq!(spec(0).format, wgpu::TextureFormat::Rgba16Float);
        assert!(spec(0).mipmapped);
        assert_eq!(spec(1).size, TargetSize::Ratio([1.0, 1.0]));
        assert_eq!(spec(1).format, wgpu::TextureFormat::Rgba8Unorm);
        assert!(!spec(1).mipmapped);
        assert_eq!(spec(2).size.pixels([1280, 720]), [256, 128]);
        assert_eq!(spec(2).format, wgpu::TextureFormat::R32Float);
        assert_eq!(spec(3).size, TargetSize::Pixels([64, 64]));
        assert_eq!(spec(4).kind, TargetKind::DepthStencil);
        assert_eq!(spec(4).format, wgpu::TextureFormat::Depth24PlusStencil8);
        assert_eq!(specs[5], None);
        assert_eq!(specs[6], Some(Err(UnknownFormat("NOTAFORMAT".into()))));
    }

    #[test]
    fn sizes_stay_within_what_a_gpu_takes() {
        assert_eq!(
            TargetSize::Ratio([0.001, 100.0]).pixels([1280, 720]),
            [1, 8192]
        );
        assert_eq!(TargetSize::Pixels([0, 5]).pixels([1, 1]), [1, 5]);
        assert_eq!(
            TargetSize::Ratio([0.25, 0.25]).pixels([1281, 721]),
            [320, 180]
        );
    }

    #[test]
    fn colour_and_depth_formats_do_not_cross() {
        assert_eq!(format_named("D24S8", TargetKind::Color), None);
        assert_eq!(format_named("A8R8G8B8", TargetKind::DepthStencil), None);
        assert_eq!(
            format_named("fmt_g16r16f", TargetKind::Color),
            Some(wgpu::TextureFormat::Rg16Float)
        );
    }

    #[test]
    fn sampler_states_become_wgpu_samplers_with_direct3ds_defaults() {
        let fx = effect(
            "texture T : RENDERCOLORTARGET;
sampler A = sampler_state { texture = <T>; MinFilter = LINEAR; MagFilter = LINEAR; MipFilter = NONE; AddressU = CLAMP; AddressV = CLAMP; };
sampler B = sampler_state { texture = <T>; AddressU = MIRROR; AddressV = BORDER; MIPFILTER = linear; };",
        );
        let a = sampler_descriptor(&fx.samplers[0], true);
        assert_eq!(a.min_filter, wgpu::FilterMode::Linear);
        assert_eq!(a.mag_filter, wgpu::FilterMode::Linear);
        assert_eq!(a.mipmap_filter, wgpu::MipmapFilterMode::Nearest);
        assert_eq!(a.address_mode_u, wgpu::AddressMode::ClampToEdge);
        assert_eq!(a.address_mode_w, wgpu::AddressMode::Repeat);
        assert_eq!(a.border_color, None);
        let b = sampler_descriptor(&fx.samplers[1], true);
        assert_eq!(b.min_filter, wgpu::FilterMode::Nearest);
        assert_eq!(b.mipmap_filter, wgpu::MipmapFilterMode::Linear);
        assert_eq!(b.address_mode_u, wgpu::AddressMode::MirrorRepeat);
        assert_eq!(b.address_mode_v, wgpu::AddressMode::ClampToBorder);
        assert_eq!(
            b.border_color,
            Some(wgpu::SamplerBorderColor::TransparentBlack)
        );
        let without = sampler_descriptor(&fx.samplers[1], false);
        assert_eq!(without.address_mode_v, wgpu::AddressMode::ClampToEdge);
        assert_eq!(without.border_color, None);
    }
}
