//! Shared by the integration tests: fixtures (skipped when absent), small synthetic models,
//! and measurements of bodies and joints.

#![allow(dead_code)]

use std::path::PathBuf;

use glam::{EulerRot, Mat4, Vec3};
use mmd_format::pmx::{Bone, Joint, PhysicsMode, Pmx, RigidBody, RigidShape};
use mmd_physics::euler_rotation;

/// The model in a fixture (PMX, or PMD through the PMD→PMX conversion), or `None` (with a
/// printed reason) when `../shared` is absent. With `MMD_REQUIRE_FIXTURES=1` a missing
/// fixture fails the test instead.
pub fn fixture_model(rel: &str) -> Option<Pmx> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/fixtures")
        .join(rel);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") {
                panic!("fixture {} is required: {e}", path.display());
            }
            eprintln!("skipping: fixture {} not available ({e})", path.display());
            return None;
        }
    };
    let model = if rel.ends_with(".pmd") {
        mmd_format::convert::pmd_to_pmx(&mmd_format::pmd::read(&bytes).expect("PMD fixture"))
    } else {
        mmd_format::pmx::read(&bytes).expect("PMX fixture")
    };
    Some(model)
}

/// Every fixture model with rigid bodies.
pub const PHYSICS_FIXTURES: [&str; 8] = [
    "gene/Gene_light.pmx",
    "gene/Gene_light.pmd",
    "uka/MS_Uka.pmx",
    "blender_mmd_tools/pmx/巡音ルカ.pmx",
    "blender_mmd_tools/pmx/初音ミク.pmx",
    "j3/miku/index.pmx",
    "mmd-viewer-js/miku/miku_v2.pmd",
    "babylon-mmd/constraint_test.pmx",
];

pub const CONSTRAINT_TESTS: [&str; 4] = [
    "babylon-mmd/constraint_test.pmx",
    "babylon-mmd/constraint_test2.pmx",
    "babylon-mmd/constraint_test3.pmx",
    "babylon-mmd/constraint_test4.pmx",
];

/// The rest pose's bone matrices: every bone translated to its rest position.
pub fn rest_globals(pmx: &Pmx) -> Vec<Mat4> {
    pmx.bones
        .iter()
        .map(|b| Mat4::from_translation(Vec3::from(b.position)))
        .collect()
}

pub fn bone(name: &str, position: [f32; 3], parent: i32) -> Bone {
    Bone {
        name: name.to_owned(),
        position,
        parent,
        ..Bone::default()
    }
}

pub fn body(bone: i32, mode: PhysicsMode, shape: RigidShape, position: [f32; 3]) -> RigidBody {
    RigidBody {
        name: format!("body on {bone}"),
        bone,
        group: 0,
        non_collision_mask: 0xFFFF,
        shape,
        size: [0.5, 0.5, 0.5],
        position,
        mass: 1.0,
        mode,
        ..RigidBody::default()
    }
}

/// A model with only bones, bodies and joints.
pub fn model(bones: Vec<Bone>, rigid_bodies: Vec<RigidBody>, joints: Vec<Joint>) -> Pmx {
    Pmx {
        bones,
        rigid_bodies,
        joints,
        ..Pmx::default()
    }
}

/// Joint `j`'s frame on body `k` (0 = A, 1 = B) in model space, from the bodies' current
/// poses, as Bullet's 6DOF constraint computes it.
pub fn joint_frame(pmx: &Pmx, physics: &mmd_physics::ModelPhysics, j: usize, k: usize) -> Mat4 {
    let joint = &pmx.joints[j];
    let b = usize::try_from(joint.rigid_bodies[k]).expect("joint body");
    let rb = &pmx.rigid_bodies[b];
    let rest = Mat4::from_rotation_translation(euler_rotation(rb.rotation), rb.position.into());
    let c = &joint.constraint;
    let joint_rest = Mat4::from_rotation_translation(euler_rotation(c.rotation), c.position.into());
    let current = physics.body_transform(b).expect("joint body simulated");
    current * rest.inverse() * joint_rest
}

/// Joint `j`'s angles as Bullet's 6DOF limits measure them. `matrixToEulerXYZ` reads
/// `A⁻¹·B` through `btGetMatrixElem`, which indexes it transposed, so what the limits bound
/// is the Euler XYZ (R = Rx·Ry·Rz) decomposition of frame A in frame B: a body B turned by
/// +φ about A's x measures -φ.
pub fn joint_angles(pmx: &Pmx, physics: &mmd_physics::ModelPhysics, j: usize) -> Vec3 {
    let a = joint_frame(pmx, physics, j, 0);
    let b = joint_frame(pmx, physics, j, 1);
    let relative = glam::Quat::from_mat4(&(b.inverse() * a)).normalize();
    let (x, y, z) = relative.to_euler(EulerRot::XYZ);
    Vec3::new(x, y, z)
}

/// Joint `j`'s frame B origin in frame A (what the linear limits bound).
pub fn joint_offset(pmx: &Pmx, physics: &mmd_physics::ModelPhysics, j: usize) -> Vec3 {
    let a = joint_frame(pmx, physics, j, 0);
    let b = joint_frame(pmx, physics, j, 1);
    a.inverse().transform_point3(b.w_axis.truncate())
}
