//! Where each record of a PMD lies in its file, so that the conversion can name the byte of a
//! bad index. Every PMD record has a fixed size (IK entries and morphs a fixed size per link
//! or vertex), and the reader and writer agree byte for byte, so the offsets follow from the
//! counts alone: they are those of the file the model was read from, and of `write`'s output.

use super::Pmd;
use super::read::{
    BONE_SIZE, IK_MIN_SIZE, JOINT_SIZE, MATERIAL_SIZE, MORPH_MIN_SIZE, MORPH_VERTEX_SIZE,
    RIGID_BODY_SIZE, VERTEX_SIZE,
};

/// Magic, version, name and comment.
const HEADER_SIZE: usize = 3 + 4 + 20 + 256;
const FACE_SIZE: usize = 6;
const BONE_FRAME_NAME_SIZE: usize = 50;
const BONE_DISPLAY_SIZE: usize = 3;
const TOON_TEXTURES_SIZE: usize = 10 * 100;

/// File offsets of the first record of each section (after its count), and of each IK entry
/// and morph.
pub(crate) struct Layout {
    vertices: usize,
    faces: usize,
    materials: usize,
    bones: usize,
    iks: Vec<usize>,
    morphs: Vec<usize>,
    morph_display: usize,
    bone_display: usize,
    /// Rigid bodies and joints, when the file has physics.
    physics: Option<(usize, usize)>,
}

impl Layout {
    pub(crate) fn of(pmd: &Pmd) -> Layout {
        let vertices = HEADER_SIZE + 4;
        let faces = vertices + VERTEX_SIZE * pmd.vertices.len() + 4;
        let materials = faces + FACE_SIZE * pmd.faces.len() + 4;
        let bones = materials + MATERIAL_SIZE * pmd.materials.len() + 2;
        let mut at = bones + BONE_SIZE * pmd.bones.len() + 2;
        let iks = pmd
            .iks
            .iter()
            .map(|ik| {
                let start = at;
                at += IK_MIN_SIZE + 2 * ik.links.len();
                start
            })
            .collect();
        at += 2;
        let morphs = pmd
            .morphs
            .iter()
            .map(|m| {
                let start = at;
                at += MORPH_MIN_SIZE + MORPH_VERTEX_SIZE * m.vertices.len();
                start
            })
            .collect();
        let morph_display = at + 1;
        let bone_frame_names = morph_display + 2 * pmd.morph_display.len() + 1;
        let bone_display = bone_frame_names + BONE_FRAME_NAME_SIZE * pmd.bone_frame_names.len() + 4;
        let physics = pmd.physics.as_ref().map(|physics| {
            // The English flag and the toon list are always written before physics.
            let english = pmd.english.as_ref().map_or(0, |_| {
                20 + 256
                    + 20 * pmd.bones.len()
                    + 20 * pmd.morphs.len().saturating_sub(1)
                    + BONE_FRAME_NAME_SIZE * pmd.bone_frame_names.len()
            });
            let rigid_bodies = bone_display
                + BONE_DISPLAY_SIZE * pmd.bone_display.len()
                + 1
                + english
                + TOON_TEXTURES_SIZE
                + 4;
            let joints = rigid_bodies + RIGID_BODY_SIZE * physics.rigid_bodies.len() + 4;
            (rigid_bodies, joints)
        });
        Layout {
            vertices,
            faces,
            materials,
            bones,
            iks,
            morphs,
            morph_display,
            bone_display,
            physics,
        }
    }

    /// Bone slot `k` (0 or 1) of vertex `v`.
    pub(crate) fn vertex_bone(&self, v: usize, k: usize) -> usize {
        self.vertices + VERTEX_SIZE * v + 32 + 2 * k
    }

    /// Index `k` of face `f`.
    pub(crate) fn face_index(&self, f: usize, k: usize) -> usize {
        self.faces + FACE_SIZE * f + 2 * k
    }

    pub(crate) fn material_toon(&self, m: usize) -> usize {
        self.materials + MATERIAL_SIZE * m + 44
    }

    pub(crate) fn bone_parent(&self, b: usize) -> usize {
        self.bones + BONE_SIZE * b + 20
    }

    pub(crate) fn bone_tail(&self, b: usize) -> usize {
        self.bones + BONE_SIZE * b + 22
    }

    pub(crate) fn bone_ik_parent(&self, b: usize) -> usize {
        self.bones + BONE_SIZE * b + 25
    }

    pub(crate) fn ik_bone(&self, i: usize) -> usize {
        self.iks.get(i).copied().unwrap_or_default()
    }

    pub(crate) fn ik_target(&self, i: usize) -> usize {
        self.ik_bone(i) + 2
    }

    pub(crate) fn ik_link(&self, i: usize, l: usize) -> usize {
        self.ik_bone(i) + IK_MIN_SIZE + 2 * l
    }

    /// The index field of vertex entry `e` of morph `m` (morph 0 being the base).
    pub(crate) fn morph_vertex(&self, m: usize, e: usize) -> usize {
        self.morphs.get(m).copied().unwrap_or_default() + MORPH_MIN_SIZE + MORPH_VERTEX_SIZE * e
    }

    pub(crate) fn morph_display(&self, e: usize) -> usize {
        self.morph_display + 2 * e
    }

    /// The bone field of bone display entry `e`; its frame number follows.
    pub(crate) fn bone_display(&self, e: usize) -> usize {
        self.bone_display + BONE_DISPLAY_SIZE * e
    }

    pub(crate) fn rigid_body_bone(&self, b: usize) -> usize {
        self.physics.map_or(0, |(bodies, _)| bodies) + RIGID_BODY_SIZE * b + 20
    }

    /// Rigid body `k` (0 or 1) of joint `j`.
    pub(crate) fn joint_body(&self, j: usize, k: usize) -> usize {
        self.physics.map_or(0, |(_, joints)| joints) + JOINT_SIZE * j + 20 + 4 * k
    }
}
