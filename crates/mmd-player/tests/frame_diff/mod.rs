//! How far apart two images are, for frames that went through a video codec.

/// Mean absolute difference per colour channel (0–255) and the largest one.
pub fn difference(a: &image::RgbaImage, b: &image::RgbaImage) -> (f64, u8) {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut sum = 0u64;
    let mut max = 0u8;
    for (p, q) in a.pixels().zip(b.pixels()) {
        for c in 0..3 {
            let d = p.0[c].abs_diff(q.0[c]);
            sum += u64::from(d);
            max = max.max(d);
        }
    }
    (sum as f64 / (a.width() * a.height() * 3) as f64, max)
}
