//! Motion layers: several motions on one model, blended by weight in log-quaternion space
//! (seed 003, after Grassia 1998). The rule is on [`Layers`].

use glam::{DVec3, Quat, Vec3A};

use crate::expmap;
use crate::motion::Motion;

/// The largest weight a layer takes: weights are clamped into `[0, MAX_LAYER_WEIGHT]`.
/// Weights only weigh layers against each other once they sum above 1.
pub const MAX_LAYER_WEIGHT: f32 = 2.0;

/// How a layer combines with the layers before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LayerMode {
    /// Blended by weight with every other layer animating the same bone or morph.
    #[default]
    Blend,
    /// Drops what the layers before it give for every bone and morph it keys, then blends
    /// with the layers after it.
    Replace,
}

/// One motion on a model with its blend settings.
#[derive(Debug, Clone)]
pub struct Layer {
    pub motion: Motion,
    /// Clamped into `[0, MAX_LAYER_WEIGHT]` when sampled; not finite counts as 0.
    pub weight: f32,
    pub enabled: bool,
    /// The timeline frame at which the layer's frame 0 plays.
    pub offset: f32,
    /// Repeat the layer's frames `[0, last key frame)` for ever, before and after.
    pub looping: bool,
    pub mode: LayerMode,
}

impl Layer {
    /// `motion` at weight 1, enabled, no offset, not looping, blending.
    pub fn new(motion: Motion) -> Layer {
        Layer {
            motion,
            weight: 1.0,
            enabled: true,
            offset: 0.0,
            looping: false,
            mode: LayerMode::Blend,
        }
    }

    /// The layer's own frame at timeline frame `frame`.
    #[inline]
    pub fn local_frame(&self, frame: f32) -> f32 {
        let offset = if self.offset.is_finite() {
            self.offset
        } else {
            0.0
        };
        let local = frame - offset;
        let period = self.motion.last_frame();
        if self.looping && period > 0.0 {
            local.rem_euclid(period)
        } else {
            local
        }
    }

    /// The weight the layer takes part with: 0 when it is disabled.
    #[inline]
    pub fn effective_weight(&self) -> f32 {
        if self.enabled && self.weight.is_finite() {
            self.weight.clamp(0.0, MAX_LAYER_WEIGHT)
        } else {
            0.0
        }
    }

    /// The last timeline frame the layer has a key at.
    fn end_frame(&self) -> f32 {
        let offset = if self.offset.is_finite() {
            self.offset
        } else {
            0.0
        };
        self.motion.last_frame() + offset
    }
}

/// How many layers take part in one bone's or morph's blend and their total weight. The
/// first sample is kept aside until a second arrives, so that one layer at weight ≥ 1 is
/// returned untouched (and its logarithm never computed).
#[derive(Clone, Copy)]
struct Blend<T: Copy> {
    first: Option<(T, f32)>,
    count: u32,
    total: f32,
}

impl<T: Copy> Blend<T> {
    const EMPTY: Blend<T> = Blend {
        first: None,
        count: 0,
        total: 0.0,
    };
}

/// A layer's sample of a bone: translation, rotation.
type BoneSample = (Vec3A, Quat);

/// The sum of `w·t` and `w·log q`.
#[derive(Clone, Copy)]
struct BoneSum {
    translation: Vec3A,
    log: DVec3,
}

impl BoneSum {
    const ZERO: BoneSum = BoneSum {
        translation: Vec3A::ZERO,
        log: DVec3::ZERO,
    };

    #[inline]
    fn add(&mut self, (t, q): BoneSample, w: f32) {
        self.translation += t * w;
        self.log += expmap::log(q) * f64::from(w);
    }
}

/// A model's motion: an ordered list of [`Layer`]s, blended by weight in log-quaternion
/// space (seed 003, after Grassia 1998) or replacing what the layers before them give. A layer is one [`Motion`] (one or more
/// VMDs merged, or a VPD pose) with a weight, an enabled flag, a frame offset, a loop flag and
/// a [`LayerMode`]. A layer *takes part* when it is enabled and its weight is above 0; a layer
/// that does not take part changes nothing at all. At timeline frame F a layer shows its own
/// frame `F - offset`, wrapped into `[0, last key frame)` when it loops.
///
/// Per bone, in the bone's local space, only the layers taking part that have keys for the
/// bone count; of those, a [`LayerMode::Replace`] layer drops every earlier one (the later
/// layer's keys win the bone, whole; inside one layer several VMDs still merge key by key, a
/// later file's key replacing an earlier one on the same frame). With weights wᵢ, normalised
/// to wᵢ / Σw when they sum above 1:
///
/// - rotation `exp(Σ wᵢ·log qᵢ)`, each qᵢ taken in the identity's hemisphere ([`expmap`]):
///   no order of the layers changes it, and when the weights sum below 1 the rest of the
///   weight stays on the rest pose (the exponential map does this by itself);
/// - translation `Σ wᵢ·tᵢ`;
/// - one layer whose weight is 1 or more is taken exactly as it is, so a single layer at
///   weight 1 poses bit for bit as its motion alone ([`crate::evaluate`]).
///
/// Morph weights blend the same way per morph: `Σ wᵢ·mᵢ` over the layers keying the morph.
/// An IK solver's on/off comes from the heaviest layer taking part that has show/IK keys for
/// it (on when none has); a bone's physics switch from the heaviest layer animating the bone.
/// On a tie in weight the default wins (IK on, physics on), so no order decides. Bones and
/// morphs no layer animates stay at rest. Camera and light keys are not part of a pose: the
/// player takes them from the first layer having them.
///
/// Sampling is stateless and allocates nothing.
///
/// [`expmap`]: crate::expmap
#[derive(Debug, Clone, Default)]
pub struct Layers {
    layers: Vec<Layer>,
}

impl From<Vec<Layer>> for Layers {
    fn from(layers: Vec<Layer>) -> Layers {
        Layers { layers }
    }
}

impl<const N: usize> From<[Layer; N]> for Layers {
    fn from(layers: [Layer; N]) -> Layers {
        Layers {
            layers: layers.into(),
        }
    }
}

impl FromIterator<Layer> for Layers {
    fn from_iter<I: IntoIterator<Item = Layer>>(iter: I) -> Layers {
        Layers {
            layers: iter.into_iter().collect(),
        }
    }
}

impl std::ops::Deref for Layers {
    type Target = [Layer];

    fn deref(&self) -> &[Layer] {
        &self.layers
    }
}

impl std::ops::DerefMut for Layers {
    fn deref_mut(&mut self) -> &mut [Layer] {
        &mut self.layers
    }
}

impl Layers {
    /// `motion` as the only layer, at weight 1: poses exactly as the motion alone.
    pub fn single(motion: Motion) -> Layers {
        Layers {
            layers: vec![Layer::new(motion)],
        }
    }

    pub fn push(&mut self, layer: Layer) {
        self.layers.push(layer);
    }

    /// Removes and returns layer `index`, `None` when out of range.
    pub fn remove(&mut self, index: usize) -> Option<Layer> {
        (index < self.layers.len()).then(|| self.layers.remove(index))
    }

    /// The one layer taking part, with its own frame at timeline frame `frame`, when exactly
    /// one takes part and at weight 1 or more: the layers then give exactly what that
    /// layer's motion gives (every bone and morph it keys taken as it is, the others at rest,
    /// its IK switches), so sampling can ask the motion directly and skip the blend.
    pub(crate) fn sole_full_layer(&self, frame: f32) -> Option<(&Motion, f32)> {
        let mut taking_part = self.layers.iter().filter(|l| l.effective_weight() > 0.0);
        let layer = taking_part.next()?;
        (taking_part.next().is_none() && layer.effective_weight() >= 1.0)
            .then(|| (&layer.motion, layer.local_frame(frame)))
    }

    /// The last timeline frame any layer has a key at (offsets applied), 0 without layers.
    pub fn last_frame(&self) -> f32 {
        self.layers.iter().map(Layer::end_frame).fold(0.0, f32::max)
    }

    /// The blended translation and rotation of `bone` at timeline frame `frame`, or `None`
    /// when no layer taking part animates it.
    #[inline]
    pub fn sample_bone(&self, bone: usize, frame: f32) -> Option<(Vec3A, Quat)> {
        let mut blend = Blend::EMPTY;
        let mut sum = BoneSum::ZERO;
        for layer in &self.layers {
            let w = layer.effective_weight();
            if w == 0.0 || !layer.motion.animates_bone(bone) {
                continue;
            }
            // No search hints kept per layer (see `Motion::sample_bone`): blending is the
            // rare case.
            let Some(sample) =
                layer
                    .motion
                    .sample_keyed_bone(bone, layer.local_frame(frame), &mut 0)
            else {
                continue;
            };
            if layer.mode == LayerMode::Replace {
                blend = Blend::EMPTY;
                sum = BoneSum::ZERO;
            }
            match blend.first {
                None => blend.first = Some((sample, w)),
                Some((first, first_w)) => {
                    if blend.count == 1 {
                        sum.add(first, first_w);
                    }
                    sum.add(sample, w);
                }
            }
            blend.count += 1;
            blend.total += w;
        }
        let ((t, q), w) = blend.first?;
        Some(match blend.count {
            1 if w >= 1.0 => (t, q),
            1 => (t * w, expmap::exp(expmap::log(q) * f64::from(w))),
            _ => {
                let scale = 1.0 / blend.total.max(1.0);
                (
                    sum.translation * scale,
                    expmap::exp(sum.log * f64::from(scale)),
                )
            }
        })
    }

    /// The blended weight of `morph` at timeline frame `frame`, or `None` when no layer
    /// taking part keys it.
    #[inline]
    pub fn sample_morph(&self, morph: usize, frame: f32) -> Option<f32> {
        let mut blend = Blend::EMPTY;
        let mut sum = 0.0f32;
        for layer in &self.layers {
            let w = layer.effective_weight();
            if w == 0.0 || !layer.motion.animates_morph(morph) {
                continue;
            }
            let Some(m) = layer
                .motion
                .sample_keyed_morph(morph, layer.local_frame(frame), &mut 0)
            else {
                continue;
            };
            if layer.mode == LayerMode::Replace {
                blend = Blend::EMPTY;
                sum = 0.0;
            }
            match blend.first {
                None => blend.first = Some((m, w)),
                Some((first, first_w)) => {
                    if blend.count == 1 {
                        sum = first * first_w;
                    }
                    sum += m * w;
                }
            }
            blend.count += 1;
            blend.total += w;
        }
        let (m, w) = blend.first?;
        Some(match blend.count {
            1 if w >= 1.0 => m,
            1 => m * w,
            _ => sum / blend.total.max(1.0),
        })
    }

    /// Of the layers taking part for which `keyed(layer)` holds, the value `value(layer,
    /// local frame)` of the heaviest (a Replace layer drops the earlier ones); on a tie in
    /// weight `default` wins; `None` when no layer is keyed.
    #[inline]
    fn heaviest(
        &self,
        frame: f32,
        default: bool,
        keyed: impl Fn(&Motion) -> bool,
        value: impl Fn(&Motion, f32) -> bool,
    ) -> Option<bool> {
        let mut best: Option<(f32, bool)> = None;
        for layer in &self.layers {
            let w = layer.effective_weight();
            if w == 0.0 || !keyed(&layer.motion) {
                continue;
            }
            let v = value(&layer.motion, layer.local_frame(frame));
            best = match best {
                Some((bw, bv)) if layer.mode == LayerMode::Blend && bw > w => Some((bw, bv)),
                Some((bw, bv)) if layer.mode == LayerMode::Blend && bw == w && bv == default => {
                    Some((bw, bv))
                }
                _ => Some((w, v)),
            };
        }
        best.map(|(_, v)| v)
    }

    /// Whether the layers enable IK solver `solver` at timeline frame `frame`: the heaviest
    /// layer taking part with show/IK keys for it decides (see the module docs); without
    /// one, the solver is on.
    #[inline]
    pub fn ik_enabled(&self, solver: usize, frame: f32) -> bool {
        self.heaviest(
            frame,
            true,
            |m| m.keys_ik(solver),
            |m, f| m.ik_enabled(solver, f),
        )
        .unwrap_or(true)
    }

    /// Whether the layers show the model at timeline frame `frame`: the heaviest layer taking
    /// part with show/IK keys decides, as for IK; without one, it is shown.
    #[inline]
    pub fn shown(&self, frame: f32) -> bool {
        self.heaviest(frame, true, Motion::keys_shown, Motion::shown)
            .unwrap_or(true)
    }

    /// Whether any layer has a bone key that turns physics off; without one,
    /// [`Layers::bone_physics_off`] is false everywhere.
    pub fn has_physics_toggles(&self) -> bool {
        self.layers.iter().any(|l| l.motion.has_physics_toggles())
    }

    /// Whether the layers turn physics off for `bone` at timeline frame `frame`: the heaviest
    /// layer taking part that animates the bone decides, by its latest key at or before its
    /// own frame ([`Motion::bone_physics_off`]). No allocation.
    pub fn bone_physics_off(&self, bone: usize, frame: f32) -> bool {
        self.heaviest(
            frame,
            false,
            |m| m.animates_bone(bone),
            |m, f| m.bone_physics_off(bone, f),
        )
        .unwrap_or(false)
    }

    /// Whether a layer taking part animates `bone`.
    pub fn animates_bone(&self, bone: usize) -> bool {
        self.layers
            .iter()
            .any(|l| l.effective_weight() > 0.0 && l.motion.animates_bone(bone))
    }

    /// Whether a layer taking part keys `morph`.
    pub fn animates_morph(&self, morph: usize) -> bool {
        self.layers
            .iter()
            .any(|l| l.effective_weight() > 0.0 && l.motion.animates_morph(morph))
    }

    /// How many keys the enabled layers have for `bone`.
    pub fn bone_key_count(&self, bone: usize) -> usize {
        self.layers
            .iter()
            .filter(|l| l.enabled)
            .map(|l| l.motion.bone_key_frames(bone).len())
            .sum()
    }

    /// The timeline frames of the enabled layers' keys for `bone` (offsets applied, each
    /// layer's keys once), ascending.
    pub fn bone_key_frames(&self, bone: usize) -> Vec<f32> {
        let mut frames: Vec<f32> = self
            .layers
            .iter()
            .filter(|l| l.enabled)
            .flat_map(|l| {
                let offset = if l.offset.is_finite() { l.offset } else { 0.0 };
                l.motion
                    .bone_key_frames(bone)
                    .iter()
                    .map(move |&k| k as f32 + offset)
            })
            .collect();
        frames.sort_by(f32::total_cmp);
        frames.dedup();
        frames
    }
}
