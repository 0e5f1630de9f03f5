//! VPD poses: Shift-JIS text listing bone transforms and morph weights.
//!
//! MMD writes (`\t` = tab):
//!
//! ```text
//! Vocaloid Pose Data file
//!
//! miku.osm;\t\t// 親ファイル名
//! 2;\t\t\t\t// 総ポーズボーン数
//!
//! Bone0{センター
//!   0.000000,1.000000,0.000000;\t\t\t\t// trans x,y,z
//!   0.000000,0.000000,0.000000,1.000000;\t\t// Quaternion x,y,z,w
//! }
//!
//! Morph0{まばたき
//!   0.750000;\t\t\t\t// weight
//! }
//!
//! ```
//!
//! with CR LF line ends and numbers printed as C's `%f`. The writer reproduces that layout
//! exactly (the line ending is remembered from the file), so a pose saved by MMD round-trips
//! byte for byte. The reader accepts any spacing, blank lines and `//` comments.

use crate::error::{Error, ErrorKind, Format, Result};
use crate::text::encode_sjis;

const MAGIC: &str = "Vocaloid Pose Data file";

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Vpd {
    /// The "parent file name" MMD writes on the third line (`miku.osm`), as stored.
    pub model_name: String,
    pub bones: Vec<VpdBone>,
    pub morphs: Vec<VpdMorph>,
    /// How lines end in the file; the writer uses the same.
    pub line_ending: LineEnding,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineEnding {
    /// CR LF, as MMD writes.
    #[default]
    CrLf,
    /// LF only (files that went through a Unix tool or git's line-ending conversion).
    Lf,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VpdBone {
    pub name: String,
    pub translation: [f32; 3],
    /// Quaternion x, y, z, w.
    pub rotation: [f32; 4],
}

#[derive(Debug, Clone, PartialEq)]
pub struct VpdMorph {
    pub name: String,
    pub weight: f32,
}

/// True when `bytes` starts like a VPD file (its first line is the magic).
pub fn has_magic(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC.as_bytes())
        && matches!(
            bytes.get(MAGIC.len()),
            None | Some(b'\r' | b'\n' | b' ' | b'\t')
        )
}

pub fn read(bytes: &[u8]) -> Result<Vpd> {
    let mut lines = Lines::new(bytes);
    let line_ending = if bytes.windows(2).any(|w| w == b"\r\n") {
        LineEnding::CrLf
    } else {
        LineEnding::Lf
    };

    let first = lines.next_content();
    match first {
        Some(line) if line.offset == 0 && line.text == MAGIC => {}
        _ => return Err(error(0, ErrorKind::BadMagic(Format::Vpd), "header")),
    }
    let name_line = lines.expect_content("parent file name")?;
    let model_name = name_line.statement("parent file name")?.to_string();
    let count_line = lines.expect_content("bone count")?;
    let count_text = count_line.statement("bone count")?;
    let bone_count: usize = count_text.parse().map_err(|_| {
        count_line.error(format!(
            "bone count: expected a number, found {count_text:?}"
        ))
    })?;

    let mut bones = Vec::new();
    let mut morphs = Vec::new();
    while let Some(line) = lines.next_content() {
        let (kind, name) = line.block_start()?;
        match kind {
            BlockKind::Bone => {
                let what = format!("bone {}", bones.len());
                let translation = lines.expect_content(&what)?.numbers::<3>(&what)?;
                let rotation = lines.expect_content(&what)?.numbers::<4>(&what)?;
                lines.expect_content(&what)?.block_end(&what)?;
                bones.push(VpdBone {
                    name,
                    translation,
                    rotation,
                });
            }
            BlockKind::Morph => {
                let what = format!("morph {}", morphs.len());
                let [weight] = lines.expect_content(&what)?.numbers::<1>(&what)?;
                lines.expect_content(&what)?.block_end(&what)?;
                morphs.push(VpdMorph { name, weight });
            }
        }
    }
    if bones.len() != bone_count {
        return Err(count_line.error(format!(
            "bone count {bone_count} but the file has {} bone blocks",
            bones.len()
        )));
    }
    Ok(Vpd {
        model_name,
        bones,
        morphs,
        line_ending,
    })
}

/// Writes MMD's layout (see the module documentation), Shift-JIS encoded.
pub fn write(vpd: &Vpd) -> Result<Vec<u8>> {
    let nl = match vpd.line_ending {
        LineEnding::CrLf => "\r\n",
        LineEnding::Lf => "\n",
    };
    for name in std::iter::once(&vpd.model_name)
        .chain(vpd.bones.iter().map(|b| &b.name))
        .chain(vpd.morphs.iter().map(|m| &m.name))
    {
        if name.contains(['\r', '\n']) {
            return Err(error(
                0,
                ErrorKind::Unwritable(format!("name {name:?} contains a line break")),
                "",
            ));
        }
    }
    let mut text = String::new();
    text.push_str(&format!("{MAGIC}{nl}{nl}"));
    text.push_str(&format!("{};\t\t// 親ファイル名{nl}", vpd.model_name));
    text.push_str(&format!(
        "{};\t\t\t\t// 総ポーズボーン数{nl}{nl}",
        vpd.bones.len()
    ));
    for (i, bone) in vpd.bones.iter().enumerate() {
        let [x, y, z] = bone.translation;
        let [qx, qy, qz, qw] = bone.rotation;
        text.push_str(&format!("Bone{i}{{{}{nl}", bone.name));
        text.push_str(&format!(
            "  {x:.6},{y:.6},{z:.6};\t\t\t\t// trans x,y,z{nl}"
        ));
        text.push_str(&format!(
            "  {qx:.6},{qy:.6},{qz:.6},{qw:.6};\t\t// Quaternion x,y,z,w{nl}"
        ));
        text.push_str(&format!("}}{nl}{nl}"));
    }
    for (i, morph) in vpd.morphs.iter().enumerate() {
        text.push_str(&format!("Morph{i}{{{}{nl}", morph.name));
        text.push_str(&format!("  {:.6};\t\t\t\t// weight{nl}", morph.weight));
        text.push_str(&format!("}}{nl}{nl}"));
    }
    Ok(encode_sjis(&text))
}

fn error(offset: usize, kind: ErrorKind, context: &str) -> Error {
    Error {
        format: Format::Vpd,
        context: context.to_string(),
        kind,
        offset,
    }
}

enum BlockKind {
    Bone,
    Morph,
}

/// One line of the file with its `//` comment removed and surrounding space trimmed.
struct Line {
    text: String,
    /// Byte offset of the line's start in the file.
    offset: usize,
    /// 1-based.
    number: usize,
}

impl Line {
    fn error(&self, message: String) -> Error {
        error(
            self.offset,
            ErrorKind::InvalidText(message),
            &format!("line {}", self.number),
        )
    }

    /// The text before the terminating `;`.
    fn statement(&self, what: &str) -> Result<&str> {
        self.text.strip_suffix(';').map(str::trim).ok_or_else(|| {
            self.error(format!(
                "{what}: expected `;` at the end of {:?}",
                self.text
            ))
        })
    }

    /// `BoneN{name` or `MorphN{name`.
    fn block_start(&self) -> Result<(BlockKind, String)> {
        let parsed = self.text.split_once('{').and_then(|(head, name)| {
            let (kind, digits) = if let Some(d) = head.strip_prefix("Bone") {
                (BlockKind::Bone, d)
            } else {
                (BlockKind::Morph, head.strip_prefix("Morph")?)
            };
            let numbered = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            numbered.then(|| (kind, name.trim().to_string()))
        });
        parsed.ok_or_else(|| {
            self.error(format!(
                "expected `BoneN{{name` or `MorphN{{name`, found {:?}",
                self.text
            ))
        })
    }

    fn block_end(&self, what: &str) -> Result<()> {
        if self.text == "}" {
            Ok(())
        } else {
            Err(self.error(format!("{what}: expected `}}`, found {:?}", self.text)))
        }
    }

    /// `a,b,c;` with exactly `N` numbers.
    fn numbers<const N: usize>(&self, what: &str) -> Result<[f32; N]> {
        let body = self.statement(what)?;
        let mut out = [0.0f32; N];
        let mut parts = body.split(',');
        for slot in &mut out {
            let part = parts.next().unwrap_or("").trim();
            *slot = part
                .parse()
                .map_err(|_| self.error(format!("{what}: expected {N} numbers, found {body:?}")))?;
        }
        if parts.next().is_some() {
            return Err(self.error(format!("{what}: expected {N} numbers, found {body:?}")));
        }
        Ok(out)
    }
}

/// Splits the raw bytes into lines before decoding: in Shift-JIS a line feed byte is always a
/// line feed (trail bytes are 0x40 and above), so byte offsets stay exact.
struct Lines<'a> {
    bytes: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Lines {
            bytes,
            pos: 0,
            number: 0,
        }
    }

    /// The next line that is not empty once its comment is removed.
    fn next_content(&mut self) -> Option<Line> {
        while self.pos < self.bytes.len() {
            let start = self.pos;
            let rest = &self.bytes[start..];
            let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
            self.pos = start + len + 1;
            self.number += 1;
            let (decoded, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&rest[..len]);
            let without_comment = match decoded.find("//") {
                Some(at) => &decoded[..at],
                None => &decoded[..],
            };
            let text = without_comment.trim();
            if !text.is_empty() {
                return Some(Line {
                    text: text.to_string(),
                    offset: start,
                    number: self.number,
                });
            }
        }
        None
    }

    fn expect_content(&mut self, what: &str) -> Result<Line> {
        let at = self.bytes.len();
        self.next_content().ok_or_else(|| {
            error(
                at,
                ErrorKind::InvalidText(format!("unexpected end of file reading {what}")),
                "",
            )
        })
    }
}
