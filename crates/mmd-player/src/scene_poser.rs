//! Frames of a whole scene posed one after another, for export and the headless commands:
//! every actor by itself, the actors in parallel, with physics off (each frame on its own),
//! live (played through in order) or baked (each model simulated once from frame 0 first).
//! The window's player poses the same way frame by frame ([`crate::player`]).

use std::sync::Arc;

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
        bakes: Vec<Option<Arc<PhysicsBake>>>,
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
    Baked(Arc<PhysicsBake>),
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

/// One actor's poser, its pose of the last frame posed and that frame's blow-up.
struct PosedActor {
    poser: ActorPoser,
    pose: Pose,
    blow_up: Option<String>,
}

/// Runs `pose` on each of `actors` with its slot of `slots` (one per actor, in order), the
/// actors in parallel when there are several: how the player and the headless commands pose
/// a scene.
pub(crate) fn pose_actors<T: Send>(
    slots: &mut [T],
    actors: &[Actor],
    pose: impl Fn(&mut T, &Actor) + Sync,
) {
    if actors.len() > 1 {
        slots
            .par_iter_mut()
            .zip(actors.par_iter())
            .for_each(|(slot, actor)| pose(slot, actor));
    } else {
        for (slot, actor) in slots.iter_mut().zip(actors) {
            pose(slot, actor);
        }
    }
}

/// Poses a scene's actors frame after frame.
pub struct ScenePoser {
    actors: Vec<PosedActor>,
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
                            Arc::new(bake)
                        }
                    };
                    posers.push(ActorPoser::Baked(bake));
                }
                posers
            }
        };
        let actors = posers
            .into_iter()
            .zip(actors)
            .map(|(poser, actor)| PosedActor {
                poser,
                pose: Pose::new(&actor.model.rig),
                blow_up: None,
            })
            .collect();
        Ok(ScenePoser { actors })
    }

    /// Poses every actor of `scene` (the one this poser was made for) at `frame`, the
    /// actors in parallel when there are several.
    pub fn pose(&mut self, scene: &Scene, frame: f32) {
        pose_actors(&mut self.actors, &scene.actors, |posed, actor| {
            posed.blow_up = posed.poser.pose(actor.pose_input(), frame, &mut posed.pose);
        });
    }

    /// Live physics starts again from the next frame posed.
    pub fn restart(&mut self) {
        for posed in &mut self.actors {
            if let ActorPoser::Live(live) = &mut posed.poser {
                live.restart();
            }
        }
    }

    /// Each actor's pose at the last frame posed, in scene order.
    pub fn poses(&self) -> impl ExactSizeIterator<Item = &Pose> {
        self.actors.iter().map(|posed| &posed.pose)
    }

    /// The blow-ups of the last frame posed: actor index and message.
    pub fn blow_ups(&self) -> impl Iterator<Item = (usize, &str)> {
        self.actors
            .iter()
            .enumerate()
            .filter_map(|(i, posed)| Some((i, posed.blow_up.as_deref()?)))
    }
}
