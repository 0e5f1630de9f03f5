//! GPU skinning (the compute pass whose output is the vertex buffer) read back and compared
//! with mmd-pose's CPU reference skinning, vertex morphs active.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::{Mat4, Quat, Vec3};
use mmd_format::pmx::{Morph, MorphOffsets, MorphPanel, Pmx, UvOffset, VertexOffset, Weight};
use mmd_pose::{Pose, Rig, SkinMesh};
use mmd_render::{GpuContext, MemoryTextureSource, ModelGpu, Renderer};

const TOLERANCE: f32 = 1e-4;

/// Skins `pmx` at `pose` on the GPU and on the CPU; returns the largest difference and the
/// largest distance any vertex moved from its rest position.
fn compare(ctx: &GpuContext, renderer: &Renderer, pmx: &Pmx, pose: &Pose) -> (f32, f32) {
    // Textures do not matter to skinning.
    let (mut model, _) = ModelGpu::new(
        &ctx.device,
        &ctx.queue,
        renderer,
        pmx,
        &MemoryTextureSource::new(),
    )
    .unwrap();
    model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
    let gpu = model
        .read_skinned(&ctx.device, &ctx.queue, renderer)
        .unwrap();
    let mut cpu = Vec::new();
    SkinMesh::from_pmx(pmx).skin(pose, &mut cpu);
    assert_eq!(gpu.len(), cpu.len());
    let mut worst = 0.0f32;
    let mut moved = 0.0f32;
    for (i, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        let d = (g.position - *c).abs().max_element();
        assert!(d.is_finite(), "vertex {i}: {} vs {c}", g.position);
        worst = worst.max(d);
        moved = moved.max((*c - Vec3::from(pmx.vertices[i].position)).length());
    }
    eprintln!(
        "max |GPU - CPU| = {worst:e} over {} vertices (moved up to {moved})",
        cpu.len()
    );
    (worst, moved)
}

/// Sets bone `i`'s global transform and the matching skinning matrix.
fn set_global(pose: &mut Pose, pmx: &Pmx, i: usize, global: Mat4) {
    pose.globals[i] = global;
    pose.skinning[i] = global * Mat4::from_translation(-Vec3::from(pmx.bones[i].position));
}

fn vertex_morph(pmx: &Pmx, every: usize, offset: Vec3) -> Morph {
    Morph {
        name: "morph".into(),
        name_en: String::new(),
        panel: MorphPanel::Other,
        offsets: MorphOffsets::Vertex(
            (0..pmx.vertices.len())
                .step_by(every)
                .map(|v| VertexOffset {
                    vertex: v as u32,
                    offset: offset.into(),
                })
                .collect(),
        ),
    }
}

/// A bent arm: bones at y = 0, 5, 10; a ring of vertices every 0.5 along y.
fn arm(weight_of: impl Fn(f32, usize) -> Weight) -> Pmx {
    let mut pmx = Pmx {
        bones: vec![
            common::bone("upper", Vec3::ZERO, -1),
            common::bone("lower", Vec3::new(0.0, 5.0, 0.0), 0),
            common::bone("hand", Vec3::new(0.0, 10.0, 0.0), 1),
            common::bone("extra", Vec3::new(1.0, 7.0, 0.0), 1),
        ],
        ..Default::default()
    };
    for step in 0..=20 {
        let y = step as f32 * 0.5;
        for k in 0..8 {
            let a = k as f32 * std::f32::consts::TAU / 8.0;
            let n = Vec3::new(a.cos(), 0.0, a.sin());
            pmx.vertices.push(common::vertex(
                Vec3::new(0.0, y, 0.0) + n,
                n,
                weight_of(y, k),
            ));
        }
    }
    let ring = 8u32;
    for step in 0..20u32 {
        for k in 0..ring {
            let a = step * ring + k;
            let b = step * ring + (k + 1) % ring;
            pmx.faces.push([a, b, a + ring]);
            pmx.faces.push([b, b + ring, a + ring]);
        }
    }
    pmx.materials
        .push(common::material([1.0; 4], 0, (pmx.faces.len() * 3) as u32));
    pmx.morphs
        .push(vertex_morph(&pmx, 3, Vec3::new(0.3, -0.2, 0.5)));
    pmx
}

fn bent_pose(pmx: &Pmx) -> Pose {
    let (rig, warnings) = Rig::from_pmx(pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut pose = Pose::new(&rig);
    let upper = Mat4::from_translation(Vec3::new(1.0, 2.0, -0.5))
        * Mat4::from_quat(Quat::from_euler(glam::EulerRot::XYZ, 0.2, -0.4, 0.3));
    let lower = upper
        * Mat4::from_translation(Vec3::new(0.0, 5.0, 0.0))
        * Mat4::from_quat(Quat::from_euler(glam::EulerRot::XYZ, 1.1, 0.3, -0.6));
    let hand = lower
        * Mat4::from_translation(Vec3::new(0.0, 5.0, 0.0))
        * Mat4::from_quat(Quat::from_euler(glam::EulerRot::YXZ, -2.5, 0.4, 0.9));
    let extra = lower
        * Mat4::from_translation(Vec3::new(1.0, 2.0, 0.0))
        * Mat4::from_quat(Quat::from_euler(glam::EulerRot::ZXY, 2.9, -0.2, 0.1));
    for (i, g) in [upper, lower, hand, extra].into_iter().enumerate() {
        set_global(&mut pose, pmx, i, g);
    }
    pose.morph_weights[0] = 0.7;
    pose
}

#[test]
fn sdef_matches_cpu_reference() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let pmx = arm(|y, k| {
        let w = (1.0 - y / 10.0).clamp(0.0, 1.0);
        if k % 4 == 3 {
            Weight::Bdef2 {
                bones: [0, 1],
                weight: w,
            }
        } else {
            Weight::Sdef {
                bones: [0, 1],
                weight: w,
                c: [0.0, 5.0, 0.0],
                r0: [0.0, 6.5, 0.0],
                r1: [0.0, 3.5, 0.0],
            }
        }
    });
    let (worst, moved) = compare(&ctx, &renderer, &pmx, &bent_pose(&pmx));
    assert!(moved > 3.0, "the pose must move vertices (moved {moved})");
    assert!(worst < TOLERANCE, "GPU vs CPU: {worst}");
}

#[test]
fn qdef_and_bdef4_match_cpu_reference() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let pmx = arm(|y, k| {
        let t = y / 10.0;
        let weights = [(1.0 - t) * 0.6, t * 0.5, 0.25 * t * (1.0 - t), 0.0];
        let rest = 1.0 - weights.iter().sum::<f32>();
        let weights = [weights[0], weights[1], weights[2], rest];
        // Bone index 9 does not exist: it skins with the identity, as in the reference.
        let bones = if k == 5 { [0, 1, 9, 3] } else { [0, 1, 2, 3] };
        match k % 3 {
            0 => Weight::Bdef4 { bones, weights },
            1 => Weight::Qdef { bones, weights },
            _ => Weight::Qdef {
                bones: [2, 3, 0, 1],
                weights,
            },
        }
    });
    let (worst, moved) = compare(&ctx, &renderer, &pmx, &bent_pose(&pmx));
    assert!(moved > 3.0, "the pose must move vertices (moved {moved})");
    assert!(worst < TOLERANCE, "GPU vs CPU: {worst}");
}

#[test]
fn uv_morphs_move_main_and_additional_uvs() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let mut pmx = arm(|_, _| Weight::Bdef1 { bone: 0 });
    for channel in [0u8, 1] {
        pmx.morphs.push(Morph {
            name: format!("uv{channel}"),
            name_en: String::new(),
            panel: MorphPanel::Other,
            offsets: MorphOffsets::Uv {
                channel,
                offsets: vec![UvOffset {
                    vertex: 4,
                    offset: [0.25, -0.5, 0.0, 0.0],
                }],
            },
        });
    }
    let (mut model, _) = ModelGpu::new(
        &ctx.device,
        &ctx.queue,
        &renderer,
        &pmx,
        &MemoryTextureSource::new(),
    )
    .unwrap();
    model.update(&ctx.queue, &[], &[0.0, 0.5, 1.0]);
    let skinned = model
        .read_skinned(&ctx.device, &ctx.queue, &renderer)
        .unwrap();
    let rest = &pmx.vertices[4];
    let uv = skinned[4].uv;
    assert!(
        (uv.x - (rest.uv[0] + 0.125)).abs() < 1e-6 && (uv.y - (rest.uv[1] - 0.25)).abs() < 1e-6
    );
    assert_eq!(skinned[4].additional_uv1.to_array(), [0.25, -0.5]);
    assert_eq!(skinned[5].uv.to_array(), pmx.vertices[5].uv);
    assert_eq!(skinned[5].additional_uv1.to_array(), [0.0, 0.0]);
}

#[test]
fn gene_bdef_with_motion_matches_cpu_reference() {
    let Some((pmx, rig, motion)) = common::gene_laughing() else {
        return;
    };
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let mut pose = Pose::new(&rig);
    let overrides = mmd_pose::IkOverrides::new(&rig);
    // A frame where the face is moving: some vertex morphs must be active.
    let frame = (0..120)
        .map(|f| f as f32)
        .find(|&f| {
            mmd_pose::evaluate(&rig, &motion, f, &overrides, &mut pose);
            pmx.morphs
                .iter()
                .zip(&pose.morph_weights)
                .any(|(m, &w)| w > 0.1 && matches!(m.offsets, MorphOffsets::Vertex(_)))
        })
        .expect("a frame with an active vertex morph");
    mmd_pose::evaluate(&rig, &motion, frame + 0.5, &overrides, &mut pose);
    let (worst, moved) = compare(&ctx, &renderer, &pmx, &pose);
    assert!(moved > 0.1, "the motion must move vertices (moved {moved})");
    assert!(
        worst < TOLERANCE,
        "GPU vs CPU at frame {}: {worst}",
        frame + 0.5
    );
}
