//! DirectX `.x` reader and text writer: the fixture accessory, generated files for each
//! template the reader understands (n-gons, frames, split normals, named materials, vertex
//! colours, skipped declarations), the binary and MSZIP-compressed encodings (built here by
//! test-only encoders), the repairs D3DX-tolerant readers make, errors, and a bit-exact text
//! round trip.

// The recording allocator (`largest_allocation`) needs `unsafe impl GlobalAlloc`; it only
// forwards to `System`.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod largest_allocation;

use std::collections::HashMap;

use mmd_format::xfile::{self, TextureParts, XEncoding, XFile, XMaterial, XSphereMode, XVertex};
use mmd_format::{Error, ErrorKind, Format};
use proptest::prelude::*;

use common::fixture;
use common::x_encode::{mszip, to_binary};
use largest_allocation::{ALLOCATION_LIMIT, largest_allocation};

const QUAD: &str = "three-mmd-loader/test_quad_accessory.x";

/// A text file: the header, then `body`.
fn text(body: &str) -> Vec<u8> {
    let mut bytes = b"xof 0303txt 0032\r\n".to_vec();
    bytes.extend_from_slice(&mmd_format::text::encode_sjis(body));
    bytes
}

fn read(bytes: &[u8]) -> XFile {
    xfile::read(bytes).unwrap_or_else(|e| panic!("expected to read: {e}"))
}

fn read_err(bytes: &[u8]) -> Error {
    match xfile::read(bytes) {
        Err(e) => e,
        Ok(x) => panic!("expected an error, read {x:?}"),
    }
}

/// `file` with the encoding changed, for comparing encodings of the same content.
fn as_encoding(mut file: XFile, encoding: XEncoding) -> XFile {
    file.encoding = encoding;
    file
}

/// The fixture's content (checked against its bytes by `quad_fixture_reads`).
fn quad() -> XFile {
    let z = [0.0, 0.0, 1.0];
    XFile::from_triangles(
        vec![
            XVertex::new([-1.0, -1.0, 0.0], z, [0.0, 0.0]),
            XVertex::new([1.0, -1.0, 0.0], z, [1.0, 0.0]),
            XVertex::new([1.0, 1.0, 0.0], z, [1.0, 1.0]),
            XVertex::new([-1.0, 1.0, 0.0], z, [0.0, 1.0]),
        ],
        vec![[0, 1, 2], [0, 2, 3]],
        vec![0, 0],
        vec![XMaterial {
            diffuse: [0.8, 0.8, 0.8, 1.0],
            power: 10.0,
            specular: [0.5; 3],
            emissive: [0.0; 3],
            texture: None,
        }],
    )
}

#[test]
fn quad_fixture_reads() {
    let Some(bytes) = fixture(QUAD) else { return };
    assert!(xfile::has_magic(&bytes));
    assert_eq!(read(&bytes), quad());
}

#[test]
fn quad_round_trips_through_the_text_writer() {
    let written = xfile::write_text(&quad());
    assert!(written.starts_with(b"xof 0303txt 0032\r\n"));
    assert_eq!(read(&written), quad());
}

// ---- generated text files ----

#[test]
fn n_gons_are_fanned_and_normals_computed() {
    // A pentagon in the z = 0 plane, clockwise seen from -z (Direct3D's front).
    let file = read(&text(
        "Mesh {
          5;
          0.0;0.0;0.0;, 1.0;0.0;0.0;, 1.5;1.0;0.0;, 0.5;2.0;0.0;, -0.5;1.0;0.0;;
          1;
          5;0,1,2,3,4;;
        }",
    ));
    assert_eq!(file.triangles, [[0, 1, 2], [0, 2, 3], [0, 3, 4]]);
    assert_eq!(file.face_count, 1);
    assert_eq!(file.triangle_materials, [0, 0, 0]);
    assert!(!file.has_normals);
    for v in &file.vertices {
        assert_eq!(v.normal, [0.0, 0.0, 1.0]);
        assert_eq!(v.uv, [0.0, 0.0]);
        assert_eq!(v.color, [1.0; 4]);
    }
    // No material anywhere: one white material.
    assert_eq!(file.materials, [XMaterial::default()]);
    assert_eq!(XMaterial::default().diffuse, [1.0; 4]);
    assert!(file.warnings.is_empty(), "{:?}", file.warnings);
}

#[test]
fn computed_normals_are_area_weighted_per_position() {
    // Two triangles meet at the edge 0–1: one flat (normal +z, area 2), one upright (normal
    // -y, area 0.5). The shared positions get the weighted sum, normalised.
    let file = read(&text(
        "Mesh { 4;
          0.0;0.0;0.0;, 2.0;0.0;0.0;, 0.0;2.0;0.0;, 0.0;0.0;1.0;;
          2; 3;0,2,1;, 3;0,1,3;; }",
    ));
    let n = file.vertices[0].normal;
    let len = (4.0f32 + 1.0).sqrt();
    assert!((n[0]).abs() < 1e-6);
    assert!((n[1] + 1.0 / len).abs() < 1e-6, "{n:?}");
    assert!((n[2] + 2.0 / len).abs() < 1e-6, "{n:?}");
    assert_eq!(file.vertices[2].normal, [0.0, 0.0, -1.0]);
    assert_eq!(file.vertices[3].normal, [0.0, -1.0, 0.0]);
}

#[test]
fn frames_transform_their_meshes() {
    // Frame `outer` moves by (10, 0, 0) and holds a triangle and frame `inner`, which turns
    // 90° about z (row vectors: x → y) and holds another. The inner matrix comes after the
    // mesh it moves: it still applies.
    let file = read(&text(
        "Frame outer {
          FrameTransformMatrix {
            1.0,0.0,0.0,0.0, 0.0,1.0,0.0,0.0, 0.0,0.0,1.0,0.0, 10.0,0.0,0.0,1.0;;
          }
          Mesh a {
            3; 1.0;0.0;0.0;, 0.0;1.0;0.0;, 0.0;0.0;1.0;;
            1; 3;0,1,2;;
            MeshNormals { 1; 1.0;0.0;0.0;; 1; 3;0,0,0;; }
          }
          Frame inner {
            Mesh b {
              3; 1.0;0.0;0.0;, 0.0;1.0;0.0;, 0.0;0.0;1.0;;
              1; 3;0,1,2;;
              MeshNormals { 1; 1.0;0.0;0.0;; 1; 3;0,0,0;; }
            }
            FrameTransformMatrix {
              0.0,1.0,0.0,0.0, -1.0,0.0,0.0,0.0, 0.0,0.0,1.0,0.0, 0.0,0.0,0.0,1.0;;
            }
          }
        }
        Mesh c { 3; 1.0;0.0;0.0;, 0.0;1.0;0.0;, 0.0;0.0;1.0;; 1; 3;0,1,2;; }",
    ));
    assert_eq!(file.mesh_count, 3);
    let positions: Vec<[f32; 3]> = file.vertices.iter().map(|v| v.position).collect();
    assert_eq!(
        positions,
        [
            // a: translated
            [11.0, 0.0, 0.0],
            [10.0, 1.0, 0.0],
            [10.0, 0.0, 1.0],
            // b: turned, then translated
            [10.0, 1.0, 0.0],
            [9.0, 0.0, 0.0],
            [10.0, 0.0, 1.0],
            // c: top level, untouched
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0],
        ]
    );
    assert_eq!(file.vertices[0].normal, [1.0, 0.0, 0.0]);
    assert_eq!(file.vertices[3].normal, [0.0, 1.0, 0.0]);
    assert_eq!(file.triangles, [[0, 1, 2], [3, 4, 5], [6, 7, 8]]);
    // c has no normals: the file as a whole does not.
    assert!(!file.has_normals);
}

#[test]
fn frames_nested_too_deep_are_an_error_not_a_crash() {
    let depth = 200;
    let body = "Frame {".repeat(depth) + &"}".repeat(depth);
    let e = read_err(&text(&body));
    assert_eq!(e.format, Format::X);
    assert!(e.to_string().contains("nested"), "{e}");
    // Objects the reader skips may nest as deep as they like: braces are counted, not
    // recursed into.
    let deep = "Unknown {".repeat(100_000) + &"}".repeat(100_000);
    assert_eq!(read(&text(&deep)).mesh_count, 0);
}

#[test]
fn normals_are_split_per_corner() {
    // Two faces share the edge 0–2 with different normals: positions 0 and 2 become two
    // vertices each, the first normal seen first.
    let file = read(&text(
        "Mesh {
          4; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 1.0;1.0;0.0;, 0.0;1.0;0.0;;
          2; 3;0,1,2;, 3;0,2,3;;
          MeshNormals {
            2; 0.0;0.0;1.0;, 0.0;1.0;0.0;;
            2; 3;0,0,0;, 3;1,1,1;;
          }
          MeshTextureCoords { 4; 0.0;0.0;, 1.0;0.0;, 1.0;1.0;, 0.0;1.0;; }
        }",
    ));
    let got: Vec<([f32; 3], [f32; 3], [f32; 2])> = file
        .vertices
        .iter()
        .map(|v| (v.position, v.normal, v.uv))
        .collect();
    let (z, y) = ([0.0, 0.0, 1.0], [0.0, 1.0, 0.0]);
    assert_eq!(
        got,
        [
            ([0.0, 0.0, 0.0], z, [0.0, 0.0]),
            ([0.0, 0.0, 0.0], y, [0.0, 0.0]),
            ([1.0, 0.0, 0.0], z, [1.0, 0.0]),
            ([1.0, 1.0, 0.0], z, [1.0, 1.0]),
            ([1.0, 1.0, 0.0], y, [1.0, 1.0]),
            ([0.0, 1.0, 0.0], y, [0.0, 1.0]),
        ]
    );
    assert_eq!(file.triangles, [[0, 2, 3], [1, 4, 5]]);
    assert!(file.has_normals);
}

#[test]
fn materials_inline_and_referenced_by_name() {
    // `Red` is declared at the top level and named by both meshes (added once); the second
    // mesh also has an inline material with a texture and sphere map.
    let file = read(&text(
        "Material Red { 1.0;0.0;0.0;1.0;; 5.0; 0.1;0.2;0.3;; 0.0;0.0;0.0;; }
        Mesh {
          3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;;
          1; 3;0,1,2;;
          MeshMaterialList { 1; 1; 0;; { Red } }
        }
        Mesh {
          4; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 1.0;1.0;0.0;, 0.0;1.0;0.0;;
          2; 3;0,1,2;, 3;0,2,3;;
          MeshMaterialList {
            2; 2; 1, 0;;
            {Red}
            Material Tex {
              0.5;0.5;0.5;0.25;; 20.0; 1.0;1.0;1.0;; 0.1;0.1;0.1;;
              TextureFilename { \"布.bmp*光沢.SPA\"; }
            }
          }
        }",
    ));
    let red = XMaterial {
        diffuse: [1.0, 0.0, 0.0, 1.0],
        power: 5.0,
        specular: [0.1, 0.2, 0.3],
        emissive: [0.0; 3],
        texture: None,
    };
    assert_eq!(file.materials.len(), 2);
    assert_eq!(file.materials[0], red);
    assert_eq!(file.materials[1].diffuse, [0.5, 0.5, 0.5, 0.25]);
    assert_eq!(
        file.materials[1].texture.as_deref(),
        Some("布.bmp*光沢.SPA")
    );
    assert_eq!(
        file.materials[1].texture_parts(),
        TextureParts {
            texture: Some("布.bmp".into()),
            sphere: Some("光沢.SPA".into()),
            sphere_mode: XSphereMode::Add,
        }
    );
    assert_eq!(file.triangle_materials, [0, 1, 0]);
    assert!(file.warnings.is_empty(), "{:?}", file.warnings);
}

#[test]
fn declarations_comments_and_other_objects_are_skipped() {
    let file = read(&text(
        "// exported by hand
        # a hash comment
        template Mesh {
          <3D82AB44-62DA-11cf-AB39-0020AF71E433>
          DWORD nVertices;
          array Vector vertices[nVertices];
          [...]
        }
        Header { 1; 0; 1; }
        AnimationSet walk { Animation { { Frame1 } AnimationKey { 0; 1; 0; 4; 1.0,0.0,0.0,0.0;;; } } }
        Mesh box01 {  // a comment after a name
          <3D82AB44-62DA-11cf-AB39-0020AF71E433>
          3;0.0;0.0;0.0;,1.0;0.0;0.0;,0.0;1.0;0.0;;;
          1;3;0,1,2;,;
          XSkinMeshHeader { 1; 2; 1; }
          SkinWeights { \"bone\"; 1; 0; 1.0; 1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,1.0;; }
          DeclData { 1; 2;0;3;0;; 0; }
          MeshMaterialList { 1; 1; 0;;
            Material { 0.1;0.2;0.3;0.4;; 1.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;;
              EffectInstance { \"toon.fx\"; }
              TextureFilename { \"a.bmp\"; }
            }
          }
        }
        ",
    ));
    assert_eq!(file.mesh_count, 1);
    assert_eq!(file.triangles, [[0, 1, 2]]);
    assert_eq!(file.materials.len(), 1);
    assert_eq!(file.materials[0].texture.as_deref(), Some("a.bmp"));
    assert!(file.warnings.is_empty(), "{:?}", file.warnings);
}

#[test]
fn vertex_colours() {
    let file = read(&text(
        "Mesh { 3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;;
          1; 3;0,1,2;;
          MeshVertexColors { 2; 0;1.0;0.0;0.0;1.0;;, 2;0.0;0.0;1.0;0.5;;; }
        }",
    ));
    assert!(file.has_vertex_colors);
    let colors: Vec<[f32; 4]> = file.vertices.iter().map(|v| v.color).collect();
    assert_eq!(
        colors,
        [[1.0, 0.0, 0.0, 1.0], [1.0; 4], [0.0, 0.0, 1.0, 0.5]]
    );
    assert_eq!(
        read(&xfile::write_text(&file)),
        as_encoding(file, XEncoding::Text)
    );
}

#[test]
fn shift_jis_texture_names_and_sphere_parts() {
    let file = read(&text(
        "Mesh { 3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;;
          1; 3;0,1,2;;
          MeshMaterialList { 3; 1; 0;;
            Material { 1.0;1.0;1.0;1.0;; 0.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;; TextureFilename { \"表.png*ソ.sph\"; } }
            Material { 1.0;1.0;1.0;1.0;; 0.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;; TextureFilename { \"metal.sph\"; } }
            Material { 1.0;1.0;1.0;1.0;; 0.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;; TextureFilename { \"wood.TGA\"; } }
          }
        }",
    ));
    // "表" and "ソ" end in 0x5C (`\`): no escape processing may eat them.
    assert_eq!(file.materials[0].texture.as_deref(), Some("表.png*ソ.sph"));
    let parts: Vec<TextureParts> = file.materials.iter().map(|m| m.texture_parts()).collect();
    assert_eq!(parts[0].texture.as_deref(), Some("表.png"));
    assert_eq!(parts[0].sphere.as_deref(), Some("ソ.sph"));
    assert_eq!(parts[0].sphere_mode, XSphereMode::Multiply);
    assert_eq!(
        parts[1],
        TextureParts {
            texture: None,
            sphere: Some("metal.sph".into()),
            sphere_mode: XSphereMode::Multiply,
        }
    );
    assert_eq!(parts[2].texture.as_deref(), Some("wood.TGA"));
    assert_eq!(parts[2].sphere_mode, XSphereMode::None);
    let written = xfile::write_text(&file);
    assert_eq!(read(&written), file);
}

// ---- repairs ----

#[test]
fn bad_indices_are_repaired_and_reported() {
    let file = read(&text(
        "Mesh {
          3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;;
          3; 3;0,1,2;, 3;0,1,7;, 3;1,2,0;;
          MeshNormals { 1; 0.0;0.0;1.0;; 3; 3;0,0,0;, 3;0,0,0;, 3;0,9,0;; }
          MeshMaterialList { 1; 3; 0, 0, 4;;
            Material { 1.0;1.0;1.0;1.0;; 0.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;; }
          }
        }",
    ));
    // The face naming vertex 7 is left out; the corner naming normal 9 (position 2) gets a
    // computed one, and so a vertex of its own.
    assert_eq!(file.face_count, 3);
    assert_eq!(file.triangles.len(), 2);
    assert_eq!(file.triangle_materials, [0, 0]);
    assert_eq!(
        file.warnings,
        [
            "mesh 0: 1 faces name vertices past the 3 given; left out",
            "mesh 0: 1 face corners name normals past the 1 given; normals computed",
            "mesh 0: 1 faces name materials past the 1 given; drawn with material 0",
        ]
    );
    let positions: Vec<[f32; 3]> = file.vertices.iter().map(|v| v.position).collect();
    assert_eq!(
        positions,
        [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 1.0, 0.0]
        ]
    );
    assert_eq!(file.triangles, [[0, 1, 2], [1, 3, 0]]);
    assert!(file.vertices.iter().all(|v| v.normal == [0.0, 0.0, 1.0]));
}

#[test]
fn a_material_named_nowhere_is_white_and_reported() {
    let file = read(&text(
        "Mesh { 3; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 0.0;1.0;0.0;; 1; 3;0,1,2;;
          MeshMaterialList { 1; 1; 0;; { Missing } } }",
    ));
    assert_eq!(file.materials, [XMaterial::default()]);
    assert_eq!(
        file.warnings,
        ["mesh 0: material \"Missing\" is declared nowhere; drawn white"]
    );
}

// ---- binary ----

/// The body of a text file (after its 16-byte header), decoded.
fn body(bytes: &[u8]) -> String {
    mmd_format::text::decode_sjis(&bytes[16..])
}

#[test]
fn binary_reads_like_text() {
    let Some(bytes) = fixture(QUAD) else { return };
    for doubles in [false, true] {
        let binary = to_binary(&body(&bytes), doubles);
        assert_eq!(&binary[8..12], b"bin ");
        assert_eq!(read(&binary), as_encoding(quad(), XEncoding::Binary));
    }
}

#[test]
fn binary_with_templates_strings_and_frames() {
    let source = "template Vector { <3D82AB5E-62DA-11cf-AB39-0020AF71E433> FLOAT x; FLOAT y; FLOAT z; }
        template MeshFace { <3D82AB5F-62DA-11cf-AB39-0020AF71E433> DWORD n; array DWORD i[n]; [...] }
        Frame f {
          FrameTransformMatrix { 2.0,0.0,0.0,0.0, 0.0,2.0,0.0,0.0, 0.0,0.0,2.0,0.0, 0.0,0.0,0.0,1.0;; }
          Mesh {
            4; 0.0;0.0;0.0;, 1.0;0.0;0.0;, 1.0;1.0;0.0;, 0.0;1.0;0.0;;
            1; 4;0,1,2,3;;
            MeshMaterialList { 1; 1; 0;;
              Material { 1.0;0.5;0.25;1.0;; 8.0; 0.0;0.0;0.0;; 0.0;0.0;0.0;;
                TextureFilename { \"テクスチャ.bmp\"; } } }
          }
        }";
    let from_text = read(&text(source));
    let from_binary = read(&to_binary(source, false));
    assert_eq!(
        from_binary,
        as_encoding(from_text.clone(), XEncoding::Binary)
    );
    assert_eq!(from_text.vertices[2].position, [2.0, 2.0, 0.0]);
    assert_eq!(from_text.triangles, [[0, 1, 2], [0, 2, 3]]);
    assert_eq!(
        from_binary.materials[0].texture.as_deref(),
        Some("テクスチャ.bmp")
    );
}

// ---- MSZIP ----

/// A `rows`×`rows` grid of quads with normals, texture coordinates and two materials.
fn grid(rows: u32) -> XFile {
    let side = rows + 1;
    let vertices = (0..side * side)
        .map(|i| {
            let (x, z) = ((i % side) as f32 / 3.0, (i / side) as f32 / 7.0);
            XVertex::new([x, (x * z).sin(), z], [0.0, 1.0, 0.0], [x / 10.0, z])
        })
        .collect();
    let mut triangles = Vec::new();
    for r in 0..rows {
        for c in 0..rows {
            let a = r * side + c;
            triangles.push([a, a + side, a + 1]);
            triangles.push([a + 1, a + side, a + side + 1]);
        }
    }
    let n = triangles.len() as u32;
    XFile::from_triangles(
        vertices,
        triangles,
        (0..n).map(|t| t / 2 % 2).collect(),
        vec![
            XMaterial::default(),
            XMaterial {
                texture: Some("床.png".into()),
                ..XMaterial::default()
            },
        ],
    )
}

#[test]
fn compressed_text_and_binary_read_like_the_uncompressed() {
    let original = grid(24);
    let plain = xfile::write_text(&original);
    assert!(
        plain.len() > 2 * 32768,
        "{} bytes: at least three blocks",
        plain.len()
    );
    assert_eq!(read(&plain), original);

    let (tzip, crossing) = mszip(&plain);
    assert!(crossing > 0, "some copies must reach into an earlier block");
    assert!(tzip.len() < plain.len() / 2);
    assert_eq!(
        read(&tzip),
        as_encoding(original.clone(), XEncoding::CompressedText)
    );

    let binary = to_binary(&body(&plain), false);
    assert_eq!(
        read(&binary),
        as_encoding(original.clone(), XEncoding::Binary)
    );
    let (bzip, _) = mszip(&binary);
    assert_eq!(
        read(&bzip),
        as_encoding(original, XEncoding::CompressedBinary)
    );
}

#[test]
fn damaged_compressed_files_are_errors_at_a_file_offset() {
    let plain = xfile::write_text(&grid(24));
    let (tzip, _) = mszip(&plain);
    // Cut inside the third block.
    let cut = &tzip[..tzip.len() * 3 / 4];
    let e = read_err(cut);
    assert_eq!(e.format, Format::X);
    assert!(e.offset <= cut.len());
    // A block without its signature.
    let mut unsigned = tzip.clone();
    unsigned[24] = b'X';
    let e = read_err(&unsigned);
    assert!(e.to_string().contains("CK"), "{e}");
    // A declared size past the limit.
    let mut huge = tzip.clone();
    huge[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    let e = read_err(&huge);
    assert!(matches!(e.kind, ErrorKind::InvalidValue { .. }), "{e}");
    // Damage inside the decompressed text is reported at the block holding it.
    let mut bad_text = plain.clone();
    let at = bad_text.len() - 40_000;
    bad_text[at] = b'{';
    let (bad_zip, _) = mszip(&bad_text);
    let e = read_err(&bad_zip);
    assert!(e.context.starts_with("decompressed byte"), "{e}");
    assert!(e.offset < bad_zip.len());
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

// ---- errors ----

#[test]
fn header_errors() {
    let e = read_err(b"xog 0303txt 0032Mesh{}");
    assert_eq!(
        (e.format, e.kind, e.offset),
        (Format::X, ErrorKind::BadMagic(Format::X), 0)
    );
    let e = read_err(b"xof 0303txt");
    assert_eq!(
        (e.format, e.kind),
        (
            Format::X,
            ErrorKind::Truncated {
                needed: 16,
                remaining: 11
            }
        )
    );
    let e = read_err(b"xof 0303txt 0016");
    assert_eq!((e.format, e.offset), (Format::X, 12));
    assert!(e.to_string().contains("float size"), "{e}");
    let e = read_err(b"xof 0303cmp 0032");
    assert_eq!((e.format, e.offset), (Format::X, 8));
    let e = read_err(b"xof 0102txt 0032");
    assert!(matches!(e.kind, ErrorKind::UnsupportedVersion(_)), "{e}");
    // The header alone is an empty file.
    assert_eq!(read(b"xof 0302txt 0064").mesh_count, 0);
}

#[test]
fn truncated_and_garbled_bodies_are_errors() {
    let Some(bytes) = fixture(QUAD) else { return };
    for cut in [40, 100, 300, bytes.len() - 3] {
        let e = read_err(&bytes[..cut]);
        assert_eq!(e.format, Format::X);
        assert!(e.offset <= cut, "{e}");
    }
    let binary = to_binary(&body(&bytes), false);
    for cut in [17, 30, binary.len() / 2, binary.len() - 1] {
        let e = read_err(&binary[..cut]);
        assert_eq!(e.format, Format::X);
        assert!(e.offset <= cut, "{e}");
    }
    let e = read_err(&text("Mesh { 3; 0.0;0.0;x;, "));
    assert!(
        e.to_string().contains("expected a number, found `x`"),
        "{e}"
    );
    assert!(e.to_string().contains("mesh 0"), "{e}");
}

#[test]
fn hostile_counts_allocate_nothing() {
    let e = read_err(&text("Mesh { 4000000000; 1.0;"));
    assert!(matches!(e.kind, ErrorKind::CountTooLarge { .. }), "{e}");
    let e = read_err(&text("Mesh { -4; 1.0;"));
    assert_eq!(e.kind, ErrorKind::NegativeCount(-4));
    let e = read_err(&text("Mesh { 1; 0.0;0.0;0.0;; 1; 4000000000; 0,0,0;; }"));
    assert!(matches!(e.kind, ErrorKind::CountTooLarge { .. }), "{e}");
    let mut binary = b"xof 0303bin 0032".to_vec();
    binary.extend(1u16.to_le_bytes());
    binary.extend(4u32.to_le_bytes());
    binary.extend(b"Mesh");
    binary.extend(10u16.to_le_bytes());
    binary.extend(7u16.to_le_bytes());
    binary.extend(0x4000_0000u32.to_le_bytes());
    let e = read_err(&binary);
    assert!(matches!(e.kind, ErrorKind::CountTooLarge { .. }), "{e}");
    assert!(largest_allocation() < ALLOCATION_LIMIT);
}

// ---- round trip ----

/// A finite float of any magnitude, sign, subnormals included.
fn finite() -> impl Strategy<Value = f32> {
    prop::num::f32::POSITIVE
        | prop::num::f32::NEGATIVE
        | prop::num::f32::NORMAL
        | prop::num::f32::SUBNORMAL
        | prop::num::f32::ZERO
}

fn material() -> impl Strategy<Value = XMaterial> {
    let texture = prop::option::of(prop::sample::select(vec![
        "a.bmp",
        "テクスチャ.png*光沢.sph",
        "dir\\表.tga",
        "s p a c e.spa",
    ]));
    (
        prop::array::uniform4(finite()),
        finite(),
        prop::array::uniform3(finite()),
        prop::array::uniform3(finite()),
        texture,
    )
        .prop_map(|(diffuse, power, specular, emissive, texture)| XMaterial {
            diffuse,
            power,
            specular,
            emissive,
            texture: texture.map(String::from),
        })
}

fn vertex_strategy() -> impl Strategy<Value = XVertex> {
    (
        prop::array::uniform3(finite()),
        prop::array::uniform3(finite()),
        prop::array::uniform2(finite()),
        prop::array::uniform4(finite()),
    )
        .prop_map(|(position, normal, uv, color)| XVertex {
            position,
            normal,
            uv,
            color,
        })
}

/// A random single mesh of triangles in the form `read` makes: every vertex used, in order.
fn mesh_file() -> impl Strategy<Value = XFile> {
    (1usize..10, 1usize..4, any::<bool>()).prop_flat_map(|(n, m, colors)| {
        let tri = (0..n as u32, 0..n as u32, 0..n as u32, 0..m as u32);
        (
            prop::collection::vec(vertex_strategy(), n),
            prop::collection::vec(tri, 1..16),
            prop::collection::vec(material(), m),
            Just(colors),
        )
            .prop_map(|(vertices, tris, materials, colors)| {
                // Keep the used vertices, in their order.
                let mut used: Vec<u32> = tris.iter().flat_map(|&(a, b, c, _)| [a, b, c]).collect();
                used.sort_unstable();
                used.dedup();
                let new: HashMap<u32, u32> = used
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| (v, k as u32))
                    .collect();
                let vertices = used
                    .iter()
                    .map(|&v| {
                        let mut vertex = vertices[v as usize];
                        if !colors {
                            vertex.color = [1.0; 4];
                        }
                        vertex
                    })
                    .collect();
                XFile {
                    has_vertex_colors: colors,
                    ..XFile::from_triangles(
                        vertices,
                        tris.iter()
                            .map(|&(a, b, c, _)| [new[&a], new[&b], new[&c]])
                            .collect(),
                        tris.iter().map(|t| t.3).collect(),
                        materials,
                    )
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        // Fixed seed and no failure files: the same cases on every run, nothing written
        // into the source tree.
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7866_696c),
        failure_persistence: None,
        ..ProptestConfig::with_cases(256)
    })]

    /// Written as text, a mesh reads back bit for bit.
    #[test]
    fn text_round_trip_is_bit_exact(file in mesh_file()) {
        let written = xfile::write_text(&file);
        let back = read(&written);
        prop_assert_eq!(&back, &file);
        // Compare the bits too: -0.0 == 0.0 would hide a lost sign.
        let bits = |f: &XFile| -> Vec<u32> {
            f.vertices.iter().flat_map(|v| {
                v.position.iter().chain(&v.normal).chain(&v.uv).chain(&v.color)
                    .map(|x| x.to_bits()).collect::<Vec<_>>()
            }).collect()
        };
        prop_assert_eq!(bits(&back), bits(&file));
    }

    /// Without normals the writer leaves them out and reading computes them; from then on
    /// the file is a fixed point of writing and reading.
    #[test]
    fn files_without_normals_reach_a_fixed_point(file in mesh_file()) {
        let mut file = file;
        file.has_normals = false;
        let once = read(&xfile::write_text(&file));
        prop_assert!(!once.has_normals);
        let twice = read(&xfile::write_text(&once));
        prop_assert_eq!(twice, once);
    }
}
