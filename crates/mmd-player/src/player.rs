//! The player's state apart from the window: the scene, the timeline, the user's IK and morph
//! overrides, the selected bone, the last error, and the pose the view draws.

use std::path::PathBuf;
use std::time::Instant;

use mmd_pose::{IkOverride, IkOverrides, Pose, Rig, evaluate_with_morph_pins};
use mmd_render::Camera;

use crate::playback::Playback;
use crate::scene::Scene;

pub struct Player {
    pub scene: Scene,
    pub playback: Playback,
    ik: IkOverrides,
    /// Per model morph: a weight that replaces the motion's, or `None`.
    morph_overrides: Vec<Option<f32>>,
    /// Use the scene's camera motion (when it has one) instead of the free camera.
    pub use_camera_motion: bool,
    pub selected_bone: Option<usize>,
    /// The last file error, shown until the next successful open.
    pub error: Option<String>,
    /// Changes whenever the model is replaced, so the window re-uploads it.
    pub model_generation: u64,
    pose: Pose,
    /// Wall time of the last pose evaluation, microseconds.
    pub pose_micros: f32,
    /// The model's bone hierarchy, built once per model.
    bone_tree: BoneTree,
}

/// The bone hierarchy as the bone panel walks it, in bone order.
pub struct BoneTree {
    pub roots: Vec<usize>,
    /// Each bone's children.
    pub children: Vec<Vec<usize>>,
}

impl BoneTree {
    /// A bone whose parent is missing, out of range or itself is a root.
    fn new(rig: &Rig) -> BoneTree {
        let mut roots = Vec::new();
        let mut children = vec![Vec::new(); rig.bone_count()];
        for bone in 0..rig.bone_count() {
            match rig.bone_parent(bone) {
                Some(parent) if parent < children.len() && parent != bone => {
                    children[parent].push(bone)
                }
                _ => roots.push(bone),
            }
        }
        BoneTree { roots, children }
    }
}

/// The bone selected at first: the centre, whose keys most motions have.
fn default_selection(scene: &Scene) -> Option<usize> {
    scene.model.rig.bone_index("センター")
}

impl Player {
    /// The player for `scene`; the model's warnings are logged.
    pub fn new(scene: Scene) -> Player {
        scene.model.log_warnings();
        let pose = Pose::new(&scene.model.rig);
        Player {
            playback: Playback::new(scene.last_frame()),
            ik: IkOverrides::new(&scene.model.rig),
            morph_overrides: vec![None; scene.model.rig.morph_count()],
            use_camera_motion: scene.camera.is_some(),
            selected_bone: default_selection(&scene),
            error: None,
            model_generation: 0,
            pose,
            pose_micros: 0.0,
            bone_tree: BoneTree::new(&scene.model.rig),
            scene,
        }
    }

    /// Opens files into the scene (see [`Scene::open`]). On failure the scene is untouched
    /// and the error is kept for the UI; returns whether it succeeded. A new model's
    /// warnings are logged.
    pub fn open(&mut self, paths: &[PathBuf]) -> bool {
        match self.scene.open(paths) {
            Ok(opened) => {
                if opened.model {
                    self.scene.model.log_warnings();
                    let rig = &self.scene.model.rig;
                    self.ik = IkOverrides::new(rig);
                    self.morph_overrides = vec![None; rig.morph_count()];
                    self.pose = Pose::new(rig);
                    self.bone_tree = BoneTree::new(rig);
                    self.selected_bone = default_selection(&self.scene);
                    self.model_generation += 1;
                }
                if opened.camera {
                    self.use_camera_motion = true;
                }
                self.playback.set_last_frame(self.scene.last_frame());
                self.error = None;
                true
            }
            Err(e) => {
                self.error = Some(e.to_string());
                false
            }
        }
    }

    /// The model's IK bones, in bone order.
    pub fn ik_bones(&self) -> Vec<usize> {
        self.scene.model.rig.ik_bones().collect()
    }

    pub fn ik_override(&self, bone: usize) -> IkOverride {
        self.ik.get(bone)
    }

    pub fn set_ik_override(&mut self, bone: usize, value: IkOverride) {
        self.ik.set(bone, value);
    }

    pub fn set_all_ik_overrides(&mut self, value: IkOverride) {
        self.ik.set_all(value);
    }

    pub fn morph_override(&self, morph: usize) -> Option<f32> {
        self.morph_overrides.get(morph).copied().flatten()
    }

    /// Pins morph `morph` to `weight` (`None` gives it back to the motion).
    pub fn set_morph_override(&mut self, morph: usize, weight: Option<f32>) {
        if let Some(slot) = self.morph_overrides.get_mut(morph) {
            *slot = weight.filter(|w| w.is_finite());
        }
    }

    /// Computes the pose at the timeline's frame: the motion with the user's IK overrides and
    /// pinned morphs. It depends on nothing but the frame and the overrides, never on the
    /// previously shown frame.
    pub fn evaluate(&mut self) -> &Pose {
        let start = Instant::now();
        let scene = &self.scene;
        evaluate_with_morph_pins(
            &scene.model.rig,
            &scene.motion,
            self.playback.frame(),
            &self.ik,
            &self.morph_overrides,
            &mut self.pose,
        );
        self.pose_micros = start.elapsed().as_secs_f32() * 1.0e6;
        &self.pose
    }

    /// The pose of the last [`Player::evaluate`].
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// The camera to draw with: the camera motion at the current frame when it is in use,
    /// otherwise `free`.
    pub fn camera(&self, free: Camera) -> Camera {
        self.use_camera_motion
            .then(|| self.scene.camera_at(self.playback.frame()))
            .flatten()
            .unwrap_or(free)
    }

    /// Bones whose name contains `query` (any case), with every ancestor of a match kept so
    /// the tree stays connected; in bone order.
    pub fn bones_matching(&self, query: &str) -> Vec<bool> {
        let rig = &self.scene.model.rig;
        let query = query.trim().to_lowercase();
        let mut keep = vec![query.is_empty(); rig.bone_count()];
        if query.is_empty() {
            return keep;
        }
        for bone in 0..rig.bone_count() {
            if rig.bone_name(bone).to_lowercase().contains(&query) {
                let mut at = Some(bone);
                let mut guard = 0;
                while let Some(b) = at {
                    if keep[b] || guard > rig.bone_count() {
                        break;
                    }
                    keep[b] = true;
                    at = rig.bone_parent(b);
                    guard += 1;
                }
            }
        }
        keep
    }

    /// The model's bone hierarchy.
    pub fn bone_tree(&self) -> &BoneTree {
        &self.bone_tree
    }
}
