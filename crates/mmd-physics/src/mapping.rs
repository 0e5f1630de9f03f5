//! From validated PMX bodies and joints to Bullet's descriptions (PHYSICS.md §1).
//!
//! Everything stays in PMX model space (left-handed, Y up, file units), the space the pose
//! engine's bone matrices live in, so nothing is mirrored on the way in or out. A rotation is
//! a rotation in either handedness as long as both sides agree; saba's `InvZ` round trip,
//! which moves into a right-handed space and back, computes the same thing.

use glam::{EulerRot, Mat3, Mat4, Quat, Vec3};
use mmd_format::pmx::RigidShape;

use crate::ffi::{BodyDesc, JointDesc, RawPose};
use crate::options::{AngularSprings, PhysicsOptions};
use crate::validate::{Motion, ValidBody, ValidJoint};

/// A PMX body or joint rotation: R = Ry·Rx·Rz, angles in radians as stored.
///
/// saba's bodies, nanoem, babylon-mmd and MMDAgent agree on this order for bodies and joints;
/// saba's joints and mmd-anim use Rz·Ry·Rx for joints, which moves the joint frames of the
/// many joints (most of Gene's and Uka's) that have two or more non-zero angles.
pub fn rotation(euler: [f32; 3]) -> Quat {
    Quat::from_euler(EulerRot::YXZ, euler[1], euler[0], euler[2])
}

/// Model-space rest transform of a body or joint.
pub fn rest_transform(position: [f32; 3], euler: [f32; 3]) -> Mat4 {
    Mat4::from_rotation_translation(rotation(euler), Vec3::from(position))
}

/// A rigid transform as Bullet takes it; `None` when it is not finite (the caller then keeps
/// what it had, so nothing non-finite reaches C++).
pub fn raw_pose(m: &Mat4) -> Option<RawPose> {
    let q = Quat::from_mat3(&Mat3::from_mat4(*m)).normalize();
    let t = m.w_axis;
    let pose = [t.x, t.y, t.z, q.x, q.y, q.z, q.w];
    pose.iter().all(|v| v.is_finite()).then_some(pose)
}

pub fn matrix(pose: &RawPose) -> Mat4 {
    Mat4::from_rotation_translation(
        Quat::from_xyzw(pose[3], pose[4], pose[5], pose[6]),
        Vec3::new(pose[0], pose[1], pose[2]),
    )
}

pub fn body_desc(b: &ValidBody, options: &PhysicsOptions) -> BodyDesc {
    BodyDesc {
        shape: match b.shape {
            RigidShape::Sphere => 0,
            RigidShape::Box => 1,
            RigidShape::Capsule => 2,
        },
        size: b.size,
        mass: b.mass,
        pose: b.rest,
        linear_damping: b.linear_damping,
        angular_damping: b.angular_damping,
        friction: b.friction,
        restitution: b.restitution,
        group: i32::from(b.group),
        mask: i32::from(b.mask),
        kinematic: i32::from(b.motion == Motion::Kinematic),
        additional_damping: i32::from(options.additional_damping),
        no_contact_response: i32::from(b.no_contact),
        gyroscopic: i32::from(options.gyroscopic_forces),
    }
}

/// The joint's frames in each body's space: `body_rest⁻¹ · joint_rest`. `None` when a body's
/// rest transform cannot be inverted into something finite.
pub fn joint_desc(
    j: &ValidJoint,
    rest_a: &Mat4,
    rest_b: &Mat4,
    options: &PhysicsOptions,
) -> Option<JointDesc> {
    let c = &j.constraint;
    let joint = rest_transform(c.position, c.rotation);
    let frame_a = raw_pose(&(rest_a.inverse() * joint))?;
    let frame_b = raw_pose(&(rest_b.inverse() * joint))?;
    let mut spring_mask = 0;
    for (axis, &k) in c.spring_position.iter().enumerate() {
        if k != 0.0 {
            spring_mask |= 1 << axis;
        }
    }
    for (axis, &k) in c.spring_rotation.iter().enumerate() {
        if k != 0.0 || options.angular_springs == AngularSprings::All {
            spring_mask |= 1 << (axis + 3);
        }
    }
    let s = |v: [f32; 3], w: [f32; 3]| [v[0], v[1], v[2], w[0], w[1], w[2]];
    Some(JointDesc {
        body_a: i32::try_from(j.bodies[0]).ok()?,
        body_b: i32::try_from(j.bodies[1]).ok()?,
        frame_a,
        frame_b,
        linear_lower: c.position_min,
        linear_upper: c.position_max,
        angular_lower: c.rotation_min,
        angular_upper: c.rotation_max,
        stiffness: s(c.spring_position, c.spring_rotation),
        spring_mask,
        stop_erp: options.stop_erp.unwrap_or(-1.0),
        use_frame_offset: i32::from(options.use_frame_offset),
    })
}
