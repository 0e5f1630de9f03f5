//! The effect format's top level over preprocessed tokens: variables (parameters, textures,
//! samplers) with semantics, annotations and initialisers; techniques and passes; functions
//! and structs, kept as source. Alongside, the pieces of the program the shader compiler
//! gets, the effect-only syntax left out.

mod cursor;
mod value;

use cursor::Cursor;
use value::{annotations, states};

use crate::error::EffectError;
use crate::model::{
    Effect, Function, FunctionParam, Parameter, Pass, Piece, Sampler, StateValue, StructDecl,
    StructMember, Technique, Texture, TextureKind,
};
use crate::preprocess::{Failure, Preprocessed};
use crate::token::{Token, TokenKind};

/// Storage classes and modifiers that may come before a type.
const MODIFIERS: [&str; 14] = [
    "static",
    "uniform",
    "shared",
    "const",
    "extern",
    "volatile",
    "inline",
    "row_major",
    "column_major",
    "nointerpolation",
    "precise",
    "groupshared",
    "unsigned",
    "snorm",
];

/// Parameter modifiers of a function's parameters.
const PARAM_MODIFIERS: [&str; 10] = [
    "in",
    "out",
    "inout",
    "uniform",
    "const",
    "row_major",
    "column_major",
    "linear",
    "centroid",
    "nointerpolation",
];

/// Reads the effect's declarations.
pub fn parse(pre: Preprocessed) -> Result<Effect, EffectError> {
    let mut effect = Effect {
        files: pre.files,
        parameters: Vec::new(),
        textures: Vec::new(),
        samplers: Vec::new(),
        techniques: Vec::new(),
        functions: Vec::new(),
        structs: Vec::new(),
        tokens: Vec::new(),
        program: Vec::new(),
    };
    let tokens = pre.tokens;
    let result = {
        let mut c = Cursor {
            tokens: &tokens,
            pos: 0,
        };
        let mut reader = Reader {
            effect: &mut effect,
        };
        let mut result = Ok(());
        while !c.at_end() {
            if let Err(e) = reader.item(&mut c) {
                result = Err(e);
                break;
            }
        }
        result
    };
    effect.tokens = tokens;
    match result {
        Ok(()) => Ok(effect),
        Err(f) => Err(EffectError {
            location: effect.files.resolve(f.loc),
            kind: f.kind,
        }),
    }
}

struct Reader<'e> {
    effect: &'e mut Effect,
}

/// A declaration's start: modifiers and type, and where the type's tokens end.
struct Head {
    start: usize,
    modifiers: Vec<String>,
    ty: String,
    type_end: usize,
}

impl Reader<'_> {
    fn item(&mut self, c: &mut Cursor) -> Result<(), Failure> {
        let start = c.pos;
        if c.eat_punct(";") {
            return Ok(());
        }
        if c.peek_keyword("technique") || c.peek_keyword("technique10") {
            let technique = technique(c)?;
            self.effect.techniques.push(technique);
            return Ok(());
        }
        if c.peek().is_some_and(|t| t.is_ident("struct")) {
            return self.struct_item(c, start);
        }
        if c.peek().is_some_and(|t| t.is_ident("typedef")) {
            c.until(&[";"], "`;` ending the typedef")?;
            c.bump();
            self.effect.program.push(Piece::Tokens(start, c.pos));
            return Ok(());
        }
        let head = head(c)?;
        let name = c.expect_ident("a name")?;
        if c.peek_punct("(") {
            return self.function(c, head, name);
        }
        c.pos -= 1;
        loop {
            self.declarator(c, &head)?;
            if c.eat_punct(",") {
                continue;
            }
            c.expect_punct(";")?;
            return Ok(());
        }
    }

    fn struct_item(&mut self, c: &mut Cursor, start: usize) -> Result<(), Failure> {
        c.bump();
        let name = c.expect_ident("the struct's name")?;
        if !c.peek_punct("{") {
            return Err(c.expected("`{` opening the struct"));
        }
        c.bump();
        let mut members = Vec::new();
        while !c.eat_punct("}") {
            struct_members(c, &mut members)?;
        }
        c.until(&[";"], "`;` after the struct")?;
        c.bump();
        self.effect.structs.push(StructDecl {
            name: name.text.to_string(),
            members,
            loc: name.loc,
        });
        self.effect.program.push(Piece::Tokens(start, c.pos));
        Ok(())
    }

    fn function(&mut self, c: &mut Cursor, head: Head, name: &Token) -> Result<(), Failure> {
        c.bump();
        let mut params = Vec::new();
        let only_void = c.peek().is_some_and(|t| t.is_ident("void"))
            && c.peek_at(1).is_some_and(|t| t.is_punct(")"));
        if only_void {
            c.bump();
        }
        if !c.eat_punct(")") {
            loop {
                params.push(function_param(c)?);
                if c.eat_punct(")") {
                    break;
                }
                c.expect_punct(",")?;
            }
        }
        let semantic = semantic(c)?;
        let defined = c.peek_punct("{");
        if defined {
            c.skip_group("the function's body")?;
        } else {
            c.expect_punct(";")?;
        }
        self.effect.functions.push(Function {
            name: name.text.to_string(),
            return_type: head.ty,
            params,
            semantic,
            defined,
            loc: name.loc,
        });
        self.effect.program.push(Piece::Tokens(head.start, c.pos));
        Ok(())
    }

    /// One variable of a declaration, the cursor on its name.
    fn declarator(&mut self, c: &mut Cursor, head: &Head) -> Result<(), Failure> {
        let name = c.expect_ident("a variable's name")?;
        let name_at = c.pos - 1;
        let array = array_dims(c)?;
        let name_end = c.pos;
        let semantic = semantic(c)?;
        let annotations = if c.peek_punct("<") {
            annotations(c)?
        } else {
            Vec::new()
        };
        let mut initializer = None;
        let mut sampler_states = None;
        let mut init_range = None;
        if c.eat_punct("=") {
            if c.peek_keyword("sampler_state") {
                c.bump();
                c.expect_punct("{")?;
                sampler_states = Some(states(c)?.states);
            } else {
                let (start, end) = c.until(&[",", ";"], "`;` ending the declaration")?;
                initializer = Some(c.text(start, end));
                init_range = Some((start, end));
            }
        }
        let parameter = Parameter {
            name: name.text.to_string(),
            ty: head.ty.clone(),
            modifiers: head.modifiers.clone(),
            array,
            semantic,
            annotations,
            initializer,
            loc: name.loc,
        };
        let ty = head.ty.to_ascii_lowercase();
        if let Some(kind) = texture_kind(&ty) {
            self.effect.textures.push(Texture { parameter, kind });
        } else if ty.starts_with("sampler") {
            let states = sampler_states.unwrap_or_default();
            let texture = states
                .iter()
                .find(|s| s.name.eq_ignore_ascii_case("Texture"))
                .and_then(|s| match &s.value {
                    StateValue::Reference(n) | StateValue::Word(n) => Some(n.clone()),
                    _ => None,
                });
            let sampler_ty = self.sampler_type(&ty, texture.as_deref());
            let text = format!("{sampler_ty} {};", c.text(name_at, name_end));
            self.effect.program.push(Piece::Text(text, name.loc));
            self.effect.samplers.push(Sampler {
                parameter,
                texture,
                states,
            });
        } else {
            if !matches!(ty.as_str(), "string" | "vertexshader" | "pixelshader") {
                self.effect.program.push(Piece::Global {
                    head: (head.start, head.type_end),
                    declarator: (name_at, name_end),
                    init: init_range,
                    is_static: parameter.is_static(),
                    loc: name.loc,
                });
            }
            self.effect.parameters.push(parameter);
        }
        Ok(())
    }

    /// The compiler's type for a sampler: DirectX 9's untyped `sampler` takes its
    /// texture's dimension (2D unless the texture says otherwise).
    fn sampler_type(&self, ty: &str, texture: Option<&str>) -> &'static str {
        let kind = texture.and_then(|name| self.effect.texture(name)).map(|t| {
            match (t.kind, t.resource_type().map(str::to_ascii_uppercase)) {
                (TextureKind::Any, Some(r)) if r == "CUBE" => TextureKind::Cube,
                (TextureKind::Any, Some(r)) if r == "3D" || r == "VOLUME" => TextureKind::D3,
                (kind, _) => kind,
            }
        });
        match (ty, kind) {
            ("sampler1d", _) => "sampler1D",
            ("sampler3d", _) | ("sampler", Some(TextureKind::D3)) => "sampler3D",
            ("samplercube", _) | ("sampler", Some(TextureKind::Cube)) => "samplerCUBE",
            _ => "sampler2D",
        }
    }
}

fn texture_kind(ty: &str) -> Option<TextureKind> {
    Some(match ty {
        "texture" => TextureKind::Any,
        "texture1d" => TextureKind::D1,
        "texture2d" => TextureKind::D2,
        "texture3d" => TextureKind::D3,
        "texturecube" => TextureKind::Cube,
        _ => return None,
    })
}

/// Modifiers and a type (`vector<float, 4>` included).
fn head(c: &mut Cursor) -> Result<Head, Failure> {
    let start = c.pos;
    let mut modifiers = Vec::new();
    while let Some(t) = c.peek().filter(|t| MODIFIERS.contains(&&*t.text)) {
        modifiers.push(t.text.to_string());
        c.bump();
    }
    let ty = c.expect_ident("a type")?;
    let type_start = c.pos - 1;
    if c.peek_punct("<") && matches!(&*ty.text, "vector" | "matrix") {
        c.until(&[">"], "`>` closing the type")?;
        c.bump();
    }
    Ok(Head {
        start,
        modifiers,
        ty: c.text(type_start, c.pos),
        type_end: c.pos,
    })
}

/// `[n]` dimensions after a name.
fn array_dims(c: &mut Cursor) -> Result<Vec<String>, Failure> {
    let mut dims = Vec::new();
    while c.eat_punct("[") {
        let (start, end) = c.until(&["]"], "`]`")?;
        c.bump();
        dims.push(c.text(start, end));
    }
    Ok(dims)
}

/// `: SEMANTIC` (or `: register(c0)`), when there.
fn semantic(c: &mut Cursor) -> Result<Option<String>, Failure> {
    if !c.eat_punct(":") {
        return Ok(None);
    }
    let start = c.pos;
    let name = c.expect_ident("a semantic")?;
    if name.is_ident("register") && c.peek_punct("(") {
        c.skip_group("the register")?;
    }
    Ok(Some(c.text(start, c.pos)))
}

/// One member declaration of a struct (`float4 a : TEXCOORD0, b : TEXCOORD1;`).
fn struct_members(c: &mut Cursor, members: &mut Vec<StructMember>) -> Result<(), Failure> {
    let mut modifiers = Vec::new();
    while let Some(t) = c.peek().filter(|t| PARAM_MODIFIERS.contains(&&*t.text)) {
        modifiers.push(t.text.to_string());
        c.bump();
    }
    let head = head(c)?;
    modifiers.extend(head.modifiers);
    loop {
        let name = c.expect_ident("a struct member's name")?;
        let array = array_dims(c)?;
        let semantic = semantic(c)?;
        members.push(StructMember {
            modifiers: modifiers.clone(),
            ty: head.ty.clone(),
            name: name.text.to_string(),
            array,
            semantic,
        });
        if !c.eat_punct(",") {
            c.expect_punct(";")?;
            return Ok(());
        }
    }
}

fn function_param(c: &mut Cursor) -> Result<FunctionParam, Failure> {
    let mut modifiers = Vec::new();
    while let Some(t) = c.peek().filter(|t| PARAM_MODIFIERS.contains(&&*t.text)) {
        modifiers.push(t.text.to_string());
        c.bump();
    }
    let head = head(c)?;
    modifiers.extend(head.modifiers);
    let name = c.expect_ident("a parameter's name")?;
    let array = array_dims(c)?;
    let semantic = semantic(c)?;
    let default = if c.eat_punct("=") {
        let (start, end) = c.until(&[",", ")"], "`)` closing the parameters")?;
        Some(c.text(start, end))
    } else {
        None
    };
    Ok(FunctionParam {
        modifiers,
        ty: head.ty,
        name: name.text.to_string(),
        array,
        semantic,
        default,
    })
}

/// `technique Name <annotations> { pass … }`, the cursor on `technique`.
fn technique(c: &mut Cursor) -> Result<Technique, Failure> {
    let at = c.here();
    c.bump();
    let name = optional_name(c);
    let annotations = if c.peek_punct("<") {
        annotations(c)?
    } else {
        Vec::new()
    };
    c.expect_punct("{")?;
    let mut passes = Vec::new();
    while !c.eat_punct("}") {
        if !c.peek_keyword("pass") {
            return Err(c.expected("`pass` or `}`"));
        }
        passes.push(pass(c)?);
    }
    Ok(Technique {
        name,
        annotations,
        passes,
        loc: at,
    })
}

fn pass(c: &mut Cursor) -> Result<Pass, Failure> {
    let at = c.here();
    c.bump();
    let name = optional_name(c);
    let annotations = if c.peek_punct("<") {
        annotations(c)?
    } else {
        Vec::new()
    };
    c.expect_punct("{")?;
    let block = states(c)?;
    let mut pass = Pass {
        name,
        annotations,
        states: block.states,
        vertex_shader: None,
        pixel_shader: None,
        loc: at,
    };
    for (state, shader) in block.shaders {
        if state.eq_ignore_ascii_case("VertexShader") {
            pass.vertex_shader = Some(shader);
        } else if state.eq_ignore_ascii_case("PixelShader") {
            pass.pixel_shader = Some(shader);
        }
    }
    Ok(pass)
}

fn optional_name(c: &mut Cursor) -> Option<String> {
    let t = c.peek().filter(|t| t.kind == TokenKind::Ident)?;
    c.bump();
    Some(t.text.to_string())
}
