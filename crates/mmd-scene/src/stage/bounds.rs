//! What a camera frames: a model's extent over its whole motion (so raised hands, jumps and
//! steps across the stage stay in view, not only the rest pose), or the shown models' extent
//! over the frames of a render. Physics is left out (hair and skirts swing about where their
//! bones are).

use glam::Vec3;
use mmd_format::pmx::Pmx;
use mmd_pose::{Aabb, IkOverrides, Layers, Pose, Rig, SkinMesh, evaluate_layers};

use crate::stage::scene::Scene;

/// Frames sampled over a motion: enough to catch its poses (a pose is held for several
/// frames), few enough that opening a large model stays quick.
pub const SAMPLED_FRAMES: usize = 48;

/// Up to `count` frames spread evenly over `0..=last_frame`, both ends included.
pub fn sampled_frames(last_frame: f32, count: usize) -> Vec<f32> {
    let last = if last_frame.is_finite() {
        last_frame.max(0.0)
    } else {
        0.0
    };
    let count = count.max(1).min(last as usize + 1);
    if count == 1 {
        return vec![0.0];
    }
    (0..count)
        .map(|i| last * i as f32 / (count - 1) as f32)
        .collect()
}

/// The box around the model's skinned vertices at [`sampled_frames`] of its motion `layers`
/// (its bones when it has no mesh); `None` when nothing is finite.
pub fn motion_bounds(pmx: &Pmx, rig: &Rig, layers: &Layers, last_frame: f32) -> Option<Aabb> {
    let mesh = SkinMesh::from_pmx(pmx);
    let overrides = IkOverrides::new(rig);
    let mut pose = Pose::new(rig);
    let mut vertices: Vec<Vec3> = Vec::new();
    let mut bounds: Option<Aabb> = None;
    for frame in sampled_frames(last_frame, SAMPLED_FRAMES) {
        evaluate_layers(rig, layers, frame, &overrides, &[], &mut pose);
        let frame_bounds = if mesh.vertex_count() > 0 {
            mesh.skin(&pose, &mut vertices);
            Aabb::from_points(vertices.iter().copied())
        } else {
            Aabb::from_points(pose.globals.iter().map(|m| m.w_axis.truncate()))
        };
        bounds = match (bounds, frame_bounds) {
            (Some(b), Some(f)) => Some(b.union(f)),
            (b, f) => b.or(f),
        };
    }
    bounds
}

/// The box around the shown models' skinned vertices at each of `frames` (a model without
/// vertices, such as a bone-only test model, by its bones), each model where it stands;
/// `None` when nothing is finite.
pub fn scene_bounds(scene: &Scene, frames: &[f32]) -> Option<Aabb> {
    let mut vertices = Vec::new();
    let mut bounds: Option<Aabb> = None;
    for actor in scene.actors.iter().filter(|a| a.visible) {
        let mesh = SkinMesh::from_pmx(&actor.model.pmx);
        let mut pose = Pose::new(&actor.model.rig);
        for &frame in frames {
            let model = &actor.model;
            evaluate_layers(
                &model.rig,
                actor.layers(),
                frame,
                &actor.ik,
                &actor.morph_pins,
                &mut pose,
            );
            let frame_bounds = if mesh.vertex_count() > 0 {
                mesh.skin(&pose, &mut vertices);
                Aabb::from_points(vertices.iter().copied())
            } else {
                Aabb::from_points(pose.globals.iter().map(|m| m.w_axis.truncate()))
            };
            if let Some(b) = frame_bounds {
                let b = b.translated(actor.position);
                bounds = Some(bounds.map_or(b, |a| a.union(b)));
            }
        }
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_cover_the_motion_from_end_to_end() {
        assert_eq!(sampled_frames(0.0, 48), [0.0]);
        assert_eq!(sampled_frames(3.0, 48), [0.0, 1.0, 2.0, 3.0]);
        let frames = sampled_frames(1000.0, 48);
        assert_eq!(frames.len(), 48);
        assert_eq!((frames[0], frames[47]), (0.0, 1000.0));
        assert_eq!(sampled_frames(f32::NAN, 48), [0.0]);
        assert_eq!(sampled_frames(-5.0, 48), [0.0]);
    }
}
