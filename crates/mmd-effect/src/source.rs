//! An effect file's bytes as text: UTF-8 (with or without a byte order mark) or Shift-JIS,
//! told apart by content, as MME's Japanese users save them either way.

use encoding_rs::SHIFT_JIS;

/// The text encoding a file was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (plain ASCII included).
    Utf8,
    /// UTF-8 after a byte order mark.
    Utf8Bom,
    /// Shift-JIS (code page 932), what Japanese Windows editors write by default.
    ShiftJis,
}

/// Decodes a file: UTF-8 when the bytes are valid UTF-8 (a byte order mark is dropped),
/// otherwise Shift-JIS. Bytes that are neither become U+FFFD; decoding never fails, since
/// non-ASCII text sits in comments and strings, where a replaced character harms nothing.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return (
            String::from_utf8_lossy(rest).into_owned(),
            Encoding::Utf8Bom,
        );
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), Encoding::Utf8),
        Err(_) => {
            let (text, _, _) = SHIFT_JIS.decode(bytes);
            (text.into_owned(), Encoding::ShiftJis)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_utf8() {
        assert_eq!(decode(b"float x;"), ("float x;".to_owned(), Encoding::Utf8));
    }

    #[test]
    fn bom_is_dropped() {
        let (text, enc) = decode("\u{FEFF}// 日本語".as_bytes());
        assert_eq!(text, "// 日本語");
        assert_eq!(enc, Encoding::Utf8Bom);
    }

    #[test]
    fn shift_jis_is_decoded() {
        // "// 光" in Shift-JIS: 光 is 0x8C 0xF5.
        let (text, enc) = decode(b"// \x8C\xF5\n");
        assert_eq!(text, "// 光\n");
        assert_eq!(enc, Encoding::ShiftJis);
    }

    #[test]
    fn utf8_japanese_stays_utf8() {
        let (text, enc) = decode("// 光\n".as_bytes());
        assert_eq!(text, "// 光\n");
        assert_eq!(enc, Encoding::Utf8);
    }
}
