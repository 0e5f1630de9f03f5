//! PMM projects: round trips of both versions through nanoem's layout (the test writer), the
//! fixture mmd-anim exported from a PMX and a VMD (read, rewritten byte for byte, and its
//! model's keys against that VMD), the conversions to VMD motions, broken key links, and
//! hostile counts, which must fail cleanly without allocating.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// The recording allocator (`largest_allocation`) needs `unsafe impl GlobalAlloc`; it only
// forwards to `System`.
#![allow(unsafe_code)]

mod common;
mod largest_allocation;
mod pmm_writer;

use std::panic::catch_unwind;

use common::fixture;
use largest_allocation::{ALLOCATION_LIMIT, largest_allocation};
use mmd_format::any::{AnyFile, detect, read_any};
use mmd_format::pmm::to_vmd::{
    bone_interpolation, camera_motion, light_motion, model_motion, self_shadow_motion,
};
use mmd_format::pmm::{self, *};
use mmd_format::{ErrorKind, Format, vmd};
use pmm_writer::sample::{sample_project, shapes_of};
use pmm_writer::write;

const FIXTURE: &str = "mmd-anim/ik_multi_bone_from_pmx_vmd.pmm";
const FIXTURE_VMD: &str = "mmd-anim/ik_multi_bone_nondefault.vmd";

#[test]
fn version_2_round_trips() {
    let project = sample_project(PmmVersion::V2);
    let bytes = write(&project);
    assert_eq!(detect(&bytes), Some(Format::Pmm));
    let read = pmm::read(&bytes).unwrap();
    assert_eq!(read, project);
    assert_eq!(read_any(&bytes).unwrap(), AnyFile::Pmm(Box::new(project)));
}

#[test]
fn version_1_round_trips_with_its_models_shapes() {
    let project = sample_project(PmmVersion::V1);
    let bytes = write(&project);
    assert_eq!(detect(&bytes), Some(Format::Pmm));
    let mut asked = Vec::new();
    let mut shapes = shapes_of(&project);
    let read = pmm::read_with_models(&bytes, |model| {
        asked.push((model.index, model.name.to_owned(), model.path.to_owned()));
        shapes(model)
    })
    .unwrap();
    assert_eq!(read, project);
    let names: Vec<_> = project
        .models
        .iter()
        .enumerate()
        .map(|(i, m)| (i, m.name.clone(), m.path.clone()))
        .collect();
    assert_eq!(asked, names, "asked once per model, in order");
}

#[test]
fn version_1_without_its_models_names_the_first_one_needed() {
    let project = sample_project(PmmVersion::V1);
    let bytes = write(&project);
    let e = pmm::read(&bytes).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::ModelNeeded(r"C:\MMD\UserFile\Model\初音ミク.pmd".into())
    );
    assert_eq!(e.context, "model 0");
    assert!(e.to_string().contains("0001"), "{e}");
    // Without models there is nothing to ask for.
    let empty = Pmm {
        models: Vec::new(),
        editor: Editor {
            model_list: Vec::new(),
            ..project.editor.clone()
        },
        ..project
    };
    assert_eq!(pmm::read(&write(&empty)).unwrap(), empty);
}

#[test]
fn version_1_may_end_before_its_last_two_settings() {
    let mut project = sample_project(PmmVersion::V1);
    project.accessories_before_models = None;
    project.ground_shadow.brightness = None;
    let bytes = write(&project);
    let read = pmm::read_with_models(&bytes, shapes_of(&project)).unwrap();
    assert_eq!(read, project);
    // What follows them is kept as it is.
    project.accessories_before_models = Some(-1);
    project.ground_shadow.brightness = Some(1.0);
    project.trailing = vec![1, 2, 3];
    let read = pmm::read_with_models(&write(&project), shapes_of(&project)).unwrap();
    assert_eq!(read, project);
}

#[test]
fn fixture_reads_and_rewrites_byte_for_byte() {
    let Some(bytes) = fixture(FIXTURE) else {
        return;
    };
    let project = pmm::read(&bytes).unwrap();
    assert_eq!(project.version, PmmVersion::V2);
    assert!(project.warnings.is_empty(), "{:?}", project.warnings);
    assert_eq!(project.models.len(), 1);
    let model = &project.models[0];
    assert_eq!(model.name, "ik_multi_axis_limit_fixture");
    assert_eq!(model.path, r"..\pmx\ik_multi_axis_limit.pmx");
    assert_eq!(model.bone_names, ["link_root", "effector", "ik_controller"]);
    let frames: Vec<Vec<u32>> = model
        .bone_tracks
        .iter()
        .map(|t| t.iter().map(|k| k.frame).collect())
        .collect();
    assert_eq!(frames, [vec![0, 15], vec![0, 30], vec![0]]);
    assert_eq!(model.model_keys.len(), 1);
    assert_eq!(project.camera.keys.len(), 1);
    assert_eq!(project.light.keys.len(), 1);
    assert!(project.accessories.is_empty());
    // mmd-anim's exporter appends the model path and a NUL after the layout's end.
    let mut tail = model.path.as_bytes().to_vec();
    tail.push(0);
    assert_eq!(project.trailing, tail);
    // Nothing read is lost: the test writer (nanoem's layout, mmd-anim's key numbering)
    // gives the file back.
    assert_eq!(write(&project), bytes);
}

/// mmd-anim exported the fixture from `ik_multi_axis_limit.pmx` and the VMD: the model's bone
/// keys are the VMD's (every bone has a frame-0 key there, so no initial key was added), with
/// one change: a project keeps 16 curve bytes per key, and the exporter took curve c of X, Y,
/// Z, rotation as bytes c, c+4, c+8, c+12 of the VMD block's first row. That VMD's rows 1 to
/// 3 are not the shifted copies MMD writes, so for curves Y, Z and rotation the VMD reader
/// (curve c from row c) and the project disagree; the project's curves are the first row's.
#[test]
fn fixture_model_keys_are_the_vmds() {
    let (Some(bytes), Some(vmd_bytes)) = (fixture(FIXTURE), fixture(FIXTURE_VMD)) else {
        return;
    };
    let project = pmm::read(&bytes).unwrap();
    let converted = model_motion(&project.models[0]);
    let original = vmd::read(&vmd_bytes).unwrap();
    let by_bone_and_frame = |keys: &[vmd::BoneKey]| {
        let mut keys = keys.to_vec();
        keys.sort_by_key(|k| (k.name.decode(), k.frame));
        keys
    };
    let converted_keys = by_bone_and_frame(&converted.bone_keys);
    let original_keys = by_bone_and_frame(&original.bone_keys);
    assert_eq!(converted_keys.len(), 5);
    assert_eq!(converted_keys.len(), original_keys.len());
    let mut rows_differ = 0;
    for (c, o) in converted_keys.iter().zip(&original_keys) {
        let what = format!("{:?} frame {}", o.name, o.frame);
        assert_eq!((c.name, c.frame), (o.name, o.frame), "{what}");
        assert_eq!(c.translation, o.translation, "{what}");
        assert_eq!(c.rotation, o.rotation, "{what}");
        let row0 = &o.interpolation[..16];
        for curve in 0..4 {
            let first_row = [
                row0[curve],
                row0[curve + 4],
                row0[curve + 8],
                row0[curve + 12],
            ];
            assert_eq!(c.curve(curve), first_row, "{what}: curve {curve}");
            rows_differ += usize::from(o.curve(curve) != first_row);
        }
        // The converted block is MMD's: the first row again (bytes 2 and 3 hold the physics
        // switch, off here, where the VMD has curve bytes), then shifted copies.
        let mut expected_row0 = row0.to_vec();
        expected_row0[2..4].copy_from_slice(&[0, 0]);
        assert_eq!(&c.interpolation[..16], &expected_row0[..], "{what}");
        assert!(!c.physics_off(), "{what}");
        for row in 1..4 {
            assert_eq!(
                &c.interpolation[16 * row..16 * row + 16 - row],
                &row0[row..],
                "{what}: row {row}"
            );
        }
    }
    assert_eq!(rows_differ, 15, "curves Y, Z, rotation of all five keys");
    assert!(converted.morph_keys.is_empty() && original.morph_keys.is_empty());
    // The model key (shown, no IK bones) becomes one show/IK key at frame 0.
    assert_eq!(converted.ik_keys.len(), 1);
    assert_eq!(converted.ik_keys[0].visible, 1);
    assert!(converted.ik_keys[0].iks.is_empty());
}

#[test]
fn model_keys_convert_to_a_vmd_the_vmd_reader_takes_back() {
    let project = sample_project(PmmVersion::V2);
    let model = &project.models[0];
    let motion = model_motion(model);
    assert_eq!(motion.model_name.decode(), "初音ミク");
    let bone_keys: usize = model.bone_tracks.iter().map(Vec::len).sum();
    assert_eq!(motion.bone_keys.len(), bone_keys);
    let mut at = 0;
    for (name, track) in model.bone_names.iter().zip(&model.bone_tracks) {
        for key in track {
            let k = &motion.bone_keys[at];
            at += 1;
            assert_eq!(k.name.decode(), *name);
            assert_eq!(
                (k.frame, k.translation, k.rotation),
                (key.frame, key.translation, key.rotation)
            );
            assert_eq!(k.physics_off(), key.physics_off);
            for c in 0..4 {
                assert_eq!(k.curve(c), key.curves[c]);
            }
        }
    }
    let morphs: Vec<_> = motion
        .morph_keys
        .iter()
        .map(|k| (k.name.decode(), k.frame, k.weight))
        .collect();
    assert_eq!(
        morphs,
        [
            ("base".into(), 0, 0.0),
            ("まばたき".into(), 0, 0.0),
            ("まばたき".into(), 5, 1.0),
            ("まばたき".into(), 10, 0.25),
            ("あ".into(), 0, 0.5),
        ]
    );
    let iks: Vec<_> = motion
        .ik_keys
        .iter()
        .map(|k| {
            let states: Vec<_> = k.iks.iter().map(|s| (s.name.decode(), s.enabled)).collect();
            (k.frame, k.visible, states)
        })
        .collect();
    assert_eq!(
        iks,
        [
            (0, 1, vec![("左足ＩＫ".into(), 1), ("右足ＩＫ".into(), 1)]),
            (15, 0, vec![("左足ＩＫ".into(), 0), ("右足ＩＫ".into(), 1)]),
        ]
    );
    assert_eq!(vmd::read(&vmd::write(&motion).unwrap()).unwrap(), motion);
}

#[test]
fn camera_light_and_self_shadow_keys_convert_to_vmd_keys() {
    let project = sample_project(PmmVersion::V2);
    let camera = camera_motion(&project.camera);
    assert_eq!(camera.model_name.decode(), "カメラ・照明");
    assert_eq!(camera.camera_keys.len(), project.camera.keys.len());
    for (k, key) in camera.camera_keys.iter().zip(&project.camera.keys) {
        assert_eq!(
            (k.frame, k.distance, k.position, k.rotation),
            (key.frame, key.distance, key.look_at, key.angle)
        );
        assert_eq!(k.fov, key.fov as u32);
        assert_eq!(k.perspective_off == 0, key.perspective);
        // A VMD camera curve is x1, x2, y1, y2.
        for (c, &[x1, y1, x2, y2]) in key.curves.iter().enumerate() {
            assert_eq!(k.interpolation[4 * c..4 * c + 4], [x1, x2, y1, y2]);
        }
    }
    let light = light_motion(&project.light);
    let lights: Vec<_> = light
        .light_keys
        .iter()
        .map(|k| (k.frame, k.color, k.direction))
        .collect();
    let expected: Vec<_> = project
        .light
        .keys
        .iter()
        .map(|k| (k.frame, k.state.color, k.state.direction))
        .collect();
    assert_eq!(lights, expected);
    let shadow = self_shadow_motion(project.self_shadow.as_ref().unwrap());
    let shadows: Vec<_> = shadow
        .shadow_keys
        .iter()
        .map(|k| (k.frame, k.mode, k.distance))
        .collect();
    assert_eq!(shadows, [(0, 1, 0.01125), (50, 2, 0.05)]);
    for motion in [camera, light, shadow] {
        assert_eq!(vmd::read(&vmd::write(&motion).unwrap()).unwrap(), motion);
    }
}

#[test]
fn bone_curves_are_laid_out_as_mmd_writes_them() {
    let linear = [[20, 20, 107, 107]; 4];
    assert_eq!(
        bone_interpolation(&linear, false),
        vmd::BoneKey::LINEAR_INTERPOLATION
    );
    let mut off = vmd::BoneKey::LINEAR_INTERPOLATION;
    off[2..4].copy_from_slice(&[0x63, 0x0F]);
    assert_eq!(bone_interpolation(&linear, true), off);
}

// ---- broken key links ----

/// A project whose camera track is frames 0 (the initial key, index 0), 10, 20, 30 (indices
/// 1, 2, 3), and the offset of each indexed camera key's record in its bytes.
fn camera_track() -> (Vec<u8>, [usize; 3]) {
    let mut project = sample_project(PmmVersion::V2);
    let key = project.camera.keys[0];
    project.camera.keys = [0, 10, 20, 30]
        .map(|frame| CameraKey { frame, ..key })
        .to_vec();
    let bytes = write(&project);
    let offsets = [1i32, 2, 3].map(|index| {
        let frame = index * 10;
        let record = [index.to_le_bytes(), frame.to_le_bytes()].concat();
        let found: Vec<usize> = bytes
            .windows(8)
            .enumerate()
            .filter(|(_, w)| *w == record)
            .map(|(at, _)| at)
            .collect();
        // Light and gravity keys are at other frames; only the camera key matches.
        assert_eq!(found.len(), 1, "camera key {index}");
        found[0]
    });
    (bytes, offsets)
}

/// Sets field `field` (0 index, 1 frame, 2 previous, 3 next) of the key record at `at`.
fn set(bytes: &mut [u8], at: usize, field: usize, value: i32) {
    bytes[at + 4 * field..at + 4 * field + 4].copy_from_slice(&value.to_le_bytes());
}

fn camera_frames_and_warnings(bytes: &[u8]) -> (Vec<u32>, Vec<String>) {
    let project = pmm::read(bytes).unwrap();
    for w in &project.warnings {
        assert!(w.offset < bytes.len(), "{w}");
    }
    let frames = project.camera.keys.iter().map(|k| k.frame).collect();
    let warnings = project.warnings.iter().map(|w| w.message.clone()).collect();
    (frames, warnings)
}

fn assert_warnings(warnings: &[String], expected: &[&str]) {
    assert_eq!(warnings.len(), expected.len(), "{warnings:#?}");
    for (w, e) in warnings.iter().zip(expected) {
        assert!(w.contains(e), "{w:?} should say {e:?}");
    }
}

#[test]
fn intact_links_give_the_track_without_warnings() {
    let (bytes, _) = camera_track();
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 10, 20, 30]);
    assert_warnings(&warnings, &[]);
}

#[test]
fn a_link_to_a_missing_key_ends_the_track() {
    let (mut bytes, [_, k2, _]) = camera_track();
    set(&mut bytes, k2, 3, 99);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 10, 20]);
    assert_warnings(
        &warnings,
        &[
            "the key after index 2 is index 99, which is missing",
            "camera: key index 3 at frame 30: no track links to it; left out",
        ],
    );
}

#[test]
fn a_cycle_ends_the_track_without_looping() {
    let (mut bytes, [_, _, k3]) = camera_track();
    set(&mut bytes, k3, 3, 1);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 10, 20, 30]);
    assert_warnings(
        &warnings,
        &["is index 1, which is missing or already in a track"],
    );
}

#[test]
fn a_key_linked_to_itself_does_not_loop() {
    let (mut bytes, [k1, _, _]) = camera_track();
    set(&mut bytes, k1, 3, 1);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 10]);
    assert_warnings(
        &warnings,
        &[
            "already in a track",
            "key index 2 at frame 20: no track links to it",
            "key index 3 at frame 30: no track links to it",
        ],
    );
}

#[test]
fn a_repeated_index_leaves_the_later_key_out() {
    let (mut bytes, [_, _, k3]) = camera_track();
    set(&mut bytes, k3, 0, 2);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 10, 20]);
    assert_warnings(
        &warnings,
        &[
            "the key after index 2 is index 3, which is missing",
            "camera: key index 2 at frame 30: an earlier key has the same index; left out",
        ],
    );
}

#[test]
fn an_index_among_the_initial_keys_is_left_out() {
    let (mut bytes, [k1, _, _]) = camera_track();
    set(&mut bytes, k1, 0, 0);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0]);
    assert_warnings(
        &warnings,
        &[
            "the key after index 0 is index 1, which is missing",
            "camera: key index 0 at frame 10: the index belongs to the initial keys; left out",
            "key index 2 at frame 20: no track links to it",
            "key index 3 at frame 30: no track links to it",
        ],
    );
}

#[test]
fn a_negative_frame_drops_its_key_and_the_track_goes_on() {
    let (mut bytes, [k1, _, _]) = camera_track();
    set(&mut bytes, k1, 1, -5);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 20, 30]);
    assert_warnings(
        &warnings,
        &["camera: key index 1 has a negative frame (-5); left out"],
    );
}

#[test]
fn keys_linked_out_of_frame_order_are_sorted() {
    let (mut bytes, [k1, k2, _]) = camera_track();
    set(&mut bytes, k1, 1, 25);
    // A wrong back link is reported but does not change the track.
    set(&mut bytes, k2, 2, 7);
    let (frames, warnings) = camera_frames_and_warnings(&bytes);
    assert_eq!(frames, [0, 20, 25, 30]);
    assert_warnings(
        &warnings,
        &[
            "camera: its links do not go forward in frames",
            "camera: key index 2 says it follows index 7, but index 1 leads to it",
        ],
    );
}

#[test]
fn a_broken_bone_track_names_its_model_and_bone() {
    let bytes = write(&sample_project(PmmVersion::V2));
    // センター's initial key: frame 0, previous 0, next 4 (the first indexed bone key), then
    // its curves (20, 21, 22, …).
    let record = [&[0; 8][..], &4i32.to_le_bytes(), &[20, 21, 22, 23]].concat();
    let at = bytes
        .windows(record.len())
        .position(|w| w == record)
        .unwrap();
    let mut broken = bytes.clone();
    broken[at + 8..at + 12].copy_from_slice(&77i32.to_le_bytes());
    let project = pmm::read(&broken).unwrap();
    let frames: Vec<u32> = project.models[0].bone_tracks[0]
        .iter()
        .map(|k| k.frame)
        .collect();
    assert_eq!(frames, [0]);
    let warnings: Vec<String> = project.warnings.iter().map(|w| w.to_string()).collect();
    assert_warnings(
        &warnings,
        &[
            &format!(
                "byte {at}: model \"初音ミク\": bone \"センター\": the key after index 0 is index 77"
            ),
            "model \"初音ミク\": bone keys: key index 4 at frame 10: no track links to it",
            "model \"初音ミク\": bone keys: key index 5 at frame 20: no track links to it",
        ],
    );
}

// ---- hostile counts ----

/// The first byte where `a` and `b` differ.
fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).position(|(x, y)| x != y).unwrap()
}

/// Every i32 count in the file set to `i32::MAX` gives `CountTooLarge` at that count, and a
/// negative one `NegativeCount`, before anything is allocated. A count's position is where
/// the file first changes when its section grows by one at its end.
#[test]
fn huge_and_negative_counts_fail_before_allocating() {
    let project = sample_project(PmmVersion::V2);
    type Grow = fn(&mut Pmm);
    let sections: &[(&str, Grow)] = &[
        ("model 0: bone names", |p| {
            let m = &mut p.models[0];
            m.bone_names.push("x".into());
            m.bone_tracks.push(m.bone_tracks[3].clone());
            m.current.bones.push(m.current.bones[0]);
        }),
        ("model 0: morph names", |p| {
            let m = &mut p.models[0];
            m.morph_names.push("x".into());
            m.morph_tracks.push(m.morph_tracks[0].clone());
            m.current.morphs.push(0.0);
        }),
        ("model 0: IK bone count", |p| {
            let m = &mut p.models[0];
            m.ik_bones.push(3);
            m.model_keys.iter_mut().for_each(|k| k.iks.push(true));
            m.current.iks.push(true);
        }),
        ("model 0: outside-parent bone count", |p| {
            let m = &mut p.models[0];
            m.outside_parent_bones.push(3);
            m.model_keys
                .iter_mut()
                .for_each(|k| k.outside_parents.push(ModelBone::NONE));
            m.current
                .outside_parents
                .push(OutsideParentState::default());
        }),
        ("model 0: bone key count", |p| {
            let track = &mut p.models[0].bone_tracks[2];
            track.push(BoneKey {
                frame: 99,
                ..track[0]
            });
        }),
        ("model 0: morph key count", |p| {
            let track = &mut p.models[0].morph_tracks[1];
            track.push(MorphKey {
                frame: 99,
                ..track[0]
            });
        }),
        ("model 0: model key count", |p| {
            let keys = &mut p.models[0].model_keys;
            keys.push(ModelKey {
                frame: 99,
                ..keys[1].clone()
            });
        }),
        ("camera: camera key count", |p| {
            let keys = &mut p.camera.keys;
            keys.push(CameraKey {
                frame: 99,
                ..keys[2]
            });
        }),
        ("light: light key count", |p| {
            let keys = &mut p.light.keys;
            keys.push(LightKey {
                frame: 99,
                ..keys[1]
            });
        }),
        ("accessory 0: accessory key count", |p| {
            let keys = &mut p.accessories[0].keys;
            keys.push(AccessoryKey {
                frame: 99,
                ..keys[1]
            });
        }),
        ("gravity: gravity key count", |p| {
            let keys = &mut p.physics.as_mut().unwrap().gravity.keys;
            keys.push(GravityKey {
                frame: 999,
                ..keys[1]
            });
        }),
        ("self-shadow: self-shadow key count", |p| {
            let keys = &mut p.self_shadow.as_mut().unwrap().keys;
            keys.push(SelfShadowKey {
                frame: 99,
                ..keys[1]
            });
        }),
    ];
    let bytes = write(&project);
    for &(context, grow) in sections {
        let mut grown = project.clone();
        grow(&mut grown);
        let at = first_difference(&bytes, &write(&grown));
        let mut hostile = bytes.clone();
        hostile[at..at + 4].copy_from_slice(&i32::MAX.to_le_bytes());
        let e = pmm::read(&hostile).unwrap_err();
        assert_eq!(e.context, context, "{e}");
        // As for every format, a count too large is reported where its entries would start.
        assert_eq!(e.offset, at + 4, "{e}");
        assert!(
            matches!(
                e.kind,
                ErrorKind::CountTooLarge {
                    count: 0x7FFF_FFFF,
                    ..
                }
            ),
            "{e}"
        );
        hostile[at..at + 4].copy_from_slice(&(-5i32).to_le_bytes());
        let e = pmm::read(&hostile).unwrap_err();
        assert_eq!(e.context, context, "{e}");
        assert_eq!(e.offset, at, "{e}");
        assert!(matches!(e.kind, ErrorKind::NegativeCount(-5)), "{e}");
    }
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

/// A 0001 model's shape sizes its tables: one past what the file holds is a clean error.
#[test]
fn a_version_1_shape_larger_than_the_file_fails_cleanly() {
    let project = sample_project(PmmVersion::V1);
    let bytes = write(&project);
    let huge = ModelShape {
        bone_names: vec![String::new(); 100_000],
        ..ModelShape::default()
    };
    let e = pmm::read_with_models(&bytes, |_| Some(huge.clone())).unwrap_err();
    assert_eq!(e.context, "model 0: initial bone keys");
    assert!(matches!(e.kind, ErrorKind::CountTooLarge { .. }), "{e}");
}

/// Truncated and overwritten copies of both versions (every cut, every 4-byte field set to
/// large and negative counts, and single bytes changed) end in `Ok` or a clean error inside
/// the file, never a panic, and allocate no more than the file justifies. 0002 runs through
/// `read_any` in `hostile.rs` too; 0001 needs its models' shapes, so it runs here.
#[test]
fn corrupted_projects_never_panic() {
    for version in [PmmVersion::V1, PmmVersion::V2] {
        let project = sample_project(version);
        let bytes = write(&project);
        let check = |v: &[u8], what: &str| match catch_unwind(|| {
            pmm::read_with_models(v, shapes_of(&project))
        }) {
            Err(_) => panic!("{version:?}: {what}: panicked"),
            Ok(Err(e)) => assert!(e.offset <= v.len(), "{version:?}: {what}: {e}"),
            Ok(Ok(read)) => {
                for w in &read.warnings {
                    assert!(w.offset < v.len(), "{version:?}: {what}: {w}");
                }
            }
        };
        for n in 0..bytes.len() {
            check(&bytes[..n], &format!("cut to {n}"));
        }
        for at in 30..bytes.len() - 4 {
            for value in [i32::MAX, -1, 0x0001_0000] {
                let mut v = bytes.clone();
                v[at..at + 4].copy_from_slice(&value.to_le_bytes());
                check(&v, &format!("{value:#x} at {at}"));
            }
            let mut v = bytes.clone();
            v[at] ^= 0x5A;
            check(&v, &format!("byte {at} changed"));
        }
    }
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

#[test]
fn bad_magic_and_detection() {
    assert_eq!(detect(b"Polygon Movie maker 0001\0\0"), Some(Format::Pmm));
    assert_eq!(detect(b"Polygon Movie maker 0002\0\0"), Some(Format::Pmm));
    assert_eq!(detect(b"Polygon Movie maker 0003\0\0"), None);
    let e = pmm::read(b"Polygon Movie maker 0003\0\0\0\0\0\0").unwrap_err();
    assert_eq!(e.kind, ErrorKind::BadMagic(Format::Pmm));
    let e = pmm::read(b"Polygon Movie maker 0002").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    assert_eq!(e.context, "header");
}
