//! IK solver cost on Miku (PMX) dancing WAVEFILE: every frame of the motion evaluated with
//! all seven IK chains on, solved by CCD and by the Jacobian solver (the same fixture as
//! `evaluate.rs`, whose IK-off figure gives the cost of everything but IK).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixture;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_pose::{IkMethod, IkOverride, IkOverrides, Pose, evaluate};

fn bench(c: &mut Criterion) {
    let Some(loaded) = fixture::load("j3/miku/index.pmx", &["mmd-viewer-js/vmd/wavefile_v2.vmd"])
    else {
        return;
    };
    let (rig, motions) = loaded.bind();
    let motion = &motions[0];
    let frames = motion.last_frame() as u64 + 1;
    let mut pose = Pose::new(&rig);

    let mut group = c.benchmark_group("ik_wavefile");
    group.throughput(Throughput::Elements(frames));
    for (name, method) in [
        ("every_frame_ccd", IkMethod::Ccd),
        ("every_frame_jacobian", IkMethod::Jacobian),
    ] {
        let mut overrides = IkOverrides::new(&rig);
        overrides.set_all(IkOverride::On);
        overrides.set_all_methods(method);
        group.bench_function(name, |b| {
            b.iter(|| {
                for f in 0..frames {
                    evaluate(&rig, motion, f as f32, &overrides, &mut pose);
                }
                black_box(&pose.globals);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
