//! The text writer: an [`XFile`] as one `Mesh`, in the layout D3DX writes.

use std::fmt::Write;

use super::XFile;
use crate::text::encode_sjis;

/// Writes `file` as a text `.x` (CR LF lines): one `Mesh` with `MeshNormals` (normal `i`
/// belongs to vertex `i`; left out when `has_normals` is false, so that reading recomputes
/// them), `MeshTextureCoords`, `MeshVertexColors` when `has_vertex_colors`, and a
/// `MeshMaterialList` with the materials inline. Texture names are Shift-JIS; a `"` in one
/// (possible only from a binary file) is written as `'`.
///
/// Floats are written in their shortest form that reads back to the same bits, so reading
/// the result gives back `file` when `file` is what [`read`](super::read) makes of a single
/// mesh of triangles, with every vertex used and without warnings. In general what reads back
/// differs in `encoding`, `mesh_count`, `face_count` (triangles now), `warnings` (the
/// repairs are already made) and, for a file mixing meshes with and without normals, in the
/// normals, recomputed for all.
pub fn write_text(file: &XFile) -> Vec<u8> {
    let mut w = String::with_capacity(file.vertices.len() * 120 + file.triangles.len() * 40);
    w.push_str("xof 0303txt 0032\r\n\r\nMesh {\r\n");
    let positions = file.vertices.iter().map(|v| v.position);
    list(&mut w, " ", positions, |w, p| floats(w, &p));
    triangles(&mut w, " ", file);

    if file.has_normals {
        w.push_str(" MeshNormals {\r\n");
        let normals = file.vertices.iter().map(|v| v.normal);
        list(&mut w, "  ", normals, |w, n| floats(w, &n));
        triangles(&mut w, "  ", file);
        w.push_str(" }\r\n");
    }

    w.push_str("\r\n MeshTextureCoords {\r\n");
    list(&mut w, "  ", file.vertices.iter().map(|v| v.uv), |w, uv| {
        floats(w, &uv)
    });
    w.push_str(" }\r\n");

    if file.has_vertex_colors {
        w.push_str("\r\n MeshVertexColors {\r\n");
        let colors = file.vertices.iter().map(|v| v.color).enumerate();
        list(&mut w, "  ", colors, |w, (i, c)| {
            let _ = write!(w, "{i};");
            floats(w, &c);
            w.push(';');
        });
        w.push_str(" }\r\n");
    }

    w.push_str("\r\n MeshMaterialList {\r\n");
    let _ = write!(
        w,
        "  {};\r\n  {};\r\n",
        file.materials.len(),
        file.triangle_materials.len()
    );
    let indices = &file.triangle_materials;
    for (k, m) in indices.iter().enumerate() {
        let end = if k + 1 == indices.len() { ";;" } else { "," };
        let _ = write!(w, "  {m}{end}\r\n");
    }
    for m in &file.materials {
        w.push_str("\r\n  Material {\r\n   ");
        floats(&mut w, &m.diffuse);
        w.push_str(";\r\n   ");
        float(&mut w, m.power);
        w.push_str(";\r\n   ");
        floats(&mut w, &m.specular);
        w.push_str(";\r\n   ");
        floats(&mut w, &m.emissive);
        w.push_str(";\r\n");
        if let Some(texture) = &m.texture {
            let _ = write!(
                w,
                "\r\n   TextureFilename {{\r\n    \"{}\";\r\n   }}\r\n",
                texture.replace('"', "'")
            );
        }
        w.push_str("  }\r\n");
    }
    w.push_str(" }\r\n}\r\n");
    encode_sjis(&w)
}

/// `count;` then the items, `,` between them and `;;` after the last (`;` alone when empty).
fn list<T>(
    w: &mut String,
    indent: &str,
    items: impl ExactSizeIterator<Item = T>,
    mut item: impl FnMut(&mut String, T),
) {
    let n = items.len();
    let _ = write!(w, "{indent}{n};\r\n");
    for (k, value) in items.enumerate() {
        w.push_str(indent);
        item(w, value);
        w.push_str(if k + 1 == n { ";\r\n" } else { ",\r\n" });
    }
}

fn triangles(w: &mut String, indent: &str, file: &XFile) {
    list(w, indent, file.triangles.iter(), |w, [a, b, c]| {
        let _ = write!(w, "3;{a},{b},{c};");
    });
}

/// `a;b;c;`
fn floats(w: &mut String, values: &[f32]) {
    for &v in values {
        float(w, v);
        w.push(';');
    }
}

/// Rust's shortest round-trip form (`1.0`, `0.1`, `1e-7`), which reads back bit for bit.
fn float(w: &mut String, v: f32) {
    let _ = write!(w, "{v:?}");
}
