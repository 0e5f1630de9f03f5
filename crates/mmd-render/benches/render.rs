//! Renderer speed on Gene at 1280×720: per-frame GPU time (submit until the queue is idle;
//! self-shadow on, as by default, and off),
//! CPU time to update and submit a frame, and model load (parse + texture decode + upload);
//! load to first frame is `benches/load.rs`. Needs the fixtures and a GPU adapter; without
//! them the benchmarks are skipped with a message.

mod common;

use std::time::{Duration, Instant};

use common::{HEIGHT, WIDTH, fixture, model_view, output_view, wait};
use criterion::{Criterion, criterion_group, criterion_main};
use mmd_pose::{IkOverrides, Motion, Pose, Rig, evaluate};
use mmd_render::{
    DirTextureSource, FrameTargets, GpuContext, ModelGpu, OFFSCREEN_FORMAT, Renderer, SelfShadow,
    SelfShadowMode, View,
};

fn benches(c: &mut Criterion) {
    let model_path = fixture("gene/Gene_light.pmx");
    let motion_path = fixture("gene/motion/02_laugh.vmd");
    if !model_path.exists() || !motion_path.exists() {
        eprintln!("skipping: Gene fixtures missing");
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
    let textures = DirTextureSource::new(fixture("gene"));
    let view = model_view();
    let model_bytes = std::fs::read(&model_path).expect("read model");

    let mut group = c.benchmark_group("gene_1280x720");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("load", |b| {
        b.iter(|| {
            let pmx = mmd_format::pmx::read(&model_bytes).expect("parse");
            let (model, _) = ModelGpu::new(&ctx.device, &ctx.queue, &renderer, &pmx, &textures)
                .expect("upload Gene");
            wait(&ctx);
            model
        })
    });

    let pmx = mmd_format::pmx::read(&model_bytes).expect("parse");
    let vmd =
        mmd_format::vmd::read(&std::fs::read(&motion_path).expect("read motion")).expect("parse");
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let overrides = IkOverrides::new(&rig);
    let poses: Vec<Pose> = (0..60)
        .map(|f| {
            let mut pose = Pose::new(&rig);
            evaluate(&rig, &motion, f as f32, &overrides, &mut pose);
            pose
        })
        .collect();
    let (mut model, _) =
        ModelGpu::new(&ctx.device, &ctx.queue, &renderer, &pmx, &textures).expect("upload Gene");
    let mut frame = 0usize;
    let mut submit = |model: &mut ModelGpu, view: &View| {
        let pose = &poses[frame % poses.len()];
        frame += 1;
        model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
        let mut encoder = ctx.device.create_command_encoder(&Default::default());
        renderer.render(
            &ctx.queue,
            &mut encoder,
            &targets,
            &output,
            &[&*model],
            view,
        );
        ctx.queue.submit([encoder.finish()]);
    };
    group.bench_function("frame_gpu", |b| {
        b.iter(|| {
            submit(&mut model, &view);
            wait(&ctx);
        })
    });
    let without_self_shadow = View {
        self_shadow: SelfShadow {
            mode: SelfShadowMode::Off,
            ..SelfShadow::default()
        },
        ..view
    };
    group.bench_function("frame_gpu_self_shadow_off", |b| {
        b.iter(|| {
            submit(&mut model, &without_self_shadow);
            wait(&ctx);
        })
    });
    group.bench_function("frame_cpu_submit", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                let start = Instant::now();
                submit(&mut model, &view);
                total += start.elapsed();
                // The GPU work is not part of this measurement.
                wait(&ctx);
            }
            total
        })
    });
    group.finish();
}

criterion_group!(render, benches);
criterion_main!(render);
