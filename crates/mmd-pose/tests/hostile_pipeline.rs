//! Hostile input through the whole pose pipeline. `mmd-format`'s own hostile test shows that
//! the readers end every corrupt file in `Ok` or a clean `Err`; this one shows that whatever
//! they accept also poses cleanly: rig and motion building, evaluation at any frame (negative,
//! huge, fractional, NaN, infinite) with IK on, off and following the motion, morph pins,
//! camera sampling and CPU skinning end without a panic, in bounded time, with every matrix,
//! morph weight, vertex and camera value finite.
//!
//! Variants come from every fixture model and motion, mutated deterministically (xorshift, so
//! every run tests the same ones): byte changes inside the bone, IK and morph sections (random
//! changes elsewhere mostly land in the vertex bulk), and mutations of the parsed structs that
//! the readers would accept too: in-range but hostile indices (cycles, self-parents, IK target
//! equal to a link, repeated links, append and group chains), extreme floats (NaN, infinities,
//! `f32::MAX`, denormals) in positions, limits, weights, keys and unit angles, and extreme loop
//! counts. The small fixtures get many variants, the big ones a few, so the whole file runs in
//! well under a minute in a debug build.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use glam::Vec3;
use mmd_format::FixedText;
use mmd_format::convert::pmd_to_pmx;
use mmd_format::pmx::{
    AngleLimit, Append, BoneOffset, GroupOffset, Ik, IkLink, MorphOffsets, Pmx, Weight, bone_flags,
};
use mmd_format::vmd::{BoneKey, CameraKey, IkKey, IkState, MorphKey, Vmd};
use mmd_format::{pmd, pmx, vmd};
use mmd_pose::{
    CameraMotion, IkMethod, IkOverride, IkOverrides, Motion, Pose, Rig, SkinMesh, evaluate,
    evaluate_with_morph_pins,
};

use common::fixture;

/// Fixture models small enough to mutate hundreds of times.
const SMALL_MODELS: [&str; 4] = [
    "mmd-anim/model_descriptor_parity.pmx",
    "mmd-anim/ik_multi_axis_limit.pmx",
    "mlib_go/サンプルモデル_PMX2.1_UTF-8.pmx",
    "babylon-mmd/bone_flag_test.pmx",
];

/// The full-size models (PMX and PMD): a few variants each.
const BIG_MODELS: [&str; 7] = [
    "j3/miku/index.pmx",
    "mmd-viewer-js/miku/miku_v2.pmd",
    "gene/Gene_light.pmx",
    "gene/Gene_light.pmd",
    "uka/MS_Uka.pmx",
    "blender_mmd_tools/pmx/初音ミク.pmx",
    "blender_mmd_tools/pmx/巡音ルカ.pmx",
];

const MOTIONS: [&str; 9] = [
    "gene/motion/00_normal.vmd",
    "gene/motion/02_laugh.vmd",
    "gene/motion/32_frustrated_v2023.vmd",
    "j3/miku/im5066365.vmd",
    "synthetic/ik_toggle.vmd",
    "mmd.js/zoom_in.vmd",
    "three-mmd/vmds/wavefile_camera.vmd",
    "mmd-viewer-js/vmd/tokino_kakera_cam.vmd",
    "mmd-viewer-js/vmd/wavefile_v2.vmd",
];

/// One evaluation (or skin) taking longer than this in a debug build is treated as a hang:
/// a healthy one takes a few milliseconds even with every IK solver at its iteration cap, so
/// the margin absorbs a loaded CI machine while a runaway solve still fails.
const SLOW: Duration = Duration::from_secs(10);

/// Tiny deterministic PRNG (xorshift64), so every run tests the same variants.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

const EXTREMES: [f32; 18] = [
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    -f32::MAX,
    1.0e30,
    -1.0e30,
    1.0e9,
    -3.0e7,
    f32::MIN_POSITIVE,
    1.0e-42, // denormal
    -1.0e-39,
    0.0,
    -0.0,
    1.0e-7,
    std::f32::consts::PI,
    -1.0,
    2.0,
];

/// An extreme value, a random bit pattern (NaN payloads, denormals, huge), or an ordinary one.
fn hostile(rng: &mut XorShift) -> f32 {
    match rng.below(4) {
        0 => f32::from_bits(rng.next() as u32),
        1 => (rng.below(2001) as f32 - 1000.0) / 100.0,
        _ => rng.pick(&EXTREMES),
    }
}

fn hostile3(rng: &mut XorShift) -> [f32; 3] {
    [hostile(rng), hostile(rng), hostile(rng)]
}

fn hostile4(rng: &mut XorShift) -> [f32; 4] {
    match rng.below(4) {
        0 => [0.0; 4],
        1 => [f32::MAX; 4],
        2 => [rng.pick(&EXTREMES), 0.0, 0.0, rng.pick(&EXTREMES)],
        _ => [hostile(rng), hostile(rng), hostile(rng), hostile(rng)],
    }
}

/// An index into `n` items: mostly in range (what the readers accept), sometimes "none" or out
/// of range (what a struct built in code may hold).
fn index(rng: &mut XorShift, n: usize) -> i32 {
    match rng.below(16) {
        0 => -1,
        1 => n as i32,
        2 => i32::MIN,
        _ => rng.below(n) as i32,
    }
}

fn loop_count(rng: &mut XorShift) -> i32 {
    rng.pick(&[i32::MAX, i32::MIN, -1, 0, 1, 40, 65535, 1000, 1001])
}

fn frame(rng: &mut XorShift) -> u32 {
    match rng.below(4) {
        0 => rng.pick(&[
            0,
            1,
            u32::MAX,
            u32::MAX - 1,
            1 << 24,
            (1 << 24) + 1,
            1 << 31,
        ]),
        _ => rng.below(400) as u32,
    }
}

fn mutate_pmx(m: &mut Pmx, rng: &mut XorShift, ops: usize) {
    let n = m.bones.len();
    let nm = m.morphs.len();
    let nv = m.vertices.len();
    for _ in 0..ops {
        match rng.below(15) {
            0 if n > 0 => m.bones[rng.below(n)].parent = index(rng, n),
            1 if n > 0 => {
                let b = &mut m.bones[rng.below(n)];
                b.flags |= rng.pick(&[
                    bone_flags::APPEND_ROTATE,
                    bone_flags::APPEND_TRANSLATE,
                    bone_flags::APPEND_ROTATE | bone_flags::APPEND_TRANSLATE,
                    bone_flags::APPEND_ROTATE | bone_flags::APPEND_LOCAL,
                    bone_flags::APPEND_ROTATE
                        | bone_flags::APPEND_TRANSLATE
                        | bone_flags::APPEND_LOCAL,
                ]);
                b.append = Some(Append {
                    parent: index(rng, n),
                    weight: hostile(rng),
                });
            }
            2 if n > 0 => {
                let links = (0..rng.below(7))
                    .map(|_| IkLink {
                        bone: index(rng, n),
                        limit: rng.one_in(2).then(|| AngleLimit {
                            min: hostile3(rng),
                            max: hostile3(rng),
                        }),
                    })
                    .collect();
                let ik = Ik {
                    target: index(rng, n),
                    loop_count: loop_count(rng),
                    limit_angle: hostile(rng),
                    links,
                };
                let b = &mut m.bones[rng.below(n)];
                b.flags |= bone_flags::IK;
                b.ik = Some(ik);
            }
            3 => {
                // Tweak an existing IK chain (the real ones reach real geometry).
                let iks: Vec<usize> = (0..n).filter(|&i| m.bones[i].ik.is_some()).collect();
                if iks.is_empty() {
                    continue;
                }
                let owner = rng.pick(&iks);
                let ik = m.bones[owner].ik.as_mut().unwrap();
                match rng.below(7) {
                    0 => ik.loop_count = loop_count(rng),
                    1 => ik.limit_angle = hostile(rng),
                    2 => ik.target = index(rng, n),
                    3 if !ik.links.is_empty() => {
                        // The target, the IK bone or another link as a link.
                        let k = rng.below(ik.links.len());
                        let other = ik.links[rng.below(ik.links.len())].bone;
                        ik.links[k].bone = rng.pick(&[ik.target, owner as i32, other]);
                    }
                    4 if !ik.links.is_empty() => {
                        let k = rng.below(ik.links.len());
                        ik.links[k].limit = Some(AngleLimit {
                            min: hostile3(rng),
                            max: hostile3(rng),
                        });
                    }
                    5 if !ik.links.is_empty() => ik.target = ik.links[0].bone,
                    _ => ik.links.push(IkLink {
                        bone: index(rng, n),
                        limit: None,
                    }),
                }
            }
            4 if n > 0 => m.bones[rng.below(n)].position = hostile3(rng),
            5 if n > 0 => {
                let b = &mut m.bones[rng.below(n)];
                b.deform_depth = rng.pick(&[i32::MIN, -1, 0, 1, 3, 1000, i32::MAX]);
                b.flags ^= 1 << rng.below(16);
            }
            6 if nm > 0 => {
                // A group morph with members anywhere, itself included.
                let g = rng.below(nm);
                let members = (0..1 + rng.below(4))
                    .map(|_| GroupOffset {
                        morph: if rng.one_in(3) {
                            g as i32
                        } else {
                            index(rng, nm)
                        },
                        weight: hostile(rng),
                    })
                    .collect();
                m.morphs[g].offsets = MorphOffsets::Group(members);
            }
            7 if nm > 0 => {
                let offsets = (0..1 + rng.below(4))
                    .map(|_| BoneOffset {
                        bone: index(rng, n),
                        translation: hostile3(rng),
                        rotation: hostile4(rng),
                    })
                    .collect();
                m.morphs[rng.below(nm)].offsets = MorphOffsets::Bone(offsets);
            }
            8 if nm > 0 => {
                let k = rng.below(nm);
                if let MorphOffsets::Vertex(offsets) = &mut m.morphs[k].offsets {
                    for _ in 0..4 {
                        if offsets.is_empty() {
                            break;
                        }
                        let o = rng.below(offsets.len());
                        offsets[o].offset = hostile3(rng);
                        if rng.one_in(4) {
                            offsets[o].vertex = rng.pick(&[u32::MAX, nv as u32, 0]);
                        }
                    }
                }
            }
            9 if nv > 0 => {
                let v = &mut m.vertices[rng.below(nv)];
                if rng.one_in(3) {
                    v.position = hostile3(rng);
                }
                let b = |rng: &mut XorShift| index(rng, n);
                v.weight = match rng.below(5) {
                    0 => Weight::Bdef1 { bone: b(rng) },
                    1 => Weight::Bdef2 {
                        bones: [b(rng), b(rng)],
                        weight: hostile(rng),
                    },
                    2 => Weight::Bdef4 {
                        bones: [b(rng), b(rng), b(rng), b(rng)],
                        weights: hostile4(rng),
                    },
                    3 => Weight::Sdef {
                        bones: [b(rng), b(rng)],
                        weight: hostile(rng),
                        c: hostile3(rng),
                        r0: hostile3(rng),
                        r1: hostile3(rng),
                    },
                    _ => Weight::Qdef {
                        bones: [b(rng), b(rng), b(rng), b(rng)],
                        weights: hostile4(rng),
                    },
                };
            }
            10 if n > 0 => {
                // A parent cycle (or a self-parent).
                let (i, j) = (rng.below(n), rng.below(n));
                m.bones[i].parent = j as i32;
                m.bones[j].parent = i as i32;
            }
            11 if n > 1 => {
                // An append chain: each bone follows the previous one, weights compounding.
                let start = rng.below(n - 1);
                let len = 2 + rng.below((n - start).min(40) - 1);
                let any = hostile(rng);
                let weight = rng.pick(&[2.0, -3.0, 1.0e6, 1.0e30, f32::MAX, any]);
                for k in start + 1..(start + len).min(n) {
                    let b = &mut m.bones[k];
                    b.flags |= bone_flags::APPEND_ROTATE | bone_flags::APPEND_TRANSLATE;
                    b.append = Some(Append {
                        parent: k as i32 - 1,
                        weight,
                    });
                }
            }
            12 if nm > 1 => {
                // A group chain closed into a loop, member weights compounding.
                let start = rng.below(nm - 1);
                let end = (start + 2 + rng.below(30)).min(nm);
                let any = hostile(rng);
                let weight = rng.pick(&[10.0, -7.0, 1.0e6, 1.0e20, f32::MAX, any]);
                for k in start..end {
                    let next = if k + 1 < end { k + 1 } else { start };
                    m.morphs[k].offsets = MorphOffsets::Group(vec![
                        GroupOffset {
                            morph: next as i32,
                            weight,
                        },
                        GroupOffset {
                            morph: rng.below(nm) as i32,
                            weight,
                        },
                    ]);
                }
            }
            13 if n > 0 => {
                // A long parent chain of huge offsets: translations add up along it.
                let start = rng.below(n);
                let v = rng.pick(&[1.0e9, 1.0e20, f32::MAX, -f32::MAX]);
                for k in start..n.min(start + 50) {
                    m.bones[k].parent = k as i32 - 1;
                    m.bones[k].position = [v * (k % 2) as f32, -v, v];
                }
            }
            _ if n > 0 => {
                if let Some(ik) = m.bones[rng.below(n)].ik.as_mut() {
                    ik.loop_count = i32::MAX;
                }
            }
            _ => {}
        }
    }
}

fn mutate_pmd(m: &mut pmd::Pmd, rng: &mut XorShift, ops: usize) {
    let n = m.bones.len();
    let u16_index = |rng: &mut XorShift, n: usize| -> u16 {
        match rng.below(8) {
            0 => pmd::NO_BONE,
            1 => n as u16,
            _ => rng.below(n) as u16,
        }
    };
    for _ in 0..ops {
        match rng.below(8) {
            0 if n > 0 => m.bones[rng.below(n)].parent = u16_index(rng, n),
            1 if n > 0 => {
                let b = &mut m.bones[rng.below(n)];
                b.kind = rng.pick(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255]);
                b.ik_parent = match rng.below(3) {
                    0 => rng.pick(&[0, 100, 255, 1000, u16::MAX]),
                    _ => u16_index(rng, n),
                };
                b.tail = u16_index(rng, n);
            }
            2 if n > 0 => m.bones[rng.below(n)].position = hostile3(rng),
            3 if !m.iks.is_empty() => {
                let k = rng.below(m.iks.len());
                let ik = &mut m.iks[k];
                match rng.below(5) {
                    0 => ik.iterations = rng.pick(&[0, 1, u16::MAX]),
                    1 => ik.limit = hostile(rng),
                    2 => ik.target = u16_index(rng, n),
                    3 => ik.links.push(ik.target),
                    _ => {
                        let link = u16_index(rng, n);
                        ik.links.push(link);
                    }
                }
            }
            4 if n > 0 => m.iks.push(pmd::Ik {
                bone: u16_index(rng, n),
                target: u16_index(rng, n),
                iterations: rng.pick(&[0, 1, 40, u16::MAX]),
                limit: hostile(rng),
                links: (0..rng.below(5)).map(|_| u16_index(rng, n)).collect(),
            }),
            5 if !m.morphs.is_empty() => {
                let k = rng.below(m.morphs.len());
                let morph = &mut m.morphs[k];
                if !morph.vertices.is_empty() {
                    let v = rng.below(morph.vertices.len());
                    morph.vertices[v].offset = hostile3(rng);
                    if rng.one_in(3) {
                        morph.vertices[v].index = rng.pick(&[u32::MAX, 0, 70000]);
                    }
                }
            }
            6 if !m.vertices.is_empty() => {
                let nv = m.vertices.len();
                let v = &mut m.vertices[rng.below(nv)];
                v.position = hostile3(rng);
                v.bones = [u16_index(rng, n), u16_index(rng, n)];
                v.weight = rng.pick(&[0, 50, 100, 101, 255]);
            }
            _ if n > 1 => {
                let (i, j) = (rng.below(n), rng.below(n));
                m.bones[i].parent = j as u16;
                m.bones[j].parent = i as u16;
            }
            _ => {}
        }
    }
}

/// Keys for the model's own bones, morphs and IK bones (so they bind), with hostile values,
/// plus hostile camera keys.
fn hostile_motion(rig: &Rig, rng: &mut XorShift, keys: usize) -> Vmd {
    let mut v = Vmd::default();
    let interpolation = |rng: &mut XorShift| -> [u8; 64] {
        let mut b = [0u8; 64];
        if rng.one_in(3) {
            b.iter_mut().for_each(|x| *x = rng.next() as u8);
        } else {
            for c in 0..4 {
                b[16 * c] = 20;
                b[16 * c + 4] = 20;
                b[16 * c + 8] = 107;
                b[16 * c + 12] = 107;
            }
        }
        b
    };
    let ik_bones: Vec<usize> = rig.ik_bones().collect();
    for _ in 0..keys {
        if rig.bone_count() > 0 {
            let bone = rig.bone_name(rng.below(rig.bone_count())).to_string();
            let translation = if rng.one_in(2) {
                hostile3(rng)
            } else {
                [0.0, 1.0, -2.0]
            };
            let rotation = if rng.one_in(2) {
                hostile4(rng)
            } else {
                glam::Quat::from_rotation_x(rng.below(7) as f32).to_array()
            };
            v.bone_keys.push(BoneKey {
                name: FixedText::encode(&bone),
                frame: frame(rng),
                translation,
                rotation,
                interpolation: interpolation(rng),
            });
        }
        if rig.morph_count() > 0 {
            let morph = rig.morph_name(rng.below(rig.morph_count())).to_string();
            v.morph_keys.push(MorphKey {
                name: FixedText::encode(&morph),
                frame: frame(rng),
                weight: hostile(rng),
            });
        }
        if !ik_bones.is_empty() && rng.one_in(3) {
            let bone = rig.bone_name(rng.pick(&ik_bones)).to_string();
            v.ik_keys.push(IkKey {
                frame: frame(rng),
                visible: rng.next() as u8,
                iks: vec![IkState {
                    name: FixedText::encode(&bone),
                    enabled: rng.pick(&[0, 1, 255]),
                }],
            });
        }
        if rng.one_in(2) {
            v.camera_keys.push(hostile_camera_key(rng));
        }
    }
    v
}

fn hostile_camera_key(rng: &mut XorShift) -> CameraKey {
    let mut interpolation = [0u8; 24];
    interpolation.iter_mut().for_each(|x| *x = rng.next() as u8);
    CameraKey {
        frame: frame(rng),
        distance: hostile(rng),
        position: hostile3(rng),
        rotation: hostile3(rng),
        interpolation,
        fov: rng.pick(&[0, 30, 180, 1 << 31, u32::MAX]),
        perspective_off: rng.next() as u8,
    }
}

/// Mutates the keys of a real motion in place; returns frames around the changed keys (what
/// the evaluation must visit for the changes to matter).
fn mutate_vmd(v: &mut Vmd, rng: &mut XorShift, ops: usize) -> Vec<f32> {
    let mut touched: Vec<u32> = Vec::new();
    for _ in 0..ops {
        match rng.below(7) {
            0 if !v.bone_keys.is_empty() => {
                let k = rng.below(v.bone_keys.len());
                let key = &mut v.bone_keys[k];
                touched.push(key.frame);
                match rng.below(4) {
                    0 => key.translation = hostile3(rng),
                    1 => key.rotation = hostile4(rng),
                    2 => key.frame = frame(rng),
                    _ => key.interpolation[rng.below(64)] = rng.next() as u8,
                }
            }
            1 if !v.bone_keys.is_empty() => {
                // A second key on the same track and frame.
                let k = rng.below(v.bone_keys.len());
                let mut key = v.bone_keys[k].clone();
                touched.push(key.frame);
                key.rotation = hostile4(rng);
                v.bone_keys.push(key);
            }
            2 if !v.morph_keys.is_empty() => {
                let k = rng.below(v.morph_keys.len());
                v.morph_keys[k].weight = hostile(rng);
                if rng.one_in(2) {
                    v.morph_keys[k].frame = frame(rng);
                }
                touched.push(v.morph_keys[k].frame);
            }
            3 if !v.camera_keys.is_empty() => {
                let k = rng.below(v.camera_keys.len());
                // This key and the next: extremes on both ends of an interval.
                for k in k..(k + 2).min(v.camera_keys.len()) {
                    let frame = v.camera_keys[k].frame;
                    touched.push(frame);
                    v.camera_keys[k] = CameraKey {
                        frame,
                        ..hostile_camera_key(rng)
                    };
                }
            }
            4 if !v.ik_keys.is_empty() => {
                let k = rng.below(v.ik_keys.len());
                for state in &mut v.ik_keys[k].iks {
                    state.enabled = rng.next() as u8;
                }
                v.ik_keys[k].frame = frame(rng);
                touched.push(v.ik_keys[k].frame);
            }
            _ => {
                // Many keys at once: scale a whole section's values.
                let scale = rng.pick(&[1.0e30, f32::MAX, -1.0e9, 1.0e-40]);
                for key in v.bone_keys.iter_mut().step_by(1 + rng.below(8)) {
                    key.translation = key.translation.map(|t| t * scale);
                }
                for key in v.morph_keys.iter_mut().step_by(1 + rng.below(8)) {
                    key.weight *= scale;
                }
            }
        }
    }
    touched
        .into_iter()
        .flat_map(|f| [f as f32 - 0.5, f as f32, f as f32 + 0.5])
        .collect()
}

/// Byte changes inside `region` of `bytes` (several at once, each a random value).
fn flip_bytes(bytes: &[u8], region: std::ops::Range<usize>, rng: &mut XorShift) -> Option<Vec<u8>> {
    if region.is_empty() {
        return None;
    }
    let mut v = bytes.to_vec();
    for _ in 0..1 + rng.below(6) {
        let at = region.start + rng.below(region.len());
        v[at] = match rng.below(3) {
            0 => v[at] ^ (1 << rng.below(8)),
            1 => rng.pick(&[0x00, 0xFF, 0x7F, 0x80]),
            _ => rng.next() as u8,
        };
    }
    Some(v)
}

/// Where the bone, IK and morph sections of a model file lie (start of bones to end of
/// morphs), from the structure of the intact file.
fn skeleton_region(bytes: &[u8]) -> std::ops::Range<usize> {
    if let Ok(p) = pmx::read(bytes) {
        // Emptying the sections from bones on leaves one 4-byte zero count per section.
        let sections = if p.header.version > 2.0 { 10 } else { 9 };
        let start_of = |k: usize| {
            let mut q = p.clone();
            q.bones.truncate(if k > 4 { q.bones.len() } else { 0 });
            q.morphs.truncate(if k > 5 { q.morphs.len() } else { 0 });
            q.display_frames.clear();
            q.rigid_bodies.clear();
            q.joints.clear();
            q.soft_bodies.clear();
            pmx::write(&q).unwrap().len() - 4 * (sections - k)
        };
        return start_of(4)..start_of(6);
    }
    let p = pmd::read(bytes).unwrap();
    let start =
        283 + 4 + p.vertices.len() * 38 + 4 + p.faces.len() * 6 + 4 + p.materials.len() * 70;
    let iks: usize = p.iks.iter().map(|ik| 11 + 2 * ik.links.len()).sum();
    let morphs: usize = p.morphs.iter().map(|m| 25 + 16 * m.vertices.len()).sum();
    start..start + 2 + p.bones.len() * 39 + 2 + iks + 2 + morphs
}

/// A model as the readers give it.
// A PMD's fixed-size text fields make that variant large; a test holds only a few of these.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Model {
    Pmx(Pmx),
    Pmd(pmd::Pmd),
}

impl Model {
    fn read(bytes: &[u8]) -> Option<Model> {
        match bytes.get(..3) {
            Some(b"Pmd") => pmd::read(bytes).ok().map(Model::Pmd),
            _ => pmx::read(bytes).ok().map(Model::Pmx),
        }
    }

    fn mutate(&mut self, rng: &mut XorShift, ops: usize) {
        match self {
            Model::Pmx(m) => mutate_pmx(m, rng, ops),
            Model::Pmd(m) => mutate_pmd(m, rng, ops),
        }
    }

    /// The rig and the skinning mesh (PMD through its PMX conversion).
    fn build(&self) -> (Rig, SkinMesh) {
        match self {
            Model::Pmx(m) => (Rig::from_pmx(m).0, SkinMesh::from_pmx(m)),
            Model::Pmd(m) => (Rig::from_pmd(m).0, SkinMesh::from_pmx(&pmd_to_pmx(m))),
        }
    }
}

/// How hard to drive one variant.
#[derive(Clone, Copy)]
struct Effort {
    /// Frames within the motion's range, besides the fixed hostile ones.
    frames: usize,
    /// Skin every n-th evaluation (skinning big meshes dominates a debug build).
    skin_every: usize,
}

const SMALL: Effort = Effort {
    frames: 6,
    skin_every: 1,
};
const BIG: Effort = Effort {
    frames: 3,
    skin_every: 9,
};
/// Real models driven by mutated motions: skin often, a hostile morph weight shows only in
/// the vertices.
const MOTION: Effort = Effort {
    frames: 3,
    skin_every: 4,
};

fn check_pose(rig: &Rig, pose: &Pose) -> Result<(), String> {
    if let Some(i) = pose.globals.iter().position(|m| !m.is_finite()) {
        return Err(format!(
            "bone {i} ({}) global not finite: {:?}",
            rig.bone_name(i),
            pose.globals[i]
        ));
    }
    if let Some(i) = pose.skinning.iter().position(|m| !m.is_finite()) {
        return Err(format!("bone {i} skinning matrix not finite"));
    }
    if let Some(i) = pose.morph_weights.iter().position(|w| !w.is_finite()) {
        return Err(format!(
            "morph {i} weight not finite: {}",
            pose.morph_weights[i]
        ));
    }
    Ok(())
}

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    if took > SLOW {
        return Err(format!("{what} took {took:?}"));
    }
    Ok(out)
}

/// Runs one model variant with `vmds` through every stage; `Err` says what went wrong.
fn pipeline(
    model: &Model,
    vmds: &[&Vmd],
    hints: &[f32],
    rng: &mut XorShift,
    effort: Effort,
) -> Result<(), String> {
    let (rig, mesh) = timed("building the rig", || model.build())?;
    let motion = timed("binding", || Motion::bind(&rig, vmds))?;
    let mut pose = Pose::new(&rig);
    check_pose(&rig, &pose).map_err(|e| format!("rest pose: {e}"))?;
    let mut vertices: Vec<Vec3> = Vec::new();

    let last = motion.last_frame();
    let mut frames = vec![
        0.0,
        -0.0,
        -1.0,
        -1.0e30,
        0.5,
        last,
        last + 1.0,
        1.0e9,
        4_294_967_295.0,
        f32::MAX,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1.0e-42,
    ];
    frames.extend((0..effort.frames).map(|_| {
        let f = rng.below(last.min(1.0e6) as usize + 2) as f32;
        f + rng.pick(&[0.0, 0.25, 0.5, 0.999])
    }));
    frames.extend(hints.iter().take(12));
    // Keys of a few random tracks and half a frame after them (a hostile motion's keys are
    // sparse, so random frames rarely fall near them).
    for _ in 0..2 {
        if rig.bone_count() > 0 {
            let keys = motion.bone_key_frames(rng.below(rig.bone_count()));
            if !keys.is_empty() {
                let f = keys[rng.below(keys.len())] as f32;
                frames.extend([f, f + 0.5]);
            }
        }
        if rig.morph_count() > 0 {
            let keys = motion.morph_key_frames(rng.below(rig.morph_count()));
            if !keys.is_empty() {
                let f = keys[rng.below(keys.len())] as f32;
                frames.extend([f, f + 0.5]);
            }
        }
    }

    let mut overrides = IkOverrides::new(&rig);
    let mut evaluations = 0;
    let mut reference = None;
    for mode in 0..4 {
        // Every chain on is solved by the Jacobian solver; random overrides pick a solver
        // per chain too.
        match mode {
            0 => overrides.set_all(IkOverride::Auto),
            1 => {
                overrides.set_all(IkOverride::On);
                overrides.set_all_methods(IkMethod::Jacobian);
            }
            2 => overrides.set_all(IkOverride::Off),
            _ => {
                for bone in 0..rig.bone_count() {
                    let value = rng.pick(&[IkOverride::Auto, IkOverride::On, IkOverride::Off]);
                    overrides.set(bone, value);
                    overrides.set_method(bone, rng.pick(&[IkMethod::Ccd, IkMethod::Jacobian]));
                }
            }
        }
        // The last mode also pins morphs to hostile weights.
        let pins: Vec<Option<f32>> = if mode == 3 {
            (0..rig.morph_count() + 2)
                .map(|_| rng.one_in(2).then(|| hostile(rng)))
                .collect()
        } else {
            Vec::new()
        };
        for &f in &frames {
            let at = || format!("frame {f} IK mode {mode}");
            timed("evaluating", || {
                evaluate_with_morph_pins(&rig, &motion, f, &overrides, &pins, &mut pose);
            })
            .map_err(|e| format!("{}: {e}", at()))?;
            check_pose(&rig, &pose).map_err(|e| format!("{}: {e}", at()))?;
            if evaluations % effort.skin_every == 0 {
                timed("skinning", || mesh.skin(&pose, &mut vertices))?;
                if let Some(v) = vertices.iter().position(|p| !p.is_finite()) {
                    return Err(format!("{}: vertex {v} not finite: {}", at(), vertices[v]));
                }
            }
            evaluations += 1;
        }
        if mode == 0 {
            evaluate(&rig, &motion, frames[0], &overrides, &mut pose);
            reference = Some(pose.globals.clone());
        }
    }
    // Stateless: after all those hostile frames, frame 0 gives the same bits again.
    overrides.set_all(IkOverride::Auto);
    overrides.set_all_methods(IkMethod::Ccd);
    evaluate(&rig, &motion, frames[0], &overrides, &mut pose);
    let bits = |m: &[glam::Mat4]| -> Vec<u32> {
        m.iter()
            .flat_map(|m| m.to_cols_array().map(f32::to_bits))
            .collect()
    };
    if reference.is_some_and(|r| bits(&r) != bits(&pose.globals)) {
        return Err("frame 0 differs after evaluating other frames".into());
    }

    for vmd in vmds {
        let Some(camera) = CameraMotion::from_vmd(vmd) else {
            continue;
        };
        for &f in frames.iter().chain(&[camera.last_frame() - 0.5]) {
            let c = camera.sample(f);
            let finite = c.target.is_finite()
                && c.rotation.is_finite()
                && c.distance.is_finite()
                && c.fov_y_deg.is_finite();
            if !finite {
                return Err(format!("camera at frame {f} not finite: {c:?}"));
            }
        }
    }
    Ok(())
}

/// Runs `pipeline` on one variant, turning a panic into a failure too.
fn run_variant(
    what: &str,
    model: &Model,
    vmds: &[&Vmd],
    hints: &[f32],
    seed: u64,
    effort: Effort,
    failures: &mut Vec<String>,
) {
    let mut rng = XorShift(seed);
    let result = catch_unwind(AssertUnwindSafe(|| {
        pipeline(model, vmds, hints, &mut rng, effort)
    }));
    match result {
        Ok(Ok(())) => {}
        Ok(Err(e)) => failures.push(format!("{what}: {e}")),
        Err(_) => failures.push(format!("{what}: panicked")),
    }
}

fn report(total: usize, minimum: usize, failures: &[String]) {
    eprintln!("{total} variants posed");
    assert!(total >= minimum, "only {total} variants");
    assert!(
        failures.is_empty(),
        "{} of {total} variants failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn read_motion(file: &str) -> Option<Vmd> {
    fixture(file).map(|bytes| vmd::read(&bytes).unwrap())
}

/// Many variants of each small model, byte-level and struct-level, each with a hostile motion
/// of its own and a (mutated) real one.
#[test]
fn mutated_small_models_pose_cleanly() {
    let Some(real) = read_motion("gene/motion/00_normal.vmd") else {
        return;
    };
    let mut total = 0;
    let mut failures = Vec::new();
    for (n, file) in SMALL_MODELS.iter().enumerate() {
        let Some(bytes) = fixture(file) else { return };
        let original = Model::read(&bytes).unwrap();
        let region = skeleton_region(&bytes);
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D ^ (n as u64) << 32);
        for k in 0..300 {
            let (what, model) = if k % 3 == 0 {
                let Some(v) = flip_bytes(&bytes, region.clone(), &mut rng) else {
                    continue;
                };
                match Model::read(&v) {
                    Some(m) => (format!("{file}: bytes changed, variant {k}"), m),
                    None => continue,
                }
            } else {
                let mut m = original.clone();
                let ops = 1 + rng.below(8);
                m.mutate(&mut rng, ops);
                (format!("{file}: struct mutation, variant {k}"), m)
            };
            let (rig, _) = model.build();
            let ops = 1 + rng.below(12);
            let own = hostile_motion(&rig, &mut rng, ops);
            let mut other = real.clone();
            let ops = rng.below(4);
            let hints = mutate_vmd(&mut other, &mut rng, ops);
            total += 1;
            let seed = rng.next();
            run_variant(
                &what,
                &model,
                &[&other, &own],
                &hints,
                seed,
                SMALL,
                &mut failures,
            );
        }
    }
    report(total, 500, &failures);
}

/// A few variants of each full-size model: changed bytes in the skeleton sections and struct
/// mutations, with a mutated real dance and a hostile motion.
#[test]
fn mutated_big_models_pose_cleanly() {
    let Some(real) = read_motion("j3/miku/im5066365.vmd") else {
        return;
    };
    let mut total = 0;
    let mut failures = Vec::new();
    for (n, file) in BIG_MODELS.iter().enumerate() {
        let Some(bytes) = fixture(file) else { return };
        let original = Model::read(&bytes).unwrap();
        let region = skeleton_region(&bytes);
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ (n as u64) << 40);
        let mut accepted_bytes = 0;
        let mut k = 0;
        // Changed bytes: until two variants read (most changes in names and indices are
        // rejected by the reader), at most eight tries.
        while accepted_bytes < 2 && k < 8 {
            k += 1;
            let Some(v) = flip_bytes(&bytes, region.clone(), &mut rng) else {
                break;
            };
            let Some(model) = Model::read(&v) else {
                continue;
            };
            accepted_bytes += 1;
            let (rig, _) = model.build();
            let own = hostile_motion(&rig, &mut rng, 8);
            total += 1;
            let seed = rng.next();
            let what = format!("{file}: bytes changed, try {k}");
            run_variant(&what, &model, &[&real, &own], &[], seed, BIG, &mut failures);
        }
        for k in 0..3 {
            let mut model = original.clone();
            let ops = 4 + rng.below(12);
            model.mutate(&mut rng, ops);
            let (rig, _) = model.build();
            let own = hostile_motion(&rig, &mut rng, 8);
            let mut dance = real.clone();
            let ops = 1 + rng.below(6);
            let hints = mutate_vmd(&mut dance, &mut rng, ops);
            total += 1;
            let seed = rng.next();
            let what = format!("{file}: struct mutation, variant {k}");
            run_variant(
                &what,
                &model,
                &[&dance, &own],
                &hints,
                seed,
                BIG,
                &mut failures,
            );
        }
    }
    report(total, 25, &failures);
}

/// The full-size models' skeletons and morphs (meshes cut to a few hundred vertices, so that
/// variants are cheap) under many struct mutations: real IK chains, append bones, group and
/// bone morphs made hostile.
#[test]
fn mutated_real_skeletons_pose_cleanly() {
    let Some(real) = read_motion("j3/miku/im5066365.vmd") else {
        return;
    };
    let mut total = 0;
    let mut failures = Vec::new();
    for (n, file) in BIG_MODELS.iter().enumerate() {
        let Some(bytes) = fixture(file) else { return };
        let mut slim = Model::read(&bytes).unwrap();
        match &mut slim {
            Model::Pmx(m) => {
                m.vertices.truncate(300);
                m.faces.clear();
            }
            Model::Pmd(m) => {
                m.vertices.truncate(300);
                m.faces.clear();
            }
        }
        let mut rng = XorShift(0xA076_1D64_78BD_642F ^ (n as u64) << 24);
        for k in 0..VARIANTS_PER_SKELETON {
            let mut model = slim.clone();
            let ops = 1 + rng.below(10);
            model.mutate(&mut rng, ops);
            let (rig, _) = model.build();
            let keys = 1 + rng.below(16);
            let own = hostile_motion(&rig, &mut rng, keys);
            let mut dance = real.clone();
            let ops = rng.below(4);
            let hints = mutate_vmd(&mut dance, &mut rng, ops);
            total += 1;
            let seed = rng.next();
            let what = format!("{file} (cut to 300 vertices): struct mutation, variant {k}");
            run_variant(
                &what,
                &model,
                &[&dance, &own],
                &hints,
                seed,
                SMALL,
                &mut failures,
            );
        }
    }
    report(total, BIG_MODELS.len() * VARIANTS_PER_SKELETON, &failures);
}

const VARIANTS_PER_SKELETON: usize = 40;

/// Every motion fixture, changed byte by byte and key by key, against real models (the small
/// Miku PMX conversion, its PMD and a small model), camera included.
#[test]
fn mutated_motions_drive_real_models() {
    let models = [
        "j3/miku/index.pmx",
        "mmd-viewer-js/miku/miku_v2.pmd",
        SMALL_MODELS[1],
    ];
    let mut loaded = Vec::new();
    for file in models {
        let Some(bytes) = fixture(file) else { return };
        loaded.push(Model::read(&bytes).unwrap());
    }
    let mut total = 0;
    let mut failures = Vec::new();
    for (n, file) in MOTIONS.iter().enumerate() {
        let Some(bytes) = fixture(file) else { return };
        let original = vmd::read(&bytes).unwrap();
        // The 1.6 MB dance takes most of the time: fewer variants of it.
        let variants = if bytes.len() > 1 << 20 { 2 } else { 16 };
        let mut rng = XorShift(0xD1B5_4A32_D192_ED03 ^ n as u64);
        for k in 0..variants {
            let (vmd, hints) = if k % 2 == 0 {
                let mut v = original.clone();
                let ops = 1 + rng.below(20);
                let hints = mutate_vmd(&mut v, &mut rng, ops);
                (v, hints)
            } else {
                // Byte changes anywhere after the header (keys are fixed-size records).
                let Some(v) = flip_bytes(&bytes, 50.min(bytes.len())..bytes.len(), &mut rng) else {
                    continue;
                };
                match vmd::read(&v) {
                    Ok(v) => (v, Vec::new()),
                    Err(_) => continue,
                }
            };
            let model = &loaded[k % loaded.len()];
            total += 1;
            let seed = rng.next();
            let what = format!("{file} variant {k} on {}", models[k % loaded.len()]);
            run_variant(&what, model, &[&vmd], &hints, seed, MOTION, &mut failures);
        }
    }
    report(total, 40, &failures);
}

/// The overflows this file found, as fixed cases that need no fixtures: extremes that are
/// finite (so no reader rejects them) but whose sums and products are not.
#[test]
fn finite_extremes_stay_finite() {
    use common::{append_bone, bone, key, leg, motion};
    use glam::Quat;
    use mmd_format::pmx::MorphPanel;

    let mut pmx = leg();
    // Huge finite rest positions on both sides: their differences overflow.
    pmx.bones[1].position = [0.0, f32::MAX, -f32::MAX];
    pmx.bones[2].position = [0.0, -f32::MAX, f32::MAX];
    // An append chain with weights whose product overflows, sourced from a bone turned by a
    // quaternion whose squared length overflows.
    pmx.bones.push(bone("spin", [0.0, 1.0, 0.0], 0));
    let both = bone_flags::APPEND_ROTATE | bone_flags::APPEND_TRANSLATE;
    for k in 0..6 {
        let source = pmx.bones.len() as i32 - 1;
        let weight = if k == 0 { 1.0 } else { 1.0e30 };
        pmx.bones.push(append_bone(
            &format!("follow{k}"),
            [0.0; 3],
            0,
            source,
            weight,
            both,
        ));
    }
    // A chain of group morphs whose factors multiply past f32::MAX, ending in a vertex morph.
    for k in 0..4 {
        pmx.morphs.push(mmd_format::pmx::Morph {
            name: format!("group{k}"),
            offsets: MorphOffsets::Group(vec![GroupOffset {
                morph: k + 1,
                weight: 1.0e20,
            }]),
            name_en: String::new(),
            panel: MorphPanel::Other,
        });
    }
    pmx.morphs.push(mmd_format::pmx::Morph {
        name: "shift".into(),
        offsets: MorphOffsets::Vertex(vec![mmd_format::pmx::VertexOffset {
            vertex: 0,
            offset: [1.0e30, -1.0e30, 1.0],
        }]),
        name_en: String::new(),
        panel: MorphPanel::Other,
    });
    pmx.vertices.push(mmd_format::pmx::Vertex {
        position: [f32::MAX, 0.0, -f32::MAX],
        weight: Weight::Bdef4 {
            bones: [1, 2, 3, 4],
            weights: [f32::MAX, -f32::MAX, 1.0e30, 1.0],
        },
        ..Default::default()
    });

    let mut vmd = motion(vec![
        key("spin", 0, [f32::MAX, -f32::MAX, 0.0], Quat::IDENTITY),
        key("spin", 10, [-f32::MAX, f32::MAX, 0.0], Quat::IDENTITY),
    ]);
    vmd.bone_keys[1].rotation = [f32::MAX; 4];
    for (frame, weight) in [(0, f32::MAX), (10, -f32::MAX)] {
        vmd.morph_keys.push(MorphKey {
            name: FixedText::encode("group0"),
            frame,
            weight,
        });
    }
    for (frame, v) in [(0, f32::MAX), (10, -f32::MAX)] {
        vmd.camera_keys.push(CameraKey {
            frame,
            distance: v,
            position: [v; 3],
            rotation: [v; 3],
            interpolation: [20; 24],
            fov: u32::MAX,
            perspective_off: 0,
        });
    }

    let model = Model::Pmx(pmx);
    let mut failures = Vec::new();
    let hints = [0.0, 5.0, 10.0];
    run_variant("extremes", &model, &[&vmd], &hints, 1, SMALL, &mut failures);
    assert!(failures.is_empty(), "{failures:?}");

    // Pinned morph weights at the extremes too.
    let (rig, _) = model.build();
    let bound = Motion::bind(&rig, &[&vmd]);
    let mut pose = Pose::new(&rig);
    let pins = vec![Some(f32::MAX); rig.morph_count()];
    evaluate_with_morph_pins(&rig, &bound, 5.0, &IkOverrides::new(&rig), &pins, &mut pose);
    check_pose(&rig, &pose).unwrap();
    let mut vertices = Vec::new();
    let Model::Pmx(pmx) = &model else {
        unreachable!()
    };
    SkinMesh::from_pmx(pmx).skin(&pose, &mut vertices);
    assert!(vertices.iter().all(|v| v.is_finite()), "{vertices:?}");
}
