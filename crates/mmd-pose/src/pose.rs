//! Per-frame evaluation: sampling, morphs, append and IK in deform order, globals.

use glam::{Affine3A, Mat4, Quat, Vec3A};

use crate::append::update_append;
use crate::ik::{self, IkMethod, JacobianScratch};
use crate::layer::Layers;
use crate::motion::Motion;
use crate::outside_parent::OUTSIDE_PARENT_SLOTS;
use crate::rig::{MAX_WEIGHT, NONE, Rig};
use crate::transform::{Scratch, update_all_globals, update_all_locals, update_global};

/// What the user wants of one IK bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IkOverride {
    /// Follow the motion's show/IK keys.
    #[default]
    Auto,
    On,
    Off,
}

/// What the user wants of each IK bone: whether its solver runs (every bone starts at
/// [`IkOverride::Auto`]) and which method solves its chain (every bone starts at
/// [`IkMethod::Ccd`], MMD's own).
#[derive(Debug, Clone, PartialEq)]
pub struct IkOverrides {
    by_bone: Vec<IkOverride>,
    methods: Vec<IkMethod>,
}

impl IkOverrides {
    pub fn new(rig: &Rig) -> IkOverrides {
        IkOverrides {
            by_bone: vec![IkOverride::Auto; rig.bone_count()],
            methods: vec![IkMethod::Ccd; rig.bone_count()],
        }
    }

    /// Solves bone `bone`'s chain with `method` (ignored when out of range; only IK bones
    /// are consulted).
    pub fn set_method(&mut self, bone: usize, method: IkMethod) {
        if let Some(slot) = self.methods.get_mut(bone) {
            *slot = method;
        }
    }

    pub fn method(&self, bone: usize) -> IkMethod {
        self.methods.get(bone).copied().unwrap_or_default()
    }

    pub fn set_all_methods(&mut self, method: IkMethod) {
        self.methods.fill(method);
    }

    /// Overrides bone `bone` (ignored when out of range; only IK bones are consulted).
    pub fn set(&mut self, bone: usize, value: IkOverride) {
        if let Some(slot) = self.by_bone.get_mut(bone) {
            *slot = value;
        }
    }

    pub fn get(&self, bone: usize) -> IkOverride {
        self.by_bone.get(bone).copied().unwrap_or_default()
    }

    pub fn set_all(&mut self, value: IkOverride) {
        self.by_bone.fill(value);
    }

    fn resolve(&self, bone: usize, from_motion: bool) -> bool {
        match self.get(bone) {
            IkOverride::Auto => from_motion,
            IkOverride::On => true,
            IkOverride::Off => false,
        }
    }
}

/// The result of evaluating a frame. Create it once per rig and reuse it.
#[derive(Debug, Clone)]
pub struct Pose {
    /// Model-space matrix per bone.
    pub globals: Vec<Mat4>,
    /// `globals[i] * Mat4::from_translation(-rest_position[i])`: what skinning multiplies
    /// rest-pose vertices by.
    pub skinning: Vec<Mat4>,
    /// Final weight per model morph, group morphs expanded.
    pub morph_weights: Vec<f32>,
    /// Per IK solver (in [`Rig::ik_bones`] order): whether it ran this frame.
    pub ik_enabled: Vec<bool>,
    /// Per IK solver: the method that solves it this frame.
    pub(crate) ik_methods: Vec<IkMethod>,
    /// Per bone and per morph, where the last sample found the key after its frame: where
    /// the next sample's search starts (see `Motion::sample_bone`; never changes a result).
    bone_hints: Vec<u32>,
    morph_hints: Vec<u32>,
    pub(crate) scratch: Scratch,
    pub(crate) jacobian: JacobianScratch,
}

impl Pose {
    /// A pose sized for `rig`, holding the rest pose.
    pub fn new(rig: &Rig) -> Pose {
        let n = rig.bone_count();
        let mut pose = Pose {
            globals: vec![Mat4::IDENTITY; n],
            skinning: vec![Mat4::IDENTITY; n],
            morph_weights: vec![0.0; rig.morph_count()],
            ik_enabled: vec![false; rig.ik_solver_count()],
            ik_methods: vec![IkMethod::Ccd; rig.ik_solver_count()],
            bone_hints: vec![0; n],
            morph_hints: vec![0; rig.morph_count()],
            jacobian: JacobianScratch::new(rig.longest_ik_chain()),
            scratch: Scratch {
                anim_t: vec![Vec3A::ZERO; n],
                anim_r: vec![Quat::IDENTITY; n],
                ik_r: vec![Quat::IDENTITY; n],
                append_t: vec![Vec3A::ZERO; n],
                append_r: vec![Quat::IDENTITY; n],
                local: vec![Affine3A::IDENTITY; n],
                world: Vec::with_capacity(n + OUTSIDE_PARENT_SLOTS),
                parent: rig.parent.clone(),
                skin: vec![Affine3A::IDENTITY; n],
                rest: rig.rest_position.clone(),
                link_r: vec![Quat::IDENTITY; n],
            },
        };
        pose.scratch.world.resize(n, Affine3A::IDENTITY);
        update_all_locals(rig, &mut pose.scratch);
        update_all_globals(rig, &mut pose.scratch);
        pose.write_outputs(rig);
        pose
    }

    fn write_outputs(&mut self, rig: &Rig) {
        let s = &self.scratch;
        // Zipped iterators: one pass without per-element bounds checks.
        let outputs = self.globals.iter_mut().zip(&mut self.skinning);
        for ((global, skinning), (w, rest)) in outputs.zip(s.world.iter().zip(&rig.rest_position)) {
            *global = Mat4::from(*w);
            let skin = Affine3A {
                matrix3: w.matrix3,
                translation: w.translation - w.matrix3 * *rest,
            };
            *skinning = Mat4::from(skin);
        }
    }
}

/// Walks one deform pass over its acting bones (`Rig::steps_before_physics` or
/// `Rig::steps_after_physics`): append, then IK, bone by bone; then refreshes the globals of
/// `refresh` (in `topo_order` order; all of them unless the caller knows which can have
/// moved).
fn run_pass(rig: &Rig, steps: &[u32], refresh: &[u32], pose: &mut Pose) {
    let s = &mut pose.scratch;
    for &b in steps {
        let b = b as usize;
        update_append(rig, s, b);
        let solver = rig.solver_of_bone[b];
        if solver != NONE && pose.ik_enabled[solver as usize] {
            let k = solver as usize;
            ik::solve(&rig.solvers[k], pose.ik_methods[k], s, &mut pose.jacobian);
        }
    }
    for &i in refresh {
        update_global(s, i as usize);
    }
}

/// The after-physics pass of an evaluation without a physics stage: only the bones that
/// pass can move need their globals refreshed; every other global is still exactly what
/// the before-physics pass's refresh computed from the same locals.
fn deform_after_physics_alone(rig: &Rig, pose: &mut Pose) {
    let after = rig.steps_after_physics();
    if !after.is_empty() {
        run_pass(rig, after, &rig.after_physics_moves, pose);
    }
}

/// Evaluates `motion` on `rig` at `frame` (fractional frames interpolate) into `pose`. The
/// result depends only on the arguments, never on what `pose` held before.
pub fn evaluate(rig: &Rig, motion: &Motion, frame: f32, overrides: &IkOverrides, pose: &mut Pose) {
    evaluate_with_morph_pins(rig, motion, frame, overrides, &[], pose);
}

/// [`evaluate`] with some morphs pinned by the user: `morph_pins[m] = Some(w)` replaces the
/// motion's weight of morph `m` before group morphs expand and bone morphs apply, so a pinned
/// group morph drives its members and a pinned bone morph moves its bones, as MMD's morph
/// sliders do. Morphs past the end of `morph_pins` follow the motion.
pub fn evaluate_with_morph_pins(
    rig: &Rig,
    motion: &Motion,
    frame: f32,
    overrides: &IkOverrides,
    morph_pins: &[Option<f32>],
    pose: &mut Pose,
) {
    pose.sample(rig, motion, frame, overrides, morph_pins);
    pose.deform_without_physics(rig);
    pose.finish(rig);
}

/// [`evaluate_with_morph_pins`] for a model whose motion is in layers (see [`Layers`] for
/// how they blend). One layer at weight 1 gives exactly what its motion alone gives.
pub fn evaluate_layers(
    rig: &Rig,
    layers: &Layers,
    frame: f32,
    overrides: &IkOverrides,
    morph_pins: &[Option<f32>],
    pose: &mut Pose,
) {
    pose.sample_layers(rig, layers, frame, overrides, morph_pins);
    pose.deform_without_physics(rig);
    pose.finish(rig);
}

/// Which bones and morphs a sampling stage asks its samplers for: every one (`None`), or
/// only those listed (ascending indices), every other bone standing at rest and every other
/// morph weighing 0, as a motion without keys for them samples.
#[derive(Clone, Copy)]
struct Sampled<'a> {
    bones: Option<&'a [u32]>,
    morphs: Option<&'a [u32]>,
}

impl<'a> Sampled<'a> {
    const ALL: Sampled<'static> = Sampled {
        bones: None,
        morphs: None,
    };

    /// Only the `bones` and `morphs` a motion keys; all of them where it keys every one
    /// (the plain walk is then the cheaper).
    fn keyed(rig: &Rig, bones: &'a [u32], morphs: &'a [u32]) -> Sampled<'a> {
        Sampled {
            bones: (bones.len() < rig.bone_count()).then_some(bones),
            morphs: (morphs.len() < rig.morph_count()).then_some(morphs),
        }
    }
}

/// The stages of an evaluation, in order, for callers that run something between them
/// (physics): [`Pose::sample`], [`Pose::deform_before_physics`], then the physics stage
/// reading and writing [`Pose::globals`] and handing its bones back with
/// [`Pose::apply_physics`], then [`Pose::deform_after_physics`] and [`Pose::finish`]. Without
/// the physics stage the stages give exactly [`evaluate_with_morph_pins`]'s result.
impl Pose {
    /// Stage 1: samples the motion at `frame` (morph pins as in [`evaluate_with_morph_pins`]):
    /// animated bone parts, morph weights with bone morphs applied, which IK solvers run, and
    /// every bone's local transform. Nothing earlier in `self` is kept.
    pub fn sample(
        &mut self,
        rig: &Rig,
        motion: &Motion,
        frame: f32,
        overrides: &IkOverrides,
        morph_pins: &[Option<f32>],
    ) {
        let frame = if frame.is_finite() { frame } else { 0.0 };
        self.sample_with(
            rig,
            overrides,
            morph_pins,
            Sampled::keyed(rig, motion.keyed_bones(), motion.keyed_morphs()),
            |bone, hint| motion.sample_bone(bone, frame, hint),
            |morph, hint| motion.sample_morph(morph, frame, hint),
            |solver| motion.ik_enabled(solver, frame),
        );
    }

    /// Stage 1 for a model whose motion is in layers ([`Layers`], which says how they
    /// blend): as [`Pose::sample`], with every bone, morph and IK switch taken from the
    /// layers at timeline frame `frame`. One layer at weight 1 samples exactly as its motion
    /// does.
    pub fn sample_layers(
        &mut self,
        rig: &Rig,
        layers: &Layers,
        frame: f32,
        overrides: &IkOverrides,
        morph_pins: &[Option<f32>],
    ) {
        let frame = if frame.is_finite() { frame } else { 0.0 };
        // The usual case, one motion at full weight: the same values without the blend's
        // bookkeeping per bone and morph.
        if let Some((motion, local)) = layers.sole_full_layer(frame) {
            return self.sample(rig, motion, local, overrides, morph_pins);
        }
        self.sample_with(
            rig,
            overrides,
            morph_pins,
            Sampled::ALL,
            |bone, _| {
                layers
                    .sample_bone(bone, frame)
                    .unwrap_or((Vec3A::ZERO, Quat::IDENTITY))
            },
            |morph, _| layers.sample_morph(morph, frame).unwrap_or(0.0),
            |solver| layers.ik_enabled(solver, frame),
        );
    }

    /// Stage 1 from the animated transform of each bone, the weight of each morph and the
    /// motion's switch of each IK solver (each sampler given the bone's or morph's search
    /// hint), asking the samplers only for the bones and morphs `sampled` names.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn sample_with(
        &mut self,
        rig: &Rig,
        overrides: &IkOverrides,
        morph_pins: &[Option<f32>],
        sampled: Sampled,
        bone: impl Fn(usize, &mut u32) -> (Vec3A, Quat),
        morph: impl Fn(usize, &mut u32) -> f32,
        ik_enabled: impl Fn(usize) -> bool,
    ) {
        let s = &mut self.scratch;
        if sampled.bones.is_some() {
            s.anim_t.fill(Vec3A::ZERO);
            s.anim_r.fill(Quat::IDENTITY);
        }
        if sampled.morphs.is_some() {
            self.morph_weights.fill(0.0);
        }
        let mut sample_bone = |i: usize| {
            if let (Some(t), Some(r), Some(hint)) = (
                s.anim_t.get_mut(i),
                s.anim_r.get_mut(i),
                self.bone_hints.get_mut(i),
            ) {
                (*t, *r) = bone(i, hint);
            }
        };
        match sampled.bones {
            None => (0..rig.bone_count()).for_each(&mut sample_bone),
            Some(bones) => bones.iter().for_each(|&b| sample_bone(b as usize)),
        }
        // Reset the parts this frame recomputes; every other bone's stay at the identity.
        for &b in &rig.ik_link_bones {
            s.ik_r[b as usize] = Quat::IDENTITY;
        }
        for &b in &rig.append_bones {
            s.append_t[b as usize] = Vec3A::ZERO;
            s.append_r[b as usize] = Quat::IDENTITY;
        }

        let weights = &mut self.morph_weights;
        let morph_count = weights.len();
        let mut sample_morph = |m: usize| {
            if let (Some(w), Some(hint)) = (weights.get_mut(m), self.morph_hints.get_mut(m)) {
                *w = morph(m, hint);
            }
        };
        match sampled.morphs {
            None => (0..morph_count).for_each(&mut sample_morph),
            Some(morphs) => morphs.iter().for_each(|&m| sample_morph(m as usize)),
        }
        for (w, pin) in self.morph_weights.iter_mut().zip(morph_pins) {
            if let Some(pinned) = pin.filter(|p| p.is_finite()) {
                *w = pinned.clamp(-MAX_WEIGHT, MAX_WEIGHT);
            }
        }
        rig.morphs.expand_groups(&mut self.morph_weights);
        rig.morphs
            .apply_bone_morphs(&self.morph_weights, &mut s.anim_t, &mut s.anim_r);

        for (k, solver) in rig.solvers.iter().enumerate() {
            let bone = solver.bone as usize;
            self.ik_enabled[k] = overrides.resolve(bone, ik_enabled(k));
            self.ik_methods[k] = overrides.method(bone);
        }

        update_all_locals(rig, s);
    }

    /// Stages 2 and 4 with no physics stage between them: append and IK of every bone in
    /// deform order, refreshing each global once (not copied to [`Pose::globals`], which
    /// [`Pose::finish`] writes).
    pub(crate) fn deform_without_physics(&mut self, rig: &Rig) {
        run_pass(rig, rig.steps_before_physics(), &rig.topo_order, self);
        deform_after_physics_alone(rig, self);
    }

    /// Stage 2: append and IK of the bones that deform before physics, then every bone's
    /// model-space matrix into [`Pose::globals`], where the physics stage reads them.
    pub fn deform_before_physics(&mut self, rig: &Rig) {
        run_pass(rig, rig.steps_before_physics(), &rig.topo_order, self);
        for (global, world) in self.globals.iter_mut().zip(&self.scratch.world) {
            *global = Mat4::from(*world);
        }
    }

    /// Stage 3, after the physics stage wrote the model-space matrices of the `driven` bones
    /// (ascending indices) into [`Pose::globals`]: those bones take them (a driven bone's
    /// local transform becomes its matrix relative to its parent), and every other bone keeps
    /// its local transform, so the bones below a driven bone follow it. The `rotated` bones
    /// (ascending, among `driven`) take only the rotation: their position is their parent's
    /// new transform applied to their own animated offset, as MMD's physics + bone bodies do.
    /// Indices past the rig and matrices that are not finite are ignored.
    pub fn apply_physics(&mut self, rig: &Rig, driven: &[usize], rotated: &[usize]) {
        let s = &mut self.scratch;
        for &i in &rig.topo_order {
            let i = i as usize;
            if driven.binary_search(&i).is_ok()
                && let Some(global) = self.globals.get(i)
            {
                let mut world = Affine3A::from_mat4(*global);
                let parent = match s.parent[i] {
                    NONE => Affine3A::IDENTITY,
                    p => s.world[p as usize],
                };
                if rotated.binary_search(&i).is_ok() {
                    world.translation = parent.transform_point3a(s.local[i].translation);
                }
                let local = parent.inverse() * world;
                if world.is_finite() && local.is_finite() {
                    s.world[i] = world;
                    s.local[i] = local;
                    s.skin[i] = Affine3A {
                        matrix3: world.matrix3,
                        translation: world.translation - world.matrix3 * s.rest[i],
                    };
                    continue;
                }
            }
            update_global(s, i);
        }
    }

    /// Stage 4: append and IK of the bones that deform after physics.
    pub fn deform_after_physics(&mut self, rig: &Rig) {
        // Whenever some bone deforms after physics, even one with no append or IK to run:
        // every global is refreshed, since the physics stage set some without going through
        // the locals, and a refresh recomputes them from the locals it derived.
        if rig.physics_split < rig.deform_order.len() {
            run_pass(rig, rig.steps_after_physics(), &rig.topo_order, self);
        }
    }

    /// Stage 5: the outputs, [`Pose::globals`] and [`Pose::skinning`].
    pub fn finish(&mut self, rig: &Rig) {
        self.write_outputs(rig);
    }
}
