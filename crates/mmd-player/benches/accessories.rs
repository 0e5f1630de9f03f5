//! What accessories add to a frame's CPU time, on the window's and export's path: the scene
//! posed (Gene dancing 02_laugh, physics off), everything placed (`draw_list`), the uploads
//! updated, the frame recorded and submitted at 1280×720 — without, then with 20 accessories
//! (a 12-triangle box each; half held by bones, half standing in the world). The GPU's own
//! work is waited for outside the measurement. Needs the fixtures and a GPU adapter; without
//! them it is skipped with a message.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use mmd_format::xfile::{self, XEncoding, XFile, XMaterial, XVertex};
use mmd_player::draw_list::{draw_items, prepare};
use mmd_player::textures::texture_source_at;
use mmd_render::{Camera, FrameTargets, GpuContext, ModelGpu, OFFSCREEN_FORMAT, Renderer, View};
use mmd_scene::accessory::AccessoryEdit;
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::scene::Scene;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;
const ACCESSORIES: usize = 20;

fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/fixtures"
    ))
    .join(rel)
}

/// A unit box: 8 corners, 12 triangles, one material.
fn cube() -> XFile {
    let corners: Vec<[f32; 3]> = (0..8)
        .map(|i| {
            let c = |bit: usize| if i & bit == 0 { -0.1 } else { 0.1 };
            [c(1), c(2), c(4)]
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    XFile {
        vertices: corners
            .iter()
            .map(|&position| XVertex {
                position,
                normal: glam::Vec3::from(position).normalize().into(),
                uv: [0.0, 0.0],
                color: [1.0; 4],
            })
            .collect(),
        triangles: quads
            .iter()
            .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
            .collect(),
        triangle_materials: vec![0; 12],
        materials: vec![XMaterial {
            diffuse: [0.8, 0.6, 0.2, 1.0],
            power: 8.0,
            specular: [0.5; 3],
            emissive: [0.1; 3],
            texture: None,
        }],
        face_count: 12,
        mesh_count: 1,
        has_normals: true,
        has_vertex_colors: false,
        encoding: XEncoding::Text,
        warnings: Vec::new(),
    }
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
        std::fs::write(&path, xfile::write_text(&cube())).expect("write box");
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

fn wait(ctx: &GpuContext) {
    ctx.device
        .poll(wgpu::PollType::Wait {
            submission_index: None,
            timeout: None,
        })
        .expect("GPU poll");
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
    let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
    let targets = FrameTargets::new(&renderer, &ctx.device, WIDTH, HEIGHT);
    let output = ctx
        .device
        .create_texture(&wgpu::TextureDescriptor {
            label: Some("bench output"),
            size: wgpu::Extent3d {
                width: WIDTH,
                height: HEIGHT,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: OFFSCREEN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        })
        .create_view(&wgpu::TextureViewDescriptor::default());
    let view = View {
        camera: Camera {
            target: glam::Vec3::new(0.0, 10.0, 0.0),
            distance: -30.0,
            ..Camera::default()
        },
        ..View::default()
    };
    let dir = tempfile::tempdir().expect("temp dir");

    let mut group = c.benchmark_group("frame_cpu_gene_1280x720");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    for count in [0, ACCESSORIES] {
        let scene = scene(dir.path(), count);
        let mut uploads: Vec<(u64, ModelGpu)> = Vec::new();
        for actor in &scene.actors {
            let source = texture_source_at(&actor.model.textures);
            let (model, _) = ModelGpu::new(
                &ctx.device,
                &ctx.queue,
                &renderer,
                &actor.model.pmx,
                source.as_ref(),
            )
            .expect("upload Gene");
            uploads.push((actor.id, model));
        }
        for accessory in &scene.accessories {
            let source = texture_source_at(&accessory.textures);
            let (model, _) = ModelGpu::new_accessory(
                &ctx.device,
                &ctx.queue,
                &renderer,
                &accessory.mesh,
                source.as_ref(),
            )
            .expect("upload a box");
            uploads.push((accessory.id, model));
        }
        let mut engine = SceneEngine::new(
            PhysicsMode::Off,
            Default::default(),
            LiveStepping::EveryFrame,
        );
        engine.sync(&scene.actors);
        engine.prepare(&scene.actors).expect("engine");
        let mut drawn_at = Vec::with_capacity(uploads.len());
        let mut frame = 0u32;
        group.bench_function(format!("{count}_accessories"), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let start = thread_cpu_time();
                    engine.pose(&scene.actors, (frame % 120) as f32);
                    frame += 1;
                    drawn_at.clear();
                    for item in draw_items(&scene, |i| engine.pose_of(i)) {
                        if let Some(at) = uploads.iter().position(|(id, _)| *id == item.id) {
                            prepare(&mut uploads[at].1, &ctx.queue, &item);
                            drawn_at.push(at);
                        }
                    }
                    let drawn: Vec<&ModelGpu> = drawn_at.iter().map(|&at| &uploads[at].1).collect();
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
