//! Parse speed of every fixture VMD and of the two PMD models. The target: wavefile_v2.vmd
//! (1.6 MB, 14160 bone keys) in under 2 ms in a release build.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures");

const FILES: [&str; 11] = [
    "mmd-viewer-js/vmd/wavefile_v2.vmd",
    "gene/motion/02_laugh.vmd",
    "gene/motion/00_normal.vmd",
    "gene/motion/32_frustrated_v2023.vmd",
    "mmd-viewer-js/vmd/tokino_kakera_cam.vmd",
    "three-mmd/vmds/wavefile_camera.vmd",
    "j3/miku/im5066365.vmd",
    "mmd.js/zoom_in.vmd",
    "synthetic/ik_toggle.vmd",
    "gene/Gene_light.pmd",
    "mmd-viewer-js/miku/miku_v2.pmd",
];

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    for file in FILES {
        let path = format!("{FIXTURES}/{file}");
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("skipping {path}: not readable");
            continue;
        };
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        if file.ends_with(".pmd") {
            group.bench_function(file, |b| {
                b.iter(|| mmd_format::pmd::read(black_box(&bytes)))
            });
        } else {
            group.bench_function(file, |b| {
                b.iter(|| mmd_format::vmd::read(black_box(&bytes)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
