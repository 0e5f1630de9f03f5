//! The raw C ABI of `csrc/shim.cpp`, and the one safe owner of its world handle.
//!
//! This is the only module allowed `unsafe`. Its callers ([`crate::world`]) pass only values
//! that [`crate::validate`] accepted; the handle type below makes the pointer itself safe to
//! hold: it is created non-null, never copied, and freed exactly once.

#![allow(unsafe_code)]

use std::ffi::c_int;
use std::ptr::NonNull;

/// Position xyz then rotation quaternion xyzw, in PMX model space.
pub type RawPose = [f32; 7];

/// Mirrors `MmdpBody` in `csrc/shim.cpp`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct BodyDesc {
    /// 0 sphere, 1 box, 2 capsule.
    pub shape: i32,
    pub size: [f32; 3],
    pub mass: f32,
    pub pose: RawPose,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub friction: f32,
    pub restitution: f32,
    pub group: i32,
    pub mask: i32,
    pub kinematic: i32,
    pub additional_damping: i32,
    pub no_contact_response: i32,
    pub gyroscopic: i32,
}

/// Mirrors `MmdpJoint` in `csrc/shim.cpp`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct JointDesc {
    pub body_a: i32,
    pub body_b: i32,
    pub frame_a: RawPose,
    pub frame_b: RawPose,
    pub linear_lower: [f32; 3],
    pub linear_upper: [f32; 3],
    pub angular_lower: [f32; 3],
    pub angular_upper: [f32; 3],
    pub stiffness: [f32; 6],
    /// Bit i: spring on DOF i (0..2 linear, 3..5 angular).
    pub spring_mask: i32,
    /// Negative: keep Bullet's default stop-ERP.
    pub stop_erp: f32,
    pub use_frame_offset: i32,
}

#[repr(C)]
struct MmdpWorld {
    _opaque: [u8; 0],
}

unsafe extern "C" {
    fn mmdp_world_new(gx: f32, gy: f32, gz: f32, iterations: c_int) -> *mut MmdpWorld;
    fn mmdp_world_free(world: *mut MmdpWorld);
    fn mmdp_body_add(world: *mut MmdpWorld, desc: *const BodyDesc) -> i32;
    fn mmdp_joint_add(world: *mut MmdpWorld, desc: *const JointDesc) -> i32;
    fn mmdp_body_set_kinematic_pose(world: *mut MmdpWorld, index: i32, pose: *const f32) -> i32;
    fn mmdp_body_teleport(world: *mut MmdpWorld, index: i32, pose: *const f32) -> i32;
    fn mmdp_body_set_follow(world: *mut MmdpWorld, index: i32, follow: i32) -> i32;
    fn mmdp_world_reset_solver(world: *mut MmdpWorld);
    fn mmdp_world_set_gravity(world: *mut MmdpWorld, gx: f32, gy: f32, gz: f32);
    fn mmdp_body_state(
        world: *const MmdpWorld,
        index: i32,
        pose: *mut f32,
        velocity: *mut f32,
    ) -> i32;
    fn mmdp_world_step(world: *mut MmdpWorld, substeps: i32, fixed_step: f32) -> i32;
}

/// A Bullet world and everything in it. Indices are those the `add_*` calls returned.
#[derive(Debug)]
pub struct RawWorld {
    ptr: NonNull<MmdpWorld>,
}

impl RawWorld {
    /// `None` when C++ could not allocate the world.
    pub fn new(gravity: [f32; 3], iterations: i32) -> Option<RawWorld> {
        // SAFETY: plain values in; the shim catches every exception and returns null on
        // failure, which NonNull::new turns into None.
        let ptr = unsafe { mmdp_world_new(gravity[0], gravity[1], gravity[2], iterations) };
        NonNull::new(ptr).map(|ptr| RawWorld { ptr })
    }

    /// The new body's index, or `None` when C++ refused it (allocation failure, bad shape).
    pub fn add_body(&mut self, desc: &BodyDesc) -> Option<usize> {
        // SAFETY: self.ptr is a live world owned by self; desc is a valid #[repr(C)] value
        // matching MmdpBody, read only for the duration of the call.
        let index = unsafe { mmdp_body_add(self.ptr.as_ptr(), desc) };
        usize::try_from(index).ok()
    }

    /// The new joint's index, or `None` when C++ refused it (bad body index, allocation).
    pub fn add_joint(&mut self, desc: &JointDesc) -> Option<usize> {
        // SAFETY: as in add_body, with JointDesc matching MmdpJoint; the shim checks the
        // body indices against its own list.
        let index = unsafe { mmdp_joint_add(self.ptr.as_ptr(), desc) };
        usize::try_from(index).ok()
    }

    /// Moves a kinematic body; returns false for an unknown index.
    pub fn set_kinematic_pose(&mut self, body: usize, pose: &RawPose) -> bool {
        let Ok(index) = i32::try_from(body) else {
            return false;
        };
        // SAFETY: live world; pose points to 7 floats, all the shim reads; the shim
        // bounds-checks the index.
        unsafe { mmdp_body_set_kinematic_pose(self.ptr.as_ptr(), index, pose.as_ptr()) != 0 }
    }

    /// Places a body at rest at `pose`, forgetting its contacts; false for an unknown index.
    pub fn teleport(&mut self, body: usize, pose: &RawPose) -> bool {
        let Ok(index) = i32::try_from(body) else {
            return false;
        };
        // SAFETY: as in set_kinematic_pose.
        unsafe { mmdp_body_teleport(self.ptr.as_ptr(), index, pose.as_ptr()) != 0 }
    }

    /// Switches a body created dynamic to kinematic (`follow`) or back to dynamic, at rest;
    /// false for an unknown index or a body created kinematic.
    pub fn set_follow(&mut self, body: usize, follow: bool) -> bool {
        let Ok(index) = i32::try_from(body) else {
            return false;
        };
        // SAFETY: live world, plain values; the shim bounds-checks the index.
        unsafe { mmdp_body_set_follow(self.ptr.as_ptr(), index, i32::from(follow)) != 0 }
    }

    /// Sets the gravity of the world and of every body in it.
    pub fn set_gravity(&mut self, gravity: [f32; 3]) {
        // SAFETY: live world, plain values.
        unsafe { mmdp_world_set_gravity(self.ptr.as_ptr(), gravity[0], gravity[1], gravity[2]) }
    }

    pub fn reset_solver(&mut self) {
        // SAFETY: live world.
        unsafe { mmdp_world_reset_solver(self.ptr.as_ptr()) }
    }

    /// The body's pose and velocity (linear xyz, angular xyz), or `None` for an unknown index.
    pub fn body_state(&self, body: usize) -> Option<(RawPose, [f32; 6])> {
        let index = i32::try_from(body).ok()?;
        let mut pose = [0.0; 7];
        let mut velocity = [0.0; 6];
        // SAFETY: live world; the out pointers address 7 and 6 writable floats, exactly what
        // the shim writes; the shim bounds-checks the index.
        let ok = unsafe {
            mmdp_body_state(
                self.ptr.as_ptr(),
                index,
                pose.as_mut_ptr(),
                velocity.as_mut_ptr(),
            )
        };
        (ok != 0).then_some((pose, velocity))
    }

    /// Runs `substeps` fixed steps; false when the shim refused the arguments.
    pub fn step(&mut self, substeps: i32, fixed_step: f32) -> bool {
        // SAFETY: live world, plain values; the shim rejects non-positive arguments.
        unsafe { mmdp_world_step(self.ptr.as_ptr(), substeps, fixed_step) != 0 }
    }
}

impl Drop for RawWorld {
    fn drop(&mut self) {
        // SAFETY: the pointer came from mmdp_world_new, RawWorld is neither Clone nor Copy,
        // so this is its only release.
        unsafe { mmdp_world_free(self.ptr.as_ptr()) }
    }
}

// SAFETY: the world is only reached through &self/&mut self of this owner; Bullet keeps no
// thread-local state for a single-threaded world (BT_THREADSAFE is off), so moving it to
// another thread between calls is sound.
unsafe impl Send for RawWorld {}
