//! One model on stage and what moves it: its motion layers, the user's IK overrides and morph
//! pins, whether it is shown, and where it stands.

use std::sync::atomic::{AtomicU64, Ordering};

use glam::{Mat4, Vec3};
use mmd_pose::{IkOverrides, Layer, Layers, MAX_LAYER_WEIGHT};

use crate::project::files::{MotionFile, bind};
use crate::stage::layers::{LayerEdit, LayerSource};
use crate::stage::model::Model;
use crate::stage::outside_parent::OutsideParent;

/// Tells the actors and accessories apart for the window's GPU copies, which outlive moves in
/// the lists.
static NEXT_ACTOR_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh id for an actor or an accessory.
pub(crate) fn next_id() -> u64 {
    NEXT_ACTOR_ID.fetch_add(1, Ordering::Relaxed)
}

/// One model on stage and what moves it: its motion layers, the user's IK overrides and
/// morph pins, and whether it is shown.
#[derive(Clone)]
pub struct Actor {
    /// Unique in this process; a clone keeps it.
    pub id: u64,
    pub model: Model,
    pub ik: IkOverrides,
    /// Per model morph: a weight that replaces the motion's, or `None`.
    pub morph_pins: Vec<Option<f32>>,
    pub visible: bool,
    /// Where it stands in the scene: its model space moved by this much (MMD stands every
    /// model at the origin; dancers side by side are moved apart).
    pub position: Vec3,
    /// Bones hanging from another actor's bones (外部親), with the frames they do.
    pub outside_parents: Vec<OutsideParent>,
    /// Per layer, the files it was made from; parallel to `layers`.
    pub(crate) sources: Vec<LayerSource>,
    /// The layers bound to `model`.
    pub(crate) layers: Layers,
}

impl Actor {
    /// `model` standing at rest, shown, without overrides.
    pub fn new(model: Model) -> Actor {
        Actor {
            id: next_id(),
            ik: IkOverrides::new(&model.rig),
            morph_pins: vec![None; model.rig.morph_count()],
            visible: true,
            position: Vec3::ZERO,
            outside_parents: Vec::new(),
            sources: Vec::new(),
            layers: Layers::default(),
            model,
        }
    }

    /// Replaces the layers with one layer of `motions` (none when empty).
    pub(crate) fn set_motions(&mut self, motions: Vec<MotionFile>) {
        if motions.is_empty() {
            self.clear_layers();
            return;
        }
        let source = LayerSource::new(motions);
        self.layers = [Layer::new(bind(&self.model.rig, &source.files))].into();
        self.sources = vec![source];
    }

    /// Puts `model` in place of the actor's, its layers bound to it again (keeping their
    /// settings) and its overrides and pins cleared; the actor becomes a new one for the GPU.
    pub(crate) fn replace_model(&mut self, model: Model) {
        let (visible, position) = (self.visible, self.position);
        let sources = std::mem::take(&mut self.sources);
        let mut layers = std::mem::take(&mut self.layers);
        *self = Actor {
            visible,
            position,
            ..Actor::new(model)
        };
        for (layer, source) in layers.iter_mut().zip(&sources) {
            layer.motion = bind(&self.model.rig, &source.files);
        }
        self.layers = layers;
        self.sources = sources;
    }

    /// Its model space in the scene.
    pub fn placement(&self) -> Mat4 {
        Mat4::from_translation(self.position)
    }

    /// The last frame of its layers.
    pub fn last_frame(&self) -> f32 {
        self.layers.last_frame()
    }

    /// The first layer taking part (weight above 0) whose files give `part` (its camera or
    /// light motion): the layer's index and that part.
    pub(crate) fn first_layer_with<'a, T>(
        &'a self,
        part: impl Fn(&'a LayerSource) -> Option<&'a T>,
    ) -> Option<(usize, &'a T)> {
        self.layers
            .iter()
            .zip(&self.sources)
            .enumerate()
            .filter(|(_, (layer, _))| layer.effective_weight() > 0.0)
            .find_map(|(index, (_, source))| Some((index, part(source)?)))
    }

    /// The model's motion layers, in order.
    pub fn layers(&self) -> &Layers {
        &self.layers
    }

    /// What each layer was made from, in the layers' order.
    pub fn layer_sources(&self) -> &[LayerSource] {
        &self.sources
    }

    /// Leaves the model without motion.
    pub fn clear_layers(&mut self) {
        self.layers = Layers::default();
        self.sources.clear();
    }

    /// Carries out `edit` on layer `index`; returns whether anything changed.
    pub fn edit_layer(&mut self, index: usize, edit: LayerEdit) -> bool {
        let count = self.layers.len();
        let Some(layer) = self.layers.get_mut(index) else {
            return false;
        };
        let set = |slot: &mut f32, value: f32| {
            value.is_finite() && std::mem::replace(slot, value) != value
        };
        match edit {
            LayerEdit::Weight(w) => set(&mut layer.weight, w.clamp(0.0, MAX_LAYER_WEIGHT)),
            LayerEdit::Offset(frames) => set(&mut layer.offset, frames),
            LayerEdit::Enabled(on) => std::mem::replace(&mut layer.enabled, on) != on,
            LayerEdit::Looping(on) => std::mem::replace(&mut layer.looping, on) != on,
            LayerEdit::Mode(mode) => std::mem::replace(&mut layer.mode, mode) != mode,
            LayerEdit::MoveUp if index > 0 => {
                self.layers.swap(index, index - 1);
                self.sources.swap(index, index - 1);
                true
            }
            LayerEdit::MoveDown if index + 1 < count => {
                self.layers.swap(index, index + 1);
                self.sources.swap(index, index + 1);
                true
            }
            LayerEdit::MoveUp | LayerEdit::MoveDown => false,
            LayerEdit::Remove => {
                self.layers.remove(index);
                self.sources.remove(index);
                true
            }
        }
    }

    /// Makes `file` the first layer's only file, bound again (the layer's weight, offset and
    /// mode kept), or the first layer when there is none: how Pose mode keys into the motion.
    pub fn set_first_layer_motion(&mut self, file: MotionFile) {
        let source = LayerSource::new(vec![file]);
        let bound = bind(&self.model.rig, &source.files);
        match self.layers.first_mut() {
            Some(layer) => {
                layer.motion = bound;
                self.sources[0] = source;
            }
            None => {
                self.layers.push(Layer::new(bound));
                self.sources.push(source);
            }
        }
    }
}
