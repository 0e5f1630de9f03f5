//! The repairs a `.x` read made, in words. One warning sums up one kind of repair in one mesh,
//! but a hostile file can hold any number of meshes, so the list is capped.

/// At most this many warnings are listed; the rest are counted in one last line.
const MAX_LISTED: usize = 1000;

#[derive(Debug, Default)]
pub(super) struct Warnings {
    listed: Vec<String>,
    unlisted: usize,
}

impl Warnings {
    /// Records a warning; `message` is only formatted when it is listed.
    #[cold]
    pub(super) fn push(&mut self, message: impl FnOnce() -> String) {
        if self.listed.len() < MAX_LISTED {
            self.listed.push(message());
        } else {
            self.unlisted += 1;
        }
    }

    pub(super) fn finish(mut self) -> Vec<String> {
        if self.unlisted > 0 {
            self.listed.push(format!(
                "{} more warnings like these, not listed",
                self.unlisted
            ));
        }
        self.listed
    }
}
