//! DDS textures read as Direct3D 9 (and so MMD and MME) loads them: the header, the DX10
//! extension, the layout of mip levels, cube maps and volumes and the block-compressed and
//! DX10 formats come from the `dds` crate; the legacy mask formats are read by
//! [`crate::dds_masks`], which keeps Direct3D 9's meaning of them (A8L8 is grey with alpha,
//! where the crate reads it as red and green).
//!
//! A model texture is one 2D image: of a cube map the first face (+X), of a volume the first
//! depth slice, of an array the first element. Its mip levels come from the file where it
//! stores them.

use std::io::Cursor;

use dds::header::{Dx9PixelFormat, Header, ParseOptions};
use dds::{
    ColorFormat, DataLayout, DataRegion, DecodeOptions, Format, ImageViewMut, PixelInfo, Size,
    SurfaceDescriptor,
};

use crate::dds_masks::MaskedPixels;
use crate::texture::{chain_size, mip_level_count};

/// The largest side a DDS texture may have: Direct3D 11's limit, past every Direct3D 9
/// device's.
pub(crate) const MAX_SIDE: u32 = 16384;

/// Why a DDS file could not be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum DdsError {
    #[error("DDS header: {0}")]
    Header(#[from] dds::HeaderError),
    #[error("DDS pixel format: {0}")]
    Format(#[from] dds::FormatError),
    #[error("DDS layout: {0}")]
    Layout(#[from] dds::LayoutError),
    #[error("DDS data: {0}")]
    Data(#[from] dds::DecodingError),
    #[error("the DDS file holds no image")]
    NoImage,
    #[error("the DDS image is {width}×{height}, larger than {MAX_SIDE} a side")]
    TooLarge { width: u32, height: u32 },
    #[error("the DDS file ends inside its first image")]
    Truncated,
}

/// Whether `bytes` begin as a DDS file does, whatever the file is called.
pub(crate) fn is_dds(bytes: &[u8]) -> bool {
    bytes.starts_with(b"DDS ")
}

/// A DDS file's image in RGBA8: `levels` mip levels back to back (the layout of
/// [`crate::texture::MipImage`]), the first `stored` of them the file's, the rest left zero.
pub(crate) struct DdsImage {
    pub width: u32,
    pub height: u32,
    pub levels: u32,
    pub stored: u32,
    pub data: Vec<u8>,
}

/// Decodes the first image of a DDS file with room for its full mip chain when `mips`,
/// filled with as many levels as the file stores whole.
///
/// Memory: the level 0 the file describes must lie within the file before anything is
/// allocated, so the RGBA8 chain allocated is at most 48 bytes per byte of the file (ASTC
/// 12×12 at 0.89 bits a pixel; 11 for DXT1, 6 for uncompressed formats), and no side
/// exceeds [`MAX_SIDE`].
pub(crate) fn decode(bytes: &[u8], mips: bool) -> Result<DdsImage, DdsError> {
    let mut reader = Cursor::new(bytes);
    let options = ParseOptions::new_permissive(Some(bytes.len() as u64));
    let header = Header::read(&mut reader, &options)?;
    let data = bytes.get(reader.position() as usize..).unwrap_or_default();
    let pixels = Pixels::of(&header)?;
    let layout = DataLayout::from_header_with(&header, pixels.info())?;
    let surfaces = first_image_levels(&layout);
    let main = surfaces.first().ok_or(DdsError::NoImage)?;
    let (width, height) = (main.width(), main.height());
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(DdsError::TooLarge { width, height });
    }
    let levels = if mips {
        mip_level_count(width, height)
    } else {
        1
    };
    let whole = surfaces
        .iter()
        .take(levels as usize)
        .take_while(|s| s.data_end() <= data.len() as u64)
        .count();
    if whole == 0 {
        return Err(DdsError::Truncated);
    }
    let mut rgba = vec![0u8; chain_size(width, height, levels)];
    let mut rest = &mut rgba[..];
    for surface in &surfaces[..whole] {
        let size = surface.width() as usize * surface.height() as usize * 4;
        let (level, after) = std::mem::take(&mut rest).split_at_mut(size);
        let encoded = &data[surface.data_offset() as usize..surface.data_end() as usize];
        pixels.decode(encoded, level, surface.size())?;
        rest = after;
    }
    Ok(DdsImage {
        width,
        height,
        levels,
        stored: whole as u32,
        data: rgba,
    })
}

/// The mip levels of the image a model samples, largest first.
fn first_image_levels(layout: &DataLayout) -> Vec<SurfaceDescriptor> {
    match layout {
        DataLayout::Texture(texture) => texture.iter_mips().collect(),
        DataLayout::TextureArray(array) => array
            .get(0)
            .map(|texture| texture.iter_mips().collect())
            .unwrap_or_default(),
        // A volume's smaller levels are volumes too: none of them is a level of its first
        // slice.
        DataLayout::Volume(volume) => volume.main().get_depth_slice(0).into_iter().collect(),
    }
}

/// How a surface's bytes are decoded.
enum Pixels {
    Masked(MaskedPixels),
    Coded(Format),
}

impl Pixels {
    fn of(header: &Header) -> Result<Pixels, DdsError> {
        if let Header::Dx9(dx9) = header
            && let Dx9PixelFormat::Mask(format) = &dx9.pixel_format
            && let Some(masked) = MaskedPixels::from_format(format)
        {
            return Ok(Pixels::Masked(masked));
        }
        Ok(Pixels::Coded(Format::from_header(header)?))
    }

    fn info(&self) -> PixelInfo {
        match self {
            Pixels::Masked(masked) => PixelInfo::fixed(masked.bytes_per_pixel()),
            Pixels::Coded(format) => (*format).into(),
        }
    }

    /// Decodes one surface of `size` from its `encoded` bytes into `rgba`.
    fn decode(&self, encoded: &[u8], rgba: &mut [u8], size: Size) -> Result<(), DdsError> {
        match self {
            Pixels::Masked(masked) => {
                masked.read_into(encoded, rgba);
                Ok(())
            }
            Pixels::Coded(format) => {
                let view = ImageViewMut::new(rgba, size, ColorFormat::RGBA_U8)
                    .ok_or(dds::DecodingError::UnexpectedSurfaceSize)?;
                dds::decode(
                    &mut Cursor::new(encoded),
                    view,
                    *format,
                    &DecodeOptions::default(),
                )?;
                Ok(())
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    // The DDS layout as Microsoft documents it: "DDS ", a 124-byte DDS_HEADER holding a
    // 32-byte DDS_PIXELFORMAT, then a 20-byte DDS_HEADER_DXT10 when the FourCC is "DX10".
    const CAPS: u32 = 0x1;
    const HEIGHT: u32 = 0x2;
    const WIDTH: u32 = 0x4;
    const PIXELFORMAT: u32 = 0x1000;
    const MIPMAPCOUNT: u32 = 0x2_0000;
    const DEPTH: u32 = 0x80_0000;
    const CAPS_COMPLEX: u32 = 0x8;
    const CAPS_TEXTURE: u32 = 0x1000;
    const CAPS_MIPMAP: u32 = 0x40_0000;
    const CAPS2_CUBEMAP_ALL_FACES: u32 = 0x200 | 0xFC00;
    const CAPS2_VOLUME: u32 = 0x20_0000;
    const PF_ALPHAPIXELS: u32 = 0x1;
    const PF_FOURCC: u32 = 0x4;
    const PF_RGB: u32 = 0x40;
    const PF_LUMINANCE: u32 = 0x2_0000;

    /// DDS_PIXELFORMAT's fields after its size: flags, FourCC, bit count, R, G, B, A masks.
    #[derive(Clone, Copy)]
    struct PixelFormat([u32; 7]);

    const A8R8G8B8: PixelFormat = PixelFormat([
        PF_RGB | PF_ALPHAPIXELS,
        0,
        32,
        0xFF_0000,
        0xFF00,
        0xFF,
        0xFF00_0000,
    ]);
    const R8G8B8: PixelFormat = PixelFormat([PF_RGB, 0, 24, 0xFF_0000, 0xFF00, 0xFF, 0]);
    const L8: PixelFormat = PixelFormat([PF_LUMINANCE, 0, 8, 0xFF, 0, 0, 0]);
    const A8L8: PixelFormat =
        PixelFormat([PF_LUMINANCE | PF_ALPHAPIXELS, 0, 16, 0xFF, 0, 0, 0xFF00]);
    const R5G6B5: PixelFormat = PixelFormat([PF_RGB, 0, 16, 0xF800, 0x07E0, 0x001F, 0]);

    fn four_cc(code: &[u8; 4]) -> PixelFormat {
        PixelFormat([PF_FOURCC, u32::from_le_bytes(*code), 0, 0, 0, 0, 0])
    }

    /// What a file describes beside its pixel format.
    #[derive(Clone, Copy)]
    struct Shape {
        width: u32,
        height: u32,
        depth: Option<u32>,
        mips: u32,
        caps2: u32,
    }

    fn flat(width: u32, height: u32) -> Shape {
        Shape {
            width,
            height,
            depth: None,
            mips: 1,
            caps2: 0,
        }
    }

    /// A DDS file: header, the DX10 extension (`[format, dimension, misc flag, array size]`)
    /// when given, then `data`.
    fn dds_file(shape: Shape, format: PixelFormat, dx10: Option<[u32; 4]>, data: &[u8]) -> Vec<u8> {
        let mut flags = CAPS | HEIGHT | WIDTH | PIXELFORMAT;
        let mut caps = CAPS_TEXTURE;
        if shape.mips > 1 {
            flags |= MIPMAPCOUNT;
            caps |= CAPS_MIPMAP | CAPS_COMPLEX;
        }
        if shape.depth.is_some() {
            flags |= DEPTH;
        }
        if shape.caps2 != 0 {
            caps |= CAPS_COMPLEX;
        }
        let mut words = vec![
            124,
            flags,
            shape.height,
            shape.width,
            0,
            shape.depth.unwrap_or(0),
            shape.mips,
        ];
        words.extend([0; 11]);
        words.push(32);
        words.extend(format.0);
        words.extend([caps, shape.caps2, 0, 0, 0]);
        if let Some([dxgi, dimension, misc, array]) = dx10 {
            words.extend([dxgi, dimension, misc, array, 0]);
        }
        let mut file = b"DDS ".to_vec();
        for word in words {
            file.extend(word.to_le_bytes());
        }
        assert_eq!(file.len(), 128 + if dx10.is_some() { 20 } else { 0 });
        file.extend(data);
        file
    }

    fn rgba(image: &DdsImage) -> Vec<[u8; 4]> {
        let top = image.width as usize * image.height as usize * 4;
        image.data[..top]
            .chunks_exact(4)
            .map(|p| p.try_into().unwrap())
            .collect()
    }

    #[test]
    fn uncompressed_mask_formats_decode_as_their_masks_say() {
        // A8R8G8B8 is stored B, G, R, A.
        let file = dds_file(
            flat(2, 1),
            A8R8G8B8,
            None,
            &[10, 20, 30, 40, 50, 60, 70, 80],
        );
        let image = decode(&file, false).unwrap();
        assert_eq!((image.width, image.height, image.levels), (2, 1, 1));
        assert_eq!(rgba(&image), [[30, 20, 10, 40], [70, 60, 50, 80]]);

        // R8G8B8, 3 pixels a row, rows packed without padding.
        let data: Vec<u8> = (1..=18).collect();
        let image = decode(&dds_file(flat(3, 2), R8G8B8, None, &data), false).unwrap();
        assert_eq!(
            rgba(&image),
            [
                [3, 2, 1, 255],
                [6, 5, 4, 255],
                [9, 8, 7, 255],
                [12, 11, 10, 255],
                [15, 14, 13, 255],
                [18, 17, 16, 255]
            ]
        );

        let image = decode(&dds_file(flat(2, 1), L8, None, &[0, 200]), false).unwrap();
        assert_eq!(rgba(&image), [[0, 0, 0, 255], [200, 200, 200, 255]]);
        let image = decode(&dds_file(flat(1, 1), A8L8, None, &[90, 30]), false).unwrap();
        assert_eq!(rgba(&image), [[90, 90, 90, 30]]);
        // R5G6B5 pure green: 63/63 → 255.
        let image = decode(&dds_file(flat(1, 1), R5G6B5, None, &[0xE0, 0x07]), false).unwrap();
        assert_eq!(rgba(&image), [[0, 255, 0, 255]]);
    }

    /// The 2-bit (colour) indices of a 4×4 block, row by row, packed LSB first.
    fn indices2(rows: [[u32; 4]; 4]) -> [u8; 4] {
        let mut bits = 0u32;
        for (i, index) in rows.iter().flatten().enumerate() {
            bits |= index << (2 * i);
        }
        bits.to_le_bytes()
    }

    /// A BC1 colour block: endpoints (RGB565) and indices.
    fn colour_block(c0: u16, c1: u16, rows: [[u32; 4]; 4]) -> Vec<u8> {
        let mut block = c0.to_le_bytes().to_vec();
        block.extend(c1.to_le_bytes());
        block.extend(indices2(rows));
        block
    }

    const INDICES: [[u32; 4]; 4] = [[0, 1, 2, 3], [3, 2, 1, 0], [0, 0, 1, 1], [2, 2, 3, 3]];

    fn expected(palette: [[u8; 4]; 4]) -> Vec<[u8; 4]> {
        INDICES
            .iter()
            .flatten()
            .map(|&i| palette[i as usize])
            .collect()
    }

    // Endpoints whose thirds and halves are whole: RGB565 (31, 63, 0) widens to
    // (255, 255, 0) by repeating its top bits, (0, 0, 31) to (0, 0, 255); (16, 32, 8) widens
    // to (132, 130, 66).
    const YELLOW: u16 = 0xFFE0;
    const BLUE: u16 = 0x001F;
    const BLACK: u16 = 0x0000;
    const MID: u16 = (16 << 11) | (32 << 5) | 8;

    /// The four-colour palette of YELLOW and BLUE: the endpoints, then ⅔·c0 + ⅓·c1 and
    /// ⅓·c0 + ⅔·c1.
    const FOUR_COLOURS: [[u8; 4]; 4] = [
        [255, 255, 0, 255],
        [0, 0, 255, 255],
        [170, 170, 85, 255],
        [85, 85, 170, 255],
    ];

    #[test]
    fn dxt1_has_four_colours_when_c0_is_greater_and_three_and_transparent_otherwise() {
        let file = dds_file(
            flat(4, 4),
            four_cc(b"DXT1"),
            None,
            &colour_block(YELLOW, BLUE, INDICES),
        );
        assert_eq!(rgba(&decode(&file, false).unwrap()), expected(FOUR_COLOURS));

        // c0 ≤ c1: the endpoints, their mean, and transparent black.
        let file = dds_file(
            flat(4, 4),
            four_cc(b"DXT1"),
            None,
            &colour_block(BLACK, MID, INDICES),
        );
        let three = [
            [0, 0, 0, 255],
            [132, 130, 66, 255],
            [66, 65, 33, 255],
            [0, 0, 0, 0],
        ];
        assert_eq!(rgba(&decode(&file, false).unwrap()), expected(three));
    }

    #[test]
    fn dxt3_has_explicit_alpha_and_always_four_colours() {
        // Alpha 4 bits a pixel, LSB first: pixel i has i, widened × 17.
        let mut block: Vec<u8> = (0..8u8).map(|i| (2 * i) | ((2 * i + 1) << 4)).collect();
        // c0 < c1 would be DXT1's three-colour mode; DXT3 still interpolates four.
        block.extend(colour_block(BLUE, YELLOW, INDICES));
        let image = decode(&dds_file(flat(4, 4), four_cc(b"DXT3"), None, &block), false).unwrap();
        let palette = [
            FOUR_COLOURS[1],
            FOUR_COLOURS[0],
            FOUR_COLOURS[3],
            FOUR_COLOURS[2],
        ];
        let want: Vec<[u8; 4]> = expected(palette)
            .into_iter()
            .enumerate()
            .map(|(i, [r, g, b, _])| [r, g, b, i as u8 * 17])
            .collect();
        assert_eq!(rgba(&image), want);
    }

    /// A BC3 alpha block: endpoints and 3-bit indices for the 16 pixels, packed LSB first.
    fn alpha_block(a0: u8, a1: u8, indices: [u64; 16]) -> Vec<u8> {
        let bits = indices
            .iter()
            .enumerate()
            .fold(0u64, |bits, (i, &index)| bits | (index << (3 * i)));
        let mut block = vec![a0, a1];
        block.extend(&bits.to_le_bytes()[..6]);
        block
    }

    #[test]
    fn dxt5_interpolates_eight_alphas_or_six_and_the_extremes() {
        let indices = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];
        for (a0, a1, palette) in [
            // a0 > a1: a0, a1 and (7−i)/7·a0 + i/7·a1 for i = 1…6 (140 steps by 20).
            (140, 0, [140, 0, 120, 100, 80, 60, 40, 20]),
            // a0 ≤ a1: a0, a1, (5−i)/5·a0 + i/5·a1 for i = 1…4, then 0 and 255.
            (0, 200, [0, 200, 40, 80, 120, 160, 0, 255]),
        ] {
            let mut block = alpha_block(a0, a1, indices);
            block.extend(colour_block(YELLOW, BLUE, INDICES));
            let file = dds_file(flat(4, 4), four_cc(b"DXT5"), None, &block);
            let want: Vec<[u8; 4]> = expected(FOUR_COLOURS)
                .into_iter()
                .zip(indices)
                .map(|([r, g, b, _], i)| [r, g, b, palette[i as usize]])
                .collect();
            assert_eq!(
                rgba(&decode(&file, false).unwrap()),
                want,
                "a0 {a0}, a1 {a1}"
            );
        }
    }

    #[test]
    fn a_side_that_is_no_multiple_of_four_crops_its_blocks() {
        // 5×2: two blocks across, one down; the second block is yellow throughout.
        let mut data = colour_block(YELLOW, BLUE, INDICES);
        data.extend(colour_block(YELLOW, BLUE, [[0; 4]; 4]));
        let image = decode(&dds_file(flat(5, 2), four_cc(b"DXT1"), None, &data), false).unwrap();
        let pixels = rgba(&image);
        assert_eq!(pixels.len(), 10);
        assert_eq!(&pixels[..4], &expected(FOUR_COLOURS)[..4]);
        assert_eq!(pixels[4], FOUR_COLOURS[0]);
        assert_eq!(&pixels[5..9], &expected(FOUR_COLOURS)[4..8]);
    }

    /// `count` levels of an A8R8G8B8 chain from `width`×`height`, level `l` a solid colour
    /// with blue `l` (stored B, G, R, A).
    fn solid_levels(width: u32, height: u32, count: u32) -> Vec<u8> {
        (0..count)
            .flat_map(|l| {
                let pixels = ((width >> l).max(1) * (height >> l).max(1)) as usize;
                [l as u8, 100, 200, 255].repeat(pixels)
            })
            .collect()
    }

    /// A `width`×`height` A8R8G8B8 file of `count` levels, level `l` solid RGBA
    /// (200, 100, l, 255).
    pub(crate) fn solid_levels_file(width: u32, height: u32, count: u32) -> Vec<u8> {
        let shape = Shape {
            mips: count,
            ..flat(width, height)
        };
        dds_file(shape, A8R8G8B8, None, &solid_levels(width, height, count))
    }

    #[test]
    fn the_files_mip_levels_are_kept_and_a_truncated_chain_keeps_the_whole_ones() {
        let shape = Shape {
            mips: 3,
            ..flat(4, 2)
        };
        let file = dds_file(shape, A8R8G8B8, None, &solid_levels(4, 2, 3));
        let image = decode(&file, true).unwrap();
        assert_eq!((image.levels, image.stored), (3, 3));
        assert_eq!(image.data.len(), (8 + 2 + 1) * 4);
        // Levels 0, 1 and 2 start at pixels 0, 8 and 10.
        let blue_of_levels = [0, 8, 10].map(|pixel| image.data[pixel * 4 + 2]);
        assert_eq!(blue_of_levels, [0, 1, 2]);
        assert_eq!(&image.data[10 * 4..], [200, 100, 2, 255]);

        // Without mips only level 0 is read.
        let single = decode(&file, false).unwrap();
        assert_eq!(
            (single.levels, single.stored, single.data.len()),
            (1, 1, 32)
        );

        // The file ends inside level 2: levels 0 and 1 are kept, level 2 is left to build.
        let cut = decode(&file[..file.len() - 2], true).unwrap();
        assert_eq!((cut.levels, cut.stored), (3, 2));
        assert_eq!(&cut.data[..40], &image.data[..40]);
        // A file that ends inside level 0 is refused.
        assert!(matches!(
            decode(&file[..128 + 31], true),
            Err(DdsError::Truncated)
        ));
    }

    #[test]
    fn a_cube_map_gives_its_first_face_and_a_volume_its_first_slice() {
        // Six 2×2 faces, each with 2 levels; face f has red 10·f.
        let cube = Shape {
            mips: 2,
            caps2: CAPS2_CUBEMAP_ALL_FACES,
            ..flat(2, 2)
        };
        let faces: Vec<u8> = (0..6u8)
            .flat_map(|f| [0, 0, 10 * f, 255].repeat(4 + 1))
            .collect();
        let image = decode(&dds_file(cube, A8R8G8B8, None, &faces), true).unwrap();
        assert_eq!((image.width, image.height, image.stored), (2, 2, 2));
        assert!(image.data.chunks_exact(4).all(|p| p == [0, 0, 0, 255]));

        // A 2×2×3 volume; slice s has green 50·s.
        let volume = Shape {
            depth: Some(3),
            caps2: CAPS2_VOLUME,
            ..flat(2, 2)
        };
        let slices: Vec<u8> = (1..=3u8)
            .flat_map(|s| [0, 50 * s, 0, 255].repeat(4))
            .collect();
        let image = decode(&dds_file(volume, A8R8G8B8, None, &slices), true).unwrap();
        assert_eq!((image.levels, image.stored), (2, 1));
        assert_eq!(rgba(&image), [[0, 50, 0, 255]; 4]);
    }

    #[test]
    fn dx10_headers_give_their_dxgi_format_and_an_arrays_first_element() {
        const DXGI_R8G8B8A8_UNORM: u32 = 28;
        const DXGI_BC1_UNORM: u32 = 71;
        const TEXTURE2D: u32 = 3;
        let dx10 = four_cc(b"DX10");
        // A two-element array of 1×1 RGBA: the first is read.
        let file = dds_file(
            flat(1, 1),
            dx10,
            Some([DXGI_R8G8B8A8_UNORM, TEXTURE2D, 0, 2]),
            &[1, 2, 3, 4, 5, 6, 7, 8],
        );
        assert_eq!(rgba(&decode(&file, true).unwrap()), [[1, 2, 3, 4]]);
        let file = dds_file(
            flat(4, 4),
            dx10,
            Some([DXGI_BC1_UNORM, TEXTURE2D, 0, 1]),
            &colour_block(YELLOW, BLUE, INDICES),
        );
        assert_eq!(rgba(&decode(&file, false).unwrap()), expected(FOUR_COLOURS));
    }

    #[test]
    fn a_dx10_code_without_the_fourcc_flag_is_read_by_its_masks() {
        // As ray-mmd's bricks textures are written: "DX10" in the FourCC field but only the
        // RGB and alpha flags set, and no extension header.
        let mut format = A8R8G8B8;
        format.0[1] = u32::from_le_bytes(*b"DX10");
        let file = dds_file(flat(1, 1), format, None, &[1, 2, 3, 4]);
        assert_eq!(rgba(&decode(&file, false).unwrap()), [[3, 2, 1, 4]]);
    }

    /// (path under the fixtures, width, height, format as the header gives it).
    const FIXTURES: [(&str, u32, u32, &str); 13] = [
        (
            "mme/FilmGrain/Textures/noise.dds",
            256,
            256,
            "A8R8G8B8 volume, 6 slices",
        ),
        ("mme/ray-mmd/Shader/textures/smaa_search.dds", 64, 16, "L8"),
        (
            "mme/ray-mmd/Shader/textures/smaa_area.dds",
            160,
            560,
            "A8L8",
        ),
        (
            "mme/ray-mmd/Shader/textures/ltc_1.dds",
            64,
            64,
            "A16B16G16R16F",
        ),
        (
            "mme/ray-mmd/Shader/textures/ltc_2.dds",
            64,
            64,
            "A16B16G16R16F",
        ),
        (
            "mme/ray-mmd/Materials/Metallic/Ingot Bricks/bricks_ao.dds",
            512,
            512,
            "A8R8G8B8",
        ),
        (
            "mme/ray-mmd/Materials/Metallic/Ingot Bricks/bricks_n.dds",
            512,
            512,
            "A8R8G8B8, 10 levels",
        ),
        (
            "mme/ray-mmd/Lighting/SphereLight/Default IBL/texture/skydiff_hdr.dds",
            512,
            256,
            "A8R8G8B8",
        ),
        (
            "mme/ray-mmd/Lighting/SphereLight/Default IBL/texture/skyspec_hdr.dds",
            1024,
            512,
            "A8R8G8B8, 7 levels",
        ),
        (
            "mme/ray-mmd/Skybox/Helipad GoldenHour/texture/skydiff_hdr.dds",
            512,
            256,
            "A8R8G8B8",
        ),
        (
            "mme/ray-mmd/Skybox/Helipad GoldenHour/texture/skyspec_hdr.dds",
            1024,
            512,
            "A8R8G8B8, 7 levels",
        ),
        (
            "mme/ray-mmd/Skybox/Time of night/Shader/Textures/skydiff_hdr.dds",
            512,
            256,
            "A8R8G8B8",
        ),
        (
            "mme/ray-mmd/Skybox/Time of night/Shader/Textures/skyspec_hdr.dds",
            1024,
            512,
            "A8R8G8B8, 7 levels",
        ),
    ];

    fn fixture(rel: &str) -> Option<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/fixtures")
            .join(rel);
        match std::fs::read(&path) {
            Ok(bytes) => Some(bytes),
            Err(e) => {
                if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
                    panic!("MMD_REQUIRE_FIXTURES=1 but {}: {e}", path.display());
                }
                eprintln!("skipping: fixture {}: {e}", path.display());
                None
            }
        }
    }

    #[test]
    fn the_mme_fixtures_dds_files_all_decode() {
        for (rel, width, height, format) in FIXTURES {
            let Some(bytes) = fixture(rel) else {
                continue;
            };
            let image = decode(&bytes, true).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_eq!((image.width, image.height), (width, height), "{rel}");
            let stored = if format.contains("10 levels") {
                10
            } else if format.contains("7 levels") {
                7
            } else {
                1
            };
            assert_eq!(image.stored, stored, "{rel}");
            // Real content, not a blank: more than one colour.
            let pixels = rgba(&image);
            assert!(pixels.iter().any(|p| *p != pixels[0]), "{rel} is uniform");
            eprintln!("{rel}: {width}×{height} {format}");
        }
        // The grey of an L8 texture and A8L8's alpha, as Direct3D 9 samples them.
        if let Some(bytes) = fixture("mme/ray-mmd/Shader/textures/smaa_area.dds") {
            let image = decode(&bytes, false).unwrap();
            for (pixel, encoded) in rgba(&image).iter().zip(bytes[128..].chunks_exact(2)) {
                assert_eq!(*pixel, [encoded[0], encoded[0], encoded[0], encoded[1]]);
            }
        }
    }

    /// Files to mutate: one of each kind the tests above build.
    fn seeds() -> Vec<Vec<u8>> {
        let mut seeds = vec![
            dds_file(
                flat(4, 4),
                four_cc(b"DXT1"),
                None,
                &colour_block(YELLOW, BLUE, INDICES),
            ),
            dds_file(
                Shape {
                    mips: 3,
                    ..flat(4, 2)
                },
                A8R8G8B8,
                None,
                &solid_levels(4, 2, 3),
            ),
            dds_file(flat(3, 2), R8G8B8, None, &[7; 18]),
            dds_file(flat(1, 1), A8L8, None, &[1, 2]),
            dds_file(
                flat(4, 4),
                four_cc(b"DX10"),
                Some([71, 3, 0, 1]),
                &colour_block(YELLOW, BLUE, INDICES),
            ),
            dds_file(
                Shape {
                    mips: 2,
                    caps2: CAPS2_CUBEMAP_ALL_FACES,
                    ..flat(2, 2)
                },
                A8R8G8B8,
                None,
                &[9; 6 * 5 * 4],
            ),
        ];
        let mut block = alpha_block(0, 200, [3; 16]);
        block.extend(colour_block(YELLOW, BLUE, INDICES));
        seeds.push(dds_file(flat(4, 4), four_cc(b"DXT5"), None, &block));
        seeds.extend(fixture("mme/ray-mmd/Shader/textures/smaa_search.dds"));
        seeds.extend(fixture("mme/ray-mmd/Shader/textures/ltc_1.dds"));
        seeds
    }

    /// The most RGBA8 bytes a file of `len` bytes may decode to (see [`decode`]).
    fn bound(len: usize) -> usize {
        48 * len
    }

    #[test]
    fn mutated_files_never_panic_and_stay_within_the_memory_bound() {
        let mut state = 0x2545_F491u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let (mut decoded, mut refused) = (0, 0);
        for seed in seeds() {
            for _ in 0..600 {
                let mut bytes = seed.clone();
                match next() % 4 {
                    // A byte of the header (where sizes, counts and formats are).
                    0 => {
                        let at = 4 + next() as usize % 144.min(bytes.len() - 4);
                        bytes[at] = next() as u8;
                    }
                    // A header word set to an extreme.
                    1 => {
                        let at = 4 + 4 * (next() as usize % 36.min((bytes.len() - 4) / 4));
                        let value = [0, 1, 0xFFFF_FFFF, 0x8000_0000, 16384, 16385, 255]
                            [next() as usize % 7];
                        bytes[at..at + 4].copy_from_slice(&u32::to_le_bytes(value));
                    }
                    // Anywhere.
                    2 => {
                        for _ in 0..1 + next() % 8 {
                            let at = next() as usize % bytes.len();
                            bytes[at] ^= 1 << (next() % 8);
                        }
                    }
                    // Cut short.
                    _ => bytes.truncate(next() as usize % bytes.len()),
                }
                for mips in [false, true] {
                    match decode(&bytes, mips) {
                        Ok(image) => {
                            decoded += 1;
                            assert!(image.data.len() <= bound(bytes.len()));
                            assert_eq!(
                                image.data.len(),
                                chain_size(image.width, image.height, image.levels)
                            );
                        }
                        Err(_) => refused += 1,
                    }
                }
            }
        }
        assert!(
            decoded > 1000 && refused > 1000,
            "{decoded} decoded, {refused} refused"
        );
    }

    #[test]
    fn a_header_larger_than_its_file_is_refused_before_allocating() {
        for (width, height) in [(16384, 16384), (1 << 20, 1), (0xFFFF_FFFF, 0xFFFF_FFFF)] {
            let file = dds_file(flat(width, height), A8R8G8B8, None, &[0; 64]);
            assert!(decode(&file, true).is_err(), "{width}×{height}");
        }
        let file = dds_file(flat(16385, 1), L8, None, &[0; 16385]);
        assert!(matches!(
            decode(&file, true),
            Err(DdsError::TooLarge { .. })
        ));
    }
}
