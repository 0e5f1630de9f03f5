//! GPU skinning (the compute pass whose output is the vertex buffer) read back and compared
//! with mmd-pose's CPU reference skinning, vertex morphs active: synthetic models of every
//! weight kind (hostile weights among them) and every vertex of the model fixtures.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use glam::{Mat4, Quat, Vec3};
use mmd_format::pmx::{Morph, MorphOffsets, MorphPanel, Pmx, UvOffset, VertexOffset, Weight};
use mmd_pose::{Pose, Rig, SkinMesh};
use mmd_render::{GpuContext, MemoryTextureSource, ModelGpu, Renderer};

const TOLERANCE: f32 = 1e-4;

/// `pmx` skinned at `pose` on the GPU and on the CPU: each vertex's position.
fn skin_both(
    ctx: &GpuContext,
    renderer: &Renderer,
    pmx: &Pmx,
    pose: &Pose,
) -> (Vec<Vec3>, Vec<Vec3>) {
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
    (gpu.iter().map(|v| v.position).collect(), cpu)
}

/// Skins `pmx` at `pose` on the GPU and on the CPU; returns the largest difference and the
/// largest distance any vertex moved from its rest position.
fn compare(ctx: &GpuContext, renderer: &Renderer, pmx: &Pmx, pose: &Pose) -> (f32, f32) {
    let (gpu, cpu) = skin_both(ctx, renderer, pmx, pose);
    let mut worst = 0.0f32;
    let mut moved = 0.0f32;
    for (i, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        let d = (*g - *c).abs().max_element();
        assert!(d.is_finite(), "vertex {i}: {g} vs {c}");
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

/// NaN, infinite, negative, > 1 and huge weights (and bones outside the skeleton) of every
/// kind: the GPU must clean them as the CPU reference does. A NaN BDEF2 or SDEF weight puts
/// the vertex on its second bone, and a weight past 1e4 is clamped there.
#[test]
fn hostile_weights_match_cpu_reference() {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let (nan, inf) = (f32::NAN, f32::INFINITY);
    let sdef = |weight: f32, r0: [f32; 3]| Weight::Sdef {
        bones: [1, 2],
        weight,
        c: [0.0, 7.0, 0.0],
        r0,
        r1: [0.0, 4.0, 0.0],
    };
    let cases = [
        Weight::Bdef1 { bone: -1 },
        Weight::Bdef1 { bone: 99 },
        Weight::Bdef2 {
            bones: [0, 1],
            weight: nan,
        },
        Weight::Bdef2 {
            bones: [1, 2],
            weight: inf,
        },
        Weight::Bdef2 {
            bones: [2, 3],
            weight: -inf,
        },
        Weight::Bdef2 {
            bones: [0, 2],
            weight: -0.5,
        },
        Weight::Bdef2 {
            bones: [3, 1],
            weight: 1.5,
        },
        Weight::Bdef2 {
            bones: [1, 3],
            weight: 1.0e9,
        },
        Weight::Bdef2 {
            bones: [2, 0],
            weight: -1.0e9,
        },
        Weight::Bdef4 {
            bones: [0, 1, 2, 3],
            weights: [nan, 0.5, inf, 0.5],
        },
        Weight::Bdef4 {
            bones: [0, 1, 2, 99],
            weights: [-0.5, 1.5, 0.25, -0.25],
        },
        Weight::Bdef4 {
            bones: [1, 2, 3, 0],
            weights: [1.0e30, -1.0e30, 0.5, -inf],
        },
        sdef(nan, [0.0, 8.5, 0.0]),
        sdef(inf, [0.0, 8.5, 0.0]),
        sdef(-inf, [0.0, 8.5, 0.0]),
        sdef(-0.5, [0.0, 8.5, 0.0]),
        sdef(1.5, [0.0, 8.5, 0.0]),
        sdef(0.4, [nan, 8.5, 0.0]),
        sdef(1.0e9, [0.0, 8.5, 0.0]),
        Weight::Qdef {
            bones: [0, 1, 2, 3],
            weights: [nan, 0.5, inf, 0.5],
        },
        Weight::Qdef {
            bones: [3, 2, 1, 0],
            weights: [-0.5, 1.5, 0.0, 0.0],
        },
        Weight::Qdef {
            bones: [1, 99, 2, 3],
            weights: [1.0e30, nan, 0.5, -inf],
        },
        Weight::Qdef {
            bones: [0, 1, 2, 3],
            weights: [0.3, -inf, 0.3, 2.0],
        },
    ];
    let pmx = arm(|y, k| cases[((y * 2.0) as usize * 8 + k) % cases.len()].clone());
    let pose = bent_pose(&pmx);
    let (gpu, cpu) = skin_both(&ctx, &renderer, &pmx, &pose);
    let (mut worst, mut worst_clamped) = (0.0f32, 0.0f32);
    for (i, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
        let weight = &pmx.vertices[i].weight;
        assert!(
            c.is_finite() && g.is_finite(),
            "vertex {i} ({weight:?}): {g} vs {c}"
        );
        let d = (*g - *c).abs().max_element();
        if has_clamped_weight(weight) {
            // A weight clamped to ±1e4 throws the vertex about 1e4 units out, where f32
            // resolves only about 1e-3: compared relative to its distance. Unclamped, it
            // would land 1e5 times farther.
            let relative = d / c.abs().max_element().max(1.0);
            assert!(relative < TOLERANCE, "vertex {i} ({weight:?}): {g} vs {c}");
            worst_clamped = worst_clamped.max(relative);
        } else {
            assert!(d < TOLERANCE, "vertex {i} ({weight:?}): {g} vs {c}");
            worst = worst.max(d);
        }
    }
    eprintln!("max |GPU - CPU| = {worst:e}, relative where clamped {worst_clamped:e}");
    // Independent of either skinning: a NaN BDEF2 weight skins wholly with the second bone
    // (vertex 2 has no morph offset; every third vertex has).
    let nan_bdef2 = 2;
    assert!(
        matches!(pmx.vertices[nan_bdef2].weight, Weight::Bdef2 { weight, .. } if weight.is_nan())
    );
    let expected = pose.skinning[1].transform_point3(Vec3::from(pmx.vertices[nan_bdef2].position));
    assert!(
        (cpu[nan_bdef2] - expected).length() < 1e-5,
        "{} vs {expected}",
        cpu[nan_bdef2]
    );
}

/// Whether a finite weight of `weight` lies beyond the ±1e4 the cleaning clamps to.
fn has_clamped_weight(weight: &Weight) -> bool {
    let huge = |w: &f32| w.is_finite() && w.abs() > 1.0e4;
    match weight {
        Weight::Bdef1 { .. } => false,
        Weight::Bdef2 { weight, .. } | Weight::Sdef { weight, .. } => huge(weight),
        Weight::Bdef4 { weights, .. } | Weight::Qdef { weights, .. } => weights.iter().any(huge),
    }
}

/// A pose that turns and moves every bone differently, so that every vertex of a real model
/// moves and every bone's matrix reaches the comparison.
fn every_bone_turned(pmx: &Pmx) -> Pose {
    let (rig, _) = Rig::from_pmx(pmx);
    let mut pose = Pose::new(&rig);
    for i in 0..pmx.bones.len() {
        let t = i as f32;
        let turn = Quat::from_euler(
            glam::EulerRot::XYZ,
            0.4 * (t * 1.3).sin(),
            0.6 * (t * 0.7).cos(),
            0.3 * (t * 2.1).sin(),
        );
        let shift = Vec3::new((t * 0.9).cos(), (t * 0.4).sin(), (t * 1.7).cos()) * 0.2;
        let at = Vec3::from(pmx.bones[i].position);
        set_global(
            &mut pose,
            pmx,
            i,
            Mat4::from_translation(at + shift) * Mat4::from_quat(turn),
        );
    }
    pose.morph_weights.fill(0.5);
    pose
}

/// Every vertex of every model fixture (PMX, and PMD as the player converts it), skinned on
/// the GPU and on the CPU with every bone turned and every morph at 0.5, within 1e-4.
#[test]
fn fixture_models_match_cpu_reference_on_every_vertex() {
    const MODELS: [&str; 11] = [
        "gene/Gene_light.pmx",
        "gene/Gene_light.pmd",
        "uka/MS_Uka.pmx",
        "blender_mmd_tools/pmx/初音ミク.pmx",
        "blender_mmd_tools/pmx/巡音ルカ.pmx",
        "j3/miku/index.pmx",
        "mmd-viewer-js/miku/miku_v2.pmd",
        "mmd-anim/model_descriptor_parity.pmx",
        "mmd-anim/ik_multi_axis_limit.pmx",
        "mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx",
        "babylon-mmd/bone_flag_test.pmx",
    ];
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    for rel in MODELS {
        let Some(path) = common::fixture(rel) else {
            continue;
        };
        let pmx = match mmd_format::any::read_any(&std::fs::read(&path).unwrap()).unwrap() {
            mmd_format::any::AnyFile::Pmx(pmx) => *pmx,
            mmd_format::any::AnyFile::Pmd(pmd) => mmd_pose::pmd_as_pmx(&pmd),
            _ => panic!("{rel} is not a model"),
        };
        let pose = every_bone_turned(&pmx);
        eprint!("{rel}: ");
        let (worst, moved) = compare(&ctx, &renderer, &pmx, &pose);
        if !pmx.vertices.is_empty() {
            assert!(
                moved > 0.1,
                "{rel}: the pose must move vertices (moved {moved})"
            );
        }
        assert!(worst < TOLERANCE, "{rel}: GPU vs CPU {worst}");
    }
}
