//! The interface's language: English or Japanese. Every string the window shows is a key in
//! `locales/en.yml` and `locales/ja.yml` (compiled in by `rust-i18n`), read with
//! `rust_i18n::t!` and its key (such as `menu.file`) in the current language. The language is one setting
//! for the whole process, like the system locale it starts from: the window sets it once
//! at start (`--lang`, or the system's language) and again from the menu.

use mmd_session::message::{Message, Words};
use rust_i18n::t;

/// A language the interface is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Language {
    #[default]
    #[value(name = "en")]
    English,
    #[value(name = "ja")]
    Japanese,
}

impl Language {
    /// Every language, in the order the menu lists them.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The language's code in the locale files and settings (`en`, `ja`).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }

    /// The language a code names (`en`, `ja`), as [`Language::code`] writes it.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language's name written in itself, so that it can be found whatever the
    /// interface is showing.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }

    /// The language of a locale name, POSIX (`ja_JP.UTF-8`, `ja_JP@euro`) or BCP 47
    /// (`ja-JP`), when it is one the interface is written in.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let language = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(language))
    }

    /// The first of the user's locales, most preferred first, that the interface is written
    /// in; English when none is.
    pub fn from_locales<S: AsRef<str>>(locales: impl IntoIterator<Item = S>) -> Language {
        locales
            .into_iter()
            .find_map(|l| Language::from_locale(l.as_ref()))
            .unwrap_or_default()
    }

    /// The system's language (on Linux from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`,
    /// in that order), English when it is neither English nor Japanese.
    pub fn from_system() -> Language {
        Language::from_locales(sys_locale::get_locales())
    }

    /// Makes this the language of every string from now on.
    pub fn set(self) {
        rust_i18n::set_locale(self.code());
    }

    /// The language the interface is showing.
    pub fn current() -> Language {
        Language::from_code(&rust_i18n::locale()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn japanese_locales_pick_japanese() {
        for locale in [
            "ja_JP.UTF-8",
            "ja_JP.eucJP",
            "ja-JP",
            "ja",
            "JA_jp",
            "ja_JP@x",
        ] {
            assert_eq!(
                Language::from_locale(locale),
                Some(Language::Japanese),
                "{locale}"
            );
        }
    }

    #[test]
    fn other_locales_are_not_japanese() {
        assert_eq!(
            Language::from_locale("en_US.UTF-8"),
            Some(Language::English)
        );
        for locale in ["C", "POSIX", "", "fr_FR.UTF-8", "jav_ID", "C.UTF-8"] {
            assert_eq!(Language::from_locale(locale), None, "{locale}");
        }
    }

    #[test]
    fn the_first_known_locale_wins() {
        assert_eq!(
            Language::from_locales(["fr-FR", "ja-JP", "en-US"]),
            Language::Japanese
        );
        assert_eq!(
            Language::from_locales(["en-GB", "ja-JP"]),
            Language::English
        );
        assert_eq!(Language::from_locales(["de-DE"]), Language::English);
        assert_eq!(
            Language::from_locales(Vec::<String>::new()),
            Language::English
        );
    }

    #[test]
    fn codes_round_trip() {
        for language in Language::ALL {
            assert_eq!(Language::from_code(language.code()), Some(language));
        }
        assert_eq!(Language::from_code("jp"), None);
    }
}

/// The window's words for the session's messages ([`Words`]): the locale files' sentences in
/// the current language.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocaleWords;

impl Words for LocaleWords {
    fn text(&self, message: &Message) -> String {
        text(message)
    }

    fn text_in_every_language(&self, message: &Message) -> Vec<String> {
        Language::ALL
            .iter()
            .map(|l| text_in(message, l.code()))
            .collect()
    }
}

/// `message` in the current language.
pub fn text(message: &Message) -> String {
    text_in(message, &rust_i18n::locale())
}

/// `message` in the language of `locale` (a code such as `ja`).
fn text_in(message: &Message, locale: &str) -> String {
    use Message as M;
    let l = locale;
    match message {
        M::AccessoryFailed { accessory, error } => {
            t!(
                "session.accessory_failed",
                locale = l,
                accessory = accessory,
                error = error
            )
        }
        M::VacNotWritten {
            accessory,
            path,
            error,
        } => t!(
            "session.vac_not_written",
            locale = l,
            accessory = accessory,
            path = path,
            error = error
        ),
        M::ExportNotStarted { error } => {
            t!("session.export_not_started", locale = l, error = error)
        }
        M::ExportFailed { error } => t!("session.export_failed", locale = l, error = error),
        M::FoundBeside { folder } => t!("missing.found_beside", locale = l, folder = folder),
        M::CommandLine => t!("session.command_line", locale = l),
        M::DeviceLost { error } => t!("session.device_lost", locale = l, error = error),
        M::PhysicsBlewUp {
            model,
            frame,
            error,
        } => t!(
            "session.physics_blew_up",
            locale = l,
            model = model,
            frame = frame,
            error = error
        ),
        M::TooLongToBake { frames, most } => {
            t!(
                "session.too_long_to_bake",
                locale = l,
                frames = frames,
                most = most
            )
        }
        M::PhysicsFailed { error } => t!("session.physics_failed", locale = l, error = error),
        M::BakeBlewUp {
            model,
            count,
            frame,
            error,
        } => t!(
            "session.bake_blew_up",
            locale = l,
            model = model,
            count = count,
            frame = frame,
            error = error
        ),
        M::PoseFailed { error } => t!("session.pose_failed", locale = l, error = error),
        M::PoseModeFailed { error } => {
            t!("session.pose_mode_failed", locale = l, error = error)
        }
        M::NoModelSelected => t!("session.no_model_selected", locale = l),
        M::NotAKeyFrame { frame } => t!("session.not_a_key_frame", locale = l, frame = frame),
        M::KeyFailed { error } => t!("session.key_failed", locale = l, error = error),
        M::Keyed { frame } => t!("session.keyed", locale = l, frame = frame),
        M::PoseKeys => t!("session.pose_keys", locale = l),
        M::Edited => t!("session.edited", locale = l),
        M::SavedPose { path } => t!("session.saved_pose", locale = l, path = path),
        M::SavedMotion { path } => t!("session.saved_motion", locale = l, path = path),
        M::NoMotionToSave => t!("session.no_motion_to_save", locale = l),
        M::CannotWrite { error } => t!("session.cannot_write", locale = l, error = error),
        M::PartsMissing { file, count } => {
            t!(
                "project.parts_missing",
                locale = l,
                file = file,
                count = count
            )
        }
        M::ExportRate { fps } => t!("export.rate", locale = l, fps = fps),
        M::ExportOrder { last, first } => {
            t!("export.order", locale = l, last = last, first = first)
        }
        M::ExportTooMany { count, most } => {
            t!("export.too_many", locale = l, count = count, most = most)
        }
        M::ExportEmptySize => t!("export.empty_size", locale = l),
        M::ExportNoPath => t!("export.no_path", locale = l),
    }
    .into_owned()
}
