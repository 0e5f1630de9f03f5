//! Every number and index from the file is checked here, before anything reaches C++.
//!
//! The output types can only be built by this module, so a [`ValidBody`] or [`ValidJoint`]
//! in hand means: finite, in range, sizes and masses Bullet can take without overflowing
//! `f32`, joint bodies that exist and differ. Problems are neutralised (the part dropped, the
//! value clamped) and reported as [`PhysicsWarning`]s, in file order.

use mmd_format::JointConstraint;
use mmd_format::pmx::{Joint, JointKind, PhysicsMode, Pmx, RigidBody, RigidShape};

use crate::error::PhysicsWarning;
use crate::ffi::RawPose;
use crate::mapping::{raw_pose, rest_transform};

/// More bodies than any real model has (heavy skirt rigs stay under a thousand). The
/// broadphase tests every pair the collision filters allow once a substep, so this also bounds
/// that: at most about two million pairs (25 MB, milliseconds a substep) for a hostile file.
pub const MAX_BODIES: usize = 2048;
pub const MAX_JOINTS: usize = 2048;
/// Half-extent / radius limit in MMD units (a model is about 20 tall, a stage 200 wide);
/// keeps inertia (mass·size²) far from `f32` overflow.
pub const MAX_SIZE: f32 = 1000.0;
/// Mass limit: keeps inertia finite; real bodies weigh 0.1 to 10.
pub const MAX_MASS: f32 = 1.0e5;
/// Positions of bodies, joints and bones beyond this are garbage, not models.
pub const MAX_COORDINATE: f32 = 1.0e5;
/// Spring stiffness limit: Bullet's springs are velocity motors whose impulse grows with the
/// stiffness, and real files stay under a few thousand.
pub const MAX_STIFFNESS: f32 = 1.0e5;
/// Linear joint limits in MMD units; angular ones are clamped to ±`MAX_ANGLE` radians, which
/// still leaves every axis free that a file means to be free.
pub const MAX_LINEAR_LIMIT: f32 = 1.0e4;
pub const MAX_ANGLE: f32 = 1.0e3;

/// How a body moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Follows its bone (kinematic); without a bone it stays where the file put it.
    Kinematic,
    /// Simulated; its bone takes the body's pose.
    Dynamic,
    /// Simulated; its bone takes the body's rotation and keeps its animated position.
    DynamicWithBone,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidBody {
    /// Index in the PMX's rigid body list.
    pub source: usize,
    pub bone: Option<usize>,
    pub motion: Motion,
    pub shape: RigidShape,
    /// Sphere: radius in x; box: half-extents; capsule: radius x, height y. Non-negative.
    pub size: [f32; 3],
    /// Zero for a simulated body makes it static in Bullet, which is what MMD does.
    pub mass: f32,
    /// Where the file puts the body, in model space.
    pub rest: RawPose,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub restitution: f32,
    pub friction: f32,
    /// `1 << group`, group in 0..16.
    pub group: u16,
    pub mask: u16,
    /// A shape of zero size collides with nothing (babylon-mmd's rule).
    pub no_contact: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ValidJoint {
    pub source: usize,
    /// Indices into the list of valid bodies (not the PMX list).
    pub bodies: [usize; 2],
    /// The file's constraint with its limits and stiffnesses clamped.
    pub constraint: JointConstraint,
}

/// Bone rest positions, checked: `None` for a bone whose position is not usable.
pub fn bone_positions(pmx: &Pmx) -> Vec<Option<[f32; 3]>> {
    pmx.bones
        .iter()
        .map(|b| coordinate_ok(b.position).then_some(b.position))
        .collect()
}

/// The bodies that can be simulated, and for each PMX body its index among them.
pub fn bodies(
    pmx: &Pmx,
    bones: &[Option<[f32; 3]>],
    warnings: &mut Vec<PhysicsWarning>,
) -> (Vec<ValidBody>, Vec<Option<usize>>) {
    let count = pmx.rigid_bodies.len();
    if count > MAX_BODIES {
        warnings.push(PhysicsWarning::TooMany {
            what: "rigid bodies",
            count,
            kept: MAX_BODIES,
        });
    }
    let mut valid = Vec::with_capacity(count.min(MAX_BODIES));
    let mut map = vec![None; count];
    for (i, body) in pmx.rigid_bodies.iter().enumerate().take(MAX_BODIES) {
        if let Some(v) = body_of(i, body, bones, warnings) {
            map[i] = Some(valid.len());
            valid.push(v);
        }
    }
    (valid, map)
}

fn body_of(
    i: usize,
    b: &RigidBody,
    bones: &[Option<[f32; 3]>],
    warnings: &mut Vec<PhysicsWarning>,
) -> Option<ValidBody> {
    let dropped = |problem| PhysicsWarning::BodyDropped { body: i, problem };
    if !coordinate_ok(b.position) {
        warnings.push(dropped("position is not finite or absurdly far"));
        return None;
    }
    if !b.rotation.iter().all(|v| v.is_finite()) {
        warnings.push(dropped("rotation is not finite"));
        return None;
    }
    if !b.size.iter().all(|v| v.is_finite()) {
        warnings.push(dropped("size is not finite"));
        return None;
    }
    let Some(rest) = raw_pose(&rest_transform(b.position, b.rotation)) else {
        warnings.push(dropped("its rest transform is not finite"));
        return None;
    };
    let mut fixed = |field, problem, fix| {
        warnings.push(PhysicsWarning::BodyFixed {
            body: i,
            field,
            problem,
            fix,
        })
    };

    let mut size = b.size;
    if size.iter().any(|&v| v < 0.0) {
        fixed("size", "is negative", "its magnitude is used");
        size = size.map(f32::abs);
    }
    if size.iter().any(|&v| v > MAX_SIZE) {
        fixed("size", "is huge", "clamped to 1000");
        size = size.map(|v| v.min(MAX_SIZE));
    }
    // A sphere of radius 0, a flat box: nothing to touch, but it still carries mass and joints.
    let no_contact = match b.shape {
        RigidShape::Sphere | RigidShape::Capsule => size[0] == 0.0,
        RigidShape::Box => size.contains(&0.0),
    };

    let mut mass = b.mass;
    if b.mode != PhysicsMode::FollowBone {
        if !mass.is_finite() || mass < 0.0 {
            fixed("mass", "is negative or not finite", "body made static");
            mass = 0.0;
        } else if mass > MAX_MASS {
            fixed("mass", "is huge", "clamped to 1e5");
            mass = MAX_MASS;
        }
    } else {
        // Kinematic bodies have no mass in Bullet; the file's value is irrelevant.
        mass = 0.0;
    }

    let mut unit = |v: f32, field, hi: f32, quiet_above: bool| {
        if !v.is_finite() || v < 0.0 {
            fixed(field, "is negative or not finite", "set to 0");
            0.0
        } else if v > hi {
            if !quiet_above {
                fixed(field, "is out of range", "clamped");
            }
            hi
        } else {
            v
        }
    };
    // Bullet clamps damping to [0, 1] itself, as MMD's Bullet did, and real files (Animasa
    // Miku's) store values above 1: clamped without a word. Restitution above 1 would gain
    // energy at every bounce.
    let linear_damping = unit(b.linear_damping, "linear damping", 1.0, true);
    let angular_damping = unit(b.angular_damping, "angular damping", 1.0, true);
    let restitution = unit(b.restitution, "restitution", 1.0, false);
    let friction = unit(b.friction, "friction", 1.0e3, false);

    let group = if b.group > 15 {
        fixed("collision group", "is above 15", "group 15 used");
        15
    } else {
        b.group
    };

    let bone = match usize::try_from(b.bone) {
        Ok(bone) if bones.get(bone).is_some_and(Option::is_some) => Some(bone),
        _ if b.bone == -1 => None,
        _ => {
            warnings.push(PhysicsWarning::BodyBone {
                body: i,
                bone: b.bone,
            });
            None
        }
    };

    Some(ValidBody {
        source: i,
        bone,
        motion: match b.mode {
            PhysicsMode::FollowBone => Motion::Kinematic,
            PhysicsMode::Physics => Motion::Dynamic,
            PhysicsMode::PhysicsWithBone => Motion::DynamicWithBone,
        },
        shape: b.shape,
        size,
        mass,
        rest,
        linear_damping,
        angular_damping,
        restitution,
        friction,
        group: 1 << group,
        mask: b.non_collision_mask,
        no_contact,
    })
}

/// The joints that can be simulated, with their body indices remapped through `body_map`.
pub fn joints(
    pmx: &Pmx,
    body_map: &[Option<usize>],
    bodies: &[ValidBody],
    warnings: &mut Vec<PhysicsWarning>,
) -> Vec<ValidJoint> {
    let count = pmx.joints.len();
    if count > MAX_JOINTS {
        warnings.push(PhysicsWarning::TooMany {
            what: "joints",
            count,
            kept: MAX_JOINTS,
        });
    }
    pmx.joints
        .iter()
        .enumerate()
        .take(MAX_JOINTS)
        .filter_map(|(i, j)| joint_of(i, j, body_map, bodies, warnings))
        .collect()
}

fn joint_of(
    i: usize,
    j: &Joint,
    body_map: &[Option<usize>],
    bodies: &[ValidBody],
    warnings: &mut Vec<PhysicsWarning>,
) -> Option<ValidJoint> {
    let skipped = |problem| PhysicsWarning::JointSkipped { joint: i, problem };
    let body = |index: i32| {
        usize::try_from(index)
            .ok()
            .and_then(|k| body_map.get(k).copied().flatten())
    };
    let (Some(a), Some(b)) = (body(j.rigid_bodies[0]), body(j.rigid_bodies[1])) else {
        warnings.push(skipped("a rigid body is missing, out of range or left out"));
        return None;
    };
    if a == b {
        warnings.push(skipped("joins a rigid body to itself"));
        return None;
    }
    if bodies[a].motion == Motion::Kinematic && bodies[b].motion == Motion::Kinematic {
        // Nothing for the solver to move; Bullet would only spend rows on it.
        return None;
    }
    let c = &j.constraint;
    if !coordinate_ok(c.position) || !c.rotation.iter().all(|v| v.is_finite()) {
        warnings.push(skipped("position or rotation is not finite"));
        return None;
    }
    if j.kind != JointKind::Spring6Dof {
        warnings.push(PhysicsWarning::JointKind {
            joint: i,
            kind: kind_name(j.kind),
        });
    }
    let mut fixed = |field, problem, fix| {
        warnings.push(PhysicsWarning::JointFixed {
            joint: i,
            field,
            problem,
            fix,
        })
    };
    let mut limit = |v: [f32; 3], field, hi: f32| {
        if !v.iter().all(|x| x.is_finite()) {
            fixed(field, "is not finite", "that axis is locked");
        } else if v.iter().any(|x| x.abs() > hi) {
            fixed(field, "is huge", "clamped");
        }
        v.map(|x| if x.is_finite() { x.clamp(-hi, hi) } else { 0.0 })
    };
    let position_min = limit(c.position_min, "linear lower limit", MAX_LINEAR_LIMIT);
    let position_max = limit(c.position_max, "linear upper limit", MAX_LINEAR_LIMIT);
    let rotation_min = limit(c.rotation_min, "angular lower limit", MAX_ANGLE);
    let rotation_max = limit(c.rotation_max, "angular upper limit", MAX_ANGLE);
    let mut spring = |v: [f32; 3], field| {
        if v.iter().any(|x| !x.is_finite() || *x < 0.0) {
            fixed(field, "is negative or not finite", "set to 0");
        } else if v.iter().any(|x| *x > MAX_STIFFNESS) {
            fixed(field, "is huge", "clamped to 1e5");
        }
        v.map(|x| {
            if x.is_finite() && x > 0.0 {
                x.min(MAX_STIFFNESS)
            } else {
                0.0
            }
        })
    };
    let spring_position = spring(c.spring_position, "linear spring");
    let spring_rotation = spring(c.spring_rotation, "angular spring");
    Some(ValidJoint {
        source: i,
        bodies: [a, b],
        constraint: JointConstraint {
            position: c.position,
            rotation: c.rotation,
            position_min,
            position_max,
            rotation_min,
            rotation_max,
            spring_position,
            spring_rotation,
        },
    })
}

fn coordinate_ok(p: [f32; 3]) -> bool {
    p.iter().all(|v| v.is_finite() && v.abs() <= MAX_COORDINATE)
}

fn kind_name(kind: JointKind) -> &'static str {
    match kind {
        JointKind::Spring6Dof => "spring 6DOF",
        JointKind::SixDof => "6DOF",
        JointKind::PointToPoint => "point-to-point",
        JointKind::ConeTwist => "cone-twist",
        JointKind::Slider => "slider",
        JointKind::Hinge => "hinge",
    }
}
