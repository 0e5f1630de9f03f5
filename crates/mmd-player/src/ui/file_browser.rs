//! The in-window file browser: File → Open (or Add motion / pose as layer, or where to save an
//! accessory's `.vac`) where the system offers no dialog of its own (Linux without a desktop
//! portal or zenity). It is `egui_file`'s dialog, listing folders and the files the purpose
//! takes, several of which can be picked at once (a model with its motions), or a file name
//! typed to save to.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use egui_file::{FileDialog, State};
use rust_i18n::t;

use mmd_scene::project::locate::{MissingKind, MissingPart};

use mmd_session::action::Action;
use mmd_session::project_actions::PROJECT_EXTENSION;

/// The extensions File → Open lists, lower case: MMD's files (accessories and projects
/// included), music and our projects.
pub const MMD_EXTENSIONS: [&str; 13] = [
    "pmx",
    "pmd",
    "vmd",
    "vpd",
    "x",
    "vac",
    "wav",
    "mp3",
    "ogg",
    "oga",
    "flac",
    "pmm",
    PROJECT_EXTENSION,
];
/// The extensions of motions and poses, which can become layers.
pub const LAYER_EXTENSIONS: [&str; 2] = ["vmd", "vpd"];
/// The extensions of models.
pub const MODEL_EXTENSIONS: [&str; 2] = ["pmx", "pmd"];
/// The extension of an accessory's settings.
pub const VAC_EXTENSIONS: [&str; 1] = ["vac"];
/// The extension of camera, light and self-shadow motions.
pub const MOTION_EXTENSIONS: [&str; 1] = ["vmd"];
/// The extensions of accessories.
pub const ACCESSORY_EXTENSIONS: [&str; 2] = ["x", "vac"];
/// The extensions of music.
pub const MUSIC_EXTENSIONS: [&str; 5] = ["wav", "mp3", "ogg", "oga", "flac"];
/// The extension the player gives its projects.
pub const PROJECT_EXTENSIONS: [&str; 1] = [PROJECT_EXTENSION];

/// Whether `path` names a file the player opens (by its extension, in any case).
pub fn is_mmd_file(path: &Path) -> bool {
    has_extension(path, &MMD_EXTENSIONS)
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|m| e.eq_ignore_ascii_case(m)))
}

/// What the picked files are for: the system's dialog and the in-window browser serve both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilePurpose {
    /// File → Open: models, motions, poses.
    Open,
    /// File → Add motion / pose as layer.
    AddLayers,
    /// File → Replace model: one model in place of the selected one.
    ReplaceModel,
    /// The Accessories panel's "Save as .vac…": where the settings of this accessory (by its
    /// place in the scene) are written.
    SaveAccessoryVac(usize),
    /// File → Save project (as…): where the project is written.
    SaveProject,
    /// The missing files' "Locate…": where this missing file of the project is.
    Locate(MissingPart),
}

impl FilePurpose {
    /// The dialog's title, in the interface's language.
    pub fn title(self) -> Cow<'static, str> {
        match self {
            FilePurpose::Open => t!("files.open"),
            FilePurpose::AddLayers => t!("files.add_layers"),
            FilePurpose::ReplaceModel => t!("files.replace_model"),
            FilePurpose::SaveAccessoryVac(_) => t!("files.save_vac"),
            FilePurpose::SaveProject => t!("project.save_dialog_title"),
            FilePurpose::Locate(_) => t!("missing.dialog_title"),
        }
    }

    /// The extensions listed, lower case.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FilePurpose::Open => &MMD_EXTENSIONS,
            FilePurpose::AddLayers => &LAYER_EXTENSIONS,
            FilePurpose::ReplaceModel => &MODEL_EXTENSIONS,
            FilePurpose::SaveAccessoryVac(_) => &VAC_EXTENSIONS,
            FilePurpose::SaveProject => &PROJECT_EXTENSIONS,
            FilePurpose::Locate(part) => match part.kind() {
                MissingKind::Model => &MODEL_EXTENSIONS,
                MissingKind::Motion => &LAYER_EXTENSIONS,
                MissingKind::Camera | MissingKind::Light | MissingKind::SelfShadow => {
                    &MOTION_EXTENSIONS
                }
                MissingKind::Accessory => &ACCESSORY_EXTENSIONS,
                MissingKind::Music => &MUSIC_EXTENSIONS,
            },
        }
    }

    /// Whether the dialog asks for a file to write (one name, which may not exist yet)
    /// rather than files to open.
    pub fn saves(self) -> bool {
        matches!(
            self,
            FilePurpose::SaveAccessoryVac(_) | FilePurpose::SaveProject
        )
    }

    /// Whether the dialog opens exactly one file: a model replaced, or a missing file found.
    pub fn picks_one(self) -> bool {
        matches!(self, FilePurpose::ReplaceModel | FilePurpose::Locate(_))
    }

    pub fn takes(self, path: &Path) -> bool {
        has_extension(path, self.extensions())
    }

    /// What picking `files` asks of the player (a replacement or a save takes the first
    /// file; a save given a name without its extension gets it, as a typed name often lacks
    /// it).
    pub fn action(self, mut files: Vec<PathBuf>) -> Option<Action> {
        match self {
            FilePurpose::Open => Some(Action::Open(files)),
            FilePurpose::AddLayers => Some(Action::AddLayers(files)),
            FilePurpose::ReplaceModel => {
                (!files.is_empty()).then(|| Action::ReplaceModel(files.swap_remove(0)))
            }
            FilePurpose::SaveAccessoryVac(index) => Some(Action::SaveAccessoryVac {
                index,
                path: self.save_path(files)?,
            }),
            FilePurpose::SaveProject => Some(Action::SaveProjectTo(self.save_path(files)?)),
            FilePurpose::Locate(part) => Some(Action::LocateMissing {
                part,
                path: files.into_iter().next()?,
            }),
        }
    }

    /// The first of `files`, ending in the purpose's extension.
    fn save_path(self, files: Vec<PathBuf>) -> Option<PathBuf> {
        let path = files.into_iter().next()?;
        if self.takes(&path) {
            return Some(path);
        }
        let mut name = path.into_os_string();
        name.push(".");
        name.push(self.extensions().first()?);
        Some(PathBuf::from(name))
    }
}

/// What the browser did this frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Still open.
    Browsing,
    /// The user picked these files.
    Picked(Vec<PathBuf>),
    /// Closed without a pick.
    Closed,
}

pub struct FileBrowser {
    dialog: FileDialog,
    purpose: FilePurpose,
}

impl FileBrowser {
    /// A browser showing `folder`, listing the files `purpose` takes; for a save, any name
    /// typed is taken (see [`FilePurpose::action`]).
    pub fn new(folder: &Path, purpose: FilePurpose) -> FileBrowser {
        let name_filter =
            Box::new(move |name: &str| purpose.saves() || purpose.takes(Path::new(name)));
        let dialog = if purpose.saves() {
            FileDialog::save_file()
        } else {
            FileDialog::open_file().multi_select(!purpose.picks_one())
        };
        let mut dialog = dialog
            .title(&purpose.title())
            .open_button_text(t!("files.open_button"))
            .save_button_text(t!("files.save_button"))
            .cancel_button_text(t!("files.cancel_button"))
            .refresh_button_hover_text(t!("files.refresh"))
            .parent_folder_button_hover_text(t!("files.parent_folder"))
            .file_label_text(t!("files.file_label"))
            .show_hidden_checkbox_text(t!("files.show_hidden"))
            .initial_path(folder)
            .show_rename(false)
            .show_new_folder(false)
            .show_files_filter(Box::new(move |path: &Path| purpose.takes(path)))
            .filename_filter(name_filter)
            .default_size([560.0, 400.0]);
        dialog.open();
        FileBrowser { dialog, purpose }
    }

    pub fn purpose(&self) -> FilePurpose {
        self.purpose
    }

    /// Shows the browser over the window.
    pub fn show(&mut self, ctx: &egui::Context) -> Outcome {
        match self.dialog.show(ctx).state() {
            State::Open => Outcome::Browsing,
            State::Selected => {
                // Files ticked in the list; a double-clicked file is the pick by itself.
                let mut picked: Vec<PathBuf> = self
                    .dialog
                    .selection()
                    .into_iter()
                    .map(Path::to_path_buf)
                    .collect();
                if let Some(path) = self.dialog.path()
                    && !picked.iter().any(|p| p == path)
                {
                    picked = vec![path.to_path_buf()];
                }
                picked.retain(|p| self.purpose.saves() || self.purpose.takes(p));
                if picked.is_empty() {
                    Outcome::Closed
                } else {
                    Outcome::Picked(picked)
                }
            }
            State::Closed | State::Cancelled => Outcome::Closed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_lists_every_kind_of_music_the_player_reads() {
        for extension in mmd_scene::media::music::MUSIC_EXTENSIONS {
            assert!(MMD_EXTENSIONS.contains(&extension), "{extension}");
        }
    }

    #[test]
    fn mmd_files_are_known_by_their_extension_in_any_case() {
        for name in [
            "a.pmx",
            "b.PMD",
            "ダンス.Vmd",
            "pose.vpd",
            "stage.x",
            "prop.VAC",
        ] {
            assert!(is_mmd_file(Path::new(name)), "{name}");
        }
        for name in ["a.txt", "pmx", "a.pmx.bak", ""] {
            assert!(!is_mmd_file(Path::new(name)), "{name}");
        }
    }

    #[test]
    fn replacing_a_model_or_locating_a_file_picks_one_file() {
        assert!(FilePurpose::ReplaceModel.picks_one());
        assert!(FilePurpose::Locate(MissingPart::Camera).picks_one());
        assert!(!FilePurpose::Open.picks_one() && !FilePurpose::AddLayers.picks_one());
    }

    #[test]
    fn saving_a_vac_takes_the_first_name_and_gives_it_the_extension() {
        let purpose = FilePurpose::SaveAccessoryVac(2);
        assert!(purpose.saves() && !FilePurpose::Open.saves());
        let save = |name: &str| purpose.action(vec![PathBuf::from(name), PathBuf::from("b")]);
        for (typed, written) in [("dir/hat", "dir/hat.vac"), ("hat.VAC", "hat.VAC")] {
            assert_eq!(
                save(typed),
                Some(Action::SaveAccessoryVac {
                    index: 2,
                    path: PathBuf::from(written)
                })
            );
        }
        assert_eq!(purpose.action(Vec::new()), None);
    }
}
