//! What a physics bake of an actor hung from other actors (外部親) needs: those actors (its
//! outside parents, and theirs in turn), each with its own bake, posed frame after frame, so
//! that the bodies are simulated where the bones hang, as live playback places them.
//!
//! A bake is made of one actor at a time, possibly on a worker; its outside parents must then
//! be baked before it ([`AncestorsBaked::Waiting`]), and its copy of them lives with the bake.

use std::sync::Arc;

use glam::Mat4;
use mmd_pose::Pose;

use super::{PhysicsBake, PoseInput};
use crate::stage::actor::Actor;
use crate::stage::gravity::GravityMotion;

/// Whether an actor's bake can start: what its outside parents give it, or which actor it
/// waits for.
pub enum AncestorsBaked {
    /// It hangs from no other actor.
    None,
    /// Every actor it hangs from is baked.
    Ready(BakedAncestors),
    /// The actor at this place in the scene, which it hangs from, has no bake yet.
    Waiting(usize),
}

/// Copies of the actors an actor hangs from (directly or through others), each after those it
/// hangs from itself, with their bakes; and the actor's own outside parents.
pub struct BakedAncestors {
    /// The ancestors, parents before children, then the actor itself (whose bake is not
    /// used).
    actors: Vec<Actor>,
    bakes: Vec<Option<Arc<PhysicsBake>>>,
    gravity: Option<Arc<GravityMotion>>,
    poses: Vec<Pose>,
    /// The actor's outside parents at the last frame asked.
    outside: Vec<(usize, Mat4)>,
}

impl BakedAncestors {
    /// What the bake of the actor at `index` in `actors` needs (`bakes`: each actor's, in
    /// scene order). An actor in a cycle of outside parents is baked without them (each
    /// would wait for the other).
    pub fn of(
        actors: &[Actor],
        bakes: &[Option<Arc<PhysicsBake>>],
        index: usize,
        gravity: Option<Arc<GravityMotion>>,
    ) -> AncestorsBaked {
        if actors
            .get(index)
            .is_none_or(|a| a.outside_parents.is_empty())
        {
            return AncestorsBaked::None;
        }
        let mut order = Vec::new();
        let mut visiting = Vec::new();
        parents_first(actors, index, &mut visiting, &mut order);
        let ancestors = &order[..order.len() - 1];
        if ancestors
            .iter()
            .any(|&a| hangs_from(actors, a, index, &mut Vec::new()))
        {
            return AncestorsBaked::None;
        }
        if let Some(&waiting) = ancestors
            .iter()
            .find(|&&a| bakes.get(a).is_none_or(Option::is_none))
        {
            return AncestorsBaked::Waiting(waiting);
        }
        AncestorsBaked::Ready(BakedAncestors {
            actors: order.iter().map(|&a| actors[a].clone()).collect(),
            bakes: order
                .iter()
                .map(|&a| bakes.get(a).cloned().flatten())
                .collect(),
            gravity,
            poses: order
                .iter()
                .map(|&a| Pose::new(&actors[a].model.rig))
                .collect(),
            outside: Vec::new(),
        })
    }

    /// The actor's outside parents at `frame`: each bone hung from another actor, with that
    /// actor's bone (posed with its bake) in the actor's own space.
    pub fn at(&mut self, frame: f32) -> &[(usize, Mat4)] {
        let last = self.actors.len() - 1;
        for k in 0..last {
            outside_of(&self.actors, &self.poses, k, frame, &mut self.outside);
            let (actor, pose) = (&self.actors[k], &mut self.poses[k]);
            pose.set_outside_parents(&actor.model.rig, &self.outside);
            let input = PoseInput::of(actor).with_gravity(self.gravity.as_deref());
            if let Some(bake) = &self.bakes[k] {
                bake.evaluate(input, frame, pose);
            }
        }
        outside_of(&self.actors, &self.poses, last, frame, &mut self.outside);
        &self.outside
    }
}

/// Adds `index` to `order` after every actor it hangs from (at any frame), depth first;
/// `visiting` holds the actors on the path, so an edge back to one of them (a cycle) is
/// left out.
fn parents_first(
    actors: &[Actor],
    index: usize,
    visiting: &mut Vec<usize>,
    order: &mut Vec<usize>,
) {
    if order.contains(&index) || visiting.contains(&index) {
        return;
    }
    visiting.push(index);
    for parent in &actors[index].outside_parents {
        for key in &parent.keys {
            let Some(target) = key.target else { continue };
            if let Some(other) = actors.iter().position(|a| a.id == target.actor) {
                parents_first(actors, other, visiting, order);
            }
        }
    }
    visiting.pop();
    order.push(index);
}

/// Whether `actors[from]` hangs from `actors[to]` (at any frame), directly or through others;
/// `seen` holds the actors already looked at.
fn hangs_from(actors: &[Actor], from: usize, to: usize, seen: &mut Vec<usize>) -> bool {
    if seen.contains(&from) {
        return false;
    }
    seen.push(from);
    actors[from].outside_parents.iter().any(|parent| {
        parent.keys.iter().any(|key| {
            key.target
                .and_then(|t| actors.iter().position(|a| a.id == t.actor))
                .is_some_and(|other| other == to || hangs_from(actors, other, to, seen))
        })
    })
}

/// The outside parents of `actors[k]` at `frame` into `out`, from the poses of the actors
/// before it (an actor not among them, or after it, is left out).
fn outside_of(
    actors: &[Actor],
    poses: &[Pose],
    k: usize,
    frame: f32,
    out: &mut Vec<(usize, Mat4)>,
) {
    out.clear();
    let actor = &actors[k];
    for parent in &actor.outside_parents {
        let Some(target) = parent.at(frame) else {
            continue;
        };
        let Some(other) = actors[..k].iter().position(|a| a.id == target.actor) else {
            continue;
        };
        if let Some(&global) = poses[other].globals.get(target.bone) {
            out.push((parent.bone, outside_matrix(actor, &actors[other], global)));
        }
    }
}

/// The matrix of `parent`'s bone at `global` (in `parent`'s model space) in `actor`'s space.
pub(crate) fn outside_matrix(actor: &Actor, parent: &Actor, global: Mat4) -> Mat4 {
    actor.placement().inverse() * parent.placement() * global
}
