//! State kept per actor outside the scene (an actor's physics, its place in a panel), matched
//! to the scene's actors by their ids rather than kept as a list that must stay parallel to
//! `Scene::actors` by hand: [`PerActor::sync`] brings it in line with whatever the scene
//! became (actors added, removed, reordered or given another model), keeping the state of the
//! actors still there.

use crate::stage::actor::Actor;

/// One `T` per actor of a scene, in the scene's order once synced.
#[derive(Debug)]
pub struct PerActor<T> {
    entries: Vec<(u64, T)>,
}

impl<T> Default for PerActor<T> {
    fn default() -> PerActor<T> {
        PerActor {
            entries: Vec::new(),
        }
    }
}

impl<T> PerActor<T> {
    /// Makes the entries those of `actors`, in their order: an actor seen before keeps its
    /// entry, a new one (or one given a new model, which gives it a new id) gets `new`'s,
    /// and entries of actors gone are dropped. Allocates nothing when nothing changed.
    pub fn sync(&mut self, actors: &[Actor], mut new: impl FnMut(&Actor) -> T) {
        let same = self.entries.len() == actors.len()
            && self
                .entries
                .iter()
                .zip(actors)
                .all(|((id, _), a)| *id == a.id);
        if same {
            return;
        }
        let mut old = std::mem::take(&mut self.entries);
        self.entries = actors
            .iter()
            .map(
                |actor| match old.iter().position(|(id, _)| *id == actor.id) {
                    Some(at) => old.swap_remove(at),
                    None => (actor.id, new(actor)),
                },
            )
            .collect();
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of the actor at `index` in the scene as last synced.
    pub fn get(&self, index: usize) -> Option<&T> {
        self.entries.get(index).map(|(_, t)| t)
    }

    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        self.entries.get_mut(index).map(|(_, t)| t)
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = &T> {
        self.entries.iter().map(|(_, t)| t)
    }

    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = &mut T> {
        self.entries.iter_mut().map(|(_, t)| t)
    }

    /// The entries as a slice of (actor id, entry), for parallel work.
    pub(crate) fn entries_mut(&mut self) -> &mut [(u64, T)] {
        &mut self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::bundled;

    #[test]
    fn entries_follow_the_actors_by_id() {
        let model = match bundled::model() {
            Ok(model) => model,
            Err(e) => panic!("the bundled model reads: {e}"),
        };
        let mut actors = vec![Actor::new(model.clone()), Actor::new(model.clone())];
        let mut made = 0;
        let mut per = PerActor::default();
        per.sync(&actors, |a| {
            made += 1;
            a.id
        });
        assert_eq!((made, per.len()), (2, 2));
        // Reordered and one added: the two kept, one made.
        actors.swap(0, 1);
        actors.push(Actor::new(model));
        per.sync(&actors, |a| {
            made += 1;
            a.id
        });
        assert_eq!(made, 3);
        let ids: Vec<u64> = per.iter().copied().collect();
        assert_eq!(ids, actors.iter().map(|a| a.id).collect::<Vec<_>>());
        // One removed: its entry goes, nothing is made.
        actors.remove(1);
        per.sync(&actors, |_| unreachable!("no new actor"));
        let ids: Vec<u64> = per.iter().copied().collect();
        assert_eq!(ids, actors.iter().map(|a| a.id).collect::<Vec<_>>());
    }
}
