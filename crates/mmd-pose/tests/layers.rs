//! Motion layers (`mmd_pose::Layers`): one layer at weight 1 poses bit for bit as its motion
//! alone on real dances; the blend does not depend on the layers' order (where chained
//! pairwise slerps do), halves of one layer make the layer, a weight-0 layer is no layer,
//! turns about one axis blend to the weighted angle, q and -q agree, unanimated bones rest;
//! replace mode, offsets, loops, IK and physics switches follow the rule in `layer.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;
use glam::{Mat4, Quat, Vec3, Vec3A};
use mmd_format::FixedText;
use mmd_format::pmx::{Morph, MorphOffsets, MorphPanel, Pmx};
use mmd_format::vmd::{IkKey, MorphKey, Vmd};
use mmd_pose::{
    IkOverride, IkOverrides, Layer, LayerMode, Layers, Motion, Pose, Rig, evaluate, evaluate_layers,
};
use proptest::prelude::*;

fn bits(pose: &Pose) -> Vec<u32> {
    pose.globals
        .iter()
        .flat_map(|m| m.to_cols_array())
        .chain(pose.morph_weights.iter().copied())
        .map(f32::to_bits)
        .collect()
}

fn max_abs(m: Mat4) -> f32 {
    m.to_cols_array()
        .into_iter()
        .map(f32::abs)
        .fold(0.0, f32::max)
}

/// The largest difference between two poses' matrices and morph weights.
fn distance(a: &Pose, b: &Pose) -> f32 {
    let matrices = a
        .globals
        .iter()
        .zip(&b.globals)
        .map(|(x, y)| max_abs(*x - *y));
    let morphs = a
        .morph_weights
        .iter()
        .zip(&b.morph_weights)
        .map(|(x, y)| (x - y).abs());
    matrices.chain(morphs).fold(0.0, f32::max)
}

fn layered(rig: &Rig, layers: &Layers, frame: f32, ik: IkOverride) -> Pose {
    let mut overrides = IkOverrides::new(rig);
    overrides.set_all(ik);
    let mut pose = Pose::new(rig);
    evaluate_layers(rig, layers, frame, &overrides, &[], &mut pose);
    pose
}

fn layer(rig: &Rig, vmd: &Vmd, weight: f32) -> Layer {
    Layer {
        weight,
        ..Layer::new(Motion::bind(rig, &[vmd]))
    }
}

/// Every whole and half frame of the motion, IK as the motion says and IK off: one layer at
/// weight 1 gives the bits `evaluate` gives, through `evaluate_layers` and through the stages.
fn assert_single_layer_is_the_motion(model: &[u8], dance: &[u8]) {
    let pmx = match mmd_format::any::read_any(model).unwrap() {
        mmd_format::any::AnyFile::Pmx(pmx) => *pmx,
        mmd_format::any::AnyFile::Pmd(pmd) => mmd_pose::pmd_as_pmx(&pmd),
        _ => panic!("not a model"),
    };
    let vmd = mmd_format::vmd::read(dance).unwrap();
    let (rig, _) = Rig::from_pmx(&pmx);
    let motion = Motion::bind(&rig, &[&vmd]);
    let layers = Layers::single(motion.clone());
    let (mut plain, mut blended, mut staged) = (Pose::new(&rig), Pose::new(&rig), Pose::new(&rig));
    let mut overrides = IkOverrides::new(&rig);
    for ik in [IkOverride::Auto, IkOverride::Off] {
        overrides.set_all(ik);
        for f in 0..=2 * motion.last_frame() as u32 {
            let frame = f as f32 * 0.5;
            evaluate(&rig, &motion, frame, &overrides, &mut plain);
            evaluate_layers(&rig, &layers, frame, &overrides, &[], &mut blended);
            assert_eq!(bits(&plain), bits(&blended), "frame {frame}, IK {ik:?}");
            assert_eq!(plain.ik_enabled, blended.ik_enabled);
            staged.sample_layers(&rig, &layers, frame, &overrides, &[]);
            staged.deform_before_physics(&rig);
            staged.apply_physics(&rig, &[], &[]);
            staged.deform_after_physics(&rig);
            staged.finish(&rig);
            assert_eq!(bits(&plain), bits(&staged), "stages, frame {frame}");
        }
    }
}

#[test]
fn one_layer_at_weight_one_is_bit_identical_to_evaluate_on_real_dances() {
    for (model, dance) in [
        ("j3/miku/index.pmx", "mmd-viewer-js/vmd/wavefile_v2.vmd"),
        ("gene/Gene_light.pmx", "gene/motion/32_frustrated_v2023.vmd"),
    ] {
        let (Some(model), Some(dance)) = (fixture(model), fixture(dance)) else {
            continue;
        };
        assert_single_layer_is_the_motion(&model, &dance);
    }
}

#[test]
fn a_single_layer_above_weight_one_is_normalised_to_the_motion() {
    let (rig, vmd) = (Rig::from_pmx(&leg()).0, leg_dance());
    let motion = Motion::bind(&rig, &[&vmd]);
    for frame in [0.0, 7.5, 20.0] {
        let one = layered(
            &rig,
            &[layer(&rig, &vmd, 1.0)].into(),
            frame,
            IkOverride::Auto,
        );
        let two = layered(
            &rig,
            &[layer(&rig, &vmd, 2.0)].into(),
            frame,
            IkOverride::Auto,
        );
        let mut plain = Pose::new(&rig);
        evaluate(&rig, &motion, frame, &IkOverrides::new(&rig), &mut plain);
        assert_eq!(bits(&two), bits(&plain));
        assert_eq!(bits(&one), bits(&plain));
    }
}

fn leg_dance() -> Vmd {
    motion(vec![
        key("legIK", 0, [0.5, 2.0, -1.0], Quat::IDENTITY),
        key("legIK", 20, [1.0, 4.0, -3.0], Quat::from_rotation_y(0.4)),
        key("thigh", 0, [0.0; 3], Quat::from_rotation_x(0.3)),
        key("thigh", 20, [0.0; 3], Quat::from_rotation_z(-0.6)),
    ])
}

/// A chain with short bones (so that matrices hold values near 1 and f32 rounding stays far
/// below the tolerances), a bone nothing animates, and two morphs.
fn chain() -> Pmx {
    let mut pmx = model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("hip", [0.0, 0.5, 0.0], 0),
        bone("spine", [0.0, 0.9, 0.1], 1),
        bone("arm", [0.3, 1.2, 0.0], 2),
        bone("still", [-0.2, 1.0, 0.0], 1),
    ]);
    pmx.morphs = ["smile", "blink"]
        .into_iter()
        .map(|name| Morph {
            name: name.to_owned(),
            name_en: String::new(),
            panel: MorphPanel::Other,
            offsets: MorphOffsets::Vertex(Vec::new()),
        })
        .collect();
    pmx
}

const ANIMATED: [&str; 3] = ["hip", "spine", "arm"];

/// One layer of a random dance: per animated bone whether it is keyed, and keys at frames 0,
/// 10 and 20 (Euler angles, translation); morph weights at the same frames; the weight.
#[derive(Debug, Clone)]
struct LayerSeed {
    keyed: [bool; 3],
    keys: Vec<([f32; 3], [f32; 3])>,
    morphs: Vec<[f32; 2]>,
    weight: f32,
}

fn layer_seed() -> impl Strategy<Value = LayerSeed> {
    let angle = -3.1f32..3.1;
    let shift = -0.5f32..0.5;
    (
        [any::<bool>(), any::<bool>(), any::<bool>()],
        prop::collection::vec(
            (
                [angle.clone(), angle.clone(), angle],
                [shift.clone(), shift.clone(), shift],
            ),
            9,
        ),
        prop::collection::vec([0.0f32..1.0, 0.0f32..1.0], 3),
        0.05f32..1.0,
    )
        .prop_map(|(keyed, keys, morphs, weight)| LayerSeed {
            keyed,
            keys,
            morphs,
            weight,
        })
}

fn seed_vmd(seed: &LayerSeed) -> Vmd {
    let mut bone_keys = Vec::new();
    for (b, name) in ANIMATED.iter().enumerate() {
        if !seed.keyed[b] {
            continue;
        }
        for k in 0..3 {
            let (e, t) = seed.keys[3 * b + k];
            let mut key = key(
                name,
                10 * k as u32,
                t,
                Quat::from_euler(glam::EulerRot::YXZ, e[0], e[1], e[2]),
            );
            // Some eased curves, so that samples between keys are not linear.
            key.interpolation[48] = 100;
            key.interpolation[60] = 10;
            bone_keys.push(key);
        }
    }
    let morph_keys = seed
        .morphs
        .iter()
        .enumerate()
        .flat_map(|(k, w)| {
            ["smile", "blink"]
                .into_iter()
                .zip(w)
                .map(move |(name, &weight)| MorphKey {
                    name: FixedText::encode(name),
                    frame: 10 * k as u32,
                    weight,
                })
        })
        .collect();
    Vmd {
        bone_keys,
        morph_keys,
        ..Vmd::default()
    }
}

fn seed_layers(rig: &Rig, seeds: &[LayerSeed]) -> Layers {
    seeds
        .iter()
        .map(|s| layer(rig, &seed_vmd(s), s.weight))
        .collect()
}

const FRAMES: [f32; 6] = [0.0, 3.7, 10.0, 14.2, 19.5, 25.0];

/// Fixed seed and no failure files: CI runs the same cases every time and writes nothing
/// into the source tree.
fn deterministic(cases: u32) -> ProptestConfig {
    ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6c61_7972),
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

/// The rotation `q` up to its sign.
fn same_rotation(a: Quat, b: Quat, tolerance: f32) -> bool {
    (a - b).length() < tolerance || (a + b).length() < tolerance
}

/// Pairwise slerps in layer order, as babylon-mmd and three.js chain them: each layer is
/// slerped into the running result by its share of the weight so far.
fn chained_slerp(samples: &[(Quat, f32)]) -> Quat {
    let (mut result, mut total) = samples[0];
    for &(q, w) in &samples[1..] {
        total += w;
        result = result.slerp(q, w / total);
    }
    result
}

proptest! {
    #![proptest_config(deterministic(48))]

    #[test]
    fn permuting_layers_changes_no_pose(
        (seeds, order) in prop::collection::vec(layer_seed(), 2..5).prop_flat_map(|seeds| {
            let n = seeds.len();
            (Just(seeds), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
        })
    ) {
        let (rig, _) = Rig::from_pmx(&chain());
        let layers = seed_layers(&rig, &seeds);
        let permuted: Vec<LayerSeed> = order.iter().map(|&i| seeds[i].clone()).collect();
        let permuted = seed_layers(&rig, &permuted);
        for frame in FRAMES {
            let a = layered(&rig, &layers, frame, IkOverride::Auto);
            let b = layered(&rig, &permuted, frame, IkOverride::Auto);
            prop_assert!(distance(&a, &b) <= 1e-6, "frame {frame}: {}", distance(&a, &b));
        }
    }

    #[test]
    fn two_halves_of_a_layer_equal_the_layer(seed in layer_seed()) {
        let (rig, _) = Rig::from_pmx(&chain());
        let vmd = seed_vmd(&seed);
        let whole: Layers = [layer(&rig, &vmd, 1.0)].into();
        let halves: Layers = [layer(&rig, &vmd, 0.5), layer(&rig, &vmd, 0.5)].into();
        for frame in FRAMES {
            for bone in 0..rig.bone_count() {
                let (a, b) = (whole.sample_bone(bone, frame), halves.sample_bone(bone, frame));
                prop_assert_eq!(a.is_some(), b.is_some());
                if let (Some((ta, qa)), Some((tb, qb))) = (a, b) {
                    prop_assert!((ta - tb).length() <= 1e-6);
                    prop_assert!(same_rotation(qa, qb, 1e-6), "{qa:?} vs {qb:?}");
                }
            }
            let (a, b) = (
                layered(&rig, &whole, frame, IkOverride::Auto),
                layered(&rig, &halves, frame, IkOverride::Auto),
            );
            // The blend maps back to a unit quaternion where a slerped key may be an ulp
            // off unit length, which the matrices show doubled.
            prop_assert!(distance(&a, &b) <= 2e-6, "frame {frame}: {}", distance(&a, &b));
        }
    }

    #[test]
    fn a_weight_zero_or_disabled_layer_equals_its_absence(
        seeds in prop::collection::vec(layer_seed(), 2..4),
        silent in 0usize..4,
        how in 0u8..4,
    ) {
        let (rig, _) = Rig::from_pmx(&chain());
        let silent = silent % seeds.len();
        let mut with = seed_layers(&rig, &seeds);
        match how {
            0 => with[silent].weight = 0.0,
            1 => with[silent].weight = -0.5,
            2 => with[silent].weight = f32::NAN,
            _ => with[silent].enabled = false,
        }
        // Replace mode would drop the layers before it if it took part.
        with[silent].mode = LayerMode::Replace;
        let mut without = seed_layers(&rig, &seeds);
        without.remove(silent);
        for frame in FRAMES {
            let (a, b) = (
                layered(&rig, &with, frame, IkOverride::Auto),
                layered(&rig, &without, frame, IkOverride::Auto),
            );
            prop_assert_eq!(bits(&a), bits(&b), "frame {}", frame);
        }
    }

    #[test]
    fn turns_about_one_axis_blend_to_the_weighted_angle(
        axis in (-1.0f32..1.0, -1.0f32..1.0, 0.2f32..1.0),
        turns in prop::collection::vec((-3.1f32..3.1, 0.05f32..1.0), 1..5),
    ) {
        let axis = Vec3::new(axis.0, axis.1, axis.2).normalize();
        let (rig, _) = Rig::from_pmx(&chain());
        let layers: Layers = turns
            .iter()
            .map(|&(angle, w)| {
                let vmd = motion(vec![key("spine", 0, [0.0; 3], Quat::from_axis_angle(axis, angle))]);
                layer(&rig, &vmd, w)
            })
            .collect();
        let total: f32 = turns.iter().map(|t| t.1).sum();
        let expected = turns.iter().map(|&(a, w)| a * w).sum::<f32>() / total.max(1.0);
        let spine = rig.bone_index("spine").unwrap();
        let (_, q) = layers.sample_bone(spine, 0.0).unwrap();
        prop_assert!(
            same_rotation(q, Quat::from_axis_angle(axis, expected), 1e-5),
            "{q:?} is not {expected} rad about {axis}"
        );
    }

    #[test]
    fn q_and_minus_q_in_different_layers_give_q(
        euler in (-3.1f32..3.1, -1.5f32..1.5, -3.1f32..3.1),
        weights in (0.05f32..1.5, 0.05f32..1.5),
    ) {
        let (rig, _) = Rig::from_pmx(&chain());
        let q = Quat::from_euler(glam::EulerRot::YXZ, euler.0, euler.1, euler.2);
        let a = motion(vec![key("spine", 0, [0.0; 3], q)]);
        let b = motion(vec![key("spine", 0, [0.0; 3], -q)]);
        let layers: Layers = [layer(&rig, &a, weights.0), layer(&rig, &b, weights.1)].into();
        let spine = rig.bone_index("spine").unwrap();
        let (_, blended) = layers.sample_bone(spine, 0.0).unwrap();
        // The weights' sum below 1 leaves the rest at rest: the turn is scaled down.
        let share = (weights.0 + weights.1).min(1.0);
        let expected = Quat::IDENTITY.slerp(q, share);
        prop_assert!(same_rotation(blended, expected, 1e-5), "{blended:?} vs {expected:?}");
    }

    #[test]
    fn a_bone_no_layer_animates_stays_at_rest(seeds in prop::collection::vec(layer_seed(), 1..4)) {
        let (rig, _) = Rig::from_pmx(&chain());
        let layers = seed_layers(&rig, &seeds);
        let still = rig.bone_index("still").unwrap();
        let hip = rig.bone_index("hip").unwrap();
        prop_assert!(layers.sample_bone(still, 3.7).is_none());
        for frame in FRAMES {
            let pose = layered(&rig, &layers, frame, IkOverride::Auto);
            // Its local transform is the rest offset from its parent, unturned.
            let local = pose.globals[hip].inverse() * pose.globals[still];
            let rest = Mat4::from_translation(Vec3::new(-0.2, 0.5, 0.0));
            prop_assert!(max_abs(local - rest) < 1e-5, "{local}");
        }
    }
}

#[test]
fn chained_slerps_depend_on_the_order_where_the_exponential_map_does_not() {
    let (rig, _) = Rig::from_pmx(&chain());
    let spine = rig.bone_index("spine").unwrap();
    let samples = [
        (Quat::from_rotation_x(1.2), 0.5),
        (Quat::from_rotation_y(-1.4), 0.3),
        (Quat::from_rotation_z(2.0), 0.2),
    ];
    let reversed: Vec<_> = samples.iter().rev().copied().collect();
    let slerped = (chained_slerp(&samples), chained_slerp(&reversed));
    let order_gap = (slerped.0 - slerped.1)
        .length()
        .min((slerped.0 + slerped.1).length());
    assert!(
        order_gap > 1e-2,
        "chained slerp should depend on the order ({order_gap})"
    );

    let layers_of = |samples: &[(Quat, f32)]| -> Layers {
        samples
            .iter()
            .map(|&(q, w)| layer(&rig, &motion(vec![key("spine", 0, [0.0; 3], q)]), w))
            .collect()
    };
    let forward = layers_of(&samples).sample_bone(spine, 0.0).unwrap().1;
    let backward = layers_of(&reversed).sample_bone(spine, 0.0).unwrap().1;
    assert!(
        same_rotation(forward, backward, 1e-6),
        "{forward:?} vs {backward:?}"
    );
    // And the exponential map is the weighted mean of the logarithms.
    let mean: glam::DVec3 = samples
        .iter()
        .map(|&(q, w)| mmd_pose::expmap::log(q) * f64::from(w))
        .sum();
    assert!(same_rotation(forward, mmd_pose::expmap::exp(mean), 1e-6));
}

#[test]
fn morph_weights_blend_by_weight_normalised_above_one() {
    let (rig, _) = Rig::from_pmx(&chain());
    let morph = |w: f32| Vmd {
        morph_keys: vec![MorphKey {
            name: FixedText::encode("smile"),
            frame: 0,
            weight: w,
        }],
        ..Vmd::default()
    };
    let smile = rig.morph_index("smile").unwrap();
    let blink = rig.morph_index("blink").unwrap();
    let below: Layers = [layer(&rig, &morph(1.0), 0.3), layer(&rig, &morph(0.5), 0.4)].into();
    let pose = layered(&rig, &below, 0.0, IkOverride::Auto);
    assert!((pose.morph_weights[smile] - (0.3 + 0.2)).abs() < 1e-6);
    assert_eq!(pose.morph_weights[blink], 0.0, "no layer keys it");
    let above: Layers = [layer(&rig, &morph(1.0), 1.5), layer(&rig, &morph(0.5), 0.5)].into();
    let pose = layered(&rig, &above, 0.0, IkOverride::Auto);
    assert!((pose.morph_weights[smile] - (1.5 + 0.25) / 2.0).abs() < 1e-6);
}

#[test]
fn translations_blend_by_weight_and_rest_takes_the_remainder() {
    let (rig, _) = Rig::from_pmx(&chain());
    let hip = rig.bone_index("hip").unwrap();
    let at = |t: [f32; 3]| motion(vec![key("hip", 0, t, Quat::IDENTITY)]);
    let layers: Layers = [
        layer(&rig, &at([1.0, 0.0, 0.0]), 0.25),
        layer(&rig, &at([0.0, 2.0, 0.0]), 0.5),
    ]
    .into();
    let (t, _) = layers.sample_bone(hip, 0.0).unwrap();
    assert!((t - Vec3A::new(0.25, 1.0, 0.0)).length() < 1e-6, "{t}");
}

#[test]
fn a_replace_layer_drops_the_layers_before_it_on_what_it_keys() {
    let (rig, _) = Rig::from_pmx(&chain());
    let (hip, spine) = (
        rig.bone_index("hip").unwrap(),
        rig.bone_index("spine").unwrap(),
    );
    let base = motion(vec![
        key("hip", 0, [0.1, 0.0, 0.0], Quat::from_rotation_x(0.5)),
        key("spine", 0, [0.0; 3], Quat::from_rotation_y(0.7)),
    ]);
    let over = motion(vec![key("hip", 0, [0.0; 3], Quat::from_rotation_z(-0.4))]);
    let after = motion(vec![key("hip", 0, [0.0; 3], Quat::from_rotation_z(0.4))]);
    let replace = Layer {
        mode: LayerMode::Replace,
        ..layer(&rig, &over, 1.0)
    };
    let layers: Layers = [layer(&rig, &base, 1.0), replace.clone()].into();
    assert_eq!(
        layers.sample_bone(hip, 0.0),
        Some((Vec3A::ZERO, Quat::from_rotation_z(-0.4))),
        "the replace layer's keys win the hip"
    );
    assert_eq!(
        layers.sample_bone(spine, 0.0),
        Some((Vec3A::ZERO, Quat::from_rotation_y(0.7))),
        "the spine, which it does not key, stays the base's"
    );
    // A blend layer after it blends with it alone.
    let layers: Layers = [layer(&rig, &base, 1.0), replace, layer(&rig, &after, 1.0)].into();
    let (_, q) = layers.sample_bone(hip, 0.0).unwrap();
    assert!(same_rotation(q, Quat::IDENTITY, 1e-6), "{q:?}");
}

#[test]
fn offsets_shift_and_loops_repeat_a_layers_frames_exactly() {
    let (rig, vmd) = (Rig::from_pmx(&leg()).0, leg_dance());
    let motion = Motion::bind(&rig, &[&vmd]);
    let mut plain = Pose::new(&rig);
    let overrides = IkOverrides::new(&rig);
    let shifted: Layers = [Layer {
        offset: 10.0,
        ..layer(&rig, &vmd, 1.0)
    }]
    .into();
    let looped: Layers = [Layer {
        looping: true,
        ..layer(&rig, &vmd, 1.0)
    }]
    .into();
    for (timeline, own) in [(15.5, 5.5), (10.0, 0.0), (30.0, 20.0), (4.0, -6.0)] {
        evaluate(&rig, &motion, own, &overrides, &mut plain);
        let pose = layered(&rig, &shifted, timeline, IkOverride::Auto);
        assert_eq!(bits(&pose), bits(&plain), "offset 10, frame {timeline}");
    }
    // The dance's last key is at 20: frames repeat [0, 20).
    for (timeline, own) in [(25.0, 5.0), (47.5, 7.5), (-3.0, 17.0), (20.0, 0.0)] {
        evaluate(&rig, &motion, own, &overrides, &mut plain);
        let pose = layered(&rig, &looped, timeline, IkOverride::Auto);
        assert_eq!(bits(&pose), bits(&plain), "looping, frame {timeline}");
    }
    assert_eq!(shifted.last_frame(), 30.0);
}

#[test]
fn ik_switches_come_from_the_heaviest_layer_with_show_ik_keys() {
    let (rig, _) = Rig::from_pmx(&leg());
    let switch = |on: bool| Vmd {
        ik_keys: vec![ik_key(0, &[("legIK", on)])],
        ..leg_dance()
    };
    let enabled = |layers: Layers| layered(&rig, &layers, 5.0, IkOverride::Auto).ik_enabled[0];
    let (off, on) = (switch(false), switch(true));
    assert!(!enabled(
        [layer(&rig, &off, 0.7), layer(&rig, &on, 0.3)].into()
    ));
    assert!(!enabled(
        [layer(&rig, &on, 0.3), layer(&rig, &off, 0.7)].into()
    ));
    assert!(enabled(
        [layer(&rig, &off, 0.3), layer(&rig, &on, 0.7)].into()
    ));
    // A tie goes to the default (on), whatever the order.
    assert!(enabled(
        [layer(&rig, &off, 0.5), layer(&rig, &on, 0.5)].into()
    ));
    assert!(enabled(
        [layer(&rig, &on, 0.5), layer(&rig, &off, 0.5)].into()
    ));
    // A heavier layer without show/IK keys has no say.
    assert!(!enabled(
        [layer(&rig, &leg_dance(), 1.0), layer(&rig, &off, 0.2)].into()
    ));
    // A replace layer with keys decides, however light.
    let light_on = Layer {
        mode: LayerMode::Replace,
        ..layer(&rig, &on, 0.1)
    };
    assert!(enabled([layer(&rig, &off, 1.0), light_on].into()));
}

/// MMD's 表示 switch, kept in show/IK keys: the latest key at or before the frame shows or
/// hides the model; between layers, the heaviest with such keys decides, as for IK.
#[test]
fn show_keys_hide_the_model_from_their_frame_on() {
    let (rig, _) = Rig::from_pmx(&leg());
    let shows = |frames: &[(u32, bool)]| Vmd {
        ik_keys: frames
            .iter()
            .map(|&(frame, shown)| IkKey {
                visible: u8::from(shown),
                ..ik_key(frame, &[])
            })
            .collect(),
        ..leg_dance()
    };
    let hides = shows(&[(0, true), (10, false), (20, true)]);
    let layers: Layers = [layer(&rig, &hides, 1.0)].into();
    assert!(layers.shown(9.5));
    assert!(!layers.shown(10.0));
    assert!(!layers.shown(19.0));
    assert!(layers.shown(20.0));
    let none: Layers = [layer(&rig, &leg_dance(), 1.0)].into();
    assert!(none.shown(15.0), "without show keys the model is shown");
    let heavier_shown: Layers = [
        layer(&rig, &hides, 0.3),
        layer(&rig, &shows(&[(0, true)]), 0.7),
    ]
    .into();
    assert!(heavier_shown.shown(15.0));
    let lighter_shown: Layers = [
        layer(&rig, &hides, 0.7),
        layer(&rig, &shows(&[(0, true)]), 0.3),
    ]
    .into();
    assert!(!lighter_shown.shown(15.0));
}

#[test]
fn physics_switches_come_from_the_heaviest_layer_animating_the_bone() {
    let (rig, _) = Rig::from_pmx(&leg());
    let thigh = rig.bone_index("thigh").unwrap();
    let keys = |off: bool| {
        let mut k = key("thigh", 0, [0.0; 3], Quat::from_rotation_x(0.2));
        k.set_physics_off(off);
        motion(vec![k])
    };
    let (off, on) = (keys(true), keys(false));
    let switched = |layers: Layers| {
        assert!(layers.has_physics_toggles());
        layers.bone_physics_off(thigh, 3.0)
    };
    assert!(switched(
        [layer(&rig, &off, 0.7), layer(&rig, &on, 0.3)].into()
    ));
    assert!(!switched(
        [layer(&rig, &off, 0.3), layer(&rig, &on, 0.7)].into()
    ));
    assert!(!switched(
        [layer(&rig, &off, 0.5), layer(&rig, &on, 0.5)].into()
    ));
    let without: Layers = [layer(&rig, &off, 0.0), layer(&rig, &on, 1.0)].into();
    assert!(
        !without.bone_physics_off(thigh, 3.0),
        "weight 0 takes no part"
    );
}
