//! The interface's strings are complete in every language: both locale files hold the same
//! keys with no empty value, every `t!("key")` in the sources names a key they hold, every
//! key they hold is used somewhere, and every character they use draws with the bundled
//! Japanese font alone (no box where a machine has no CJK font).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const LOCALES: [&str; 2] = ["en", "ja"];

/// A locale's keys and strings, as compiled into the library.
fn messages(locale: &str) -> Vec<(String, String)> {
    mmd_player::_rust_i18n_backend()
        .messages_for_locale(locale)
        .unwrap_or_else(|| panic!("no strings for {locale}"))
        .into_iter()
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect()
}

/// The keys a locale holds; none has an empty string.
fn keys(locale: &str) -> BTreeSet<String> {
    let messages = messages(locale);
    for (key, value) in &messages {
        assert!(!value.trim().is_empty(), "{locale}: {key} is empty");
    }
    messages.into_iter().map(|(key, _)| key).collect()
}

fn rust_files(folder: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{folder:?}: {e}"));
    for entry in entries {
        let path = entry.unwrap_or_else(|e| panic!("{folder:?}: {e}")).path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            (path, text)
        })
        .collect()
}

/// The key of each `t!(` in `text`, or `None` for one whose key is not a string literal.
fn used_keys(text: &str) -> Vec<Option<String>> {
    text.match_indices("t!(")
        .filter(|(at, _)| {
            // `t!(`, not the end of another macro's name such as `assert!(`.
            !text[..*at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .map(|(at, call)| {
            let rest = text[at + call.len()..].trim_start();
            let literal = rest.strip_prefix('"')?;
            literal.find('"').map(|end| literal[..end].to_owned())
        })
        .collect()
}

#[test]
fn english_and_japanese_hold_the_same_keys() {
    let english = keys("en");
    let japanese = keys("ja");
    assert!(english.len() > 50, "only {} English strings", english.len());
    let only_english: Vec<_> = english.difference(&japanese).collect();
    let only_japanese: Vec<_> = japanese.difference(&english).collect();
    assert!(
        only_english.is_empty(),
        "missing in ja.yml: {only_english:?}"
    );
    assert!(
        only_japanese.is_empty(),
        "missing in en.yml: {only_japanese:?}"
    );
}

#[test]
fn japanese_strings_are_translated() {
    // Product names and units may read the same in both; a sentence may not.
    let untranslated: Vec<String> = keys("ja")
        .into_iter()
        .filter(|key| {
            let value = |locale| mmd_player::_rust_i18n_translate(locale, key).into_owned();
            let english = value("en");
            english == value("ja") && english.split_whitespace().count() > 2
        })
        .collect();
    assert!(
        untranslated.is_empty(),
        "the same in English: {untranslated:?}"
    );
}

#[test]
fn every_key_the_sources_use_exists() {
    let known = keys("en");
    let mut missing = Vec::new();
    let mut used = 0;
    for (path, text) in sources() {
        for key in used_keys(&text) {
            match key {
                Some(key) if known.contains(&key) => used += 1,
                Some(key) => missing.push(format!("{}: {key}", path.display())),
                None => missing.push(format!(
                    "{}: a t! whose key is not a literal",
                    path.display()
                )),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "keys not in the locale files: {missing:#?}"
    );
    assert!(used > 50, "only {used} t! calls found");
}

#[test]
fn every_key_is_used() {
    let sources: String = sources().into_iter().map(|(_, text)| text).collect();
    let unused: Vec<String> = keys("en")
        .into_iter()
        .filter(|key| !sources.contains(&format!("\"{key}\"")))
        .collect();
    assert!(unused.is_empty(), "strings no code shows: {unused:?}");
}

#[test]
fn the_scan_finds_literal_keys_only_after_t() {
    let text = r#"t!("menu.file") assert!("x") t!( "a.b", n = 1) t!(name)"#;
    assert_eq!(
        used_keys(text),
        [Some("menu.file".to_owned()), Some("a.b".to_owned()), None]
    );
}

#[test]
fn every_string_draws_with_the_bundled_font_alone() {
    let ctx = egui::Context::default();
    ctx.set_fonts(mmd_player::ui::fonts::with_bundled_cjk());
    // Fonts set take effect at the next pass.
    let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
    let mut missing = Vec::new();
    for locale in LOCALES {
        for (key, value) in messages(locale) {
            for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
                let font = egui::FontId::new(14.0, family);
                let lacking: String = value
                    .chars()
                    .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
                    .collect();
                if !lacking.is_empty() {
                    missing.push(format!("{locale} {key} ({}): {lacking}", font.family));
                }
            }
        }
    }
    assert!(missing.is_empty(), "characters no font has: {missing:#?}");
}
