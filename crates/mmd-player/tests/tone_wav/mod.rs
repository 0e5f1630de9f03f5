//! A WAV the music tests write themselves.

/// A 16-bit stereo PCM WAV of `seconds` of a 440 Hz tone at 44.1 kHz.
pub fn tone_wav(seconds: f32) -> Vec<u8> {
    let rate = 44_100u32;
    let frames = (seconds * rate as f32) as u32;
    let data_len = frames * 4;
    let mut out = Vec::new();
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    for field in [16u32.to_le_bytes().to_vec(), 1u16.to_le_bytes().to_vec()] {
        out.extend_from_slice(&field);
    }
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 4).to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for i in 0..frames {
        let t = i as f32 / rate as f32;
        let v = ((t * 440.0 * std::f32::consts::TAU).sin() * 8000.0) as i16;
        out.extend_from_slice(&v.to_le_bytes());
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}
