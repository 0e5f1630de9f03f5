//! Uka (164 bodies, 151 joints) stepping one 30 fps frame (two 1/60 s substeps) at rest.

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{Mat4, Vec3};
use mmd_physics::{ModelPhysics, PhysicsOptions};

fn uka() -> Option<mmd_format::pmx::Pmx> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures/uka/MS_Uka.pmx");
    match std::fs::read(&path) {
        Ok(bytes) => Some(mmd_format::pmx::read(&bytes).expect("MS_Uka.pmx parses")),
        Err(e) => {
            eprintln!("skipping: {} not available ({e})", path.display());
            None
        }
    }
}

fn step(c: &mut Criterion) {
    let Some(pmx) = uka() else { return };
    let (mut physics, _) = ModelPhysics::new(&pmx, &PhysicsOptions::default()).expect("world");
    let mut globals: Vec<Mat4> = pmx
        .bones
        .iter()
        .map(|b| Mat4::from_translation(Vec3::from(b.position)))
        .collect();
    let rest = globals.clone();
    physics.reset(&rest);
    // Past the first frames' settling, where contacts and manifolds are still being made.
    for _ in 0..60 {
        physics.step(&rest, 1.0 / 30.0);
    }
    c.bench_function("uka_frame_30fps_at_rest", |b| {
        b.iter(|| {
            physics.step(&rest, 1.0 / 30.0);
            globals.copy_from_slice(&rest);
            physics.write_back(&mut globals);
        })
    });
}

criterion_group!(benches, step);
criterion_main!(benches);
