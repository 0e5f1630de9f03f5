//! The part of a rigid-body joint that PMD and PMX store alike: eight 3-vectors, 24
//! little-endian `f32` after the two body indices, in the order of [`JointConstraint`]'s fields.

use crate::binary::{Fields, Writer};

/// A joint's frame, movement limits and spring stiffnesses. The frame is in model space; the
/// limits and stiffnesses are per axis of that frame (MMD's spring 6DOF constraint).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct JointConstraint {
    pub position: [f32; 3],
    /// Euler angles in radians.
    pub rotation: [f32; 3],
    /// Translation limits, lower and upper.
    pub position_min: [f32; 3],
    pub position_max: [f32; 3],
    /// Rotation limits in radians, lower and upper.
    pub rotation_min: [f32; 3],
    pub rotation_max: [f32; 3],
    /// Spring stiffness of translation and of rotation.
    pub spring_position: [f32; 3],
    pub spring_rotation: [f32; 3],
}

impl JointConstraint {
    /// Bytes in the file.
    pub(crate) const SIZE: usize = 8 * 12;

    pub(crate) fn read(block: &[u8; Self::SIZE]) -> JointConstraint {
        let mut f = Fields::new(block);
        JointConstraint {
            position: f.floats(),
            rotation: f.floats(),
            position_min: f.floats(),
            position_max: f.floats(),
            rotation_min: f.floats(),
            rotation_max: f.floats(),
            spring_position: f.floats(),
            spring_rotation: f.floats(),
        }
    }

    pub(crate) fn write(&self, w: &mut Writer) {
        for v in [
            &self.position,
            &self.rotation,
            &self.position_min,
            &self.position_max,
            &self.rotation_min,
            &self.rotation_max,
            &self.spring_position,
            &self.spring_rotation,
        ] {
            w.floats(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block is the eight vectors one after another, each as three little-endian floats.
    #[test]
    fn block_is_the_fields_in_order() {
        let values: [f32; 24] = std::array::from_fn(|k| k as f32 + 0.5);
        let mut block = [0u8; JointConstraint::SIZE];
        for (bytes, v) in block.chunks_exact_mut(4).zip(values) {
            bytes.copy_from_slice(&v.to_le_bytes());
        }
        let c = JointConstraint::read(&block);
        let vec3 = |k: usize| [values[3 * k], values[3 * k + 1], values[3 * k + 2]];
        assert_eq!(c.position, vec3(0));
        assert_eq!(c.rotation, vec3(1));
        assert_eq!(c.position_min, vec3(2));
        assert_eq!(c.position_max, vec3(3));
        assert_eq!(c.rotation_min, vec3(4));
        assert_eq!(c.rotation_max, vec3(5));
        assert_eq!(c.spring_position, vec3(6));
        assert_eq!(c.spring_rotation, vec3(7));
        let mut w = Writer::default();
        c.write(&mut w);
        assert_eq!(w.into_bytes(), block);
    }
}
