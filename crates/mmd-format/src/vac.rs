//! VAC: MMD's accessory settings, six Shift-JIS lines (CR LF) that say which `.x` file to load
//! and where to put it:
//!
//! ```text
//! ステージ              the accessory's name
//! stage.x               the .x file, relative to the .vac
//! 10.0                  scale (the accessory panel's Si)
//! 0.0,0.0,0.0           position x,y,z
//! 0.0,180.0,0.0         rotation x,y,z in degrees
//! センター              the bone it follows (empty: none)
//! ```
//!
//! The format has no magic; [`looks_like_vac`] tells it by its content.

use crate::error::{Error, ErrorKind, Format, Result};
use crate::text::encode_sjis;

/// MMD's accessory settings file: six Shift-JIS lines (CR LF): name, the .x file (relative to
/// the .vac), scale (the accessory's Si), position "x,y,z", rotation "x,y,z" in degrees,
/// parent bone name (empty: none).
#[derive(Debug, Clone, PartialEq)]
pub struct Vac {
    pub name: String,
    /// As written (usually a file name beside the `.vac`; `\` may separate folders).
    pub x_file: String,
    pub scale: f32,
    pub position: [f32; 3],
    pub rotation_degrees: [f32; 3],
    pub parent_bone: Option<String>,
}

/// Reads a `.vac`. Lenient like MMD: space around values, LF or CR LF line ends, a missing
/// parent-bone line (none); lines after the sixth are ignored. A missing or garbled number
/// is an error naming its line.
pub fn read(bytes: &[u8]) -> Result<Vac> {
    let lines = lines(bytes, FIELDS.len());
    let line = |k: usize| -> Result<&Line> {
        lines.get(k).ok_or_else(|| {
            error(
                bytes.len(),
                ErrorKind::InvalidText(format!("the file ends before its {}", FIELDS[k])),
                format!("line {}", k + 1),
            )
        })
    };
    let scale_line = line(2)?;
    let [scale] = scale_line.numbers(2)?;
    Ok(Vac {
        name: line(0)?.text.clone(),
        x_file: line(1)?.text.clone(),
        scale,
        position: line(3)?.numbers(3)?,
        rotation_degrees: line(4)?.numbers(4)?,
        parent_bone: lines
            .get(5)
            .map(|l| l.text.clone())
            .filter(|name| !name.is_empty()),
    })
}

/// Writes MMD's six lines, CR LF each. Numbers are written in their shortest form that reads
/// back to the same bits. A line break inside a name (which the format cannot hold) is
/// written as a space.
pub fn write(vac: &Vac) -> Vec<u8> {
    let one_line = |s: &str| s.replace(['\r', '\n'], " ");
    let triple = |v: [f32; 3]| format!("{:?},{:?},{:?}", v[0], v[1], v[2]);
    let lines = [
        one_line(&vac.name),
        one_line(&vac.x_file),
        format!("{:?}", vac.scale),
        triple(vac.position),
        triple(vac.rotation_degrees),
        one_line(vac.parent_bone.as_deref().unwrap_or("")),
    ];
    let mut text = String::new();
    for line in lines {
        text.push_str(&line);
        text.push_str("\r\n");
    }
    encode_sjis(&text)
}

/// Whether `bytes` reads like a `.vac`: its second line names a `.x` file and its third is a
/// number. Only the start of the file is looked at.
pub fn looks_like_vac(bytes: &[u8]) -> bool {
    const LOOK_AT: usize = 4096;
    let lines = lines(&bytes[..bytes.len().min(LOOK_AT)], 3);
    let names_x = lines.get(1).is_some_and(|l| {
        let t = l.text.as_bytes();
        t.len() > 2 && t[t.len() - 2..].eq_ignore_ascii_case(b".x")
    });
    names_x && lines.get(2).is_some_and(|l| l.text.parse::<f32>().is_ok())
}

/// What each line holds, for messages.
const FIELDS: [&str; 6] = [
    "name",
    ".x file",
    "scale",
    "position",
    "rotation",
    "parent bone",
];

fn error(offset: usize, kind: ErrorKind, context: String) -> Error {
    Error {
        format: Format::Vac,
        context,
        kind,
        offset,
    }
}

/// One line, decoded and trimmed.
struct Line {
    text: String,
    /// Byte offset of the line in the file.
    offset: usize,
    /// 0-based.
    index: usize,
}

impl Line {
    /// `N` comma-separated numbers.
    fn numbers<const N: usize>(&self, field: usize) -> Result<[f32; N]> {
        let garbled = || {
            let expected = if N == 1 {
                "a number".to_string()
            } else {
                format!("{N} numbers separated by commas")
            };
            error(
                self.offset,
                ErrorKind::InvalidText(format!(
                    "{}: expected {expected}, found {:?}",
                    FIELDS[field], self.text
                )),
                format!("line {}", self.index + 1),
            )
        };
        let mut parts = self.text.split(',');
        let mut out = [0.0; N];
        for slot in &mut out {
            let part = parts.next().ok_or_else(garbled)?;
            *slot = part.trim().parse().map_err(|_| garbled())?;
        }
        match parts.next() {
            Some(_) => Err(garbled()),
            None => Ok(out),
        }
    }
}

/// The first `max` lines of the file, split on the raw bytes (in Shift-JIS a line feed byte is
/// always a line feed, so offsets stay exact), decoded and trimmed; trailing empty lines
/// dropped. A UTF-8 byte order mark means the file was re-saved as UTF-8 and is decoded as
/// such.
fn lines(bytes: &[u8], max: usize) -> Vec<Line> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    let (utf8, start) = match bytes.strip_prefix(BOM) {
        Some(_) => (true, BOM.len()),
        None => (false, 0),
    };
    let mut lines = Vec::new();
    let mut offset = start;
    for raw in bytes[start..].split(|&b| b == b'\n').take(max) {
        let text = if utf8 {
            String::from_utf8_lossy(raw).into_owned()
        } else {
            crate::text::decode_sjis(raw)
        };
        lines.push(Line {
            text: text.trim().to_string(),
            offset,
            index: lines.len(),
        });
        offset += raw.len() + 1;
    }
    while lines.last().is_some_and(|l| l.text.is_empty()) {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing() {
        assert!(looks_like_vac(b"a\r\nb.X\r\n1\r\n"));
        assert!(!looks_like_vac(b"a\r\nb.x\r\none\r\n"));
        assert!(!looks_like_vac(b"a\nb.pmx\n1\n"));
        assert!(!looks_like_vac(b".x"));
    }
}
