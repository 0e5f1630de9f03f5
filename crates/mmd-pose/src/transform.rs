//! Every bone's transform during one evaluation and the arithmetic that builds it: the
//! parts (animated, IK and append rotation and translation), the local matrices made from
//! them and the model-space matrices chained from those ([`Scratch`]), with rotation
//! matrices and world products in D3DX's order of operations (MMD's), whose last bits long
//! IK chains amplify (see the crate docs).
//!
//! Separate from `pose.rs` because the IK solvers step these same transforms: they depend on
//! this module, and `pose.rs`, which runs the solvers, on both, so nothing here calls back
//! into the evaluation's stages or the solvers.

use glam::{Affine3A, Mat3A, Quat, Vec3A, Vec4, Vec4Swizzles};

use crate::rig::{NONE, Rig};

/// Working state of one evaluation, kept in the [`Pose`](crate::Pose) so evaluating
/// allocates nothing.
#[derive(Debug, Clone)]
pub(crate) struct Scratch {
    pub anim_t: Vec<Vec3A>,
    pub anim_r: Vec<Quat>,
    pub ik_r: Vec<Quat>,
    pub append_t: Vec<Vec3A>,
    pub append_r: Vec<Quat>,
    pub local: Vec<Affine3A>,
    /// Per bone its model-space matrix; after the bones, the outside parents' matrices.
    pub world: Vec<Affine3A>,
    /// Per bone, where its parent's matrix is in `world`: the rig's parent, or the slot of
    /// its outside parent (see
    /// [`Pose::set_outside_parents`](crate::Pose::set_outside_parents)); `NONE` for a root.
    pub parent: Vec<u32>,
    /// Per bone, `world * T(-rest position)`: the product that [`update_global`] chains.
    pub skin: Vec<Affine3A>,
    /// Per bone, its model-space rest position (the rig's).
    pub rest: Vec<Vec3A>,
    /// Per IK link, while CCD solves its chain: its rotation relative to its parent (IK
    /// times animated), kept as each step's product left it (see `ik/ccd.rs`).
    pub link_r: Vec<Quat>,
}

/// The bone's local rotation `ik * animated * append`. IK and append parts are identity
/// when unused.
#[inline]
pub(crate) fn local_rotation(s: &Scratch, i: usize) -> Quat {
    rotation_of_parts(s.ik_r[i], s.anim_r[i], s.append_r[i])
}

/// `ik * animated * append`.
#[inline]
pub(crate) fn rotation_of_parts(ik: Quat, animated: Quat, append: Quat) -> Quat {
    // Most bones have neither an IK nor an append rotation: multiplying by the identity would
    // give the same values (at most the sign of a zero component differs) at ~20 instructions
    // per product.
    let mut rotation = animated;
    if ik != Quat::IDENTITY {
        rotation = ik * rotation;
    }
    if append != Quat::IDENTITY {
        rotation *= append;
    }
    rotation
}

/// The rotation matrix of `q` with D3DX's formula (MMD's): glam's `Mat3A::from_quat` but
/// for the diagonal's order of subtraction, whose last bits long IK chains amplify. Done
/// four lanes at a time: the conversion runs for every bone and every IK step.
#[inline]
pub(crate) fn rotation_matrix(q: Quat) -> Mat3A {
    let q = Vec4::from(q);
    let q2 = q + q;
    // (xx, yy, zz), (xy, xz, yz) and (wx, wy, wz) of glam's formula.
    let squares = q * q2;
    let products = q.xxyw() * q2.yzzw();
    let w = Vec4::splat(q.w) * q2;
    // Diagonal: (1 - yy) - zz, (1 - xx) - zz, (1 - xx) - yy, D3DX's order.
    let diagonal = (Vec4::ONE - squares.yxxw()) - squares.zzyw();
    // (xy + wz, xz - wy, yz + wx) and (xy - wz, xz + wy, yz - wx); a - b is a + (-b) exactly.
    let turn = w.zyxw() * Vec4::new(1.0, -1.0, 1.0, 1.0);
    let plus = products + turn;
    let minus = products - turn;
    Mat3A::from_cols(
        Vec3A::new(diagonal.x, plus.x, plus.y),
        Vec3A::new(minus.x, diagonal.y, plus.z),
        Vec3A::new(minus.y, minus.z, diagonal.z),
    )
}

/// The bone's local transform: `T(rest offset + animated [+ append]) * R(ik * animated *
/// append)`.
pub(crate) fn local_transform(rig: &Rig, s: &Scratch, i: usize) -> Affine3A {
    local_of_parts(
        rig.rest_offset[i] + s.anim_t[i] + s.append_t[i],
        local_rotation(s, i),
    )
}

/// `T(translation) * R(rotation)`.
#[inline]
fn local_of_parts(translation: Vec3A, rotation: Quat) -> Affine3A {
    // Many bones are never turned (no keys, or keys at rest): skip the conversion, whose
    // result would be the identity (at most the sign of a zero element differs).
    let matrix3 = if rotation == Quat::IDENTITY {
        Mat3A::IDENTITY
    } else {
        rotation_matrix(rotation)
    };
    Affine3A {
        matrix3,
        translation,
    }
}

/// Every bone's [`local_transform`], in one pass over the parts without an index check per
/// bone.
pub(crate) fn update_all_locals(rig: &Rig, s: &mut Scratch) {
    let translations = rig.rest_offset.iter().zip(&s.anim_t).zip(&s.append_t);
    let rotations = s.ik_r.iter().zip(&s.anim_r).zip(&s.append_r);
    for (local, (((offset, anim_t), append_t), ((ik, anim_r), append_r))) in
        s.local.iter_mut().zip(translations.zip(rotations))
    {
        *local = local_of_parts(
            *offset + *anim_t + *append_t,
            rotation_of_parts(*ik, *anim_r, *append_r),
        );
    }
}

/// Recomputes bone `i`'s global from its parent's. MMD (D3DX) chains skinning matrices,
/// not globals: `skin = parent skin * T(rest) * T(offset) * R * T(-rest)` and `global =
/// skin * T(rest)`, with `rest` the bone's model-space rest position and `offset` its
/// animated and appended translation. The products are the same as `parent global *
/// local`, but rounded differently, and long IK chains amplify those last bits (see the
/// crate docs), so the same operations run here in the same order (each `Affine3A` product
/// is a `Mat4` product less its terms that add exact zeros).
#[inline]
pub(crate) fn update_global(s: &mut Scratch, i: usize) {
    let step = skin_step(s, i, s.local[i].matrix3);
    let skin = parent_skin(s, i).map_or(step, |parent| parent * step);
    s.skin[i] = skin;
    s.world[i] = global_of_skin(&skin, s.rest[i]);
}

/// The skinning matrix that bone `i`'s chains from: its parent's, none for a root (whose
/// skinning matrix is its step), and for an outside parent, which has a global only, that
/// global moved so that the bone's rest offset (its local translation less its animated
/// and appended offset) lands where `parent global * local` puts it.
#[inline]
pub(crate) fn parent_skin(s: &Scratch, i: usize) -> Option<Affine3A> {
    match s.parent[i] {
        NONE => None,
        p if (p as usize) < s.skin.len() => Some(s.skin[p as usize]),
        p => {
            let world = s.world[p as usize];
            let rest_offset = s.local[i].translation - (s.anim_t[i] + s.append_t[i]);
            Some(Affine3A {
                matrix3: world.matrix3,
                translation: world.translation + world.matrix3 * (rest_offset - s.rest[i]),
            })
        }
    }
}

/// Bone `i`'s step of the skinning chain with local rotation matrix `rotation`:
/// `T(rest) * T(offset) * R * T(-rest)`.
#[inline]
pub(crate) fn skin_step(s: &Scratch, i: usize, rotation: Mat3A) -> Affine3A {
    let rest = s.rest[i];
    Affine3A {
        matrix3: rotation,
        translation: ((rotation * -rest) + (s.anim_t[i] + s.append_t[i])) + rest,
    }
}

/// The global whose skinning matrix is `skin`, for a bone at `rest`: `skin * T(rest)`.
#[inline]
pub(crate) fn global_of_skin(skin: &Affine3A, rest: Vec3A) -> Affine3A {
    Affine3A {
        matrix3: skin.matrix3,
        translation: skin.matrix3 * rest + skin.translation,
    }
}

/// Every bone's [`update_global`], parents first.
pub(crate) fn update_all_globals(rig: &Rig, s: &mut Scratch) {
    for &i in &rig.topo_order {
        update_global(s, i as usize);
    }
}
