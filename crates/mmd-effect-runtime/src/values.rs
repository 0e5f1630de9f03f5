//! The value MME gives each semantic, from the frame being drawn: the camera and light,
//! the object and material being drawn, the clocks, and the other objects of the scene
//! (CONTROLOBJECT). The rules are MME's reference (section 2) with the values nanoem
//! measured where the reference is silent; `docs/effects.md` lists them.

use glam::{Mat4, Vec3, Vec4};

use crate::semantic::{ColourSource, MaterialValue, Mouse, Semantic, Special, Transform, Viewer};
use crate::uniforms::Value;

/// A viewer's matrices in the column-vector convention (`projection * view * world`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewerMatrices {
    /// World to view.
    pub view: Mat4,
    /// View to clip space.
    pub projection: Mat4,
}

/// The camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CameraValues {
    /// Its matrices.
    pub matrices: ViewerMatrices,
    /// The eye, in world space.
    pub eye: Vec3,
    /// From the eye towards what it looks at, normalised.
    pub direction: Vec3,
}

/// MMD's light.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LightValues {
    /// The self-shadow map's matrices (what `Object = "Light"` matrices give).
    pub matrices: ViewerMatrices,
    /// The direction light travels, as MMD's light panel gives it (not normalised).
    pub direction: Vec3,
    /// Its colour.
    pub color: Vec3,
}

/// The two clocks MME keeps, in seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clocks {
    /// The timeline's time (frame / 30).
    pub frame: f32,
    /// The timeline's change since the previous frame drawn (negative when scrubbed back).
    pub frame_elapsed: f32,
    /// Time since the effect was loaded, running while the timeline stands still.
    pub system: f32,
    /// The system clock's change since the previous frame drawn.
    pub system_elapsed: f32,
}

/// The mouse, as MME's mouse semantics give it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MouseValues {
    /// The pointer in the viewport, -1 to 1 with y up.
    pub position: [f32; 2],
    /// For the left, middle and right buttons: where the last press was (x, y), whether the
    /// button is down now (1 or 0), and the `TIME` of the last press.
    pub buttons: [[f32; 4]; 3],
}

/// What every draw of a frame shares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameValues {
    /// The camera.
    pub camera: CameraValues,
    /// The light.
    pub light: LightValues,
    /// The render target's size in pixels (`VIEWPORTPIXELSIZE`).
    pub viewport: [f32; 2],
    /// The clocks.
    pub clocks: Clocks,
    /// MMD's ground shadow colour with its alpha (`GROUNDSHADOWCOLOR`).
    pub ground_shadow_color: [f32; 4],
    /// The mouse.
    pub mouse: MouseValues,
    /// Self-shadow mode 2 (`parthf`).
    pub self_shadow_mode2: bool,
    /// MMD's translucency display (`transp`).
    pub translucent: bool,
}

/// Whether an object is a model or an accessory: MME gives them different values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    /// A PMD or PMX model.
    Model,
    /// An `.x` accessory.
    Accessory,
}

/// The object being drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObjectValues {
    /// Model or accessory.
    pub kind: ObjectKind,
    /// Its world matrix: the identity for a model (skinned on the CPU), the placement with
    /// MMD's ×10 for an accessory.
    pub world: Mat4,
    /// Drawn additively (`opadd`).
    pub additive: bool,
    /// Its vertex count.
    pub vertex_count: u32,
    /// Its material count.
    pub material_count: u32,
}

/// The material being drawn, as its file gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaterialValues {
    /// Diffuse colour and alpha (an accessory's alpha already multiplied by its `Tr`).
    pub diffuse: [f32; 4],
    /// A model's "ambient" colour; an accessory's emissive colour.
    pub ambient: [f32; 3],
    /// Specular colour as the file gives it.
    pub specular: [f32; 3],
    /// Specular power.
    pub specular_power: f32,
    /// The colour of the toon texture's lower left pixel (white without a toon).
    pub toon_color: [f32; 3],
    /// Edge colour and alpha.
    pub edge_color: [f32; 4],
    /// Has a texture.
    pub has_texture: bool,
    /// Has a sphere map.
    pub has_sphere: bool,
    /// The sphere map is added, not multiplied.
    pub sphere_additive: bool,
    /// The sphere map is a PMX sub-texture.
    pub sub_texture: bool,
    /// Material morph tints: texture add, texture multiply, sphere add, sphere multiply.
    pub tints: [[f32; 4]; 4],
}

impl Default for MaterialValues {
    fn default() -> Self {
        MaterialValues {
            diffuse: [1.0; 4],
            ambient: [0.0; 3],
            specular: [0.0; 3],
            specular_power: 1.0,
            toon_color: [1.0; 3],
            edge_color: [0.0, 0.0, 0.0, 1.0],
            has_texture: false,
            has_sphere: false,
            sphere_additive: false,
            sub_texture: false,
            tints: [[0.0; 4], [1.0; 4], [0.0; 4], [1.0; 4]],
        }
    }
}

/// An accessory's values in MMD's accessory panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AccessoryPanel {
    /// X, Y, Z.
    pub position: Vec3,
    /// Rx, Ry, Rz in radians.
    pub rotation: Vec3,
    /// Si as the panel shows it.
    pub size: f32,
    /// Tr, 0 to 1.
    pub opacity: f32,
}

/// Another object of the scene, as CONTROLOBJECT reads it.
pub struct SceneObject<'a> {
    /// Shown.
    pub shown: bool,
    /// Its world matrix (as [`ObjectValues::world`]).
    pub world: Mat4,
    /// Its panel values, for an accessory.
    pub panel: Option<AccessoryPanel>,
    /// Its bones and morphs, for a model.
    pub items: Option<&'a dyn ModelItems>,
}

/// A model's bones and morphs by name.
pub trait ModelItems {
    /// The bone's world matrix (column-vector convention).
    fn bone(&self, name: &str) -> Option<Mat4>;
    /// The first bone's world position (a model's CONTROLOBJECT offset).
    fn origin(&self) -> Vec3;
    /// The morph's weight.
    fn morph(&self, name: &str) -> Option<f32>;
}

/// The scene's objects by file name.
pub trait SceneObjects {
    /// The object whose file is called `name` (a model's `.pmx`/`.pmd`, an accessory's
    /// `.x`), following MME's rule when several are.
    fn object(&self, name: &str) -> Option<SceneObject<'_>>;
}

/// Everything one draw's values come from.
pub struct DrawContext<'a> {
    /// The frame.
    pub frame: &'a FrameValues,
    /// The object drawn, when the pass draws one (`Draw=Geometry`).
    pub object: Option<&'a ObjectValues>,
    /// The material drawn.
    pub material: Option<&'a MaterialValues>,
    /// The scene's objects.
    pub scene: &'a dyn SceneObjects,
    /// The file name of the object the effect is on, for `(self)`.
    pub self_name: Option<&'a str>,
}

/// The value of `semantic` for a parameter of type `ty` (`float4x4`, `float3`, `bool` …),
/// or `None` where MME sets nothing (no semantic, `STANDARDSGLOBAL`, an unknown one): the
/// parameter keeps its initial value.
pub fn value(semantic: &Semantic, ty: &str, cx: &DrawContext<'_>) -> Option<Value> {
    let frame = cx.frame;
    let kind = cx.object.map_or(ObjectKind::Model, |o| o.kind);
    Some(match semantic {
        Semantic::Matrix {
            transform,
            viewer,
            inverse,
            transpose,
        } => {
            let world = cx.object.map_or(Mat4::IDENTITY, |o| o.world);
            let m = match viewer {
                Viewer::Camera => frame.camera.matrices,
                Viewer::Light => frame.light.matrices,
            };
            Value::Matrix(shader_matrix(
                product(*transform, world, &m),
                *inverse,
                *transpose,
            ))
        }
        Semantic::Material {
            value: MaterialValue::GroundShadowColor,
            ..
        } => Value::Vector(frame.ground_shadow_color),
        Semantic::Material { value, source } => {
            let material = cx.material.copied().unwrap_or_default();
            Value::Vector(match source {
                ColourSource::Geometry => material_colour(*value, &material, kind),
                ColourSource::Light => light_colour(*value, frame.light.color, kind),
            })
        }
        Semantic::Position(Viewer::Camera) => Value::Vector(frame.camera.eye.extend(1.0).into()),
        Semantic::Position(Viewer::Light) => {
            Value::Vector((-frame.light.direction).extend(0.0).into())
        }
        Semantic::Direction(Viewer::Camera) => {
            Value::Vector(frame.camera.direction.extend(0.0).into())
        }
        Semantic::Direction(Viewer::Light) => {
            let d = frame.light.direction.try_normalize().unwrap_or(Vec3::NEG_Y);
            Value::Vector(d.extend(0.0).into())
        }
        Semantic::Time { sync } => Value::scalar(if *sync {
            frame.clocks.frame
        } else {
            frame.clocks.system
        }),
        Semantic::ElapsedTime { sync } => Value::scalar(if *sync {
            frame.clocks.frame_elapsed
        } else {
            frame.clocks.system_elapsed
        }),
        Semantic::ViewportPixelSize => {
            Value::Vector([frame.viewport[0], frame.viewport[1], 0.0, 0.0])
        }
        Semantic::Mouse(Mouse::Position) => {
            let [x, y] = frame.mouse.position;
            Value::Vector([x, y, 0.0, 0.0])
        }
        Semantic::Mouse(Mouse::Left) => Value::Vector(frame.mouse.buttons[0]),
        Semantic::Mouse(Mouse::Middle) => Value::Vector(frame.mouse.buttons[1]),
        Semantic::Mouse(Mouse::Right) => Value::Vector(frame.mouse.buttons[2]),
        Semantic::ControlObject { name, item } => {
            let name = match name.as_str() {
                "(self)" => cx.self_name.unwrap_or_default(),
                other => other,
            };
            control_object(cx.scene, name, item.as_deref(), ty)
        }
        Semantic::Special(special) => special_value(*special, cx),
        Semantic::StandardsGlobal | Semantic::None | Semantic::Unknown(_) => return None,
    })
}

/// A matrix semantic's product, world first in Direct3D's order.
fn product(transform: Transform, world: Mat4, m: &ViewerMatrices) -> Mat4 {
    match transform {
        Transform::World => world,
        Transform::View => m.view,
        Transform::Projection => m.projection,
        Transform::WorldView => m.view * world,
        Transform::ViewProjection => m.projection * m.view,
        Transform::WorldViewProjection => m.projection * m.view * world,
    }
}

/// What [`Value::Matrix`] must hold for the effect to see `m` (column-vector convention)
/// inverted and transposed as its semantic asks: the effect's own matrix is `m`'s
/// transpose, so its inverse is `m`'s inverse transposed and its transpose is `m` itself.
fn shader_matrix(m: Mat4, inverse: bool, transpose: bool) -> Mat4 {
    let m = if inverse { m.inverse() } else { m };
    if transpose { m.transpose() } else { m }
}

fn rgb1(c: [f32; 3]) -> [f32; 4] {
    [c[0], c[1], c[2], 1.0]
}

fn material_colour(value: MaterialValue, m: &MaterialValues, kind: ObjectKind) -> [f32; 4] {
    let [r, g, b, _] = m.diffuse;
    match value {
        MaterialValue::Diffuse => m.diffuse,
        // MMD lights a model with ambient + diffuse × light colour and gives effects the
        // diffuse colour as AMBIENT and the file's "ambient" as EMISSIVE.
        MaterialValue::Ambient => [r, g, b, 1.0],
        MaterialValue::Emissive => rgb1(m.ambient),
        MaterialValue::Specular => match kind {
            ObjectKind::Model => rgb1(m.specular),
            // An accessory's specular reaches effects a tenth as strong.
            ObjectKind::Accessory => rgb1(m.specular.map(|c| c * 0.1)),
        },
        MaterialValue::SpecularPower => {
            let power = if m.specular_power > 0.0 {
                m.specular_power
            } else {
                1.0
            };
            [power, 0.0, 0.0, 0.0]
        }
        MaterialValue::ToonColor => rgb1(m.toon_color),
        MaterialValue::EdgeColor => m.edge_color,
        // The frame's, whatever the source ([`value`] gives it).
        MaterialValue::GroundShadowColor => [0.0; 4],
        MaterialValue::AddingTexture => m.tints[0],
        MaterialValue::MultiplyingTexture => m.tints[1],
        MaterialValue::AddingSphereTexture => m.tints[2],
        MaterialValue::MultiplyingSphereTexture => m.tints[3],
    }
}

fn light_colour(value: MaterialValue, color: Vec3, kind: ObjectKind) -> [f32; 4] {
    let c = color.to_array();
    match (value, kind) {
        (MaterialValue::Diffuse, ObjectKind::Model) => [0.0, 0.0, 0.0, 1.0],
        (MaterialValue::Diffuse, ObjectKind::Accessory) => [1.0; 4],
        (MaterialValue::Ambient, ObjectKind::Model) => rgb1(c),
        (MaterialValue::Ambient, ObjectKind::Accessory) => rgb1(c.map(|x| (x - 0.3).max(0.0))),
        (MaterialValue::Specular, _) => rgb1(c),
        _ => [0.0; 4],
    }
}

/// A CONTROLOBJECT value: by the parameter's type without an item (shown, scale, offset,
/// world), by the item's name with one; MME's fallbacks when the object is absent.
fn control_object(scene: &dyn SceneObjects, name: &str, item: Option<&str>, ty: &str) -> Value {
    // Compared without allocating: this runs for every CONTROLOBJECT every frame.
    let ty = type_kind(ty);
    let is_accessory = name.len() >= 2
        && name.is_char_boundary(name.len() - 2)
        && name[name.len() - 2..].eq_ignore_ascii_case(".x");
    let found = scene.object(name);
    let Some(object) = found else {
        return absent_object(ty, item, is_accessory);
    };
    let offset = |p: Vec3| Value::Vector(p.extend(1.0).into());
    match (item, object.panel, object.items) {
        (None, _, _) => match ty {
            TypeKind::Bool => Value::Bool(object.shown),
            TypeKind::Float => Value::scalar(object.world.x_axis.truncate().length()),
            TypeKind::Matrix => Value::Matrix(object.world),
            _ => match object.items {
                Some(items) => offset(items.origin()),
                None => offset(object.world.w_axis.truncate()),
            },
        },
        (Some(item), Some(panel), _) => accessory_item(item, &panel, &object.world),
        (Some(item), None, Some(items)) => {
            if let Some(bone) = items.bone(item) {
                if ty == TypeKind::Matrix {
                    Value::Matrix(bone)
                } else {
                    offset(bone.w_axis.truncate())
                }
            } else {
                Value::scalar(items.morph(item).unwrap_or(0.0))
            }
        }
        (Some(_), None, None) => Value::scalar(0.0),
    }
}

/// An accessory's panel value. The position is its world matrix's (a parent bone moves
/// it); the rotation is the panel's.
fn accessory_item(item: &str, panel: &AccessoryPanel, world: &Mat4) -> Value {
    let position = world.w_axis.truncate();
    let Vec3 {
        x: rx,
        y: ry,
        z: rz,
    } = panel.rotation;
    match item {
        "X" => Value::scalar(position.x),
        "Y" => Value::scalar(position.y),
        "Z" => Value::scalar(position.z),
        "XYZ" => Value::Vector(position.extend(0.0).into()),
        "Rx" => Value::scalar(rx),
        "Ry" => Value::scalar(ry),
        "Rz" => Value::scalar(rz),
        "Rxyz" => Value::Vector([rx, ry, rz, 0.0]),
        // The panel's size reaches effects ×10, as the accessory's world scale does.
        "Si" => Value::scalar(panel.size * 10.0),
        "Tr" => Value::scalar(panel.opacity),
        _ => Value::scalar(0.0),
    }
}

/// What CONTROLOBJECT's value depends on in a parameter's type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TypeKind {
    Bool,
    Float,
    Matrix,
    Vector,
}

fn type_kind(ty: &str) -> TypeKind {
    if ty.eq_ignore_ascii_case("bool") {
        TypeKind::Bool
    } else if ty.eq_ignore_ascii_case("float") {
        TypeKind::Float
    } else if ty.eq_ignore_ascii_case("float4x4") {
        TypeKind::Matrix
    } else {
        TypeKind::Vector
    }
}

/// MME's values for an object that is not in the scene.
fn absent_object(ty: TypeKind, item: Option<&str>, accessory: bool) -> Value {
    let scale = if accessory { 10.0 } else { 1.0 };
    match (ty, item) {
        (TypeKind::Bool, _) => Value::Bool(false),
        (TypeKind::Matrix, None) => Value::Matrix(Mat4::from_scale(Vec3::splat(scale))),
        (TypeKind::Matrix, Some(_)) => Value::Matrix(Mat4::IDENTITY),
        (TypeKind::Float, None) => Value::scalar(scale),
        (TypeKind::Float, Some(_)) => Value::scalar(0.0),
        (TypeKind::Vector, _) => Value::Vector(Vec4::W.into()),
    }
}

fn special_value(special: Special, cx: &DrawContext<'_>) -> Value {
    let material = cx.material.copied().unwrap_or_default();
    let object = cx.object;
    match special {
        Special::UseTexture => Value::Bool(material.has_texture),
        Special::UseSphereMap => Value::Bool(material.has_sphere),
        Special::UseToon => Value::Bool(object.is_some_and(|o| o.kind == ObjectKind::Model)),
        Special::UseSubTexture => Value::Bool(material.sub_texture),
        Special::OpAdd => Value::Bool(object.is_some_and(|o| o.additive)),
        Special::ParthF => Value::Bool(cx.frame.self_shadow_mode2),
        Special::Transp => Value::Bool(cx.frame.translucent),
        Special::SpAdd => Value::Bool(material.sphere_additive),
        Special::VertexCount => Value::Int(object.map_or(0, |o| o.vertex_count as i32)),
        Special::SubsetCount => Value::Int(object.map_or(0, |o| o.material_count as i32)),
    }
}
