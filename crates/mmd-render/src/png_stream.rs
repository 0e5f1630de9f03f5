//! Big PNG textures handed to the GPU while they decode. A PNG inflates and unfilters row
//! by row on one core (Uka's 4096² sheet: 70 ms); decoding it whole before copying it out
//! leaves the copy into wgpu's staging memory, the mip chain and, on a software adapter,
//! the copy into the texture for after. Here bands of rows go to a second thread as they
//! decode, which writes them to the texture and halves them into mip level 1; only the
//! levels below, a quarter of the work, wait for the last row. Level 0 never exists whole in
//! memory, so its 64 MB are never faulted in either.

use std::io::Cursor;
use std::sync::mpsc;

use crate::texture::{
    chain_size, fill_mips_below, halve_even_rows, level_side, mip_level_count, rgb_to_rgba,
};

/// Smallest level 0 (bytes) streamed: below it (Gene's 1024² textures) the decodes of a
/// model's several textures already overlap each other's copies, and a thread per texture
/// would only compete with them.
const STREAM_MIN_BYTES: usize = 16 << 20;

/// Largest level 0 streamed; larger images go through `image`, whose allocation limits
/// refuse a hostile header's size.
const STREAM_MAX_BYTES: usize = 256 << 20;

/// Bytes of level-0 rows per band handed over (rounded to an even number of rows).
const BAND_BYTES: usize = 4 << 20;

/// Bands in flight: one decoding, one being written, one waiting between them.
const BANDS: usize = 3;

/// Rows of one mip level, tightly packed RGBA8, starting at row `first_row`.
pub(crate) struct LevelRows<'a> {
    pub level: u32,
    pub first_row: u32,
    pub width: u32,
    pub rows: u32,
    pub pixels: &'a [u8],
}

/// A PNG opened for streaming: 8-bit RGB or RGBA once expanded as `image` expands it, not
/// interlaced, not animated, no side over the device's limit, and for a mip chain, even
/// sides (so level 1's rows halve from whole band pairs).
pub(crate) struct PngStream<'a> {
    reader: png::Reader<Cursor<&'a [u8]>>,
    width: u32,
    height: u32,
    channels: usize,
    levels: u32,
}

impl<'a> PngStream<'a> {
    /// `None` when the image is not one this path takes; the general decoder then handles
    /// it, its errors included.
    pub(crate) fn open(
        bytes: &'a [u8],
        max_side: u32,
        mips: bool,
        min_bytes: usize,
    ) -> Option<PngStream<'a>> {
        if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            return None;
        }
        let mut decoder = png::Decoder::new(Cursor::new(bytes));
        // What `image` asks for: palette and low bit depths to 8 bits, tRNS to alpha.
        decoder.set_transformations(png::Transformations::EXPAND);
        let reader = decoder.read_info().ok()?;
        let info = reader.info();
        let (width, height) = (info.width, info.height);
        let channels = match reader.output_color_type() {
            (png::ColorType::Rgba, png::BitDepth::Eight) => 4,
            (png::ColorType::Rgb, png::BitDepth::Eight) => 3,
            _ => return None,
        };
        let bytes = width as usize * height as usize * 4;
        let streamable = !info.interlaced
            && info.animation_control.is_none()
            && width <= max_side
            && height <= max_side
            && (min_bytes..=STREAM_MAX_BYTES).contains(&bytes)
            && (!mips || (width % 2 == 0 && height % 2 == 0));
        streamable.then_some(PngStream {
            reader,
            width,
            height,
            channels,
            levels: if mips {
                mip_level_count(width, height)
            } else {
                1
            },
        })
    }

    /// [`PngStream::open`] for the textures worth streaming.
    pub(crate) fn open_big(bytes: &'a [u8], max_side: u32, mips: bool) -> Option<PngStream<'a>> {
        PngStream::open(bytes, max_side, mips, STREAM_MIN_BYTES)
    }

    pub(crate) fn size(&self) -> (u32, u32, u32) {
        (self.width, self.height, self.levels)
    }

    /// Decodes the image in bands of `band_rows` rows (even), handing each band of level 0
    /// to `write` on a second thread while the next one decodes, with the level-1 rows
    /// halved from it; then, on this thread, each level below from the one above (as
    /// `fill_mips_below` builds the whole chain). Every row of every level is written once.
    pub(crate) fn decode_into<W>(mut self, band_rows: usize, write: W) -> Result<(), String>
    where
        W: FnMut(LevelRows<'_>) + Send,
    {
        let (width, height, levels) = (self.width, self.height, self.levels);
        let row_bytes = width as usize * 4;
        let band_rows = band_rows.max(2) & !1;
        let (w1, h1) = (level_side(width, 1), level_side(height, 1));
        let mut below = vec![0u8; chain_size(width, height, levels) - row_bytes * height as usize];
        let level1_len = if levels > 1 { w1 * h1 * 4 } else { 0 };
        let (level1, lower) = below.split_at_mut(level1_len);

        let (full_tx, full_rx) = mpsc::sync_channel::<(u32, Vec<u8>)>(BANDS);
        let (free_tx, free_rx) = mpsc::channel::<Vec<u8>>();
        for _ in 0..BANDS {
            // Cannot fail: the receiver is alive in this scope.
            let _ = free_tx.send(Vec::with_capacity(band_rows * row_bytes));
        }
        let level1_rows = &mut *level1;
        let (decoded, mut write) = std::thread::scope(|scope| {
            let writer = scope.spawn(move || {
                let mut write = write;
                for (first_row, band) in full_rx {
                    let rows = (band.len() / row_bytes) as u32;
                    write(LevelRows {
                        level: 0,
                        first_row,
                        width,
                        rows,
                        pixels: &band,
                    });
                    if levels > 1 {
                        let start = first_row as usize / 2 * w1 * 4;
                        let out = &mut level1_rows[start..start + band.len() / 4];
                        halve_even_rows(&band, width as usize, out, w1);
                        write(LevelRows {
                            level: 1,
                            first_row: first_row / 2,
                            width: w1 as u32,
                            rows: rows / 2,
                            pixels: out,
                        });
                    }
                    if free_tx.send(band).is_err() {
                        break;
                    }
                }
                write
            });
            let decoded = self.decode_bands(band_rows, &free_rx, full_tx);
            match writer.join() {
                Ok(write) => (decoded, write),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        decoded?;
        if levels > 1 {
            fill_mips_below(level1, lower, w1 as u32, h1 as u32, levels - 1);
            let mut rest = &lower[..];
            for level in 2..levels {
                let (w, h) = (level_side(width, level), level_side(height, level));
                let (pixels, after) = rest.split_at(w * h * 4);
                write(LevelRows {
                    level,
                    first_row: 0,
                    width: w as u32,
                    rows: h as u32,
                    pixels,
                });
                rest = after;
            }
        }
        Ok(())
    }

    /// Fills the bands `free` hands back with decoded rows and sends them on `full`.
    fn decode_bands(
        &mut self,
        band_rows: usize,
        free: &mpsc::Receiver<Vec<u8>>,
        full: mpsc::SyncSender<(u32, Vec<u8>)>,
    ) -> Result<(), String> {
        let row_bytes = self.width as usize * 4;
        // One decoded row as the file holds it (RGB rows are expanded from here).
        let mut line = vec![0u8; self.width as usize * self.channels];
        let mut first_row = 0;
        while first_row < self.height {
            let rows = (self.height - first_row).min(band_rows as u32);
            // The writer only stops early when it panicked, which the join reports.
            let Ok(mut band) = free.recv() else {
                return Ok(());
            };
            band.resize(rows as usize * row_bytes, 0);
            for row in band.chunks_exact_mut(row_bytes) {
                if self.channels == 4 {
                    self.read_row(row)?;
                } else {
                    self.read_row(&mut line)?;
                    rgb_to_rgba(&line, row);
                }
            }
            if full.send((first_row, band)).is_err() {
                return Ok(());
            }
            first_row += rows;
        }
        // As `image` does after the last row: the rest of the compressed data must be there
        // (a file cut after its pixels is refused either way).
        match self.reader.read_row(&mut line) {
            Ok(None) => Ok(()),
            Ok(Some(_)) => Err("cannot decode: more rows than the header says".to_string()),
            Err(e) => Err(format!("cannot decode: {e}")),
        }
    }

    fn read_row(&mut self, row: &mut [u8]) -> Result<(), String> {
        match self.reader.read_row(row) {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err("cannot decode: the image ends early".to_string()),
            Err(e) => Err(format!("cannot decode: {e}")),
        }
    }
}

/// Rows of level-0 pixels per band for a `width`-pixel image.
pub(crate) fn band_rows(width: u32) -> usize {
    BAND_BYTES / (width as usize * 4).max(1)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::texture::decode;

    /// Pseudo-random bytes (a fixed LCG), so that every rounding of the halving is met.
    fn noise(len: usize) -> Vec<u8> {
        let mut state = 12345u32;
        (0..len)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (state >> 24) as u8
            })
            .collect()
    }

    fn encode(
        width: u32,
        height: u32,
        color: png::ColorType,
        setup: impl Fn(&mut png::Encoder<'_, &mut Vec<u8>>),
    ) -> Vec<u8> {
        let samples = match color {
            png::ColorType::Rgba => 4,
            png::ColorType::Rgb => 3,
            _ => 1,
        };
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        setup(&mut encoder);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&noise((width * height) as usize * samples))
            .unwrap();
        writer.finish().unwrap();
        out
    }

    /// The chain as the whole-image path builds it: `image`'s decode, then the box filter.
    fn whole_chain(bytes: &[u8], mips: bool) -> (u32, u32, u32, Vec<u8>) {
        let image = decode(bytes, "t.png").unwrap();
        let (width, height) = image.dimensions();
        let levels = if mips {
            mip_level_count(width, height)
        } else {
            1
        };
        let mut data = image.into_raw();
        let top = data.len();
        data.resize(chain_size(width, height, levels), 0);
        let (top, below) = data.split_at_mut(top);
        fill_mips_below(top, below, width, height, levels);
        (width, height, levels, data)
    }

    /// The chain the stream writes, each row of each level checked to be written once.
    fn streamed_chain(bytes: &[u8], mips: bool, band_rows: usize) -> Result<Vec<u8>, String> {
        let stream = PngStream::open(bytes, 16384, mips, 0).unwrap();
        let (width, height, levels) = stream.size();
        let mut data = vec![0u8; chain_size(width, height, levels)];
        let mut written: Vec<Vec<bool>> = (0..levels)
            .map(|l| vec![false; level_side(height, l)])
            .collect();
        let starts: Vec<usize> = (0..levels).map(|l| chain_size(width, height, l)).collect();
        stream.decode_into(band_rows, |rows| {
            let l = rows.level as usize;
            assert_eq!(rows.width as usize, level_side(width, rows.level));
            let start = starts[l] + rows.first_row as usize * rows.width as usize * 4;
            data[start..start + rows.pixels.len()].copy_from_slice(rows.pixels);
            assert_eq!(rows.pixels.len(), (rows.rows * rows.width * 4) as usize);
            for seen in &mut written[l][rows.first_row as usize..][..rows.rows as usize] {
                assert!(!*seen, "a row of level {l} written twice");
                *seen = true;
            }
        })?;
        assert!(written.iter().flatten().all(|&w| w), "every row written");
        Ok(data)
    }

    #[test]
    fn streaming_gives_the_chain_decoding_whole_gives() {
        let palette = |e: &mut png::Encoder<'_, &mut Vec<u8>>| {
            e.set_palette(
                (0..=255u8)
                    .flat_map(|i| [i, 255 - i, i / 2])
                    .collect::<Vec<_>>(),
            );
            e.set_trns((0..=255u8).collect::<Vec<_>>());
        };
        let cases: [(Vec<u8>, bool, usize); 5] = [
            // 34 rows in bands of 6: five full bands and a last one of 4.
            (encode(64, 34, png::ColorType::Rgba, |_| {}), true, 6),
            // RGB expanded to opaque RGBA; one band holds everything.
            (encode(40, 20, png::ColorType::Rgb, |_| {}), true, 64),
            // Without a chain the height may be odd, and bands odd rows are rounded to even.
            (encode(30, 33, png::ColorType::Rgba, |_| {}), false, 5),
            // A palette with transparency expands to RGBA as `image` expands it.
            (encode(16, 8, png::ColorType::Indexed, palette), true, 2),
            // A wide, flat image: level 1 is one row.
            (encode(256, 2, png::ColorType::Rgba, |_| {}), true, 2),
        ];
        for (bytes, mips, band_rows) in cases {
            let (width, height, levels, whole) = whole_chain(&bytes, mips);
            let stream = PngStream::open(&bytes, 16384, mips, 0).unwrap();
            assert_eq!(stream.size(), (width, height, levels));
            let streamed = streamed_chain(&bytes, mips, band_rows).unwrap();
            assert!(streamed == whole, "{width}×{height}, mips {mips}");
        }
    }

    /// `bytes` with the header's interlace method set to Adam7 (its checksum redone): the
    /// encoder writes no interlaced images, and only the header is read before refusing.
    fn interlaced(bytes: &[u8]) -> Vec<u8> {
        fn crc32(data: &[u8]) -> u32 {
            let mut crc = u32::MAX;
            for &byte in data {
                crc ^= u32::from(byte);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        (crc >> 1) ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            !crc
        }
        // Signature (8), length (4), "IHDR" and 13 bytes of fields, the last the interlace.
        let mut out = bytes.to_vec();
        out[28] = 1;
        let crc = crc32(&out[12..29]);
        out[29..33].copy_from_slice(&crc.to_be_bytes());
        out
    }

    #[test]
    fn images_the_stream_does_not_take_go_the_general_way() {
        let rgba = encode(64, 34, png::ColorType::Rgba, |_| {});
        assert!(PngStream::open(&rgba, 16384, true, 0).is_some());
        // Too small to be worth a thread, or over the device's limit.
        assert!(PngStream::open(&rgba, 16384, true, 64 * 34 * 4 + 1).is_none());
        assert!(PngStream::open(&rgba, 32, true, 0).is_none());
        // Odd sides cannot halve band by band; without a chain they need not.
        let odd = encode(64, 33, png::ColorType::Rgba, |_| {});
        assert!(PngStream::open(&odd, 16384, true, 0).is_none());
        assert!(PngStream::open(&odd, 16384, false, 0).is_some());
        assert!(PngStream::open(&interlaced(&rgba), 16384, true, 0).is_none());
        let gray = encode(64, 34, png::ColorType::Grayscale, |_| {});
        assert!(PngStream::open(&gray, 16384, true, 0).is_none());
        assert!(PngStream::open(b"BM not a png", 16384, true, 0).is_none());
    }

    #[test]
    fn a_truncated_image_is_an_error_not_a_panic() {
        let bytes = encode(64, 34, png::ColorType::Rgba, |_| {});
        for cut in [bytes.len() / 2, bytes.len() - 20, 100] {
            let Some(stream) = PngStream::open(&bytes[..cut], 16384, true, 0) else {
                continue;
            };
            assert!(
                decode(&bytes[..cut], "t.png").is_err(),
                "the whole-image path agrees"
            );
            let error = stream.decode_into(6, |_| {}).unwrap_err();
            assert!(error.starts_with("cannot decode"), "{error}");
        }
    }
}
