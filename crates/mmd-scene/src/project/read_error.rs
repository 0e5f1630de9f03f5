//! Why a file cannot be opened, said the same way by `inspect`, the other subcommands and the
//! window's notices: what is wrong in words first ("the file is damaged: …", "the file is
//! empty", "not a … file"), then, after a dash, the technical detail (the reader's format,
//! entry and byte, or the system's or the decoder's own message), which helps someone mending
//! the file or reporting a bug but means little to anyone else.

use std::fmt;
use std::io;
use std::path::Path;

use mmd_format::any::ReadAnyError;
use mmd_format::{Error, ErrorKind, Format};

use crate::media::music::MusicError;

/// A file that cannot be opened, by kind. Its `Display` is the one line users see: the words,
/// then ` — ` and the detail where there is one.
#[derive(Debug)]
pub enum FileProblem {
    /// Nothing at the path.
    Missing(io::Error),
    /// A folder where a file was named.
    Folder,
    /// There, but the system will not give its bytes (permissions, a device error).
    Unreadable(io::Error),
    /// No bytes at all, whatever its name says it is.
    Empty,
    /// An MMD file the reader refused, or a file that is none of the formats.
    Format(ReadAnyError),
    /// A sound file that does not decode whole.
    Music(MusicError),
}

impl std::error::Error for FileProblem {}

impl From<ReadAnyError> for FileProblem {
    fn from(e: ReadAnyError) -> Self {
        FileProblem::Format(e)
    }
}

impl From<Error> for FileProblem {
    fn from(e: Error) -> Self {
        FileProblem::Format(ReadAnyError::Invalid(e))
    }
}

impl From<MusicError> for FileProblem {
    fn from(e: MusicError) -> Self {
        FileProblem::Music(e)
    }
}

/// The whole file at `path`. An empty file is refused here, before anything looks at its
/// name or content, so that it is "empty" whatever it was meant to be.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, FileProblem> {
    match std::fs::read(path) {
        Ok(bytes) if bytes.is_empty() => Err(FileProblem::Empty),
        Ok(bytes) => Ok(bytes),
        // Asked of the path rather than told by the error: reading a folder fails with
        // "Is a directory" on Linux but "Access is denied" on Windows.
        Err(_) if path.is_dir() => Err(FileProblem::Folder),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(FileProblem::Missing(e)),
        Err(e) => Err(FileProblem::Unreadable(e)),
    }
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (words, detail) = self.words_and_detail();
        match detail {
            Some(detail) => write!(f, "{words} — {detail}"),
            None => f.write_str(&words),
        }
    }
}

impl FileProblem {
    /// What is wrong in words, and the technical detail where there is any.
    fn words_and_detail(&self) -> (String, Option<String>) {
        match self {
            FileProblem::Missing(e) => ("the file does not exist".to_owned(), Some(e.to_string())),
            FileProblem::Folder => ("it is a folder, not a file".to_owned(), None),
            FileProblem::Unreadable(e) => {
                ("the file cannot be read".to_owned(), Some(e.to_string()))
            }
            FileProblem::Empty | FileProblem::Music(MusicError::Empty) => {
                ("the file is empty".to_owned(), None)
            }
            FileProblem::Format(ReadAnyError::UnknownFormat) => (
                "not an MMD or music file".to_owned(),
                Some(
                    "it starts like no PMX, PMD, VMD, VPD, .x, .vac, .pmm, WAV, MP3, Ogg Vorbis \
                     or FLAC file"
                        .to_owned(),
                ),
            ),
            FileProblem::Format(ReadAnyError::Invalid(e)) => {
                (invalid_words(e), Some(e.to_string()))
            }
            FileProblem::Music(MusicError::Damaged(why)) => (
                "the file is damaged: its sound does not decode".to_owned(),
                Some(why.clone()),
            ),
            FileProblem::Music(MusicError::NotMusic(why)) => (
                "not a music file the player reads (WAV, MP3, Ogg Vorbis or FLAC)".to_owned(),
                Some(why.clone()),
            ),
            FileProblem::Music(MusicError::Silent) => ("the file holds no sound".to_owned(), None),
            FileProblem::Music(e @ MusicError::Truncated { .. }) => {
                (CUT_SHORT.to_owned(), Some(e.to_string()))
            }
        }
    }
}

/// A file that stops before what it says it holds, MMD file or music alike.
const CUT_SHORT: &str = "the file is damaged: it ends too early";

/// The words for what a reader refused; the error itself is the detail.
fn invalid_words(e: &Error) -> String {
    let format = e.format;
    match &e.kind {
        ErrorKind::BadMagic(f) => format!("not {} {f} file", article(*f)),
        ErrorKind::Truncated { .. } => CUT_SHORT.to_owned(),
        ErrorKind::CountTooLarge { count, .. } => format!(
            "the file is damaged: it says {count} entries follow, more than the rest of it holds"
        ),
        ErrorKind::NegativeCount(_) => "the file is damaged: it gives a negative count".to_owned(),
        ErrorKind::InvalidValue { .. } => {
            format!("the file is damaged: it holds a value {format} does not allow")
        }
        ErrorKind::InvalidText(_) => {
            "the file is damaged: a name in it is not valid text".to_owned()
        }
        ErrorKind::UnsupportedVersion(version) => {
            format!("{format} version {version} is not supported")
        }
        ErrorKind::Unwritable(why) => format!("cannot be written: {why}"),
        ErrorKind::ModelNeeded(path) => format!(
            "the model {path} is needed to read this project (version 0001 sizes its keys by \
             its models' bones and morphs)"
        ),
    }
}

/// "a PMX file" but "an X file".
fn article(format: Format) -> &'static str {
    match format {
        Format::X => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invalid(format: Format, context: &str, kind: ErrorKind, offset: usize) -> FileProblem {
        FileProblem::from(Error {
            format,
            context: context.to_owned(),
            kind,
            offset,
        })
    }

    #[test]
    fn the_problem_comes_in_words_before_the_readers_detail() {
        let truncated = invalid(
            Format::Pmx,
            "vertex 1234",
            ErrorKind::Truncated {
                needed: 4,
                remaining: 2,
            },
            56789,
        );
        assert_eq!(
            truncated.to_string(),
            "the file is damaged: it ends too early — PMX: vertex 1234: unexpected end of file \
             (needed 4 bytes, 2 left) at byte 56789"
        );
        let count = invalid(
            Format::Vmd,
            "bone key count",
            ErrorKind::CountTooLarge {
                count: 28646,
                needed: 3179706,
                remaining: 96877,
            },
            54,
        );
        assert_eq!(
            count.to_string(),
            "the file is damaged: it says 28646 entries follow, more than the rest of it holds \
             — VMD: bone key count: count 28646 needs at least 3179706 bytes but only 96877 \
             remain at byte 54"
        );
        let magic = invalid(Format::X, "", ErrorKind::BadMagic(Format::X), 0);
        assert_eq!(
            magic.to_string(),
            "not an X file — X: bad magic (not a X file) at byte 0"
        );
        assert!(
            FileProblem::from(ReadAnyError::UnknownFormat)
                .to_string()
                .starts_with("not an MMD or music file — it starts like no PMX, PMD")
        );
    }

    #[test]
    fn an_empty_file_is_empty_whatever_read_it() {
        assert_eq!(FileProblem::Empty.to_string(), "the file is empty");
        assert_eq!(
            FileProblem::from(MusicError::Empty).to_string(),
            "the file is empty"
        );
    }

    #[test]
    fn music_cut_short_reads_as_an_mmd_file_cut_short() {
        let cut = FileProblem::from(MusicError::Truncated {
            stated: 3.0,
            decoded: 1.0,
        });
        assert_eq!(
            cut.to_string(),
            "the file is damaged: it ends too early — it says 3.0 s of sound, but only 1.0 s \
             decode"
        );
    }

    #[test]
    fn missing_files_folders_and_empty_files_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.pmx");
        std::fs::write(&empty, b"").unwrap();
        let full = dir.path().join("full.vmd");
        std::fs::write(&full, b"Vocaloid").unwrap();
        let words = |path: &Path| read_bytes(path).map_err(|e| e.to_string());
        assert_eq!(words(&empty), Err("the file is empty".to_owned()));
        assert_eq!(
            words(dir.path()),
            Err("it is a folder, not a file".to_owned())
        );
        assert_eq!(words(&full), Ok(b"Vocaloid".to_vec()));
        let missing = words(&dir.path().join("missing.pmx")).unwrap_err();
        assert!(
            missing.starts_with("the file does not exist — "),
            "{missing}"
        );
    }
}
