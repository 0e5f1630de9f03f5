//! A full-body solve allocates nothing once the solver has solved the same number of pins
//! and targets before (each drag step of the window's pose mode is such a solve): a
//! counting global allocator watches the later solves of a drag on the synthetic humanoid,
//! counting the solving thread's allocations only (the test harness's own thread may
//! allocate meanwhile).
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod counting_alloc;

use counting_alloc::allocations;

use glam::Vec3;
use mmd_pose::{FullBody, FullBodySolver, Handle, IkOverrides, Motion, Pin, Pose, Rig, Target};

#[test]
fn a_repeated_solve_does_not_allocate() {
    let (rig, _) = Rig::from_pmx(&common::humanoid());
    let motion = Motion::bind(&rig, &[]);
    let mut reference = Pose::new(&rig);
    mmd_pose::evaluate(&rig, &motion, 0.0, &IkOverrides::new(&rig), &mut reference);
    let body = FullBody::new(&rig);
    let pins: Vec<Pin> = [Handle::LeftFoot, Handle::RightFoot]
        .iter()
        .map(|&h| Pin::at(&reference, body.handle(h).unwrap()).unwrap())
        .collect();
    let wrist = body.handle(Handle::LeftHand).unwrap();
    let start = reference.globals[wrist].w_axis.truncate();
    let mut solver = FullBodySolver::new(&rig, &body);
    let target = |offset: Vec3| Target {
        bone: wrist,
        position: start + offset,
    };
    solver
        .solve(
            &rig,
            &body,
            &reference,
            &pins,
            &[target(Vec3::new(0.0, 3.0, -4.0))],
        )
        .unwrap();
    let before = allocations();
    // A drag: the same tasks, the target moving.
    for step in 0..10 {
        let offset = Vec3::new(0.1 * step as f32, 3.0, -4.0);
        let report = solver
            .solve(&rig, &body, &reference, &pins, &[target(offset)])
            .unwrap();
        std::hint::black_box(report);
    }
    assert_eq!(allocations() - before, 0);
}
