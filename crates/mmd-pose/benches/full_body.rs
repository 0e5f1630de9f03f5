//! One full-body solve, as one drag step costs: both feet pinned, the left wrist dragged 5
//! units up and forward of where the dance has it (the cases of `tests/full_body.rs`),
//! solved from the motion's pose each time: Gene at frame 60 of 02_laugh, Miku at frame 300
//! of WAVEFILE.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixture;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use mmd_pose::{FullBody, FullBodySolver, Handle, IkOverrides, Pin, Pose, Target, evaluate};

fn bench_case(c: &mut Criterion, name: &str, model: &str, motion: &str, frame: f32) {
    let Some(loaded) = fixture::load(model, &[motion]) else {
        return;
    };
    let (rig, motions) = loaded.bind();
    let motion = &motions[0];
    let mut reference = Pose::new(&rig);
    evaluate(&rig, motion, frame, &IkOverrides::new(&rig), &mut reference);
    let body = FullBody::new(&rig);
    let pins: Vec<Pin> = [Handle::LeftFoot, Handle::RightFoot]
        .iter()
        .map(|&h| Pin::at(&reference, body.handle(h).unwrap()).unwrap())
        .collect();
    let wrist = body.handle(Handle::LeftHand).unwrap();
    let targets = [Target {
        bone: wrist,
        position: reference.globals[wrist].w_axis.truncate() + Vec3::new(0.0, 3.0, -4.0),
    }];
    let mut solver = FullBodySolver::new(&rig, &body);
    c.bench_function(name, |b| {
        b.iter(|| {
            let report = solver
                .solve(&rig, &body, &reference, &pins, &targets)
                .unwrap();
            black_box(report);
        })
    });
}

fn bench(c: &mut Criterion) {
    bench_case(
        c,
        "full_body_gene_wrist",
        "gene/Gene_light.pmx",
        "gene/motion/02_laugh.vmd",
        60.0,
    );
    bench_case(
        c,
        "full_body_miku_wrist",
        "j3/miku/index.pmx",
        "mmd-viewer-js/vmd/wavefile_v2.vmd",
        300.0,
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
