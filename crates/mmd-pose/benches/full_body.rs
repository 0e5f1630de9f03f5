//! One full-body solve, as one drag step costs: both feet pinned, the left wrist dragged 5
//! units up and forward of where the dance has it (the cases of `tests/full_body.rs`),
//! solved from the motion's pose each time: Gene at frame 60 of 02_laugh, Miku at frame 300
//! of WAVEFILE.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec3;
use mmd_pose::{
    FullBody, FullBodySolver, Handle, IkOverrides, Motion, Pin, Pose, Rig, Target, evaluate,
};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures");

fn bench_case(c: &mut Criterion, name: &str, model: &str, motion: &str, frame: f32) {
    let fixtures = Path::new(FIXTURES);
    let (Ok(model), Ok(dance)) = (
        std::fs::read(fixtures.join(model)),
        std::fs::read(fixtures.join(motion)),
    ) else {
        eprintln!("skipped: ../shared/fixtures is absent");
        return;
    };
    let pmx = mmd_format::pmx::read(&model).unwrap();
    let vmd = mmd_format::vmd::read(&dance).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let mut reference = Pose::new(&rig);
    evaluate(
        &rig,
        &motion,
        frame,
        &IkOverrides::new(&rig),
        &mut reference,
    );
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
