//! Text in MMD files: fixed-size Shift-JIS fields (PMD, VMD) kept byte for byte so that files
//! round-trip exactly, and decoding that never fails on a field cut in the middle of a
//! character.

use std::fmt;

/// A fixed-size, NUL-terminated Shift-JIS field exactly as stored. The bytes after the first
/// NUL are often garbage left by the writing tool; they are kept so that `write(read(b)) == b`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FixedText<const N: usize> {
    pub bytes: [u8; N],
}

impl<const N: usize> Default for FixedText<N> {
    fn default() -> Self {
        FixedText { bytes: [0; N] }
    }
}

impl<const N: usize> FixedText<N> {
    /// The bytes up to (not including) the first NUL.
    pub fn trimmed(&self) -> &[u8] {
        let end = self.bytes.iter().position(|&b| b == 0).unwrap_or(N);
        &self.bytes[..end]
    }

    /// Decoded text. A trailing half character (a lead byte cut off by the field size) is
    /// dropped; any other undecodable byte becomes U+FFFD.
    pub fn decode(&self) -> String {
        decode_sjis(self.trimmed())
    }

    /// Encodes `text` as Shift-JIS, NUL-padded. Text longer than the field is cut at a
    /// character boundary so the field never ends in half a character.
    pub fn encode(text: &str) -> Self {
        let mut out = FixedText::default();
        let encoded = encode_sjis(text);
        let mut len = 0;
        let mut i = 0;
        while i < encoded.len() {
            let char_len = if is_sjis_lead(encoded[i]) { 2 } else { 1 };
            if i + char_len > N {
                break;
            }
            i += char_len;
            len = i.min(encoded.len());
        }
        out.bytes[..len].copy_from_slice(&encoded[..len]);
        out
    }
}

impl<const N: usize> fmt::Debug for FixedText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.decode())
    }
}

fn is_sjis_lead(b: u8) -> bool {
    matches!(b, 0x81..=0x9F | 0xE0..=0xFC)
}

/// Decodes Shift-JIS, dropping a lone lead byte at the very end (a field cut mid character).
pub fn decode_sjis(bytes: &[u8]) -> String {
    let bytes = match bytes.split_last() {
        Some((&last, rest)) if is_sjis_lead(last) && !ends_inside_pair(rest) => rest,
        _ => bytes,
    };
    let (text, _, _) = encoding_rs::SHIFT_JIS.decode(bytes);
    text.into_owned()
}

/// True when the last byte of `bytes` is the lead byte of a complete pair's first half,
/// i.e. when the byte after `bytes` would be a trail byte rather than a new character.
fn ends_inside_pair(bytes: &[u8]) -> bool {
    let mut i = 0;
    let mut inside = false;
    while i < bytes.len() {
        if is_sjis_lead(bytes[i]) {
            if i + 1 == bytes.len() {
                inside = true;
                break;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    inside
}

/// Encodes text as Shift-JIS; characters Shift-JIS lacks become `?`.
pub fn encode_sjis(text: &str) -> Vec<u8> {
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    bytes.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_lead_byte_is_dropped() {
        let mut bytes = encode_sjis("ニルヴァ デ");
        bytes.push(0x83);
        assert_eq!(decode_sjis(&bytes), "ニルヴァ デ");
    }

    #[test]
    fn complete_pair_ending_in_lead_range_trail_is_kept() {
        // 'ソ' is 0x83 0x5C; 'ア' is 0x83 0x41. A trail byte inside the lead range must not be
        // mistaken for a cut lead byte: "ー" = 0x81 0x5B, "・" = 0x81 0x45, "＝" = 0x81 0x81.
        let bytes = encode_sjis("＝");
        assert_eq!(bytes, vec![0x81, 0x81]);
        assert_eq!(decode_sjis(&bytes), "＝");
    }

    #[test]
    fn fixed_text_round_trip_and_cut() {
        let t = FixedText::<15>::encode("右ひざ");
        assert_eq!(t.decode(), "右ひざ");
        let long = FixedText::<5>::encode("あいう");
        assert_eq!(long.decode(), "あい");
        assert_eq!(long.bytes[4], 0);
    }
}
