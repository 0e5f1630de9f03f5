//! Meshes as stored → one drawable list: indices checked (and repaired like D3DX-tolerant
//! readers do), n-gons fanned into triangles, vertices split so each has one normal, missing
//! normals computed, materials resolved and merged.

use std::collections::HashMap;

use super::parse::{MaterialRef, RawMesh, Scene};
use super::transform::normalized;
use super::warnings::Warnings;
use super::{XEncoding, XFile, XMaterial, XVertex};

/// Where a face corner's normal comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum NormalSource {
    /// An index into the mesh's `MeshNormals`.
    Given(u32),
    /// Computed from the faces around the corner's position.
    Computed,
}

/// The normal of a position no face gives a direction to (all its faces degenerate): up, so
/// that shading stays finite.
const FALLBACK_NORMAL: [f32; 3] = [0.0, 1.0, 0.0];
const WHITE: [f32; 4] = [1.0; 4];

pub(super) fn flatten(scene: Scene, encoding: XEncoding) -> XFile {
    let Scene {
        meshes,
        named_materials,
        mut warnings,
    } = scene;
    let mut out = XFile {
        vertices: Vec::new(),
        triangles: Vec::new(),
        triangle_materials: Vec::new(),
        materials: Vec::new(),
        face_count: 0,
        mesh_count: meshes.len(),
        has_normals: meshes.iter().all(|m| m.normals.is_some()),
        has_vertex_colors: meshes.iter().any(|m| m.colors.is_some()),
        encoding,
        warnings: Vec::new(),
    };
    let mut materials = Materials {
        named: &named_materials,
        by_name: HashMap::new(),
    };
    for (index, mesh) in meshes.into_iter().enumerate() {
        let mut mesh_warnings = MeshWarnings {
            warnings: &mut warnings,
            mesh: index,
        };
        let table = materials.resolve(&mesh, &mut out.materials, &mut mesh_warnings);
        add_mesh(&mesh, &table, &mut out, &mut mesh_warnings);
    }
    if out.materials.is_empty() {
        out.materials.push(XMaterial::default());
    }
    out.warnings = warnings.finish();
    out
}

/// Warnings of one mesh, prefixed with its index.
struct MeshWarnings<'w> {
    warnings: &'w mut Warnings,
    mesh: usize,
}

impl MeshWarnings<'_> {
    /// `count` things were wrong; `message` says what, given the count.
    fn count(&mut self, count: usize, message: impl FnOnce(usize) -> String) {
        if count > 0 {
            let mesh = self.mesh;
            self.warnings
                .push(|| format!("mesh {mesh}: {}", message(count)));
        }
    }
}

/// The materials merged so far, and the named ones lists may refer to.
struct Materials<'a> {
    named: &'a HashMap<Vec<u8>, XMaterial>,
    /// A named material is added once, however many lists name it.
    by_name: HashMap<Vec<u8>, u32>,
}

impl Materials<'_> {
    /// The file-wide index of each of the mesh's materials (empty without a material list),
    /// adding them to `all`.
    fn resolve(
        &mut self,
        mesh: &RawMesh,
        all: &mut Vec<XMaterial>,
        warnings: &mut MeshWarnings<'_>,
    ) -> Vec<u32> {
        let Some(list) = &mesh.material_list else {
            return Vec::new();
        };
        let add = |all: &mut Vec<XMaterial>, m: XMaterial| {
            all.push(m);
            u32::try_from(all.len() - 1).unwrap_or(u32::MAX)
        };
        list.materials
            .iter()
            .map(|entry| match entry {
                MaterialRef::Inline(m) => add(all, m.clone()),
                MaterialRef::Named(name) => {
                    if let Some(&index) = self.by_name.get(name) {
                        return index;
                    }
                    let material = match self.named.get(name) {
                        Some(m) => m.clone(),
                        None => {
                            warnings.count(1, |_| {
                                format!(
                                    "material {:?} is declared nowhere; drawn white",
                                    crate::text::decode_sjis(name)
                                )
                            });
                            XMaterial::default()
                        }
                    };
                    let index = add(all, material);
                    self.by_name.insert(name.clone(), index);
                    index
                }
            })
            .collect()
    }
}

/// Appends one mesh: its vertices, triangles and triangle materials.
fn add_mesh(mesh: &RawMesh, materials: &[u32], out: &mut XFile, warnings: &mut MeshWarnings<'_>) {
    let positions = mesh.positions.len();
    let faces = &mesh.faces;
    out.face_count += faces.len();

    // Faces naming a vertex that is not there are left out (D3DX refuses the file).
    let kept: Vec<usize> = (0..faces.len())
        .filter(|&f| faces.get(f).iter().all(|&i| (i as usize) < positions))
        .collect();
    warnings.count(faces.len() - kept.len(), |n| {
        format!("{n} faces name vertices past the {positions} given; left out")
    });

    let sources = normal_sources(mesh, &kept, warnings);
    let split = Split::new(mesh, &kept, &sources);
    let computed = split.needs_computed.then(|| computed_normals(mesh, &kept));

    let base = out.vertices.len();
    let uvs = uvs(mesh, warnings);
    let colors = colors(mesh, warnings);
    out.vertices
        .extend(split.vertices.iter().map(|&(p, source)| {
            let p = p as usize;
            let normal = match (source, &mesh.normals, &computed) {
                (NormalSource::Given(n), Some(normals), _) => normals.normals[n as usize],
                (_, _, Some(computed)) => computed[p],
                _ => FALLBACK_NORMAL,
            };
            XVertex {
                position: mesh.positions[p],
                normal,
                uv: uvs.get(p).copied().unwrap_or_default(),
                color: colors.get(p).copied().unwrap_or(WHITE),
            }
        }));

    let face_material = face_materials(mesh, faces.len(), materials, warnings);
    let mut corner = 0;
    for &f in &kept {
        let n = faces.get(f).len();
        let id = |c: usize| u32::try_from(base + split.corner_vertex[c]).unwrap_or(u32::MAX);
        for k in 1..n.saturating_sub(1) {
            out.triangles
                .push([id(corner), id(corner + k), id(corner + k + 1)]);
            out.triangle_materials.push(face_material[f]);
        }
        corner += n;
    }
}

/// Per corner of the kept faces, in order: where its normal comes from.
fn normal_sources(
    mesh: &RawMesh,
    kept: &[usize],
    warnings: &mut MeshWarnings<'_>,
) -> Vec<NormalSource> {
    let corners: usize = kept.iter().map(|&f| mesh.faces.get(f).len()).sum();
    let Some(normals) = &mesh.normals else {
        return vec![NormalSource::Computed; corners];
    };
    let count = normals.normals.len();
    let (mut missing_faces, mut mismatched, mut bad_indices) = (0, 0, 0);
    let mut sources = Vec::with_capacity(corners);
    for &f in kept {
        let face = mesh.faces.get(f);
        let normal_face = (f < normals.faces.len()).then(|| normals.faces.get(f));
        match normal_face {
            Some(nf) if nf.len() == face.len() => {
                sources.extend(nf.iter().map(|&n| {
                    if (n as usize) < count {
                        NormalSource::Given(n)
                    } else {
                        bad_indices += 1;
                        NormalSource::Computed
                    }
                }));
            }
            other => {
                if other.is_some() {
                    mismatched += 1;
                } else {
                    missing_faces += 1;
                }
                sources.extend(std::iter::repeat_n(NormalSource::Computed, face.len()));
            }
        }
    }
    let faces = mesh.faces.len();
    warnings.count(missing_faces, |n| {
        format!(
            "normals given for {} of {faces} faces; computed for the other {n}",
            normals.faces.len()
        )
    });
    warnings.count(mismatched, |n| {
        format!("{n} faces have a different number of normals than corners; normals computed")
    });
    warnings.count(bad_indices, |n| {
        format!("{n} face corners name normals past the {count} given; normals computed")
    });
    sources
}

/// The mesh's vertices once split by normal.
struct Split {
    /// (position index, normal source) of each vertex, in output order: by position, a
    /// position's first normal before the others.
    vertices: Vec<(u32, NormalSource)>,
    /// Per corner of the kept faces: its index in `vertices`.
    corner_vertex: Vec<usize>,
    needs_computed: bool,
}

impl Split {
    fn new(mesh: &RawMesh, kept: &[usize], sources: &[NormalSource]) -> Split {
        // Most positions have one normal: the first seen lives in `first`, indexed by
        // position, and only the rare others go through a map.
        let mut first: Vec<Option<NormalSource>> = vec![None; mesh.positions.len()];
        let mut others: HashMap<(u32, NormalSource), usize> = HashMap::new();
        let mut other_keys: Vec<(u32, NormalSource)> = Vec::new();
        // Per corner: `None` for the position's first normal, else its index in `other_keys`.
        let mut corner_key = Vec::with_capacity(sources.len());
        let corners = kept.iter().flat_map(|&f| mesh.faces.get(f));
        for (&p, &source) in corners.zip(sources) {
            let slot = &mut first[p as usize];
            match slot {
                None => {
                    *slot = Some(source);
                    corner_key.push(None);
                }
                Some(s) if *s == source => corner_key.push(None),
                Some(_) => {
                    let next = other_keys.len();
                    let k = *others.entry((p, source)).or_insert(next);
                    if k == next {
                        other_keys.push((p, source));
                    }
                    corner_key.push(Some(k));
                }
            }
        }

        // Output order: by position; a position's extra normals after its first, in the
        // order they appear (stable sort).
        let mut order: Vec<usize> = (0..other_keys.len()).collect();
        order.sort_by_key(|&k| other_keys[k].0);
        let mut vertices = Vec::with_capacity(first.len() + other_keys.len());
        let mut first_vertex = vec![usize::MAX; first.len()];
        let mut other_vertex = vec![usize::MAX; other_keys.len()];
        let mut next_other = order.iter().peekable();
        for (p, source) in first.iter().enumerate() {
            if let Some(source) = source {
                first_vertex[p] = vertices.len();
                vertices.push((p as u32, *source));
            }
            while let Some(&&k) = next_other.peek() {
                if other_keys[k].0 as usize != p {
                    break;
                }
                other_vertex[k] = vertices.len();
                vertices.push(other_keys[k]);
                next_other.next();
            }
        }
        let corners = kept.iter().flat_map(|&f| mesh.faces.get(f));
        let corner_vertex = corners
            .zip(&corner_key)
            .map(|(&p, key)| match key {
                None => first_vertex[p as usize],
                Some(k) => other_vertex[*k],
            })
            .collect();
        let needs_computed = vertices.iter().any(|v| v.1 == NormalSource::Computed);
        Split {
            vertices,
            corner_vertex,
            needs_computed,
        }
    }
}

/// Per position: the area-weighted average of the normals of the triangles around it.
fn computed_normals(mesh: &RawMesh, kept: &[usize]) -> Vec<[f32; 3]> {
    let mut sums = vec![[0.0f32; 3]; mesh.positions.len()];
    let at = |i: u32| mesh.positions[i as usize];
    for &f in kept {
        let face = mesh.faces.get(f);
        for k in 1..face.len().saturating_sub(1) {
            let tri = [face[0], face[k], face[k + 1]];
            let [a, b, c] = tri.map(at);
            // The cross product's length is twice the area: larger faces weigh more. With
            // Direct3D's clockwise fronts, (b − a) × (c − a) points out of the front.
            let n = cross(sub(b, a), sub(c, a));
            for i in tri {
                let s = &mut sums[i as usize];
                *s = [s[0] + n[0], s[1] + n[1], s[2] + n[2]];
            }
        }
    }
    sums.into_iter()
        .map(|s| normalized(s).unwrap_or(FALLBACK_NORMAL))
        .collect()
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Texture coordinates per position; missing ones read as (0, 0).
fn uvs<'m>(mesh: &'m RawMesh, warnings: &mut MeshWarnings<'_>) -> &'m [[f32; 2]] {
    let Some(uvs) = &mesh.uvs else {
        return &[];
    };
    let positions = mesh.positions.len();
    warnings.count(positions.saturating_sub(uvs.len()), |n| {
        format!(
            "texture coordinates for {} of {positions} vertices; the other {n} set to (0, 0)",
            uvs.len()
        )
    });
    uvs
}

/// Vertex colours per position; vertices without one are white.
fn colors(mesh: &RawMesh, warnings: &mut MeshWarnings<'_>) -> Vec<[f32; 4]> {
    let Some(entries) = &mesh.colors else {
        return Vec::new();
    };
    let positions = mesh.positions.len();
    let mut colors = vec![WHITE; positions];
    let mut bad = 0;
    for &(index, color) in entries {
        match colors.get_mut(index as usize) {
            Some(slot) => *slot = color,
            None => bad += 1,
        }
    }
    warnings.count(bad, |n| {
        format!("{n} vertex colours name vertices past the {positions} given; ignored")
    });
    colors
}

/// Per face: its file-wide material index.
fn face_materials(
    mesh: &RawMesh,
    faces: usize,
    table: &[u32],
    warnings: &mut MeshWarnings<'_>,
) -> Vec<u32> {
    let Some(list) = &mesh.material_list else {
        return vec![0; faces];
    };
    let given = &list.face_materials;
    // One index for all faces is a compact form D3DX writes; with more faces than indices
    // the last index carries on.
    if given.len() < faces && given.len() != 1 {
        warnings.count(faces - given.len(), |n| {
            format!(
                "material list gives materials for {} of {faces} faces; the other {n} use the last",
                given.len()
            )
        });
    }
    let last = given.last().copied();
    let mut bad = 0;
    let out = (0..faces)
        .map(|f| {
            let local = given.get(f).copied().or(last);
            match local.and_then(|m| table.get(m as usize)) {
                Some(&global) => global,
                None => {
                    bad += 1;
                    table.first().copied().unwrap_or(0)
                }
            }
        })
        .collect();
    let materials = table.len();
    warnings.count(bad, |n| {
        format!("{n} faces name materials past the {materials} given; drawn with material 0")
    });
    out
}
