//! `mmd-player inspect FILE [--json]`: what a PMX, PMD, VMD, VPD, `.x` or `.vac` file holds.
//!
//! With `--json`, exactly one JSON object on stdout (a contract tests rely on): models report
//! `format`, `version`, `encoding`, `name`, their counts and `warnings` (the references that
//! point nowhere, which the reader neutralised: `{"offset": byte, "message": …}` each; then
//! the rigid bodies and joints physics repairs or leaves out, with `"offset": null`), motions
//! their key counts and last frame, poses their bone and morph counts. Accessories (`.x`)
//! report their encoding, mesh, vertex, face and triangle counts, whether normals and vertex
//! colours are in the file, each material in `material_list` and the reader's repairs in
//! `warnings` (plain sentences); accessory settings (`.vac`) report all six fields. Without
//! `--json`, the same as a readable summary, the warnings last, one a line. A file that reads
//! with warnings is inspected like any other (exit status 0).

use std::collections::{BTreeMap, HashSet};

use anyhow::{Context, Result};
use mmd_format::ReadWarning;
use mmd_format::any::{AnyFile, read_any};
use mmd_format::convert::pmd_to_pmx;
use mmd_format::pmd::Pmd;
use mmd_format::pmx::{Pmx, TextEncoding, Weight, bone_flags};
use mmd_format::vac::Vac;
use mmd_format::vmd::Vmd;
use mmd_format::vpd::Vpd;
use mmd_format::xfile::{XEncoding, XFile, XMaterial, XSphereMode};
use mmd_physics::{ModelPhysics, PhysicsOptions};
use serde_json::{Map, Value, json};

use crate::cli::InspectArgs;

pub fn run(args: &InspectArgs) -> Result<()> {
    let path = &args.file;
    let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
    let file = read_any(&bytes).with_context(|| format!("{}", path.display()))?;
    let summary = match &file {
        AnyFile::Pmx(pmx) => pmx_summary(pmx),
        AnyFile::Pmd(pmd) => pmd_summary(pmd),
        AnyFile::Vmd(vmd) => vmd_summary(vmd),
        AnyFile::Vpd(vpd) => vpd_summary(vpd),
        AnyFile::X(x) => x_summary(x),
        AnyFile::Vac(vac) => vac_summary(vac),
    };
    if args.json {
        println!("{}", Value::Object(summary));
    } else {
        print!("{}", readable(&path.display().to_string(), &summary));
    }
    Ok(())
}

/// The counts every model reports, whatever its format.
fn model_counts(pmx: &Pmx) -> Map<String, Value> {
    let bones = &pmx.bones;
    let count = |flag: u16| bones.iter().filter(|b| b.has(flag)).count();
    let ik_links: usize = bones
        .iter()
        .filter_map(|b| b.ik.as_ref())
        .map(|ik| ik.links.len())
        .sum();
    let mut morph_kinds = BTreeMap::new();
    for morph in &pmx.morphs {
        *morph_kinds
            .entry(morph.offsets.kind_name())
            .or_insert(0usize) += 1;
    }
    let mut weight_kinds = BTreeMap::new();
    for vertex in &pmx.vertices {
        let kind = match vertex.weight {
            Weight::Bdef1 { .. } => "bdef1",
            Weight::Bdef2 { .. } => "bdef2",
            Weight::Bdef4 { .. } => "bdef4",
            Weight::Sdef { .. } => "sdef",
            Weight::Qdef { .. } => "qdef",
        };
        *weight_kinds.entry(kind).or_insert(0usize) += 1;
    }
    let appends = bones
        .iter()
        .filter(|b| b.has(bone_flags::APPEND_ROTATE) || b.has(bone_flags::APPEND_TRANSLATE))
        .count();
    let value = json!({
        "vertices": pmx.vertices.len(),
        "weight_kinds": weight_kinds,
        "faces": pmx.faces.len(),
        "materials": pmx.materials.len(),
        "textures": pmx.textures.len(),
        "bones": bones.len(),
        "ik_bones": count(bone_flags::IK),
        "ik_links": ik_links,
        "append_bones": appends,
        "append_rotate": count(bone_flags::APPEND_ROTATE),
        "append_translate": count(bone_flags::APPEND_TRANSLATE),
        "append_local": count(bone_flags::APPEND_LOCAL),
        "morphs": pmx.morphs.len(),
        "morph_kinds": morph_kinds,
        "display_frames": pmx.display_frames.len(),
        "rigid_bodies": pmx.rigid_bodies.len(),
        "joints": pmx.joints.len(),
        "soft_bodies": pmx.soft_bodies.len(),
    });
    into_object(value)
}

/// The reader's warnings, in file order, then what physics repairs or leaves out of `pmx`
/// (rigid bodies and joints it cannot simulate), which has no byte offset.
fn warnings(warnings: &[ReadWarning], pmx: &Pmx) -> Value {
    let physics = match ModelPhysics::check(pmx, &PhysicsOptions::default()) {
        Ok(found) => found.iter().map(|w| format!("physics: {w}")).collect(),
        Err(e) => vec![format!("physics: {e}")],
    };
    warnings
        .iter()
        .map(|w| json!({"offset": w.offset, "message": w.message}))
        .chain(
            physics
                .into_iter()
                .map(|message| json!({"offset": null, "message": message})),
        )
        .collect()
}

/// The map inside a `json!({...})` object literal.
fn into_object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// An f32 as the decimal it was written as (a version 2.1, not 2.0999999046325684).
fn decimal(v: f32) -> Value {
    v.to_string()
        .parse::<f64>()
        .map_or_else(|_| json!(f64::from(v)), |d| json!(d))
}

fn pmx_summary(pmx: &Pmx) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("format".into(), json!("pmx"));
    map.insert("version".into(), decimal(pmx.header.version));
    let encoding = match pmx.header.encoding {
        TextEncoding::Utf16Le => "utf16le",
        TextEncoding::Utf8 => "utf8",
    };
    map.insert("encoding".into(), json!(encoding));
    map.insert("name".into(), json!(pmx.name));
    map.insert("name_en".into(), json!(pmx.name_en));
    map.insert(
        "additional_uvs".into(),
        json!(pmx.header.additional_uv_count),
    );
    map.extend(model_counts(pmx));
    map.insert("warnings".into(), warnings(&pmx.warnings, pmx));
    map
}

/// PMD counts are those of the PMX the model converts to (the same the player uses), except
/// the mesh, skeleton and physics sizes, which are the file's own.
fn pmd_summary(pmd: &Pmd) -> Map<String, Value> {
    let pmx = pmd_to_pmx(pmd);
    let mut map = Map::new();
    map.insert("format".into(), json!("pmd"));
    map.insert("version".into(), decimal(pmd.version));
    map.insert("encoding".into(), json!("shift_jis"));
    map.insert("name".into(), json!(pmx.name));
    map.insert("name_en".into(), json!(pmx.name_en));
    map.extend(model_counts(&pmx));
    let physics = pmd.physics.as_ref();
    map.insert("vertices".into(), json!(pmd.vertices.len()));
    map.insert("faces".into(), json!(pmd.faces.len()));
    map.insert("materials".into(), json!(pmd.materials.len()));
    map.insert("bones".into(), json!(pmd.bones.len()));
    map.insert(
        "rigid_bodies".into(),
        json!(physics.map_or(0, |p| p.rigid_bodies.len())),
    );
    map.insert(
        "joints".into(),
        json!(physics.map_or(0, |p| p.joints.len())),
    );
    map.insert("english".into(), json!(pmd.english.is_some()));
    map.insert("warnings".into(), warnings(&pmx.warnings, &pmx));
    map
}

fn vmd_summary(vmd: &Vmd) -> Map<String, Value> {
    let distinct = |names: Vec<[u8; 15]>| names.into_iter().collect::<HashSet<_>>().len();
    let ik_entries = vmd.ik_keys.iter().flat_map(|k| &k.iks);
    let value = json!({
        "format": "vmd",
        "model_name": vmd.model_name.decode(),
        "bone_keys": vmd.bone_keys.len(),
        "bones": distinct(vmd.bone_keys.iter().map(|k| k.name.bytes).collect()),
        "morph_keys": vmd.morph_keys.len(),
        "morphs": distinct(vmd.morph_keys.iter().map(|k| k.name.bytes).collect()),
        "camera_keys": vmd.camera_keys.len(),
        "light_keys": vmd.light_keys.len(),
        "shadow_keys": vmd.shadow_keys.len(),
        "ik_keys": vmd.ik_keys.len(),
        "ik_entries": ik_entries.clone().count(),
        "ik_disabled": ik_entries.filter(|s| s.enabled == 0).count(),
        "last_frame": vmd.last_frame(),
    });
    into_object(value)
}

fn vpd_summary(vpd: &Vpd) -> Map<String, Value> {
    let value = json!({
        "format": "vpd",
        "model_name": vpd.model_name,
        "bones": vpd.bones.len(),
        "morphs": vpd.morphs.len(),
    });
    into_object(value)
}

fn decimals(values: &[f32]) -> Value {
    values.iter().map(|&v| decimal(v)).collect()
}

fn x_summary(x: &XFile) -> Map<String, Value> {
    let encoding = match x.encoding {
        XEncoding::Text => "text",
        XEncoding::Binary => "binary",
        XEncoding::CompressedText => "compressed text",
        XEncoding::CompressedBinary => "compressed binary",
    };
    let value = json!({
        "format": "x",
        "encoding": encoding,
        "meshes": x.mesh_count,
        "vertices": x.vertices.len(),
        "faces": x.face_count,
        "triangles": x.triangles.len(),
        "materials": x.materials.len(),
        "material_list": x.materials.iter().map(x_material).collect::<Vec<_>>(),
        "normals": x.has_normals,
        "vertex_colors": x.has_vertex_colors,
        "warnings": x.warnings,
    });
    into_object(value)
}

/// One material: its colours, and its texture name split MMD's way (`a.bmp*b.sph`).
fn x_material(m: &XMaterial) -> Value {
    let parts = m.texture_parts();
    let sphere_mode = match parts.sphere_mode {
        XSphereMode::None => "none",
        XSphereMode::Multiply => "multiply",
        XSphereMode::Add => "add",
    };
    json!({
        "diffuse": decimals(&m.diffuse),
        "power": decimal(m.power),
        "specular": decimals(&m.specular),
        "emissive": decimals(&m.emissive),
        "texture": parts.texture,
        "sphere": parts.sphere,
        "sphere_mode": sphere_mode,
    })
}

fn vac_summary(vac: &Vac) -> Map<String, Value> {
    let value = json!({
        "format": "vac",
        "name": vac.name,
        "x_file": vac.x_file,
        "scale": decimal(vac.scale),
        "position": decimals(&vac.position),
        "rotation_degrees": decimals(&vac.rotation_degrees),
        "parent_bone": vac.parent_bone,
    });
    into_object(value)
}

/// A value on a readable line: strings bare, number lists as `a, b, c`, nothing as `none`,
/// nested counts as `kind count, …`.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "none".to_string(),
        Value::Array(items) => items.iter().map(shown).collect::<Vec<_>>().join(", "),
        Value::Object(kinds) if kinds.is_empty() => "-".to_string(),
        Value::Object(kinds) => kinds
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

/// One material of `material_list` on a line: `material 0: diffuse 0.8, 0.8, 0.8, 1.0; …`.
fn material_line(index: usize, m: &Value) -> String {
    let mut line = format!(
        "    material {index}: diffuse {}; power {}; specular {}; emissive {}",
        shown(&m["diffuse"]),
        shown(&m["power"]),
        shown(&m["specular"]),
        shown(&m["emissive"]),
    );
    if let Value::String(texture) = &m["texture"] {
        line.push_str(&format!("; texture {texture}"));
    }
    if let Value::String(sphere) = &m["sphere"] {
        line.push_str(&format!("; sphere {sphere} ({})", shown(&m["sphere_mode"])));
    }
    line.push('\n');
    line
}

/// One `key: value` line per entry (what the file is first, then the counts alphabetically),
/// nested objects flattened as `kind count, …`; then the warnings, their count and one line
/// each ("byte N: …").
fn readable(path: &str, summary: &Map<String, Value>) -> String {
    const FIRST: [&str; 6] = [
        "format",
        "version",
        "encoding",
        "name",
        "name_en",
        "model_name",
    ];
    let first = FIRST.iter().filter_map(|&k| summary.get_key_value(k));
    let rest = summary.iter().filter(|(k, _)| {
        !FIRST.contains(&k.as_str()) && !matches!(k.as_str(), "warnings" | "material_list")
    });
    let mut out = format!("{path}\n");
    for (key, value) in first.chain(rest) {
        out.push_str(&format!("  {:<18}{}\n", format!("{key}:"), shown(value)));
        // An accessory's materials, one a line under their count.
        if let ("materials", Some(Value::Array(materials))) =
            (key.as_str(), summary.get("material_list"))
        {
            for (i, m) in materials.iter().enumerate() {
                out.push_str(&material_line(i, m));
            }
        }
    }
    if let Some(Value::Array(warnings)) = summary.get("warnings") {
        out.push_str(&format!("  {:<18}{}\n", "warnings:", warnings.len()));
        for w in warnings {
            match w {
                // An accessory's repairs are sentences without a byte offset.
                Value::String(message) => out.push_str(&format!("    {message}\n")),
                _ => {
                    let message = w["message"].as_str().unwrap_or_default();
                    match w["offset"].as_u64() {
                        Some(offset) => out.push_str(&format!("    byte {offset}: {message}\n")),
                        None => out.push_str(&format!("    {message}\n")),
                    }
                }
            }
        }
    }
    out
}
