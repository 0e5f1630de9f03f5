//! DDS pixels in the legacy DirectDraw pixel format, described by bit masks (A8R8G8B8,
//! X8R8G8B8, R8G8B8, A1R5G5B5, R5G6B5, A4R4G4B4, A2B10G10R10, G16R16, L8, A8L8, A8 …), read
//! as Direct3D 9 samples them: each channel is its masked bits as an unsigned fraction of
//! the mask's full value; a luminance format spreads L to red, green and blue; an
//! alpha-only format has black colour; a colour channel the format lacks reads as 1 and a
//! missing alpha as opaque.

use dds::header::{MaskPixelFormat, PixelFormatFlags};

/// One channel: where its bits sit in a pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Channel {
    mask: u32,
    shift: u32,
    /// The channel's largest value, `mask >> shift`, never 0.
    max: u64,
}

impl Channel {
    /// The channel of `mask`, or `None` for an empty mask (a channel the format lacks).
    fn new(mask: u32) -> Option<Channel> {
        (mask != 0).then(|| {
            let shift = mask.trailing_zeros();
            Channel {
                mask,
                shift,
                max: u64::from(mask >> shift),
            }
        })
    }

    /// The channel's value in `pixel` rounded to 8 bits: `round(255 · value / max)`.
    fn unorm8(&self, pixel: u32) -> u8 {
        let value = u64::from((pixel & self.mask) >> self.shift);
        ((value * 255 + self.max / 2) / self.max) as u8
    }
}

/// How a pixel's bits become red, green, blue and alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Channels {
    Rgb {
        colour: [Option<Channel>; 3],
        alpha: Option<Channel>,
    },
    Luminance {
        luminance: Channel,
        alpha: Option<Channel>,
    },
    Alpha(Channel),
}

/// A mask pixel format that can be read: its size and channels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MaskedPixels {
    bytes_per_pixel: usize,
    channels: Channels,
}

impl MaskedPixels {
    /// The reading of `format`, or `None` for a mask format that is not plain unsigned
    /// colour, luminance or alpha (bump-map, YUV and palette formats, or no mask at all).
    pub(crate) fn from_format(format: &MaskPixelFormat) -> Option<MaskedPixels> {
        let flags = format.flags;
        let alpha = if flags.contains(PixelFormatFlags::ALPHAPIXELS) {
            Channel::new(format.a_bit_mask)
        } else {
            None
        };
        let channels = if flags.contains(PixelFormatFlags::RGB) {
            let colour =
                [format.r_bit_mask, format.g_bit_mask, format.b_bit_mask].map(Channel::new);
            match (colour, alpha) {
                ([None, None, None], Some(alpha)) => Channels::Alpha(alpha),
                ([None, None, None], None) => return None,
                _ => Channels::Rgb { colour, alpha },
            }
        } else if flags.contains(PixelFormatFlags::LUMINANCE) {
            Channels::Luminance {
                luminance: Channel::new(format.r_bit_mask)?,
                alpha,
            }
        } else if flags.contains(PixelFormatFlags::ALPHA) {
            Channels::Alpha(Channel::new(format.a_bit_mask)?)
        } else {
            return None;
        };
        Some(MaskedPixels {
            bytes_per_pixel: u32::from(format.rgb_bit_count) as usize / 8,
            channels,
        })
    }

    /// Bytes of one pixel (1 to 4).
    pub(crate) fn bytes_per_pixel(&self) -> u8 {
        self.bytes_per_pixel as u8
    }

    /// Converts the pixels of `encoded` (little-endian, packed) into RGBA8 pixels of `rgba`,
    /// as many as both hold.
    pub(crate) fn read_into(&self, encoded: &[u8], rgba: &mut [u8]) {
        for (out, bytes) in rgba
            .chunks_exact_mut(4)
            .zip(encoded.chunks_exact(self.bytes_per_pixel))
        {
            let pixel = bytes
                .iter()
                .rev()
                .fold(0u32, |value, &byte| (value << 8) | u32::from(byte));
            out.copy_from_slice(&self.rgba(pixel));
        }
    }

    fn rgba(&self, pixel: u32) -> [u8; 4] {
        let read = |channel: Option<Channel>| channel.map_or(u8::MAX, |c| c.unorm8(pixel));
        match self.channels {
            Channels::Rgb { colour, alpha } => {
                let [r, g, b] = colour.map(read);
                [r, g, b, read(alpha)]
            }
            Channels::Luminance { luminance, alpha } => {
                let l = luminance.unorm8(pixel);
                [l, l, l, read(alpha)]
            }
            Channels::Alpha(alpha) => [0, 0, 0, alpha.unorm8(pixel)],
        }
    }
}

#[cfg(test)]
mod tests {
    // Binary literals are grouped by channel (R5 G6 B5, A1 R5 G5 B5).
    #![allow(clippy::unwrap_used, clippy::unusual_byte_groupings)]
    use super::*;
    use dds::header::RgbBitCount;

    fn format(flags: u32, bits: RgbBitCount, masks: [u32; 4]) -> MaskPixelFormat {
        let [r, g, b, a] = masks;
        MaskPixelFormat {
            flags: PixelFormatFlags::from_bits_retain(flags),
            rgb_bit_count: bits,
            r_bit_mask: r,
            g_bit_mask: g,
            b_bit_mask: b,
            a_bit_mask: a,
        }
    }

    fn read(format: &MaskPixelFormat, pixel: &[u8]) -> [u8; 4] {
        let pixels = MaskedPixels::from_format(format).unwrap();
        let mut out = [0u8; 4];
        pixels.read_into(pixel, &mut out);
        out
    }

    const RGB: u32 = 0x40;
    const RGBA: u32 = 0x41;
    const LUMINANCE: u32 = 0x2_0000;
    const LUMINANCE_ALPHA: u32 = 0x2_0001;
    const ALPHA: u32 = 0x2;

    #[test]
    fn five_and_six_bit_channels_round_to_the_nearest_eighth_bit_value() {
        // R5G6B5 0b10000_100000_00001: 16/31, 32/63, 1/31 of 255 → 131.6, 129.5, 8.2.
        let r5g6b5 = format(RGB, RgbBitCount::Count16, [0xF800, 0x07E0, 0x001F, 0]);
        assert_eq!(
            read(&r5g6b5, &0b10000_100000_00001u16.to_le_bytes()),
            [132, 130, 8, 255]
        );
        // A1R5G5B5 with alpha 0, then 1; X1R5G5B5 ignores the top bit.
        let masks = [0x7C00, 0x03E0, 0x001F, 0x8000];
        let a1r5g5b5 = format(RGBA, RgbBitCount::Count16, masks);
        assert_eq!(
            read(&a1r5g5b5, &0b0_11111_00000_01111u16.to_le_bytes()),
            [255, 0, 123, 0]
        );
        assert_eq!(
            read(&a1r5g5b5, &0b1_00000_11111_00000u16.to_le_bytes()),
            [0, 255, 0, 255]
        );
        let x1r5g5b5 = format(RGB, RgbBitCount::Count16, masks);
        assert_eq!(
            read(&x1r5g5b5, &0b0_11111_00000_01111u16.to_le_bytes()),
            [255, 0, 123, 255]
        );
        // A4R4G4B4: each nibble × 17.
        let a4r4g4b4 = format(RGBA, RgbBitCount::Count16, [0x0F00, 0x00F0, 0x000F, 0xF000]);
        assert_eq!(
            read(&a4r4g4b4, &0x8F31u16.to_le_bytes()),
            [255, 51, 17, 136]
        );
    }

    #[test]
    fn eight_bit_formats_keep_their_bytes_in_any_order() {
        let argb = [0xFF_0000, 0xFF00, 0xFF, 0xFF00_0000];
        // A8R8G8B8 is stored B, G, R, A.
        let a8r8g8b8 = format(RGBA, RgbBitCount::Count32, argb);
        assert_eq!(read(&a8r8g8b8, &[10, 20, 30, 40]), [30, 20, 10, 40]);
        // X8R8G8B8: the fourth byte is padding.
        let x8r8g8b8 = format(RGB, RgbBitCount::Count32, argb);
        assert_eq!(read(&x8r8g8b8, &[10, 20, 30, 40]), [30, 20, 10, 255]);
        // A8B8G8R8 is stored R, G, B, A.
        let abgr = [0xFF, 0xFF00, 0xFF_0000, 0xFF00_0000];
        let a8b8g8r8 = format(RGBA, RgbBitCount::Count32, abgr);
        assert_eq!(read(&a8b8g8r8, &[10, 20, 30, 40]), [10, 20, 30, 40]);
        // R8G8B8: three bytes a pixel, stored B, G, R.
        let r8g8b8 = format(RGB, RgbBitCount::Count24, argb);
        let mut out = [0u8; 8];
        MaskedPixels::from_format(&r8g8b8)
            .unwrap()
            .read_into(&[1, 2, 3, 4, 5, 6], &mut out);
        assert_eq!(out, [3, 2, 1, 255, 6, 5, 4, 255]);
    }

    #[test]
    fn luminance_spreads_to_colour_alpha_only_is_black_and_missing_colour_is_one() {
        let l8 = format(LUMINANCE, RgbBitCount::Count8, [0xFF, 0, 0, 0]);
        assert_eq!(read(&l8, &[77]), [77, 77, 77, 255]);
        let a8l8 = format(LUMINANCE_ALPHA, RgbBitCount::Count16, [0xFF, 0, 0, 0xFF00]);
        assert_eq!(read(&a8l8, &[77, 9]), [77, 77, 77, 9]);
        let a8 = format(ALPHA, RgbBitCount::Count8, [0, 0, 0, 0xFF]);
        assert_eq!(read(&a8, &[200]), [0, 0, 0, 200]);
        // G16R16: 16-bit channels scaled to 8 bits, blue absent reads as 1.
        let g16r16 = format(RGB, RgbBitCount::Count32, [0xFFFF, 0xFFFF_0000, 0, 0]);
        assert_eq!(
            read(&g16r16, &[0x00, 0x80, 0xFF, 0xFF]),
            [128, 255, 255, 255]
        );
        // A2B10G10R10: red 1023 → 255, green 512 → 127.6, blue 0, alpha 2/3 → 170.
        let a2b10g10r10 = format(
            RGBA,
            RgbBitCount::Count32,
            [0x3FF, 0xFFC00, 0x3FF0_0000, 0xC000_0000],
        );
        let pixel = 1023 | (512 << 10) | (2 << 30);
        assert_eq!(
            read(&a2b10g10r10, &u32::to_le_bytes(pixel)),
            [255, 128, 0, 170]
        );
    }

    #[test]
    fn formats_without_plain_channels_are_left_to_the_crate() {
        let bump = format(0x8_0000, RgbBitCount::Count16, [0xFF, 0xFF00, 0, 0]);
        assert!(MaskedPixels::from_format(&bump).is_none());
        let empty = format(RGB, RgbBitCount::Count32, [0, 0, 0, 0]);
        assert!(MaskedPixels::from_format(&empty).is_none());
        let no_luminance = format(LUMINANCE, RgbBitCount::Count8, [0, 0, 0, 0]);
        assert!(MaskedPixels::from_format(&no_luminance).is_none());
    }
}
