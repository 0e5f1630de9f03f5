//! Pose mode as the player carries it out (the editing itself is [`PoseEditor`]).
//!
//! - Turning it on pauses playback on the nearest whole frame and starts an edit of that
//!   frame's pose: the motion layers with the user's IK overrides and morph pins, physics
//!   left out (bodies follow their bones while a pose is edited).
//! - The edit is dropped, without asking, when Pose mode is left, when playback starts
//!   (which leaves Pose mode), and when the timeline moves, the model, the motions, an IK
//!   override or a morph pin changes: Pose mode then starts a new edit at the frame shown.
//!   What should stay is keyed into the motion or saved first.
//! - "Key this pose" adds VMD keys of the pose at the frame to **the motion being
//!   edited**: the first layer's files merged into one VMD ([`merge_vmds`]), the new keys
//!   replacing that motion's keys of the same bones (and show/IK switches) at that frame.
//!   The layer is bound again to the merged motion, keeping its weight, offset and mode,
//!   so playback shows the keyed pose at the frame (exactly when the first layer is the
//!   only one taking part, at weight 1); the keys go at the layer's own frame. Without
//!   any layer the keys become the first layer. The edit then starts again from the
//!   keyed motion.
//! - "Save motion…" writes the motion being edited as a VMD, "Save pose…" the pose as a
//!   VPD; both take a typed path.

use std::path::Path;

use mmd_format::vmd::Vmd;
use mmd_pose::Pose;
use mmd_scene::engine::{PhysicsChange, PoseInput};

use super::Player;
use super::action::Action;
use super::message::Message;
use super::notices::Notice;
use mmd_scene::engine::pose_edit::{
    PoseAction, PoseEditor, insert_keys, merge_vmds, vpd_model_name,
};
use mmd_scene::project::files::MotionFile;
use mmd_scene::stage::model::Model;
use mmd_scene::stage::source::Source;

#[derive(Default)]
pub(super) struct PoseModeState {
    on: bool,
    editor: Option<PoseEditor>,
    /// The edit's inputs changed: the next update starts a new edit.
    stale: bool,
    /// How the last key or save went, for the panel.
    outcome: Option<String>,
}

impl Player {
    /// Runs `f` on the edit with the model being edited (the selected one); `None` outside
    /// Pose mode.
    fn edit<R>(&mut self, f: impl FnOnce(&mut PoseEditor, &Model) -> R) -> Option<R> {
        let mut editor = self.pose_mode.editor.take()?;
        let result = self.actor().map(|actor| f(&mut editor, &actor.model));
        self.pose_mode.editor = Some(editor);
        result
    }

    pub(super) fn apply_pose(&mut self, action: PoseAction) {
        match action {
            PoseAction::SetMode(on) => self.set_pose_mode(on),
            PoseAction::Drag { handle, to } => {
                if let Some(Err(e)) = self.edit(|e, model| e.drag(&model.rig, handle, to)) {
                    let error = e.to_string();
                    self.fail_on_selected(&Message::PoseFailed { error });
                }
            }
            PoseAction::Release => self.with_editor(PoseEditor::release),
            PoseAction::SetPin { handle, pinned } => {
                self.with_editor(|e| e.set_pinned(handle, pinned));
            }
            PoseAction::Undo => self.with_editor(PoseEditor::undo),
            PoseAction::Redo => self.with_editor(PoseEditor::redo),
            PoseAction::Reset => self.with_editor(PoseEditor::reset),
            PoseAction::Key => self.key_pose(),
            PoseAction::SavePose(path) => self.save_pose(&path),
            PoseAction::SaveMotion(path) => self.save_motion(&path),
        }
    }

    fn with_editor(&mut self, change: impl FnOnce(&mut PoseEditor)) {
        if let Some(editor) = self.pose_mode.editor.as_mut() {
            change(editor);
        }
    }

    fn set_pose_mode(&mut self, on: bool) {
        self.pose_mode.on = on;
        self.pose_mode.editor = None;
        self.pose_mode.outcome = None;
        if on {
            self.playback.playing = false;
            let frame = self.playback.frame().round();
            self.playback.seek(frame);
            self.sync_pose_edit();
        }
    }

    /// Notes what an action does to the edit (before it is carried out): playing leaves
    /// Pose mode, and a change of what the pose is made from drops the edit. Every action is
    /// named, so that a new one cannot leave an edit standing on inputs it changed unnoticed.
    pub(super) fn pose_inputs_changing(&mut self, action: &Action) {
        if !self.pose_mode.on {
            return;
        }
        match action {
            Action::TogglePlay => self.set_pose_mode(false),
            // What the edited pose is made from: the model, its motions and their IK and
            // morph overrides.
            Action::SetIk { .. }
            | Action::SetAllIk(_)
            | Action::SetIkMethod { .. }
            | Action::SetAllIkMethods(_)
            | Action::PinMorph { .. }
            | Action::Open(_)
            | Action::AddLayers(_)
            | Action::EditLayer { .. }
            | Action::SelectModel(_)
            | Action::RemoveModel(_)
            | Action::SetOutsideParent { .. }
            | Action::LocateMissing { .. }
            | Action::ReplaceModel(_) => self.pose_mode.stale = true,
            // A new frame starts a new edit by itself (see `sync_pose_edit`).
            Action::Step(_) | Action::JumpToStart | Action::JumpToEnd | Action::Seek(_) => {}
            // The edit is made in the model's own space and without physics: where the model
            // stands, whether it shows and how bodies move leave it as it is.
            Action::SetModelVisible { .. }
            | Action::PlaceModel { .. }
            | Action::SetPhysicsMode(_)
            | Action::SetPhysicsRate(_)
            | Action::ResetPhysics => {}
            // An accessory follows the poses (its parent bone) and never changes them.
            Action::SelectAccessory(_)
            | Action::EditAccessory { .. }
            | Action::RemoveAccessory(_)
            | Action::SaveAccessoryVacDialog(_)
            | Action::SaveAccessoryVac { .. } => {}
            // The view, the timeline's settings, dialogs, music, export and the edit's own
            // actions.
            Action::SetLooping(_)
            | Action::SetSpeed(_)
            | Action::SelectBone(_)
            | Action::Deselect
            | Action::SetView(..)
            | Action::UseCameraMotion(_)
            | Action::FrameCamera { .. }
            | Action::OrbitCamera { .. }
            | Action::PanCamera { .. }
            | Action::ZoomCamera(_)
            | Action::LookFrom(_)
            | Action::ResetCamera
            | Action::SetLight(_)
            | Action::ResetLight
            | Action::OpenDialog
            | Action::ReplaceModelDialog
            | Action::AddLayerDialog
            | Action::Quit
            | Action::SaveProject
            | Action::SaveProjectAsDialog
            | Action::SaveProjectTo(_)
            | Action::AnswerUnsaved(_)
            | Action::LocateMissingDialog(_)
            | Action::DismissError
            | Action::ClearNotices
            | Action::StartExport(_)
            | Action::CancelExport
            | Action::SetMusicOffset(_)
            | Action::SetMusicVolume(_)
            | Action::SetMusicMuted(_)
            | Action::RemoveMusic
            | Action::Pose(_) => {}
        }
    }

    /// Starts a new edit when Pose mode is on and the frame or the edit's inputs changed
    /// (or leaves Pose mode when playback runs).
    pub(super) fn sync_pose_edit(&mut self) {
        let state = &self.pose_mode;
        if !state.on {
            return;
        }
        if self.playback.playing {
            self.set_pose_mode(false);
            return;
        }
        let frame = self.playback.frame();
        if !state.stale && state.editor.as_ref().is_some_and(|e| e.frame() == frame) {
            return;
        }
        self.pose_mode.stale = false;
        let Some(actor) = self.actor() else {
            self.pose_mode.on = false;
            self.pose_mode.editor = None;
            return;
        };
        let rig = &actor.model.rig;
        let mut reference = Pose::new(rig);
        PoseInput::of(actor).evaluate(frame, &mut reference);
        match PoseEditor::new(rig, &reference, frame) {
            Ok(editor) => self.pose_mode.editor = Some(editor),
            Err(e) => {
                self.pose_mode.on = false;
                self.pose_mode.editor = None;
                let error = e.to_string();
                self.fail_on_selected(&Message::PoseModeFailed { error });
            }
        }
    }

    pub fn pose_mode(&self) -> bool {
        self.pose_mode.on
    }

    /// The edit while Pose mode is on.
    pub fn pose_editor(&self) -> Option<&PoseEditor> {
        self.pose_mode.editor.as_ref()
    }

    /// How the last key or save went.
    pub fn pose_outcome(&self) -> Option<&str> {
        self.pose_mode.outcome.as_deref()
    }

    /// Whether there is a motion being edited (see the module docs) to save, without
    /// merging it.
    pub fn has_edited_motion(&self) -> bool {
        self.actor().is_some_and(|a| !a.layer_sources().is_empty())
    }

    /// The motion being edited (see the module docs) as one VMD; `None` without layers.
    pub fn edited_motion(&self) -> Option<Vmd> {
        let source = self.actor()?.layer_sources().first()?;
        Some(merge_vmds(source.files.iter().map(|f| &f.vmd)))
    }

    /// The frame of the first layer at the timeline's frame, where keys go: a whole frame
    /// from 0 up, or why not.
    pub fn key_frame(&self) -> Result<u32, Message> {
        let layers = self.actor().ok_or(Message::NoModelSelected)?.layers();
        let frame = self.playback.frame();
        let local = layers.first().map_or(frame, |l| l.local_frame(frame));
        if local < 0.0 || local.fract() != 0.0 || local > u32::MAX as f32 {
            return Err(Message::NotAKeyFrame { frame: local });
        }
        Ok(local as u32)
    }

    fn key_pose(&mut self) {
        let frame = match self.key_frame() {
            Ok(frame) => frame,
            Err(message) => {
                let error = self.text(&message);
                return self.fail_on_selected(&Message::KeyFailed { error });
            }
        };
        let keys = match self.edit(|e, model| e.to_vmd_keys(&model.rig, frame)) {
            None => return,
            Some(Err(e)) => {
                let error = e.to_string();
                return self.fail_on_selected(&Message::KeyFailed { error });
            }
            Some(Ok(keys)) => keys,
        };
        let motion = insert_keys(&self.edited_motion().unwrap_or_default(), &keys);
        self.key_into_motion(motion);
        self.playback.set_last_frame(self.scene.last_frame());
        self.physics_changed(PhysicsChange::Motion, self.selected);
        self.pose_mode.stale = true;
        self.pose_mode.outcome = Some(self.text(&Message::Keyed { frame }));
    }

    /// Makes `motion` the motion being edited: the first layer's only file, bound again
    /// (its settings kept), or the first layer when there is none.
    fn key_into_motion(&mut self, motion: Vmd) {
        let words = &self.services.words;
        let Some(actor) = self.selected.and_then(|i| self.scene.actors.get_mut(i)) else {
            return;
        };
        let label = actor
            .layer_sources()
            .first()
            .map_or_else(|| words.text(&Message::PoseKeys), |s| s.label.clone());
        // Marked once, whichever language marked it.
        let marked = words
            .text_in_every_language(&Message::Edited)
            .iter()
            .any(|mark| label.ends_with(mark.as_str()));
        let label = if marked {
            label
        } else {
            format!("{label}{}", words.text(&Message::Edited))
        };
        actor.set_first_layer_motion(MotionFile {
            label,
            vmd: motion,
            pose: None,
            source: Source::Made,
        });
    }

    fn save_pose(&mut self, path: &Path) {
        let Some(actor) = self.actor() else {
            return;
        };
        let name = vpd_model_name(Some(Path::new(&actor.model.file)));
        let Some(vpd) = self.edit(|e, model| e.to_vpd(&model.rig, &name)) else {
            return;
        };
        let written = vpd
            .map_err(|e| e.to_string())
            .and_then(|vpd| mmd_format::vpd::write(&vpd).map_err(|e| e.to_string()));
        self.write_file(path, written, |path| Message::SavedPose { path });
    }

    fn save_motion(&mut self, path: &Path) {
        let Some(motion) = self.edited_motion() else {
            return self.fail_on_selected(&Message::NoMotionToSave);
        };
        let written = mmd_format::vmd::write(&motion).map_err(|e| e.to_string());
        self.write_file(path, written, |path| Message::SavedMotion { path });
    }

    /// Writes `bytes` to `path`; `saved` words the outcome for the path written.
    fn write_file(
        &mut self,
        path: &Path,
        bytes: Result<Vec<u8>, String>,
        saved: impl FnOnce(String) -> Message,
    ) {
        let written = bytes.and_then(|b| {
            std::fs::write(path, b).map_err(|e| {
                self.text(&Message::CannotWrite {
                    error: e.to_string(),
                })
            })
        });
        match written {
            Ok(()) => {
                let saved = saved(path.display().to_string());
                self.pose_mode.outcome = Some(self.text(&saved));
            }
            Err(message) => {
                let file = path.display().to_string();
                self.notices.push(Notice::error(&file, &message));
                self.error = Some(format!("{file}: {message}"));
            }
        }
    }
}
