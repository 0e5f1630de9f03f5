//! The object grammar: data objects (`Template [name] { [<guid>] values… children… }`), read
//! into meshes as the file stores them, with frame transforms applied. What accessories do
//! not need (template declarations, `Header`, `AnimationSet`, `SkinWeights`, `DeclData`,
//! any unknown object) is skipped by brace matching.

use std::collections::HashMap;

use super::XMaterial;
use super::error;
use super::token::{Token, Tokens};
use super::transform::{self, Matrix};
use super::warnings::Warnings;
use crate::binary::Ctx;
use crate::error::{Error, ErrorKind, Result};

/// Frames nest at most this deep. Frames are read recursively, so without a limit a hostile
/// file of nested frames would overflow the stack; real files nest a handful deep.
pub(super) const MAX_FRAME_DEPTH: usize = 64;

/// Everything drawn in a file, before flattening.
#[derive(Default)]
pub(super) struct Scene {
    /// In file order, frame transforms applied.
    pub meshes: Vec<RawMesh>,
    /// Named `Material` objects, which material lists may name with `{ Name }`.
    pub named_materials: HashMap<Vec<u8>, XMaterial>,
    pub warnings: Warnings,
}

/// A `Mesh` as stored: indices unchecked.
#[derive(Default)]
pub(super) struct RawMesh {
    pub positions: Vec<[f32; 3]>,
    pub faces: Polygons,
    pub normals: Option<RawNormals>,
    pub uvs: Option<Vec<[f32; 2]>>,
    /// `MeshVertexColors`: (vertex index, RGBA).
    pub colors: Option<Vec<(u32, [f32; 4])>>,
    pub material_list: Option<MaterialList>,
}

/// A list of polygons (`MeshFace` arrays), corners stored end to end.
#[derive(Default)]
pub(super) struct Polygons {
    pub corners: Vec<u32>,
    /// Where each polygon's corners end in `corners`.
    pub ends: Vec<usize>,
}

impl Polygons {
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn get(&self, k: usize) -> &[u32] {
        let start = k.checked_sub(1).map_or(0, |p| self.ends[p]);
        &self.corners[start..self.ends[k]]
    }
}

/// `MeshNormals`: the normals and, per face, which normal each corner uses.
pub(super) struct RawNormals {
    pub normals: Vec<[f32; 3]>,
    pub faces: Polygons,
}

/// `MeshMaterialList`.
pub(super) struct MaterialList {
    /// Per face, an index into `materials`.
    pub face_materials: Vec<u32>,
    pub materials: Vec<MaterialRef>,
}

pub(super) enum MaterialRef {
    Inline(XMaterial),
    /// `{ Name }`: a named material declared elsewhere in the file.
    Named(Vec<u8>),
}

/// Reads a whole body.
pub(super) fn parse<'a>(tokens: impl Tokens<'a>) -> Result<Scene> {
    let mut parser = Parser {
        tokens,
        peeked: None,
        last: 0,
        meshes_begun: 0,
        scene: Scene::default(),
    };
    parser.top_level()?;
    Ok(parser.scene)
}

/// What follows inside an object once its values are read.
enum Child<'a> {
    /// A nested object: its template name (its own name and `{` not yet read).
    Object(&'a [u8]),
    /// `{ Name }`: a reference to an object declared elsewhere.
    Reference(Option<&'a [u8]>),
    /// The object's `}`.
    End,
}

struct Parser<'a, T> {
    tokens: T,
    peeked: Option<(Token<'a>, usize)>,
    /// Offset of the token last taken.
    last: usize,
    /// `Mesh` objects begun so far: the next one's index in `scene.meshes`.
    meshes_begun: usize,
    scene: Scene,
}

/// Template names are matched ignoring ASCII case: exporters disagree (`TextureFilename`,
/// `TextureFileName`) and D3DX-era readers took both.
fn is(template: &[u8], name: &str) -> bool {
    template.eq_ignore_ascii_case(name.as_bytes())
}

impl<'a, T: Tokens<'a>> Parser<'a, T> {
    // ---- tokens ----

    #[inline]
    fn next(&mut self) -> Result<Option<Token<'a>>> {
        if let Some((token, at)) = self.peeked.take() {
            self.last = at;
            return Ok(Some(token));
        }
        let token = self.tokens.next_token()?;
        self.last = self.tokens.offset();
        Ok(token)
    }

    fn peek(&mut self) -> Result<Option<Token<'a>>> {
        if self.peeked.is_none()
            && let Some(token) = self.tokens.next_token()?
        {
            self.peeked = Some((token, self.tokens.offset()));
        }
        Ok(self.peeked.map(|(token, _)| token))
    }

    fn fail(&self, message: String) -> Error {
        error(self.last, ErrorKind::InvalidText(message), "")
    }

    fn end_of_data(&self, what: &str) -> Error {
        self.fail(format!("the data ends inside {what}"))
    }

    /// The next value, skipping separators.
    #[inline]
    fn value(&mut self, what: &str) -> Result<Token<'a>> {
        loop {
            match self.next()? {
                Some(Token::Separator) => {}
                Some(token) => return Ok(token),
                None => return Err(self.end_of_data(what)),
            }
        }
    }

    fn unexpected(&self, what: &str, expected: &str, found: Token<'_>) -> Error {
        self.fail(format!(
            "{what}: expected {expected}, found {}",
            describe(found)
        ))
    }

    #[inline]
    fn float(&mut self, what: &str) -> Result<f32> {
        let token = self.value(what)?;
        let parsed = match token {
            Token::Number(text) | Token::Name(text) => parse_f32(text),
            Token::Float(f) => Some(f),
            Token::Int(i) => Some(i as f32),
            _ => None,
        };
        parsed.ok_or_else(|| self.unexpected(what, "a number", token))
    }

    #[inline]
    fn floats<const N: usize>(&mut self, what: &str) -> Result<[f32; N]> {
        let mut out = [0.0; N];
        for slot in &mut out {
            *slot = self.float(what)?;
        }
        Ok(out)
    }

    /// An integer, signed so that a negative count can be told apart.
    #[inline]
    fn integer(&mut self, what: &str) -> Result<i64> {
        let token = self.value(what)?;
        let parsed = match token {
            Token::Number(text) => parse_int(text),
            Token::Int(i) => Some(i64::from(i)),
            Token::Float(f) => integral(f),
            _ => None,
        };
        parsed.ok_or_else(|| self.unexpected(what, "an integer", token))
    }

    /// An index; one that cannot be an index at all (negative, huge) reads as `u32::MAX`, out
    /// of range of any table, for the range check to repair.
    #[inline]
    fn index(&mut self, what: &str) -> Result<u32> {
        Ok(u32::try_from(self.integer(what)?).unwrap_or(u32::MAX))
    }

    /// A count of items of `numbers_each` values each, checked against the bytes left (every
    /// value takes at least one) before anything is allocated for it.
    fn count(&mut self, what: &str, numbers_each: usize) -> Result<usize> {
        let count = self.integer(what)?;
        let at = self.last;
        let Ok(count) = u64::try_from(count) else {
            return Err(error(at, ErrorKind::NegativeCount(count), what));
        };
        let needed = count.saturating_mul(numbers_each as u64);
        let remaining = self.tokens.remaining();
        if needed > remaining as u64 {
            return Err(error(
                at,
                ErrorKind::CountTooLarge {
                    count,
                    needed,
                    remaining,
                },
                what,
            ));
        }
        // At most `remaining`, so it fits.
        Ok(count as usize)
    }

    fn string(&mut self, what: &str) -> Result<&'a [u8]> {
        match self.value(what)? {
            // Unquoted file names are a common slip; D3DX's text parser takes them too.
            Token::Str(s) | Token::Name(s) => Ok(s),
            other => Err(self.unexpected(what, "a string", other)),
        }
    }

    // ---- object structure ----

    /// After a template name: the optional object name, `{` and the optional GUID.
    fn open(&mut self, what: &str) -> Result<Option<&'a [u8]>> {
        let mut name = None;
        loop {
            match self.next()? {
                Some(Token::OpenBrace) => break,
                Some(Token::Name(n) | Token::Number(n)) if name.is_none() => name = Some(n),
                Some(other) => return Err(self.unexpected(what, "`{`", other)),
                None => return Err(self.end_of_data(what)),
            }
        }
        if self.peek()? == Some(Token::Guid) {
            self.next()?;
        }
        Ok(name)
    }

    /// What comes next inside an object whose values have been read. Stray values (more than
    /// the template holds) are passed over, as D3DX does with optional members it does not know.
    fn child(&mut self, what: &str) -> Result<Child<'a>> {
        loop {
            match self.next()? {
                Some(Token::CloseBrace) => return Ok(Child::End),
                Some(Token::Name(template)) => return Ok(Child::Object(template)),
                Some(Token::Template) => return Ok(Child::Object(b"template")),
                Some(Token::OpenBrace) => return self.reference(what).map(Child::Reference),
                Some(_) => {}
                None => return Err(self.end_of_data(what)),
            }
        }
    }

    /// The rest of `{ Name [<guid>] }` after its `{`.
    fn reference(&mut self, what: &str) -> Result<Option<&'a [u8]>> {
        let mut name = None;
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()? {
                Some(Token::OpenBrace) => depth += 1,
                Some(Token::CloseBrace) => depth -= 1,
                Some(Token::Name(n) | Token::Number(n)) if name.is_none() => name = Some(n),
                Some(_) => {}
                None => return Err(self.end_of_data(what)),
            }
        }
        Ok(name)
    }

    /// Skips an object whose template name was just read: up to its `{`, then to the matching
    /// `}`. Counting braces needs no recursion, so any nesting depth is safe.
    fn skip_object(&mut self, template: &[u8]) -> Result<()> {
        let what = || String::from_utf8_lossy(template).into_owned();
        loop {
            match self.next()? {
                Some(Token::OpenBrace) => break,
                Some(Token::CloseBrace) => {
                    return Err(self.fail(format!("{}: expected `{{`, found `}}`", what())));
                }
                Some(_) => {}
                None => return Err(self.end_of_data(&what())),
            }
        }
        let mut depth = 1usize;
        while depth > 0 {
            match self.next()? {
                Some(Token::OpenBrace) => depth += 1,
                Some(Token::CloseBrace) => depth -= 1,
                Some(_) => {}
                None => return Err(self.end_of_data(&what())),
            }
        }
        Ok(())
    }

    /// Reads the children left in an object the reader does not look into further, up to its
    /// `}`.
    fn finish(&mut self, what: &str) -> Result<()> {
        loop {
            match self.child(what)? {
                Child::End => return Ok(()),
                Child::Object(template) => self.skip_object(template)?,
                Child::Reference(_) => {}
            }
        }
    }

    // ---- templates ----

    fn top_level(&mut self) -> Result<()> {
        loop {
            let template = match self.next()? {
                None => return Ok(()),
                Some(Token::Separator) => continue,
                Some(Token::Name(template)) => template,
                Some(Token::Template) => b"template",
                // A reference outside any object points at nothing to draw.
                Some(Token::OpenBrace) => {
                    self.reference("reference")?;
                    continue;
                }
                Some(other) => {
                    return Err(self.unexpected("between objects", "an object", other));
                }
            };
            if is(template, "Mesh") {
                let mesh = self.mesh()?;
                self.scene.meshes.push(mesh);
            } else if is(template, "Frame") {
                let meshes = self.frame(1)?;
                self.scene.meshes.extend(meshes);
            } else if is(template, "Material") {
                self.named_material()?;
            } else {
                self.skip_object(template)?;
            }
        }
    }

    /// A `Frame` after its template name: its meshes and those of the frames inside it, in
    /// the frame's parent's space.
    fn frame(&mut self, depth: usize) -> Result<Vec<RawMesh>> {
        if depth > MAX_FRAME_DEPTH {
            return Err(self.fail(format!("frames nested more than {MAX_FRAME_DEPTH} deep")));
        }
        let name = self.open("Frame")?;
        let what = || format!("frame {}", String::from_utf8_lossy(name.unwrap_or(b"")));
        let mut matrix = None;
        let mut meshes = Vec::new();
        loop {
            match self.child("Frame").ctx(what)? {
                Child::End => break,
                Child::Reference(_) => {}
                Child::Object(t) if is(t, "FrameTransformMatrix") => {
                    self.open("FrameTransformMatrix").ctx(what)?;
                    matrix = Some(Matrix(self.floats::<16>("FrameTransformMatrix").ctx(what)?));
                    self.finish("FrameTransformMatrix").ctx(what)?;
                }
                Child::Object(t) if is(t, "Mesh") => meshes.push(self.mesh()?),
                Child::Object(t) if is(t, "Frame") => meshes.extend(self.frame(depth + 1)?),
                Child::Object(t) if is(t, "Material") => self.named_material()?,
                Child::Object(t) => self.skip_object(t)?,
            }
        }
        if let Some(matrix) = matrix.filter(|m| *m != Matrix::IDENTITY) {
            meshes.iter_mut().for_each(|mesh| apply(&matrix, mesh));
        }
        Ok(meshes)
    }

    /// A `Mesh` after its template name.
    fn mesh(&mut self) -> Result<RawMesh> {
        let index = self.meshes_begun;
        self.meshes_begun += 1;
        let what = || format!("mesh {index}");
        self.open("Mesh").ctx(what)?;
        self.mesh_body().ctx(what)
    }

    fn mesh_body(&mut self) -> Result<RawMesh> {
        let positions = self.vectors("vertices")?;
        let faces = self.polygons("faces")?;
        let mut mesh = RawMesh {
            positions,
            faces,
            ..RawMesh::default()
        };
        loop {
            match self.child("Mesh")? {
                Child::End => return Ok(mesh),
                Child::Reference(_) => {}
                Child::Object(t) if is(t, "MeshNormals") => {
                    self.open("MeshNormals")?;
                    let normals = self.vectors("normals")?;
                    let faces = self.polygons("normal faces")?;
                    mesh.normals = Some(RawNormals { normals, faces });
                    self.finish("MeshNormals")?;
                }
                Child::Object(t) if is(t, "MeshTextureCoords") => {
                    self.open("MeshTextureCoords")?;
                    let n = self.count("texture coordinate count", 2)?;
                    let mut uvs = Vec::with_capacity(n);
                    for _ in 0..n {
                        uvs.push(self.floats::<2>("texture coordinates")?);
                    }
                    mesh.uvs = Some(uvs);
                    self.finish("MeshTextureCoords")?;
                }
                Child::Object(t) if is(t, "MeshVertexColors") => {
                    self.open("MeshVertexColors")?;
                    let n = self.count("vertex colour count", 5)?;
                    let mut colors = Vec::with_capacity(n);
                    for _ in 0..n {
                        let index = self.index("vertex colours")?;
                        colors.push((index, self.floats::<4>("vertex colours")?));
                    }
                    mesh.colors = Some(colors);
                    self.finish("MeshVertexColors")?;
                }
                Child::Object(t) if is(t, "MeshMaterialList") => {
                    self.open("MeshMaterialList")?;
                    mesh.material_list = Some(self.material_list()?);
                }
                Child::Object(t) => self.skip_object(t)?,
            }
        }
    }

    /// A count, then that many `Vector`s.
    fn vectors(&mut self, what: &str) -> Result<Vec<[f32; 3]>> {
        let n = self.count(what, 3)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.floats::<3>(what)?);
        }
        Ok(out)
    }

    /// A count, then that many `MeshFace`s (a corner count, then the corners).
    fn polygons(&mut self, what: &str) -> Result<Polygons> {
        let n = self.count(what, 1)?;
        let mut faces = Polygons {
            corners: Vec::with_capacity(n.saturating_mul(3).min(self.tokens.remaining())),
            ends: Vec::with_capacity(n),
        };
        for _ in 0..n {
            let corners = self.count(what, 1)?;
            for _ in 0..corners {
                faces.corners.push(self.index(what)?);
            }
            faces.ends.push(faces.corners.len());
        }
        Ok(faces)
    }

    /// A `MeshMaterialList` after its `{`, up to its `}`.
    fn material_list(&mut self) -> Result<MaterialList> {
        // The materials actually listed are used, whatever this says.
        self.integer("material count")?;
        let n = self.count("face material count", 1)?;
        let mut face_materials = Vec::with_capacity(n);
        for _ in 0..n {
            face_materials.push(self.index("face materials")?);
        }
        let mut materials = Vec::new();
        loop {
            match self.child("MeshMaterialList")? {
                Child::End => break,
                Child::Reference(name) => {
                    materials.push(MaterialRef::Named(name.unwrap_or_default().to_vec()));
                }
                Child::Object(t) if is(t, "Material") => {
                    let index = materials.len();
                    let (name, material) = self.material().ctx(|| format!("material {index}"))?;
                    if let Some(name) = name {
                        self.scene
                            .named_materials
                            .entry(name.to_vec())
                            .or_insert_with(|| material.clone());
                    }
                    materials.push(MaterialRef::Inline(material));
                }
                Child::Object(t) => self.skip_object(t)?,
            }
        }
        Ok(MaterialList {
            face_materials,
            materials,
        })
    }

    /// A `Material` outside a material list: kept when named, for lists to refer to.
    fn named_material(&mut self) -> Result<()> {
        let (name, material) = self.material()?;
        if let Some(name) = name {
            self.scene
                .named_materials
                .entry(name.to_vec())
                .or_insert(material);
        }
        Ok(())
    }

    /// A `Material` after its template name: its name and values.
    fn material(&mut self) -> Result<(Option<&'a [u8]>, XMaterial)> {
        let name = self.open("Material")?;
        let mut material = XMaterial {
            diffuse: self.floats("face colour")?,
            power: self.float("power")?,
            specular: self.floats("specular colour")?,
            emissive: self.floats("emissive colour")?,
            texture: None,
        };
        loop {
            match self.child("Material")? {
                Child::End => return Ok((name, material)),
                Child::Reference(_) => {}
                Child::Object(t) if is(t, "TextureFilename") => {
                    self.open("TextureFilename")?;
                    let file = self.string("texture file name")?;
                    // The first texture is the one drawn.
                    material
                        .texture
                        .get_or_insert_with(|| crate::text::decode_sjis(file));
                    self.finish("TextureFilename")?;
                }
                Child::Object(t) => self.skip_object(t)?,
            }
        }
    }
}

/// Moves a mesh from a frame's space into its parent's.
fn apply(matrix: &Matrix, mesh: &mut RawMesh) {
    for p in &mut mesh.positions {
        *p = matrix.point(*p);
    }
    if let Some(normals) = &mut mesh.normals {
        let m = matrix.normal_matrix();
        for n in &mut normals.normals {
            *n = transform::normal(*n, &m);
        }
    }
}

/// A token as an error message names it.
fn describe(token: Token<'_>) -> String {
    let text =
        |bytes: &[u8]| -> String { String::from_utf8_lossy(bytes).chars().take(40).collect() };
    match token {
        Token::Name(n) => format!("`{}`", text(n)),
        Token::Number(n) => format!("`{}`", text(n)),
        Token::Str(s) => format!("the string \"{}\"", text(s)),
        Token::Int(i) => format!("the integer {i}"),
        Token::Float(f) => format!("the float {f}"),
        Token::Guid => "a GUID".into(),
        Token::OpenBrace => "`{`".into(),
        Token::CloseBrace => "`}`".into(),
        Token::Separator => "a separator".into(),
        Token::Template => "`template`".into(),
        Token::Other => "template syntax".into(),
    }
}

/// A float's text (`-1.5`, `1e-7`, `.5`, `inf`, `NaN`), parsed straight to `f32`.
#[inline]
fn parse_f32(text: &[u8]) -> Option<f32> {
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// An integer's text; `3.0` is taken as 3, as some exporters print counts as floats.
#[inline]
fn parse_int(text: &[u8]) -> Option<i64> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return parse_f32(text).and_then(integral);
    }
    let magnitude = digits.iter().fold(0i64, |n, &d| {
        n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

fn integral(f: f32) -> Option<i64> {
    (f.fract() == 0.0 && f.abs() < 1e18).then_some(f as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_int(b"42"), Some(42));
        assert_eq!(parse_int(b"-3"), Some(-3));
        assert_eq!(parse_int(b"3.0"), Some(3));
        assert_eq!(parse_int(b"3.5"), None);
        assert_eq!(parse_int(b"99999999999999999999999"), Some(i64::MAX));
        assert_eq!(parse_int(b"-"), None);
    }

    #[test]
    fn floats_parse_to_f32_directly() {
        assert_eq!(parse_f32(b"1e-45"), Some(f32::from_bits(1)));
        assert_eq!(parse_f32(b"-0.0").map(f32::to_bits), Some(0x8000_0000));
        assert_eq!(parse_f32(b".5"), Some(0.5));
        assert_eq!(parse_f32(b"1.#QNAN0"), None);
    }
}
