//! Japanese text in the UI. egui's built-in fonts have no CJK glyphs, so bone and morph
//! names would draw as boxes; a CJK font installed on the system is found at run time and
//! added as a fallback after egui's own fonts.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily};

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

/// The first CJK font file that exists among `candidates`.
pub fn find_cjk_font_in(candidates: &[&str]) -> Option<PathBuf> {
    candidates
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
        .map(Path::to_path_buf)
}

/// The system's CJK font, if one of the usual ones is installed.
pub fn find_cjk_font() -> Option<PathBuf> {
    find_cjk_font_in(CANDIDATES)
}

/// egui's fonts plus `cjk` (the font file's bytes) as the last fallback of every family.
pub fn with_cjk_fallback(cjk: Vec<u8>) -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts
        .font_data
        .insert("cjk".to_owned(), Arc::new(FontData::from_owned(cjk)));
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("cjk".to_owned());
    }
    fonts
}

/// Installs the system CJK font into `ctx`; logs a warning (names will show as boxes) when
/// none is found or it cannot be read. Returns the font used.
pub fn install(ctx: &egui::Context) -> Option<PathBuf> {
    let Some(path) = find_cjk_font() else {
        log::warn!("no CJK font found (install fonts-noto-cjk); Japanese names will not display");
        return None;
    };
    match std::fs::read(&path) {
        Ok(bytes) => {
            ctx.set_fonts(with_cjk_fallback(bytes));
            Some(path)
        }
        Err(e) => {
            log::warn!("cannot read CJK font {}: {e}", path.display());
            None
        }
    }
}
