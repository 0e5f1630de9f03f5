//! Accessories: `.x` meshes (stages, props) placed in the scene with MMD's settings, on the
//! ground or held by a model's bone.

use std::path::{Path, PathBuf};

use glam::{EulerRot, Mat4, Quat, Vec3};
use mmd_format::pmx::{self, Pmx, SphereMode, Toon, Weight, material_flags};
use mmd_format::vac::Vac;
use mmd_format::xfile::{XFile, XMaterial, XSphereMode};
use mmd_pose::Pose;

use crate::stage::accessory_motion::AccessoryMotion;
use crate::stage::actor::{Actor, next_id};
use crate::stage::model::TextureOrigin;

/// MMD draws an accessory at ten times its file's units.
pub const ACCESSORY_UNIT_SCALE: f32 = 10.0;

/// The bone an accessory follows: a model on stage (by [`Actor::id`]) and one of its bones.
#[derive(Debug, PartialEq, Eq)]
pub struct AccessoryParent {
    pub actor: u64,
    pub bone: String,
}

impl Clone for AccessoryParent {
    fn clone(&self) -> AccessoryParent {
        AccessoryParent {
            actor: self.actor,
            bone: self.bone.clone(),
        }
    }

    /// Keeps the bone name's memory: a frame copies every accessory's settings.
    fn clone_from(&mut self, source: &AccessoryParent) {
        self.actor = source.actor;
        self.bone.clone_from(&source.bone);
    }
}

impl AccessoryParent {
    /// Its actor's place among `actors` and the bone's index in that actor's rig, when both
    /// are there.
    pub(crate) fn find(&self, actors: &[Actor]) -> Option<(usize, usize)> {
        let at = actors.iter().position(|a| a.id == self.actor)?;
        Some((at, actors.get(at)?.model.rig.bone_index(&self.bone)?))
    }
}

/// Bone `bone` of actor `actor`'s model-space matrix in the pose `pose_of` gives the actor, in
/// the actor's place; `None` without a pose or such a bone.
pub(crate) fn parent_bone_matrix<'p>(
    actors: &[Actor],
    actor: usize,
    bone: usize,
    pose_of: impl Fn(usize) -> Option<&'p Pose>,
) -> Option<Mat4> {
    let global = pose_of(actor)?.globals.get(bone)?;
    Some(actors.get(actor)?.placement() * *global)
}

/// MMD's settings of one accessory (its panel's X/Y/Z, Rx/Ry/Rz, Si, Tr, AD and shadow).
#[derive(Debug, PartialEq)]
pub struct AccessorySettings {
    pub visible: bool,
    /// Where its origin is, in its parent's space (the world's without a parent).
    pub position: Vec3,
    /// Degrees about X, Y and Z, applied X first, then Y, then Z.
    pub rotation: Vec3,
    /// Si: a size factor on top of the ten times MMD always applies.
    pub scale: f32,
    /// Tr: 1 opaque, 0 invisible.
    pub opacity: f32,
    /// AD: added onto what is behind it.
    pub additive: bool,
    /// Casts the ground shadow.
    pub ground_shadow: bool,
    /// The bone it is held by; `None` stands it in the world.
    pub parent: Option<AccessoryParent>,
}

impl Default for AccessorySettings {
    fn default() -> AccessorySettings {
        AccessorySettings {
            visible: true,
            position: Vec3::ZERO,
            rotation: Vec3::ZERO,
            scale: 1.0,
            opacity: 1.0,
            additive: false,
            ground_shadow: true,
            parent: None,
        }
    }
}

impl Clone for AccessorySettings {
    fn clone(&self) -> AccessorySettings {
        let mut copy = AccessorySettings {
            parent: None,
            ..*self
        };
        copy.parent.clone_from(&self.parent);
        copy
    }

    /// Keeps the parent's bone name's memory: a frame copies every accessory's settings.
    fn clone_from(&mut self, source: &AccessorySettings) {
        let AccessorySettings {
            visible,
            position,
            rotation,
            scale,
            opacity,
            additive,
            ground_shadow,
            parent,
        } = source;
        self.visible = *visible;
        self.position = *position;
        self.rotation = *rotation;
        self.scale = *scale;
        self.opacity = *opacity;
        self.additive = *additive;
        self.ground_shadow = *ground_shadow;
        self.parent.clone_from(parent);
    }
}

impl AccessorySettings {
    /// The accessory's file space in its parent's: translate × Rz·Ry·Rx × (Si × 10). A
    /// negative Si counts as 0, as in nanoem.
    pub fn local_matrix(&self) -> Mat4 {
        let r = self.rotation * std::f32::consts::PI / 180.0;
        let rotation = Quat::from_euler(EulerRot::ZYX, r.z, r.y, r.x);
        let size = self.scale.max(0.0) * ACCESSORY_UNIT_SCALE;
        Mat4::from_scale_rotation_translation(Vec3::splat(size), rotation, self.position)
    }

    /// Where an accessory with these settings is drawn: its parent bone's model-space matrix
    /// (after physics) in its model's place, times its own placement. A parent that is gone
    /// (the model removed, the bone not in it) counts as the world.
    pub fn world_matrix<'p>(
        &self,
        actors: &[Actor],
        pose_of: impl Fn(usize) -> Option<&'p Pose>,
    ) -> Mat4 {
        let parent = self
            .parent
            .as_ref()
            .and_then(|parent| parent.find(actors))
            .and_then(|(actor, bone)| parent_bone_matrix(actors, actor, bone, pose_of))
            .unwrap_or(Mat4::IDENTITY);
        parent * self.local_matrix()
    }

    /// Whether MMD draws it after the models: a translucent accessory (Tr below 1) is drawn
    /// over them, an opaque one (a stage) before them.
    pub fn drawn_after_models(&self) -> bool {
        self.opacity < 1.0
    }

    /// The settings a `.vac` file gives (its parent bone is bound by the scene).
    pub fn from_vac(vac: &Vac) -> AccessorySettings {
        AccessorySettings {
            position: Vec3::from(vac.position),
            rotation: Vec3::from(vac.rotation_degrees),
            scale: vac.scale,
            ..AccessorySettings::default()
        }
    }
}

/// One change to an accessory's settings, as its panel or the command line makes it.
#[derive(Debug, Clone, PartialEq)]
pub enum AccessoryEdit {
    Visible(bool),
    Position(Vec3),
    /// Degrees about X, Y and Z.
    Rotation(Vec3),
    /// Si (clamped to 0 and above).
    Scale(f32),
    /// Tr (clamped to 0..=1).
    Opacity(f32),
    Additive(bool),
    GroundShadow(bool),
    /// Held by the bone of this name of the actor at this place in the scene, or (`None`)
    /// standing in the world.
    Parent(Option<(usize, String)>),
    /// Forgets its keys: it stays as they set it now, and its settings are free to edit.
    DropKeys,
}

/// One accessory on stage: its mesh in the terms the renderer draws, where its textures are,
/// its settings and what reading it repaired.
#[derive(Clone)]
pub struct Accessory {
    /// Unique in this process (shared with the actors' ids); a clone keeps it.
    pub id: u64,
    /// What the UI calls it: a `.vac`'s name, else the `.x` file's.
    pub label: String,
    /// The `.x` file it was read from.
    pub file: PathBuf,
    /// The mesh as a model of one bone (every vertex on bone 0), materials in MMD's
    /// accessory drawing order.
    pub mesh: Pmx,
    pub textures: TextureOrigin,
    pub settings: AccessorySettings,
    /// Repairs made on reading, and settings that could not be honoured (a parent bone the
    /// model does not have).
    pub warnings: Vec<String>,
    /// Whether the file has per-vertex colours (read, but not drawn: see the MMD notes).
    pub has_vertex_colors: bool,
    /// Its keys (from a `.pmm` or a project): while it has them, they set its settings
    /// every frame ([`Accessory::settings_at`]).
    pub motion: Option<AccessoryMotion>,
}

impl Accessory {
    /// The accessory `x` read from `file`, at MMD's defaults.
    pub fn new(x: &XFile, file: &Path, label: String) -> Accessory {
        let folder = file
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        Accessory {
            id: next_id(),
            mesh: mesh_as_model(x, &label),
            label,
            file: file.to_path_buf(),
            textures: TextureOrigin::Directory(folder),
            settings: AccessorySettings::default(),
            warnings: x.warnings.clone(),
            has_vertex_colors: x.has_vertex_colors,
            motion: None,
        }
    }

    /// Its settings at `frame`, into `out`: what its keys give at `frame` (AD, which MMD
    /// does not key, as the user set it), or without keys the authored ones. Writes over
    /// `out`'s memory: the holding bone's name allocates only when it outgrows the last one.
    pub fn settings_at(&self, frame: f32, out: &mut AccessorySettings) {
        match &self.motion {
            Some(motion) => {
                out.additive = self.settings.additive;
                motion.apply(frame, out);
            }
            None => out.clone_from(&self.settings),
        }
    }

    /// Makes what its keys give at `frame` its authored settings (keeping the keys).
    pub fn settle_at(&mut self, frame: f32) {
        if let Some(motion) = &self.motion {
            motion.apply(frame, &mut self.settings);
        }
    }

    /// Whether it is shown now or at any of its keys (what must be on the GPU).
    pub fn ever_shown(&self) -> bool {
        self.settings.visible
            || self
                .motion
                .as_ref()
                .is_some_and(AccessoryMotion::ever_shown)
    }

    /// Logs every warning, each prefixed with the accessory's label.
    pub fn log_warnings(&self) {
        for w in &self.warnings {
            log::warn!("{}: {w}", self.label);
        }
    }

    /// Where it is drawn with its authored settings: [`AccessorySettings::world_matrix`].
    pub fn world_matrix<'p>(
        &self,
        actors: &[Actor],
        pose_of: impl Fn(usize) -> Option<&'p Pose>,
    ) -> Mat4 {
        self.settings.world_matrix(actors, pose_of)
    }

    /// Carries out `edit` (a parent by its actor's place in `actors`); returns whether
    /// anything changed, or why it cannot be done (a non-finite number, no such model or
    /// bone).
    pub fn edit(&mut self, edit: AccessoryEdit, actors: &[Actor]) -> Result<bool, String> {
        fn set<T: PartialEq>(slot: &mut T, value: T) -> bool {
            *slot != value && {
                *slot = value;
                true
            }
        }
        let finite = |v: Vec3, what: &str| {
            if v.is_finite() {
                Ok(v)
            } else {
                Err(format!("the {what} must be finite numbers"))
            }
        };
        let number = |v: f32, what: &str| {
            if v.is_finite() {
                Ok(v)
            } else {
                Err(format!("the {what} must be a finite number"))
            }
        };
        let s = &mut self.settings;
        Ok(match edit {
            AccessoryEdit::Visible(on) => set(&mut s.visible, on),
            AccessoryEdit::Position(v) => set(&mut s.position, finite(v, "position")?),
            AccessoryEdit::Rotation(v) => set(&mut s.rotation, finite(v, "rotation")?),
            AccessoryEdit::Scale(v) => set(&mut s.scale, number(v, "size (Si)")?.max(0.0)),
            AccessoryEdit::Opacity(v) => {
                set(&mut s.opacity, number(v, "opacity (Tr)")?.clamp(0.0, 1.0))
            }
            AccessoryEdit::Additive(on) => set(&mut s.additive, on),
            AccessoryEdit::GroundShadow(on) => set(&mut s.ground_shadow, on),
            AccessoryEdit::DropKeys => self.motion.take().is_some(),
            AccessoryEdit::Parent(None) => set(&mut s.parent, None),
            AccessoryEdit::Parent(Some((index, bone))) => {
                let actor = actors.get(index).ok_or_else(|| {
                    format!(
                        "there is no model {} (the scene has {})",
                        index + 1,
                        actors.len()
                    )
                })?;
                let before = self.settings.parent.clone();
                self.set_parent(Some((actor, &bone)))?;
                before != self.settings.parent
            }
        })
    }

    /// Holds it by `bone` of `actor` (checked against the model's bones), or stands it in
    /// the world with `None`. A bone the model lacks is refused with a message.
    pub fn set_parent(&mut self, parent: Option<(&Actor, &str)>) -> Result<(), String> {
        self.settings.parent = match parent {
            None => None,
            Some((actor, bone)) => {
                if actor.model.rig.bone_index(bone).is_none() {
                    return Err(format!(
                        "{} has no bone named \"{bone}\"",
                        actor.model.label
                    ));
                }
                Some(AccessoryParent {
                    actor: actor.id,
                    bone: bone.to_owned(),
                })
            }
        };
        Ok(())
    }

    /// Its settings as a `.vac` file, the `.x` named relative to `vac_folder` where it can be
    /// (else by its full path), the parent bone by name (a `.vac` cannot name the model).
    pub fn to_vac(&self, vac_folder: &Path) -> Vac {
        let x_file = self
            .file
            .strip_prefix(vac_folder)
            .unwrap_or(&self.file)
            .to_string_lossy()
            .into_owned();
        let s = &self.settings;
        Vac {
            name: self.label.clone(),
            x_file,
            scale: s.scale,
            position: s.position.into(),
            rotation_degrees: s.rotation.into(),
            parent_bone: s.parent.as_ref().map(|p| p.bone.clone()),
        }
    }
}

/// Whether MMD draws a material of an accessory in the second, translucent round: after the
/// accessory's opaque materials.
fn is_translucent(material: &XMaterial) -> bool {
    material.diffuse[3] < 1.0
}

/// The `.x` mesh as a model of one bone for the renderer. Materials keep their file order,
/// except that translucent ones (diffuse alpha below 1) follow the opaque ones, as MMD draws
/// an accessory. Each material:
/// - diffuse = face colour, ambient = emissive colour (what the accessory shading reads);
/// - specular = specular colour × 0.1 with a power of at least 1 (nanoem's reading of MMD);
/// - casts and receives the self-shadow and casts the ground shadow; culls back faces unless
///   translucent;
/// - its texture split by MMD's `colour*sphere` convention (`.sph` multiplies, `.spa` adds).
pub fn mesh_as_model(x: &XFile, name: &str) -> Pmx {
    let order: Vec<usize> = (0..x.materials.len())
        .filter(|&i| !is_translucent(&x.materials[i]))
        .chain((0..x.materials.len()).filter(|&i| is_translucent(&x.materials[i])))
        .collect();
    let mut textures: Vec<String> = Vec::new();
    let mut texture_index = |name: Option<String>| -> i32 {
        let Some(name) = name else { return -1 };
        let at = match textures.iter().position(|t| *t == name) {
            Some(at) => at,
            None => {
                textures.push(name);
                textures.len() - 1
            }
        };
        i32::try_from(at).unwrap_or(-1)
    };
    let mut by_material = vec![Vec::new(); x.materials.len()];
    for (triangle, &m) in x.triangles.iter().zip(&x.triangle_materials) {
        if let Some(faces) = by_material.get_mut(m as usize) {
            faces.push(*triangle);
        }
    }
    let mut faces = Vec::with_capacity(x.triangles.len());
    let mut materials = Vec::with_capacity(order.len());
    for &m in &order {
        let before = faces.len();
        faces.append(&mut by_material[m]);
        let material = &x.materials[m];
        let parts = material.texture_parts();
        let sphere_mode = match parts.sphere_mode {
            XSphereMode::None => SphereMode::None,
            XSphereMode::Multiply => SphereMode::Multiply,
            XSphereMode::Add => SphereMode::Add,
        };
        let mut flags = material_flags::GROUND_SHADOW
            | material_flags::CAST_SELF_SHADOW
            | material_flags::RECEIVE_SELF_SHADOW;
        if is_translucent(material) {
            flags |= material_flags::DOUBLE_SIDED;
        }
        let [sr, sg, sb] = material.specular;
        materials.push(pmx::Material {
            name: format!("material {m}"),
            diffuse: material.diffuse,
            specular: [sr * 0.1, sg * 0.1, sb * 0.1],
            specular_power: material.power.max(1.0),
            ambient: material.emissive,
            flags,
            texture: texture_index(parts.texture),
            sphere_texture: texture_index(parts.sphere),
            sphere_mode,
            toon: Toon::Texture(-1),
            index_count: u32::try_from((faces.len() - before) * 3).unwrap_or(u32::MAX),
            ..pmx::Material::default()
        });
    }
    Pmx {
        name: name.to_owned(),
        vertices: x
            .vertices
            .iter()
            .map(|v| pmx::Vertex {
                position: v.position,
                normal: v.normal,
                uv: v.uv,
                weight: Weight::Bdef1 { bone: 0 },
                edge_scale: 0.0,
                ..pmx::Vertex::default()
            })
            .collect(),
        faces,
        textures,
        materials,
        bones: vec![pmx::Bone {
            name: name.to_owned(),
            parent: -1,
            ..pmx::Bone::default()
        }],
        ..Pmx::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_format::xfile::XVertex;

    fn material(alpha: f32, texture: Option<&str>) -> XMaterial {
        XMaterial {
            diffuse: [0.5, 0.5, 0.5, alpha],
            power: 0.0,
            specular: [1.0, 0.5, 0.0],
            emissive: [0.1, 0.2, 0.3],
            texture: texture.map(str::to_owned),
        }
    }

    fn quad_file(materials: Vec<XMaterial>, triangle_materials: Vec<u32>) -> XFile {
        let vertex = |x: f32, y: f32| XVertex::new([x, y, 0.0], [0.0, 0.0, -1.0], [x, y]);
        XFile::from_triangles(
            vec![
                vertex(0.0, 0.0),
                vertex(1.0, 0.0),
                vertex(1.0, 1.0),
                vertex(0.0, 1.0),
            ],
            vec![[0, 1, 2], [0, 2, 3], [1, 2, 3]],
            triangle_materials,
            materials,
        )
    }

    #[test]
    fn translucent_materials_follow_the_opaque_ones_with_their_faces() {
        let x = quad_file(
            vec![material(0.5, None), material(1.0, Some("a.bmp*b.spa"))],
            vec![0, 1, 0],
        );
        let pmx = mesh_as_model(&x, "prop");
        assert_eq!(pmx.materials.len(), 2);
        assert_eq!(pmx.materials[0].name, "material 1");
        assert_eq!(pmx.materials[0].index_count, 3);
        assert_eq!(pmx.materials[1].index_count, 6);
        assert_eq!(pmx.faces, vec![[0, 2, 3], [0, 1, 2], [1, 2, 3]]);
        assert_eq!(pmx.textures, vec!["a.bmp", "b.spa"]);
        assert_eq!(pmx.materials[0].texture, 0);
        assert_eq!(pmx.materials[0].sphere_texture, 1);
        assert_eq!(pmx.materials[0].sphere_mode, SphereMode::Add);
        assert_eq!(pmx.materials[0].flags & material_flags::DOUBLE_SIDED, 0);
        assert_ne!(pmx.materials[1].flags & material_flags::DOUBLE_SIDED, 0);
        assert_eq!(pmx.materials[1].texture, -1);
        assert_eq!(pmx.materials[1].ambient, [0.1, 0.2, 0.3]);
        assert_eq!(pmx.materials[1].specular, [0.1, 0.05, 0.0]);
        assert_eq!(pmx.materials[1].specular_power, 1.0);
        assert!(
            pmx.vertices
                .iter()
                .all(|v| v.weight == Weight::Bdef1 { bone: 0 })
        );
        assert_eq!(pmx.bones.len(), 1);
    }

    /// The placement MMD gives: Si × 10, then the rotations about X, Y and Z in turn, then
    /// the move; a negative Si collapses the accessory.
    #[test]
    fn local_matrix_scales_by_ten_then_rotates_x_y_z_then_moves() {
        let settings = AccessorySettings {
            position: Vec3::new(1.0, 2.0, 3.0),
            rotation: Vec3::new(90.0, 90.0, 0.0),
            scale: 2.0,
            ..AccessorySettings::default()
        };
        // (0, 1, 0) × 20 = (0, 20, 0); about X by 90° → (0, 0, 20); about Y by 90° → (20, 0, 0).
        let p = settings.local_matrix().transform_point3(Vec3::Y);
        assert!((p - Vec3::new(21.0, 2.0, 3.0)).length() < 1e-4, "{p}");
        let hidden = AccessorySettings {
            scale: -1.0,
            ..AccessorySettings::default()
        };
        assert_eq!(
            hidden.local_matrix().transform_point3(Vec3::ONE),
            Vec3::ZERO
        );
    }
}
