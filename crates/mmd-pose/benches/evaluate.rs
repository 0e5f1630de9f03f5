//! Pose evaluation speed on Miku (PMX) dancing WAVEFILE: every frame of the motion, IK on
//! and IK off, plus building the rig and binding the motion. Motion layers on Gene: frames
//! 0..=300 of WAVEFILE as one layer against WAVEFILE 0.5 + frustrated 0.3 + laugh 0.2, the
//! sampling stage alone and the whole evaluation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fixture;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_pose::{
    IkOverride, IkOverrides, Layer, Layers, Motion, Pose, Rig, evaluate, evaluate_layers,
};

fn bench(c: &mut Criterion) {
    let Some(loaded) = fixture::load("j3/miku/index.pmx", &["mmd-viewer-js/vmd/wavefile_v2.vmd"])
    else {
        return;
    };
    let (rig, motions) = loaded.bind();
    let (pmx, vmd, motion) = (&loaded.pmx, &loaded.vmds[0], &motions[0]);
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
                    evaluate(&rig, motion, f as f32, &overrides, &mut pose);
                }
                black_box(&pose.globals);
            })
        });
    }
    group.finish();
    c.bench_function("build_rig_and_bind_motion", |b| {
        b.iter(|| {
            let (rig, _) = Rig::from_pmx(black_box(pmx));
            black_box(Motion::bind(&rig, &[black_box(vmd)]))
        })
    });
}

fn bench_layers(c: &mut Criterion) {
    let Some(loaded) = fixture::load(
        "gene/Gene_light.pmx",
        &[
            "mmd-viewer-js/vmd/wavefile_v2.vmd",
            "gene/motion/32_frustrated_v2023.vmd",
            "gene/motion/02_laugh.vmd",
        ],
    ) else {
        return;
    };
    let (rig, motions) = loaded.bind();
    let [dance, frustrated, laugh] = [0, 1, 2].map(|i| &motions[i]);
    let layer = |motion: &Motion, weight: f32| Layer {
        weight,
        ..Layer::new(motion.clone())
    };
    let one: Layers = [layer(dance, 1.0)].into();
    let three: Layers = [layer(dance, 0.5), layer(frustrated, 0.3), layer(laugh, 0.2)].into();
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
