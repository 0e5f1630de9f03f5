//! Semantic values against the rules MME's reference states (section 2) and the values
//! nanoem measured on MMD where the reference is silent.

use std::path::Path;

use glam::{Mat4, Quat, Vec3};
use mmd_effect::{MemoryLoader, Options, read_effect};
use mmd_effect_runtime::values::{
    AccessoryPanel, CameraValues, Clocks, DrawContext, FrameValues, LightValues, MaterialValues,
    ModelItems, MouseValues, ObjectKind, ObjectValues, SceneObject, SceneObjects, ViewerMatrices,
    value,
};
use mmd_effect_runtime::{Value, classify};

fn frame() -> FrameValues {
    let camera = camera();
    FrameValues {
        camera,
        light: LightValues {
            matrices: ViewerMatrices {
                view: Mat4::from_rotation_x(0.3),
                projection: Mat4::from_scale(Vec3::new(0.02, 0.02, 0.01)),
            },
            direction: Vec3::new(-0.5, -1.0, 0.5),
            color: Vec3::splat(154.0 / 255.0),
        },
        viewport: [1280.0, 720.0],
        clocks: Clocks {
            frame: 1.5,
            frame_elapsed: -0.5,
            system: 12.0,
            system_elapsed: 0.016,
        },
        ground_shadow_color: [0.1, 0.1, 0.1, 0.5],
        mouse: MouseValues::default(),
        self_shadow_mode2: true,
        translucent: false,
    }
}

fn camera() -> CameraValues {
    let eye = Vec3::new(0.0, 10.0, -35.0);
    CameraValues {
        matrices: ViewerMatrices {
            view: Mat4::from_translation(-eye),
            projection: mmd_render::Camera::default().projection(16.0 / 9.0),
        },
        eye,
        direction: Vec3::Z,
    }
}

struct Bones;

impl ModelItems for Bones {
    fn bone(&self, name: &str) -> Option<Mat4> {
        (name == "センター").then(|| Mat4::from_translation(Vec3::new(0.0, 8.0, 1.0)))
    }
    fn origin(&self) -> Vec3 {
        Vec3::new(0.0, 0.5, 0.0)
    }
    fn morph(&self, name: &str) -> Option<f32> {
        (name == "Strength+").then_some(0.25)
    }
}

struct Scene;

impl SceneObjects for Scene {
    fn object(&self, name: &str) -> Option<SceneObject<'_>> {
        match name {
            "stage.x" => Some(SceneObject {
                shown: true,
                world: Mat4::from_scale_rotation_translation(
                    Vec3::splat(10.0 * 1.5),
                    Quat::from_rotation_y(0.5),
                    Vec3::new(1.0, 2.0, 3.0),
                ),
                panel: Some(AccessoryPanel {
                    position: Vec3::new(1.0, 2.0, 3.0),
                    rotation: Vec3::new(0.0, 0.5, 0.0),
                    size: 1.5,
                    opacity: 0.75,
                }),
                items: None,
            }),
            "LightBloomController.pmx" => Some(SceneObject {
                shown: false,
                world: Mat4::IDENTITY,
                panel: None,
                items: Some(&Bones),
            }),
            _ => None,
        }
    }
}

/// Each parameter of `declarations` with the value it gets in `cx`.
fn values(declarations: &str, cx: &DrawContext<'_>) -> Vec<(String, Option<Value>)> {
    let loader = MemoryLoader::new().with("t.fx", declarations);
    let fx = match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    };
    fx.parameters
        .iter()
        .map(|p| (p.name.clone(), value(&classify(p), &p.ty, cx)))
        .collect()
}

fn matrix(v: &Option<Value>) -> Mat4 {
    match v {
        Some(Value::Matrix(m)) => *m,
        other => panic!("not a matrix: {other:?}"),
    }
}

fn vector(v: &Option<Value>) -> [f32; 4] {
    match v {
        Some(Value::Vector(x)) => *x,
        other => panic!("not a vector: {other:?}"),
    }
}

#[test]
fn matrices_are_the_products_world_first_with_inverse_and_transpose() {
    let frame = frame();
    let world = Mat4::from_scale_rotation_translation(
        Vec3::splat(10.0),
        Quat::from_rotation_z(0.2),
        Vec3::new(4.0, 0.0, -2.0),
    );
    let object = ObjectValues {
        kind: ObjectKind::Accessory,
        world,
        additive: false,
        vertex_count: 8,
        material_count: 1,
    };
    let cx = DrawContext {
        frame: &frame,
        object: Some(&object),
        material: None,
        scene: &Scene,
        self_name: None,
    };
    let got = values(
        "float4x4 A : WORLDVIEWPROJECTION;
float4x4 B : WORLDVIEWPROJECTIONINVERSE;
float4x4 C : WORLDVIEWTRANSPOSE;
float4x4 D : VIEWINVERSETRANSPOSE;
float4x4 E : VIEWPROJECTION < string Object = \"Light\"; >;
float4x4 F : WORLD < string Object = \"Light\"; >;",
        &cx,
    );
    let cam = frame.camera.matrices;
    let light = frame.light.matrices;
    let wvp = cam.projection * cam.view * world;
    let close = |a: Mat4, b: Mat4| a.abs_diff_eq(b, 1e-4);
    assert!(close(matrix(&got[0].1), wvp));
    // The effect's matrix is the transpose of glam's; its inverse is glam's inverse
    // transposed, so the runtime holds glam's inverse.
    assert!(close(matrix(&got[1].1), wvp.inverse()));
    assert!(close(matrix(&got[2].1), (cam.view * world).transpose()));
    assert!(close(matrix(&got[3].1), cam.view.inverse().transpose()));
    assert!(close(matrix(&got[4].1), light.projection * light.view));
    assert!(close(matrix(&got[5].1), world));
}

#[test]
fn a_models_colours_are_mmds_lighting_terms() {
    let frame = frame();
    let object = ObjectValues {
        kind: ObjectKind::Model,
        world: Mat4::IDENTITY,
        additive: false,
        vertex_count: 100,
        material_count: 3,
    };
    let material = MaterialValues {
        diffuse: [0.8, 0.6, 0.4, 0.9],
        ambient: [0.4, 0.3, 0.2],
        specular: [0.5, 0.5, 0.5],
        specular_power: 0.0,
        toon_color: [0.7, 0.6, 0.6],
        has_texture: true,
        ..MaterialValues::default()
    };
    let cx = DrawContext {
        frame: &frame,
        object: Some(&object),
        material: Some(&material),
        scene: &Scene,
        self_name: None,
    };
    let got = values(
        "float4 MaterialDiffuse : DIFFUSE < string Object = \"Geometry\"; >;
float3 MaterialAmbient : AMBIENT < string Object = \"Geometry\"; >;
float3 MaterialEmissive : EMISSIVE < string Object = \"Geometry\"; >;
float3 MaterialSpecular : SPECULAR < string Object = \"Geometry\"; >;
float SpecularPower : SPECULARPOWER < string Object = \"Geometry\"; >;
float3 MaterialToon : TOONCOLOR;
float3 LightDiffuse : DIFFUSE < string Object = \"Light\"; >;
float3 LightAmbient : AMBIENT < string Object = \"Light\"; >;
float3 LightSpecular : SPECULAR < string Object = \"Light\"; >;
float4 GroundShadowColor : GROUNDSHADOWCOLOR;
float4 MulTexture : MULTIPLYINGTEXTURE;
bool use_texture;
bool use_toon;
bool parthf;
int SubsetCount;",
        &cx,
    );
    let light = 154.0 / 255.0;
    let expect = [
        [0.8, 0.6, 0.4, 0.9],
        // AMBIENT is the diffuse colour, EMISSIVE the file's ambient: MMD's
        // ambient + diffuse × light, written as effects compute it.
        [0.8, 0.6, 0.4, 1.0],
        [0.4, 0.3, 0.2, 1.0],
        [0.5, 0.5, 0.5, 1.0],
        // A power of 0 reaches effects as 1.
        [1.0, 0.0, 0.0, 0.0],
        [0.7, 0.6, 0.6, 1.0],
        [0.0, 0.0, 0.0, 1.0],
        [light, light, light, 1.0],
        [light, light, light, 1.0],
        [0.1, 0.1, 0.1, 0.5],
        [1.0; 4],
    ];
    for ((name, got), expected) in got.iter().zip(expect) {
        assert_eq!(vector(got), expected, "{name}");
    }
    assert_eq!(got[11].1, Some(Value::Bool(true)));
    assert_eq!(got[12].1, Some(Value::Bool(true)));
    assert_eq!(got[13].1, Some(Value::Bool(true)));
    assert_eq!(got[14].1, Some(Value::Int(3)));
}

#[test]
fn an_accessorys_light_and_specular_differ_from_a_models() {
    let frame = frame();
    let object = ObjectValues {
        kind: ObjectKind::Accessory,
        world: Mat4::from_scale(Vec3::splat(10.0)),
        additive: true,
        vertex_count: 8,
        material_count: 1,
    };
    let material = MaterialValues {
        specular: [0.5, 0.5, 0.5],
        ..MaterialValues::default()
    };
    let cx = DrawContext {
        frame: &frame,
        object: Some(&object),
        material: Some(&material),
        scene: &Scene,
        self_name: None,
    };
    let got = values(
        "float3 MaterialSpecular : SPECULAR < string Object = \"Geometry\"; >;
float3 LightDiffuse : DIFFUSE < string Object = \"Light\"; >;
bool use_toon;
bool opadd;",
        &cx,
    );
    assert_eq!(vector(&got[0].1), [0.05, 0.05, 0.05, 1.0]);
    assert_eq!(vector(&got[1].1), [1.0; 4]);
    assert_eq!(got[2].1, Some(Value::Bool(false)));
    assert_eq!(got[3].1, Some(Value::Bool(true)));
}

#[test]
fn time_follows_the_timeline_only_when_synced_and_the_camera_and_light_have_places() {
    let frame = frame();
    let cx = DrawContext {
        frame: &frame,
        object: None,
        material: None,
        scene: &Scene,
        self_name: None,
    };
    let got = values(
        "float T1 : TIME;
float T2 : TIME < bool SyncInEditMode = true; >;
float E1 : ELAPSEDTIME;
float E2 : ELAPSEDTIME < bool SyncInEditMode = true; >;
float2 ViewportSize : VIEWPORTPIXELSIZE;
float3 Eye : POSITION < string Object = \"Camera\"; >;
float3 LightDirection : DIRECTION < string Object = \"Light\"; >;
float3 LightPosition : POSITION < string Object = \"Light\"; >;
float Script : STANDARDSGLOBAL < string ScriptOrder = \"postprocess\"; > = 0.8;
float Plain = 3;",
        &cx,
    );
    let first = |i: usize| vector(&got[i].1)[0];
    assert_eq!(
        [first(0), first(1), first(2), first(3)],
        [12.0, 1.5, 0.016, -0.5]
    );
    assert_eq!(vector(&got[4].1)[..2], [1280.0, 720.0]);
    assert_eq!(vector(&got[5].1), [0.0, 10.0, -35.0, 1.0]);
    let d = Vec3::new(-0.5, -1.0, 0.5).normalize();
    assert_eq!(vector(&got[6].1), [d.x, d.y, d.z, 0.0]);
    // The light is directional: its "position" is the point at infinity it comes from.
    assert_eq!(vector(&got[7].1), [0.5, 1.0, -0.5, 0.0]);
    assert_eq!(got[8].1, None);
    assert_eq!(got[9].1, None);
}

#[test]
fn controlobject_reads_other_objects_and_falls_back_as_mme_does() {
    let frame = frame();
    let cx = DrawContext {
        frame: &frame,
        object: None,
        material: None,
        scene: &Scene,
        self_name: Some("stage.x"),
    };
    let got = values(
        "bool Shown : CONTROLOBJECT < string name = \"stage.x\"; >;
float Scale : CONTROLOBJECT < string name = \"stage.x\"; >;
float Si : CONTROLOBJECT < string name = \"(self)\"; string item = \"Si\"; >;
float Tr : CONTROLOBJECT < string name = \"stage.x\"; string item = \"Tr\"; >;
float3 Place : CONTROLOBJECT < string name = \"stage.x\"; string item = \"XYZ\"; >;
float Ry : CONTROLOBJECT < string name = \"stage.x\"; string item = \"Ry\"; >;
float Strength : CONTROLOBJECT < string name = \"LightBloomController.pmx\"; string item = \"Strength+\"; >;
float3 Center : CONTROLOBJECT < string name = \"LightBloomController.pmx\"; string item = \"センター\"; >;
bool ControllerShown : CONTROLOBJECT < string name = \"LightBloomController.pmx\"; >;
float3 ModelOffset : CONTROLOBJECT < string name = \"LightBloomController.pmx\"; >;
bool Missing : CONTROLOBJECT < string name = \"missing.pmx\"; >;
float MissingScale : CONTROLOBJECT < string name = \"missing.x\"; >;
float4x4 MissingWorld : CONTROLOBJECT < string name = \"missing.x\"; >;
float MissingMorph : CONTROLOBJECT < string name = \"missing.pmx\"; string item = \"a\"; >;",
        &cx,
    );
    let first = |i: usize| vector(&got[i].1)[0];
    assert_eq!(got[0].1, Some(Value::Bool(true)));
    assert!((first(1) - 15.0).abs() < 1e-4, "{}", first(1));
    assert_eq!(first(2), 15.0);
    assert_eq!(first(3), 0.75);
    assert_eq!(vector(&got[4].1)[..3], [1.0, 2.0, 3.0]);
    assert_eq!(first(5), 0.5);
    assert_eq!(first(6), 0.25);
    assert_eq!(vector(&got[7].1), [0.0, 8.0, 1.0, 1.0]);
    assert_eq!(got[8].1, Some(Value::Bool(false)));
    assert_eq!(vector(&got[9].1), [0.0, 0.5, 0.0, 1.0]);
    assert_eq!(got[10].1, Some(Value::Bool(false)));
    assert_eq!(first(11), 10.0);
    assert_eq!(matrix(&got[12].1), Mat4::from_scale(Vec3::splat(10.0)));
    assert_eq!(first(13), 0.0);
}
