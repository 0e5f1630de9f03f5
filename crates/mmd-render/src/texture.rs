//! Decoding model textures and uploading them, the neutral fallbacks, and the generated
//! shared toon ramps.

use std::io::Cursor;

use image::{ColorType, ImageDecoder, ImageFormat, ImageReader, RgbaImage};
use rayon::prelude::*;
use wgpu::util::DeviceExt;

use crate::dds_texture::{self, DdsError};
use crate::png_stream::{self, LevelRows, PngStream};

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

/// Decodes BMP (incl. 32-bit and OS/2-style), PNG, JPEG, TGA and DDS (see
/// [`crate::dds_texture`]: every mask format, DXT1–5, BC4–7 and the DX10 formats; of a cube
/// map or volume the first face or slice). The format is detected from the content, because
/// `.sph`/`.spa` sphere maps are ordinary images under another name and MMD models often give
/// a DDS file another extension; TGA has no signature, so it is recognised by its extension.
pub fn decode(bytes: &[u8], path: &str) -> Result<RgbaImage, String> {
    if dds_texture::is_dds(bytes) {
        return decode_dds_top(bytes);
    }
    image::load_from_memory_with_format(bytes, format_of(bytes, path)?)
        .map(|image| image.into_rgba8())
        .map_err(cannot_decode)
}

/// Level 0 of a DDS file's image.
fn decode_dds_top(bytes: &[u8]) -> Result<RgbaImage, String> {
    let image = dds_texture::decode(bytes, false).map_err(cannot_decode_dds)?;
    RgbaImage::from_raw(image.width, image.height, image.data)
        .ok_or_else(|| "cannot decode: the DDS image has the wrong size".to_string())
}

fn cannot_decode_dds(e: DdsError) -> String {
    format!("cannot decode: {e}")
}

fn format_of(bytes: &[u8], path: &str) -> Result<ImageFormat, String> {
    image::guess_format(bytes)
        .ok()
        .or_else(|| {
            let lower = path.to_lowercase();
            lower.ends_with(".tga").then_some(ImageFormat::Tga)
        })
        .ok_or_else(|| "unknown image format".to_string())
}

fn cannot_decode(e: image::ImageError) -> String {
    format!("cannot decode: {e}")
}

/// Largest level 0 (bytes) decoded straight into its mip buffer; anything larger goes
/// through `image`'s own allocation limits (512 MB), which refuse a hostile header's size
/// instead of allocating it.
const DIRECT_DECODE_MAX: u64 = 256 << 20;

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

/// An RGBA8 image and its mip levels, largest first, stored back to back: the layout
/// `create_texture_with_data` expects for a single layer.
pub struct MipImage {
    width: u32,
    height: u32,
    levels: u32,
    /// The levels that hold their pixels already (at least level 0: the decoded image, and
    /// the levels below it that a DDS file stores); [`fill_unstored_levels`] builds the rest.
    stored: u32,
    data: Vec<u8>,
}

impl MipImage {
    /// Decodes `bytes` (as [`decode`] does) into level 0 of a texture no side of which
    /// exceeds `max_side`, followed by room for its mip chain when `mips` (left zero, for
    /// [`fill_mips_below`]). RGB and RGBA images within the limit, what model textures nearly
    /// always are, decode straight into the buffer that holds the chain: no intermediate
    /// image, no copy and no reallocation of a texture that may be 64 MB (a 4096² sheet).
    /// Anything else goes through [`decode`].
    fn decode_top(bytes: &[u8], path: &str, max_side: u32, mips: bool) -> Result<MipImage, String> {
        if dds_texture::is_dds(bytes) {
            return MipImage::decode_dds(bytes, max_side, mips);
        }
        let decoder = ImageReader::with_format(Cursor::new(bytes), format_of(bytes, path)?)
            .into_decoder()
            .map_err(cannot_decode)?;
        let (width, height) = decoder.dimensions();
        let direct = width <= max_side
            && height <= max_side
            && matches!(decoder.color_type(), ColorType::Rgb8 | ColorType::Rgba8)
            && decoder.total_bytes() <= DIRECT_DECODE_MAX;
        if !direct {
            let image = fit_to_limit(decode(bytes, path)?, max_side);
            return Ok(if mips {
                MipImage::unfilled(image)
            } else {
                MipImage::single(image)
            });
        }
        let levels = if mips {
            mip_level_count(width, height)
        } else {
            1
        };
        let mut data = vec![0u8; chain_size(width, height, levels)];
        let level0 = &mut data[..level_side(width, 0) * level_side(height, 0) * 4];
        if decoder.color_type() == ColorType::Rgba8 {
            decoder.read_image(level0).map_err(cannot_decode)?;
        } else {
            let mut rgb = vec![0u8; level0.len() / 4 * 3];
            decoder.read_image(&mut rgb).map_err(cannot_decode)?;
            rgb_to_rgba(&rgb, level0);
        }
        Ok(MipImage {
            width,
            height,
            levels,
            stored: 1,
            data,
        })
    }

    /// A DDS file's image with the mip levels it stores; past `max_side` just its level 0,
    /// shrunk.
    fn decode_dds(bytes: &[u8], max_side: u32, mips: bool) -> Result<MipImage, String> {
        let image = dds_texture::decode(bytes, mips).map_err(cannot_decode_dds)?;
        if image.width <= max_side && image.height <= max_side {
            return Ok(MipImage {
                width: image.width,
                height: image.height,
                levels: image.levels,
                stored: image.stored,
                data: image.data,
            });
        }
        let mut top = image.data;
        top.truncate(level_side(image.width, 0) * level_side(image.height, 0) * 4);
        let top = RgbaImage::from_raw(image.width, image.height, top)
            .ok_or_else(|| "cannot decode: the DDS image has the wrong size".to_string())?;
        let shrunk = fit_to_limit(top, max_side);
        Ok(if mips {
            MipImage::unfilled(shrunk)
        } else {
            MipImage::single(shrunk)
        })
    }

    /// Level 0 and the rest of the chain, apart.
    fn split_top(&mut self) -> (&mut [u8], &mut [u8]) {
        let top = level_side(self.width, 0) * level_side(self.height, 0) * 4;
        self.data.split_at_mut(top)
    }

    /// Just the image, for textures that must not be minified: toon ramps are looked up by
    /// N·L, not by screen footprint, and a smaller level would blur the lit/shaded boundary.
    pub fn single(image: RgbaImage) -> MipImage {
        let (width, height) = image.dimensions();
        MipImage {
            width,
            height,
            levels: 1,
            stored: 1,
            data: image.into_raw(),
        }
    }

    /// The image followed by room for its full mip chain, left zero.
    fn unfilled(image: RgbaImage) -> MipImage {
        let (width, height) = image.dimensions();
        let levels = mip_level_count(width, height);
        let mut data = image.into_raw();
        data.resize(chain_size(width, height, levels), 0);
        MipImage {
            width,
            height,
            levels,
            stored: 1,
            data,
        }
    }
}

/// Copies RGB8 pixels into RGBA8 ones, opaque.
pub(crate) fn rgb_to_rgba(rgb: &[u8], rgba: &mut [u8]) {
    for (out, pixel) in rgba.chunks_exact_mut(4).zip(rgb.chunks_exact(3)) {
        out[..3].copy_from_slice(pixel);
        out[3] = u8::MAX;
    }
}

/// Bytes of `levels` mip levels of a `width`×`height` RGBA8 image.
pub(crate) fn chain_size(width: u32, height: u32, levels: u32) -> usize {
    (0..levels)
        .map(|level| level_side(width, level) * level_side(height, level) * 4)
        .sum()
}

/// Writes levels 1.. of a chain of `levels` levels into `below`, each from the one above,
/// level 0 (`width`×`height`) being `top`: the full chain down to 1×1, each level a box
/// filter of the one above, as D3DX builds it when MMD loads a texture. Averaging is done on
/// the stored values, straight (not premultiplied) alpha, like D3DX: the textures are
/// uploaded as `Rgba8Unorm` and shaded in their own gamma space, so their levels are averaged
/// in it too.
pub(crate) fn fill_mips_below(top: &[u8], below: &mut [u8], width: u32, height: u32, levels: u32) {
    if levels < 2 {
        return;
    }
    let (sw, sh) = (level_side(width, 0), level_side(height, 0));
    let (dw, dh) = (level_side(width, 1), level_side(height, 1));
    let (first, rest) = below.split_at_mut(dw * dh * 4);
    downsample(top, sw, sh, first, dw, dh);
    // Level 1 is level 0 of the rest of the chain: halving a side twice rounds as halving
    // it once by four does.
    fill_mips_below(first, rest, dw as u32, dh as u32, levels - 1);
}

/// Writes the levels of a chain of `levels` levels below its first `stored` ones into
/// `below` (the chain without level 0, `top`), each from the one above as
/// [`fill_mips_below`] does, starting from the last stored level.
pub(crate) fn fill_unstored_levels(
    top: &[u8],
    below: &mut [u8],
    width: u32,
    height: u32,
    levels: u32,
    stored: u32,
) {
    if stored <= 1 {
        return fill_mips_below(top, below, width, height, levels);
    }
    let last = stored - 1;
    let top_size = top.len();
    let last_start = chain_size(width, height, last) - top_size;
    let last_end = chain_size(width, height, stored) - top_size;
    let (stored_levels, unstored) = below.split_at_mut(last_end);
    fill_mips_below(
        &stored_levels[last_start..],
        unstored,
        level_side(width, last) as u32,
        level_side(height, last) as u32,
        levels - last,
    );
}

/// The number of levels in a full mip chain: floor(log2(max(w, h))) + 1.
pub fn mip_level_count(width: u32, height: u32) -> u32 {
    u32::BITS - width.max(height).max(1).leading_zeros()
}

/// The size of one side at mip `level`: halved per level, rounded down, at least 1 (the
/// sizes the graphics APIs give a texture's levels).
pub(crate) fn level_side(side: u32, level: u32) -> usize {
    (side >> level).max(1) as usize
}

/// Box-filters the RGBA8 image `src` (`sw`×`sh`) into `dst` (`dw`×`dh`), each side of `dst`
/// being half of `src`'s rounded down, or 1.
fn downsample(src: &[u8], sw: usize, sh: usize, dst: &mut [u8], dw: usize, dh: usize) {
    if sw == 2 * dw && sh == 2 * dh {
        halve_even(src, sw, dst, dw);
    } else {
        downsample_any(src, sw, dst, &axis_taps(sw, dw), &axis_taps(sh, dh));
    }
}

/// The common case (every level of a power-of-two texture): each destination pixel is the
/// rounded mean of a 2×2 block.
/// Large levels are split into bands of rows halved in parallel: a model with one big
/// texture sheet (Uka's 4096²) would otherwise build its chain on one core.
fn halve_even(src: &[u8], sw: usize, dst: &mut [u8], dw: usize) {
    const BAND_ROWS: usize = 64;
    let dh = dst.len() / (dw * 4);
    if dw * dh < 512 * 512 {
        return halve_even_rows(src, sw, dst, dw);
    }
    dst.par_chunks_mut(dw * 4 * BAND_ROWS)
        .zip(src.par_chunks(sw * 4 * 2 * BAND_ROWS))
        .for_each(|(dst, src)| halve_even_rows(src, sw, dst, dw));
}

pub(crate) fn halve_even_rows(src: &[u8], sw: usize, dst: &mut [u8], dw: usize) {
    let row = sw * 4;
    for (out_row, rows) in dst.chunks_exact_mut(dw * 4).zip(src.chunks_exact(2 * row)) {
        let (top, bottom) = rows.split_at(row);
        for ((out, t), b) in out_row
            .chunks_exact_mut(4)
            .zip(top.chunks_exact(8))
            .zip(bottom.chunks_exact(8))
        {
            for c in 0..4 {
                let sum =
                    u16::from(t[c]) + u16::from(t[c + 4]) + u16::from(b[c]) + u16::from(b[c + 4]);
                out[c] = ((sum + 2) / 4) as u8;
            }
        }
    }
}

/// Where one destination pixel reads along one axis: up to three consecutive source pixels
/// from `first`, each weighted by how much of it the destination pixel covers.
struct Taps {
    first: usize,
    weights: [u64; 3],
}

/// The footprints for shrinking an axis of `src` pixels to `dst` pixels with `src` being
/// `2·dst`, `2·dst + 1` or 1. An odd side cannot be halved into whole pixels: destination
/// pixel x covers source span [x·src/dst, (x+1)·src/dst), so a middle source pixel is split
/// between two destination pixels by area. Measured in 1/dst of a source pixel the overlaps
/// are whole numbers and each footprint's weights sum to `src`.
fn axis_taps(src: usize, dst: usize) -> Vec<Taps> {
    (0..dst)
        .map(|x| {
            let (lo, hi) = (x * src, (x + 1) * src);
            let first = lo / dst;
            let weights = std::array::from_fn(|k| {
                let (pixel_lo, pixel_hi) = ((first + k) * dst, (first + k + 1) * dst);
                hi.min(pixel_hi).saturating_sub(lo.max(pixel_lo)) as u64
            });
            Taps { first, weights }
        })
        .collect()
}

/// The general box filter for sizes [`halve_even`] does not cover (an odd side, or a side
/// already at 1): exact area weights, rounded once at the end.
fn downsample_any(src: &[u8], sw: usize, dst: &mut [u8], xs: &[Taps], ys: &[Taps]) {
    let x_total: u64 = xs.first().map_or(1, |t| t.weights.iter().sum());
    let y_total: u64 = ys.first().map_or(1, |t| t.weights.iter().sum());
    let total = x_total * y_total;
    for (out_row, y) in dst.chunks_exact_mut(xs.len() * 4).zip(ys) {
        for (out, x) in out_row.chunks_exact_mut(4).zip(xs) {
            let mut sum = [0u64; 4];
            for (row, &wy) in (y.first..).zip(&y.weights).filter(|(_, w)| **w > 0) {
                for (col, &wx) in (x.first..).zip(&x.weights).filter(|(_, w)| **w > 0) {
                    let pixel = &src[(row * sw + col) * 4..][..4];
                    for (s, &p) in sum.iter_mut().zip(pixel) {
                        *s += wy * wx * u64::from(p);
                    }
                }
            }
            for (o, s) in out.iter_mut().zip(sum) {
                *o = ((s + total / 2) / total) as u8;
            }
        }
    }
}

/// A model texture: RGBA8 with `levels` mip levels, sampled and filled by copies.
fn texture_descriptor(
    label: &str,
    width: u32,
    height: u32,
    levels: u32,
) -> wgpu::TextureDescriptor<'_> {
    wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: levels,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    }
}

/// Uploads an RGBA8 image with its mip levels. Colours are stored as they are
/// (`Rgba8Unorm`, no sRGB decode): MMD shades and blends in the images' own gamma space.
pub fn upload(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    image: &MipImage,
    label: &str,
) -> wgpu::TextureView {
    let texture = device.create_texture_with_data(
        queue,
        &texture_descriptor(label, image.width, image.height, image.levels),
        wgpu::util::TextureDataOrder::LayerMajor,
        &image.data,
    );
    texture.create_view(&wgpu::TextureViewDescriptor::default())
}

/// Decodes `bytes` into a texture no side of which exceeds `max_side`, with its mip chain
/// when `mips` (see [`fill_mips_below`]), and uploads it, submitting the copies at once. A big
/// PNG sheet (Uka's 4096²) is streamed band by band as it decodes ([`crate::png_stream`]).
/// Otherwise level 0 is handed to wgpu while the levels below are built on another thread:
/// that copy into wgpu's staging memory takes as long as building the chain, and on a
/// software adapter (lavapipe) the submitted copy into the texture proceeds on the queue's
/// thread meanwhile too.
pub fn load(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    bytes: &[u8],
    path: &str,
    max_side: u32,
    mips: bool,
) -> Result<wgpu::TextureView, String> {
    if let Some(stream) = PngStream::open_big(bytes, max_side, mips) {
        return load_streamed(device, queue, stream, path);
    }
    let mut image = MipImage::decode_top(bytes, path, max_side, mips)?;
    let (width, height, levels, stored) = (image.width, image.height, image.levels, image.stored);
    let texture = device.create_texture(&texture_descriptor(path, width, height, levels));
    let (top, below) = image.split_top();
    let top = &*top;
    rayon::join(
        || {
            write_level(queue, &texture, top, width, height, 0);
            queue.submit([]);
        },
        || fill_unstored_levels(top, below, width, height, levels, stored),
    );
    let mut rest = &below[..];
    for level in 1..levels {
        let size = level_side(width, level) * level_side(height, level) * 4;
        let (pixels, after) = rest.split_at(size);
        write_level(queue, &texture, pixels, width, height, level);
        rest = after;
    }
    queue.submit([]);
    Ok(texture.create_view(&wgpu::TextureViewDescriptor::default()))
}

/// A big PNG decoded band by band into its texture (see [`crate::png_stream`]), each band
/// submitted at once so that a software adapter copies it while the next decodes.
fn load_streamed(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    stream: PngStream<'_>,
    label: &str,
) -> Result<wgpu::TextureView, String> {
    let (width, height, levels) = stream.size();
    let texture = device.create_texture(&texture_descriptor(label, width, height, levels));
    stream.decode_into(png_stream::band_rows(width), |rows| {
        write_rows(queue, &texture, &rows);
        queue.submit([]);
    })?;
    Ok(texture.create_view(&wgpu::TextureViewDescriptor::default()))
}

/// Writes mip `level` of a `width`×`height` texture from its tightly packed pixels.
fn write_level(
    queue: &wgpu::Queue,
    texture: &wgpu::Texture,
    pixels: &[u8],
    width: u32,
    height: u32,
    level: u32,
) {
    let (w, h) = (level_side(width, level), level_side(height, level));
    write_rows(
        queue,
        texture,
        &LevelRows {
            level,
            first_row: 0,
            width: w as u32,
            rows: h as u32,
            pixels,
        },
    );
}

/// Writes rows of one mip level of `texture`.
fn write_rows(queue: &wgpu::Queue, texture: &wgpu::Texture, rows: &LevelRows<'_>) {
    queue.write_texture(
        wgpu::TexelCopyTextureInfo {
            texture,
            mip_level: rows.level,
            origin: wgpu::Origin3d {
                x: 0,
                y: rows.first_row,
                z: 0,
            },
            aspect: wgpu::TextureAspect::All,
        },
        rows.pixels,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(rows.width * 4),
            rows_per_image: Some(rows.rows),
        },
        wgpu::Extent3d {
            width: rows.width,
            height: rows.rows,
            depth_or_array_layers: 1,
        },
    );
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

    impl MipImage {
        /// The chain [`load`] uploads.
        fn decode(bytes: &[u8], path: &str, max_side: u32, mips: bool) -> Result<MipImage, String> {
            let mut image = MipImage::decode_top(bytes, path, max_side, mips)?;
            image.fill_mips();
            Ok(image)
        }

        fn with_mips(image: RgbaImage) -> MipImage {
            let mut image = MipImage::unfilled(image);
            image.fill_mips();
            image
        }

        fn fill_mips(&mut self) {
            let (width, height, levels, stored) =
                (self.width, self.height, self.levels, self.stored);
            let (top, below) = self.split_top();
            fill_unstored_levels(top, below, width, height, levels, stored);
        }
    }

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
        // A DDS file under another format's name, even TGA's, which is known by its name.
        let dds = crate::dds_texture::tests::solid_levels_file(3, 2, 1);
        for name in ["skin.png", "skin.tga", "skin.DDS"] {
            let decoded = decode(&dds, name).unwrap();
            assert_eq!(decoded.dimensions(), (3, 2), "{name}");
            assert_eq!(decoded.get_pixel(2, 1).0, [200, 100, 0, 255], "{name}");
        }
    }

    #[test]
    fn a_dds_files_own_levels_are_kept_and_the_rest_built_from_its_last() {
        // 8×8 with levels 0 and 1 stored, of different colours: levels 2 and 3 are built
        // from level 1.
        let file = crate::dds_texture::tests::solid_levels_file(8, 8, 2);
        let mips = MipImage::decode(&file, "skin.png", 16384, true).unwrap();
        assert_eq!((mips.levels, mips.stored), (4, 2));
        let colour_of = |l| {
            let (pixels, _, _) = level(&mips, l);
            let first: [u8; 4] = pixels[..4].try_into().unwrap();
            assert!(pixels.chunks_exact(4).all(|p| p == first), "level {l}");
            first
        };
        assert_eq!(colour_of(0), [200, 100, 0, 255]);
        for l in 1..4 {
            assert_eq!(colour_of(l), [200, 100, 1, 255], "level {l}");
        }
        // Past the device's limit level 0 is shrunk and its chain built from it.
        let shrunk = MipImage::decode(&file, "skin.png", 4, true).unwrap();
        assert_eq!((shrunk.width, shrunk.levels, shrunk.stored), (4, 3, 1));
        assert!(shrunk.data.chunks_exact(4).all(|p| p == [200, 100, 0, 255]));
        // A toon (no mips) keeps level 0 alone.
        let single = MipImage::decode(&file, "toon.bmp", 16384, false).unwrap();
        assert_eq!((single.levels, single.data.len()), (1, 8 * 8 * 4));
    }

    fn checkerboard(width: u32, height: u32, a: [u8; 4], b: [u8; 4]) -> RgbaImage {
        RgbaImage::from_fn(width, height, |x, y| {
            image::Rgba(if (x + y) % 2 == 0 { a } else { b })
        })
    }

    /// The bytes of mip `level` and its size.
    fn level(mips: &MipImage, level: u32) -> (&[u8], usize, usize) {
        let start: usize = (0..level)
            .map(|l| level_side(mips.width, l) * level_side(mips.height, l) * 4)
            .sum();
        let (w, h) = (
            level_side(mips.width, level),
            level_side(mips.height, level),
        );
        (&mips.data[start..start + w * h * 4], w, h)
    }

    #[test]
    fn full_mip_chain_down_to_one_pixel() {
        for ((w, h), levels) in [
            ((1, 1), 1),
            ((8, 8), 4),
            ((5, 3), 3),
            ((1024, 1), 11),
            ((300, 1000), 10),
        ] {
            let mips = MipImage::with_mips(RgbaImage::new(w, h));
            assert_eq!(mips.levels, levels, "{w}×{h}");
            assert_eq!(mip_level_count(w, h), levels, "{w}×{h}");
            let (_, lw, lh) = level(&mips, levels - 1);
            assert_eq!((lw, lh), (1, 1), "{w}×{h}");
            let (last, _, _) = level(&mips, levels - 1);
            assert_eq!(
                last.as_ptr_range().end,
                mips.data.as_ptr_range().end,
                "{w}×{h}"
            );
        }
        assert_eq!(MipImage::single(RgbaImage::new(64, 64)).levels, 1);
    }

    /// Pseudo-random pixels (a fixed LCG), so that every rounding path is exercised.
    fn noise(width: u32, height: u32) -> RgbaImage {
        let mut state = 12345u32;
        RgbaImage::from_fn(width, height, |_, _| {
            image::Rgba(std::array::from_fn(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (state >> 24) as u8
            }))
        })
    }

    fn png(image: image::DynamicImage) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn decoding_into_the_chain_gives_the_chain_of_the_decoded_image() {
        for (image, mips) in [
            (
                image::DynamicImage::ImageRgb8(
                    image::DynamicImage::ImageRgba8(noise(1024, 1024)).to_rgb8(),
                ),
                true,
            ),
            (image::DynamicImage::ImageRgba8(noise(301, 77)), true),
            (image::DynamicImage::ImageRgba8(noise(64, 32)), false),
            (
                image::DynamicImage::ImageLuma8(
                    image::DynamicImage::ImageRgba8(noise(40, 40)).to_luma8(),
                ),
                true,
            ),
        ] {
            let bytes = png(image);
            let direct = MipImage::decode(&bytes, "t.png", 16384, mips).unwrap();
            let decoded = decode(&bytes, "t.png").unwrap();
            let reference = if mips {
                MipImage::with_mips(decoded)
            } else {
                MipImage::single(decoded)
            };
            assert_eq!(
                (direct.width, direct.height, direct.levels),
                (reference.width, reference.height, reference.levels)
            );
            assert!(direct.data == reference.data);
        }
        // Past the device's limit the image is shrunk first.
        let shrunk = MipImage::decode(
            &png(image::DynamicImage::ImageRgba8(noise(64, 32))),
            "t.png",
            16,
            true,
        )
        .unwrap();
        assert_eq!((shrunk.width, shrunk.height, shrunk.levels), (16, 8, 5));
    }

    #[test]
    fn parallel_halving_equals_the_serial_one() {
        let src = noise(2048, 1030);
        let (dw, dh) = (1024, 515);
        let mut parallel = vec![0u8; dw * dh * 4];
        let mut serial = vec![0u8; dw * dh * 4];
        halve_even(src.as_raw(), 2048, &mut parallel, dw);
        halve_even_rows(src.as_raw(), 2048, &mut serial, dw);
        assert!(parallel == serial);
    }

    #[test]
    fn checkerboard_levels_are_its_mean() {
        let (a, b, mean) = ([200, 40, 100, 255], [100, 240, 0, 0], [150, 140, 50, 128]);
        let mips = MipImage::with_mips(checkerboard(16, 8, a, b));
        assert_eq!(mips.levels, 5);
        assert_eq!(
            level(&mips, 0).0,
            checkerboard(16, 8, a, b).as_raw().as_slice()
        );
        for l in 1..mips.levels {
            let (pixels, _, _) = level(&mips, l);
            assert!(
                pixels.chunks_exact(4).all(|p| p == mean),
                "level {l}: {pixels:?}"
            );
        }
    }

    #[test]
    fn odd_sizes_weigh_pixels_by_area() {
        // 3×3 → 1×1 covers all nine pixels equally: 255 / 9 = 28.3.
        let mut spot = RgbaImage::from_pixel(3, 3, image::Rgba([0, 0, 0, 255]));
        spot.put_pixel(1, 1, image::Rgba([255, 255, 255, 255]));
        assert_eq!(level(&MipImage::with_mips(spot), 1).0, [28, 28, 28, 255]);

        // 5×1 → 2×1: the middle pixel is split between both halves.
        let row = RgbaImage::from_fn(5, 1, |x, _| image::Rgba([x as u8 * 50, 0, 0, 255]));
        let mips = MipImage::with_mips(row);
        let (pixels, w, h) = level(&mips, 1);
        assert_eq!((w, h), (2, 1));
        // (0·2 + 50·2 + 100·1) / 5 = 40 and (100·1 + 150·2 + 200·2) / 5 = 160.
        assert_eq!(pixels, [40, 0, 0, 255, 160, 0, 0, 255]);

        // An odd checkerboard (8 of one colour, 7 of the other) ends at its overall mean.
        let (a, b) = ([200, 40, 100, 255], [100, 240, 0, 255]);
        let mips = MipImage::with_mips(checkerboard(5, 3, a, b));
        let (last, _, _) = level(&mips, mips.levels - 1);
        for c in 0..4 {
            let exact = (8.0 * f64::from(a[c]) + 7.0 * f64::from(b[c])) / 15.0;
            assert!(
                (f64::from(last[c]) - exact).abs() <= 1.0,
                "{last:?} vs {exact}"
            );
        }
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
