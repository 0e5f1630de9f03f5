//! Pose evaluation speed on Miku (PMX) dancing WAVEFILE: every frame of the motion, IK on
//! and IK off, plus building the rig and binding the motion. Motion layers on Gene: frames
//! 0..=300 of WAVEFILE as one layer against WAVEFILE 0.5 + frustrated 0.3 + laugh 0.2, the
//! sampling stage alone and the whole evaluation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_pose::{
    IkOverride, IkOverrides, Layer, Layers, Motion, Pose, Rig, evaluate, evaluate_layers,
};

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

fn bench_layers(c: &mut Criterion) {
    let fixtures = Path::new(FIXTURES);
    let read = |rel: &str| std::fs::read(fixtures.join(rel)).ok();
    let (Some(model), Some(dance), Some(frustrated), Some(laugh)) = (
        read("gene/Gene_light.pmx"),
        read("mmd-viewer-js/vmd/wavefile_v2.vmd"),
        read("gene/motion/32_frustrated_v2023.vmd"),
        read("gene/motion/02_laugh.vmd"),
    ) else {
        eprintln!("skipped: ../shared/fixtures is absent");
        return;
    };
    let pmx = mmd_format::pmx::read(&model).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let layer = |bytes: &[u8], weight: f32| Layer {
        weight,
        ..Layer::new(Motion::bind(
            &rig,
            &[&mmd_format::vmd::read(bytes).unwrap()],
        ))
    };
    let one: Layers = [layer(&dance, 1.0)].into();
    let three: Layers = [
        layer(&dance, 0.5),
        layer(&frustrated, 0.3),
        layer(&laugh, 0.2),
    ]
    .into();
    let frames = 301u64;
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);

    let mut group = c.benchmark_group("layers_gene");
    group.throughput(Throughput::Elements(frames));
    for (name, layers) in [("one", &one), ("three", &three)] {
        group.bench_function(format!("{name}_sample"), |b| {
            b.iter(|| {
                for f in 0..frames {
                    pose.sample_layers(&rig, layers, f as f32, &overrides, &[]);
                }
                black_box(&pose.morph_weights);
            })
        });
        group.bench_function(format!("{name}_evaluate"), |b| {
            b.iter(|| {
                for f in 0..frames {
                    evaluate_layers(&rig, layers, f as f32, &overrides, &[], &mut pose);
                }
                black_box(&pose.globals);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_layers);
criterion_main!(benches);
