//! What MME sets a parameter to, told from its semantic and annotations (MME's reference,
//! section 2): the geometry matrices and their inverses and transposes, material and light
//! colours, the camera's and light's position and direction, time, the viewport's size,
//! the mouse, CONTROLOBJECT and the special variables MME sets by name (`use_texture` …).
//! Semantic and annotation names match ignoring case, as MME reads them; the special
//! variables match by their exact names.

use mmd_effect::Parameter;

/// The product a geometry matrix semantic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// `WORLD`: object to world.
    World,
    /// `VIEW`: world to the camera's (or light's) view.
    View,
    /// `PROJECTION`: view to clip space.
    Projection,
    /// `WORLDVIEW`.
    WorldView,
    /// `VIEWPROJECTION`.
    ViewProjection,
    /// `WORLDVIEWPROJECTION`.
    WorldViewProjection,
}

/// Whose view a matrix, position or direction is of (the `Object` annotation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// `"Camera"`, the default.
    Camera,
    /// `"Light"`.
    Light,
}

/// A colour or number of the material being drawn, or of the light (the `Object`
/// annotation: `"Geometry"` or `"Light"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialValue {
    /// `DIFFUSE`.
    Diffuse,
    /// `AMBIENT`.
    Ambient,
    /// `EMISSIVE`.
    Emissive,
    /// `SPECULAR`.
    Specular,
    /// `SPECULARPOWER`.
    SpecularPower,
    /// `TOONCOLOR`.
    ToonColor,
    /// `EDGECOLOR`.
    EdgeColor,
    /// `GROUNDSHADOWCOLOR`.
    GroundShadowColor,
    /// `ADDINGTEXTURE`: a material morph's added texture factor.
    AddingTexture,
    /// `MULTIPLYINGTEXTURE`.
    MultiplyingTexture,
    /// `ADDINGSPHERETEXTURE`.
    AddingSphereTexture,
    /// `MULTIPLYINGSPHERETEXTURE`.
    MultiplyingSphereTexture,
}

/// Whether a material semantic reads the material or the light.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourSource {
    /// `"Geometry"`: the material being drawn.
    Geometry,
    /// `"Light"`: MMD's light.
    Light,
}

/// A mouse value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mouse {
    /// `MOUSEPOSITION`: the pointer in the viewport, -1 to 1.
    Position,
    /// `LEFTMOUSEDOWN`.
    Left,
    /// `MIDDLEMOUSEDOWN`.
    Middle,
    /// `RIGHTMOUSEDOWN`.
    Right,
}

/// A per-draw flag or count MME sets on a parameter by its name, without a semantic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// `use_texture`: the material has a texture.
    UseTexture,
    /// `use_spheremap`: the material has a sphere map.
    UseSphereMap,
    /// `use_toon`: the model is drawn with a toon (PMD/PMX models).
    UseToon,
    /// `use_subtexture`: the sphere map is a PMX sub-texture (additional UV).
    UseSubTexture,
    /// `opadd`: the accessory is drawn additively.
    OpAdd,
    /// `parthf`: self-shadow is on.
    ParthF,
    /// `transp`: MMD's translucency setting.
    Transp,
    /// `spadd`: the sphere map is added, not multiplied.
    SpAdd,
    /// `VertexCount`: the object's vertex count.
    VertexCount,
    /// `SubsetCount`: the object's material count.
    SubsetCount,
}

/// What a parameter's value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Semantic {
    /// A geometry matrix.
    Matrix {
        /// The product.
        transform: Transform,
        /// Whose view.
        viewer: Viewer,
        /// `…INVERSE`.
        inverse: bool,
        /// `…TRANSPOSE`.
        transpose: bool,
    },
    /// A material's or the light's colour or number.
    Material {
        /// Which value.
        value: MaterialValue,
        /// The material or the light.
        source: ColourSource,
    },
    /// `POSITION`: the camera's eye or the light's position.
    Position(Viewer),
    /// `DIRECTION`: the camera's or the light's direction.
    Direction(Viewer),
    /// `TIME`: seconds; with `SyncInEditMode` the timeline's, else since the effect loaded.
    Time {
        /// `SyncInEditMode`.
        sync: bool,
    },
    /// `ELAPSEDTIME`: seconds since the previous frame, by the same clock as `Time`.
    ElapsedTime {
        /// `SyncInEditMode`.
        sync: bool,
    },
    /// `VIEWPORTPIXELSIZE`: the render target's size in pixels.
    ViewportPixelSize,
    /// The mouse.
    Mouse(Mouse),
    /// `CONTROLOBJECT`: a value of another object in the scene.
    ControlObject {
        /// The object: a model's or accessory's file name, `(self)` or `(OffscreenOwner)`.
        name: String,
        /// The item: a bone or morph name, or an accessory value (`X`, `Rxyz`, `Si`, `Tr`
        /// …); none for the object's place or whether it is shown.
        item: Option<String>,
    },
    /// A per-draw flag or count set by the parameter's name.
    Special(Special),
    /// `STANDARDSGLOBAL`: the effect's script settings, not a shader value.
    StandardsGlobal,
    /// No semantic: the parameter keeps its initial value.
    None,
    /// A semantic MME does not have (or the runtime does not know).
    Unknown(String),
}

/// What MME sets `parameter` to.
pub fn classify(parameter: &Parameter) -> Semantic {
    let Some(semantic) = parameter.semantic.as_deref() else {
        return special(&parameter.name).map_or(Semantic::None, Semantic::Special);
    };
    let upper = semantic.to_ascii_uppercase();
    if let Some(matrix) = matrix(&upper, parameter) {
        return matrix;
    }
    if let Some(value) = material_value(&upper) {
        let source = match object(parameter).as_deref() {
            Some("light") => ColourSource::Light,
            _ => ColourSource::Geometry,
        };
        return Semantic::Material { value, source };
    }
    let sync = || {
        parameter
            .annotation("SyncInEditMode")
            .and_then(|a| a.as_bool())
            .unwrap_or(false)
    };
    match upper.as_str() {
        "POSITION" => Semantic::Position(viewer(parameter)),
        "DIRECTION" => Semantic::Direction(viewer(parameter)),
        "TIME" => Semantic::Time { sync: sync() },
        "ELAPSEDTIME" => Semantic::ElapsedTime { sync: sync() },
        "VIEWPORTPIXELSIZE" => Semantic::ViewportPixelSize,
        "MOUSEPOSITION" => Semantic::Mouse(Mouse::Position),
        "LEFTMOUSEDOWN" => Semantic::Mouse(Mouse::Left),
        "MIDDLEMOUSEDOWN" => Semantic::Mouse(Mouse::Middle),
        "RIGHTMOUSEDOWN" => Semantic::Mouse(Mouse::Right),
        "STANDARDSGLOBAL" => Semantic::StandardsGlobal,
        "CONTROLOBJECT" => Semantic::ControlObject {
            name: string_annotation(parameter, "name").unwrap_or_default(),
            item: string_annotation(parameter, "item"),
        },
        _ => Semantic::Unknown(semantic.to_owned()),
    }
}

fn matrix(upper: &str, parameter: &Parameter) -> Option<Semantic> {
    let (base, inverse, transpose) = if let Some(b) = upper.strip_suffix("INVERSETRANSPOSE") {
        (b, true, true)
    } else if let Some(b) = upper.strip_suffix("INVERSE") {
        (b, true, false)
    } else if let Some(b) = upper.strip_suffix("TRANSPOSE") {
        (b, false, true)
    } else {
        (upper, false, false)
    };
    let transform = match base {
        "WORLD" => Transform::World,
        "VIEW" => Transform::View,
        "PROJECTION" => Transform::Projection,
        "WORLDVIEW" => Transform::WorldView,
        "VIEWPROJECTION" => Transform::ViewProjection,
        "WORLDVIEWPROJECTION" => Transform::WorldViewProjection,
        _ => return None,
    };
    Some(Semantic::Matrix {
        transform,
        viewer: viewer(parameter),
        inverse,
        transpose,
    })
}

fn material_value(upper: &str) -> Option<MaterialValue> {
    Some(match upper {
        "DIFFUSE" => MaterialValue::Diffuse,
        "AMBIENT" => MaterialValue::Ambient,
        "EMISSIVE" => MaterialValue::Emissive,
        "SPECULAR" => MaterialValue::Specular,
        "SPECULARPOWER" => MaterialValue::SpecularPower,
        "TOONCOLOR" => MaterialValue::ToonColor,
        "EDGECOLOR" => MaterialValue::EdgeColor,
        "GROUNDSHADOWCOLOR" => MaterialValue::GroundShadowColor,
        "ADDINGTEXTURE" => MaterialValue::AddingTexture,
        "MULTIPLYINGTEXTURE" => MaterialValue::MultiplyingTexture,
        "ADDINGSPHERETEXTURE" => MaterialValue::AddingSphereTexture,
        "MULTIPLYINGSPHERETEXTURE" => MaterialValue::MultiplyingSphereTexture,
        _ => return None,
    })
}

fn special(name: &str) -> Option<Special> {
    Some(match name {
        "use_texture" => Special::UseTexture,
        "use_spheremap" => Special::UseSphereMap,
        "use_toon" => Special::UseToon,
        "use_subtexture" => Special::UseSubTexture,
        "opadd" => Special::OpAdd,
        "parthf" => Special::ParthF,
        "transp" => Special::Transp,
        "spadd" => Special::SpAdd,
        "VertexCount" => Special::VertexCount,
        "SubsetCount" => Special::SubsetCount,
        _ => return None,
    })
}

/// The `Object` annotation, lower-cased.
fn object(parameter: &Parameter) -> Option<String> {
    string_annotation(parameter, "Object").map(|o| o.to_ascii_lowercase())
}

fn viewer(parameter: &Parameter) -> Viewer {
    match object(parameter).as_deref() {
        Some("light") => Viewer::Light,
        _ => Viewer::Camera,
    }
}

fn string_annotation(parameter: &Parameter, name: &str) -> Option<String> {
    parameter.annotation(name)?.as_str().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mmd_effect::{MemoryLoader, Options, read_effect};
    use std::path::Path;

    fn semantics(text: &str) -> Vec<(String, Semantic)> {
        let loader = MemoryLoader::new().with("t.fx", text);
        match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
            Ok(fx) => fx
                .parameters
                .iter()
                .map(|p| (p.name.clone(), classify(p)))
                .collect(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn matrices_take_their_product_suffixes_and_viewer() {
        let found = semantics(
            "float4x4 A : WORLDVIEWPROJECTION;
float4x4 B : viewinverse < string Object = \"Light\"; >;
float4x4 C : WorldViewTranspose;
float4x4 D : PROJECTIONINVERSETRANSPOSE < string Object = \"camera\"; >;
float4x4 E : WORLDVIEWPROJECTIONINVERSE;",
        );
        let m = |transform, viewer, inverse, transpose| Semantic::Matrix {
            transform,
            viewer,
            inverse,
            transpose,
        };
        let expected = [
            m(Transform::WorldViewProjection, Viewer::Camera, false, false),
            m(Transform::View, Viewer::Light, true, false),
            m(Transform::WorldView, Viewer::Camera, false, true),
            m(Transform::Projection, Viewer::Camera, true, true),
            m(Transform::WorldViewProjection, Viewer::Camera, true, false),
        ];
        let got: Vec<Semantic> = found.into_iter().map(|(_, s)| s).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn colours_read_the_material_or_the_light() {
        let found = semantics(
            "float4 A : DIFFUSE < string Object = \"Geometry\"; >;
float3 B : AMBIENT < string Object = \"Light\"; >;
float C : SpecularPower;
float3 D : POSITION < string Object = \"Light\"; >;
float3 E : DIRECTION;
float F : TIME < bool SyncInEditMode = true; >;
float G : ELAPSEDTIME;
float2 H : VIEWPORTPIXELSIZE;
float I : CONTROLOBJECT < string name = \"LightBloomController.pmx\"; string item = \"Strength+\"; >;
bool J : CONTROLOBJECT < string name = \"(self)\"; >;
bool use_texture;
float K;
float4 L : EDGEWIDTH;",
        );
        let got: Vec<Semantic> = found.into_iter().map(|(_, s)| s).collect();
        assert_eq!(
            got,
            [
                Semantic::Material {
                    value: MaterialValue::Diffuse,
                    source: ColourSource::Geometry
                },
                Semantic::Material {
                    value: MaterialValue::Ambient,
                    source: ColourSource::Light
                },
                Semantic::Material {
                    value: MaterialValue::SpecularPower,
                    source: ColourSource::Geometry
                },
                Semantic::Position(Viewer::Light),
                Semantic::Direction(Viewer::Camera),
                Semantic::Time { sync: true },
                Semantic::ElapsedTime { sync: false },
                Semantic::ViewportPixelSize,
                Semantic::ControlObject {
                    name: "LightBloomController.pmx".into(),
                    item: Some("Strength+".into())
                },
                Semantic::ControlObject {
                    name: "(self)".into(),
                    item: None
                },
                Semantic::Special(Special::UseTexture),
                Semantic::None,
                // Not an MME semantic, whatever its name suggests.
                Semantic::Unknown("EDGEWIDTH".into()),
            ]
        );
    }
}
