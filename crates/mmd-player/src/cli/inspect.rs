//! `mmd-player inspect FILE [--json]`: what a PMX, PMD, VMD, VPD, `.x`, `.vac` or `.pmm` file
//! holds, or how long a music file plays.
//!
//! With `--json`, exactly one JSON object on stdout (a contract tests rely on): models report
//! `format`, `version`, `encoding`, `name`, their counts and `warnings` (the references that
//! point nowhere, which the reader neutralised: `{"offset": byte, "message": …}` each; then
//! the rigid bodies and joints physics repairs or leaves out, with `"offset": null`), motions
//! their key counts and last frame, poses their bone and morph counts. Accessories (`.x`)
//! report their encoding, mesh, vertex, face and triangle counts, whether normals and vertex
//! colours are in the file, each material in `material_list` and the reader's repairs in
//! `warnings` (plain sentences); accessory settings (`.vac`) report all six fields. Projects
//! (`.pmm`) report their version, output size, fps, play range, music, each model (name, path,
//! track and key counts per kind) in `models`, the camera, light, self-shadow and gravity key
//! counts, each accessory (name, path, parent, key count) in `accessories`, and the reader's
//! `warnings`; a version 0001 project is read with its models' files, found at the path it
//! names or by file name beside the project. Without `--json`, the same as a readable summary,
//! models and accessories one a line, the warnings last, one a line. A file that reads with
//! warnings is inspected like any other (exit status 0). Music (told apart as the scene does:
//! by its first bytes or its name) reports its `seconds`, `sample_rate` and `channels`. A file
//! that cannot be read fails in the words the scene and the window use for it
//! ([`FileProblem`]).

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use anyhow::{Result, anyhow};
use mmd_format::any::{AnyFile, detect, read_any};
use mmd_format::convert::pmd_to_pmx;
use mmd_format::pmd::Pmd;
use mmd_format::pmm::{self, ModelBone, ModelRef, ModelShape, Pmm, PmmVersion};
use mmd_format::pmx::{Pmx, TextEncoding, Weight, bone_flags};
use mmd_format::vac::Vac;
use mmd_format::vmd::Vmd;
use mmd_format::vpd::Vpd;
use mmd_format::xfile::{XEncoding, XFile, XMaterial, XSphereMode};
use mmd_format::{Format, ReadWarning};
use mmd_physics::{ModelPhysics, PhysicsOptions};
use mmd_scene::media::music::{self, Music};
use mmd_scene::project::read_error::{FileProblem, read_bytes};
use mmd_scene::project::{
    self,
    document::{Document, FileRef},
};
use serde_json::{Map, Value, json};

use crate::cli::InspectArgs;

pub fn run(args: &InspectArgs) -> Result<()> {
    let path = &args.file;
    // A bad file in the words the scene loader and the window use (`FileProblem`).
    let named = |problem: FileProblem| anyhow!("{}: {problem}", path.display());
    let bytes = read_bytes(path).map_err(named)?;
    if music::is_music(path, &bytes) {
        let music = Music::from_bytes(path, bytes).map_err(|e| named(e.into()))?;
        show(args, &music_summary(&music));
        return Ok(());
    }
    if project::is_project(&bytes) {
        let (document, unknown) = project::read(path, &bytes)?;
        show(args, &project_summary(&document, &unknown));
        return Ok(());
    }
    let file = if detect(&bytes) == Some(Format::Pmm) {
        let project = pmm::read_with_models(&bytes, |model| shape_beside(path, model));
        AnyFile::Pmm(Box::new(project.map_err(|e| named(e.into()))?))
    } else {
        read_any(&bytes).map_err(|e| named(e.into()))?
    };
    let summary = match &file {
        AnyFile::Pmx(pmx) => pmx_summary(pmx),
        AnyFile::Pmd(pmd) => pmd_summary(pmd),
        AnyFile::Vmd(vmd) => vmd_summary(vmd),
        AnyFile::Vpd(vpd) => vpd_summary(vpd),
        AnyFile::X(x) => x_summary(x),
        AnyFile::Vac(vac) => vac_summary(vac),
        AnyFile::Pmm(project) => pmm_summary(project),
    };
    show(args, &summary);
    Ok(())
}

/// What one of our projects names: each model with its layers' files, the tracks,
/// accessories (and how many keys move them) and music, gravity and camera-follow keys, the
/// settings that shape a render, and the fields this version does not know.
fn project_summary(document: &Document, unknown: &[String]) -> Map<String, Value> {
    let file = |f: &FileRef| match f {
        FileRef::Bundled => "bundled".to_owned(),
        FileRef::File(path) => path.clone(),
    };
    let models: Vec<Value> = document
        .models
        .iter()
        .map(|m| {
            let layers: Vec<Vec<String>> = m
                .layers
                .iter()
                .map(|l| l.files.iter().map(file).collect())
                .collect();
            let path = file(&m.file);
            let name = path.rsplit('/').next().unwrap_or(&path).to_owned();
            json!({
                "name": name,
                "path": path,
                "position": m.position,
                "layers": layers,
                "outside_parents": m.outside_parents.len(),
            })
        })
        .collect();
    let value = json!({
        "format": "mmd-player project",
        "version": document.version,
        "models": models,
        "camera": document.camera.as_ref().map(file),
        "light": document.light.as_ref().map(file),
        "self_shadow": document.self_shadow.as_ref().map(file),
        "accessories": document.accessories.iter().map(|a| a.file.clone()).collect::<Vec<_>>(),
        "accessory_keys": document.accessories.iter().map(|a| a.keys.len()).sum::<usize>(),
        "gravity_keys": document.gravity.len(),
        "camera_follow_keys": document.camera_follow.len(),
        "music": document.music.as_ref().map(|m| m.file.clone()),
        "physics": format!("{:?}", document.physics.mode).to_lowercase(),
        "size": [document.export.width, document.export.height],
        "fps": document.export.fps,
        "unknown_fields": unknown,
    });
    into_object(value)
}

/// Prints `summary` as JSON or as the readable summary, as `args` asks.
fn show(args: &InspectArgs, summary: &Map<String, Value>) {
    if args.json {
        println!("{}", Value::Object(summary.clone()));
    } else {
        print!("{}", readable(&args.file.display().to_string(), summary));
    }
}

/// A music file the scene would play: how long it sounds (seconds, to the millisecond), its
/// sample rate and channels.
fn music_summary(music: &Music) -> Map<String, Value> {
    let value = json!({
        "format": "music",
        "seconds": (music.duration() * 1000.0).round() / 1000.0,
        "sample_rate": music.sample_rate(),
        "channels": music.channels(),
    });
    into_object(value)
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

/// The shape of a version 0001 project's model, from the PMD the project names, found as the
/// player finds it (the path as written, else its tail under the project's folder or one
/// above: [`mmd_scene::project::relocate`]).
fn shape_beside(project: &Path, model: &ModelRef<'_>) -> Option<ModelShape> {
    let folder = project.parent().unwrap_or(Path::new("."));
    let found = mmd_scene::project::relocate::relocate(folder, model.path)?;
    let pmd = mmd_format::pmd::read(&std::fs::read(found).ok()?).ok()?;
    Some(ModelShape::of_pmd(&pmd))
}

/// A model's and bone's names for a picked bone, or its indices where the tables end.
fn model_bone(project: &Pmm, picked: ModelBone) -> Value {
    let Some((m, b)) = picked.get() else {
        return Value::Null;
    };
    match project.models.get(m) {
        Some(model) => json!({
            "model": model.name,
            "bone": model.bone_names.get(b).map_or_else(|| json!(b), |name| json!(name)),
        }),
        None => json!({"model": m, "bone": b}),
    }
}

fn pmm_summary(project: &Pmm) -> Map<String, Value> {
    let version = match project.version {
        PmmVersion::V1 => "0001",
        PmmVersion::V2 => "0002",
    };
    let models: Vec<Value> = project
        .models
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "path": m.path,
                "bones": m.bone_names.len(),
                "morphs": m.morph_names.len(),
                "ik_bones": m.ik_bones.len(),
                "bone_keys": m.bone_tracks.iter().map(Vec::len).sum::<usize>(),
                "morph_keys": m.morph_tracks.iter().map(Vec::len).sum::<usize>(),
                "model_keys": m.model_keys.len(),
                "outside_parent_keys": m.model_keys.iter()
                    .filter(|k| k.outside_parents.iter().any(|p| p.get().is_some()))
                    .count(),
            })
        })
        .collect();
    let accessories: Vec<Value> = project
        .accessories
        .iter()
        .map(|a| {
            json!({
                "name": a.name,
                "path": a.path,
                "parent": model_bone(project, a.current.parent),
                "keys": a.keys.len(),
                "additive": a.additive,
            })
        })
        .collect();
    let range = &project.play_range;
    let value = json!({
        "format": "pmm",
        "version": version,
        "output_size": project.output_size,
        "fps": decimal(project.fps),
        "play_from": range.start.get(),
        "play_to": range.end.get(),
        "play_loop": range.looped,
        "audio": project.audio.enabled.then_some(&project.audio.path),
        "models": models,
        "camera_keys": project.camera.keys.len(),
        "camera_follow_keys": project.camera.keys.iter()
            .filter(|k| k.follow.get().is_some())
            .count(),
        "light_keys": project.light.keys.len(),
        "self_shadow_keys": project.self_shadow.as_ref().map_or(0, |s| s.keys.len()),
        "gravity_keys": project.physics.as_ref().map_or(0, |p| p.gravity.keys.len()),
        "accessories": accessories,
        "accessory_keys": project.accessories.iter().map(|a| a.keys.len()).sum::<usize>(),
        "trailing_bytes": project.trailing.len(),
        "warnings": project.warnings.iter()
            .map(|w| json!({"offset": w.offset, "message": w.message}))
            .collect::<Vec<_>>(),
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

/// One model or accessory of a project on a line: `0: name, path; bones 4, bone_keys 7, …`.
fn entry_line(index: usize, entry: &Value) -> String {
    const TITLE: [&str; 2] = ["name", "path"];
    let Value::Object(fields) = entry else {
        return format!("    {index}: {}\n", shown(entry));
    };
    let title: Vec<String> = TITLE
        .iter()
        .filter_map(|&k| fields.get(k))
        .map(shown)
        .collect();
    let rest: Vec<String> = fields
        .iter()
        .filter(|(k, _)| !TITLE.contains(&k.as_str()))
        .map(|(k, v)| format!("{k} {}", shown(v)))
        .collect();
    format!("    {index}: {}; {}\n", title.join(", "), rest.join(", "))
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
        // A project's models and accessories: their count, then one a line.
        if let Value::Array(entries) = value
            && entries.iter().all(Value::is_object)
        {
            out.push_str(&format!("  {:<18}{}\n", format!("{key}:"), entries.len()));
            for (i, entry) in entries.iter().enumerate() {
                out.push_str(&entry_line(i, entry));
            }
            continue;
        }
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
