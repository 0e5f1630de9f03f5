//! What accessories add to a frame's CPU time, on the window's and export's path: the scene
//! posed (Gene dancing 02_laugh, physics off), everything placed (`draw_list`), the uploads
//! updated, the frame recorded and submitted at 1280×720 — without, then with 20 accessories
//! (a 12-triangle box each; half held by bones, half standing in the world). The GPU's own
//! work is waited for outside the measurement. It prints the adapter it measured: on a
//! software GPU the figures are not a GPU machine's. Needs the fixtures and a GPU adapter;
//! without them it is skipped with a message.
//!
//! A frame's cost depends on where in the dance it is (on lavapipe, 240 µs in the laugh's
//! quiet middle, 330 µs around its loop point, where the face morphs move), so every sample
//! of both scenes spreads its frames evenly over the same loop of the dance: frame `n` of a
//! sample of `N` is the dance's frame `120 × n / N`. Frames counted on from sample to sample
//! would measure the two scenes at different places in the dance.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mmd_format::xfile::{self, XMaterial};
use mmd_player::draw_list::{Uploads, draw_items, scene_meshes};
use mmd_render::{FrameTargets, GpuContext, OFFSCREEN_FORMAT, Renderer};
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::scene::Scene;

#[path = "../../mmd-render/benches/common/mod.rs"]
mod render_common;
#[path = "../tests/x_meshes/mod.rs"]
mod x_meshes;

use render_common::{HEIGHT, WIDTH, fixture, model_view, output_view, wait};

/// The player's own allocator (see `src/main.rs`), so the frame costs what it costs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const ACCESSORIES: usize = 20;
/// The dance's frames the samples spread over (02_laugh loops in about 120).
const LOOP_FRAMES: u64 = 120;

/// A box 0.2 file units wide (2 at Si 1): what a prop is like.
fn prop() -> xfile::XFile {
    x_meshes::cube(
        0.1,
        XMaterial {
            power: 8.0,
            specular: [0.5; 3],
            ..x_meshes::material([0.8, 0.6, 0.2], [0.1; 3])
        },
    )
}

/// Gene dancing, with `accessories` boxes: the even ones held by bones spread over the
/// skeleton, the odd ones standing in a row on the floor.
fn scene(dir: &Path, accessories: usize) -> Scene {
    let mut files = vec![
        fixture("gene/Gene_light.pmx"),
        fixture("gene/motion/02_laugh.vmd"),
    ];
    for i in 0..accessories {
        let path = dir.join(format!("box{i}.x"));
        std::fs::write(&path, xfile::write_text(&prop())).expect("write box");
        files.push(path);
    }
    let mut scene = Scene::from_files(&files).expect("open Gene and the boxes");
    let actors = scene.actors.clone();
    let rig = &actors[0].model.rig;
    for (i, accessory) in scene.accessories.iter_mut().enumerate() {
        let edit = if i % 2 == 0 {
            let bone = rig.bone_name(i * rig.bone_count() / accessories.max(1));
            AccessoryEdit::Parent(Some((0, bone.to_owned())))
        } else {
            AccessoryEdit::Position(glam::Vec3::new(i as f32 - 10.0, 0.0, 5.0))
        };
        accessory.edit(edit, &actors).expect("a valid setting");
    }
    scene
}

/// The CPU time this thread has run. Wall time would also count the software GPU's threads
/// competing for the same two cores, which a machine with a GPU does not have.
fn thread_cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec.unsigned_abs(), t.tv_nsec.unsigned_abs() as u32)
}

fn benches(c: &mut Criterion) {
    if !fixture("gene/Gene_light.pmx").exists() {
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
    let adapter = ctx.adapter.get_info();
    eprintln!("adapter: {} ({:?})", adapter.name, adapter.backend);
    let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
    let targets = FrameTargets::new(&renderer, &ctx.device, WIDTH, HEIGHT);
    let output = output_view(&ctx);
    let view = model_view();
    let dir = tempfile::tempdir().expect("temp dir");

    let mut group = c.benchmark_group("frame_cpu_gene_1280x720");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    for count in [0, ACCESSORIES] {
        let scene = scene(dir.path(), count);
        let mut uploads = Uploads::default();
        for mesh in scene_meshes(&scene) {
            let (model, _) = mesh
                .upload(&ctx.device, &ctx.queue, &renderer)
                .expect("upload");
            uploads.insert(mesh.id, model);
        }
        let mut engine = SceneEngine::new(
            PhysicsMode::Off,
            Default::default(),
            LiveStepping::EveryFrame,
        );
        engine.sync(&scene.actors);
        engine.prepare(&scene.actors).expect("engine");
        let mut scene_frame = SceneFrame::default();
        let choices = FrameChoices::default();
        group.bench_function(format!("{count}_accessories"), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for n in 0..iterations {
                    let frame = (LOOP_FRAMES * n / iterations) as f32;
                    let start = thread_cpu_time();
                    scene_frame.pose(&mut engine, &scene, frame, &choices);
                    let drawn = uploads.prepare(
                        &ctx.queue,
                        draw_items(&scene, &scene_frame, |i| engine.pose_of(i)),
                    );
                    let mut encoder = ctx.device.create_command_encoder(&Default::default());
                    renderer.render(&ctx.queue, &mut encoder, &targets, &output, &drawn, &view);
                    ctx.queue.submit([encoder.finish()]);
                    total += thread_cpu_time().saturating_sub(start);
                    // The GPU's work is not part of this measurement.
                    wait(&ctx);
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(accessories, benches);
criterion_main!(accessories);
