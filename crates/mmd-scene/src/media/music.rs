//! The scene's music: a WAV, MP3, Ogg Vorbis or FLAC file. It is decoded whole once when
//! opened (rodio's decoders, which are Symphonia's, all in Rust), so that a damaged or cut
//! file is refused then, with the reason, instead of falling silent in the middle of a dance;
//! the file's bytes are kept for playback, which decodes them again as it goes.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rodio::{Decoder, Source};

use crate::project::read_error::{FileProblem, read_bytes};

/// The extensions of the music files the player opens, lower case.
pub const MUSIC_EXTENSIONS: [&str; 5] = ["wav", "mp3", "ogg", "oga", "flac"];

/// How much shorter than its header says a file may decode before it counts as cut short:
/// MP3 and Vorbis headers estimate, and encoders pad.
const TRUNCATION_SLACK_SECONDS: f64 = 0.5;

/// Why music was refused. Its `Display` is the technical detail; the words users see come
/// from [`crate::project::read_error::FileProblem`].
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MusicError {
    #[error("the file is empty")]
    Empty,
    /// The first bytes say WAV, FLAC, Ogg or MP3, but the decoder gives up: the decoder's
    /// message.
    #[error("{0}")]
    Damaged(String),
    /// Named as music, but no decoder knows the content: the decoder's message.
    #[error("{0}")]
    NotMusic(String),
    #[error("the file holds no sound")]
    Silent,
    #[error("it says {stated:.1} s of sound, but only {decoded:.1} s decode")]
    Truncated { stated: f64, decoded: f64 },
}

/// An opened music file.
#[derive(Clone)]
pub struct Music {
    /// The file's name, for the interface.
    pub label: String,
    pub path: PathBuf,
    bytes: Arc<[u8]>,
    /// Seconds of sound.
    duration: f64,
    sample_rate: u32,
    channels: u16,
}

impl std::fmt::Debug for Music {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Music")
            .field("label", &self.label)
            .field("path", &self.path)
            .field("bytes", &self.bytes.len())
            .field("duration", &self.duration)
            .field("sample_rate", &self.sample_rate)
            .field("channels", &self.channels)
            .finish()
    }
}

/// Whether `bytes` (read from `path`) are meant as music: their first bytes say WAV, FLAC,
/// Ogg or MP3, or the name ends in a music extension (so an empty or damaged `song.mp3` is
/// reported as a broken sound file, not as an unknown MMD file).
pub fn is_music(path: &Path, bytes: &[u8]) -> bool {
    has_music_signature(bytes) || has_music_extension(path)
}

/// Whether the first bytes of `bytes` say WAV, FLAC, Ogg or MP3.
fn has_music_signature(bytes: &[u8]) -> bool {
    let magic = |at: usize, tag: &[u8]| bytes.get(at..at + tag.len()) == Some(tag);
    let mpeg_frame = bytes.len() >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0;
    (magic(0, b"RIFF") && magic(8, b"WAVE"))
        || magic(0, b"fLaC")
        || magic(0, b"OggS")
        || magic(0, b"ID3")
        || mpeg_frame
}

/// Whether `path` ends in one of [`MUSIC_EXTENSIONS`] (any case).
pub fn has_music_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MUSIC_EXTENSIONS.iter().any(|m| e.eq_ignore_ascii_case(m)))
}

impl Music {
    /// Decodes `bytes` whole to check them and measure the sound.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Music, MusicError> {
        if bytes.is_empty() {
            return Err(MusicError::Empty);
        }
        let bytes: Arc<[u8]> = bytes.into();
        // A file that starts as music and then fails is damaged; one only named as music is
        // something else.
        let decoder = decoder(&bytes).map_err(|why| {
            if has_music_signature(&bytes) {
                MusicError::Damaged(why)
            } else {
                MusicError::NotMusic(why)
            }
        })?;
        let channels = decoder.channels().get();
        let sample_rate = decoder.sample_rate().get();
        let stated = decoder.total_duration().map(|d| d.as_secs_f64());
        let samples = decoder.count();
        if samples == 0 {
            return Err(MusicError::Silent);
        }
        let duration = samples as f64 / f64::from(channels) / f64::from(sample_rate);
        if let Some(stated) = stated
            && duration + TRUNCATION_SLACK_SECONDS < stated
        {
            return Err(MusicError::Truncated {
                stated,
                decoded: duration,
            });
        }
        let label = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Ok(Music {
            label,
            path: path.to_path_buf(),
            bytes,
            duration,
            sample_rate,
            channels,
        })
    }

    /// Reads and checks the music file at `path`; the error is the problem in words.
    pub fn open(path: &Path) -> Result<Music, String> {
        let bytes = read_bytes(path).map_err(|e| e.to_string())?;
        Music::from_bytes(path, bytes).map_err(|e| FileProblem::from(e).to_string())
    }

    /// Seconds of sound.
    pub fn duration(&self) -> f64 {
        self.duration
    }

    pub fn sample_rate(&self) -> u32 {
        self.sample_rate
    }

    pub fn channels(&self) -> u16 {
        self.channels
    }

    /// A fresh decoder of the whole file, for playback (the bytes decoded once already).
    pub fn decoder(&self) -> Result<Decoder<Cursor<Arc<[u8]>>>, MusicError> {
        decoder(&self.bytes).map_err(MusicError::Damaged)
    }
}

/// A decoder of `bytes`, or the decoder's reason for refusing them.
fn decoder(bytes: &Arc<[u8]>) -> Result<Decoder<Cursor<Arc<[u8]>>>, String> {
    Decoder::builder()
        .with_data(Cursor::new(bytes.clone()))
        .with_byte_len(bytes.len() as u64)
        .with_seekable(true)
        .build()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
#[path = "../../tests/tone_wav/mod.rs"]
mod tone_wav;

#[cfg(test)]
mod tests {
    use super::tone_wav::tone_wav_with as tone_wav;
    use super::*;

    #[test]
    fn a_wav_decodes_to_its_length() {
        let music = Music::from_bytes(Path::new("tone.wav"), tone_wav(1.5, 22050, 2));
        let music = music.ok().filter(|m| (m.duration() - 1.5).abs() < 1e-3);
        let music = music.map(|m| (m.sample_rate(), m.channels(), m.label));
        assert_eq!(music, Some((22050, 2, "tone.wav".to_owned())));
    }

    #[test]
    fn empty_damaged_and_cut_files_are_refused_with_a_reason() {
        let path = Path::new("song.wav");
        assert_eq!(
            Music::from_bytes(path, Vec::new()).err(),
            Some(MusicError::Empty)
        );
        let noise: Vec<u8> = (0..4000u32).map(|i| (i * 7919 % 251) as u8).collect();
        assert!(matches!(
            Music::from_bytes(Path::new("song.mp3"), noise).err(),
            Some(MusicError::NotMusic(_))
        ));
        let mut damaged = tone_wav(1.0, 8000, 1);
        // The WAVE header's format chunk says it is longer than the file.
        damaged[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            Music::from_bytes(path, damaged).err(),
            Some(MusicError::Damaged(_))
        ));
        let mut cut = tone_wav(4.0, 8000, 1);
        cut.truncate(cut.len() / 2);
        assert!(matches!(
            Music::from_bytes(path, cut).err(),
            Some(MusicError::Truncated { .. })
        ));
    }

    #[test]
    fn music_is_known_by_its_first_bytes_or_its_name() {
        assert!(is_music(Path::new("x.bin"), &tone_wav(0.1, 8000, 1)));
        assert!(is_music(Path::new("x.bin"), b"fLaC\0\0\0\x22"));
        assert!(is_music(Path::new("x.bin"), b"OggS\0\x02"));
        assert!(is_music(Path::new("x.bin"), b"ID3\x04\0"));
        assert!(is_music(Path::new("x.bin"), &[0xFF, 0xFB, 0x90, 0x64]));
        assert!(is_music(Path::new("empty.MP3"), b""));
        assert!(!is_music(Path::new("model.pmx"), b"PMX \0\0\0\x40"));
        assert!(!is_music(
            Path::new("motion.vmd"),
            b"Vocaloid Motion Data 0002"
        ));
    }
}
