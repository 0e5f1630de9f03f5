//! Pose evaluation speed on Miku (PMX) dancing WAVEFILE: every frame of the motion, IK on
//! and IK off, plus building the rig and binding the motion.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_pose::{IkOverride, IkOverrides, Motion, Pose, Rig, evaluate};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures");

fn bench(c: &mut Criterion) {
    let fixtures = Path::new(FIXTURES);
    let (Ok(model), Ok(dance)) = (
        std::fs::read(fixtures.join("j3/miku/index.pmx")),
        std::fs::read(fixtures.join("mmd-viewer-js/vmd/wavefile_v2.vmd")),
    ) else {
        eprintln!("skipped: ../shared/fixtures is absent");
        return;
    };
    let pmx = mmd_format::pmx::read(&model).unwrap();
    let vmd = mmd_format::vmd::read(&dance).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let frames = motion.last_frame() as u64 + 1;
    let mut pose = Pose::new(&rig);

    let mut group = c.benchmark_group("wavefile");
    group.throughput(Throughput::Elements(frames));
    for (name, ik) in [
        ("every_frame_ik_on", IkOverride::On),
        ("every_frame_ik_off", IkOverride::Off),
    ] {
        let mut overrides = IkOverrides::new(&rig);
        overrides.set_all(ik);
        group.bench_function(name, |b| {
            b.iter(|| {
                for f in 0..frames {
                    evaluate(&rig, &motion, f as f32, &overrides, &mut pose);
                }
                black_box(&pose.globals);
            })
        });
    }
    group.finish();
    c.bench_function("build_rig_and_bind_motion", |b| {
        b.iter(|| {
            let (rig, _) = Rig::from_pmx(black_box(&pmx));
            black_box(Motion::bind(&rig, &[black_box(&vmd)]))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
