//! Parse speed of a large text `.x`: a 224×224-quad grid (50,625 vertices, 100,352 triangles)
//! with normals and texture coordinates, as `write_text` writes it. The target: under 150 ms
//! in a release build on a 2-core machine.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mmd_format::xfile::{self, XFile, XMaterial, XVertex};

const QUADS: u32 = 224;

/// A gently waved grid, so that positions and normals have full-length decimals.
fn grid() -> XFile {
    let side = QUADS + 1;
    let vertices = (0..side * side)
        .map(|i| {
            let (x, z) = ((i % side) as f32 * 0.1, (i / side) as f32 * 0.1);
            let y = (x * 0.7).sin() * (z * 0.3).cos();
            let normal = [-(x * 0.7).cos() * 0.7, 1.0, (z * 0.3).sin() * 0.3];
            let len = normal.iter().map(|c| c * c).sum::<f32>().sqrt();
            XVertex::new([x, y, z], normal.map(|c| c / len), [x / 22.4, z / 22.4])
        })
        .collect();
    let mut triangles = Vec::new();
    for row in 0..QUADS {
        for col in 0..QUADS {
            let a = row * side + col;
            let (b, c, d) = (a + 1, a + side, a + side + 1);
            triangles.push([a, c, b]);
            triangles.push([b, c, d]);
        }
    }
    let count = triangles.len() as u32;
    XFile::from_triangles(
        vertices,
        triangles,
        (0..count).map(|t| t % 2).collect(),
        vec![
            XMaterial {
                texture: Some("grass.png".into()),
                ..XMaterial::default()
            },
            XMaterial::default(),
        ],
    )
}

fn parse(c: &mut Criterion) {
    let bytes = xfile::write_text(&grid());
    let mut group = c.benchmark_group("parse_x");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("grid_100k_triangles.x", |b| {
        b.iter(|| xfile::read(black_box(&bytes)))
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
