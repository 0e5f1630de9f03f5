//! Load to first frame, as the player opens a model: read the file, parse it, build the rig,
//! decode the textures, upload everything to the GPU and render one 1280×720 frame, waiting
//! until the GPU is done. Gene (PMX, twelve 1024² textures) and Uka (PMX, one 4096² texture
//! sheet). Needs the fixtures and a GPU adapter; without them the benchmark is skipped with a
//! message.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{HEIGHT, WIDTH, fixture, model_view, output_view, wait};
use criterion::{Criterion, criterion_group, criterion_main};
use mmd_pose::Rig;
use mmd_render::{
    DirTextureSource, FrameTargets, GpuContext, ModelGpu, OFFSCREEN_FORMAT, Renderer,
};

/// Opens `model` the way the player does and draws its first frame.
fn load_to_first_frame(
    ctx: &GpuContext,
    renderer: &Renderer,
    targets: &FrameTargets,
    output: &wgpu::TextureView,
    model: &Path,
) {
    let bytes = std::fs::read(model).expect("read model");
    let pmx = mmd_format::pmx::read(&bytes).expect("parse");
    let (rig, _) = Rig::from_pmx(&pmx);
    let textures = DirTextureSource::new(model.parent().expect("model folder"));
    let (gpu, _) =
        ModelGpu::new(&ctx.device, &ctx.queue, renderer, &pmx, &textures).expect("upload");
    let view = model_view();
    let mut encoder = ctx.device.create_command_encoder(&Default::default());
    renderer.render(&ctx.queue, &mut encoder, targets, output, &[&gpu], &view);
    ctx.queue.submit([encoder.finish()]);
    wait(ctx);
    std::hint::black_box(rig);
}

fn benches(c: &mut Criterion) {
    let models = [
        ("gene", fixture("gene/Gene_light.pmx")),
        ("uka", fixture("uka/MS_Uka.pmx")),
    ];
    if let Some((_, missing)) = models.iter().find(|(_, path)| !path.exists()) {
        eprintln!("skipping: {} is missing", missing.display());
        return;
    }
    let ctx = match GpuContext::headless() {
        Ok(ctx) => ctx,
        Err(e) => {
            eprintln!("skipping: {e}");
            return;
        }
    };
    let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
    let targets = FrameTargets::new(&renderer, &ctx.device, WIDTH, HEIGHT);
    let output = output_view(&ctx);

    let mut group = c.benchmark_group("load_to_first_frame");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (name, path) in &models {
        group.bench_function(*name, |b| {
            b.iter(|| load_to_first_frame(&ctx, &renderer, &targets, &output, path))
        });
    }
    group.finish();
}

criterion_group!(load, benches);
criterion_main!(load);
