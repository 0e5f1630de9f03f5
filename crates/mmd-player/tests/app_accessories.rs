//! Accessories in the window: MMD's accessory panel (the list, X/Y/Z, Rx/Ry/Rz, Si, Tr, AD,
//! shadow, the parent bone, "Save as .vac…") as the player carries out its actions, an opened
//! `.vac`'s warnings as notices, and the panel driven through egui_kittest.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod ui_harness;
mod x_meshes;

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::Vec3;
use mmd_format::xfile::{XFile, XMaterial};
use mmd_player::ui::file_browser::FilePurpose;
use mmd_scene::stage::accessory::{Accessory, AccessoryEdit, AccessoryParent};
use mmd_scene::stage::scene::Scene;
use mmd_session::action::Action;
use mmd_session::notices::Severity;
use mmd_session::{Player, Request};
use ui_harness::{App, click, harness, player};
use x_meshes::square;

/// A one-square `.x`.
fn quad() -> XFile {
    square(XMaterial::default(), |x, y| ([x, y, 0.0], [0.0, 0.0, -1.0]))
}

/// The bundled model with accessories read from `dir/<label>.x`, one per label.
fn scene_with(dir: &Path, labels: &[&str]) -> Scene {
    let mut scene = Scene::bundled().unwrap();
    for label in labels {
        let file = dir.join(format!("{label}.x"));
        scene
            .accessories
            .push(Accessory::new(&quad(), &file, (*label).to_owned()));
    }
    scene
}

fn edit(player: &mut Player, edit: AccessoryEdit) {
    player.apply(Action::EditAccessory { index: 0, edit });
}

fn labels(player: &Player) -> Vec<&str> {
    player
        .scene
        .accessories
        .iter()
        .map(|a| a.label.as_str())
        .collect()
}

#[test]
fn the_panels_numbers_and_switches_change_the_accessory() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = Player::with_services(
        scene_with(dir.path(), &["hat"]),
        desktop_services_in(ConfigFiles::none()),
    );
    assert_eq!(
        p.selected_accessory(),
        Some(0),
        "the first is shown at start"
    );
    let place = Vec3::new(1.0, 2.5, -3.0);
    edit(&mut p, AccessoryEdit::Position(place));
    edit(&mut p, AccessoryEdit::Rotation(Vec3::new(0.0, 90.0, 0.0)));
    edit(&mut p, AccessoryEdit::Scale(2.0));
    edit(&mut p, AccessoryEdit::Opacity(0.4));
    edit(&mut p, AccessoryEdit::Additive(true));
    edit(&mut p, AccessoryEdit::GroundShadow(false));
    let s = &p.scene.accessories[0].settings;
    assert_eq!(s.position, place);
    assert_eq!(s.rotation, Vec3::new(0.0, 90.0, 0.0));
    assert_eq!(s.scale, 2.0);
    assert_eq!(s.opacity, 0.4);
    assert!(s.additive && !s.ground_shadow);
    // Tr is clamped to MMD's 0..1; a number that is not finite is refused and said.
    edit(&mut p, AccessoryEdit::Opacity(1.5));
    assert_eq!(p.scene.accessories[0].settings.opacity, 1.0);
    edit(&mut p, AccessoryEdit::Position(Vec3::NAN));
    assert_eq!(p.scene.accessories[0].settings.position, place);
    assert!(p.error.as_deref().unwrap().contains("hat"), "{:?}", p.error);
    // An accessory past the end changes nothing.
    p.apply(Action::EditAccessory {
        index: 5,
        edit: AccessoryEdit::Visible(false),
    });
    assert!(p.scene.accessories[0].settings.visible);
}

#[test]
fn the_parent_is_a_bone_of_a_model_on_stage_or_the_world() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = Player::with_services(
        scene_with(dir.path(), &["hat"]),
        desktop_services_in(ConfigFiles::none()),
    );
    let model = p.scene.actors[0].id;
    edit(&mut p, AccessoryEdit::Parent(Some((0, "頭".to_owned()))));
    assert_eq!(
        p.scene.accessories[0].settings.parent,
        Some(AccessoryParent {
            actor: model,
            bone: "頭".to_owned()
        })
    );
    // A bone the model lacks, or a model not on stage, is refused with a notice and leaves
    // the parent as it was.
    let errors = p.notices().errors();
    edit(
        &mut p,
        AccessoryEdit::Parent(Some((0, "no such bone".to_owned()))),
    );
    assert_eq!(p.notices().errors(), errors + 1);
    let notice = p.notices().iter().last().unwrap();
    assert_eq!(notice.severity, Severity::Error);
    assert!(
        notice.message.contains("no such bone"),
        "{}",
        notice.message
    );
    assert!(notice.file.ends_with("hat.x"), "{}", notice.file);
    edit(&mut p, AccessoryEdit::Parent(Some((3, "頭".to_owned()))));
    assert_eq!(p.notices().errors(), errors + 2);
    assert_eq!(
        p.scene.accessories[0]
            .settings
            .parent
            .as_ref()
            .unwrap()
            .bone,
        "頭"
    );
    edit(&mut p, AccessoryEdit::Parent(None));
    assert_eq!(p.scene.accessories[0].settings.parent, None, "the world");
}

#[test]
fn removing_an_accessory_keeps_the_selection_on_what_remains() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = Player::with_services(
        scene_with(dir.path(), &["hat", "stage", "sword"]),
        desktop_services_in(ConfigFiles::none()),
    );
    p.apply(Action::SelectAccessory(2));
    p.apply(Action::SelectAccessory(7));
    assert_eq!(p.selected_accessory(), Some(2), "no accessory 8");
    p.apply(Action::RemoveAccessory(0));
    assert_eq!(labels(&p), ["stage", "sword"]);
    assert_eq!(p.selected_accessory(), Some(1), "still the sword");
    p.apply(Action::RemoveAccessory(1));
    assert_eq!(p.selected_accessory(), Some(0));
    p.apply(Action::RemoveAccessory(4));
    assert_eq!(labels(&p), ["stage"]);
    p.apply(Action::RemoveAccessory(0));
    assert!(p.scene.accessories.is_empty());
    assert_eq!(p.selected_accessory(), None);
    assert_eq!(p.scene.actors.len(), 1, "the model stays");
}

#[test]
fn save_as_vac_writes_what_the_panel_set_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut p = Player::with_services(
        scene_with(dir.path(), &["hat"]),
        desktop_services_in(ConfigFiles::none()),
    );
    edit(&mut p, AccessoryEdit::Position(Vec3::new(0.5, 17.0, -1.25)));
    edit(&mut p, AccessoryEdit::Rotation(Vec3::new(10.0, -90.0, 0.5)));
    edit(&mut p, AccessoryEdit::Scale(1.5));
    edit(&mut p, AccessoryEdit::Parent(Some((0, "頭".to_owned()))));
    p.apply(Action::SaveAccessoryVacDialog(0));
    assert!(p.requests.contains(Request::SaveVacDialog(0)));
    // The dialog's answer, as the window hands it on: a name typed without `.vac` gets it.
    let picked = FilePurpose::SaveAccessoryVac(0)
        .action(vec![dir.path().join("hat settings")])
        .unwrap();
    p.apply(picked);
    assert!(p.error.is_none(), "{:?}", p.error);
    let bytes = std::fs::read(dir.path().join("hat settings.vac")).unwrap();
    let vac = mmd_format::vac::read(&bytes).unwrap();
    assert_eq!(vac.name, "hat");
    assert_eq!(vac.x_file, "hat.x", "beside the .vac, named relative to it");
    assert_eq!(vac.scale, 1.5);
    assert_eq!(vac.position, [0.5, 17.0, -1.25]);
    assert_eq!(vac.rotation_degrees, [10.0, -90.0, 0.5]);
    assert_eq!(vac.parent_bone.as_deref(), Some("頭"));

    // A folder that is not there: the error names the file, and nothing else changes.
    let nowhere: PathBuf = dir.path().join("missing").join("hat.vac");
    p.apply(Action::SaveAccessoryVac {
        index: 0,
        path: nowhere.clone(),
    });
    let notice = p.notices().iter().last().unwrap();
    assert_eq!(notice.severity, Severity::Error);
    assert_eq!(notice.file, nowhere.display().to_string());
    assert!(p.error.is_some());
}

#[test]
fn an_opened_vac_is_selected_and_its_warnings_are_notices() {
    let Some(vac) = common::fixture("three-mmd-loader/test_quad_accessory.vac") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut p = Player::with_services(
        scene_with(dir.path(), &["hat"]),
        desktop_services_in(ConfigFiles::none()),
    );
    let notices = p.notices().len();
    p.apply(Action::Open(vec![vac]));
    assert!(p.error.is_none(), "{:?}", p.error);
    assert_eq!(p.scene.accessories.len(), 2);
    assert_eq!(p.selected_accessory(), Some(1), "the new one");
    let accessory = &p.scene.accessories[1];
    assert_eq!(accessory.label, "test_quad");
    assert_eq!(accessory.settings.scale, 1.5);
    // Its parent bone "center" is not the bundled model's (センター): it stands in the world,
    // and the notices say so.
    assert_eq!(accessory.settings.parent, None);
    let listed: Vec<_> = p.notices().iter().skip(notices).collect();
    assert_eq!(listed.len(), accessory.warnings.len());
    assert!(
        listed
            .iter()
            .any(|n| n.severity == Severity::Warning && n.message.contains("center")),
        "{listed:?}"
    );
}

#[test]
fn the_panel_lists_the_accessory_and_its_switches_edit_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(scene_with(dir.path(), &["hat"]));
    assert!(h.query_by_label("Accessories").is_some());
    assert!(h.query_by_label("1. hat").is_some(), "its name");
    for control in ["Position X", "Rotation Rz", "Si", "Tr", "AD", "Shadow"] {
        assert!(h.query_by_label(control).is_some(), "{control}");
    }
    click(&mut h, "Show accessory: 1. hat");
    assert!(!player(&h).scene.accessories[0].settings.visible, "hidden");
    click(&mut h, "AD");
    assert!(player(&h).scene.accessories[0].settings.additive);
    click(&mut h, "Save as .vac…");
    assert!(player(&h).requests.contains(Request::SaveVacDialog(0)));
    click(&mut h, "Remove accessory: 1. hat");
    assert!(player(&h).scene.accessories.is_empty());
    assert!(h.query_by_label("1. hat").is_none());
    assert!(
        h.query_by_label("No accessory. File → Open a .x or .vac file.")
            .is_some()
    );
    assert!(
        h.query_by_role_and_label(Role::Button, "Save as .vac…")
            .is_none()
    );
}

#[test]
fn the_in_window_browser_saves_the_vac_under_the_name_typed() {
    let dir = tempfile::tempdir().unwrap();
    // `egui_file` leaves its fields without accessible names, which kittest would refuse.
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        .with_accessibility_check(false)
        .allow_missing_glyphs()
        .build_ui_state(App::frame, App::new(scene_with(dir.path(), &["hat"]), 0.0));
    h.run();
    h.state_mut()
        .ui
        .browse_files(dir.path(), FilePurpose::SaveAccessoryVac(0));
    h.run();
    let browser = h.get_by_label_contains("Save the accessory as .vac").rect();
    // The file name is the browser's lowest text field.
    let name_field = h
        .get_all_by_role(Role::TextInput)
        .filter(|n| browser.contains_rect(n.rect()))
        .max_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap();
    name_field.focus();
    name_field.type_text("hat");
    h.run();
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.run();
    assert!(!h.state().ui.browsing_files());
    let saved = std::fs::read(dir.path().join("hat.vac")).unwrap();
    assert_eq!(mmd_format::vac::read(&saved).unwrap().x_file, "hat.x");
}

/// The last widget labelled `label`: in an open list, the list's item is drawn after the
/// panels that show the same name.
fn click_last(h: &mut Harness<'_, App>, label: &str) {
    h.get_all_by_label(label).last().unwrap().click();
    h.run();
}

/// Opens the combo box named `label`, scrolled into sight first.
fn open_combo(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_role_and_label(Role::ComboBox, label)
        .scroll_to_me();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, label).click();
    h.run();
}

#[test]
fn the_parent_lists_pick_a_model_then_one_of_its_bones() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness(scene_with(dir.path(), &["hat"]));
    let model = format!("1. {}", player(&h).scene.actors[0].model.label);
    let first_bone = player(&h).scene.actors[0].model.rig.bone_name(0).to_owned();
    assert!(h.query_by_role_and_label(Role::ComboBox, "Bone").is_none());
    open_combo(&mut h, "Parent");
    click_last(&mut h, &model);
    let parent = player(&h).scene.accessories[0].settings.parent.clone();
    assert_eq!(parent.unwrap().bone, first_bone, "held by the root first");

    open_combo(&mut h, "Bone");
    // A model has many bones: the list has a search, which keeps the bones matching it.
    let count = |h: &Harness<'_, App>, name: &str| h.get_all_by_label(name).count();
    let listed = count(&h, &first_bone);
    let search = h.get_by_label("Search bones");
    search.focus();
    search.type_text("頭");
    h.run();
    assert_eq!(count(&h, &first_bone), listed - 1, "left out of the list");
    click_last(&mut h, "頭");
    let parent = player(&h).scene.accessories[0].settings.parent.clone();
    assert_eq!(parent.unwrap().bone, "頭");

    open_combo(&mut h, "Parent");
    click_last(&mut h, "World");
    assert_eq!(player(&h).scene.accessories[0].settings.parent, None);
    assert!(h.query_by_role_and_label(Role::ComboBox, "Bone").is_none());
}

/// An accessory moved by keys (a `.pmm`'s, a project's) plays them as the timeline moves; its
/// panel shows the keyed settings without editing them until its keys are dropped.
#[test]
fn a_keyed_accessory_plays_its_keys_and_its_panel_waits_for_them_to_be_dropped() {
    use mmd_scene::stage::accessory_motion::{AccessoryKey, AccessoryMotion};
    let dir = tempfile::tempdir().unwrap();
    let mut scene = scene_with(dir.path(), &["hat"]);
    let key = |frame: u32, x: f32, visible: bool| AccessoryKey {
        frame,
        visible,
        position: Vec3::new(x, 0.0, 0.0),
        rotation: Vec3::ZERO,
        scale: 1.0,
        opacity: 1.0,
        ground_shadow: true,
        parent: None,
    };
    scene.accessories[0].motion =
        AccessoryMotion::new(vec![key(0, 0.0, true), key(10, 10.0, false)]);
    let mut h = ui_harness::harness_at(scene, 5.0);
    let played = |h: &Harness<'_, App>| {
        let shown = player(h).frame().accessory(0).map(|a| a.settings.clone());
        shown.expect("the frame has the accessory")
    };
    assert_eq!(
        played(&h).position,
        Vec3::new(5.0, 0.0, 0.0),
        "halfway at frame 5"
    );
    assert!(played(&h).visible);
    assert!(
        h.query_by_label_contains("Moved by its 2 keys").is_some(),
        "the panel says the keys move it"
    );
    click(&mut h, "Show accessory: 1. hat");
    assert!(
        played(&h).visible,
        "shown or hidden by its keys, not by the switch"
    );
    h.state_mut().player.apply(Action::Seek(12.0));
    h.run();
    assert!(!played(&h).visible, "hidden from its second key");
    assert_eq!(played(&h).position, Vec3::new(10.0, 0.0, 0.0));
    assert_eq!(
        player(&h).scene.accessories[0].settings.position,
        Vec3::ZERO,
        "what the keys give at a frame is not what the project keeps"
    );
    click(&mut h, "Drop its keys");
    assert!(player(&h).scene.accessories[0].motion.is_none());
    assert_eq!(played(&h).position, Vec3::new(10.0, 0.0, 0.0), "it stays");
    click(&mut h, "Show accessory: 1. hat");
    assert!(played(&h).visible, "its switch works again");
}
