//! DirectX `.x` files as MMD uses them: accessories (stages, props, effects) made of meshes and
//! materials.
//!
//! A `.x` file starts with a 16-byte header (`xof 0303txt 0032`: magic, version, encoding,
//! float size) and holds data objects built from templates: `Mesh` with its `MeshNormals`,
//! `MeshTextureCoords`, `MeshVertexColors` and `MeshMaterialList`, `Material`, and `Frame`s
//! that place meshes with a `FrameTransformMatrix`. The body comes in four encodings: text,
//! a binary token stream, and either of them MSZIP-compressed.
//!
//! MMD draws an accessory as one model, so [`read`] flattens the file into what a renderer
//! needs: every mesh merged into one vertex and triangle list, the frame transforms applied,
//! n-gons fanned into triangles and vertices split so that each has one normal. What the
//! reader does not draw (animations, skin weights, template declarations, any unknown
//! object) is skipped by brace matching.
//!
//! Like D3DX, the reader is lenient about separators (`;;`, `;,`, trailing commas) and about
//! indices that point nowhere: a face naming a missing vertex is left out, a missing material
//! becomes material 0, a missing normal is computed. Each such repair is reported in
//! [`XFile::warnings`]. Files whose bytes cannot be walked are errors.

mod binary;
mod header;
mod mesh;
mod mszip;
mod parse;
mod text;
mod texture;
mod token;
mod transform;
mod warnings;
mod write;

pub use texture::{TextureParts, XSphereMode};
pub use write::write_text;

use crate::error::{Error, Format, Result};
use header::Body;

/// A `.x` file flattened for drawing: every mesh in the file merged, frame transforms applied.
#[derive(Debug, Clone, PartialEq)]
pub struct XFile {
    /// One per distinct (position, normal) pair the faces use, so that each vertex has one
    /// normal. Vertices come in the order of the file's positions (mesh by mesh); a position
    /// used with several normals is followed by its copies. Positions no face uses are left
    /// out.
    pub vertices: Vec<XVertex>,
    /// Indices into `vertices`; n-gons fanned from their first corner, winding as in the file
    /// (Direct3D: clockwise is the front).
    pub triangles: Vec<[u32; 3]>,
    /// One per triangle: its index into `materials`. Faces of a mesh without a material list
    /// use material 0.
    pub triangle_materials: Vec<u32>,
    /// Never empty: a file without any material gets one white material
    /// ([`XMaterial::default`]).
    pub materials: Vec<XMaterial>,
    /// Faces as stored in the file (before triangulation, including those left out).
    pub face_count: usize,
    /// `Mesh` objects in the file, frames included.
    pub mesh_count: usize,
    /// False when some mesh has no `MeshNormals`: its normals were computed (area-weighted
    /// average of the faces around each position).
    pub has_normals: bool,
    /// True when some mesh has `MeshVertexColors`; vertices without a colour are white.
    pub has_vertex_colors: bool,
    pub encoding: XEncoding,
    /// What the reader repaired, in plain English ("mesh 0: 3 faces name vertices past the
    /// 120 given; left out"), one line per kind of repair and mesh.
    pub warnings: Vec<String>,
}

impl XFile {
    /// A one-mesh text file of these triangles with their normals (what [`write_text`]
    /// writes of it and [`read`] gives back): for building accessories in code.
    pub fn from_triangles(
        vertices: Vec<XVertex>,
        triangles: Vec<[u32; 3]>,
        triangle_materials: Vec<u32>,
        materials: Vec<XMaterial>,
    ) -> XFile {
        XFile {
            face_count: triangles.len(),
            vertices,
            triangles,
            triangle_materials,
            materials,
            mesh_count: 1,
            has_normals: true,
            has_vertex_colors: false,
            encoding: XEncoding::Text,
            warnings: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct XVertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub uv: [f32; 2],
    /// RGBA; (1, 1, 1, 1) when the file gives none.
    pub color: [f32; 4],
}

impl XVertex {
    /// A vertex without a colour of its own (white).
    pub fn new(position: [f32; 3], normal: [f32; 3], uv: [f32; 2]) -> XVertex {
        XVertex {
            position,
            normal,
            uv,
            color: [1.0; 4],
        }
    }
}

/// The `Material` template.
#[derive(Debug, Clone, PartialEq)]
pub struct XMaterial {
    /// `faceColor`: RGBA.
    pub diffuse: [f32; 4],
    pub power: f32,
    pub specular: [f32; 3],
    pub emissive: [f32; 3],
    /// `TextureFilename` as in the file (Shift-JIS decoded); MMD's `a.bmp*b.sph` form is
    /// split by [`XMaterial::texture_parts`].
    pub texture: Option<String>,
}

impl Default for XMaterial {
    /// The material of a file that names none: white, no highlight, no glow, no texture.
    fn default() -> Self {
        XMaterial {
            diffuse: [1.0; 4],
            power: 0.0,
            specular: [0.0; 3],
            emissive: [0.0; 3],
            texture: None,
        }
    }
}

/// How the file's body was stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XEncoding {
    Text,
    Binary,
    CompressedText,
    CompressedBinary,
}

/// True when `bytes` starts with the `.x` magic.
pub fn has_magic(bytes: &[u8]) -> bool {
    bytes.starts_with(header::MAGIC)
}

/// Reads a `.x` file of any of the four encodings and flattens it (see [`XFile`]).
pub fn read(bytes: &[u8]) -> Result<XFile> {
    let header = header::read(bytes)?;
    let scene = match header.body {
        Body::Text => parse::parse(text::TextTokens::new(bytes, header::SIZE))?,
        Body::Binary => parse::parse(binary::BinaryTokens::new(
            bytes,
            header::SIZE,
            header.float_size,
        ))?,
        Body::CompressedText | Body::CompressedBinary => {
            let inflated = mszip::inflate(bytes)?;
            let parsed = if header.body == Body::CompressedText {
                parse::parse(text::TextTokens::new(&inflated.bytes, 0))
            } else {
                parse::parse(binary::BinaryTokens::new(
                    &inflated.bytes,
                    0,
                    header.float_size,
                ))
            };
            parsed.map_err(|e| inflated.locate(e))?
        }
    };
    Ok(mesh::flatten(scene, header.encoding()))
}

/// An error of the `.x` reader.
fn error(offset: usize, kind: crate::ErrorKind, context: impl Into<String>) -> Error {
    Error {
        format: Format::X,
        context: context.into(),
        kind,
        offset,
    }
}
