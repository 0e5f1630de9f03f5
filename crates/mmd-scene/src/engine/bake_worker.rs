//! A physics bake on a worker thread of its own, so that the window keeps drawing (and the user
//! keeps scrubbing) while every frame of the motion is simulated. The thread works on its own
//! copies of the rig, the motion layers and the overrides, so the player can change them at once;
//! a change only cancels the job, which stops at its next frame.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;

use mmd_pose::{IkOverrides, Layers, Rig};

use super::{BakedAncestors, LivePhysics, PhysicsBake, PoseInput};
use crate::stage::actor::Actor;
use crate::stage::gravity::GravityMotion;

/// What a bake is simulated from: owned copies of an actor's inputs at the time it began.
pub struct BakeInputs {
    pub rig: Rig,
    pub layers: Layers,
    pub overrides: IkOverrides,
    pub morph_pins: Vec<Option<f32>>,
    pub gravity: Option<Arc<GravityMotion>>,
    /// The actors it hangs from, baked (see [`BakedAncestors`]).
    pub ancestors: Option<BakedAncestors>,
}

impl BakeInputs {
    /// Copies of `actor`'s rig, layers, IK overrides and morph pins, with the scene's
    /// `gravity` keys and the `ancestors` it hangs from.
    pub fn of(
        actor: &Actor,
        gravity: Option<Arc<GravityMotion>>,
        ancestors: Option<BakedAncestors>,
    ) -> BakeInputs {
        BakeInputs {
            rig: actor.model.rig.clone(),
            layers: actor.layers().clone(),
            overrides: actor.ik.clone(),
            morph_pins: actor.morph_pins.clone(),
            gravity,
            ancestors,
        }
    }
}

/// A running bake. Dropping it cancels the simulation without waiting for the thread.
pub struct BakeWorker {
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicU32>,
    total: u32,
    thread: Option<JoinHandle<Option<PhysicsBake>>>,
}

impl BakeWorker {
    /// Simulates frames `0..=last_frame` of `inputs` with `physics` (the model's bodies,
    /// owned by the thread from now on).
    pub fn start(
        mut inputs: BakeInputs,
        mut physics: LivePhysics,
        last_frame: u32,
    ) -> std::io::Result<BakeWorker> {
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicU32::new(0));
        let (thread_cancel, thread_done) = (cancel.clone(), done.clone());
        let thread = std::thread::Builder::new()
            .name("physics bake".to_owned())
            .spawn(move || {
                let input = PoseInput {
                    rig: &inputs.rig,
                    layers: &inputs.layers,
                    overrides: &inputs.overrides,
                    morph_pins: &inputs.morph_pins,
                    gravity: inputs.gravity.as_deref(),
                };
                let mut progress = |frames: u32, _total: u32| {
                    thread_done.store(frames, Ordering::Relaxed);
                    !thread_cancel.load(Ordering::Relaxed)
                };
                let ancestors = inputs.ancestors.as_mut();
                PhysicsBake::bake(input, &mut physics, last_frame, ancestors, &mut progress)
            })?;
        Ok(BakeWorker {
            cancel,
            done,
            total: last_frame.saturating_add(1),
            thread: Some(thread),
        })
    }

    /// Frames simulated so far, and the frames to simulate.
    pub fn progress(&self) -> (u32, u32) {
        (self.done.load(Ordering::Relaxed), self.total)
    }

    /// The bake once the thread has finished (without blocking before that): the bake, or
    /// why there is none.
    pub fn poll(&mut self) -> Option<Result<PhysicsBake, String>> {
        if !self.thread.as_ref()?.is_finished() {
            return None;
        }
        let thread = self.thread.take()?;
        Some(match thread.join() {
            Ok(Some(bake)) => Ok(bake),
            Ok(None) => Err("the physics bake stopped".to_owned()),
            Err(_) => Err("the physics bake failed (its thread panicked)".to_owned()),
        })
    }
}

impl Drop for BakeWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
