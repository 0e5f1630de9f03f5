//! The one engine that poses a scene, frame after frame, for every host: the window, `render`,
//! `pose`, `bench` and video export. Per actor it keeps a pose, the model's bodies and a
//! physics bake ([`ActorEngine`]), matched to the scene's actors by id ([`PerActor`]), and
//! poses the actors in parallel when there are several.
//!
//! Physics is off, live (the bodies stepped as the frames move on, see [`live`]) or baked (each
//! model simulated once from frame 0 to the end, then looked up, see [`physics_bake`]). A bake
//! is made at once ([`SceneEngine::bake_now`], for the command line and export) or on a worker
//! thread while the window goes on drawing ([`SceneEngine::start_bakes`]); until a model's
//! bake is ready, Baked shows live physics, which played from frame 0 is the bake itself.
//!
//! Physics follows motion time, never calls: live physics holds its bodies when asked for the
//! same frame again, so however often a frame is posed the bodies step once per move of the
//! timeline. What restarts or re-bakes the simulation is said at [`PhysicsChange`].
//!
//! Beside the engine: [`frame`] (the scene evaluated at a frame, what every host draws),
//! [`accessory_placements`] (where the accessories are drawn, frame after frame),
//! [`per_actor`] (state kept per actor, matched to the scene by id), [`pose_edit`] (Pose
//! mode's whole-body editing) and [`flatten`] (layers written as one VMD).

pub mod accessory_placements;
mod bake_worker;
mod baked_ancestors;
pub mod flatten;
pub mod frame;
pub mod live;
pub mod per_actor;
pub mod physics_bake;
pub mod pose_edit;
mod pose_input;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

use glam::Mat4;
use mmd_physics::{PhysicsOptions, SubstepRate};
use mmd_pose::Pose;
use rayon::prelude::*;

use crate::engine::per_actor::PerActor;
use crate::stage::actor::Actor;
use crate::stage::gravity::GravityMotion;
use crate::stage::scene::Scene;
pub use bake_worker::{BakeInputs, BakeWorker};
pub use baked_ancestors::{AncestorsBaked, BakedAncestors};
pub use live::{LivePhysics, MAX_CATCH_UP, MAX_LIVE_STEP, WARM_UP_SECONDS};
pub use physics_bake::{BakeProgress, MAX_BAKE_FRAMES, PhysicsBake};
pub use pose_input::PoseInput;

/// How the engine treats rigid bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PhysicsMode {
    /// Bodies hold their bones' animated pose.
    #[default]
    Off,
    /// Simulated as the timeline moves.
    Live,
    /// Simulated once from frame 0 to the end; every frame is then looked up.
    Baked,
}

impl FromStr for PhysicsMode {
    type Err = String;

    /// `off`, `live` or `baked`, in any case.
    fn from_str(text: &str) -> Result<PhysicsMode, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" => Ok(PhysicsMode::Off),
            "live" => Ok(PhysicsMode::Live),
            "baked" => Ok(PhysicsMode::Baked),
            _ => Err(format!("{text:?} is not off, live or baked")),
        }
    }
}

/// How live physics reaches a frame later than the last one posed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveStepping {
    /// As a display shows playback: a small move steps once, a short skip catches up frame by
    /// frame, anything else starts again from the new frame (see [`live`]).
    Display,
    /// As a render or an export plays every frame in order: every whole frame in between is
    /// simulated, however far.
    EveryFrame,
}

/// What changed, for the physics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhysicsChange {
    /// The model or the rate: the bodies are rebuilt and the bake is redone.
    Bodies,
    /// The motions: the bodies' history belongs to another motion, so live physics starts
    /// again from the current frame, and the bake is redone.
    Motion,
    /// An IK override, a morph pin or a layer's weight. The bake is redone; live physics
    /// carries on from where the bodies are, as MMD does while a pose is edited: restarting
    /// on every click (or every step of a dragged slider) would make hair and skirts jump
    /// back to their warm-up.
    Overrides,
    /// The user asked: live physics starts again from the current frame; in Baked mode the
    /// bake is redone.
    Reset,
}

/// Why the physics could not be made ready.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("{model}: physics: {message}")]
    Physics {
        /// The actor's index in the scene.
        actor: usize,
        model: String,
        message: String,
    },
    #[error("{frames} frames are too many to bake (at most {MAX_BAKE_FRAMES}); use live physics")]
    TooLong { actor: usize, frames: f32 },
    #[error("cannot start the physics bake: {message}")]
    Worker { actor: usize, message: String },
    #[error("the physics bake stopped")]
    Stopped,
}

/// A bake made on a worker that came in: its actor and what it found, or why it failed.
pub struct BakeOutcome {
    pub actor: usize,
    pub result: Result<Arc<PhysicsBake>, String>,
}

/// One actor's part of the engine: its pose of the last frame posed, its bodies, its bake.
pub struct ActorEngine {
    pose: Pose,
    /// The model's bodies at the chosen rate: built when a simulating mode is made ready,
    /// dropped when the model or the rate changes.
    live: Option<LivePhysics>,
    /// A bake of the model, motions, overrides and pins at the rate; dropped when any of
    /// them changes. Shared with exports, which read it as it is.
    bake: Option<Arc<PhysicsBake>>,
    /// The bake being simulated on a worker.
    baking: Option<BakeWorker>,
    /// The blow-up of live physics at the last frame posed.
    blow_up: Option<String>,
    /// Whether the actor hangs from another (外部親): its bake then depends on theirs.
    hung: bool,
    /// Seconds the last pose took, and the part live physics took of it.
    evaluate_seconds: f32,
    physics_seconds: f32,
}

impl ActorEngine {
    fn new(actor: &Actor) -> ActorEngine {
        ActorEngine {
            pose: Pose::new(&actor.model.rig),
            live: None,
            bake: None,
            baking: None,
            blow_up: None,
            hung: !actor.outside_parents.is_empty(),
            evaluate_seconds: 0.0,
            physics_seconds: 0.0,
        }
    }

    /// The pose of the last frame posed.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// Poses `actor` at `frame` as `mode` says: the bake when there is one (Baked), live
    /// bodies when they exist (Live, and Baked while the bake is made), else the animation.
    /// `timed` measures how long it took (only a host that shows the time asks for it: the
    /// command line and exports have no use for two clock reads per model and frame).
    /// `outside` are its bones' outside parents at `frame` (see [`Pose::set_outside_parents`]).
    fn pose_at(&mut self, actor: &Actor, how: How<'_>, frame: f32, outside: &[(usize, Mat4)]) {
        let How {
            mode,
            stepping,
            timed,
            gravity,
        } = how;
        self.pose.set_outside_parents(&actor.model.rig, outside);
        let start = timed.then(Instant::now);
        let input = PoseInput::of(actor).with_gravity(gravity);
        self.physics_seconds = 0.0;
        self.blow_up = None;
        match (mode, &self.bake, self.live.as_mut()) {
            (PhysicsMode::Baked, Some(bake), _) => bake.evaluate(input, frame, &mut self.pose),
            (PhysicsMode::Live | PhysicsMode::Baked, _, Some(live)) => {
                match stepping {
                    LiveStepping::Display => live.evaluate(input, frame, &mut self.pose),
                    LiveStepping::EveryFrame => live.play_to(input, frame, &mut self.pose),
                }
                self.physics_seconds = live.step_seconds();
                self.blow_up = live.take_blow_up();
            }
            _ => input.evaluate(frame, &mut self.pose),
        }
        self.evaluate_seconds = start.map_or(0.0, |start| start.elapsed().as_secs_f32());
    }
}

/// How every actor is posed this frame: the physics mode, how live physics reaches the frame,
/// whether the pose is timed, and the scene's gravity keys.
#[derive(Clone, Copy)]
struct How<'a> {
    mode: PhysicsMode,
    stepping: LiveStepping,
    timed: bool,
    gravity: Option<&'a GravityMotion>,
}

/// A scene's engine: the physics mode and rate for every model, and each actor's part.
pub struct SceneEngine {
    mode: PhysicsMode,
    rate: SubstepRate,
    stepping: LiveStepping,
    /// Whether each pose is timed ([`SceneEngine::micros`]).
    timed: bool,
    actors: PerActor<ActorEngine>,
    /// The scene's gravity keys; `None`: MMD's default gravity throughout.
    gravity: Option<Arc<GravityMotion>>,
    /// Kept between frames so that posing with outside parents allocates nothing: which
    /// actors are posed this frame, and one actor's outside parents' matrices.
    posed: Vec<bool>,
    outside: Vec<(usize, Mat4)>,
}

impl SceneEngine {
    /// An engine posing with `mode` at `rate`, live physics reaching frames as `stepping`
    /// says. Nothing is simulated until [`SceneEngine::prepare`] (or a bake) builds the
    /// bodies.
    pub fn new(mode: PhysicsMode, rate: SubstepRate, stepping: LiveStepping) -> SceneEngine {
        SceneEngine {
            mode,
            rate,
            stepping,
            timed: false,
            actors: PerActor::default(),
            gravity: None,
            posed: Vec::new(),
            outside: Vec::new(),
        }
    }

    /// An engine ready to pose `scene`'s frames in order up to `last`, as `render`, `pose`
    /// and exports do: live physics plays every whole frame in between; in Baked mode the
    /// bakes not given in `bakes` (in scene order) are made now, over the scene's frames or up
    /// to `last` when that is later, reporting to `progress`.
    pub fn for_frames(
        scene: &Scene,
        (mode, rate): (PhysicsMode, SubstepRate),
        bakes: Vec<Option<Arc<PhysicsBake>>>,
        last: f32,
        progress: BakeProgress<'_>,
    ) -> Result<SceneEngine, EngineError> {
        let mut engine = SceneEngine::new(mode, rate, LiveStepping::EveryFrame);
        engine.set_gravity(scene.gravity.as_ref());
        match mode {
            PhysicsMode::Off => engine.sync(&scene.actors),
            PhysicsMode::Live => engine.prepare(&scene.actors)?,
            PhysicsMode::Baked => {
                engine.use_bakes(&scene.actors, bakes);
                engine.bake_now(&scene.actors, scene.last_frame().max(last), progress)?;
            }
        }
        Ok(engine)
    }

    /// Times every pose from now on, for [`SceneEngine::micros`] (a window's status line).
    pub fn time_poses(&mut self) {
        self.timed = true;
    }

    pub fn mode(&self) -> PhysicsMode {
        self.mode
    }

    pub fn rate(&self) -> SubstepRate {
        self.rate
    }

    /// The physics options every model's bodies are built with.
    pub fn options(&self) -> PhysicsOptions {
        PhysicsOptions {
            rate: self.rate,
            ..PhysicsOptions::default()
        }
    }

    /// Brings the per-actor parts in line with `actors` (see [`PerActor::sync`]).
    pub fn sync(&mut self, actors: &[Actor]) {
        self.actors.sync(actors, ActorEngine::new);
        for (part, actor) in self.actors.iter_mut().zip(actors) {
            part.hung = !actor.outside_parents.is_empty();
        }
    }

    /// A new mode. The bodies stand where the last simulated frame left them, which is not
    /// the next frame's history, so live physics starts again; bakes are kept for coming
    /// back. Off cancels the bakes being made.
    pub fn set_mode(&mut self, mode: PhysicsMode) {
        if mode == self.mode {
            return;
        }
        self.mode = mode;
        for part in self.actors.iter_mut() {
            if let Some(live) = part.live.as_mut() {
                live.restart();
            }
            if mode == PhysicsMode::Off {
                part.baking = None;
            }
        }
    }

    /// A new substep rate: every model's bodies are rebuilt and its bake redone.
    pub fn set_rate(&mut self, rate: SubstepRate) {
        if rate != self.rate {
            self.rate = rate;
            self.changed(PhysicsChange::Bodies, None);
        }
    }

    /// Brings the simulation of actor `only` (every actor when `None`) in line with `change`
    /// (see [`PhysicsChange`]). What the mode then lacks is built by the next
    /// [`SceneEngine::prepare`] or [`SceneEngine::start_bakes`].
    /// A bake of an actor hung from others (外部親) is redone whenever any bake is.
    pub fn changed(&mut self, change: PhysicsChange, only: Option<usize>) {
        let mode = self.mode;
        let mut rebaked = false;
        for (index, part) in self.actors.iter_mut().enumerate() {
            if only.is_some_and(|i| i != index) {
                continue;
            }
            match change {
                PhysicsChange::Bodies => part.live = None,
                PhysicsChange::Motion | PhysicsChange::Reset => {
                    if let Some(live) = part.live.as_mut() {
                        live.restart();
                    }
                }
                PhysicsChange::Overrides => {}
            }
            // A reset in Live mode leaves a bake of the same inputs standing.
            if change != PhysicsChange::Reset || mode == PhysicsMode::Baked {
                part.bake = None;
                part.baking = None;
                rebaked = true;
            }
        }
        if rebaked {
            for part in self.actors.iter_mut().filter(|p| p.hung) {
                part.bake = None;
                part.baking = None;
            }
        }
    }

    /// The scene's gravity keys (`None`: MMD's default gravity). New keys redo the bakes and
    /// start live physics again, as new motions do.
    pub fn set_gravity(&mut self, gravity: Option<&GravityMotion>) {
        if self.gravity.as_deref() == gravity {
            return;
        }
        self.gravity = gravity.cloned().map(Arc::new);
        // The bodies were built with the old gravity, which a reset would keep.
        self.changed(PhysicsChange::Bodies, None);
    }

    /// Live physics starts again from the next frame posed.
    pub fn restart(&mut self) {
        for part in self.actors.iter_mut() {
            if let Some(live) = part.live.as_mut() {
                live.restart();
            }
        }
    }

    /// Builds the bodies of every model that lacks them, when the mode simulates.
    pub fn prepare(&mut self, actors: &[Actor]) -> Result<(), EngineError> {
        self.sync(actors);
        if self.mode == PhysicsMode::Off {
            return Ok(());
        }
        let options = self.options();
        for (index, (part, actor)) in self.actors.iter_mut().zip(actors).enumerate() {
            if part.live.is_none() {
                part.live = Some(bodies(index, actor, &options)?);
            }
        }
        Ok(())
    }

    /// Makes every bake still missing now, one model after another, over frames `0..=last`
    /// (`last` rounded up), reporting `progress(done, total)` over all of them; returning
    /// false from it stops (an [`EngineError::Stopped`]).
    pub fn bake_now(
        &mut self,
        actors: &[Actor],
        last: f32,
        progress: BakeProgress<'_>,
    ) -> Result<(), EngineError> {
        self.sync(actors);
        let last = last.max(0.0).ceil();
        let missing = self.actors.iter().filter(|p| p.bake.is_none()).count() as u32;
        if missing == 0 {
            return Ok(());
        }
        if last >= MAX_BAKE_FRAMES as f32 {
            let actor = self.actors.iter().position(|p| p.bake.is_none());
            return Err(EngineError::TooLong {
                actor: actor.unwrap_or(0),
                frames: last,
            });
        }
        let last = last as u32;
        let frames = last.saturating_add(1);
        let total = frames.saturating_mul(missing);
        let options = self.options();
        let mut done = 0;
        // An actor hung from another is baked once that one is: passes until none is left.
        loop {
            let mut baked_any = false;
            for index in 0..actors.len().min(self.actors.len()) {
                if self.actors.get(index).is_none_or(|p| p.bake.is_some()) {
                    continue;
                }
                let actor = &actors[index];
                let mut ancestors =
                    match BakedAncestors::of(actors, &self.bakes(), index, self.gravity.clone()) {
                        AncestorsBaked::Waiting(_) => continue,
                        AncestorsBaked::None => None,
                        AncestorsBaked::Ready(ancestors) => Some(ancestors),
                    };
                let mut live = bodies(index, actor, &options)?;
                let mut report = |d: u32, _: u32| progress(done + d, total);
                let input = PoseInput::of(actor).with_gravity(self.gravity.as_deref());
                let bake =
                    PhysicsBake::bake(input, &mut live, last, ancestors.as_mut(), &mut report)
                        .ok_or(EngineError::Stopped)?;
                done += frames;
                for (frame, message) in &bake.blow_ups {
                    log::warn!("{}: frame {frame}: {message}", actor.model.label);
                }
                if let Some(part) = self.actors.get_mut(index) {
                    part.bake = Some(Arc::new(bake));
                }
                baked_any = true;
            }
            if !baked_any {
                return Ok(());
            }
        }
    }

    /// In Baked mode, starts baking on a worker, over frames `0..=last` (rounded up), every
    /// model that has neither a bake nor a bake being made; from copies of its inputs, so the
    /// scene can change meanwhile (a change cancels the worker, see
    /// [`SceneEngine::changed`]). The problems of the models that could not start.
    pub fn start_bakes(&mut self, actors: &[Actor], last: f32) -> Vec<EngineError> {
        self.sync(actors);
        let mut problems = Vec::new();
        if self.mode != PhysicsMode::Baked {
            return problems;
        }
        let last = last.max(0.0).ceil();
        let options = self.options();
        let bakes = self.bakes();
        for (index, (part, actor)) in self.actors.iter_mut().zip(actors).enumerate() {
            if part.bake.is_some() || part.baking.is_some() {
                continue;
            }
            if last >= MAX_BAKE_FRAMES as f32 {
                problems.push(EngineError::TooLong {
                    actor: index,
                    frames: last,
                });
                continue;
            }
            let ancestors = match BakedAncestors::of(actors, &bakes, index, self.gravity.clone()) {
                // Started once the bake it waits for comes in.
                AncestorsBaked::Waiting(_) => continue,
                AncestorsBaked::None => None,
                AncestorsBaked::Ready(ancestors) => Some(ancestors),
            };
            let bodies = match bodies(index, actor, &options) {
                Ok(bodies) => bodies,
                Err(e) => {
                    problems.push(e);
                    continue;
                }
            };
            let inputs = BakeInputs::of(actor, self.gravity.clone(), ancestors);
            match BakeWorker::start(inputs, bodies, last as u32) {
                Ok(worker) => part.baking = Some(worker),
                Err(e) => problems.push(EngineError::Worker {
                    actor: index,
                    message: e.to_string(),
                }),
            }
        }
        problems
    }

    /// Takes finished bakes in, without waiting for running ones: the outcomes, by actor.
    pub fn poll_bakes(&mut self) -> Vec<BakeOutcome> {
        let mut outcomes = Vec::new();
        for (index, part) in self.actors.iter_mut().enumerate() {
            let Some(result) = part.baking.as_mut().and_then(BakeWorker::poll) else {
                continue;
            };
            part.baking = None;
            let result = result.map(Arc::new);
            if let Ok(bake) = &result {
                part.bake = Some(bake.clone());
            }
            outcomes.push(BakeOutcome {
                actor: index,
                result,
            });
        }
        outcomes
    }

    /// Each actor's bake, in scene order (`None` where there is none yet): what an export
    /// shares instead of baking again.
    pub fn bakes(&self) -> Vec<Option<Arc<PhysicsBake>>> {
        self.actors.iter().map(|p| p.bake.clone()).collect()
    }

    /// Gives the actors bakes already made (an export's copy of the window's), in scene
    /// order; `None` leaves an actor's own.
    pub fn use_bakes(&mut self, actors: &[Actor], bakes: Vec<Option<Arc<PhysicsBake>>>) {
        self.sync(actors);
        for (part, bake) in self.actors.iter_mut().zip(bakes) {
            if bake.is_some() {
                part.bake = bake;
            }
        }
    }

    /// Frames simulated and frames to simulate, over every model, while bakes are made on
    /// workers.
    pub fn bake_progress(&self) -> Option<(u32, u32)> {
        self.actors
            .iter()
            .filter_map(|p| p.baking.as_ref().map(BakeWorker::progress))
            .reduce(|(d1, t1), (d2, t2)| (d1 + d2, t1 + t2))
    }

    /// Whether every model has a bake of its current inputs.
    pub fn all_baked(&self) -> bool {
        !self.actors.is_empty() && self.actors.iter().all(|p| p.bake.is_some())
    }

    /// Poses every actor at `frame`, the actors in parallel when there are several (one
    /// after another, each after the actors its outside parents hang from, when any actor
    /// has outside parents).
    pub fn pose(&mut self, actors: &[Actor], frame: f32) {
        self.sync(actors);
        if actors.iter().any(|a| !a.outside_parents.is_empty()) {
            self.pose_in_parent_order(actors, frame);
            return;
        }
        let how = How {
            mode: self.mode,
            stepping: self.stepping,
            timed: self.timed,
            gravity: self.gravity.as_deref(),
        };
        let parts = self.actors.entries_mut();
        if actors.len() > 1 {
            parts
                .par_iter_mut()
                .zip(actors.par_iter())
                .for_each(|((_, part), actor)| part.pose_at(actor, how, frame, &[]));
        } else {
            for ((_, part), actor) in parts.iter_mut().zip(actors) {
                part.pose_at(actor, how, frame, &[]);
            }
        }
    }

    /// Poses each actor once the actors its outside parents hang from at `frame` are posed,
    /// handing it their bones' matrices in its own space. An outside parent on itself, on an
    /// actor not in the scene or in a cycle is left out (the bone keeps its own parent).
    fn pose_in_parent_order(&mut self, actors: &[Actor], frame: f32) {
        let how = How {
            mode: self.mode,
            stepping: self.stepping,
            timed: self.timed,
            gravity: self.gravity.as_deref(),
        };
        self.posed.clear();
        self.posed.resize(actors.len(), false);
        // Each sweep poses every actor whose parents are posed; a sweep that poses none
        // means a cycle, and the rest are posed with the parents they can have.
        let mut cycle = false;
        while self.posed.iter().any(|p| !p) {
            let mut progress = false;
            for (index, actor) in actors.iter().enumerate() {
                if self.posed[index] {
                    continue;
                }
                self.outside.clear();
                let mut waiting = false;
                for parent in &actor.outside_parents {
                    let Some(target) = parent.at(frame) else {
                        continue;
                    };
                    let Some(other) = actors.iter().position(|a| a.id == target.actor) else {
                        continue;
                    };
                    if other == index {
                        continue;
                    }
                    if !self.posed[other] {
                        waiting = !cycle;
                        continue;
                    }
                    let global = self
                        .actors
                        .get(other)
                        .and_then(|p| p.pose.globals.get(target.bone).copied());
                    if let Some(global) = global {
                        let matrix =
                            actor.placement().inverse() * actors[other].placement() * global;
                        self.outside.push((parent.bone, matrix));
                    }
                }
                if waiting {
                    continue;
                }
                if let Some(part) = self.actors.get_mut(index) {
                    part.pose_at(actor, how, frame, &self.outside);
                }
                self.posed[index] = true;
                progress = true;
            }
            cycle = !progress;
        }
    }

    /// Each actor's part, in scene order as last synced.
    pub fn actors(&self) -> impl ExactSizeIterator<Item = &ActorEngine> {
        self.actors.iter()
    }

    /// Each actor's pose at the last frame posed, in scene order.
    pub fn poses(&self) -> impl ExactSizeIterator<Item = &Pose> {
        self.actors.iter().map(ActorEngine::pose)
    }

    /// Actor `index`'s pose at the last frame posed.
    pub fn pose_of(&self, index: usize) -> Option<&Pose> {
        self.actors.get(index).map(ActorEngine::pose)
    }

    /// The blow-ups of live physics at the last frame posed: actor index and message.
    pub fn blow_ups(&self) -> impl Iterator<Item = (usize, &str)> {
        self.actors
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((i, p.blow_up.as_deref()?)))
    }

    /// Microseconds the last [`SceneEngine::pose`] took to pose the models, physics left out,
    /// and to simulate live physics, each summed over the models; the first is 0 unless
    /// [`SceneEngine::time_poses`] was asked.
    pub fn micros(&self) -> (f32, f32) {
        self.actors.iter().fold((0.0, 0.0), |(pose, physics), p| {
            (
                pose + (p.evaluate_seconds - p.physics_seconds) * 1.0e6,
                physics + p.physics_seconds * 1.0e6,
            )
        })
    }
}

/// Actor `index`'s bodies with `options`.
fn bodies(
    index: usize,
    actor: &Actor,
    options: &PhysicsOptions,
) -> Result<LivePhysics, EngineError> {
    let model = &actor.model;
    LivePhysics::new(&model.pmx, options).map_err(|e| EngineError::Physics {
        actor: index,
        model: model.label.clone(),
        message: e.to_string(),
    })
}
