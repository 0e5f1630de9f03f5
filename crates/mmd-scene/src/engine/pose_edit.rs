//! Pose mode's editing state, apart from the window: the handles on the body (hands, feet,
//! head, centre, as [`mmd_pose::Handle`] finds them), which are pinned, the drag in
//! progress, the edited pose with its undo and redo steps, and the pose as files (a VPD,
//! VMD keys, and the edited motion with those keys in it).
//!
//! Every drag step solves the whole body with [`FullBodySolver`] from the pose the drag
//! started from, in priority order: the pinned handles (where that pose has them, in
//! position and orientation), then the dragged handle's target, then, in the freedom left,
//! staying near that pose. A drag therefore keeps what earlier drags did; the first drag
//! starts from the motion's pose at the frame. Dragging a pinned handle moves its pin
//! (the handle keeps its orientation). A drag ends as one undo step.
//!
//! The motion's pose is taken in as the solver holds it: every joint inside the humanoid
//! ranges (and IK link limits) and every IK bone on its effector, so what is shown is what
//! a saved VPD or keyed VMD plays back.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use glam::Vec3;
use mmd_format::vmd::{BoneKey, IkKey, MorphKey, Vmd};
use mmd_format::vpd::Vpd;
use mmd_pose::{FullBody, FullBodyError, FullBodySolver, Handle, Pin, Pose, Rig, Target};

/// The most undo steps kept (each is one pose of the model).
const MAX_UNDO: usize = 64;

/// What Pose mode's interface asks of the player.
#[derive(Debug, Clone, PartialEq)]
pub enum PoseAction {
    /// Turns Pose mode on (pausing playback on the nearest whole frame) or off (dropping
    /// the edit).
    SetMode(bool),
    /// One step of a drag: the handle's target moves to this model-space point.
    Drag {
        handle: Handle,
        to: Vec3,
    },
    /// The drag ended; its pose becomes one undo step.
    Release,
    SetPin {
        handle: Handle,
        pinned: bool,
    },
    Undo,
    Redo,
    /// Back to the motion's pose at the frame (an undo step itself).
    Reset,
    /// Adds VMD keys of the pose at the frame to the edited motion (see
    /// `player::pose_actions`).
    Key,
    /// Writes the pose as a VPD.
    SavePose(PathBuf),
    /// Writes the edited motion as a VMD.
    SaveMotion(PathBuf),
}

/// How the last drag step's solve went.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveTiming {
    /// Wall time of the solve, microseconds.
    pub micros: f32,
    pub iterations: u32,
    /// The dragged handle's distance from its target, model units.
    pub residual: f32,
}

/// A drag in progress.
#[derive(Debug, Clone)]
struct Drag {
    handle: Handle,
    bone: usize,
    /// The other pinned handles, where the drag's start pose has them, then the dragged
    /// handle's own pin when it is pinned (`held`): that one follows the drag.
    pins: Vec<Pin>,
    held: bool,
    /// Whether a step has been solved (the solver's pose is the drag's).
    solved: bool,
}

/// The edit of one frame's pose.
pub struct PoseEditor {
    frame: f32,
    body: FullBody,
    solver: FullBodySolver,
    /// The motion's pose at the frame as the solver holds it: what Reset goes back to.
    motion_pose: Pose,
    /// The pose as edited so far (the start of the next drag).
    current: Pose,
    pinned: HashMap<Handle, bool>,
    drag: Option<Drag>,
    undo: Vec<Pose>,
    redo: Vec<Pose>,
    last_solve: Option<SolveTiming>,
}

impl PoseEditor {
    /// Edits the pose at `frame`, starting from `reference` (the motion's pose there,
    /// evaluated for `rig`); the feet are pinned.
    pub fn new(rig: &Rig, reference: &Pose, frame: f32) -> Result<PoseEditor, FullBodyError> {
        let body = FullBody::new(rig);
        let mut solver = FullBodySolver::new(rig, &body);
        solver.solve(rig, &body, reference, &[], &[])?;
        let motion_pose = solver.pose().clone();
        let pinned = Handle::ALL
            .iter()
            .map(|&h| (h, matches!(h, Handle::LeftFoot | Handle::RightFoot)))
            .collect();
        Ok(PoseEditor {
            frame,
            body,
            solver,
            current: motion_pose.clone(),
            motion_pose,
            pinned,
            drag: None,
            undo: Vec::new(),
            redo: Vec::new(),
            last_solve: None,
        })
    }

    /// The timeline frame edited.
    pub fn frame(&self) -> f32 {
        self.frame
    }

    /// The handles the model has, each with its bone, in [`Handle::ALL`]'s order.
    pub fn handles(&self) -> impl Iterator<Item = (Handle, usize)> + '_ {
        Handle::ALL
            .iter()
            .filter_map(|&h| Some((h, self.body.handle(h)?)))
    }

    pub fn is_pinned(&self, handle: Handle) -> bool {
        self.pinned.get(&handle).copied().unwrap_or(false)
    }

    /// Pins or frees a handle; the drag in progress keeps the pins it started with.
    pub fn set_pinned(&mut self, handle: Handle, pinned: bool) {
        self.pinned.insert(handle, pinned);
    }

    /// The pose to draw: the drag's while one runs, otherwise the edit so far.
    pub fn shown(&self) -> &Pose {
        match &self.drag {
            Some(drag) if drag.solved => self.solver.pose(),
            _ => &self.current,
        }
    }

    /// The handle being dragged.
    pub fn dragged(&self) -> Option<Handle> {
        self.drag.as_ref().map(|d| d.handle)
    }

    /// Whether the pose differs from the motion's (something to key or save).
    pub fn is_edited(&self) -> bool {
        self.shown().globals != self.motion_pose.globals
    }

    pub fn can_undo(&self) -> bool {
        self.drag.is_none() && !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        self.drag.is_none() && !self.redo.is_empty()
    }

    pub fn last_solve(&self) -> Option<SolveTiming> {
        self.last_solve
    }

    /// One drag step: `handle` to model-space `to`, the whole body solved from the pose the
    /// drag started from (a drag of another handle ends the one before).
    pub fn drag(&mut self, rig: &Rig, handle: Handle, to: Vec3) -> Result<(), FullBodyError> {
        if self.drag.as_ref().is_some_and(|d| d.handle != handle) {
            self.release();
        }
        if self.drag.is_none() {
            let Some(bone) = self.body.handle(handle) else {
                return Ok(());
            };
            let mut pins: Vec<Pin> = self
                .handles()
                .filter(|&(h, _)| h != handle && self.is_pinned(h))
                .filter_map(|(_, b)| Pin::at(&self.current, b))
                .collect();
            let own = Pin::at(&self.current, bone).filter(|_| self.is_pinned(handle));
            let held = own.is_some();
            pins.extend(own);
            self.drag = Some(Drag {
                handle,
                bone,
                pins,
                held,
                solved: false,
            });
        }
        let Some(drag) = self.drag.as_mut() else {
            return Ok(());
        };
        // The pins and the target are updated in place: a drag step allocates nothing.
        let target = Target {
            bone: drag.bone,
            position: to,
        };
        let targets = match drag.pins.last_mut() {
            Some(own) if drag.held => {
                own.position = to;
                &[][..]
            }
            _ => std::slice::from_ref(&target),
        };
        let started = Instant::now();
        let report = self
            .solver
            .solve(rig, &self.body, &self.current, &drag.pins, targets)?;
        drag.solved = true;
        let reached = self.solver.pose().globals[drag.bone].w_axis.truncate();
        self.last_solve = Some(SolveTiming {
            micros: started.elapsed().as_secs_f32() * 1.0e6,
            iterations: report.iterations,
            residual: reached.distance(to),
        });
        Ok(())
    }

    /// Ends the drag: its pose becomes the edit, and the pose before it an undo step.
    pub fn release(&mut self) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        if drag.solved && self.solver.pose().globals != self.current.globals {
            let solved = self.solver.pose().clone();
            self.commit(solved);
        }
    }

    /// Makes `pose` the edit, the one before an undo step; the redo steps are dropped.
    fn commit(&mut self, pose: Pose) {
        let before = std::mem::replace(&mut self.current, pose);
        self.undo.push(before);
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    pub fn undo(&mut self) {
        if self.drag.is_some() {
            return;
        }
        if let Some(pose) = self.undo.pop() {
            self.redo.push(std::mem::replace(&mut self.current, pose));
        }
    }

    pub fn redo(&mut self) {
        if self.drag.is_some() {
            return;
        }
        if let Some(pose) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.current, pose));
        }
    }

    /// Back to the motion's pose (undoable); nothing happens when already there.
    pub fn reset(&mut self) {
        self.drag = None;
        if self.current.globals != self.motion_pose.globals {
            self.commit(self.motion_pose.clone());
        }
    }

    /// Makes the solver hold the edit (after an undo, a redo or a reset it holds another
    /// pose), so that its files are the edit's.
    fn settle(&mut self, rig: &Rig) -> Result<(), FullBodyError> {
        self.release();
        self.solver
            .solve(rig, &self.body, &self.current, &[], &[])
            .map(|_| ())
    }

    /// The edit as a VPD of every bone; `model_name` goes on its third line.
    pub fn to_vpd(&mut self, rig: &Rig, model_name: &str) -> Result<Vpd, FullBodyError> {
        self.settle(rig)?;
        Ok(self.solver.to_vpd(rig, model_name))
    }

    /// The edit as VMD keys at `frame` (see [`FullBodySolver::to_vmd_keys`]).
    pub fn to_vmd_keys(&mut self, rig: &Rig, frame: u32) -> Result<Vmd, FullBodyError> {
        self.settle(rig)?;
        Ok(self.solver.to_vmd_keys(rig, frame))
    }
}

/// Several VMDs as one, as [`mmd_pose::Motion::bind`] plays them together: bone, morph and
/// show/IK keys of every file, a later file's key replacing an earlier one's on the same
/// name and frame; camera, light and self-shadow keys of the last file that has each.
pub fn merge_vmds<'a>(vmds: impl IntoIterator<Item = &'a Vmd>) -> Vmd {
    let mut merged = Vmd::default();
    for (i, vmd) in vmds.into_iter().enumerate() {
        if i == 0 {
            merged.model_name = vmd.model_name;
        }
        insert_keys_into(&mut merged, vmd);
        if !vmd.camera_keys.is_empty() {
            merged.camera_keys = vmd.camera_keys.clone();
        }
        if !vmd.light_keys.is_empty() {
            merged.light_keys = vmd.light_keys.clone();
        }
        if !vmd.shadow_keys.is_empty() {
            merged.shadow_keys = vmd.shadow_keys.clone();
        }
    }
    merged
}

/// `base` with the bone, morph and show/IK keys of `keys` added: a key of `keys` replaces
/// `base`'s key of the same name at the same frame, and a show/IK key's switches replace
/// those of the same names at its frame. Everything else of `base` is kept.
pub fn insert_keys(base: &Vmd, keys: &Vmd) -> Vmd {
    let mut out = base.clone();
    insert_keys_into(&mut out, keys);
    out
}

/// [`insert_keys`] in place.
fn insert_keys_into(out: &mut Vmd, keys: &Vmd) {
    let bone_slot = |k: &BoneKey| (k.name, k.frame);
    let replaced: HashSet<_> = keys.bone_keys.iter().map(bone_slot).collect();
    out.bone_keys.retain(|k| !replaced.contains(&bone_slot(k)));
    out.bone_keys.extend(keys.bone_keys.iter().cloned());
    let morph_slot = |k: &MorphKey| (k.name, k.frame);
    let replaced: HashSet<_> = keys.morph_keys.iter().map(morph_slot).collect();
    out.morph_keys
        .retain(|k| !replaced.contains(&morph_slot(k)));
    out.morph_keys.extend(keys.morph_keys.iter().cloned());
    for key in &keys.ik_keys {
        match out.ik_keys.iter_mut().find(|k| k.frame == key.frame) {
            Some(existing) => merge_ik_key(existing, key),
            None => out.ik_keys.push(key.clone()),
        }
    }
}

fn merge_ik_key(into: &mut IkKey, from: &IkKey) {
    into.visible = from.visible;
    for state in &from.iks {
        match into.iks.iter_mut().find(|s| s.name == state.name) {
            Some(slot) => slot.enabled = state.enabled,
            None => into.iks.push(state.clone()),
        }
    }
}

/// What MMD writes on a VPD's third line: the model file's name with `.osm` ("model.osm"
/// without a file).
pub fn vpd_model_name(model_file: Option<&Path>) -> String {
    let stem = model_file
        .and_then(Path::file_stem)
        .map_or_else(|| "model".to_owned(), |s| s.to_string_lossy().into_owned());
    format!("{stem}.osm")
}

#[cfg(test)]
mod tests {
    use mmd_format::FixedText;
    use mmd_format::vmd::IkState;
    use mmd_pose::{IkOverrides, Layers, evaluate_layers};

    use super::*;
    use crate::stage::scene::Scene;

    fn bone_key(name: &str, frame: u32, x: f32) -> BoneKey {
        BoneKey {
            name: FixedText::encode(name),
            frame,
            translation: [x, 0.0, 0.0],
            rotation: [0.0, 0.0, 0.0, 1.0],
            interpolation: BoneKey::LINEAR_INTERPOLATION,
        }
    }

    fn ik_key(frame: u32, states: &[(&str, u8)]) -> IkKey {
        IkKey {
            frame,
            visible: 1,
            iks: states
                .iter()
                .map(|&(name, enabled)| IkState {
                    name: FixedText::encode(name),
                    enabled,
                })
                .collect(),
        }
    }

    #[test]
    fn inserted_keys_replace_the_same_bone_at_the_same_frame_only() {
        let base = Vmd {
            bone_keys: vec![
                bone_key("a", 0, 1.0),
                bone_key("a", 10, 2.0),
                bone_key("b", 10, 3.0),
            ],
            ik_keys: vec![ik_key(10, &[("左足ＩＫ", 0), ("右足ＩＫ", 0)])],
            ..Vmd::default()
        };
        let keys = Vmd {
            bone_keys: vec![bone_key("a", 10, 9.0)],
            ik_keys: vec![ik_key(10, &[("左足ＩＫ", 1)])],
            ..Vmd::default()
        };
        let out = insert_keys(&base, &keys);
        let a: Vec<(u32, f32)> = out
            .bone_keys
            .iter()
            .filter(|k| k.name.decode() == "a")
            .map(|k| (k.frame, k.translation[0]))
            .collect();
        assert_eq!(a, [(0, 1.0), (10, 9.0)]);
        assert!(out.bone_keys.iter().any(|k| k.name.decode() == "b"));
        assert_eq!(out.ik_keys.len(), 1);
        let states: Vec<(String, u8)> = out.ik_keys[0]
            .iks
            .iter()
            .map(|s| (s.name.decode(), s.enabled))
            .collect();
        assert_eq!(
            states,
            [("左足ＩＫ".to_owned(), 1), ("右足ＩＫ".to_owned(), 0)]
        );
    }

    #[test]
    fn merged_files_keep_the_later_key_and_the_last_light() {
        let first = Vmd {
            bone_keys: vec![bone_key("a", 5, 1.0)],
            light_keys: vec![mmd_format::vmd::LightKey {
                frame: 0,
                color: [0.6; 3],
                direction: [-0.5, -1.0, 0.5],
            }],
            ..Vmd::default()
        };
        let second = Vmd {
            bone_keys: vec![bone_key("a", 5, 2.0), bone_key("a", 6, 3.0)],
            ..Vmd::default()
        };
        let merged = merge_vmds([&first, &second]);
        let a: Vec<(u32, f32)> = merged
            .bone_keys
            .iter()
            .map(|k| (k.frame, k.translation[0]))
            .collect();
        assert_eq!(a, [(5, 2.0), (6, 3.0)]);
        assert_eq!(merged.light_keys, first.light_keys);
    }

    /// The bundled model at the bundled dance's frame 40.
    fn editor() -> (Scene, PoseEditor) {
        let scene = Scene::bundled().unwrap();
        let rig = &scene.actors[0].model.rig;
        let mut reference = Pose::new(rig);
        let layers: &Layers = scene.actors[0].layers();
        evaluate_layers(
            rig,
            layers,
            40.0,
            &IkOverrides::new(rig),
            &[],
            &mut reference,
        );
        let editor = PoseEditor::new(rig, &reference, 40.0).unwrap();
        (scene, editor)
    }

    fn at(pose: &Pose, bone: usize) -> Vec3 {
        pose.globals[bone].w_axis.truncate()
    }

    fn bone_of(editor: &PoseEditor, handle: Handle) -> usize {
        editor
            .handles()
            .find(|&(h, _)| h == handle)
            .map(|(_, b)| b)
            .unwrap()
    }

    #[test]
    fn a_dragged_hand_reaches_with_the_feet_held_and_undo_redo_walk_the_steps() {
        let (scene, mut editor) = editor();
        let rig = &scene.actors[0].model.rig;
        assert_eq!(
            editor.handles().count(),
            6,
            "the bundled model has every handle"
        );
        let hand = bone_of(&editor, Handle::LeftHand);
        let foot = bone_of(&editor, Handle::RightFoot);
        let start = editor.shown().clone();
        let goal = at(&start, hand) + Vec3::new(0.0, 2.0, -2.0);
        for t in [0.25, 0.5, 0.75, 1.0] {
            let to = at(&start, hand).lerp(goal, t);
            editor.drag(rig, Handle::LeftHand, to).unwrap();
        }
        assert!(at(editor.shown(), hand).distance(goal) < 1e-3);
        assert!(at(editor.shown(), foot).distance(at(&start, foot)) < 1e-3);
        assert!(!editor.can_undo(), "a drag is one step, taken when it ends");
        editor.release();
        assert!(editor.is_edited() && editor.can_undo());
        let dragged = editor.shown().clone();

        // A second drag starts from the first one's pose: the hand stays where it went
        // unless the body has to move it.
        let head = bone_of(&editor, Handle::Head);
        editor
            .drag(
                rig,
                Handle::Head,
                at(&dragged, head) + Vec3::new(0.3, 0.0, 0.0),
            )
            .unwrap();
        editor.release();
        assert!(at(editor.shown(), hand).distance(goal) < 0.5);

        editor.undo();
        assert_eq!(editor.shown().globals, dragged.globals);
        editor.undo();
        assert_eq!(editor.shown().globals, start.globals);
        assert!(!editor.is_edited() && !editor.can_undo());
        editor.redo();
        assert_eq!(editor.shown().globals, dragged.globals);
        editor.reset();
        assert_eq!(editor.shown().globals, start.globals);
        editor.undo();
        assert_eq!(
            editor.shown().globals,
            dragged.globals,
            "a reset is undone too"
        );
    }

    #[test]
    fn a_pinned_handle_drags_with_its_orientation_and_a_freed_foot_follows_the_body() {
        let (scene, mut editor) = editor();
        let rig = &scene.actors[0].model.rig;
        let foot = bone_of(&editor, Handle::LeftFoot);
        let start = editor.shown().clone();
        let held = Pin::at(&start, foot).unwrap();
        let to = held.position + Vec3::new(0.0, 1.0, -1.0);
        editor.drag(rig, Handle::LeftFoot, to).unwrap();
        let (moved, turned) = Pin {
            position: to,
            ..held
        }
        .drift(editor.shown())
        .unwrap();
        assert!(moved < 1e-3 && turned < 1e-3, "{moved} {turned}");
        editor.release();

        editor.reset();
        editor.set_pinned(Handle::LeftFoot, false);
        editor.set_pinned(Handle::RightFoot, false);
        let centre = bone_of(&editor, Handle::Centre);
        editor
            .drag(
                rig,
                Handle::Centre,
                at(&start, centre) + Vec3::new(0.0, -1.5, 0.0),
            )
            .unwrap();
        assert!(
            at(editor.shown(), foot).distance(held.position) > 0.1,
            "an unpinned foot is free to move with the body"
        );
    }

    #[test]
    fn files_hold_the_edit_after_undo() {
        let (scene, mut editor) = editor();
        let rig = &scene.actors[0].model.rig;
        let hand = bone_of(&editor, Handle::RightHand);
        let start = editor.shown().clone();
        editor
            .drag(
                rig,
                Handle::RightHand,
                at(&start, hand) + Vec3::new(0.0, 1.5, 0.0),
            )
            .unwrap();
        editor.release();
        editor.undo();
        // The solver last held the dragged pose; the files must be of the shown one.
        let vpd = editor.to_vpd(rig, "model.osm").unwrap();
        let motion = mmd_pose::Motion::bind_sources(rig, &[mmd_pose::MotionSource::Pose(&vpd)]);
        let mut played = Pose::new(rig);
        mmd_pose::evaluate(rig, &motion, 0.0, &IkOverrides::new(rig), &mut played);
        let d = at(&played, hand).distance(at(&start, hand));
        assert!(d < 1e-4, "the VPD's hand is {d} from the shown one");
        assert_eq!(editor.to_vmd_keys(rig, 40).unwrap().bone_keys[0].frame, 40);
    }
}
