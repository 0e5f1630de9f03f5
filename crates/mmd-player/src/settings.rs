//! The window's settings kept between runs: the window's size and place, the side panels'
//! widths, the physics mode, the language, the View menu's switches and the folder of the
//! last export. They are kept in `settings.json` in the player's config folder
//! ([`config_folder`]), beside the recent files.
//!
//! The file is a convenience, like the recent files: a missing or unreadable one gives the
//! defaults, and every setting is read on its own, so one that cannot be read (a wrong type, a
//! misspelt mode) goes back to its default alone and the others are kept. Failing to write the
//! file is logged, never shown.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};

use crate::config_folder::config_folder;
use crate::i18n::Language;
use crate::ui::{PanelWidths, UiState};
use mmd_scene::engine::PhysicsMode;
use mmd_session::Player;
use mmd_session::view_options::ViewOptions;

/// `settings.json` in [`config_folder`].
pub fn default_store() -> Option<PathBuf> {
    config_folder().map(|folder| folder.join("settings.json"))
}

/// Everything kept between runs. A setting never saved is `None` (or its default), and the
/// window then starts as it would without the file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    #[serde(deserialize_with = "lenient_fields")]
    pub window: WindowPlacement,
    #[serde(deserialize_with = "lenient_fields")]
    pub panels: PanelWidths,
    #[serde(
        serialize_with = "physics_mode::serialize",
        deserialize_with = "physics_mode::deserialize"
    )]
    pub physics: Option<PhysicsMode>,
    #[serde(
        serialize_with = "language::serialize",
        deserialize_with = "language::deserialize"
    )]
    pub language: Option<Language>,
    #[serde(deserialize_with = "lenient_fields")]
    pub view: ViewOptions,
    /// The folder the last export was saved in (File → Export suggests it first).
    #[serde(deserialize_with = "lenient")]
    pub export_folder: Option<PathBuf>,
}

/// The window's size and where it stood.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlacement {
    /// Inside the frame, in pixels.
    pub size: Option<[u32; 2]>,
    /// The frame's top-left corner on the desktop, in pixels; `None` where the system does
    /// not tell (Wayland).
    pub position: Option<[i32; 2]>,
}

/// What the command line set for this run only. A setting the window still shows as the
/// command line set it is not saved over the one kept, so that `--physics off` given once
/// does not become the default; changed in the window, it is saved.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ForThisRun {
    pub physics: Option<PhysicsMode>,
    pub language: Option<Language>,
    pub window_size: Option<[u32; 2]>,
}

impl Settings {
    /// The settings in `text`; a setting that cannot be read is left at its default (and
    /// logged), and text that is not a JSON object gives the defaults.
    pub fn parse(text: &str) -> Settings {
        serde_json::from_str(text).unwrap_or_else(|e| {
            log::warn!("settings: cannot read them ({e}); using the defaults");
            Settings::default()
        })
    }

    /// The text [`Settings::parse`] reads back; only a path that is not Unicode has none
    /// (and [`Settings::capture`] keeps no such path).
    pub fn to_text(&self) -> serde_json::Result<String> {
        serde_json::to_string_pretty(self)
    }

    /// Gives the player and the interface what these settings hold for them: the View menu's
    /// switches, the folder of the last export and the side panels' widths. (The window, the
    /// physics mode and the language are the window's to apply, after the command line.)
    pub fn apply(&self, player: &mut Player, ui: &mut UiState) {
        player.set_view_options(self.view);
        player.set_export_folder(self.export_folder.clone());
        ui.set_panel_widths(self.panels);
    }

    /// Takes in what the player and the interface show now: the counterpart of
    /// [`Settings::apply`], and the physics mode and the language unless they are as the
    /// command line set them `for_this_run` (the language also unless it is the system's and
    /// none was kept).
    pub fn capture(&mut self, player: &Player, ui: &UiState, for_this_run: &ForThisRun) {
        self.view = player.view_options();
        let physics = player.physics_mode();
        if for_this_run.physics != Some(physics) {
            self.physics = Some(physics);
        }
        self.language = kept_language(
            self.language,
            Language::current(),
            Language::from_system(),
            for_this_run.language,
        );
        self.panels = ui.panel_widths();
        // A path that is not Unicode cannot be written as JSON text.
        self.export_folder = player
            .export_folder()
            .filter(|folder| folder.to_str().is_some())
            .map(Path::to_path_buf);
    }

    /// Takes in where the window stands and its size, unless the size is as the command line
    /// set it `for_this_run`.
    pub fn place_window(&mut self, placement: WindowPlacement, for_this_run: &ForThisRun) {
        if placement.size.is_some() && placement.size != for_this_run.window_size {
            self.window.size = placement.size;
        }
        self.window.position = placement.position;
    }
}

/// The settings file and what it held when read.
#[derive(Debug, Clone, Default)]
pub struct SettingsFile {
    pub settings: Settings,
    /// Where they are kept; `None` keeps them nowhere.
    store: Option<PathBuf>,
}

impl SettingsFile {
    /// The settings kept in `store`; the defaults when the file is missing or unreadable.
    pub fn load(store: PathBuf) -> SettingsFile {
        let settings = match std::fs::read(&store) {
            Ok(bytes) => Settings::parse(&String::from_utf8_lossy(&bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Settings::default(),
            Err(e) => {
                log::warn!("settings {}: {e}", store.display());
                Settings::default()
            }
        };
        SettingsFile {
            settings,
            store: Some(store),
        }
    }

    /// Writes the settings beside the store and renames them over it, so a crash never leaves
    /// half a file; a failure is logged.
    pub fn save(&self) {
        let Some(store) = &self.store else {
            return;
        };
        let written = (|| {
            if let Some(dir) = store.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let text = self.settings.to_text().map_err(std::io::Error::other)?;
            let partial = store.with_extension("json.partial");
            std::fs::write(&partial, text)?;
            std::fs::rename(&partial, store)
        })();
        if let Err(e) = written {
            log::warn!("settings {}: cannot write: {e}", store.display());
        }
    }
}

/// Reads a setting as `T`, or gives `T`'s default when the value is not one (logged): one
/// garbled setting never costs the others.
fn lenient<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned + Default,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).unwrap_or_else(|e| {
        log::warn!("settings: a value cannot be read ({e}); using its default");
        T::default()
    }))
}

/// Reads a group of settings over its defaults one setting at a time: each is taken only when
/// the group still reads with it, so one that cannot be read keeps its default (logged), and
/// one the group does not have (from a later version) is ignored.
fn lenient_fields<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Serialize + DeserializeOwned + Default,
{
    let read = serde_json::Value::deserialize(deserializer)?;
    let (serde_json::Value::Object(read), Ok(serde_json::Value::Object(mut kept))) =
        (read, serde_json::to_value(T::default()))
    else {
        log::warn!("settings: a group cannot be read; using its defaults");
        return Ok(T::default());
    };
    for (name, value) in read {
        let Some(default) = kept.get(&name).cloned() else {
            continue;
        };
        kept.insert(name.clone(), value);
        if let Err(e) = serde_json::from_value::<T>(serde_json::Value::Object(kept.clone())) {
            log::warn!("settings: {name} cannot be read ({e}); using its default");
            kept.insert(name, default);
        }
    }
    Ok(serde_json::from_value(serde_json::Value::Object(kept)).unwrap_or_default())
}

/// A setting kept as a word, read leniently: a word that names nothing is no setting.
fn lenient_word<'de, D, T>(
    deserializer: D,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
{
    let word: Option<String> = lenient(deserializer)?;
    let parsed = word.as_deref().and_then(parse);
    if let (Some(word), None) = (&word, &parsed) {
        log::warn!("settings: {word:?} is not a known value; using the default");
    }
    Ok(parsed)
}

/// The physics mode as `off`, `live` or `baked`, as `--physics` takes it.
mod physics_mode {
    use serde::{Deserializer, Serializer};

    use super::PhysicsMode;

    pub fn serialize<S: Serializer>(mode: &Option<PhysicsMode>, s: S) -> Result<S::Ok, S::Error> {
        let word = mode.map(|mode| match mode {
            PhysicsMode::Off => "off",
            PhysicsMode::Live => "live",
            PhysicsMode::Baked => "baked",
        });
        serde::Serialize::serialize(&word, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PhysicsMode>, D::Error> {
        super::lenient_word(d, |word| word.parse().ok())
    }
}

/// The language to keep after a run that showed `shown` (`kept` before it, `system` the
/// system's, `this_run` the command line's): none is kept until the user picks one other than
/// the system's, so that the window follows the system (a machine switched to Japanese starts
/// in it); the command line's is for its run only.
fn kept_language(
    kept: Option<Language>,
    shown: Language,
    system: Language,
    this_run: Option<Language>,
) -> Option<Language> {
    if this_run == Some(shown) || (kept.is_none() && shown == system) {
        kept
    } else {
        Some(shown)
    }
}

/// The language by its code (`en`, `ja`).
mod language {
    use serde::{Deserializer, Serializer};

    use super::Language;

    pub fn serialize<S: Serializer>(language: &Option<Language>, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&language.map(Language::code), s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Language>, D::Error> {
        super::lenient_word(d, Language::from_code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_session::action::Action;

    fn some_settings() -> Settings {
        Settings {
            window: WindowPlacement {
                size: Some([900, 600]),
                position: Some([40, -10]),
            },
            panels: PanelWidths {
                bones: Some(310.0),
                scene: None,
            },
            physics: Some(PhysicsMode::Live),
            language: Some(Language::Japanese),
            view: ViewOptions {
                edges: false,
                skeleton: true,
                ..ViewOptions::default()
            },
            export_folder: Some(std::env::temp_dir().join("videos")),
        }
    }

    #[test]
    fn a_language_is_kept_only_once_picked() {
        use Language::{English, Japanese};
        assert_eq!(
            kept_language(None, English, English, None),
            None,
            "follows the system"
        );
        assert_eq!(kept_language(None, Japanese, Japanese, None), None);
        assert_eq!(
            kept_language(None, Japanese, English, None),
            Some(Japanese),
            "picked"
        );
        assert_eq!(
            kept_language(Some(Japanese), English, English, None),
            Some(English)
        );
        assert_eq!(
            kept_language(Some(English), Japanese, English, Some(Japanese)),
            Some(English),
            "--lang is for its run"
        );
    }

    #[test]
    fn settings_survive_a_round_trip_through_their_file() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("config").join("settings.json");
        let mut file = SettingsFile::load(store.clone());
        assert_eq!(file.settings, Settings::default(), "no file yet");
        file.settings = some_settings();
        file.save();
        assert_eq!(SettingsFile::load(store).settings, some_settings());
    }

    #[test]
    fn a_value_that_cannot_be_read_resets_only_itself() {
        let text = some_settings().to_text().unwrap();
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        // A wrong type at the top, inside a group, and a word naming nothing.
        json["export_folder"] = serde_json::json!(12);
        json["view"]["edges"] = serde_json::json!("no");
        json["panels"]["bones"] = serde_json::json!([1, 2]);
        json["physics"] = serde_json::json!("wobbly");
        json["language"] = serde_json::json!(true);
        json["window"]["position"] = serde_json::json!("top left");
        let read = Settings::parse(&json.to_string());
        let expected = Settings {
            export_folder: None,
            view: ViewOptions {
                edges: ViewOptions::default().edges,
                ..some_settings().view
            },
            panels: PanelWidths::default(),
            physics: None,
            language: None,
            window: WindowPlacement {
                size: Some([900, 600]),
                position: None,
            },
        };
        assert_eq!(read, expected);
    }

    #[test]
    fn a_group_of_the_wrong_shape_resets_that_group() {
        let mut json: serde_json::Value =
            serde_json::from_str(&some_settings().to_text().unwrap()).unwrap();
        json["window"] = serde_json::json!([900, 600]);
        json["view"] = serde_json::json!(7);
        // A setting of a later version is ignored.
        json["future"] = serde_json::json!({ "anything": 1 });
        let read = Settings::parse(&json.to_string());
        assert_eq!(read.window, WindowPlacement::default());
        assert_eq!(read.view, ViewOptions::default());
        assert_eq!(read.physics, Some(PhysicsMode::Live));
        assert_eq!(read.language, Some(Language::Japanese));
    }

    #[test]
    fn a_file_that_is_not_settings_gives_the_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("settings.json");
        for bytes in [&b"{\"physics\": \"li"[..], b"[1, 2]", b"\xff\xfe\x00", b""] {
            std::fs::write(&store, bytes).unwrap();
            assert_eq!(
                SettingsFile::load(store.clone()).settings,
                Settings::default()
            );
        }
    }

    #[test]
    fn what_the_command_line_set_for_this_run_is_not_kept() {
        let mut player = Player::with_services(
            mmd_scene::stage::scene::Scene::bundled().unwrap(),
            crate::services::desktop_services_in(crate::config_folder::ConfigFiles::none()),
        );
        let ui = UiState::default();
        let mut settings = some_settings();
        let for_this_run = ForThisRun {
            physics: Some(PhysicsMode::Off),
            language: None,
            window_size: Some([640, 480]),
        };
        let shown = |size| WindowPlacement {
            size: Some(size),
            position: Some([5, 6]),
        };
        // The window shows what the command line set: the kept settings stay.
        assert_eq!(player.physics_mode(), PhysicsMode::Off);
        settings.capture(&player, &ui, &for_this_run);
        settings.place_window(shown([640, 480]), &for_this_run);
        assert_eq!(settings.physics, Some(PhysicsMode::Live));
        assert_eq!(settings.window.size, Some([900, 600]));
        assert_eq!(
            settings.window.position,
            Some([5, 6]),
            "where it stood is kept"
        );
        // Changed in the window since: kept for the next run.
        player.apply(Action::SetPhysicsMode(PhysicsMode::Baked));
        settings.capture(&player, &ui, &for_this_run);
        settings.place_window(shown([700, 500]), &for_this_run);
        assert_eq!(settings.physics, Some(PhysicsMode::Baked));
        assert_eq!(settings.window.size, Some([700, 500]));
    }

    #[test]
    fn an_unwritable_store_is_logged_not_fatal() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("not a folder");
        std::fs::write(&blocker, b"").unwrap();
        let mut file = SettingsFile::load(blocker.join("settings.json"));
        file.settings = some_settings();
        file.save();
        assert_eq!(
            SettingsFile::load(blocker.join("settings.json")).settings,
            Settings::default()
        );
    }
}
