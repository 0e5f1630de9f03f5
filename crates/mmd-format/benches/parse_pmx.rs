//! `cargo bench -p mmd-format --bench parse_pmx`: reading (and writing) every full-size PMX
//! fixture. Target: Gene_light.pmx (2.8 MB, 28646 vertices) reads in under 3 ms.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_format::pmx;

const MODELS: [&str; 5] = [
    "gene/Gene_light.pmx",
    "blender_mmd_tools/pmx/巡音ルカ.pmx",
    "blender_mmd_tools/pmx/初音ミク.pmx",
    "j3/miku/index.pmx",
    "uka/MS_Uka.pmx",
];

fn parse_pmx(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures");
    let mut read = c.benchmark_group("pmx_read");
    let mut files = Vec::new();
    for rel in MODELS {
        let Ok(bytes) = std::fs::read(dir.join(rel)) else {
            eprintln!("skipping {rel}: not found under {}", dir.display());
            continue;
        };
        read.throughput(Throughput::Bytes(bytes.len() as u64));
        read.bench_function(rel, |b| {
            b.iter(|| pmx::read(black_box(&bytes)).expect("fixture reads"))
        });
        files.push((rel, bytes));
    }
    read.finish();

    let mut write = c.benchmark_group("pmx_write");
    for (rel, bytes) in &files {
        let model = pmx::read(bytes).expect("fixture reads");
        write.throughput(Throughput::Bytes(bytes.len() as u64));
        write.bench_function(*rel, |b| {
            b.iter(|| pmx::write(black_box(&model)).expect("fixture writes"))
        });
    }
    write.finish();
}

criterion_group!(benches, parse_pmx);
criterion_main!(benches);
