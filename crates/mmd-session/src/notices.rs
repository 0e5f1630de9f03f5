//! What went wrong or was repaired along the way, for the notices panel: files that failed to
//! open, references a model reads with that point nowhere, textures that are missing or
//! broken, physics that could not run. Each names the file it is about, so the user sees in
//! the window what the log says.

use std::collections::VecDeque;

/// How many notices are kept; older ones are dropped first.
pub const MAX_NOTICES: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Something was repaired or left out, and the rest goes on (MMD shows the file too).
    Warning,
    /// Something the user asked for did not happen.
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub severity: Severity,
    /// The file it is about, as the user knows it (a path, or "bundled model").
    pub file: String,
    pub message: String,
}

impl Notice {
    pub fn warning(file: impl Into<String>, message: impl Into<String>) -> Notice {
        Notice {
            severity: Severity::Warning,
            file: file.into(),
            message: message.into(),
        }
    }

    pub fn error(file: impl Into<String>, message: impl Into<String>) -> Notice {
        Notice {
            severity: Severity::Error,
            file: file.into(),
            message: message.into(),
        }
    }
}

/// The notices so far, oldest first.
#[derive(Debug, Clone, Default)]
pub struct Notices {
    list: VecDeque<Notice>,
}

impl Notices {
    /// Adds `notice`, unless it repeats the last one (a simulation that keeps failing says so
    /// once); beyond [`MAX_NOTICES`] the oldest is dropped.
    pub fn push(&mut self, notice: Notice) {
        if self.list.back() == Some(&notice) {
            return;
        }
        if self.list.len() == MAX_NOTICES {
            self.list.pop_front();
        }
        self.list.push_back(notice);
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Notice> {
        self.list.iter()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn errors(&self) -> usize {
        self.list
            .iter()
            .filter(|n| n.severity == Severity::Error)
            .count()
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_kept_once_and_the_oldest_go_first() {
        let mut notices = Notices::default();
        notices.push(Notice::error("a.pmx", "cannot read"));
        notices.push(Notice::error("a.pmx", "cannot read"));
        notices.push(Notice::warning("a.pmx", "texture x.png: not found"));
        notices.push(Notice::error("a.pmx", "cannot read"));
        assert_eq!(notices.len(), 3);
        assert_eq!(notices.errors(), 2);
        for i in 0..MAX_NOTICES {
            notices.push(Notice::warning("b.pmx", format!("warning {i}")));
        }
        assert_eq!(notices.len(), MAX_NOTICES);
        assert_eq!(notices.iter().next().unwrap().message, "warning 0");
        assert_eq!(
            notices.iter().last().unwrap().message,
            format!("warning {}", MAX_NOTICES - 1)
        );
    }
}
