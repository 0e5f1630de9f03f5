//! The default motion: an eight-second dance loop at 120 BPM (a beat is 15 frames). The
//! first half is a side step with swinging arms, the second half waves both arms overhead
//! while stepping in place and "singing". Feet are placed with leg IK, the body bounces on
//! the centre bone, and morph keys blink and move the mouth. The key at the last frame equals
//! the key at frame 0, so the loop is seamless.
//!
//! Each bone track is a smooth function of time sampled every `KEY_STEP` frames; with
//! linear interpolation between such dense keys the motion reads as smooth curves.

use std::f32::consts::{PI, TAU};

use glam::{EulerRot, Quat, Vec3};
use mmd_format::FixedText;
use mmd_format::vmd::{BoneKey, IkKey, IkState, MorphKey, Vmd, VmdSections, VmdVersion};

use crate::figure::MODEL_NAME;
use crate::skeleton::Side;

/// Length of the loop in frames (16 beats).
pub const LOOP_FRAMES: u32 = 240;
const BEAT: f32 = 15.0;
const KEY_STEP: u32 = 5;

/// MMD's linear interpolation block: every curve with control points (20, 20) and
/// (107, 107), laid out as four rows, row k being row 0 shifted left by k.
fn linear_interpolation() -> [u8; 64] {
    let row0: [u8; 16] = [
        20, 20, 20, 20, 20, 20, 20, 20, 107, 107, 107, 107, 107, 107, 107, 107,
    ];
    let mut block = [0u8; 64];
    for row in 0..4 {
        for i in 0..16 - row {
            block[16 * row + i] = row0[i + row];
        }
    }
    block
}

/// A pose of one bone at one time: translation from rest and rotation.
struct BonePose {
    translation: Vec3,
    rotation: Quat,
}

fn rot(x: f32, y: f32, z: f32) -> Quat {
    Quat::from_euler(EulerRot::YXZ, y, x, z)
}

fn still(rotation: Quat) -> BonePose {
    BonePose {
        translation: Vec3::ZERO,
        rotation,
    }
}

/// 0 in the first half (side step), 1 in the second (arms up), with smooth one-beat
/// transitions, periodic over the loop.
fn section(f: f32) -> f32 {
    let half = LOOP_FRAMES as f32 / 2.0;
    let ramp = |start: f32| ((f - start) / BEAT).clamp(0.0, 1.0);
    let s = |x: f32| x * x * (3.0 - 2.0 * x);
    s(ramp(half - BEAT)) - s(ramp(LOOP_FRAMES as f32 - BEAT))
}

/// A bump that peaks at `at` and lasts `width` frames either side, periodic over the loop.
fn bump(f: f32, at: f32, width: f32) -> f32 {
    let period = LOOP_FRAMES as f32;
    let mut d = (f - at).rem_euclid(period);
    if d > period / 2.0 {
        d -= period;
    }
    let x = (d / width).clamp(-1.0, 1.0);
    0.5 + 0.5 * (PI * x).cos()
}

/// The pose of every animated bone at frame `f`.
fn bone_poses(f: f32) -> Vec<(String, BonePose)> {
    let beat = TAU * f / BEAT;
    // Side step: the body sways over four beats; in the second half it steps in place.
    let sway = (TAU * f / (4.0 * BEAT)).sin();
    let arms_up = section(f);
    let bounce = 0.5 - 0.5 * beat.cos();
    let mut poses = vec![
        (
            "センター".to_owned(),
            BonePose {
                translation: Vec3::new(
                    0.55 * sway * (1.0 - 0.6 * arms_up),
                    -0.55 * (1.0 - bounce) - 0.1,
                    0.0,
                ),
                rotation: rot(0.0, 0.12 * sway, 0.0),
            },
        ),
        (
            "上半身".to_owned(),
            still(rot(
                0.05 * bounce - 0.04,
                -0.1 * sway,
                -0.08 * sway - 0.06 * arms_up * sway,
            )),
        ),
        (
            "下半身".to_owned(),
            still(rot(0.0, 0.05 * sway, 0.07 * sway)),
        ),
        ("首".to_owned(), still(rot(0.0, 0.0, 0.06 * sway))),
        (
            "頭".to_owned(),
            still(rot(-0.1 * bounce + 0.05, 0.15 * sway, 0.1 * sway * arms_up)),
        ),
    ];
    for side in Side::BOTH {
        let s = side.sign();
        let p = side.prefix();
        // Arms: hanging low and swinging in opposition during the side step; raised and
        // waving from the elbow in the second half.
        let swing = (TAU * f / (2.0 * BEAT)).sin() * s;
        let wave = (TAU * f / (2.0 * BEAT) + 0.8).sin();
        let down = rot(0.0, 0.45 * swing, -0.6 * s);
        let up = rot(0.0, 0.2 * s, (1.1 + 0.1 * wave) * s);
        poses.push((format!("{p}腕"), still(down.slerp(up, arms_up))));
        let elbow_down = rot(0.0, 0.5 * s + 0.2 * swing, 0.0);
        let elbow_up = rot(0.0, 0.15 * s, (0.5 + 0.45 * wave) * s);
        poses.push((
            format!("{p}ひじ"),
            still(elbow_down.slerp(elbow_up, arms_up)),
        ));
        poses.push((
            format!("{p}手首"),
            still(rot(0.0, 0.0, 0.25 * s * wave * arms_up)),
        ));
        // Feet: during the side step the trailing foot lifts at the far end of each sway;
        // in the second half the feet alternate every beat. Lifted feet come forward a
        // little, and the toe points down as it leaves the floor.
        let side_step_lift = bump(f, if s > 0.0 { 45.0 } else { 15.0 }, 9.0).max(bump(
            f,
            if s > 0.0 { 105.0 } else { 75.0 },
            9.0,
        ));
        let step_in_place = (0..4)
            .map(|k| {
                bump(
                    f,
                    120.0 + 30.0 * k as f32 + if s > 0.0 { 0.0 } else { 15.0 },
                    7.0,
                )
            })
            .fold(0.0f32, f32::max);
        let lift = side_step_lift * (1.0 - arms_up) + step_in_place * arms_up;
        poses.push((
            format!("{p}足ＩＫ"),
            BonePose {
                translation: Vec3::new(0.1 * s * lift, 1.1 * lift, -0.5 * lift),
                rotation: rot(-0.25 * lift, 0.0, 0.0),
            },
        ));
        // Twin tails trail the sway.
        let lag = (TAU * (f - 8.0) / (4.0 * BEAT)).sin();
        poses.push((format!("{p}髪1"), still(rot(0.06 * bounce, 0.0, 0.1 * lag))));
        poses.push((
            format!("{p}髪2"),
            still(rot(0.05 * bounce, 0.0, 0.12 * lag)),
        ));
    }
    poses
}

/// Morph weights at frame `f`: blinks, a smile while waving, and vowel shapes.
fn morph_weights(f: f32) -> Vec<(&'static str, f32)> {
    let blink = [38.0, 96.0, 200.0, 229.0]
        .iter()
        .map(|&at| bump(f, at, 3.0))
        .fold(0.0f32, f32::max);
    let smile = bump(f, 170.0, 22.0).min(1.0);
    // "Singing" in the second half: one vowel per beat, a-i-u-a.
    let vowel = |k: usize| {
        (0..8)
            .filter(|i| i % 3 == k)
            .map(|i| bump(f, 122.0 + 15.0 * i as f32, 6.0))
            .fold(0.0f32, f32::max)
    };
    vec![
        ("まばたき", blink * (1.0 - smile)),
        ("笑い", smile),
        ("あ", 0.8 * vowel(0)),
        ("い", 0.7 * vowel(1)),
        ("う", 0.8 * vowel(2)),
    ]
}

/// Rounds away the last bits so the keys are stable and readable.
fn tidy(x: f32) -> f32 {
    (x * 10_000.0).round() / 10_000.0
}

/// Builds the complete motion.
pub fn build() -> Vmd {
    let interpolation = linear_interpolation();
    let frames: Vec<u32> = (0..=LOOP_FRAMES).step_by(KEY_STEP as usize).collect();
    let mut bone_keys = Vec::new();
    let mut morph_keys = Vec::new();
    for &frame in &frames {
        // The last key repeats frame 0 exactly so the loop closes.
        let f = (frame % LOOP_FRAMES) as f32;
        for (name, pose) in bone_poses(f) {
            let q = pose.rotation.normalize();
            bone_keys.push(BoneKey {
                name: FixedText::encode(&name),
                frame,
                translation: pose.translation.to_array().map(tidy),
                rotation: q.to_array().map(tidy),
                interpolation,
            });
        }
    }
    // Morphs change quickly (a blink lasts a few frames), so they are sampled every frame;
    // a key inside a run of equal weights adds nothing and is left out.
    let weight_at =
        |frame: u32, morph: usize| tidy(morph_weights((frame % LOOP_FRAMES) as f32)[morph].1);
    for (morph, (name, _)) in morph_weights(0.0).iter().enumerate() {
        for frame in 0..=LOOP_FRAMES {
            let weight = weight_at(frame, morph);
            let inner = frame > 0 && frame < LOOP_FRAMES;
            if inner
                && weight_at(frame - 1, morph) == weight
                && weight_at(frame + 1, morph) == weight
            {
                continue;
            }
            morph_keys.push(MorphKey {
                name: FixedText::encode(name),
                frame,
                weight,
            });
        }
    }
    let iks = ["左足ＩＫ", "右足ＩＫ", "左つま先ＩＫ", "右つま先ＩＫ"]
        .iter()
        .map(|name| IkState {
            name: FixedText::encode(name),
            enabled: 1,
        })
        .collect();
    Vmd {
        version: VmdVersion::New,
        model_name: FixedText::encode(MODEL_NAME),
        bone_keys,
        morph_keys,
        ik_keys: vec![IkKey {
            frame: 0,
            visible: 1,
            iks,
        }],
        sections: VmdSections::Ik,
        ..Vmd::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_closes_exactly() {
        let vmd = build();
        let at = |frame| -> Vec<_> {
            vmd.bone_keys
                .iter()
                .filter(|k| k.frame == frame)
                .map(|k| (k.name, k.translation, k.rotation))
                .collect()
        };
        assert_eq!(at(0), at(LOOP_FRAMES));
        assert!(!at(0).is_empty());
        assert_eq!(vmd.last_frame(), LOOP_FRAMES);
    }

    #[test]
    fn feet_lift_and_eyes_blink() {
        let vmd = build();
        let left_ik = FixedText::encode("左足ＩＫ");
        let highest = vmd
            .bone_keys
            .iter()
            .filter(|k| k.name == left_ik)
            .map(|k| k.translation[1])
            .fold(0.0f32, f32::max);
        assert!(highest > 0.8, "left foot never lifts ({highest})");
        let blink = FixedText::encode("まばたき");
        assert!(
            vmd.morph_keys
                .iter()
                .any(|k| k.name == blink && k.weight > 0.9)
        );
        assert!(
            vmd.morph_keys
                .iter()
                .any(|k| k.name == blink && k.weight == 0.0)
        );
    }

    #[test]
    fn interpolation_rows_are_shifted_copies() {
        let block = linear_interpolation();
        for c in 0..4 {
            assert_eq!([block[16 * c], block[16 * c + 4]], [20, 20]);
            assert_eq!([block[16 * c + 8], block[16 * c + 12]], [107, 107]);
        }
    }
}
