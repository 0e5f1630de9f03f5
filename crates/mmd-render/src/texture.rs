//! Decoding model textures and uploading them, the neutral fallbacks, and the generated
//! shared toon ramps.

use image::{ImageFormat, RgbaImage};
use wgpu::util::DeviceExt;

/// A texture that could not be used; the model still loads with a neutral fallback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextureWarning {
    /// The path as stored in the model.
    pub path: String,
    pub problem: String,
}

impl std::fmt::Display for TextureWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "texture {}: {}", self.path, self.problem)
    }
}

/// Decodes BMP (incl. 32-bit and OS/2-style), PNG, JPEG, TGA and DDS (BC1–BC3). The format
/// is detected from the content, because `.sph`/`.spa` sphere maps are ordinary images under
/// another name; TGA has no signature, so it is recognised by its extension.
pub fn decode(bytes: &[u8], path: &str) -> Result<RgbaImage, String> {
    let format = image::guess_format(bytes)
        .ok()
        .or_else(|| {
            let lower = path.to_lowercase();
            lower.ends_with(".tga").then_some(ImageFormat::Tga)
        })
        .ok_or_else(|| "unknown image format".to_string())?;
    image::load_from_memory_with_format(bytes, format)
        .map(|image| image.into_rgba8())
        .map_err(|e| format!("cannot decode: {e}"))
}

/// Scales an image down (keeping its aspect) when a side exceeds the device's limit.
pub fn fit_to_limit(image: RgbaImage, max_side: u32) -> RgbaImage {
    let (w, h) = image.dimensions();
    if w <= max_side && h <= max_side {
        return image;
    }
    let scale = max_side as f32 / w.max(h) as f32;
    let nw = ((w as f32 * scale) as u32).clamp(1, max_side);
    let nh = ((h as f32 * scale) as u32).clamp(1, max_side);
    image::imageops::resize(&image, nw, nh, image::imageops::FilterType::Triangle)
}

/// Uploads an RGBA8 image. Colours are stored as they are (`Rgba8Unorm`, no sRGB decode):
/// MMD shades and blends in the images' own gamma space.
pub fn upload(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    image: &RgbaImage,
    label: &str,
) -> wgpu::TextureView {
    let texture = device.create_texture_with_data(
        queue,
        &wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: image.width(),
                height: image.height(),
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        },
        wgpu::util::TextureDataOrder::LayerMajor,
        image.as_raw(),
    );
    texture.create_view(&wgpu::TextureViewDescriptor::default())
}

/// A 1×1 image of one colour (fallbacks: white multiplies as nothing, black adds nothing).
pub fn solid(rgba: [u8; 4]) -> RgbaImage {
    RgbaImage::from_pixel(1, 1, image::Rgba(rgba))
}

/// Shadow-side colours of MMD's shared toon01.bmp … toon10.bmp. Those files belong to MMD
/// and are not shipped; these ramps reproduce their look: the lit half white, the shaded
/// half this colour. toon01–05 match the copies that PMD models commonly carry; toon06–10
/// are approximations.
const SHARED_TOON_SHADOW: [[u8; 3]; 10] = [
    [205, 205, 205],
    [245, 225, 225],
    [154, 154, 154],
    [248, 239, 235],
    [255, 231, 221],
    [120, 120, 120],
    [180, 180, 180],
    [235, 215, 215],
    [240, 225, 205],
    [225, 225, 235],
];

/// The generated ramp for shared toon `index` (0..=9), or `None` for another index. The
/// ramp is sampled at v = 0.5 − 0.5·N·L like MMD: v < 0.5 is lit, v > 0.5 is shaded.
pub fn shared_toon(index: u8) -> Option<RgbaImage> {
    let [r, g, b] = *SHARED_TOON_SHADOW.get(usize::from(index))?;
    Some(RgbaImage::from_fn(1, 32, |_, y| {
        if y < 16 {
            image::Rgba([255, 255, 255, 255])
        } else {
            image::Rgba([r, g, b, 255])
        }
    }))
}

/// Recognises MMD's shared toon names (`toon01.bmp` … `toon10.bmp`, any case and folder),
/// which PMD models reference by name without shipping the files. Returns the shared index.
pub fn shared_toon_name(path: &str) -> Option<u8> {
    let name = path.rsplit(['\\', '/']).next()?.to_lowercase();
    let number: u8 = name
        .strip_prefix("toon")?
        .strip_suffix(".bmp")?
        .parse()
        .ok()?;
    (1..=10).contains(&number).then(|| number - 1)
}

/// Bytes every buffer has at least: one element of the largest array element type the
/// shaders bind (a source vertex, 96 bytes), since a binding must hold one element.
const MIN_BUFFER_SIZE: usize = 128;

/// Creates a buffer initialised with `contents`, zero-padded to [`MIN_BUFFER_SIZE`] (an
/// empty model still gets valid bindings).
pub fn buffer_with(
    device: &wgpu::Device,
    label: &str,
    contents: &[u8],
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    let mut padded;
    let contents = if contents.len() < MIN_BUFFER_SIZE {
        padded = contents.to_vec();
        padded.resize(MIN_BUFFER_SIZE, 0);
        &padded[..]
    } else {
        contents
    };
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents,
        usage,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn encode(format: ImageFormat) -> Vec<u8> {
        let image = RgbaImage::from_fn(3, 2, |x, y| {
            image::Rgba([x as u8 * 80, y as u8 * 100, 7, 255])
        });
        let mut out = std::io::Cursor::new(Vec::new());
        image::DynamicImage::ImageRgba8(image)
            .to_rgb8()
            .write_to(&mut out, format)
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn decodes_by_content_whatever_the_name() {
        for (format, name) in [
            (ImageFormat::Bmp, "metal.sph"),
            (ImageFormat::Png, "a.spa"),
            (ImageFormat::Tga, "skin.TGA"),
        ] {
            let decoded = decode(&encode(format), name).unwrap();
            assert_eq!(decoded.dimensions(), (3, 2), "{name}");
            assert_eq!(decoded.get_pixel(2, 1).0, [160, 100, 7, 255], "{name}");
        }
        assert!(decode(b"not an image", "x.png").is_err());
    }

    #[test]
    fn shared_toon_names() {
        assert_eq!(shared_toon_name("toon01.bmp"), Some(0));
        assert_eq!(shared_toon_name("tex\\TOON10.BMP"), Some(9));
        assert_eq!(shared_toon_name("toon00.bmp"), None);
        assert_eq!(shared_toon_name("toon11.bmp"), None);
        assert_eq!(shared_toon_name("mytoon.bmp"), None);
        assert!(shared_toon(9).is_some() && shared_toon(10).is_none());
    }
}
