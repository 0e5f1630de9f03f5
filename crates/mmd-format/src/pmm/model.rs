//! A model's part of a project: its header (names and the tables its tracks go by), its key
//! tables, the pose being edited and (0002) how it is drawn.
//!
//! A 0002 model lists its bone and morph names, IK bones and outside-parent bones. A 0001
//! model lists none of them, not even their counts: MMD took them from the PMD file at the
//! model's path, in the PMD's bone, morph (with the base morph) and IK-list order. nanoem's
//! `nanoemDocumentModelParsePMMv1` asks its caller for the model the same way; pymeshio's and
//! MikuMiku's 0001 readers read the PMD. Reading a 0001 model therefore needs its
//! [`ModelShape`].

use super::records::{self, key_table};
use super::tracks::link;
use super::{ModelPose, ModelRender, PmmModel, PmmVersion};
use crate::binary::{Ctx, Reader};
use crate::error::{ErrorKind, Result};
use crate::pmd::Pmd;
use crate::text::decode_sjis;
use crate::warning::Warnings;

/// Byte sizes of the fixed text fields.
pub(super) const PATH_SIZE: usize = 256;
pub(super) const V1_MODEL_NAME_SIZE: usize = 20;

/// What a 0001 project takes from each model's file: the names of its bones, morphs and the
/// bone index of each IK, in the model's order. Their counts size the model's key tables.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelShape {
    pub bone_names: Vec<String>,
    /// With the base morph first, as a PMD lists its morphs.
    pub morph_names: Vec<String>,
    /// The IK bone of each IK, in the PMD's IK order.
    pub ik_bones: Vec<i32>,
}

impl ModelShape {
    /// The shape MMD 0001 projects take from a PMD.
    pub fn of_pmd(pmd: &Pmd) -> ModelShape {
        ModelShape {
            bone_names: pmd.bones.iter().map(|b| b.name.decode()).collect(),
            morph_names: pmd.morphs.iter().map(|m| m.name.decode()).collect(),
            ik_bones: pmd.iks.iter().map(|ik| i32::from(ik.bone)).collect(),
        }
    }
}

/// A 0001 model as its header names it: what a caller needs to find its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelRef<'a> {
    /// Position among the project's models.
    pub index: usize,
    pub name: &'a str,
    /// As written: usually an absolute Windows path.
    pub path: &'a str,
}

/// A fixed, NUL-terminated Shift-JIS field of `size` bytes.
pub(super) fn fixed_text(r: &mut Reader<'_>, size: usize) -> Result<String> {
    let field = r.take(size)?;
    let end = field.iter().position(|&b| b == 0).unwrap_or(size);
    Ok(decode_sjis(&field[..end]))
}

/// A `u8` length, then that many Shift-JIS bytes.
fn var_text(r: &mut Reader<'_>) -> Result<String> {
    let len = usize::from(r.u8()?);
    Ok(decode_sjis(r.take(len)?))
}

/// Reads model `index`; `shape_of` gives a 0001 model's shape.
pub(super) fn read_model(
    r: &mut Reader<'_>,
    version: PmmVersion,
    index: usize,
    shape_of: &mut dyn FnMut(&ModelRef<'_>) -> Option<ModelShape>,
    warnings: &mut Warnings,
) -> Result<PmmModel> {
    let slot = r.u8()?;
    let mut model = PmmModel {
        slot,
        ..PmmModel::default()
    };
    match version {
        PmmVersion::V2 => {
            model.name = var_text(r).ctx(|| "name")?;
            model.name_en = var_text(r).ctx(|| "English name")?;
            model.path = fixed_text(r, PATH_SIZE).ctx(|| "path")?;
            model.editor.fixed_tracks = r.u8()?;
            model.bone_names = names(r).ctx(|| "bone names")?;
            model.morph_names = names(r).ctx(|| "morph names")?;
            let bones = model.bone_names.len();
            model.ik_bones = bone_indices(r, bones, false, "IK bone", warnings)?;
            model.outside_parent_bones =
                bone_indices(r, bones, true, "outside-parent bone", warnings)?;
        }
        PmmVersion::V1 => {
            model.name = fixed_text(r, V1_MODEL_NAME_SIZE).ctx(|| "name")?;
            model.path = fixed_text(r, PATH_SIZE).ctx(|| "path")?;
            let at = r.pos();
            let model_ref = ModelRef {
                index,
                name: &model.name,
                path: &model.path,
            };
            let shape = shape_of(&model_ref)
                .ok_or_else(|| r.error_at(at, ErrorKind::ModelNeeded(model.path.clone())))?;
            model.bone_names = shape.bone_names;
            model.morph_names = shape.morph_names;
            model.ik_bones = shape.ik_bones;
        }
    }
    model.draw_order = r.u8()?;
    model.visible = r.u8()? != 0;
    model.editor.selected_bone = r.i32()?;
    for selected in &mut model.editor.selected_morphs {
        *selected = r.i32()?;
    }
    let expanded = usize::from(r.u8()?);
    model.editor.expanded_frames = r.take(expanded).ctx(|| "expanded frames")?.to_vec();
    model.editor.vertical_scroll = r.i32()?;
    model.editor.last_frame = r.i32()?;
    read_keys(r, version, &mut model, warnings)?;
    model.current = read_pose(r, version, &model)?;
    if version == PmmVersion::V2 {
        model.render = Some(ModelRender {
            additive: r.u8()? != 0,
            edge_width: r.f32()?,
            self_shadow: r.u8()? != 0,
            transform_order: r.u8()?,
        });
    }
    Ok(model)
}

/// A count, then that many `u8`-length names.
fn names(r: &mut Reader<'_>) -> Result<Vec<String>> {
    let count = r.count_i32(1)?;
    let mut names = Vec::with_capacity(count);
    for i in 0..count {
        names.push(var_text(r).ctx(|| format!("name {i}"))?);
    }
    Ok(names)
}

/// A count, then that many bone indices; one past `bones` (or negative, unless
/// `whole_model_allowed` lets -1 through) is kept with a warning.
fn bone_indices(
    r: &mut Reader<'_>,
    bones: usize,
    whole_model_allowed: bool,
    what: &'static str,
    warnings: &mut Warnings,
) -> Result<Vec<i32>> {
    let count = r.count_i32(4).ctx(|| format!("{what} count"))?;
    let mut indices = Vec::with_capacity(count);
    for _ in 0..count {
        let at = r.pos();
        let index = r.i32().ctx(|| format!("{what}s"))?;
        let valid = match usize::try_from(index) {
            Ok(i) => i < bones,
            Err(_) => whole_model_allowed && index == -1,
        };
        if !valid {
            warnings.index(at, "bone", i64::from(index), bones, "kept as written");
        }
        indices.push(index);
    }
    Ok(indices)
}

/// The bone, morph and model key tables, linked into tracks.
fn read_keys(
    r: &mut Reader<'_>,
    version: PmmVersion,
    model: &mut PmmModel,
    warnings: &mut Warnings,
) -> Result<()> {
    let table = key_table(
        r,
        model.bone_names.len(),
        records::bone_body_size(version),
        "bone",
        |r| records::bone_key(r, version),
    )?;
    let bone_names = &model.bone_names;
    model.bone_tracks = link(
        table,
        &format!("model {:?}: bone keys", model.name),
        &|t| format!("model {:?}: bone {:?}", model.name, name_at(bone_names, t)),
        warnings,
    );
    let table = key_table(
        r,
        model.morph_names.len(),
        records::MORPH_BODY_SIZE,
        "morph",
        records::morph_key,
    )?;
    let morph_names = &model.morph_names;
    model.morph_tracks = link(
        table,
        &format!("model {:?}: morph keys", model.name),
        &|t| {
            format!(
                "model {:?}: morph {:?}",
                model.name,
                name_at(morph_names, t)
            )
        },
        warnings,
    );
    let (iks, outside_parents) = (model.ik_bones.len(), model.outside_parent_bones.len());
    let table = key_table(
        r,
        1,
        records::model_body_size(version, iks, outside_parents),
        "model",
        |r| records::model_key(r, version, iks, outside_parents),
    )?;
    let keys = format!("model {:?}: show/IK keys", model.name);
    model.model_keys = link(table, &keys, &|_| keys.clone(), warnings)
        .into_iter()
        .flatten()
        .collect();
    Ok(())
}

/// Track `t`'s name for a warning.
fn name_at(names: &[String], t: usize) -> &str {
    names.get(t).map_or("", String::as_str)
}

/// The pose being edited: a state per bone, a weight per morph, a flag per IK bone and
/// (0002) a state per outside-parent bone.
fn read_pose(r: &mut Reader<'_>, version: PmmVersion, model: &PmmModel) -> Result<ModelPose> {
    let bones = r
        .check_count(
            model.bone_names.len() as u64,
            records::bone_state_size(version),
        )
        .ctx(|| "bone states")?;
    let bones = (0..bones)
        .map(|i| records::bone_state(r, version).ctx(|| format!("bone state {i}")))
        .collect::<Result<_>>()?;
    let morphs = r
        .check_count(model.morph_names.len() as u64, 4)
        .ctx(|| "morph states")?;
    let morphs = (0..morphs)
        .map(|_| r.f32())
        .collect::<Result<_>>()
        .ctx(|| "morph states")?;
    let iks = r
        .take(model.ik_bones.len())
        .ctx(|| "IK states")?
        .iter()
        .map(|&b| b != 0)
        .collect();
    let outside_parents = match version {
        PmmVersion::V1 => Vec::new(),
        PmmVersion::V2 => {
            let count = r
                .check_count(
                    model.outside_parent_bones.len() as u64,
                    records::OUTSIDE_PARENT_STATE_SIZE,
                )
                .ctx(|| "outside-parent states")?;
            (0..count)
                .map(|i| {
                    records::outside_parent_state(r).ctx(|| format!("outside-parent state {i}"))
                })
                .collect::<Result<_>>()?
        }
    };
    Ok(ModelPose {
        bones,
        morphs,
        iks,
        outside_parents,
    })
}
