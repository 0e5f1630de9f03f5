//! Accessories opened with the scene: a `.vac` places its `.x` and binds its parent bone to
//! the model opened before it; the accessory then follows that bone as it is posed (also as
//! placed frame after frame with what did not change kept), and is drawn in MMD's order.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use glam::{Mat4, Vec3};
use mmd_format::vac::{self, Vac};
use mmd_format::xfile::{self, XFile, XMaterial, XVertex};
use mmd_scene::engine::accessory_placements::AccessoryPlacements;
use mmd_scene::engine::frame::{FrameChoices, SceneFrame};
use mmd_scene::engine::{LiveStepping, PhysicsMode, SceneEngine};
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::scene::{Drawn, OpenInto, Scene};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// A one-triangle mesh with one material of `alpha`.
fn triangle(alpha: f32) -> XFile {
    let vertex = |x: f32, y: f32| XVertex::new([x, y, 0.0], [0.0, 0.0, -1.0], [x, y]);
    XFile::from_triangles(
        vec![vertex(0.0, 0.0), vertex(0.0, 1.0), vertex(1.0, 0.0)],
        vec![[0, 1, 2]],
        vec![0],
        vec![XMaterial {
            diffuse: [1.0, 0.0, 0.0, alpha],
            power: 5.0,
            specular: [0.0; 3],
            emissive: [0.2; 3],
            texture: None,
        }],
    )
}

/// Writes `prop.x` (Tr from `alpha`) into `dir` and a `.vac` placing it on `bone`.
fn write_prop(dir: &Path, name: &str, alpha: f32, bone: Option<&str>) -> PathBuf {
    std::fs::write(
        dir.join(format!("{name}.x")),
        xfile::write_text(&triangle(alpha)),
    )
    .unwrap();
    let vac_path = dir.join(format!("{name}.vac"));
    let settings = Vac {
        name: name.to_owned(),
        x_file: format!("{name}.x"),
        scale: 0.5,
        position: [1.0, 2.0, 3.0],
        rotation_degrees: [0.0, 90.0, 0.0],
        parent_bone: bone.map(str::to_owned),
    };
    std::fs::write(&vac_path, vac::write(&settings)).unwrap();
    vac_path
}

/// An engine ready to pose `scene`'s actors, physics off.
fn engine_for(scene: &Scene) -> SceneEngine {
    let mut engine = SceneEngine::new(
        PhysicsMode::Off,
        Default::default(),
        LiveStepping::EveryFrame,
    );
    engine.sync(&scene.actors);
    engine.prepare(&scene.actors).unwrap();
    engine
}

fn close(a: Mat4, b: Mat4) -> bool {
    a.abs_diff_eq(b, 1e-4)
}

#[test]
fn a_vac_holds_its_accessory_by_the_bone_of_the_model_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let vac_path = write_prop(dir.path(), "prop", 1.0, Some("右手首"));
    let files = [
        assets().join("default_model.pmx"),
        assets().join("default_motion.vmd"),
        vac_path,
    ];
    let scene = Scene::from_files(&files).unwrap();
    assert_eq!(scene.accessories.len(), 1);
    let prop = &scene.accessories[0];
    assert_eq!(prop.label, "prop");
    assert!(prop.warnings.is_empty(), "{:?}", prop.warnings);
    let parent = prop.settings.parent.as_ref().expect("held by a bone");
    assert_eq!(parent.actor, scene.actors[0].id);
    assert_eq!(parent.bone, "右手首");
    assert_eq!(prop.settings.scale, 0.5);
    assert_eq!(prop.settings.position, Vec3::new(1.0, 2.0, 3.0));

    // Posed mid-dance, the accessory is where the hand is, moved by its own place.
    let mut engine = engine_for(&scene);
    engine.pose(&scene.actors, 40.0);
    let pose = engine.pose_of(0).unwrap();
    let bone = scene.actors[0].model.rig.bone_index("右手首").unwrap();
    let expected = pose.globals[bone] * prop.settings.local_matrix();
    let world = prop.world_matrix(&scene.actors, |i| engine.pose_of(i));
    assert!(close(world, expected), "{world} vs {expected}");
    // The hand moves over the dance, and the accessory with it.
    engine.pose(&scene.actors, 0.0);
    let at_rest = prop.world_matrix(&scene.actors, |i| engine.pose_of(i));
    assert!(!close(world, at_rest));
}

#[test]
fn placements_kept_from_frame_to_frame_follow_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        assets().join("default_model.pmx"),
        assets().join("default_motion.vmd"),
        write_prop(dir.path(), "held", 1.0, Some("右手首")),
        write_prop(dir.path(), "standing", 1.0, None),
    ];
    let mut scene = Scene::from_files(&files).unwrap();
    let mut engine = engine_for(&scene);
    let mut placements = AccessoryPlacements::default();
    // Each accessory where `world_matrix` puts it, worked out afresh.
    let mut check = |scene: &Scene, engine: &SceneEngine, what: &str| {
        for (i, accessory) in scene.accessories.iter().enumerate() {
            let pose_of = |a| engine.pose_of(a);
            let (id, settings) = (accessory.id, &accessory.settings);
            assert_eq!(
                placements.world_matrix(i, id, settings, &scene.actors, pose_of),
                accessory.world_matrix(&scene.actors, pose_of),
                "{what}: accessory {i}"
            );
        }
    };
    engine.pose(&scene.actors, 40.0);
    check(&scene, &engine, "first frame");
    engine.pose(&scene.actors, 0.0);
    check(&scene, &engine, "the hand moved");
    let actors = scene.actors.clone();
    for edit in [
        AccessoryEdit::Position(Vec3::new(0.0, 5.0, 0.0)),
        AccessoryEdit::Rotation(Vec3::new(10.0, 20.0, 30.0)),
        AccessoryEdit::Scale(2.0),
        AccessoryEdit::Parent(Some((0, "左手首".to_owned()))),
    ] {
        for accessory in &mut scene.accessories {
            accessory.edit(edit.clone(), &actors).unwrap();
        }
        check(&scene, &engine, &format!("{edit:?}"));
    }
    scene.accessories.remove(0);
    check(&scene, &engine, "the first accessory removed");
    assert!(scene.remove_actor(0));
    check(&scene, &engine, "the model holding it removed");
}

#[test]
fn a_missing_bone_or_model_stands_the_accessory_in_the_world_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let vac_path = write_prop(dir.path(), "prop", 1.0, Some("no such bone"));
    let model = assets().join("default_model.pmx");
    let scene = Scene::from_files(&[model, vac_path.clone()]).unwrap();
    let prop = &scene.accessories[0];
    assert_eq!(prop.settings.parent, None);
    assert!(
        prop.warnings[0].contains("no such bone"),
        "{:?}",
        prop.warnings
    );

    // A .vac with no model anywhere: the bundled model is on stage and holds it.
    let held = write_prop(dir.path(), "held", 1.0, Some("センター"));
    let alone = Scene::from_files(&[held]).unwrap();
    assert_eq!(alone.actors.len(), 1);
    assert_eq!(
        alone.accessories[0]
            .settings
            .parent
            .as_ref()
            .map(|p| p.actor),
        Some(alone.actors[0].id)
    );
    assert_eq!(
        alone.accessories[0].world_matrix(&alone.actors, |_| None),
        alone.accessories[0].settings.local_matrix(),
        "without a pose the parent counts as the world"
    );
}

#[test]
fn a_vac_naming_a_missing_mesh_is_an_error_that_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let vac_path = write_prop(dir.path(), "prop", 1.0, None);
    std::fs::remove_file(dir.path().join("prop.x")).unwrap();
    let error = Scene::from_files(std::slice::from_ref(&vac_path))
        .err()
        .expect("an error");
    assert_eq!(error.path, vac_path);
    assert!(error.message.contains("prop.x"), "{}", error.message);
}

#[test]
fn opaque_accessories_draw_before_the_models_translucent_ones_after() {
    let dir = tempfile::tempdir().unwrap();
    let stage = write_prop(dir.path(), "stage", 1.0, None);
    let glass = write_prop(dir.path(), "glass", 1.0, None);
    let hidden = write_prop(dir.path(), "hidden", 1.0, None);
    let mut scene =
        Scene::from_files(&[glass, assets().join("default_model.pmx"), stage, hidden]).unwrap();
    assert_eq!(scene.accessories.len(), 3);
    let actors = scene.actors.clone();
    scene.accessories[0]
        .edit(AccessoryEdit::Opacity(0.5), &actors)
        .unwrap();
    scene.accessories[2]
        .edit(AccessoryEdit::Visible(false), &actors)
        .unwrap();
    let mut engine = engine_for(&scene);
    let mut frame = SceneFrame::default();
    frame.pose(&mut engine, &scene, 0.0, &FrameChoices::default());
    assert_eq!(
        frame.draw_order(),
        [Drawn::Accessory(1), Drawn::Actor(0), Drawn::Accessory(0)]
    );
}

#[test]
fn edits_check_their_values_and_parents() {
    let dir = tempfile::tempdir().unwrap();
    let prop = write_prop(dir.path(), "prop", 1.0, None);
    let mut scene = Scene::from_files(&[assets().join("default_model.pmx")]).unwrap();
    scene
        .open(&[prop], OpenInto::Add { selected: Some(0) })
        .unwrap();
    let actors = scene.actors.clone();
    let prop = &mut scene.accessories[0];
    assert_eq!(prop.edit(AccessoryEdit::Opacity(3.0), &actors), Ok(false));
    assert_eq!(prop.edit(AccessoryEdit::Opacity(-1.0), &actors), Ok(true));
    assert_eq!(prop.settings.opacity, 0.0);
    assert_eq!(prop.edit(AccessoryEdit::Scale(-2.0), &actors), Ok(true));
    assert_eq!(prop.settings.scale, 0.0);
    assert!(
        prop.edit(AccessoryEdit::Position(Vec3::NAN), &actors)
            .is_err()
    );
    assert!(
        prop.edit(AccessoryEdit::Parent(Some((1, "頭".into()))), &actors)
            .unwrap_err()
            .contains("no model 2")
    );
    assert!(
        prop.edit(AccessoryEdit::Parent(Some((0, "尻尾".into()))), &actors)
            .unwrap_err()
            .contains("尻尾")
    );
    assert_eq!(
        prop.edit(AccessoryEdit::Parent(Some((0, "センター".into()))), &actors),
        Ok(true)
    );
    assert_eq!(
        prop.edit(AccessoryEdit::Parent(Some((0, "センター".into()))), &actors),
        Ok(false)
    );
    // Saved as a .vac beside its mesh: the mesh by its relative name, the bone by its name.
    let saved = prop.to_vac(dir.path());
    assert_eq!(saved.x_file, "prop.x");
    assert_eq!(saved.parent_bone.as_deref(), Some("センター"));
}
