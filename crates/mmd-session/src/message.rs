//! What the session says to the user (a failure, an outcome, a label it gives a motion it
//! made), as values the host puts into words: the session knows what happened, the host
//! knows the language. Text that comes from elsewhere (a reader's warning, an OS error) is
//! carried inside as it is.

/// One thing the session tells the user, with what the sentence names.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// An accessory's setting could not be applied.
    AccessoryFailed { accessory: String, error: String },
    /// An accessory could not be written as a `.vac`.
    VacNotWritten {
        accessory: String,
        path: String,
        error: String,
    },
    /// The host could not begin an export.
    ExportNotStarted { error: String },
    /// A running export failed.
    ExportFailed { error: String },
    /// A missing file was found in the folder another one was located in.
    FoundBeside { folder: String },
    /// What a notice about the command line names as its file.
    CommandLine,
    /// The GPU device was lost: nothing is drawn until the player starts again.
    DeviceLost { error: String },
    /// Live physics stopped with a blow-up.
    PhysicsBlewUp {
        model: String,
        frame: f32,
        error: String,
    },
    /// The timeline is longer than a bake may be.
    TooLongToBake { frames: f32, most: u32 },
    /// Physics could not run.
    PhysicsFailed { error: String },
    /// A bake finished with blow-ups.
    BakeBlewUp {
        model: String,
        count: usize,
        frame: u32,
        error: String,
    },
    /// A Pose mode edit failed.
    PoseFailed { error: String },
    /// Pose mode could not be entered.
    PoseModeFailed { error: String },
    /// An action needs a selected model and there is none.
    NoModelSelected,
    /// Keys are written at whole frames of the motion, and this is not one.
    NotAKeyFrame { frame: f32 },
    /// Keying the pose failed.
    KeyFailed { error: String },
    /// The pose was keyed.
    Keyed { frame: u32 },
    /// The label of a motion made from keys for a model that had none.
    PoseKeys,
    /// What ends the label of a motion edited in the player.
    Edited,
    /// The pose was saved as a VPD.
    SavedPose { path: String },
    /// The edited motion was saved as a VMD.
    SavedMotion { path: String },
    /// There is no motion to save.
    NoMotionToSave,
    /// A file could not be written.
    CannotWrite { error: String },
    /// Parts of an opened project did not open.
    PartsMissing { file: String, count: usize },
    /// Exports run at 30 or 60 frames a second only.
    ExportRate { fps: u32 },
    /// The export's last frame comes before its first.
    ExportOrder { last: u32, first: u32 },
    /// The export holds more frames than one may.
    ExportTooMany { count: u64, most: u32 },
    /// The export's picture has no pixels.
    ExportEmptySize,
    /// The export has nowhere to go.
    ExportNoPath,
}

/// The host's words for [`Message`]s, in the language the interface shows.
pub trait Words {
    /// `message` in the language shown now.
    fn text(&self, message: &Message) -> String;

    /// `message` in every language the host speaks (to recognise a label whichever language
    /// wrote it).
    fn text_in_every_language(&self, message: &Message) -> Vec<String> {
        vec![self.text(message)]
    }
}

/// The words of a session without a host: each message as its own name and fields, the
/// same in every run, for programs and tests that read messages rather than show them.
#[derive(Debug, Clone, Copy, Default)]
pub struct MessageNames;

impl Words for MessageNames {
    fn text(&self, message: &Message) -> String {
        format!("{message:?}")
    }
}
