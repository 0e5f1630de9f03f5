//! Frames of a whole scene posed one after another, for export and the headless commands:
//! every actor by itself, the actors in parallel, with physics off (each frame on its own),
//! live (played through in order) or baked (each model simulated once from frame 0 first).
//! The window's player poses the same way frame by frame ([`crate::player`]).

use mmd_physics::PhysicsOptions;
use mmd_pose::Pose;
use rayon::prelude::*;

use crate::physics::{BakeProgress, LivePhysics, MAX_BAKE_FRAMES, PhysicsBake, PoseInput};
use crate::scene::{Actor, Scene};

/// How the frames' bodies move.
#[derive(Clone)]
pub enum PhysicsPlan {
    Off,
    /// Simulated as the frames are posed, in order, from the first frame's pose.
    Live(PhysicsOptions),
    /// Per actor, a bake already made, or `None` (or missing) to make one first.
    Baked {
        bakes: Vec<Option<PhysicsBake>>,
        options: PhysicsOptions,
    },
}

/// Why posing could not begin.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenePoserError {
    #[error("{model}: physics: {message}")]
    Physics { model: String, message: String },
    #[error("{frames} frames are too many to bake (at most {MAX_BAKE_FRAMES}); use live physics")]
    TooLong { frames: f32 },
    #[error("the physics bake stopped")]
    Stopped,
}

/// One actor's bodies as the plan says.
enum ActorPoser {
    Off,
    Live(Box<LivePhysics>),
    Baked(PhysicsBake),
}

impl ActorPoser {
    /// Poses `frame`; a blow-up's message.
    fn pose(&mut self, input: PoseInput<'_>, frame: f32, pose: &mut Pose) -> Option<String> {
        match self {
            ActorPoser::Off => input.evaluate(frame, pose),
            ActorPoser::Live(live) => {
                live.play_to(input, frame, pose);
                return live.take_blow_up();
            }
            ActorPoser::Baked(bake) => bake.evaluate(input, frame, pose),
        }
        None
    }
}

/// Poses a scene's actors frame after frame.
pub struct ScenePoser {
    posers: Vec<ActorPoser>,
    poses: Vec<Pose>,
    /// Per actor, the blow-ups of the last frame posed.
    blow_ups: Vec<Option<String>>,
}

impl ScenePoser {
    /// The poser for `scene` as `plan` says. Bakes still to be made are made now, one model
    /// after another, over frames `0..=last` (or the motions' end when later).
    pub fn new(
        scene: &Scene,
        plan: PhysicsPlan,
        last: f32,
        progress: BakeProgress<'_>,
    ) -> Result<ScenePoser, ScenePoserError> {
        let actors = &scene.actors;
        let bodies = |index: usize, options: &PhysicsOptions| {
            let model = &actors[index].model;
            LivePhysics::new(&model.pmx, options).map_err(|e| ScenePoserError::Physics {
                model: model.label.clone(),
                message: e.to_string(),
            })
        };
        let posers = match plan {
            PhysicsPlan::Off => actors.iter().map(|_| ActorPoser::Off).collect(),
            PhysicsPlan::Live(options) => (0..actors.len())
                .map(|i| Ok(ActorPoser::Live(Box::new(bodies(i, &options)?))))
                .collect::<Result<_, ScenePoserError>>()?,
            PhysicsPlan::Baked { mut bakes, options } => {
                bakes.resize(actors.len(), None);
                let last = scene.last_frame().max(last).max(0.0).ceil();
                if bakes.iter().any(Option::is_none) && last >= MAX_BAKE_FRAMES as f32 {
                    return Err(ScenePoserError::TooLong { frames: last });
                }
                let last = last as u32;
                let frames = last.saturating_add(1);
                let to_bake = bakes.iter().filter(|b| b.is_none()).count() as u32;
                let total = frames.saturating_mul(to_bake);
                let mut done = 0;
                let mut posers = Vec::with_capacity(actors.len());
                for (index, bake) in bakes.into_iter().enumerate() {
                    let bake = match bake {
                        Some(bake) => bake,
                        None => {
                            let mut live = bodies(index, &options)?;
                            let mut report = |d: u32, _: u32| progress(done + d, total);
                            let input = actors[index].pose_input();
                            let bake = PhysicsBake::bake(input, &mut live, last, &mut report)
                                .ok_or(ScenePoserError::Stopped)?;
                            done += frames;
                            for (frame, message) in &bake.blow_ups {
                                let label = &actors[index].model.label;
                                log::warn!("{label}: frame {frame}: {message}");
                            }
                            bake
                        }
                    };
                    posers.push(ActorPoser::Baked(bake));
                }
                posers
            }
        };
        Ok(ScenePoser {
            posers,
            poses: actors.iter().map(|a| Pose::new(&a.model.rig)).collect(),
            blow_ups: vec![None; actors.len()],
        })
    }

    /// Poses every actor of `scene` (the one this poser was made for) at `frame`, the
    /// actors in parallel when there are several.
    pub fn pose(&mut self, scene: &Scene, frame: f32) {
        let pose_one = |(((poser, pose), blow_up), actor): (
            ((&mut ActorPoser, &mut Pose), &mut Option<String>),
            &Actor,
        )| {
            *blow_up = poser.pose(actor.pose_input(), frame, pose);
        };
        if self.posers.len() > 1 {
            self.posers
                .par_iter_mut()
                .zip(self.poses.par_iter_mut())
                .zip(self.blow_ups.par_iter_mut())
                .zip(scene.actors.par_iter())
                .for_each(pose_one);
        } else {
            self.posers
                .iter_mut()
                .zip(self.poses.iter_mut())
                .zip(self.blow_ups.iter_mut())
                .zip(scene.actors.iter())
                .for_each(pose_one);
        }
    }

    /// Live physics starts again from the next frame posed.
    pub fn restart(&mut self) {
        for poser in &mut self.posers {
            if let ActorPoser::Live(live) = poser {
                live.restart();
            }
        }
    }

    /// Each actor's pose at the last frame posed, in scene order.
    pub fn poses(&self) -> &[Pose] {
        &self.poses
    }

    /// The blow-ups of the last frame posed: actor index and message.
    pub fn blow_ups(&self) -> impl Iterator<Item = (usize, &str)> {
        self.blow_ups
            .iter()
            .enumerate()
            .filter_map(|(i, b)| Some((i, b.as_deref()?)))
    }
}
