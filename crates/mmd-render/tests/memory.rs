//! Rendering many frames must not grow the process: Gene dancing, rendered offscreen for a
//! few hundred frames, keeps its resident memory. The driver's own allocations count too
//! (a software driver once kept ~0.8 MB per draw call), so this reads the process's resident
//! set rather than the Rust allocator's counters. Alone in its test binary so that no other
//! test's memory moves the figure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::Vec3;
use mmd_pose::{IkOverrides, Pose};
use mmd_render::{Aabb, Camera, ModelGpu, Offscreen, View};

/// Frames rendered before the first reading (pipelines, caches and pools fill up).
const WARM_UP_FRAMES: u32 = 40;
/// Frames rendered between the two readings.
const MEASURED_FRAMES: u32 = 260;
/// Growth allowed over the measured frames: allocator noise, far below one leaked
/// kilobyte-scale buffer per frame (the leak this guards against grew ~2.5 GB here).
const ALLOWED_GROWTH_KB: u64 = 32 * 1024;

/// The process's resident set in kB (`VmRSS` of `/proc/self/status`), or `None` where the
/// system has no procfs.
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn resident_memory_stays_flat_over_hundreds_of_frames() {
    if resident_kb().is_none() {
        eprintln!("skipping: no /proc/self/status to read resident memory from");
        return;
    }
    let Some((pmx, rig, motion)) = common::gene_laughing() else {
        return;
    };
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let info = ctx.adapter.get_info();
    eprintln!("adapter: {} ({})", info.name, info.driver_info);
    let (mut model, _) = ModelGpu::new(
        &ctx.device,
        &ctx.queue,
        &renderer,
        &pmx,
        &mmd_render::MemoryTextureSource::new(),
    )
    .unwrap();
    let bounds = Aabb::from_points(pmx.vertices.iter().map(|v| Vec3::from(v.position))).unwrap();
    let view = View {
        camera: Camera::framing(bounds, 320.0 / 240.0),
        ..View::default()
    };
    let offscreen = Offscreen::new(&ctx.device, &renderer, 320, 240).unwrap();
    let overrides = IkOverrides::new(&rig);
    let mut pose = Pose::new(&rig);
    let last_frame = motion.last_frame().max(1.0);
    let mut render = |frame: u32| {
        let time = frame as f32 % last_frame;
        mmd_pose::evaluate(&rig, &motion, time, &overrides, &mut pose);
        model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
        offscreen
            .render(&ctx.device, &ctx.queue, &renderer, &[&model], &view)
            .unwrap()
    };
    let mut drawn = 0;
    for frame in 0..WARM_UP_FRAMES {
        let image = render(frame);
        drawn += image.pixels().filter(|p| p.0 != [255; 4]).count();
    }
    // The test means nothing if nothing is drawn.
    assert!(drawn > 0, "the model drew no pixels");
    let before = resident_kb().unwrap();
    for frame in WARM_UP_FRAMES..WARM_UP_FRAMES + MEASURED_FRAMES {
        render(frame);
    }
    let after = resident_kb().unwrap();
    let growth = after.saturating_sub(before);
    assert!(
        growth <= ALLOWED_GROWTH_KB,
        "resident memory grew {growth} kB over {MEASURED_FRAMES} frames \
         ({before} kB -> {after} kB); allowed {ALLOWED_GROWTH_KB} kB"
    );
}
