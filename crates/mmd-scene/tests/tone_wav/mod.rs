//! A WAV the music tests write themselves (the library's own unit tests include this file
//! too).

/// A 16-bit PCM WAV of `seconds` of a 440 Hz tone.
pub fn tone_wav_with(seconds: f32, rate: u32, channels: u16) -> Vec<u8> {
    let frames = (seconds * rate as f32) as u32;
    let data_len = frames * u32::from(channels) * 2;
    let mut out = Vec::new();
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&channels.to_le_bytes());
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * u32::from(channels) * 2).to_le_bytes());
    out.extend_from_slice(&(channels * 2).to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for i in 0..frames {
        let t = i as f32 / rate as f32;
        let v = ((t * 440.0 * std::f32::consts::TAU).sin() * 8000.0) as i16;
        for _ in 0..channels {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out
}

/// [`tone_wav_with`] in stereo at 44.1 kHz.
#[allow(dead_code)]
pub fn tone_wav(seconds: f32) -> Vec<u8> {
    tone_wav_with(seconds, 44_100, 2)
}
