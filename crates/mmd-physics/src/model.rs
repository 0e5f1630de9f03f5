//! One model's rigid bodies and joints in a Bullet world, driven by and writing back to its
//! bones.

use glam::{Mat4, Vec3};
use mmd_format::pmx::Pmx;

use crate::error::{BlowUp, PhysicsError, PhysicsWarning};
use crate::ffi::{BodyDesc, JointDesc, RawPose, RawWorld};
use crate::mapping::{body_desc, joint_desc, matrix, raw_pose};
use crate::options::PhysicsOptions;
use crate::validate::{self, Motion};

/// What [`ModelPhysics::step`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepOutcome {
    /// Less than one substep of time has accumulated (or `dt` was not a positive number);
    /// nothing moved.
    Idle,
    Stepped {
        substeps: u32,
    },
    /// The simulation blew up and every body was put back on its bone, at rest.
    Reset(BlowUp),
}

#[derive(Debug, Clone)]
struct Body {
    /// Index in the PMX's rigid body list.
    source: usize,
    bone: Option<usize>,
    motion: Motion,
    /// Where the file puts the body: used when it has no bone to follow.
    rest: RawPose,
    /// `bone_rest⁻¹ · body_rest`: the body's pose relative to its bone.
    offset: Mat4,
    offset_inv: Mat4,
}

/// Whether a physics or physics + bone body is simulated or follows its bone, switched by
/// [`ModelPhysics::set_bone_follows_animation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Follow {
    Simulated,
    /// Kinematic, and goes onto its bone at the next step without a velocity.
    Snap,
    Following,
}

/// A model's physics: the Bullet world holding its rigid bodies and joints.
///
/// Built once per model ([`ModelPhysics::new`]); every frame the caller hands it the bones'
/// model-space matrices from the before-physics pass ([`ModelPhysics::step`]) and takes back
/// the matrices of the bones the simulation drives ([`ModelPhysics::write_back`]). See the
/// crate documentation for the whole sequence.
#[derive(Debug)]
pub struct ModelPhysics {
    world: RawWorld,
    /// What the world was built from, to build it afresh on [`ModelPhysics::reset`].
    body_descs: Vec<BodyDesc>,
    joint_descs: Vec<JointDesc>,
    bodies: Vec<Body>,
    /// World body index per PMX body; `None` for bodies left out.
    by_source: Vec<Option<usize>>,
    joint_count: usize,
    /// Every body's pose after the last step or reset, read once per step.
    poses: Vec<RawPose>,
    /// Bones [`ModelPhysics::write_back`] may write, ascending.
    driven: Vec<usize>,
    /// The driven bones whose body is physics + bone: they take its rotation only, ascending.
    rotated: Vec<usize>,
    /// Per body.
    follow: Vec<Follow>,
    /// (bone, body) for every physics and physics + bone body with a bone, ascending, so a
    /// bone's bodies are one run found by binary search.
    dynamic_by_bone: Vec<(usize, usize)>,
    options: PhysicsOptions,
    /// Motion time not yet simulated, in seconds; f64 so that 1/30 s frames make exactly two
    /// 1/60 s substeps for hours.
    pending: f64,
}

impl ModelPhysics {
    /// Builds the world for `pmx`'s bodies and joints, placed at the rest pose. Bodies and
    /// joints that cannot be simulated are left out or repaired, each with a warning.
    pub fn new(
        pmx: &Pmx,
        options: &PhysicsOptions,
    ) -> Result<(ModelPhysics, Vec<PhysicsWarning>), PhysicsError> {
        let Description {
            bodies,
            body_descs,
            joint_descs,
            map,
            warnings,
        } = describe(pmx, options)?;
        let joint_count = joint_descs.len();
        let world = build_world(options, &body_descs, &joint_descs)?;

        let mut driven: Vec<usize> = bodies
            .iter()
            .filter(|b| b.motion != Motion::Kinematic)
            .filter_map(|b| b.bone)
            .collect();
        driven.sort_unstable();
        driven.dedup();
        // As in write_back, the last body in file order decides how a bone is driven.
        let mut rotated: Vec<usize> = driven
            .iter()
            .copied()
            .filter(|&bone| {
                bodies
                    .iter()
                    .rev()
                    .find(|b| b.bone == Some(bone) && b.motion != Motion::Kinematic)
                    .is_some_and(|b| b.motion == Motion::DynamicWithBone)
            })
            .collect();
        rotated.sort_unstable();
        let mut dynamic_by_bone: Vec<(usize, usize)> = bodies
            .iter()
            .enumerate()
            .filter(|(_, b)| b.motion != Motion::Kinematic)
            .filter_map(|(i, b)| Some((b.bone?, i)))
            .collect();
        dynamic_by_bone.sort_unstable();
        let poses = bodies.iter().map(|b| b.rest).collect();
        let bodies_len = bodies.len();
        let physics = ModelPhysics {
            world,
            body_descs,
            joint_descs,
            bodies,
            by_source: map,
            joint_count,
            poses,
            driven,
            rotated,
            follow: vec![Follow::Simulated; bodies_len],
            dynamic_by_bone,
            options: options.clone(),
            pending: 0.0,
        };
        Ok((physics, warnings))
    }

    /// The warnings [`ModelPhysics::new`] would give for `pmx`, without building a world:
    /// what loading a model reports before physics is turned on.
    pub fn check(pmx: &Pmx, options: &PhysicsOptions) -> Result<Vec<PhysicsWarning>, PhysicsError> {
        Ok(describe(pmx, options)?.warnings)
    }

    /// Puts every body on its bone's pose in `bone_globals` (model-space matrices, one per
    /// bone), at rest, forgetting contacts and unsimulated time. Bodies without a bone, or
    /// whose bone matrix is missing or not finite, go to their rest pose from the file.
    /// Bodies following the animation keep following it.
    ///
    /// The Bullet world is built afresh (only if that fails is the old one reused), so that
    /// nothing it caches (contact points, broadphase pairs, solver warm starts) survives: a
    /// reset followed by some steps gives exactly what a newly built model gives.
    pub fn reset(&mut self, bone_globals: &[Mat4]) {
        if let Ok(world) = build_world(&self.options, &self.body_descs, &self.joint_descs) {
            self.world = world;
            for (i, follow) in self.follow.iter().enumerate() {
                if *follow != Follow::Simulated {
                    self.world.set_follow(i, true);
                }
            }
        }
        for (i, body) in self.bodies.iter().enumerate() {
            let pose = target(body, bone_globals).unwrap_or(body.rest);
            self.world.teleport(i, &pose);
            self.poses[i] = pose;
            if self.follow[i] == Follow::Snap {
                self.follow[i] = Follow::Following;
            }
        }
        self.world.reset_solver();
        self.pending = 0.0;
    }

    /// Advances the simulation by `dt` seconds of motion time.
    ///
    /// `bone_globals` are the bones' model-space matrices after the before-physics pass of the
    /// frame being reached; follow-bone bodies move to them (Bullet derives their velocity from
    /// the move, spread over the frame). Time is simulated in fixed substeps
    /// ([`PhysicsOptions::rate`]); a remainder carries over to the next call. A blow-up (a body
    /// no longer finite, or faster than [`PhysicsOptions::max_body_speed`]) resets to
    /// `bone_globals` and is reported. No allocation.
    pub fn step(&mut self, bone_globals: &[Mat4], dt: f32) -> StepOutcome {
        if !(dt.is_finite() && dt > 0.0) {
            return StepOutcome::Idle;
        }
        let fixed = self.options.rate.seconds();
        self.pending += f64::from(dt);
        // The tolerance absorbs f32 rounding of dt: 1/30 s is two 1/60 s substeps, never one.
        let due = (self.pending / f64::from(fixed) + 1e-4).floor();
        if due < 1.0 {
            return StepOutcome::Idle;
        }
        let substeps = if due > f64::from(self.options.max_substeps) {
            self.pending = 0.0;
            self.options.max_substeps
        } else {
            self.pending -= due * f64::from(fixed);
            due as u32
        };

        for (i, body) in self.bodies.iter().enumerate() {
            if body.motion != Motion::Kinematic && self.follow[i] == Follow::Simulated {
                continue;
            }
            let Some(pose) = target(body, bone_globals) else {
                continue;
            };
            if self.follow[i] == Follow::Snap {
                // Deriving a velocity from the jump off the simulated pose would kick
                // whatever is jointed to the body.
                self.world.teleport(i, &pose);
                self.follow[i] = Follow::Following;
            } else {
                self.world.set_kinematic_pose(i, &pose);
            }
        }
        // max_substeps ≤ 1000 (checked with the options), so this always fits.
        let refused = !self.world.step(substeps as i32, fixed);
        let blow_up = if refused {
            Some(BlowUp::StepRefused)
        } else {
            self.read_back()
        };
        match blow_up {
            Some(cause) => {
                self.reset(bone_globals);
                StepOutcome::Reset(cause)
            }
            None => StepOutcome::Stepped { substeps },
        }
    }

    /// Reads every body's pose; the first body found broken, if any.
    fn read_back(&mut self) -> Option<BlowUp> {
        let max_speed_sq = self.options.max_body_speed * self.options.max_body_speed;
        let mut blow_up = None;
        for (i, body) in self.bodies.iter().enumerate() {
            let Some((pose, velocity)) = self.world.body_state(i) else {
                blow_up.get_or_insert(BlowUp::StepRefused);
                continue;
            };
            if !pose.iter().chain(&velocity).all(|v| v.is_finite()) {
                blow_up.get_or_insert(BlowUp::NonFinite { body: body.source });
                continue;
            }
            let [vx, vy, vz, ..] = velocity;
            let speed_sq = vx * vx + vy * vy + vz * vz;
            // Bodies on their bones move as fast as the animation does; that is no blow-up.
            let simulated = body.motion != Motion::Kinematic && self.follow[i] == Follow::Simulated;
            if simulated && speed_sq > max_speed_sq {
                blow_up.get_or_insert(BlowUp::TooFast {
                    body: body.source,
                    speed: speed_sq.sqrt(),
                });
            }
            self.poses[i] = pose;
        }
        blow_up
    }

    /// Writes the model-space matrix of every bone a simulated body drives into
    /// `bone_globals`, which must hold the same before-physics matrices given to
    /// [`ModelPhysics::step`]:
    ///
    /// - physics bodies: `bone = body · offset⁻¹`;
    /// - physics + bone bodies: that rotation, with the bone's own (animated) translation kept.
    ///
    /// Bones outside `bone_globals` are skipped, and so are bones whose bodies follow the
    /// animation ([`ModelPhysics::set_bone_follows_animation`]): they keep their animated
    /// matrices. Bones below a driven bone are not touched: the pose stage recomputes them
    /// from their locals (see the crate documentation). When several bodies drive one bone,
    /// the last in file order wins.
    pub fn write_back(&self, bone_globals: &mut [Mat4]) {
        let bodies = self.bodies.iter().zip(&self.poses).zip(&self.follow);
        for ((body, pose), &follow) in bodies {
            if body.motion == Motion::Kinematic || follow != Follow::Simulated {
                continue;
            }
            let Some(global) = body.bone.and_then(|bone| bone_globals.get_mut(bone)) else {
                continue;
            };
            let mut m = matrix(pose) * body.offset_inv;
            if body.motion == Motion::DynamicWithBone {
                m.w_axis = global.w_axis;
            }
            *global = m;
        }
    }

    /// The bones [`ModelPhysics::write_back`] writes while their bodies are simulated,
    /// ascending.
    pub fn driven_bones(&self) -> &[usize] {
        &self.driven
    }

    /// The driven bones whose body is physics + bone, ascending: they take the body's
    /// rotation, while their position stays where their parent and their own animated
    /// offset put them (the translation `write_back` leaves is the before-physics one, which
    /// a pose stage recomputes once the parent has moved).
    pub fn rotation_driven_bones(&self) -> &[usize] {
        &self.rotated
    }

    /// Switches every physics and physics + bone body of `bone` to follow the bone like a
    /// follow-bone body (`follow`), or back to the simulation: what MMD does for a bone whose
    /// motion key turns physics off (`mmd_format::vmd::BoneKey::physics_off`) and on again.
    ///
    /// A body switched to follow is kinematic with no mass, so joints and contacts treat it as
    /// immovable; the next [`ModelPhysics::step`] puts it on `bone · offset` without deriving a
    /// velocity from that jump, later steps move it with the bone, and
    /// [`ModelPhysics::write_back`] leaves the bone's animated matrix alone. Switched back, it
    /// gets its mass again and starts at rest where the bone left it, as babylon-mmd's
    /// `restoreBodyDynamic` does (`src/Runtime/Optimized/wasm_src/bullet_src/
    /// bwPhysicsWorld.h`): carrying the animation's velocity over would fling hair that the
    /// motion swung fast.
    ///
    /// Cheap when nothing changes (a binary search), so it can be called for every physics
    /// bone every frame; no allocation. Bones without such bodies, and indices past the bones,
    /// are ignored. The state survives [`ModelPhysics::reset`].
    pub fn set_bone_follows_animation(&mut self, bone: usize, follow: bool) {
        let start = self.dynamic_by_bone.partition_point(|&(b, _)| b < bone);
        for &(b, i) in &self.dynamic_by_bone[start..] {
            if b != bone {
                break;
            }
            let following = self.follow[i] != Follow::Simulated;
            if following != follow && self.world.set_follow(i, follow) {
                self.follow[i] = if follow {
                    Follow::Snap
                } else {
                    Follow::Simulated
                };
            }
        }
    }

    /// Whether `bone`'s physics bodies follow the animation
    /// ([`ModelPhysics::set_bone_follows_animation`]); false for a bone without any.
    pub fn bone_follows_animation(&self, bone: usize) -> bool {
        let start = self.dynamic_by_bone.partition_point(|&(b, _)| b < bone);
        self.dynamic_by_bone[start..]
            .iter()
            .take_while(|&&(b, _)| b == bone)
            .any(|&(_, i)| self.follow[i] != Follow::Simulated)
    }

    /// The model-space pose of PMX rigid body `body` after the last step or reset; `None` for
    /// a body left out (or an index past the list).
    pub fn body_transform(&self, body: usize) -> Option<Mat4> {
        let i = self.by_source.get(body).copied().flatten()?;
        Some(matrix(&self.poses[i]))
    }

    /// Bodies in the world (PMX bodies minus those left out).
    pub fn body_count(&self) -> usize {
        self.bodies.len()
    }

    /// Joints in the world (PMX joints minus those left out).
    pub fn joint_count(&self) -> usize {
        self.joint_count
    }

    pub fn options(&self) -> &PhysicsOptions {
        &self.options
    }

    /// Pulls every body with `gravity` from now on (MMD units per s², as
    /// [`PhysicsOptions::gravity`]), resets included: MMD's gravity keys change it while a
    /// project plays. A gravity that is not finite or not below 1e4 is refused (false); the
    /// same gravity again costs nothing.
    pub fn set_gravity(&mut self, gravity: Vec3) -> bool {
        if !gravity.is_finite() || gravity.length() > 1.0e4 {
            return false;
        }
        if gravity != self.options.gravity {
            self.options.gravity = gravity;
            self.world.set_gravity(gravity.to_array());
        }
        true
    }
}

/// What a world is built from: the bodies and joints that can be simulated, checked and
/// mapped, with the warnings met on the way.
struct Description {
    bodies: Vec<Body>,
    body_descs: Vec<BodyDesc>,
    joint_descs: Vec<JointDesc>,
    /// World body index per PMX body; `None` for bodies left out.
    map: Vec<Option<usize>>,
    warnings: Vec<PhysicsWarning>,
}

fn describe(pmx: &Pmx, options: &PhysicsOptions) -> Result<Description, PhysicsError> {
    options.check()?;
    let mut warnings = Vec::new();
    let bones = validate::bone_positions(pmx);
    let (valid_bodies, map) = validate::bodies(pmx, &bones, &mut warnings);
    let valid_joints = validate::joints(pmx, &map, &valid_bodies, &mut warnings);

    let mut bodies = Vec::with_capacity(valid_bodies.len());
    let mut body_descs = Vec::with_capacity(valid_bodies.len());
    let mut rests = Vec::with_capacity(valid_bodies.len());
    for b in &valid_bodies {
        let rest_matrix = matrix(&b.rest);
        let bone_rest = b
            .bone
            .and_then(|bone| bones[bone])
            .map_or(Mat4::IDENTITY, |p| Mat4::from_translation(p.into()));
        let offset = bone_rest.inverse() * rest_matrix;
        body_descs.push(body_desc(b, options));
        bodies.push(Body {
            source: b.source,
            bone: b.bone,
            motion: b.motion,
            rest: b.rest,
            offset,
            offset_inv: offset.inverse(),
        });
        rests.push(rest_matrix);
    }

    let mut joint_descs = Vec::with_capacity(valid_joints.len());
    for j in &valid_joints {
        let [a, b] = j.bodies;
        let Some(desc) = joint_desc(j, &rests[a], &rests[b], options) else {
            warnings.push(PhysicsWarning::JointSkipped {
                joint: j.source,
                problem: "its frame is not finite in a body's space",
            });
            continue;
        };
        joint_descs.push(desc);
    }
    Ok(Description {
        bodies,
        body_descs,
        joint_descs,
        map,
        warnings,
    })
}

/// A Bullet world holding `bodies` and `joints`, placed as their descriptions say.
fn build_world(
    options: &PhysicsOptions,
    bodies: &[BodyDesc],
    joints: &[JointDesc],
) -> Result<RawWorld, PhysicsError> {
    let iterations = options.rate.solver_iterations() as i32;
    let mut world = RawWorld::new(options.gravity.to_array(), iterations)
        .ok_or(PhysicsError::Allocation("world"))?;
    for desc in bodies {
        world
            .add_body(desc)
            .ok_or(PhysicsError::Allocation("rigid bodies"))?;
    }
    for desc in joints {
        world
            .add_joint(desc)
            .ok_or(PhysicsError::Allocation("joints"))?;
    }
    Ok(world)
}

/// Where `body` should be for the bone matrices `bone_globals`: `bone · offset`. `None` when
/// it has no bone, or the bone's matrix is missing or not finite.
fn target(body: &Body, bone_globals: &[Mat4]) -> Option<RawPose> {
    let global = bone_globals.get(body.bone?)?;
    raw_pose(&(*global * body.offset))
}
