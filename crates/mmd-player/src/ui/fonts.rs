//! Japanese text in the UI. egui's built-in fonts have no CJK glyphs, so bone and morph
//! names would draw as boxes. A CJK font installed on the system is preferred (it covers
//! every script a PMX name may use); without one, the player draws with the Japanese font it
//! embeds: Noto Sans CJK JP cut down to what Shift-JIS can hold plus the common simplified
//! Chinese characters (`fonts/subset.py`, under the SIL Open Font License in
//! `fonts/OFL.txt`), which covers every name in a PMD, VMD or VPD file and those of models
//! made in Japan or China. Either is added after egui's Latin font and before its symbol
//! fonts, so kana and kanji never fall through to an emoji font's forms.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

/// Noto Sans CJK JP Regular: Shift-JIS's characters and GB 2312's level 1 hanzi (1.9 MB).
pub const BUNDLED_CJK: &[u8] = include_bytes!("../../fonts/NotoSansCJKjp-Regular-subset.otf");

/// Set to `1` to ignore the system's CJK fonts and draw with the bundled one, as a machine
/// without any does (for checking that machine's look).
pub const NO_SYSTEM_FONT_ENV: &str = "MMD_PLAYER_NO_SYSTEM_FONT";

/// Where common systems keep a CJK font, best first. A `.ttc` collection's first face is
/// used; for Noto Sans CJK that is the Japanese one.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoGothic.ttf",
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:\\Windows\\Fonts\\YuGothM.ttc",
    "C:\\Windows\\Fonts\\meiryo.ttc",
    "C:\\Windows\\Fonts\\msgothic.ttc",
];

/// The font Japanese text is drawn with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CjkFont {
    /// A font file installed on the system.
    System(PathBuf),
    /// The subset embedded in the binary.
    Bundled,
}

/// The first CJK font file that exists among `candidates`.
pub fn find_cjk_font_in(candidates: &[&str]) -> Option<PathBuf> {
    candidates
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
        .map(Path::to_path_buf)
}

/// The system's CJK font, if one of the usual ones is installed and [`NO_SYSTEM_FONT_ENV`]
/// does not turn the lookup off.
pub fn find_cjk_font() -> Option<PathBuf> {
    if std::env::var(NO_SYSTEM_FONT_ENV).is_ok_and(|v| v == "1") {
        return None;
    }
    find_cjk_font_in(CANDIDATES)
}

/// egui's fonts with `cjk` (a font file's bytes) after the Latin font of every family and
/// before the symbol fonts.
pub fn with_cjk_fallback(cjk: Vec<u8>) -> FontDefinitions {
    with_cjk(FontData::from_owned(cjk))
}

/// egui's fonts with the bundled Japanese font.
pub fn with_bundled_cjk() -> FontDefinitions {
    with_cjk(FontData::from_static(BUNDLED_CJK))
}

fn with_cjk(cjk: FontData) -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("cjk".to_owned(), Arc::new(cjk));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        let at = list
            .iter()
            .position(|name| name == "egui-icons")
            .unwrap_or(list.len());
        list.insert(at, "cjk".to_owned());
    }
    fonts
}

/// Installs a Japanese font into `ctx`: the system's, or the bundled one when none is found
/// or it cannot be read. Returns the font used.
pub fn install(ctx: &egui::Context) -> CjkFont {
    if let Some(path) = find_cjk_font() {
        match std::fs::read(&path) {
            Ok(bytes) => {
                ctx.set_fonts(with_cjk_fallback(bytes));
                return CjkFont::System(path);
            }
            Err(e) => log::warn!("cannot read CJK font {}: {e}", path.display()),
        }
    }
    ctx.set_fonts(with_bundled_cjk());
    CjkFont::Bundled
}
