//! The entry point written for a pass shader: it calls the effect's function with the
//! `compile` arguments bound to its `uniform` parameters, and takes the function's inputs
//! and outputs apart into single values, each with the stage slot its DirectX 9 semantic
//! names ([`crate::stage_io`]). Struct inputs and outputs are taken apart member by member,
//! since a compiler maps only an entry point's own parameters to the stage interface.

use crate::error::ErrorKind;
use crate::model::{Effect, Function};
use crate::stage_io::{Direction, Slot, Stage, slot};

/// The name of the entry point [`Effect::pass_shader`] writes.
pub const WRAPPER_ENTRY: &str = "mmd_effect_entry";

/// A value of the entry's interface.
struct Value<'a> {
    ty: &'a str,
    semantic: Option<&'a str>,
    /// The wrapper's parameter name.
    name: String,
    /// The expression in the wrapper's body it is read from or written to.
    place: String,
}

/// The wrapper's text: its signature, then the statements of its body (the caller writes
/// the braces, with the deferred `static` initialisers first).
pub(crate) fn wrapper(
    effect: &Effect,
    function: &Function,
    args: &[String],
    stage: Stage,
) -> Result<[String; 2], ErrorKind> {
    let fail = |detail: String| ErrorKind::StageInterface {
        entry: function.name.clone(),
        detail,
    };
    let mut params = Vec::new();
    let mut body = Vec::new();
    let mut outputs = Vec::new();
    let mut call = Vec::new();
    let mut args = args.iter();
    for (i, p) in function.params.iter().enumerate() {
        if p.is_uniform() {
            call.push(format!("({})", args.next().map_or("", String::as_str)));
            continue;
        }
        let local = format!("mmd_p{i}");
        body.push(format!("{} {local};", p.ty));
        call.push(local.clone());
        let has = |m: &str| p.modifiers.iter().any(|x| x == m);
        if has("inout") || (has("in") && has("out")) {
            return Err(fail(format!("parameter {} is inout", p.name)));
        }
        if !p.array.is_empty() {
            return Err(fail(format!("parameter {} is an array", p.name)));
        }
        let values = values_of(effect, &p.ty, p.semantic.as_deref(), &local);
        if has("out") {
            outputs.extend(values);
        } else {
            for v in values {
                params.push(declare(&v, stage, Direction::In).map_err(&fail)?);
                let read = match varying_width(&v, stage, Direction::In) {
                    Some(1) => format!("{}.x", v.name),
                    Some(2) => format!("{}.xy", v.name),
                    Some(3) => format!("{}.xyz", v.name),
                    _ => v.name.clone(),
                };
                body.push(format!("{} = {read};", v.place));
            }
        }
    }
    let call = format!("{}({})", function.name, call.join(", "));
    if function.return_type == "void" {
        body.push(format!("{call};"));
    } else {
        let ty = &function.return_type;
        body.push(format!("{ty} mmd_result = {call};"));
        let semantic = function.semantic.as_deref();
        outputs.extend(values_of(effect, ty, semantic, "mmd_result"));
    }
    for v in &outputs {
        if slot_of(v, stage, Direction::Out).map_err(&fail)? == Slot::Dropped {
            continue;
        }
        params.push(declare(v, stage, Direction::Out).map_err(&fail)?);
        let written = match varying_width(v, stage, Direction::Out) {
            Some(1) => format!("float4({}, 0, 0, 1)", v.place),
            Some(2) => format!("float4({}, 0, 1)", v.place),
            Some(3) => format!("float4({}, 1)", v.place),
            _ => v.place.clone(),
        };
        body.push(format!("{} = {written};", v.name));
    }
    Ok([
        format!("void {WRAPPER_ENTRY}({})", params.join(", ")),
        body.join(" "),
    ])
}

/// A parameter or result of type `ty` as single values: itself, or a struct's members.
fn values_of<'a>(
    effect: &'a Effect,
    ty: &'a str,
    semantic: Option<&'a str>,
    place: &str,
) -> Vec<Value<'a>> {
    let Some(decl) = effect.struct_named(ty) else {
        return vec![Value {
            ty,
            semantic,
            name: format!("{place}_v"),
            place: place.to_owned(),
        }];
    };
    decl.members
        .iter()
        .map(|m| Value {
            ty: &m.ty,
            semantic: m.semantic.as_deref(),
            name: format!("{place}_{}", m.name),
            place: format!("{place}.{}", m.name),
        })
        .collect()
}

fn slot_of(v: &Value, stage: Stage, direction: Direction) -> Result<Slot, String> {
    let Some(semantic) = v.semantic else {
        return Err(format!("{} has no semantic", v.place));
    };
    slot(stage, direction, semantic).ok_or_else(|| {
        let (role, way) = match (stage, direction) {
            (Stage::Vertex, Direction::In) => ("vertex shader", "input"),
            (Stage::Vertex, Direction::Out) => ("vertex shader", "output"),
            (Stage::Pixel, Direction::In) => ("pixel shader", "input"),
            (Stage::Pixel, Direction::Out) => ("pixel shader", "output"),
        };
        format!("{semantic} is not a {role} {way} ({})", v.place)
    })
}

/// The components of a float value passed between the stages, which the wrapper passes as
/// a `float4`: Direct3D 9 lets a vertex shader write `float2 : TEXCOORD0` and the pixel
/// shader read `float4 : TEXCOORD0` (LightBloom does), the unwritten components reading
/// as 0 and w as 1; wgpu's stages must agree, so every varying is four wide.
fn varying_width(v: &Value, stage: Stage, direction: Direction) -> Option<u8> {
    let between_stages = matches!(
        (stage, direction),
        (Stage::Vertex, Direction::Out) | (Stage::Pixel, Direction::In)
    );
    if !between_stages || !matches!(slot_of(v, stage, direction), Ok(Slot::Location(_))) {
        return None;
    }
    let ty = v.ty.trim();
    let digits = ty
        .strip_prefix("float")
        .or_else(|| ty.strip_prefix("half"))?;
    match digits {
        "" | "1" => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        _ => None,
    }
}

/// The wrapper's parameter for `v`, with its slot spelled for the compiler.
fn declare(v: &Value, stage: Stage, direction: Direction) -> Result<String, String> {
    let way = match direction {
        Direction::In => "in",
        Direction::Out => "out",
    };
    let ty = match varying_width(v, stage, direction) {
        Some(_) => "float4",
        None => v.ty,
    };
    let name = &v.name;
    Ok(match slot_of(v, stage, direction)? {
        Slot::Location(n) => format!("[[vk::location({n})]] {way} {ty} {name} : MMD_SLOT{n}"),
        Slot::Position => format!("{way} {ty} {name} : SV_Position"),
        Slot::Target(n) => format!("{way} {ty} {name} : SV_Target{n}"),
        Slot::Depth => format!("{way} {ty} {name} : SV_Depth"),
        Slot::Dropped => format!("{way} {ty} {name}"),
    })
}
