//! What the interface asks of the window (a file dialog, closing), queued by the player and
//! carried out by the window, which owns the dialogs and the event loop.

use std::collections::VecDeque;

use mmd_scene::project::locate::MissingPart;

/// One thing the interface asked the window to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Show a file dialog to open files.
    OpenDialog,
    /// The same, for a model to put in place of the selected one.
    ReplaceModelDialog,
    /// The same, for motions to add as layers.
    AddLayersDialog,
    /// Show a file dialog to pick where the settings of this accessory (by its place in the
    /// scene) are saved as a `.vac`.
    SaveVacDialog(usize),
    /// Show a file dialog to pick where the project is saved.
    SaveProjectDialog,
    /// Show a file dialog to pick where this missing file of the project is.
    LocateDialog(MissingPart),
    /// Close the window.
    Quit,
}

/// The requests not carried out yet, oldest first; asking again for one that waits asks
/// nothing more (a button pressed twice before the window looked opens one dialog).
#[derive(Debug, Clone, Default)]
pub struct Requests {
    waiting: VecDeque<Request>,
}

impl Requests {
    /// Queues `request`, unless it already waits.
    pub fn push(&mut self, request: Request) {
        if !self.waiting.contains(&request) {
            self.waiting.push_back(request);
        }
    }

    /// Takes the oldest request that `wanted` accepts out of the queue.
    pub fn take_first(&mut self, wanted: impl Fn(&Request) -> bool) -> Option<Request> {
        let at = self.waiting.iter().position(wanted)?;
        self.waiting.remove(at)
    }

    /// Takes `request` out of the queue; returns whether it was waiting.
    pub fn take(&mut self, request: Request) -> bool {
        self.take_first(|r| *r == request).is_some()
    }

    /// Whether `request` waits.
    pub fn contains(&self, request: Request) -> bool {
        self.waiting.contains(&request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_waits_once_and_leaves_in_order() {
        let mut requests = Requests::default();
        requests.push(Request::SaveVacDialog(2));
        requests.push(Request::OpenDialog);
        requests.push(Request::SaveVacDialog(2));
        requests.push(Request::Quit);
        assert!(requests.take(Request::Quit));
        assert!(!requests.take(Request::Quit), "taken once");
        assert_eq!(
            requests.take_first(|_| true),
            Some(Request::SaveVacDialog(2))
        );
        assert_eq!(requests.take_first(|_| true), Some(Request::OpenDialog));
        assert_eq!(
            requests.take_first(|_| true),
            None,
            "asked twice, shown once"
        );
    }
}
