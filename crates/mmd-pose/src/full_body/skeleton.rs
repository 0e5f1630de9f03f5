//! Which bones the full-body solver moves, how, and within what ranges. Bones are found by
//! MMD's standard Japanese names (PMD and PMX models share them); a model without the leg
//! names falls back on its leg IK chains. Ranges come from the humanoid table below unless
//! the bone is an IK link with limits in the file, whose limits win.

use glam::{Quat, Vec3A};
use mmd_format::pmx::AngleLimit;

use crate::rig::{LinkLimit, NONE, Rig, link_limit};

/// A joint range given by the caller, in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum JointRange {
    /// Minimum and maximum X, Y and Z Euler angles of a ball joint's rotation relative to
    /// rest, in its parent's frame (decomposed in the order MMD uses for IK link limits: the
    /// first axis whose range lies inside ±90° in the middle).
    Euler { min: [f32; 3], max: [f32; 3] },
    /// Minimum and maximum bend of a hinge (elbow, knee) about its axis.
    Hinge { min: f32, max: f32 },
}

/// How the solver moves one bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum JointKind {
    /// Three parameters: a translation added to the reference's, in the parent's frame.
    Slider,
    /// Three parameters: the log-quaternion `v` of a turn applied before the reference
    /// rotation (`exp(v) * reference`, parent frame), its Euler angles within `limit`.
    Ball { limit: LinkLimit },
    /// One parameter: the angle `φ` about `axis` (parent frame), within `[min, max]`. The
    /// rotation is `R(axis, φ) * remainder`, the remainder being what of the reference
    /// rotation is not about the axis; with `whole` (an IK link whose file limits allow one
    /// axis, as a knee's) the remainder is dropped, so the rotation stays inside the file's
    /// limits exactly.
    Hinge {
        axis: Vec3A,
        min: f32,
        max: f32,
        whole: bool,
    },
}

impl JointKind {
    pub(crate) fn width(self) -> usize {
        match self {
            JointKind::Hinge { .. } => 1,
            JointKind::Slider | JointKind::Ball { .. } => 3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BodyJoint {
    pub bone: u32,
    pub kind: JointKind,
    /// Index of the joint's first parameter.
    pub offset: usize,
}

/// The bones the handles of the full-body solver sit on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Handle {
    LeftHand,
    RightHand,
    LeftFoot,
    RightFoot,
    Head,
    Centre,
}

impl Handle {
    pub const ALL: [Handle; 6] = [
        Handle::LeftHand,
        Handle::RightHand,
        Handle::LeftFoot,
        Handle::RightFoot,
        Handle::Head,
        Handle::Centre,
    ];
}

/// Where MMD models face: −Z. An elbow's hinge axis is the one that bends the forearm
/// toward the front.
const FORWARD: Vec3A = Vec3A::new(0.0, 0.0, -1.0);

/// The humanoid ranges, degrees: X, Y, Z Euler minimum and maximum of the left-side or
/// middle bone, relative to rest in the parent's frame (MMD's space: X to the model's left,
/// Y up, the model facing −Z; +X bends a thigh forward, −X a shin back). The right side
/// mirrors the left (Y and Z negated). Generous: they keep a solve from folding a joint
/// backwards, not dancers from dancing.
const BALL_RANGES: [(&str, [f32; 3], [f32; 3]); 10] = [
    ("下半身", [-60.0, -70.0, -45.0], [60.0, 70.0, 45.0]),
    ("上半身", [-60.0, -70.0, -45.0], [60.0, 70.0, 45.0]),
    ("上半身2", [-45.0, -45.0, -30.0], [45.0, 45.0, 30.0]),
    ("首", [-50.0, -70.0, -40.0], [50.0, 70.0, 40.0]),
    ("頭", [-50.0, -70.0, -40.0], [50.0, 70.0, 40.0]),
    ("肩", [-20.0, -30.0, -20.0], [20.0, 30.0, 45.0]),
    ("腕", [-85.0, -90.0, -100.0], [85.0, 130.0, 130.0]),
    ("手首", [-80.0, -80.0, -80.0], [80.0, 80.0, 80.0]),
    ("足", [-45.0, -60.0, -30.0], [120.0, 60.0, 80.0]),
    ("足首", [-60.0, -40.0, -40.0], [60.0, 40.0, 40.0]),
];

/// Hinges, degrees: the elbow bends the forearm toward the front about the axis across
/// the arm; the knee about X, backwards (negative), as MMD's PMD knee rule has it.
const ELBOW: (f32, f32) = (-5.0, 150.0);
const KNEE: (f32, f32) = (-180.0, -0.5);

/// The humanoid range of a standard bone name, for [`crate::FullBody`]'s docs and tests.
pub fn humanoid_range(name: &str) -> Option<JointRange> {
    let (side, base) = split_side(name);
    match base {
        "ひじ" if side.is_some() => Some(JointRange::Hinge {
            min: ELBOW.0,
            max: ELBOW.1,
        }),
        "ひざ" if side.is_some() => Some(JointRange::Hinge {
            min: KNEE.0,
            max: KNEE.1,
        }),
        _ => {
            let &(_, min, max) = BALL_RANGES.iter().find(|(n, _, _)| *n == base)?;
            Some(match side {
                Some(Side::Right) => JointRange::Euler {
                    min: [min[0], -max[1], -max[2]],
                    max: [max[0], -min[1], -min[2]],
                },
                _ => JointRange::Euler { min, max },
            })
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

fn split_side(name: &str) -> (Option<Side>, &str) {
    if let Some(rest) = name.strip_prefix('左') {
        (Some(Side::Left), rest)
    } else if let Some(rest) = name.strip_prefix('右') {
        (Some(Side::Right), rest)
    } else {
        (None, name)
    }
}

/// The moved bones from the root down: sliders, then the trunk, then each limb.
const SLIDERS: [&str; 2] = ["全ての親", "センター"];
const TRUNK: [&str; 5] = ["下半身", "上半身", "上半身2", "首", "頭"];
const ARM: [&str; 4] = ["肩", "腕", "ひじ", "手首"];
const LEG: [&str; 3] = ["足", "ひざ", "足首"];

fn sided(side: Side, base: &str) -> String {
    match side {
        Side::Left => format!("左{base}"),
        Side::Right => format!("右{base}"),
    }
}

fn radians(degrees: [f32; 3]) -> [f32; 3] {
    degrees.map(f32::to_radians)
}

/// The limits of `bone` when it is a link of some IK chain that has limits in the file.
fn file_limit(rig: &Rig, bone: usize) -> Option<LinkLimit> {
    rig.solvers
        .iter()
        .flat_map(|s| &s.links)
        .find(|l| l.bone as usize == bone && l.limit.is_some())
        .and_then(|l| l.limit)
}

/// A joint's kind from its range (the caller's, else the humanoid table), unless the file
/// limits the bone as an IK link: then the file's limits, narrowed by a caller's range of
/// the same kind.
fn joint_kind(rig: &Rig, bone: usize, range: Option<JointRange>) -> JointKind {
    let name = rig.bone_name(bone);
    let range = range.or_else(|| humanoid_range(name));
    if let Some(limit) = file_limit(rig, bone) {
        if let Some(axis) = limit.plane_axis {
            let mut unit = Vec3A::ZERO;
            unit[axis] = 1.0;
            let (mut min, mut max) = (limit.min[axis], limit.max[axis]);
            if let Some(JointRange::Hinge { min: lo, max: hi }) = range {
                min = min.max(lo.to_radians());
                max = max.min(hi.to_radians()).max(min);
            }
            return JointKind::Hinge {
                axis: unit,
                min,
                max,
                whole: true,
            };
        }
        let limit = match range {
            Some(JointRange::Euler { min, max }) => {
                let lo = limit.min.max(Vec3A::from_array(radians(min)));
                let hi = limit.max.min(Vec3A::from_array(radians(max))).max(lo);
                link_limit(Some(AngleLimit {
                    min: lo.to_array(),
                    max: hi.to_array(),
                }))
                .unwrap_or(limit)
            }
            _ => limit,
        };
        return JointKind::Ball { limit };
    }
    match range {
        Some(JointRange::Hinge { min, max }) => JointKind::Hinge {
            axis: hinge_axis(rig, bone),
            min: min.to_radians(),
            max: max.to_radians().max(min.to_radians()),
            whole: false,
        },
        Some(JointRange::Euler { min, max }) => {
            let (lo, hi) = (radians(min), radians(max));
            let limit = link_limit(Some(AngleLimit { min: lo, max: hi }));
            limit.map_or(unlimited(), |limit| JointKind::Ball { limit })
        }
        None => unlimited(),
    }
}

/// A ball joint free to turn anywhere (a bone the table does not name).
fn unlimited() -> JointKind {
    let all = std::f32::consts::PI;
    let limit = link_limit(Some(AngleLimit {
        min: [-all; 3],
        max: [all; 3],
    }));
    match limit {
        Some(limit) => JointKind::Ball { limit },
        None => JointKind::Slider,
    }
}

/// The axis a hinge bends its child toward the front about: across the direction from the
/// bone to its child (at rest, where the parent frame is the model's), a knee's X when
/// the bone has no child or points along the front.
fn hinge_axis(rig: &Rig, bone: usize) -> Vec3A {
    let child = (0..rig.bone_count()).find(|&c| rig.parent[c] == bone as u32);
    let along = child.map(|c| rig.rest_position[c] - rig.rest_position[bone]);
    let name = rig.bone_name(bone);
    if split_side(name).1 == "ひざ" {
        return Vec3A::X;
    }
    along
        .and_then(|d| d.cross(FORWARD).try_normalize())
        .unwrap_or(Vec3A::X)
}

/// The bones a solve moves, in the order [`TRUNK`], arms and legs list them, each with its
/// kind; `ranges` (bone, range) replace the humanoid table's.
pub(crate) fn find_joints(rig: &Rig, ranges: &[(usize, JointRange)]) -> Vec<BodyJoint> {
    let mut bones: Vec<(usize, bool)> = Vec::new();
    for name in SLIDERS {
        if let Some(b) = rig.bone_index(name) {
            bones.push((b, true));
        }
    }
    for name in TRUNK {
        if let Some(b) = rig.bone_index(name) {
            bones.push((b, false));
        }
    }
    for side in [Side::Left, Side::Right] {
        for base in ARM {
            if let Some(b) = rig.bone_index(&sided(side, base)) {
                bones.push((b, false));
            }
        }
        let named: Vec<usize> = LEG
            .iter()
            .filter_map(|base| rig.bone_index(&sided(side, base)))
            .collect();
        let legs = if named.is_empty() {
            leg_links(rig, side)
        } else {
            named
        };
        bones.extend(legs.into_iter().map(|b| (b, false)));
    }
    let mut joints = Vec::with_capacity(bones.len());
    let mut offset = 0;
    for (bone, slider) in bones {
        if joints.iter().any(|j: &BodyJoint| j.bone as usize == bone) {
            continue;
        }
        let range = ranges.iter().find(|(b, _)| *b == bone).map(|&(_, r)| r);
        let kind = if slider {
            JointKind::Slider
        } else {
            joint_kind(rig, bone, range)
        };
        joints.push(BodyJoint {
            bone: bone as u32,
            kind,
            offset,
        });
        offset += kind.width();
    }
    joints
}

/// The leg IK chain of one side, when the model lacks the standard leg names: the IK bone
/// whose name holds the side and 足 and IK (full or half width); its links from the hip
/// down and its effector.
fn leg_chain(rig: &Rig, side: Side) -> Option<usize> {
    let mark = match side {
        Side::Left => '左',
        Side::Right => '右',
    };
    rig.solvers.iter().position(|s| {
        let name = rig.bone_name(s.bone as usize);
        name.contains(mark) && name.contains('足') && (name.contains("IK") || name.contains("ＩＫ"))
    })
}

fn leg_links(rig: &Rig, side: Side) -> Vec<usize> {
    let Some(k) = leg_chain(rig, side) else {
        return Vec::new();
    };
    let s = &rig.solvers[k];
    let mut links: Vec<usize> = s.links.iter().rev().map(|l| l.bone as usize).collect();
    links.push(s.effector as usize);
    links
}

/// The bone a handle sits on: the standard name, else (feet) the leg IK chain's effector,
/// else (centre) the first root.
pub(crate) fn find_handle(rig: &Rig, handle: Handle) -> Option<usize> {
    let by_name = |name: &str| rig.bone_index(name);
    match handle {
        Handle::LeftHand => by_name("左手首"),
        Handle::RightHand => by_name("右手首"),
        Handle::LeftFoot => by_name("左足首")
            .or_else(|| leg_chain(rig, Side::Left).map(|k| rig.solvers[k].effector as usize)),
        Handle::RightFoot => by_name("右足首")
            .or_else(|| leg_chain(rig, Side::Right).map(|k| rig.solvers[k].effector as usize)),
        Handle::Head => by_name("頭"),
        Handle::Centre => {
            by_name("センター").or_else(|| rig.parent.iter().position(|&p| p == NONE))
        }
    }
}

/// The part of `q` that turns about unit `axis` (the "twist"), as an angle, and the rest:
/// `q = R(axis, angle) * rest`.
pub(crate) fn split_about(q: Quat, axis: Vec3A) -> (f32, Quat) {
    let along = Vec3A::new(q.x, q.y, q.z).dot(axis);
    let angle = 2.0 * along.atan2(q.w);
    let twist = Quat::from_axis_angle(axis.into(), angle);
    let rest = (twist.inverse() * q).normalize();
    if angle.is_finite() && rest.is_finite() {
        // Angles past a half turn wrap to the other side, where ranges are stated.
        let wrapped = if angle > std::f32::consts::PI {
            angle - std::f32::consts::TAU
        } else if angle < -std::f32::consts::PI {
            angle + std::f32::consts::TAU
        } else {
            angle
        };
        (wrapped, rest)
    } else {
        (0.0, q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_side_mirrors_the_left() {
        let Some(JointRange::Euler { min, max }) = humanoid_range("右足") else {
            panic!("no range for 右足");
        };
        let Some(JointRange::Euler {
            min: lmin,
            max: lmax,
        }) = humanoid_range("左足")
        else {
            panic!("no range for 左足");
        };
        assert_eq!(min[0], lmin[0]);
        assert_eq!(max[0], lmax[0]);
        assert_eq!(min[2], -lmax[2]);
        assert_eq!(max[1], -lmin[1]);
        assert!(matches!(
            humanoid_range("左ひじ"),
            Some(JointRange::Hinge { .. })
        ));
        assert_eq!(humanoid_range("スカート"), None);
    }

    #[test]
    fn split_about_recovers_the_twist() {
        let axis = Vec3A::new(0.6, 0.8, 0.0);
        let rest = Quat::from_rotation_x(0.2);
        let q = Quat::from_axis_angle(axis.into(), 1.1) * rest;
        let (angle, back) = split_about(q, axis);
        let again = Quat::from_axis_angle(axis.into(), angle) * back;
        assert!(again.abs_diff_eq(q, 1e-6) || again.abs_diff_eq(-q, 1e-6));
        let (pure, none) = split_about(Quat::from_axis_angle(axis.into(), -0.7), axis);
        assert!((pure + 0.7).abs() < 1e-6);
        assert!(none.abs_diff_eq(Quat::IDENTITY, 1e-6));
    }
}
