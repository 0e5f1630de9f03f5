//! A file that cannot be read, said in words first: what is wrong with it, then where the
//! reader stopped (the format, the entry being read and the byte), which helps someone
//! mending the file or reporting a bug but means little to anyone else.

use mmd_format::any::ReadAnyError;
use mmd_format::{Error, ErrorKind};

/// One line: the problem in words, then the reader's format, entry and byte offset.
pub fn describe(error: &ReadAnyError) -> String {
    match error {
        ReadAnyError::UnknownFormat => {
            "not a PMX, PMD, VMD, VPD, .x or .vac file (it starts with none of their \
             signatures)"
                .to_owned()
        }
        ReadAnyError::Invalid(e) => describe_invalid(e),
    }
}

fn describe_invalid(e: &Error) -> String {
    let format = e.format;
    let words = match &e.kind {
        ErrorKind::BadMagic(f) => {
            format!("not a {f} file (it does not start with {f}'s signature)")
        }
        ErrorKind::Truncated { needed, remaining } => format!(
            "the file ends too early, so it is cut short or damaged (needed {needed} more \
             bytes, {remaining} left)"
        ),
        ErrorKind::CountTooLarge { count, .. } => format!(
            "the file is damaged: it says {count} entries follow, more than the rest of the \
             file can hold"
        ),
        ErrorKind::NegativeCount(count) => {
            format!("the file is damaged: it gives a negative count ({count})")
        }
        ErrorKind::InvalidValue { what, value } => format!(
            "the file is damaged or written by a tool that does not follow {format}: {what} \
             cannot be {value}"
        ),
        ErrorKind::InvalidText(why) => format!("a name in the file is not valid text ({why})"),
        ErrorKind::UnsupportedVersion(version) => {
            format!("{format} version {version} is not supported")
        }
        ErrorKind::Unwritable(why) => format!("cannot be written: {why}"),
    };
    if e.context.is_empty() {
        format!("{words} — {format}, at byte {}", e.offset)
    } else {
        format!("{words} — {format}, {}, at byte {}", e.context, e.offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_format::Format;

    #[test]
    fn the_problem_comes_in_words_before_the_byte_offset() {
        let truncated = ReadAnyError::Invalid(Error {
            format: Format::Pmx,
            context: "vertex 1234".to_owned(),
            kind: ErrorKind::Truncated {
                needed: 4,
                remaining: 2,
            },
            offset: 56789,
        });
        let text = describe(&truncated);
        assert_eq!(
            text,
            "the file ends too early, so it is cut short or damaged (needed 4 more bytes, 2 \
             left) — PMX, vertex 1234, at byte 56789"
        );
        let magic = ReadAnyError::Invalid(Error {
            format: Format::Vmd,
            context: String::new(),
            kind: ErrorKind::BadMagic(Format::Vmd),
            offset: 0,
        });
        assert_eq!(
            describe(&magic),
            "not a VMD file (it does not start with VMD's signature) — VMD, at byte 0"
        );
        assert!(
            describe(&ReadAnyError::UnknownFormat)
                .starts_with("not a PMX, PMD, VMD, VPD, .x or .vac")
        );
    }
}
