//! Outside parents (外部親): a bone of one model parented, from a key on, to a bone of
//! another model, as MMD sets them per bone in its model keys. The host gives the pose, before
//! evaluating a frame, the other bone's matrix expressed in this model's space; the bone's
//! global is then that matrix times its own local transform, in place of its rig parent's.
//! Everything after (its children, IK through it, its bodies) follows as for any parent.
//! The other model must be posed first: the host orders the models (see `mmd-scene`'s
//! engine).

use glam::{Affine3A, Mat4};

use crate::pose::Pose;
use crate::rig::Rig;

/// How many outside parents a pose holds without allocating (more allocate once).
pub(crate) const OUTSIDE_PARENT_SLOTS: usize = 8;

impl Pose {
    /// Parents each `(bone, matrix)` of `parents` to `matrix` (the outside parent's global in
    /// this model's space) for the evaluations that follow, every other bone to its rig
    /// parent. Bones past the rig and matrices that are not finite are left out.
    pub fn set_outside_parents(&mut self, rig: &Rig, parents: &[(usize, Mat4)]) {
        let s = &mut self.scratch;
        let n = rig.bone_count();
        if parents.is_empty() && s.world.len() == n {
            return;
        }
        s.parent.copy_from_slice(&rig.parent);
        s.world.truncate(n);
        for &(bone, matrix) in parents {
            if bone >= n || !matrix.is_finite() {
                continue;
            }
            // Bones index `world` with u32, as the rig's parents do.
            let Ok(slot) = u32::try_from(s.world.len()) else {
                continue;
            };
            s.world.push(Affine3A::from_mat4(matrix));
            s.parent[bone] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec3};
    use mmd_format::pmx::{Bone, Pmx};

    use crate::{IkOverrides, Motion, Pose, Rig, evaluate};

    fn bone(name: &str, parent: i32, position: [f32; 3]) -> Bone {
        Bone {
            name: name.into(),
            parent,
            position,
            ..Bone::default()
        }
    }

    #[test]
    fn an_outside_parent_carries_the_bone_and_its_children_until_cleared() {
        let pmx = Pmx {
            bones: vec![
                bone("root", -1, [0.0, 0.0, 0.0]),
                bone("hand", 0, [0.0, 5.0, 0.0]),
                bone("finger", 1, [0.0, 6.0, 0.0]),
            ],
            ..Pmx::default()
        };
        let (rig, _) = Rig::from_pmx(&pmx);
        let motion = Motion::bind_sources(&rig, &[]);
        let overrides = IkOverrides::new(&rig);
        let mut pose = Pose::new(&rig);
        let other = glam::Mat4::from_rotation_translation(
            Quat::from_rotation_y(1.0),
            Vec3::new(10.0, 0.0, 0.0),
        );
        pose.set_outside_parents(&rig, &[(1, other)]);
        evaluate(&rig, &motion, 0.0, &overrides, &mut pose);
        // The hand's local is its offset from the root (0, 5, 0); the finger follows it.
        let hand = other * glam::Mat4::from_translation(Vec3::new(0.0, 5.0, 0.0));
        assert!(pose.globals[1].abs_diff_eq(hand, 1e-5));
        let finger = hand * glam::Mat4::from_translation(Vec3::Y);
        assert!(pose.globals[2].abs_diff_eq(finger, 1e-5));
        assert_eq!(
            pose.globals[0],
            glam::Mat4::IDENTITY,
            "the root keeps its place"
        );

        pose.set_outside_parents(&rig, &[]);
        evaluate(&rig, &motion, 0.0, &overrides, &mut pose);
        assert!(
            pose.globals[1].abs_diff_eq(glam::Mat4::from_translation(Vec3::Y * 5.0), 1e-5),
            "back on its rig parent"
        );
    }
}
