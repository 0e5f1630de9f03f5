//! The Jacobian IK solver against CCD: on synthetic chains (a two-link leg, a five-link
//! tail, links limited on three axes, singular poses) it reaches within 1e-4 wherever CCD
//! does, keeps every link inside its limits and never produces NaN; on every case of
//! `shared/reference/CASES.json` its reach (|effector − IK bone| per enabled chain and
//! frame) has a median and a 95th percentile no worse than CCD's. CCD is the default and
//! stays unchanged (the conformance tests check it).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::*;
use glam::{Mat3, Quat, Vec3};
use mmd_format::pmx::Pmx;
use mmd_format::vmd::Vmd;
use mmd_pose::{IkMethod, IkOverrides, Motion, Pose, Rig, evaluate};

const REACH: f32 = 1.0e-4;
const TOL_LIMIT: f32 = 1.0e-4;

fn overrides(rig: &Rig, method: IkMethod) -> IkOverrides {
    let mut o = IkOverrides::new(rig);
    o.set_all_methods(method);
    o
}

fn position(pose: &Pose, b: usize) -> Vec3 {
    pose.globals[b].w_axis.truncate()
}

/// |effector − IK bone| of every enabled chain.
fn reaches(rig: &Rig, pose: &Pose) -> Vec<f32> {
    (0..rig.ik_solver_count())
        .filter(|&k| pose.ik_enabled[k])
        .map(|k| {
            let (ik, effector, _) = rig.ik_chain(k);
            position(pose, ik).distance(position(pose, effector))
        })
        .collect()
}

/// X, Y and Z angles of `m` in the Euler order MMD clamps a link with limits `min..max` in
/// (the first axis whose range lies inside ±90° in the middle).
fn link_angles(m: &Mat3, min: Vec3, max: Vec3) -> Vec3 {
    let half_pi = std::f32::consts::FRAC_PI_2;
    let within = |a: usize| min[a] > -half_pi && max[a] < half_pi;
    if within(0) {
        Vec3::new(
            (-m.z_axis.y).clamp(-1.0, 1.0).asin(),
            m.z_axis.x.atan2(m.z_axis.z),
            m.x_axis.y.atan2(m.y_axis.y),
        )
    } else if within(1) {
        Vec3::new(
            m.y_axis.z.atan2(m.z_axis.z),
            (-m.x_axis.z).clamp(-1.0, 1.0).asin(),
            m.x_axis.y.atan2(m.x_axis.x),
        )
    } else {
        Vec3::new(
            m.y_axis.z.atan2(m.y_axis.y),
            m.z_axis.x.atan2(m.x_axis.x),
            (-m.y_axis.x).clamp(-1.0, 1.0).asin(),
        )
    }
}

/// Bone `b`'s rotation relative to its parent in `pose`.
fn local_rotation(rig: &Rig, pose: &Pose, b: usize) -> Mat3 {
    let global = Mat3::from_mat4(pose.globals[b]);
    match rig.bone_parent(b) {
        Some(p) => Mat3::from_mat4(pose.globals[p]).transpose() * global,
        None => global,
    }
}

/// How far (radians) the worst limited link of an enabled chain lies outside its limits,
/// leaving out the links still at their rotation in `animated` (the frame posed with every
/// IK chain off), when given: CCD, as MMD, leaves a link its solve never turned where the
/// motion put it, limits or not (a straight knee at rest, 0.5° past its limit).
fn limit_excess(rig: &Rig, pose: &Pose, animated: Option<&Pose>) -> f32 {
    let mut worst = 0.0f32;
    for k in (0..rig.ik_solver_count()).filter(|&k| pose.ik_enabled[k]) {
        let (_, _, links) = rig.ik_chain(k);
        for (i, &b) in links.iter().enumerate() {
            let Some((min, max)) = rig.ik_link_limits(k, i) else {
                continue;
            };
            let local = local_rotation(rig, pose, b);
            if animated
                .is_some_and(|a| (local - local_rotation(rig, a, b)).abs_diff_eq(Mat3::ZERO, 1e-6))
            {
                continue;
            }
            let angles = link_angles(&local, min, max);
            for a in 0..3 {
                let tau = std::f32::consts::TAU;
                let excess = [angles[a] - tau, angles[a], angles[a] + tau]
                    .into_iter()
                    .map(|v| (min[a] - v).max(v - max[a]).max(0.0))
                    .fold(f32::MAX, f32::min);
                worst = worst.max(excess);
            }
        }
    }
    worst
}

/// Poses `pmx` with `ik_bone` keyed at each of `targets` (one per frame) with both methods
/// and checks the Jacobian solver: finite, every link inside its limits, and within `REACH`
/// wherever CCD is. Returns (CCD's reach, the Jacobian's reach) per target.
fn compare_on_targets(pmx: &Pmx, ik_bone: &str, targets: &[Vec3]) -> Vec<(f32, f32)> {
    let (rig, warnings) = Rig::from_pmx(pmx);
    assert!(warnings.is_empty(), "{warnings:?}");
    let rest = rig.bone_rest_position(rig.bone_index(ik_bone).unwrap());
    let keys = targets
        .iter()
        .enumerate()
        .map(|(f, t)| key(ik_bone, f as u32, (*t - rest).to_array(), Quat::IDENTITY))
        .collect();
    let motion = Motion::bind(&rig, &[&common::motion(keys)]);
    let (mut ccd, mut jac) = (Pose::new(&rig), Pose::new(&rig));
    let mut out = Vec::new();
    for (f, target) in targets.iter().enumerate() {
        let frame = f as f32;
        evaluate(
            &rig,
            &motion,
            frame,
            &overrides(&rig, IkMethod::Ccd),
            &mut ccd,
        );
        evaluate(
            &rig,
            &motion,
            frame,
            &overrides(&rig, IkMethod::Jacobian),
            &mut jac,
        );
        assert!(
            jac.globals.iter().all(|m| m.is_finite()),
            "target {target}: NaN"
        );
        let excess = limit_excess(&rig, &jac, None);
        assert!(
            excess <= TOL_LIMIT,
            "target {target}: limit excess {excess}"
        );
        let (c, j) = (reaches(&rig, &ccd)[0], reaches(&rig, &jac)[0]);
        assert!(
            c > REACH || j <= REACH,
            "target {target}: CCD reaches {c}, Jacobian {j}"
        );
        out.push((c, j));
    }
    out
}

/// Asserts that the Jacobian's reach is nowhere farther than CCD's by more than `REACH`.
fn never_worse(reach: &[(f32, f32)], targets: &[Vec3]) {
    for ((c, j), target) in reach.iter().zip(targets) {
        assert!(
            *j <= c + REACH,
            "target {target}: CCD reaches {c}, Jacobian {j}"
        );
    }
}

/// Targets on a grid around `centre`, `step` apart, `n` each way along each axis.
fn grid(centre: Vec3, step: f32, n: i32) -> Vec<Vec3> {
    let mut out = Vec::new();
    for i in -n..=n {
        for j in -n..=n {
            for k in -n..=n {
                out.push(centre + Vec3::new(i as f32, j as f32, k as f32) * step);
            }
        }
    }
    out
}

/// A small deterministic generator (xorshift) of floats in [0, 1).
struct Random(u64);

impl Random {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }

    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

/// The rotation with Euler angles `angles` in the order the limits `min..max` pick.
fn compose(angles: Vec3, min: Vec3, max: Vec3) -> Quat {
    let half_pi = std::f32::consts::FRAC_PI_2;
    let within = |a: usize| min[a] > -half_pi && max[a] < half_pi;
    let (x, y, z) = (
        Quat::from_rotation_x(angles.x),
        Quat::from_rotation_y(angles.y),
        Quat::from_rotation_z(angles.z),
    );
    if within(0) {
        y * x * z
    } else if within(1) {
        z * y * x
    } else {
        x * z * y
    }
}

/// Effector positions of `count` random poses of the chain of `ik_bone` (IK off): each
/// limited link at random Euler angles inside its limits, each free link turned by up to
/// `free_angle` about a random axis (its fixed axis if it has one). Every one is
/// reachable.
fn reachable_targets(pmx: &Pmx, ik_bone: &str, count: usize, free_angle: f32) -> Vec<Vec3> {
    let (rig, _) = Rig::from_pmx(pmx);
    let solver = rig
        .ik_solver_of_bone(rig.bone_index(ik_bone).unwrap())
        .unwrap();
    let (_, effector, links) = rig.ik_chain(solver);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut keys = Vec::new();
    for f in 0..count {
        for (i, &b) in links.iter().enumerate() {
            let rotation = match rig.ik_link_limits(solver, i) {
                Some((min, max)) => {
                    let angles = Vec3::new(
                        random.between(min.x, max.x),
                        random.between(min.y, max.y),
                        random.between(min.z, max.z),
                    );
                    compose(angles, min, max)
                }
                None => {
                    let axis = Vec3::new(
                        random.between(-1.0, 1.0),
                        random.between(-1.0, 1.0),
                        random.between(-1.0, 1.0),
                    );
                    let axis = match pmx.bones[b].fixed_axis {
                        Some(fixed) => Vec3::from_array(fixed).normalize(),
                        None => axis.try_normalize().unwrap_or(Vec3::X),
                    };
                    let angle = random.between(-free_angle, free_angle);
                    Quat::from_axis_angle(axis, angle)
                }
            };
            keys.push(key(rig.bone_name(b), f as u32, [0.0; 3], rotation));
        }
    }
    let motion = Motion::bind(&rig, &[&common::motion(keys)]);
    let mut off = IkOverrides::new(&rig);
    off.set_all(mmd_pose::IkOverride::Off);
    let mut pose = Pose::new(&rig);
    (0..count)
        .map(|f| {
            evaluate(&rig, &motion, f as f32, &off, &mut pose);
            position(&pose, effector)
        })
        .collect()
}

/// Checks `pmx`'s chain on 200 reachable targets (all reached within `REACH`) and on a grid
/// of targets around `centre`, mostly out of reach (never farther than CCD).
fn check_chain(pmx: &Pmx, ik_bone: &str, free_angle: f32, centre: Vec3, step: f32) {
    let targets = reachable_targets(pmx, ik_bone, 200, free_angle);
    let reach = compare_on_targets(pmx, ik_bone, &targets);
    let missed: Vec<_> = targets
        .iter()
        .zip(&reach)
        .filter(|(_, r)| r.1 > REACH)
        .collect();
    assert!(
        missed.is_empty(),
        "{ik_bone}: reachable targets missed: {missed:?}"
    );
    let targets = grid(centre, step, 2);
    never_worse(&compare_on_targets(pmx, ik_bone, &targets), &targets);
}

#[test]
fn two_link_leg_reaches_where_ccd_does() {
    // The leg's ankle rests at the origin, 10 below the thigh.
    check_chain(&leg(), "legIK", 1.0, Vec3::new(0.0, 3.0, -1.0), 1.5);
}

/// Five links in a row along -Y like a tail or hair, free to turn, with Miku's hair data
/// (8 loops, unit angle 0.12 rad).
fn tail() -> Pmx {
    let mut bones = vec![bone("root", [0.0, 0.0, 0.0], -1)];
    for i in 0..6 {
        bones.push(bone(&format!("t{i}"), [0.0, -2.0 * i as f32, 0.0], i));
    }
    let links = (1..=5).rev().map(|b| (b, None)).collect();
    bones.push(ik_bone("tailIK", [0.0, -10.0, 0.0], 0, 6, links, 8, 0.12));
    model(bones)
}

#[test]
fn five_link_tail_reaches_where_ccd_does() {
    check_chain(&tail(), "tailIK", 0.6, Vec3::new(2.0, -7.0, 1.0), 1.5);
}

/// Three links, each limited to ±0.6 rad about X and Z and ±0.3 about Y.
fn limited_arm() -> Pmx {
    let limits = Some(([-0.6, -0.3, -0.6], [0.6, 0.3, 0.6]));
    model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("a", [0.0, 0.0, 0.0], 0),
        bone("b", [0.0, 3.0, 0.0], 1),
        bone("c", [0.0, 6.0, 0.0], 2),
        bone("tip", [0.0, 9.0, 0.0], 3),
        ik_bone(
            "armIK",
            [0.0, 9.0, 0.0],
            0,
            4,
            vec![(3, limits), (2, limits), (1, limits)],
            40,
            1.0,
        ),
    ])
}

#[test]
fn three_axis_limited_links_stay_inside_and_reach_where_ccd_does() {
    check_chain(&limited_arm(), "armIK", 0.0, Vec3::new(1.5, 7.5, 1.5), 1.0);
}

/// The leg with a fixed axis on the thigh (a tilted one) and, on a second model, Euler
/// limits on that thigh as well: the thigh turns about its axis only, or stays in its
/// limits, and the chain reaches where CCD does.
fn fixed_axis_leg(limited: bool) -> Pmx {
    let mut pmx = leg();
    let axis = Vec3::new(1.0, 0.0, 0.3).normalize();
    let thigh = &mut pmx.bones[1];
    thigh.flags |= mmd_format::pmx::bone_flags::FIXED_AXIS;
    thigh.fixed_axis = Some(axis.to_array());
    if limited {
        let ik = pmx.bones[4].ik.as_mut().unwrap();
        ik.links[1].limit = Some(mmd_format::pmx::AngleLimit {
            min: [-1.0, -0.2, -0.4],
            max: [1.0, 0.2, 0.4],
        });
    }
    pmx
}

#[test]
fn fixed_axis_links_turn_about_their_axis() {
    for limited in [false, true] {
        let pmx = fixed_axis_leg(limited);
        let targets = reachable_targets(&pmx, "legIK", 100, 1.0);
        let reach = compare_on_targets(&pmx, "legIK", &targets);
        if !limited {
            never_worse(&reach, &targets);
            // Every target is reachable by turning about the axis (with the limits, the
            // random turn may lie outside them); two degrees of freedom for a point in
            // space leave local minima that a few targets fall into, CCD's as well.
            let reached = reach.iter().filter(|r| r.1 <= REACH).count();
            assert!(reached >= 95, "{reached} of 100 reached: {reach:?}");
        }
        compare_on_targets(&pmx, "legIK", &grid(Vec3::new(0.0, 3.0, -1.0), 1.5, 1));
    }
    let (rig, _) = Rig::from_pmx(&fixed_axis_leg(false));
    let vmd = common::motion(vec![key("legIK", 0, [0.5, 3.0, -2.0], Quat::IDENTITY)]);
    let mut pose = Pose::new(&rig);
    let o = overrides(&rig, IkMethod::Jacobian);
    evaluate(&rig, &Motion::bind(&rig, &[&vmd]), 0.0, &o, &mut pose);
    let (axis, angle) = Quat::from_mat4(&pose.globals[1]).to_axis_angle();
    let expected = Vec3::new(1.0, 0.0, 0.3).normalize();
    assert!(angle > 0.1, "the thigh did not turn: {angle}");
    assert!(
        axis.dot(expected).abs() > 1.0 - 1e-5,
        "thigh turned about {axis}"
    );
}

/// A leg standing straight (thigh, knee and ankle in a line) whose knee may bend either way
/// (Gene's limits, [-165°, 10°]): the Jacobian is singular for a target straight above the
/// ankle.
fn straight_leg() -> Pmx {
    let knee = (
        [-165f32.to_radians(), 0.0, 0.0],
        [10f32.to_radians(), 0.0, 0.0],
    );
    model(vec![
        bone("root", [0.0, 0.0, 0.0], -1),
        bone("thigh", [0.0, 10.0, 0.0], 0),
        bone("knee", [0.0, 5.0, 0.0], 1),
        bone("ankle", [0.0, 0.0, 0.0], 2),
        ik_bone(
            "legIK",
            [0.0, 0.0, 0.0],
            0,
            3,
            vec![(2, Some(knee)), (1, None)],
            40,
            2.0,
        ),
    ])
}

#[test]
fn singular_poses_stay_finite_and_are_left() {
    // Straight up toward the thigh (reachable by bending the knee), onto the thigh itself
    // (the chain's root), onto the knee, and straight down out of reach.
    let targets = [
        Vec3::new(0.0, 2.0, 0.0),
        Vec3::new(0.0, 10.0, 0.0),
        Vec3::new(0.0, 5.0, 0.0),
        Vec3::new(0.0, -3.0, 0.0),
    ];
    let reach = compare_on_targets(&straight_leg(), "legIK", &targets);
    never_worse(&reach, &targets);
    assert!(reach[0].1 <= REACH, "straight knee not bent: {reach:?}");
    // Straight down out of reach: the leg stretches toward it.
    assert!((reach[3].1 - 3.0).abs() <= REACH, "{reach:?}");
    compare_on_targets(&leg(), "legIK", &[Vec3::new(0.0, 10.0, 0.0)]);
    // A hanging tail asked to fold onto its root, or halfway up itself.
    let targets = [Vec3::new(0.0, 0.0, 0.0), Vec3::new(0.0, -4.0, 0.0)];
    let reach = compare_on_targets(&tail(), "tailIK", &targets);
    assert!(
        reach.iter().all(|r| r.1 <= REACH),
        "tail not folded: {reach:?}"
    );
}

/// The folder that holds `shared/`.
fn root() -> Option<&'static Path> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.."));
    if root.join("shared/reference/CASES.json").exists() {
        return Some(root);
    }
    assert!(
        std::env::var("MMD_REQUIRE_FIXTURES").as_deref() != Ok("1"),
        "MMD_REQUIRE_FIXTURES=1 but ../shared/reference is missing"
    );
    eprintln!("skipped: ../shared/reference is absent");
    None
}

fn median(xs: &mut [f32]) -> f32 {
    xs.sort_by(f32::total_cmp);
    let n = xs.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => xs[n / 2],
        _ => 0.5 * (xs[n / 2 - 1] + xs[n / 2]),
    }
}

/// The 95th percentile as the conformance tests take it (nearest rank).
fn p95(xs: &mut [f32]) -> f32 {
    xs.sort_by(f32::total_cmp);
    if xs.is_empty() {
        return 0.0;
    }
    let i = ((0.95 * (xs.len() - 1) as f64) + 0.5) as usize;
    xs[i.min(xs.len() - 1)]
}

/// Every reference case with both methods: reach median and p95 per method, limits, NaN.
#[test]
fn reference_cases_reach_no_worse_than_ccd() {
    let Some(root) = root() else { return };
    for case in &common::reference_cases(root) {
        let name = case["name"].as_str().unwrap();
        let model = root.join(case["model"].as_str().unwrap());
        let bytes = std::fs::read(&model).unwrap();
        let rig = if model.extension().is_some_and(|e| e == "pmd") {
            Rig::from_pmd(&mmd_format::pmd::read(&bytes).unwrap()).0
        } else {
            Rig::from_pmx(&mmd_format::pmx::read(&bytes).unwrap()).0
        };
        let vmds: Vec<Vmd> = case["motions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let bytes = std::fs::read(root.join(p.as_str().unwrap())).unwrap();
                mmd_format::vmd::read(&bytes).unwrap()
            })
            .collect();
        let motion = Motion::bind(&rig, &vmds.iter().collect::<Vec<_>>());
        let mut figures = Vec::new();
        let mut ik_off = IkOverrides::new(&rig);
        ik_off.set_all(mmd_pose::IkOverride::Off);
        for method in [IkMethod::Ccd, IkMethod::Jacobian] {
            let o = overrides(&rig, method);
            let mut pose = Pose::new(&rig);
            let mut animated = Pose::new(&rig);
            let mut all = Vec::new();
            let mut excess = 0.0f32;
            for f in case["frames"].as_array().unwrap() {
                let frame = f.as_f64().unwrap() as f32;
                evaluate(&rig, &motion, frame, &o, &mut pose);
                assert!(
                    pose.globals.iter().all(|m| m.is_finite()),
                    "{name} {method:?}: NaN at frame {frame}"
                );
                // CCD leaves unturned links as animated (see `limit_excess`); the Jacobian
                // solver projects every link into its limits.
                let unturned = (method == IkMethod::Ccd).then(|| {
                    evaluate(&rig, &motion, frame, &ik_off, &mut animated);
                    &animated
                });
                excess = excess.max(limit_excess(&rig, &pose, unturned));
                all.extend(reaches(&rig, &pose));
            }
            let n = all.len();
            let (med, p) = (median(&mut all), p95(&mut all));
            eprintln!(
                "{name} {method:?}: reach median {med:.9} p95 {p:.9} over {n} (frame, chain); worst limit excess {excess:.1e}"
            );
            assert!(
                excess <= TOL_LIMIT,
                "{name} {method:?}: limit excess {excess}"
            );
            figures.push((med, p));
        }
        let (ccd, jac) = (figures[0], figures[1]);
        assert!(
            jac.0 <= ccd.0,
            "{name}: Jacobian reach median {} vs CCD {}",
            jac.0,
            ccd.0
        );
        assert!(
            jac.1 <= ccd.1,
            "{name}: Jacobian reach p95 {} vs CCD {}",
            jac.1,
            ccd.1
        );
    }
}
