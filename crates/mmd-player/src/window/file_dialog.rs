//! The system's file dialog, run beside the event loop so the player keeps drawing (and
//! playing) while it is open. rfd's asynchronous dialog is made on the event loop's thread,
//! as macOS requires, and waited for on a thread of its own; the event loop polls for the
//! answer each frame.
//!
//! On Linux and the BSDs rfd asks the desktop portal, then zenity. Its answer tells a
//! cancelled dialog (no files) from one that could not be shown (`None`, with the reasons
//! only in the log), and the window then opens the in-window browser instead. Elsewhere the
//! system always has a dialog, and `None` means cancelled.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use mmd_player::ui::file_browser::FilePurpose;
use rust_i18n::t;
use winit::window::Window;

/// Whether rfd's "no answer" means the system has no dialog (see the module's notes).
const NONE_MEANS_UNAVAILABLE: bool = cfg!(all(unix, not(target_vendor = "apple")));

/// How a dialog ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Picked(Vec<PathBuf>),
    Cancelled,
    /// The system has no file dialog to show.
    Unavailable,
}

/// A system dialog being shown.
pub struct NativeDialog {
    answer: Receiver<Option<Vec<PathBuf>>>,
    purpose: FilePurpose,
}

impl NativeDialog {
    /// Shows the dialog picking files for `purpose` (or, for a save, the file to write) over
    /// `window`, starting in `folder`.
    pub fn open(window: &Window, folder: Option<&Path>, purpose: FilePurpose) -> NativeDialog {
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title(purpose.title())
            .add_filter(t!("window.mmd_files"), purpose.extensions())
            .set_parent(window);
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        // The dialog is made here, on the event loop's thread; only the wait moves off it.
        let answer = if purpose.saves() {
            let saving = dialog.save_file();
            wait_for(async move { saving.await.map(|file| vec![file.path().to_path_buf()]) })
        } else if purpose.picks_one() {
            let picking = dialog.pick_file();
            wait_for(async move { picking.await.map(|file| vec![file.path().to_path_buf()]) })
        } else {
            let picking = dialog.pick_files();
            wait_for(async move {
                let files = picking.await?;
                Some(files.iter().map(|f| f.path().to_path_buf()).collect())
            })
        };
        NativeDialog { answer, purpose }
    }

    pub fn purpose(&self) -> FilePurpose {
        self.purpose
    }

    /// The answer, once the user has given it.
    pub fn poll(&self) -> Option<Answer> {
        match self.answer.try_recv() {
            Ok(picked) => Some(interpret(picked)),
            Err(TryRecvError::Empty) => None,
            // The thread ended without answering: treat as no dialog.
            Err(TryRecvError::Disconnected) => Some(Answer::Unavailable),
        }
    }
}

/// Waits for the dialog's answer on a thread of its own, for [`NativeDialog::poll`].
fn wait_for(
    answering: impl Future<Output = Option<Vec<PathBuf>>> + Send + 'static,
) -> Receiver<Option<Vec<PathBuf>>> {
    let (send, answer) = channel();
    std::thread::spawn(move || {
        // The window may have closed meanwhile; then nobody waits for the answer.
        let _ = send.send(pollster::block_on(answering));
    });
    answer
}

fn interpret(picked: Option<Vec<PathBuf>>) -> Answer {
    match picked {
        Some(files) if !files.is_empty() => Answer::Picked(files),
        Some(_) => Answer::Cancelled,
        None if NONE_MEANS_UNAVAILABLE => Answer::Unavailable,
        None => Answer::Cancelled,
    }
}
