//! Accessory meshes the tests and the benchmarks build in code: a box and a square.
// Each binary that includes this module uses a part of it.
#![allow(dead_code)]

use mmd_format::xfile::{XFile, XMaterial, XVertex};

/// An opaque material of `diffuse` colour glowing `emissive`, without highlight or texture.
pub fn material(diffuse: [f32; 3], emissive: [f32; 3]) -> XMaterial {
    let [r, g, b] = diffuse;
    XMaterial {
        diffuse: [r, g, b, 1.0],
        emissive,
        ..XMaterial::default()
    }
}

/// A box from −`half` to `half` on every axis in `material`, each corner's normal pointing
/// away from the centre.
pub fn cube(half: f32, material: XMaterial) -> XFile {
    let vertices = (0..8)
        .map(|i| {
            let c = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            let corner = glam::Vec3::new(c(1), c(2), c(4));
            XVertex::new(
                (corner * half).into(),
                corner.normalize().into(),
                [0.0, 0.0],
            )
        })
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let triangles = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    XFile::from_triangles(vertices, triangles, vec![0; 12], vec![material])
}

/// A square from (−1, −1) to (1, 1) in the plane `place` maps its corners into (each corner
/// to a position and a normal), in `material`, with both windings so that it shows from
/// either side.
pub fn square(material: XMaterial, place: impl Fn(f32, f32) -> ([f32; 3], [f32; 3])) -> XFile {
    let vertex = |a: f32, b: f32| {
        let (position, normal) = place(a, b);
        XVertex::new(position, normal, [0.0, 0.0])
    };
    XFile::from_triangles(
        vec![
            vertex(-1.0, -1.0),
            vertex(-1.0, 1.0),
            vertex(1.0, 1.0),
            vertex(1.0, -1.0),
        ],
        vec![[0, 1, 2], [0, 2, 3], [0, 2, 1], [0, 3, 2]],
        vec![0; 4],
        vec![material],
    )
}
