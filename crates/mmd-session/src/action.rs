//! What the user asks the player to do. The interface only reads the player's state and
//! returns actions; [`crate::Player::apply`] carries every one out, so whatever a
//! click or a key does, a test (or a script) can do the same way.

use std::path::PathBuf;

use mmd_physics::SubstepRate;
use mmd_pose::{IkMethod, IkOverride, Light};

use crate::export::ExportRequest;
use crate::orbit::ViewSide;
use crate::project_actions::UnsavedAnswer;
use mmd_scene::engine::PhysicsMode;
use mmd_scene::engine::pose_edit::PoseAction;
use mmd_scene::project::locate::MissingPart;
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::layers::LayerEdit;

/// A toggle of the View menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewOption {
    Edges,
    GroundShadow,
    SelfShadow,
    Skeleton,
    Wireframe,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    TogglePlay,
    /// Pauses and moves by whole frames.
    Step(i32),
    JumpToStart,
    JumpToEnd,
    SetLooping(bool),
    SetSpeed(f32),
    /// Pauses and jumps to a frame.
    Seek(f32),
    SetIk {
        bone: usize,
        value: IkOverride,
    },
    SetAllIk(IkOverride),
    /// Solves one IK bone's chain with `method`.
    SetIkMethod {
        bone: usize,
        method: IkMethod,
    },
    SetAllIkMethods(IkMethod),
    /// Pins a morph to a weight, or gives it back to the motion (`None`).
    PinMorph {
        morph: usize,
        weight: Option<f32>,
    },
    SelectBone(usize),
    /// Clears the bone selection (a click on empty space in the view, or Esc).
    Deselect,
    SetView(ViewOption, bool),
    /// Draw with the scene's camera motion (true) or the free camera.
    UseCameraMotion(bool),
    /// Frame the model with the free camera, for a view of this width / height.
    FrameCamera {
        aspect: f32,
    },
    /// Turn the free camera by a drag of (dx, dy) points.
    OrbitCamera {
        dx: f32,
        dy: f32,
    },
    /// Move the free camera's target by a drag in a view `view_height` points tall.
    PanCamera {
        dx: f32,
        dy: f32,
        view_height: f32,
    },
    /// Zoom the free camera by a scroll of this many points.
    ZoomCamera(f32),
    /// Turn the free camera to look from one side (MMD's view presets), keeping its target
    /// and distance.
    LookFrom(ViewSide),
    ResetCamera,
    /// Set the light by hand (MMD's light panel), over the light motion until reset.
    SetLight(Light),
    /// Give the light back to the light motion (MMD's default without one).
    ResetLight,
    /// Ask for a file dialog (the window layer shows the system's, or the in-window browser
    /// where the system has none).
    OpenDialog,
    /// Open model, motion, pose, camera or music files (dropped, picked or typed): models
    /// are added, motions bind to the model before them in the list or else to the
    /// selected model.
    Open(Vec<PathBuf>),
    /// Ask for a file dialog to pick a model to put in place of the selected one.
    ReplaceModelDialog,
    /// Put this model in place of the selected one, which keeps its motions.
    ReplaceModel(PathBuf),
    /// Show this model (by its place in the scene) in the panels.
    SelectModel(usize),
    SetModelVisible {
        model: usize,
        visible: bool,
    },
    /// Move this model's place on the stage (its model space, in model units).
    PlaceModel {
        model: usize,
        position: glam::Vec3,
    },
    /// Take this model off the stage.
    RemoveModel(usize),
    /// Hang this bone of the selected model from a bone of another model (by its place in
    /// the scene), from the first frame on; `None` gives it back to its own parent.
    SetOutsideParent {
        bone: usize,
        parent: Option<(usize, usize)>,
    },
    /// Show this accessory (by its place in the scene) in the Accessories panel.
    SelectAccessory(usize),
    /// Change one of MMD's settings of this accessory (by its place in the scene).
    EditAccessory {
        index: usize,
        edit: AccessoryEdit,
    },
    /// Take this accessory off the stage.
    RemoveAccessory(usize),
    /// Ask for a file dialog to pick where this accessory's settings are saved as a `.vac`.
    SaveAccessoryVacDialog(usize),
    /// Write this accessory's settings as a `.vac` at `path`, naming its `.x` relative to it.
    SaveAccessoryVac {
        index: usize,
        path: PathBuf,
    },
    /// Close the window (asking first about a project's unsaved changes).
    Quit,
    /// File → Save project: to the project's file, or a file dialog asks where.
    SaveProject,
    /// File → Save project as…: a file dialog asks where.
    SaveProjectAsDialog,
    /// Write the project to this file; the scene belongs to it from then on.
    SaveProjectTo(PathBuf),
    /// The answer to "save the changes to the project?".
    AnswerUnsaved(UnsavedAnswer),
    /// Ask for a file dialog to pick where a missing file of the project is.
    LocateMissingDialog(MissingPart),
    /// Open this file as the missing part of the project, then look for the other missing
    /// files in its folder.
    LocateMissing {
        part: MissingPart,
        path: PathBuf,
    },
    DismissError,
    /// Forget the notices listed so far.
    ClearNotices,
    SetPhysicsMode(PhysicsMode),
    /// Physics substeps per second of motion time.
    SetPhysicsRate(SubstepRate),
    /// Live: simulate again from the current frame. Baked: bake again.
    ResetPhysics,
    /// Ask for the native file dialog to pick motions to add as layers.
    AddLayerDialog,
    /// Add each motion or pose as a layer of its own after the selected model's others.
    AddLayers(Vec<PathBuf>),
    /// Change one motion layer of the selected model (by its place in the list).
    EditLayer {
        layer: usize,
        edit: LayerEdit,
    },
    /// File → Export: renders the scene as it is now into a video or PNG frames, on a
    /// thread, while the window goes on.
    StartExport(ExportRequest),
    /// Stops the running export; a video cut short is removed.
    CancelExport,
    /// The timeline frame at which the music's start plays (negative: the music starts
    /// before the motion).
    SetMusicOffset(f32),
    /// 0 to 1.
    SetMusicVolume(f32),
    SetMusicMuted(bool),
    RemoveMusic,
    /// Pose mode: handles dragged and pinned, undo and redo, keying and saving.
    Pose(PoseAction),
}

impl Action {
    /// Whether the action can change what a project keeps: not moving along the timeline,
    /// selecting, opening dialogs or answering them, which leave the scene as it is, nor the
    /// window framing its free camera on the models by itself.
    pub fn may_change_project(&self) -> bool {
        !matches!(
            self,
            Action::TogglePlay
                | Action::Step(_)
                | Action::JumpToStart
                | Action::JumpToEnd
                | Action::Seek(_)
                | Action::SelectBone(_)
                | Action::Deselect
                | Action::SelectModel(_)
                | Action::SelectAccessory(_)
                | Action::FrameCamera { .. }
                | Action::OpenDialog
                | Action::ReplaceModelDialog
                | Action::AddLayerDialog
                | Action::SaveAccessoryVacDialog(_)
                | Action::SaveProjectAsDialog
                | Action::LocateMissingDialog(_)
                | Action::DismissError
                | Action::ClearNotices
                | Action::Quit
        )
    }
}
