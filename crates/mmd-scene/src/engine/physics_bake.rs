//! A physics bake: every whole frame of a motion simulated once, from frame 0 in order as live
//! playback from frame 0 does, then looked up; between whole frames the driven bones are
//! interpolated.

use glam::{Mat4, Quat};
use mmd_pose::Pose;

use super::{BakedAncestors, LivePhysics, PoseInput};

/// The longest motion baked: an hour at 30 fps. Every frame keeps a matrix per driven bone,
/// so a corrupt key frame in the billions would otherwise exhaust memory.
pub const MAX_BAKE_FRAMES: u32 = 30 * 60 * 60;

/// Every whole frame of a motion simulated once: the model-space matrices of the bones the
/// bodies drive, per frame.
pub struct PhysicsBake {
    driven: Vec<usize>,
    rotated: Vec<usize>,
    /// `frames[f][k]`: bone `driven[k]` at frame `f`.
    frames: Vec<Vec<Mat4>>,
    /// Blow-ups met while baking, with their frame.
    pub blow_ups: Vec<(u32, String)>,
}

/// Where a bake stands, for a progress display: frames done of the total.
pub type BakeProgress<'a> = &'a mut dyn FnMut(u32, u32) -> bool;

impl PhysicsBake {
    /// Simulates frames `0..=last_frame` in order, as live playback from frame 0 does, one
    /// 1/30 s step a frame, the bones hung from other actors where `ancestors` (posed with
    /// their own bakes) hold them. `progress(done, total)` is called after every frame;
    /// returning false cancels the bake (`None`).
    pub fn bake(
        input: PoseInput<'_>,
        physics: &mut LivePhysics,
        last_frame: u32,
        mut ancestors: Option<&mut BakedAncestors>,
        progress: BakeProgress<'_>,
    ) -> Option<PhysicsBake> {
        let total = last_frame.saturating_add(1);
        let driven = physics.bodies().driven_bones().to_vec();
        let rotated = physics.bodies().rotation_driven_bones().to_vec();
        let mut frames = Vec::with_capacity(total as usize);
        let mut blow_ups = Vec::new();
        let mut pose = Pose::new(input.rig);
        physics.restart();
        for f in 0..total {
            if let Some(ancestors) = ancestors.as_deref_mut() {
                pose.set_outside_parents(input.rig, ancestors.at(f as f32));
            }
            // What the physics stage hands on, so that looking a frame up repeats exactly
            // what live playback computes from it.
            physics.simulate(input, f as f32, &mut pose);
            if let Some(message) = physics.take_blow_up() {
                blow_ups.push((f, message));
            }
            frames.push(driven.iter().map(|&b| pose.globals[b]).collect());
            if !progress(f + 1, total) {
                return None;
            }
        }
        Some(PhysicsBake {
            driven,
            rotated,
            frames,
            blow_ups,
        })
    }

    /// Whole frames held: `0..frame_count()`.
    pub fn frame_count(&self) -> u32 {
        self.frames.len() as u32
    }

    /// Poses `frame` with the baked bodies. A whole frame shows exactly what was simulated;
    /// between two whole frames the driven bones are interpolated (translation linearly,
    /// rotation by slerp). Frames past the bake hold its last frame.
    pub fn evaluate(&self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) {
        let frame = if frame.is_finite() { frame } else { 0.0 };
        input.before_physics(frame, pose);
        if let Some(last) = self.frames.len().checked_sub(1) {
            let clamped = frame.clamp(0.0, last as f32);
            let lower = clamped.floor() as usize;
            let upper = (lower + 1).min(last);
            let t = clamped - lower as f32;
            for (k, &bone) in self.driven.iter().enumerate() {
                let a = self.frames[lower][k];
                pose.globals[bone] = if t == 0.0 || upper == lower {
                    a
                } else {
                    between(a, self.frames[upper][k], t)
                };
            }
        }
        input.after_physics(&self.driven, &self.rotated, pose);
    }
}

/// The rigid transform `t` of the way from `a` to `b`.
fn between(a: Mat4, b: Mat4, t: f32) -> Mat4 {
    let (_, ra, ta) = a.to_scale_rotation_translation();
    let (_, rb, tb) = b.to_scale_rotation_translation();
    let rotation: Quat = ra.slerp(rb, t);
    Mat4::from_rotation_translation(rotation, ta.lerp(tb, t))
}
