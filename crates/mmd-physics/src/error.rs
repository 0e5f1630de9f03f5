//! What can go wrong: hard errors (nothing built) and warnings (something neutralised).

use thiserror::Error;

/// Building the simulation failed as a whole.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum PhysicsError {
    #[error("physics options: {0}")]
    Options(&'static str),
    #[error("physics: Bullet could not allocate the {0}")]
    Allocation(&'static str),
}

/// Something in the model's bodies or joints that could not be simulated as stored. The part
/// named was neutralised as the message says; the rest of the model is simulated.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum PhysicsWarning {
    #[error("{count} {what}: only the first {kept} are simulated")]
    TooMany {
        what: &'static str,
        count: usize,
        kept: usize,
    },
    #[error("rigid body {body}: {problem}; body left out")]
    BodyDropped { body: usize, problem: &'static str },
    #[error("rigid body {body}: {field} {problem}; {fix}")]
    BodyFixed {
        body: usize,
        field: &'static str,
        problem: &'static str,
        fix: &'static str,
    },
    #[error("rigid body {body}: bone {bone} does not exist; the body is tied to no bone")]
    BodyBone { body: usize, bone: i32 },
    #[error("joint {joint}: {problem}; joint left out")]
    JointSkipped { joint: usize, problem: &'static str },
    #[error("joint {joint}: {field} {problem}; {fix}")]
    JointFixed {
        joint: usize,
        field: &'static str,
        problem: &'static str,
        fix: &'static str,
    },
    #[error("joint {joint}: PMX 2.1 joint kind {kind} simulated as a 6DOF spring, as MMD does")]
    JointKind { joint: usize, kind: &'static str },
}

/// Why a step threw the simulation away and put every body back on its bone.
#[derive(Debug, Error, Clone, Copy, PartialEq)]
pub enum BlowUp {
    #[error("physics blew up: rigid body {body} is no longer finite; reset to the bones")]
    NonFinite { body: usize },
    #[error("physics blew up: rigid body {body} moves at {speed} units/s; reset to the bones")]
    TooFast { body: usize, speed: f32 },
    #[error("physics: Bullet refused to step; reset to the bones")]
    StepRefused,
}
