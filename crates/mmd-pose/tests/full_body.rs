//! The full-body solver against independent truth: on a small synthetic humanoid and on
//! Gene and Miku posed by real dances, a wrist target reached, pinned feet held in position
//! and orientation, joint ranges held, a target beyond reach approached without moving the
//! pins, singular poses without NaN, bit-identical repeats, and the solved pose played back
//! with IK on (from VMD keys and from a written and re-read VPD) equal to the solve.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::*;
use glam::{Quat, Vec3};
use mmd_format::pmx::Pmx;
use mmd_format::vmd::Vmd;
use mmd_format::vpd;
use mmd_pose::{
    FullBody, FullBodySolver, Handle, IkOverrides, Motion, MotionSource, Pin, Pose, Rig,
    SolveReport, Target, evaluate, vmd_keyable_bones,
};

const REACH: f32 = 1.0e-3;
const PIN_POSITION: f32 = 1.0e-3;
const PIN_ROTATION: f32 = 1.0e-3;
/// Playback of the written pose against the solve.
const PLAYBACK: f32 = 1.0e-4;
/// About a model's height: bones within it are held to [`PLAYBACK`] as it is.
const MODEL_SIZE: f32 = 20.0;

fn position(pose: &Pose, b: usize) -> Vec3 {
    pose.globals[b].w_axis.truncate()
}

fn rotation(pose: &Pose, b: usize) -> Quat {
    pose.globals[b].to_scale_rotation_translation().1
}

/// The pose the motion gives at `frame`, IK as the motion says.
fn reference(rig: &Rig, motion: &Motion, frame: f32) -> Pose {
    let mut pose = Pose::new(rig);
    evaluate(rig, motion, frame, &IkOverrides::new(rig), &mut pose);
    pose
}

fn feet(body: &FullBody, pose: &Pose) -> Vec<Pin> {
    [Handle::LeftFoot, Handle::RightFoot]
        .iter()
        .map(|&h| Pin::at(pose, body.handle(h).unwrap()).unwrap())
        .collect()
}

/// Every IK link the file limits to one axis (the knees) read from the solved pose's
/// matrices: a turn about X alone, within the file's limits.
fn check_knees(rig: &Rig, pose: &Pose) {
    for k in 0..rig.ik_solver_count() {
        let (_, _, links) = rig.ik_chain(k);
        for (l, &bone) in links.iter().enumerate() {
            let Some((min, max)) = rig.ik_link_limits(k, l) else {
                continue;
            };
            if min.y != 0.0 || max.y != 0.0 || min.z != 0.0 || max.z != 0.0 {
                continue;
            }
            let parent = rig.bone_parent(bone).unwrap();
            let local = rotation(pose, parent).conjugate() * rotation(pose, bone);
            let local = if local.w < 0.0 { -local } else { local };
            let angle = 2.0 * local.x.atan2(local.w);
            let name = rig.bone_name(bone);
            assert!(
                local.y.abs() < 1e-4 && local.z.abs() < 1e-4,
                "{name} turns off its axis: {local}"
            );
            assert!(
                angle >= min.x - 1e-4 && angle <= max.x + 1e-4,
                "{name} at {angle} outside {}..{}",
                min.x,
                max.x
            );
        }
    }
}

/// Pins and targets measured on the solved pose itself (not the solver's report).
fn check_tasks(pose: &Pose, pins: &[Pin], targets: &[Target]) -> (f32, f32, f32) {
    let mut drift = (0.0f32, 0.0f32);
    for pin in pins {
        drift.0 = drift.0.max(position(pose, pin.bone).distance(pin.position));
        drift.1 = drift
            .1
            .max(rotation(pose, pin.bone).angle_between(pin.rotation));
    }
    let residual = targets
        .iter()
        .map(|t| position(pose, t.bone).distance(t.position))
        .fold(0.0f32, f32::max);
    (residual, drift.0, drift.1)
}

/// The solved pose as VMD keys at frame 0, played back with IK on.
fn play_back_keys(rig: &Rig, solver: &FullBodySolver) -> Pose {
    let vmd = solver.to_vmd_keys(rig, 0);
    let vmd = mmd_format::vmd::read(&mmd_format::vmd::write(&vmd).unwrap()).unwrap();
    reference(rig, &Motion::bind(rig, &[&vmd]), 0.0)
}

/// The solved pose written as a VPD (MMD's text, six decimals), read back and played with
/// IK on, as `mmd-player pose MODEL pose.vpd` plays it (a VPD binds by whole names).
fn play_back_vpd(rig: &Rig, solver: &FullBodySolver) -> Pose {
    let vpd = solver.to_vpd(rig, "test.osm");
    let back = vpd::read(&vpd::write(&vpd).unwrap()).unwrap();
    reference(
        rig,
        &Motion::bind_sources(rig, &[MotionSource::Pose(&back)]),
        0.0,
    )
}

/// Per bone, false for the IK bones a VMD cannot key, the links of their chains and
/// everything below those links.
fn unmoved_by_unkeyable_chains(rig: &Rig, keyable: &[bool]) -> Vec<bool> {
    let mut moved = vec![false; rig.bone_count()];
    for k in 0..rig.ik_solver_count() {
        let (ik, _, links) = rig.ik_chain(k);
        if !keyable[ik] {
            moved[ik] = true;
            for l in links {
                moved[l] = true;
            }
        }
    }
    (0..rig.bone_count())
        .map(|b| {
            let mut a = Some(b);
            while let Some(i) = a {
                if moved[i] {
                    return false;
                }
                a = rig.bone_parent(i);
            }
            true
        })
        .collect()
}

/// The largest difference of a matrix element between two poses over the `compared`
/// bones, and its bone. A bone farther than [`MODEL_SIZE`] from the origin (Gene's cloak
/// counterweights hang 94 units below) has its difference divided by its distance over
/// that size, since rounding grows with the lever arm.
fn largest_difference(a: &Pose, b: &Pose, compared: &[bool]) -> (f32, usize) {
    a.globals
        .iter()
        .zip(&b.globals)
        .map(|(x, y)| {
            let lever = (y.w_axis.truncate().length() / MODEL_SIZE).max(1.0);
            (*x - *y)
                .abs()
                .to_cols_array()
                .into_iter()
                .fold(0.0, f32::max)
                / lever
        })
        .enumerate()
        .filter(|&(i, _)| compared[i])
        .fold(
            (0.0, 0),
            |(d, i), (j, e)| if e > d { (e, j) } else { (d, i) },
        )
}

struct Case {
    rig: Rig,
    body: FullBody,
    reference: Pose,
}

impl Case {
    fn new(pmx: &Pmx, vmds: &[&Vmd], frame: f32) -> Case {
        let (rig, _) = Rig::from_pmx(pmx);
        let motion = Motion::bind(&rig, vmds);
        let reference = reference(&rig, &motion, frame);
        let body = FullBody::new(&rig);
        Case {
            rig,
            body,
            reference,
        }
    }

    fn wrist(&self) -> usize {
        self.body.handle(Handle::LeftHand).unwrap()
    }

    fn solve(&self, solver: &mut FullBodySolver, targets: &[Target]) -> SolveReport {
        let pins = feet(&self.body, &self.reference);
        solver
            .solve(&self.rig, &self.body, &self.reference, &pins, targets)
            .unwrap()
    }

    /// Reaches a wrist target `offset` from where the motion has it, with the feet pinned,
    /// inside every range, repeatably, and plays back the same from keys and from a VPD.
    fn reach(&self, offset: Vec3) -> SolveReport {
        let wrist = self.wrist();
        let targets = [Target {
            bone: wrist,
            position: position(&self.reference, wrist) + offset,
        }];
        let pins = feet(&self.body, &self.reference);
        let mut solver = FullBodySolver::new(&self.rig, &self.body);
        let report = self.solve(&mut solver, &targets);
        let (residual, moved, turned) = check_tasks(solver.pose(), &pins, &targets);
        assert!(residual <= REACH, "residual {residual} ({report:?})");
        assert!(
            moved < PIN_POSITION && turned < PIN_ROTATION,
            "{moved} {turned}"
        );
        assert_eq!(residual, report.target_residual);
        let excess = self.body.range_excess(&self.rig, solver.pose());
        assert!(excess < 1e-4, "a joint lies {excess} rad outside its range");
        check_knees(&self.rig, solver.pose());

        let again = {
            let mut fresh = FullBodySolver::new(&self.rig, &self.body);
            self.solve(&mut fresh, &targets);
            fresh.pose().globals.clone()
        };
        assert_eq!(solver.pose().globals, again, "a fresh solver differs");
        self.solve(&mut solver, &targets);
        assert_eq!(solver.pose().globals, again, "a reused solver differs");

        // A VMD cannot name a bone whose 15-byte cut name is another's (Gene's front-cloak
        // IK bone): those alone may differ there, and the bones their chains move. A VPD
        // names every bone whole, so there every bone is compared.
        let keyable = vmd_keyable_bones(&self.rig);
        let keyed = unmoved_by_unkeyable_chains(&self.rig, &keyable);
        let every_bone = vec![true; self.rig.bone_count()];
        for (how, played, compared) in [
            ("VMD keys", play_back_keys(&self.rig, &solver), &keyed),
            ("the VPD", play_back_vpd(&self.rig, &solver), &every_bone),
        ] {
            let (d, b) = largest_difference(&played, solver.pose(), compared);
            let name = self.rig.bone_name(b);
            assert!(d < PLAYBACK, "{how} play back {d} away at {name}");
        }
        report
    }

    /// A target far beyond the arm's reach with the feet pinned: the pins hold, and the
    /// wrist ends nearer than it started, its arm stretched toward the target.
    fn beyond_reach(&self, offset: Vec3) -> SolveReport {
        let wrist = self.wrist();
        let start = position(&self.reference, wrist);
        let goal = start + offset;
        let targets = [Target {
            bone: wrist,
            position: goal,
        }];
        let pins = feet(&self.body, &self.reference);
        let mut solver = FullBodySolver::new(&self.rig, &self.body);
        let report = self.solve(&mut solver, &targets);
        let (residual, moved, turned) = check_tasks(solver.pose(), &pins, &targets);
        assert!(
            moved < PIN_POSITION && turned < PIN_ROTATION,
            "{moved} {turned}"
        );
        assert!(
            residual < offset.length() - 1.0,
            "residual {residual} from {}",
            offset.length()
        );
        let elbow = self.rig.bone_parent(wrist).unwrap();
        let shoulder = self.rig.bone_parent(elbow).unwrap();
        let [w, e, s] = [wrist, elbow, shoulder].map(|b| position(solver.pose(), b));
        let reach = (w - s).normalize().dot((goal - s).normalize());
        assert!(reach > 0.9, "the arm points {reach} toward the target");
        assert!(
            (w - s).length() > 0.95 * ((w - e).length() + (e - s).length()),
            "the arm is not stretched"
        );
        assert!(self.body.range_excess(&self.rig, solver.pose()) < 1e-4);
        check_knees(&self.rig, solver.pose());
        report
    }
}

fn rest_case() -> Case {
    Case::new(&humanoid(), &[], 0.0)
}

#[test]
fn humanoid_reaches_a_wrist_target_with_feet_pinned() {
    let case = rest_case();
    for offset in [
        Vec3::new(0.0, 3.0, -4.0),
        Vec3::new(-3.0, 4.0, 0.0),
        Vec3::new(0.0, -3.0, -4.0),
    ] {
        let report = case.reach(offset);
        println!("humanoid {offset}: {report:?}");
    }
}

#[test]
fn humanoid_moves_the_body_when_the_arm_alone_cannot_reach() {
    let case = rest_case();
    // 8 units ahead and down: past the straight arm (about 6.4 from the shoulder), so the
    // trunk and legs must bend with the feet pinned.
    let report = case.reach(Vec3::new(-2.0, -4.0, -6.0));
    println!("{report:?}");
}

#[test]
fn humanoid_target_beyond_reach_keeps_the_pins() {
    let case = rest_case();
    let report = case.beyond_reach(Vec3::new(30.0, 5.0, 0.0));
    println!("{report:?}");
}

#[test]
fn humanoid_singular_poses_stay_finite() {
    let case = rest_case();
    let wrist = case.wrist();
    let shoulder = case.rig.bone_index("左腕").unwrap();
    let mut solver = FullBodySolver::new(&case.rig, &case.body);
    // The straight arm's own shoulder, and a point straight along the arm.
    for goal in [
        position(&case.reference, shoulder),
        position(&case.reference, wrist) * 3.0 - position(&case.reference, shoulder) * 2.0,
    ] {
        let report = case.solve(
            &mut solver,
            &[Target {
                bone: wrist,
                position: goal,
            }],
        );
        assert!(
            solver.pose().globals.iter().all(|m| m.is_finite()),
            "{report:?}"
        );
        assert!(report.pin_position_drift < PIN_POSITION, "{report:?}");
        assert!(report.target_residual.is_finite());
    }
}

#[test]
fn no_tasks_leave_the_reference_pose() {
    let case = rest_case();
    let mut solver = FullBodySolver::new(&case.rig, &case.body);
    let report = case.solve(&mut solver, &[]);
    // MMD's CCD leaves the rest pose's straight knees 0.5° past the file's knee limit (the
    // solve ends before turning them; mmd-anim 0.5.3's dump of miku_ik_toggle frame 0).
    // The file's limits are the knees' ranges here, so the solver projects them 0.5° in and
    // the pinned feet take a step or two to come back, lowering the body by the bend.
    assert!(report.iterations <= 4, "{report:?}");
    assert!(report.pin_position_drift < 1e-5, "{report:?}");
    // Every bone but the IK bones (which move onto their effectors) stays within that
    // half-degree bend of the reference.
    for b in 0..case.rig.bone_count() {
        if case.rig.ik_solver_of_bone(b).is_none() {
            let d = (solver.pose().globals[b] - case.reference.globals[b])
                .abs()
                .to_cols_array()
                .into_iter()
                .fold(0.0, f32::max);
            assert!(d < 0.02, "{}: {d}", case.rig.bone_name(b));
        }
    }
}

#[test]
fn bad_tasks_are_errors() {
    let case = rest_case();
    let mut solver = FullBodySolver::new(&case.rig, &case.body);
    let far = Target {
        bone: 999,
        position: Vec3::ZERO,
    };
    let nan = Target {
        bone: 0,
        position: Vec3::NAN,
    };
    for t in [far, nan] {
        assert!(
            solver
                .solve(&case.rig, &case.body, &case.reference, &[], &[t])
                .is_err()
        );
    }
}

#[test]
fn handles_and_joints_are_found_by_standard_names() {
    let case = rest_case();
    let name = |h| case.rig.bone_name(case.body.handle(h).unwrap()).to_string();
    assert_eq!(name(Handle::LeftHand), "左手首");
    assert_eq!(name(Handle::RightFoot), "右足首");
    assert_eq!(name(Handle::Head), "頭");
    assert_eq!(name(Handle::Centre), "センター");
    // Two sliders (6), 下半身 上半身 首 頭 (12), per side 肩 腕 手首 足 足首 (15) and the
    // hinges ひじ and ひざ (2).
    assert_eq!(case.body.parameter_count(), 6 + 12 + 2 * 17);
}

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/fixtures");

/// The model and motion, or `None` (with the reason printed) when the fixtures are absent
/// and not required.
fn fixture(model: &str, motion: &str) -> Option<(Pmx, Vmd)> {
    let dir = Path::new(FIXTURES);
    match (
        std::fs::read(dir.join(model)),
        std::fs::read(dir.join(motion)),
    ) {
        (Ok(m), Ok(v)) => Some((
            mmd_format::pmx::read(&m).unwrap(),
            mmd_format::vmd::read(&v).unwrap(),
        )),
        _ if std::env::var("MMD_REQUIRE_FIXTURES").as_deref() == Ok("1") => {
            panic!("fixtures {model} / {motion} missing and MMD_REQUIRE_FIXTURES=1")
        }
        _ => {
            eprintln!("skipped: ../shared/fixtures ({model}, {motion}) is absent");
            None
        }
    }
}

fn fixture_case(model: &str, motion: &str, frame: f32) -> Option<Case> {
    let (pmx, vmd) = fixture(model, motion)?;
    Some(Case::new(&pmx, &[&vmd], frame))
}

/// Five units from where the dance puts the wrist, in several directions.
const FIVE_UNITS: [Vec3; 3] = [
    Vec3::new(0.0, 3.0, -4.0),
    Vec3::new(-3.0, 0.0, -4.0),
    Vec3::new(3.0, 4.0, 0.0),
];

#[test]
fn gene_reaches_wrist_targets_five_units_away() {
    let Some(case) = fixture_case("gene/Gene_light.pmx", "gene/motion/02_laugh.vmd", 60.0) else {
        return;
    };
    for offset in FIVE_UNITS {
        let report = case.reach(offset);
        println!("gene {offset}: {report:?}");
    }
    let report = case.beyond_reach(Vec3::new(40.0, 0.0, -10.0));
    println!("gene beyond reach: {report:?}");
}

#[test]
fn miku_reaches_wrist_targets_five_units_away() {
    let Some(case) = fixture_case(
        "j3/miku/index.pmx",
        "mmd-viewer-js/vmd/wavefile_v2.vmd",
        300.0,
    ) else {
        return;
    };
    for offset in FIVE_UNITS {
        let report = case.reach(offset);
        println!("miku {offset}: {report:?}");
    }
    let report = case.beyond_reach(Vec3::new(40.0, 0.0, -10.0));
    println!("miku beyond reach: {report:?}");
}
