//! Where a DirectX 9 semantic on a shader's input or output goes in the stage interface
//! wgpu builds: vertex attributes at the locations the host binds MME's geometry to,
//! varyings at one location per semantic (so a vertex shader's outputs meet the pixel
//! shader's inputs whichever passes are paired), and the system values DirectX 9 names
//! without an `SV_` prefix (`POSITION` out of a vertex shader, `COLORn` and `DEPTH` out of
//! a pixel shader, `VPOS` into it).

/// A shader stage of a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `VertexShader = compile vs_…`.
    Vertex,
    /// `PixelShader = compile ps_…`.
    Pixel,
}

/// Whether a value goes into a stage or comes out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// A parameter the stage reads.
    In,
    /// An `out` parameter or the return value.
    Out,
}

/// Where a value of a stage's interface goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A vertex attribute (into a vertex shader) or a varying, at this location.
    Location(u32),
    /// The clip-space position out of a vertex shader; the pixel's window position into a
    /// pixel shader (DirectX 9's `VPOS`).
    Position,
    /// Colour target n out of a pixel shader.
    Target(u32),
    /// The pixel's depth out of a pixel shader.
    Depth,
    /// Written by the shader but not carried: point size (`PSIZE`) and fog (`FOG`) out of a
    /// vertex shader, which MME's draws never use.
    Dropped,
}

/// The vertex attribute location of `POSITION`: `float4`, w = 1.
pub const POSITION_LOCATION: u32 = 0;
/// The vertex attribute location of `NORMAL`.
pub const NORMAL_LOCATION: u32 = 1;
/// The vertex attribute location of `TEXCOORD0`; `TEXCOORDn` follows at `+ n` (MME gives
/// a PMX model's additional UVs as `TEXCOORD1` to `TEXCOORD4`).
pub const TEXCOORD_LOCATION: u32 = 2;
/// How many `TEXCOORDn` vertex attributes there can be.
pub const TEXCOORD_ATTRIBUTES: u32 = 8;
/// The vertex attribute location of `COLOR0`; `COLOR1` follows.
pub const COLOR_LOCATION: u32 = TEXCOORD_LOCATION + TEXCOORD_ATTRIBUTES;

/// Shader model 3's varyings are ten `TEXCOORDn` and two `COLORn` registers: each gets
/// its own location, `COLORn` after the texture coordinates.
const VARYING_TEXCOORDS: u32 = 12;
const VARYING_COLORS: u32 = 2;

/// A semantic's name in upper case and its index (`TEXCOORD3` → `("TEXCOORD", 3)`; no
/// digits → index 0).
pub fn split_semantic(semantic: &str) -> (String, u32) {
    let name = semantic.trim();
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    let (stem, index) = name.split_at(name.len() - digits);
    (stem.to_ascii_uppercase(), index.parse().unwrap_or(0))
}

/// Where `semantic` goes for a value that goes in `direction` of `stage`; `None` for a
/// semantic the stage cannot carry there.
pub fn slot(stage: Stage, direction: Direction, semantic: &str) -> Option<Slot> {
    let (name, index) = split_semantic(semantic);
    let name = name.strip_prefix("SV_").map_or(name.as_str(), |n| n);
    match (stage, direction) {
        (Stage::Vertex, Direction::In) => vertex_attribute(name, index).map(Slot::Location),
        (Stage::Vertex, Direction::Out) => match name {
            "POSITION" => Some(Slot::Position),
            "PSIZE" | "FOG" => Some(Slot::Dropped),
            _ => varying(name, index),
        },
        (Stage::Pixel, Direction::In) => match name {
            "POSITION" | "VPOS" => Some(Slot::Position),
            _ => varying(name, index),
        },
        (Stage::Pixel, Direction::Out) => match name {
            "COLOR" | "TARGET" if index < 4 => Some(Slot::Target(index)),
            "DEPTH" => Some(Slot::Depth),
            _ => None,
        },
    }
}

fn vertex_attribute(name: &str, index: u32) -> Option<u32> {
    match name {
        "POSITION" if index == 0 => Some(POSITION_LOCATION),
        "NORMAL" if index == 0 => Some(NORMAL_LOCATION),
        "TEXCOORD" if index < TEXCOORD_ATTRIBUTES => Some(TEXCOORD_LOCATION + index),
        "COLOR" if index < 2 => Some(COLOR_LOCATION + index),
        _ => None,
    }
}

fn varying(name: &str, index: u32) -> Option<Slot> {
    match name {
        "TEXCOORD" if index < VARYING_TEXCOORDS => Some(Slot::Location(index)),
        "COLOR" if index < VARYING_COLORS => Some(Slot::Location(VARYING_TEXCOORDS + index)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semantics_split_into_name_and_index() {
        assert_eq!(split_semantic("TEXCOORD3"), ("TEXCOORD".into(), 3));
        assert_eq!(split_semantic("color"), ("COLOR".into(), 0));
        assert_eq!(split_semantic("SV_Target1"), ("SV_TARGET".into(), 1));
    }

    #[test]
    fn a_vertex_output_meets_the_pixel_input_of_the_same_semantic() {
        for semantic in ["TEXCOORD0", "TEXCOORD7", "COLOR0", "COLOR1"] {
            let out = slot(Stage::Vertex, Direction::Out, semantic);
            assert!(matches!(out, Some(Slot::Location(_))), "{semantic}");
            assert_eq!(
                out,
                slot(Stage::Pixel, Direction::In, semantic),
                "{semantic}"
            );
        }
        assert_ne!(
            slot(Stage::Vertex, Direction::Out, "TEXCOORD0"),
            slot(Stage::Vertex, Direction::Out, "COLOR0")
        );
    }

    #[test]
    fn directx9_system_values_map_to_their_builtins() {
        use Direction::{In, Out};
        assert_eq!(slot(Stage::Vertex, Out, "POSITION"), Some(Slot::Position));
        assert_eq!(
            slot(Stage::Vertex, Out, "SV_Position"),
            Some(Slot::Position)
        );
        assert_eq!(slot(Stage::Pixel, In, "VPOS"), Some(Slot::Position));
        assert_eq!(slot(Stage::Pixel, Out, "COLOR"), Some(Slot::Target(0)));
        assert_eq!(slot(Stage::Pixel, Out, "COLOR2"), Some(Slot::Target(2)));
        assert_eq!(slot(Stage::Pixel, Out, "DEPTH"), Some(Slot::Depth));
        assert_eq!(slot(Stage::Vertex, Out, "PSIZE"), Some(Slot::Dropped));
        assert_eq!(
            slot(Stage::Vertex, In, "POSITION"),
            Some(Slot::Location(POSITION_LOCATION))
        );
        assert_eq!(
            slot(Stage::Vertex, In, "TEXCOORD1"),
            Some(Slot::Location(TEXCOORD_LOCATION + 1))
        );
        assert_eq!(slot(Stage::Pixel, Out, "TEXCOORD0"), None);
        assert_eq!(slot(Stage::Vertex, In, "BINORMAL"), None);
    }
}
