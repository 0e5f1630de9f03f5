//! What an effect declares: parameters with semantics and annotations, textures, samplers,
//! techniques and their passes, and the functions and structs a shader compiler gets.

use crate::location::{Loc, SourceFiles};
use crate::script::{ScriptCommand, parse_script};
use crate::token::Token;

/// An annotation's value, typed by the annotation's declared type.
#[derive(Clone, Debug, PartialEq)]
pub enum AnnotationValue {
    /// `bool`.
    Bool(bool),
    /// `int` (and `dword`).
    Int(i64),
    /// `float` (and `half`, `double`).
    Float(f64),
    /// `string`, adjacent literals joined.
    String(String),
    /// A vector type (`float2`, `int3` …) given as `{a, b}` or a single number.
    Vector(Vec<f64>),
    /// A value this reader does not evaluate, as written.
    Expression(String),
}

/// `< type name = value; >` on a parameter, technique or pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// The declared type (`string`, `float2` …).
    pub ty: String,
    /// The name.
    pub name: String,
    /// The value.
    pub value: AnnotationValue,
    /// Where it is.
    pub loc: Loc,
}

impl Annotation {
    /// The value as text, when it is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            AnnotationValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value as a number, when it is one (a `bool` as 0 or 1, a vector's first part).
    pub fn as_f64(&self) -> Option<f64> {
        match &self.value {
            AnnotationValue::Bool(b) => Some(f64::from(u8::from(*b))),
            AnnotationValue::Int(i) => Some(*i as f64),
            AnnotationValue::Float(f) => Some(*f),
            AnnotationValue::Vector(v) => v.first().copied(),
            _ => None,
        }
    }

    /// The value as a truth value (a number is true when not 0).
    pub fn as_bool(&self) -> Option<bool> {
        match &self.value {
            AnnotationValue::Bool(b) => Some(*b),
            _ => self.as_f64().map(|v| v != 0.0),
        }
    }

    /// The value's parts: a vector's, or one number's.
    pub fn as_vector(&self) -> Option<Vec<f64>> {
        match &self.value {
            AnnotationValue::Vector(v) => Some(v.clone()),
            _ => self.as_f64().map(|v| vec![v]),
        }
    }
}

/// The annotation called `name`, compared ignoring case (MME reads `ViewPortRatio` and
/// `ViewportRatio` alike).
pub fn find_annotation<'a>(annotations: &'a [Annotation], name: &str) -> Option<&'a Annotation> {
    annotations
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(name))
}

/// A top-level variable: a uniform parameter MME sets, or a `static`/`const` global.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// The name.
    pub name: String,
    /// The type as written (`float4x4`, `texture2D`, `sampler` …).
    pub ty: String,
    /// Storage classes and modifiers (`static`, `uniform`, `shared`, `const` …).
    pub modifiers: Vec<String>,
    /// Each array dimension's size as written (`[9]` gives `"9"`, `[]` gives `""`).
    pub array: Vec<String>,
    /// The semantic after `:`, as written (`WORLDVIEWPROJECTION`, `CONTROLOBJECT`).
    pub semantic: Option<String>,
    /// The annotations.
    pub annotations: Vec<Annotation>,
    /// The initialiser's text (a `sampler_state` block is in [`Sampler`] instead).
    pub initializer: Option<String>,
    /// Where it is declared.
    pub loc: Loc,
}

impl Parameter {
    /// The annotation called `name`, ignoring case.
    pub fn annotation(&self, name: &str) -> Option<&Annotation> {
        find_annotation(&self.annotations, name)
    }

    /// Whether it is a `static` global (set by its initialiser, not by MME).
    pub fn is_static(&self) -> bool {
        self.modifiers.iter().any(|m| m == "static")
    }

    /// Whether the semantic is `semantic`, ignoring case.
    pub fn has_semantic(&self, semantic: &str) -> bool {
        self.semantic
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(semantic))
    }
}

/// The kind of a texture declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureKind {
    /// `texture` (its dimension comes from its use or its `ResourceType`).
    Any,
    /// `texture1D`.
    D1,
    /// `texture2D`.
    D2,
    /// `texture3D`.
    D3,
    /// `textureCUBE`.
    Cube,
}

/// A `texture` parameter, with MME's annotations read.
#[derive(Clone, Debug, PartialEq)]
pub struct Texture {
    /// The declaration (name, semantic such as `RENDERCOLORTARGET`, annotations).
    pub parameter: Parameter,
    /// Its kind.
    pub kind: TextureKind,
}

impl Texture {
    /// The name.
    pub fn name(&self) -> &str {
        &self.parameter.name
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.parameter.annotation(name).and_then(Annotation::as_str)
    }

    fn count(&self, name: &str) -> Option<u32> {
        let value = self.parameter.annotation(name)?.as_f64()?;
        (value >= 0.0 && value <= f64::from(u32::MAX)).then_some(value as u32)
    }

    /// `ResourceName`: the image file it is loaded from.
    pub fn resource_name(&self) -> Option<&str> {
        self.text("ResourceName")
    }

    /// `ResourceType`: `2D`, `3D`, `CUBE`.
    pub fn resource_type(&self) -> Option<&str> {
        self.text("ResourceType")
    }

    /// `Format`: a Direct3D 9 format name such as `A16B16G16R16F` or `D24S8`.
    pub fn format(&self) -> Option<&str> {
        self.text("Format")
    }

    /// `ViewPortRatio`: the size as a fraction of the screen's.
    pub fn viewport_ratio(&self) -> Option<[f64; 2]> {
        let v = self.parameter.annotation("ViewPortRatio")?.as_vector()?;
        match v.as_slice() {
            [x, y, ..] => Some([*x, *y]),
            [both] => Some([*both, *both]),
            [] => None,
        }
    }

    /// `Dimensions`: the size in pixels (two or three parts).
    pub fn dimensions(&self) -> Option<Vec<u32>> {
        let v = self.parameter.annotation("Dimensions")?.as_vector()?;
        v.iter()
            .map(|&d| (d >= 0.0 && d <= f64::from(u32::MAX)).then_some(d as u32))
            .collect()
    }

    /// `Width`.
    pub fn width(&self) -> Option<u32> {
        self.count("Width")
    }

    /// `Height`.
    pub fn height(&self) -> Option<u32> {
        self.count("Height")
    }

    /// `Depth`.
    pub fn depth(&self) -> Option<u32> {
        self.count("Depth")
    }

    /// `MipLevels`, or `Levels` where that is given instead.
    pub fn mip_levels(&self) -> Option<u32> {
        self.count("MipLevels").or_else(|| self.count("Levels"))
    }
}

/// A render or sampler state's value.
#[derive(Clone, Debug, PartialEq)]
pub enum StateValue {
    /// `true`/`false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// A name: an enumeration value (`LINEAR`, `CLAMP`, `NONE`, `SRCALPHA`) or a parameter.
    Word(String),
    /// `<Name>` or `(Name)`: a reference to a parameter, as `Texture = <ScnMap>` writes it.
    Reference(String),
    /// Anything else, as written.
    Expression(String),
}

/// `Name = value;` in a pass or a `sampler_state` block.
#[derive(Clone, Debug, PartialEq)]
pub struct StateAssignment {
    /// The state's name as written (`AlphaBlendEnable`, `MinFilter`).
    pub name: String,
    /// The index of an indexed state (`Texture[0]`), when given.
    pub index: Option<String>,
    /// The value.
    pub value: StateValue,
    /// Where it is.
    pub loc: Loc,
}

/// A `sampler` parameter with its `sampler_state`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    /// The declaration.
    pub parameter: Parameter,
    /// The texture it samples (`Texture = <Name>`).
    pub texture: Option<String>,
    /// Every state of the block, the texture included, in order.
    pub states: Vec<StateAssignment>,
}

impl Sampler {
    /// The state called `name`, ignoring case.
    pub fn state(&self, name: &str) -> Option<&StateValue> {
        find_state(&self.states, name)
    }
}

fn find_state<'a>(states: &'a [StateAssignment], name: &str) -> Option<&'a StateValue> {
    states
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .map(|s| &s.value)
}

/// `compile vs_3_0 Entry(args)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderCompile {
    /// The profile (`vs_2_0`, `vs_3_0`, `ps_2_0`, `ps_3_0` …).
    pub profile: String,
    /// The entry function.
    pub entry: String,
    /// The arguments bound to the entry's `uniform` parameters, as written.
    pub args: Vec<String>,
    /// Where it is.
    pub loc: Loc,
}

/// A pass of a technique.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The name (`Pass=name` in scripts).
    pub name: Option<String>,
    /// The annotations (`Script`).
    pub annotations: Vec<Annotation>,
    /// The render states, except the shaders.
    pub states: Vec<StateAssignment>,
    /// `VertexShader = compile …`.
    pub vertex_shader: Option<ShaderCompile>,
    /// `PixelShader = compile …`.
    pub pixel_shader: Option<ShaderCompile>,
    /// Where it is.
    pub loc: Loc,
}

impl Pass {
    /// The render state called `name`, ignoring case.
    pub fn state(&self, name: &str) -> Option<&StateValue> {
        find_state(&self.states, name)
    }

    /// The `Script` annotation as commands.
    pub fn script(&self) -> Option<Vec<ScriptCommand>> {
        script_of(&self.annotations)
    }
}

fn script_of(annotations: &[Annotation]) -> Option<Vec<ScriptCommand>> {
    find_annotation(annotations, "Script")
        .and_then(Annotation::as_str)
        .map(parse_script)
}

/// A technique.
#[derive(Clone, Debug, PartialEq)]
pub struct Technique {
    /// The name.
    pub name: Option<String>,
    /// The annotations (`MMDPass`, `Subset`, `UseTexture`, `Script` …).
    pub annotations: Vec<Annotation>,
    /// The passes, in order.
    pub passes: Vec<Pass>,
    /// Where it is.
    pub loc: Loc,
}

impl Technique {
    /// The annotation called `name`, ignoring case.
    pub fn annotation(&self, name: &str) -> Option<&Annotation> {
        find_annotation(&self.annotations, name)
    }

    /// `MMDPass`: `object`, `object_ss`, `edge`, `shadow`, `zplot`.
    pub fn mmd_pass(&self) -> Option<&str> {
        self.annotation("MMDPass").and_then(Annotation::as_str)
    }

    /// `Subset`: the materials it draws (`"0-3,5"`).
    pub fn subset(&self) -> Option<&str> {
        self.annotation("Subset").and_then(Annotation::as_str)
    }

    /// A `bool` annotation such as `UseTexture`, `UseSphereMap`, `UseToon`, `UseSelfShadow`.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.annotation(name).and_then(Annotation::as_bool)
    }

    /// The `Script` annotation as commands.
    pub fn script(&self) -> Option<Vec<ScriptCommand>> {
        script_of(&self.annotations)
    }

    /// The pass called `name`.
    pub fn pass(&self, name: &str) -> Option<&Pass> {
        self.passes.iter().find(|p| p.name.as_deref() == Some(name))
    }
}

/// A parameter of a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionParam {
    /// `in`, `out`, `inout`, `uniform`, `const` …, as written.
    pub modifiers: Vec<String>,
    /// The type.
    pub ty: String,
    /// The name.
    pub name: String,
    /// Each array dimension's size as written.
    pub array: Vec<String>,
    /// The semantic.
    pub semantic: Option<String>,
    /// The default value's text.
    pub default: Option<String>,
}

impl FunctionParam {
    /// Whether `compile` arguments bind to it.
    pub fn is_uniform(&self) -> bool {
        self.modifiers.iter().any(|m| m == "uniform")
    }
}

/// A struct's declaration (its source goes to the compiler as written; the members tell
/// the entry point written for a pass which stage inputs and outputs it carries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructDecl {
    /// The name.
    pub name: String,
    /// The members, in order.
    pub members: Vec<StructMember>,
    /// Where it is declared.
    pub loc: Loc,
}

/// A member of a struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructMember {
    /// Interpolation and packing modifiers, as written.
    pub modifiers: Vec<String>,
    /// The type.
    pub ty: String,
    /// The name.
    pub name: String,
    /// Each array dimension's size as written.
    pub array: Vec<String>,
    /// The semantic.
    pub semantic: Option<String>,
}

/// A function, kept as source for the compiler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// The name.
    pub name: String,
    /// The return type.
    pub return_type: String,
    /// The parameters.
    pub params: Vec<FunctionParam>,
    /// The return value's semantic.
    pub semantic: Option<String>,
    /// Whether it has a body (a prototype has none).
    pub defined: bool,
    /// Where it is declared.
    pub loc: Loc,
}

/// A part of the program the shader compiler gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Preprocessed tokens from `start` to `end`.
    Tokens(usize, usize),
    /// Text written by the reader, at a place of the effect.
    Text(String, Loc),
    /// A global variable: its type and modifiers, its name and array sizes, and its
    /// initialiser, each a token range.
    Global {
        /// The type with its modifiers.
        head: (usize, usize),
        /// The name and array sizes.
        declarator: (usize, usize),
        /// The initialiser after `=`.
        init: Option<(usize, usize)>,
        /// Whether it is `static`.
        is_static: bool,
        /// The name's place.
        loc: Loc,
    },
}

/// A whole effect.
#[derive(Clone, Debug)]
pub struct Effect {
    /// The effect and the files it included.
    pub files: SourceFiles,
    /// Every top-level variable that is neither texture nor sampler, in order.
    pub parameters: Vec<Parameter>,
    /// The textures.
    pub textures: Vec<Texture>,
    /// The samplers.
    pub samplers: Vec<Sampler>,
    /// The techniques, in order (MME picks by `MMDPass` and annotations).
    pub techniques: Vec<Technique>,
    /// The functions.
    pub functions: Vec<Function>,
    /// The structs, in order.
    pub structs: Vec<StructDecl>,
    pub(crate) tokens: Vec<Token>,
    pub(crate) program: Vec<Piece>,
}

impl Effect {
    /// The parameter called `name`.
    pub fn parameter(&self, name: &str) -> Option<&Parameter> {
        self.parameters.iter().find(|p| p.name == name)
    }

    /// The texture called `name`.
    pub fn texture(&self, name: &str) -> Option<&Texture> {
        self.textures.iter().find(|t| t.name() == name)
    }

    /// The sampler called `name`.
    pub fn sampler(&self, name: &str) -> Option<&Sampler> {
        self.samplers.iter().find(|s| s.parameter.name == name)
    }

    /// The technique called `name`.
    pub fn technique(&self, name: &str) -> Option<&Technique> {
        self.techniques
            .iter()
            .find(|t| t.name.as_deref() == Some(name))
    }

    /// The struct called `name`.
    pub fn struct_named(&self, name: &str) -> Option<&StructDecl> {
        self.structs.iter().find(|s| s.name == name)
    }

    /// The functions called `name` (HLSL overloads by parameter types).
    pub fn functions_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Function> {
        self.functions.iter().filter(move |f| f.name == name)
    }

    /// The `STANDARDSGLOBAL` parameter's `ScriptOrder` (`standard`, `preprocess`,
    /// `postprocess`); `None` when the effect has no such parameter.
    pub fn script_order(&self) -> Option<&str> {
        self.parameters
            .iter()
            .find(|p| p.has_semantic("STANDARDSGLOBAL"))
            .and_then(|p| p.annotation("ScriptOrder"))
            .and_then(Annotation::as_str)
    }
}
