//! The window's behaviour a new user meets first, driven through the real interface with
//! egui_kittest and drawn with the bundled Japanese font only (as on a machine without a CJK
//! font), where a character no font has fails the test instead of drawing a box: the file
//! browser and recent files, Quit, steps from the frame shown, selecting and deselecting
//! bones, side panels in a small window, the notices panel, the window title, long morph
//! names, and the keys-and-mouse help against the window guide (docs/window.md).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{FontFamily, FontId, Key, Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};
use mmd_player::ui;
use mmd_player::ui::file_browser::FilePurpose;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::{Action, ViewOption};
use mmd_session::recent::RecentFiles;
use mmd_session::{Player, Request};
use ui_harness::{App, click, drop_files, player, selected_model};

/// The ids of the scene's actors, in order: which models are on stage.
fn actor_ids(player: &Player) -> Vec<u64> {
    player.scene.actors.iter().map(|a| a.id).collect()
}

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn fixtures() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !std::env::var("MMD_REQUIRE_FIXTURES").is_ok_and(|v| v == "1"),
        "MMD_REQUIRE_FIXTURES=1 but {} is missing",
        dir.display()
    );
    eprintln!("skipping the fixtures: {} is absent", dir.display());
    None
}

/// The interface over `scene` at `size` points, paused at frame 0, drawing text with egui's
/// fonts and the bundled Japanese font only; a missing glyph panics.
fn harness_sized(scene: Scene, size: [f32; 2]) -> Harness<'static, App> {
    build(scene, size, true)
}

/// For tests that open the in-window file browser: `egui_file` leaves its folder and file
/// name fields without accessible names, which kittest would otherwise refuse.
fn harness_with_browser(scene: Scene) -> Harness<'static, App> {
    build(scene, [1280.0, 720.0], false)
}

fn build(scene: Scene, size: [f32; 2], check_accessibility: bool) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(size)
        .with_accessibility_check(check_accessibility)
        .with_context_setup(|ctx| ctx.set_fonts(mmd_player::ui::fonts::with_bundled_cjk()))
        .build_ui_state(App::frame, App::new(scene, 0.0));
    h.run();
    h
}

fn harness(scene: Scene) -> Harness<'static, App> {
    harness_sized(scene, [1280.0, 720.0])
}

/// Every PMX and PMD file under `dir`.
fn models_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            models_under(&path, found);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pmx") || e.eq_ignore_ascii_case("pmd"))
        {
            found.push(path);
        }
    }
}

#[test]
fn japanese_names_draw_with_the_bundled_font_alone() {
    let ctx = egui::Context::default();
    ctx.set_fonts(mmd_player::ui::fonts::with_bundled_cjk());
    // Fonts are loaded by the first frame.
    // The font atlas it made is not drawn here: dropped unapplied, egui asserts in debug.
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .textures_delta
        .clear();
    let mut models = vec![assets().join("default_model.pmx")];
    if let Some(dir) = fixtures() {
        models_under(&dir, &mut models);
    }
    let mut checked = 0;
    let mut missing = Vec::new();
    for path in &models {
        let Ok(scene) = Scene::from_files(std::slice::from_ref(path)) else {
            continue;
        };
        let rig = &scene.actors[0].model.rig;
        let names = (0..rig.bone_count())
            .map(|b| rig.bone_name(b).to_owned())
            .chain((0..rig.morph_count()).map(|m| rig.morph_name(m).to_owned()))
            .chain([scene.actors[0].model.pmx.name.clone()]);
        for name in names {
            checked += 1;
            for family in [FontFamily::Proportional, FontFamily::Monospace] {
                let font = FontId::new(14.0, family);
                let absent: String = name
                    .chars()
                    .filter(|&c| !c.is_control() && !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
                    .collect();
                if !absent.is_empty() {
                    missing.push(format!("{}: {name:?} lacks {absent:?}", path.display()));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} names checked");
    assert!(
        missing.is_empty(),
        "{} names:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_menu_draws_without_a_missing_glyph() {
    let mut h = harness(Scene::bundled().unwrap());
    for menu in ["File", "Edit", "View", "Physics", "Help"] {
        click(&mut h, menu);
        h.key_press(Key::Escape);
        h.run();
    }
    click(&mut h, "Help");
    click(&mut h, "Keys and mouse");
    assert!(h.query_by_label("Keys and mouse").is_some());
    // Pose mode's window, menu bar mark, handles and save window.
    h.key_press(Key::Escape);
    h.run();
    click(&mut h, "Edit");
    click(&mut h, "Pose mode");
    assert!(h.query_by_label("Leave Pose mode").is_some());
    click(&mut h, "Edit");
    h.key_press(Key::Escape);
    h.run();
    click(&mut h, "Save motion…");
    assert!(h.query_by_label("Save to").is_some());
}

#[test]
fn steps_start_from_the_frame_shown() {
    let mut h = harness(Scene::bundled().unwrap());
    h.state_mut().player.apply(Action::Seek(96.6));
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "Frame");
    assert_eq!(
        field.value().as_deref(),
        Some("96"),
        "the box shows the frame it is in"
    );
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(player(&h).playback().frame(), 97.0);
    h.state_mut().player.apply(Action::Seek(96.4));
    h.run();
    click(&mut h, "Previous frame");
    assert_eq!(player(&h).playback().frame(), 95.0);
    click(&mut h, "Next frame");
    assert_eq!(player(&h).playback().frame(), 96.0);
    let field = h.get_by_role_and_label(Role::TextInput, "Frame");
    assert_eq!(field.value().as_deref(), Some("96"));
}

/// Where `bone`'s joint is drawn in the view.
fn joint_on_screen(h: &Harness<'_, App>, bone: usize) -> Pos2 {
    let p = player(h);
    let rect = h.state().ui.view_rect;
    let camera = p.camera();
    let view_proj = camera.projection(rect.width() / rect.height()) * camera.view();
    let clip = view_proj * p.pose().unwrap().globals[bone].w_axis;
    let ndc = clip.truncate() / clip.w;
    Pos2::new(
        rect.left() + (ndc.x + 1.0) * 0.5 * rect.width(),
        rect.top() + (1.0 - ndc.y) * 0.5 * rect.height(),
    )
}

/// A click (press and release without moving) at `at`.
fn click_at(h: &mut Harness<'_, App>, at: Pos2) {
    h.hover_at(at);
    h.run();
    h.drag_at(at);
    h.drop_at(at);
    h.run();
}

#[test]
fn a_click_on_empty_space_or_esc_deselects_and_a_click_on_a_joint_selects() {
    let mut h = harness(Scene::bundled().unwrap());
    let centre = player(&h).scene.actors[0]
        .model
        .rig
        .bone_index("センター")
        .unwrap();
    assert_eq!(player(&h).selected_bone(), Some(centre));
    // Esc first closes an open menu, keeping the selection.
    click(&mut h, "View");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label("Skeleton").is_none(), "the menu closed");
    assert_eq!(player(&h).selected_bone(), Some(centre));
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(player(&h).selected_bone(), None, "Esc deselects");

    h.state_mut().player.apply(Action::SelectBone(centre));
    h.run();
    // The model stands in the middle; the view's top-left corner is empty.
    let corner = h.state().ui.view_rect.left_top() + Vec2::new(30.0, 30.0);
    click_at(&mut h, corner);
    assert_eq!(
        player(&h).selected_bone(),
        None,
        "a click on empty space deselects"
    );

    // Without the skeleton a click on a joint selects nothing (no marker could show it).
    let head = player(&h).scene.actors[0]
        .model
        .rig
        .bone_index("頭")
        .unwrap();
    let joint = joint_on_screen(&h, head);
    click_at(&mut h, joint);
    assert_eq!(player(&h).selected_bone(), None);
    h.state_mut()
        .player
        .apply(Action::SetView(ViewOption::Skeleton, true));
    h.run();
    let joint = joint_on_screen(&h, head);
    click_at(&mut h, joint);
    assert_eq!(player(&h).selected_bone(), Some(head));
    // A drag orbits and keeps the selection.
    let from = corner;
    h.drag_at(from);
    h.run();
    h.hover_at(from + Vec2::new(60.0, 0.0));
    h.run();
    h.drop_at(from + Vec2::new(60.0, 0.0));
    h.run();
    assert_eq!(player(&h).selected_bone(), Some(head));
}

/// Whether `inner` lies inside `outer` (a pixel of rounding allowed).
fn inside(outer: Rect, inner: Rect) -> bool {
    outer.expand(1.0).contains_rect(inner)
}

#[test]
fn a_small_window_collapses_the_side_panels_and_keeps_every_control_in_view() {
    let window = Rect::from_min_size(Pos2::ZERO, Vec2::new(480.0, 360.0));
    let mut h = harness_sized(Scene::bundled().unwrap(), [480.0, 360.0]);
    let view = h.state().ui.view_rect;
    assert!(
        view.width() >= 0.8 * 480.0 && view.height() >= 150.0,
        "the view keeps most of a 480×360 window: {view:?}"
    );
    for (role, label) in [
        (Role::Button, "Start"),
        (Role::Button, "End"),
        (Role::TextInput, "Frame"),
        (Role::Slider, "Frame"),
        (Role::Slider, "Speed"),
        (Role::Button, "Show the bones panel"),
        (Role::Button, "Show the scene panel"),
    ] {
        let rect = h.get_by_role_and_label(role, label).rect();
        assert!(inside(window, rect), "{label} is cut off: {rect:?}");
        assert!(
            !rect.intersects(view),
            "{label} lies over the view: {rect:?} {view:?}"
        );
    }
    // Opening a panel gives it at most a third of the width; closing it gives the view back.
    click(&mut h, "Show the bones panel");
    let narrower = h.state().ui.view_rect;
    assert!(narrower.width() < view.width() - 100.0);
    assert!(narrower.width() >= 480.0 * 0.6, "{narrower:?}");
    assert!(
        h.query_by_label("左足ＩＫ").is_some(),
        "the bone panel shows"
    );
    click(&mut h, "Hide the bones panel");
    assert_eq!(h.state().ui.view_rect.width(), view.width());

    // A wide window starts with both panels open, and hiding one widens the view.
    let mut h = harness(Scene::bundled().unwrap());
    let wide = h.state().ui.view_rect;
    assert!(
        h.query_by_role_and_label(Role::CheckBox, "まばたき")
            .is_some()
    );
    click(&mut h, "Hide the scene panel");
    assert!(h.state().ui.view_rect.width() > wide.width() + 150.0);
    assert!(
        h.query_by_role_and_label(Role::CheckBox, "まばたき")
            .is_none()
    );
}

/// The bundled model and motion copied into `dir`, with a file File → Open does not list.
fn files_to_browse(dir: &Path) -> (PathBuf, PathBuf) {
    let model = dir.join("モデル.pmx");
    let motion = dir.join("dance.VMD");
    std::fs::copy(assets().join("default_model.pmx"), &model).unwrap();
    std::fs::copy(assets().join("default_motion.vmd"), &motion).unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a model").unwrap();
    std::fs::create_dir(dir.join("textures")).unwrap();
    (model, motion)
}

#[test]
fn the_in_window_browser_lists_mmd_files_and_opens_the_picked_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (model, _) = files_to_browse(dir.path());
    let mut h = harness_with_browser(Scene::bundled().unwrap());
    let ids = actor_ids(player(&h));
    h.state_mut().ui.browse_files(dir.path(), FilePurpose::Open);
    h.run();
    assert!(h.query_by_label_contains("モデル.pmx").is_some());
    assert!(h.query_by_label_contains("dance.VMD").is_some());
    assert!(
        h.query_by_label_contains("textures").is_some(),
        "folders are listed"
    );
    assert!(h.query_by_label_contains("notes.txt").is_none());
    // Escape closes it without opening anything.
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.state().ui.browsing_files());
    assert_eq!(actor_ids(player(&h)), ids);

    // File → Open asks the window layer for a dialog; here it opens the browser, as it does
    // where the system has none.
    click(&mut h, "File");
    click(&mut h, "Open model / motion / pose… Ctrl+O");
    assert!(h.state_mut().player.requests.take(Request::OpenDialog));
    h.state_mut().ui.browse_files(dir.path(), FilePurpose::Open);
    h.run();
    h.get_by_label_contains("モデル.pmx").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Open").click();
    h.run();
    assert!(!h.state().ui.browsing_files());
    assert_eq!(actor_ids(player(&h))[..1], ids[..]);
    assert_eq!(player(&h).scene.actors.len(), 2);
    assert!(selected_model(&h).contains("モデル.pmx"));
    assert_eq!(player(&h).recent_files().paths(), [model]);
}

#[test]
fn open_recent_reopens_a_file_and_quit_asks_to_close() {
    let dir = tempfile::tempdir().unwrap();
    let (model, motion) = files_to_browse(dir.path());
    let store = || ConfigFiles::in_folder(dir.path().join("config"));
    let mut h = harness(Scene::bundled().unwrap());
    h.state_mut().player =
        Player::with_services(Scene::bundled().unwrap(), desktop_services_in(store()));
    drop_files(&mut h, &[&model, &motion]);
    drop_files(&mut h, &[&assets().join("default_model.pmx")]);
    assert_eq!(
        RecentFiles::read_from(&store()).paths(),
        [
            assets().join("default_model.pmx"),
            model.clone(),
            motion.clone()
        ]
        .map(|p| std::fs::canonicalize(p).unwrap()),
        "kept in the store, newest first"
    );
    click(&mut h, "File");
    click(&mut h, "Open recent");
    click(&mut h, "モデル.pmx");
    assert!(selected_model(&h).contains("モデル.pmx"));
    assert_eq!(player(&h).recent_files().paths()[0], model);

    click(&mut h, "File");
    click(&mut h, "Quit Ctrl+Q");
    assert!(h.state_mut().player.requests.take(Request::Quit));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Q);
    h.run();
    assert!(player(&h).requests.contains(Request::Quit), "Ctrl+Q quits");
}

/// `mmd-player MODEL broken.vmd`: the window opens the model, not the bundled one, with one
/// notice naming the motion that failed.
#[test]
fn a_bad_file_on_the_command_line_is_a_notice_and_the_good_ones_stay() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.vmd");
    std::fs::write(&broken, b"Vocaloid Motion Data 0002\0\0\0").unwrap();
    let files = [assets().join("default_model.pmx"), broken.clone()];
    let (scene, failed) = Scene::from_files_keeping_good(&files, &[]).unwrap();
    let mut h = harness(scene);
    h.state_mut().player.report_start_problems(&failed, &[]);
    h.run();
    assert!(
        h.query_all_by_label_contains("(default_model.pmx)")
            .next()
            .is_some(),
        "the command line's model is listed"
    );
    assert!(
        player(&h).scene.actors[0]
            .model
            .label
            .ends_with("(default_model.pmx)")
    );
    click(&mut h, "1 notice");
    assert!(h.query_by_label(&broken.display().to_string()).is_some());
    assert_eq!(player(&h).notices().len(), 1);
}

#[test]
fn notices_list_each_problem_with_its_file_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.pmx");
    let mut bytes = std::fs::read(assets().join("default_model.pmx")).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&broken, &bytes).unwrap();
    let mut h = harness(Scene::bundled().unwrap());
    assert!(h.query_by_label_contains("notice").is_none(), "none yet");
    drop_files(&mut h, &[&broken]);
    // A texture the renderer could not read, as the window layer reports it.
    h.state_mut()
        .player
        .add_notice(mmd_session::notices::Notice::warning(
            "/models/tex/face.png",
            "texture tex\\face.png: not found",
        ));
    h.run();
    click(&mut h, "2 notices");
    let file = broken.display().to_string();
    assert!(h.query_by_label(&file).is_some(), "the file is named");
    // Said in words first, then where the reader stopped.
    let message = h
        .get_all_by_label_contains("at byte")
        .filter_map(|n| n.value())
        .find(|text| !text.starts_with('⚠'))
        .unwrap();
    assert!(
        message.starts_with("the file is damaged: it says ") && message.ends_with("at byte 393"),
        "{message}"
    );
    assert!(h.query_by_label("/models/tex/face.png").is_some());
    assert!(
        h.query_by_label("texture tex\\face.png: not found")
            .is_some()
    );
    click(&mut h, "Clear");
    assert!(player(&h).notices().is_empty());
    assert!(h.query_by_label_contains("notice").is_none());
}

#[test]
fn the_window_title_names_the_model_and_its_motions() {
    let mut h = harness(Scene::bundled().unwrap());
    let title = ui::window_title(player(&h));
    assert_eq!(
        title,
        "ラストちゃん (bundled) · dance (bundled) — mmd-player"
    );
    let dir = tempfile::tempdir().unwrap();
    let (_, motion) = files_to_browse(dir.path());
    drop_files(&mut h, &[&motion]);
    assert_eq!(
        ui::window_title(player(&h)),
        "ラストちゃん (bundled) · dance.VMD — mmd-player"
    );
}

#[test]
fn a_long_morph_name_shows_in_full_on_hover() {
    let long = "とても長いモーフの名前・口角上げ・左右";
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(assets().join("default_model.pmx")).unwrap();
    let mut pmx = mmd_format::pmx::read(&bytes).unwrap();
    pmx.morphs[0].name = long.to_owned();
    let path = dir.path().join("long.pmx");
    std::fs::write(&path, mmd_format::pmx::write(&pmx).unwrap()).unwrap();
    let mut h = harness(Scene::from_files(&[path]).unwrap());
    let pin = h.get_by_role_and_label(Role::CheckBox, long).rect();
    let names = |h: &Harness<'_, App>| -> Vec<(String, Rect)> {
        h.query_all(
            By::new()
                .role(Role::Label)
                .label_contains("とても")
                .include_labels(),
        )
        .map(|n| (n.value().unwrap_or_default(), n.rect()))
        .collect()
    };
    let shown = names(&h);
    assert_eq!(shown.len(), 1, "{shown:?}");
    let rect = shown[0].1;
    assert!(rect.left() > pin.right(), "beside its pin");
    h.hover_at(rect.center());
    for _ in 0..20 {
        h.step();
    }
    h.run();
    // egui shows the tooltip only for a name it had to cut.
    assert_eq!(
        names(&h).iter().filter(|(text, _)| text == long).count(),
        2,
        "a tooltip shows the whole name: {:?}",
        names(&h)
    );
}

#[test]
fn help_lists_the_controls_of_the_window_guide() {
    let help: Vec<(String, String)> = ui::help::controls()
        .into_iter()
        .map(|(i, a)| (i.into_owned(), a.into_owned()))
        .collect();
    // The interface's list is the one source; the guide and the README show it in English.
    for document in ["docs/window.md", "README.md"] {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(document),
        )
        .unwrap();
        let table: Vec<(String, String)> = text
            .lines()
            .skip_while(|l| !l.starts_with("| input | action |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
                (cells[0].to_owned(), cells[1].to_owned())
            })
            .collect();
        assert_eq!(table, help, "{document}'s table and Help → Keys and mouse");
    }

    let mut h = harness(Scene::bundled().unwrap());
    click(&mut h, "Help");
    click(&mut h, "Keys and mouse");
    for (input, action) in ui::help::controls() {
        assert!(h.query_by_label(&input).is_some(), "{input}");
        assert!(h.query_by_label(&action).is_some(), "{action}");
    }
    h.key_press(Key::Escape);
    h.run();
    assert!(
        h.query_by_label("middle drag, shift + left drag").is_none(),
        "Esc closes"
    );
}

#[test]
fn the_model_list_selects_hides_and_removes_models() {
    let model = assets().join("default_model.pmx");
    let motion = assets().join("default_motion.vmd");
    let scene = Scene::from_files(&[model.clone(), motion.clone(), model, motion]).unwrap();
    let mut h = harness(scene);
    let ids = actor_ids(player(&h));
    assert_eq!(ids.len(), 2);
    let first = "1. ラストちゃん (default_model.pmx)";
    let second = "2. ラストちゃん (default_model.pmx)";
    assert!(
        h.query_by_label(first).is_some(),
        "listed by place and name"
    );
    assert_eq!(player(&h).selected_model(), Some(0));

    // Selecting the second makes the panels show it: its IK switch changes it alone.
    click(&mut h, second);
    assert_eq!(player(&h).selected_model(), Some(1));
    // "All IK: Off" comes before each chain's own switches.
    h.get_all_by_label("Off").next().unwrap().click();
    h.run();
    let leg_ik = player(&h).ik_bones()[0];
    assert_eq!(
        player(&h).scene.actors[1].ik.get(leg_ik),
        mmd_pose::IkOverride::Off
    );
    assert_eq!(
        player(&h).scene.actors[0].ik.get(leg_ik),
        mmd_pose::IkOverride::Auto
    );

    let bones = player(&h).scene.actors[0].model.rig.bone_count();
    let status = |n: usize| format!("{n} bones");
    assert!(h.query_by_label_contains(&status(2 * bones)).is_some());
    click(&mut h, &format!("Show: {first}"));
    assert!(!player(&h).scene.actors[0].visible, "hidden");
    assert!(player(&h).scene.actors[1].visible);
    assert!(
        h.query_by_label_contains(&status(bones)).is_some(),
        "the status line counts the models shown"
    );
    click(&mut h, &format!("Show: {first}"));
    assert!(player(&h).scene.actors[0].visible, "shown again");

    click(&mut h, &format!("Remove: {first}"));
    assert_eq!(actor_ids(player(&h)), ids[1..]);
    assert_eq!(player(&h).selected_model(), Some(0), "still the same model");
    assert!(h.query_by_label(second).is_none());
    assert!(h.query_by_label(first).is_some(), "renumbered");

    click(&mut h, &format!("Remove: {first}"));
    assert!(player(&h).scene.actors.is_empty());
    assert!(h.query_by_label("No model on stage.").is_some());
    assert!(h.query_by_label("No model: File → Open one.").is_some());
    click(&mut h, "Add model…");
    assert!(h.state_mut().player.requests.take(Request::OpenDialog));
}

/// Gene's IK bones are named in full in the Bones panel at 1280×720 from the first frame
/// drawn: a cut name (左つま…) reads as either foot's.
#[test]
fn ik_names_are_whole_from_the_first_frame() {
    let Some(fixtures) = fixtures() else {
        return;
    };
    let model = fixtures.join("gene/Gene_light.pmx");
    let scene = Scene::from_files(&[model]).unwrap();
    let mut h = Harness::builder()
        .with_size([1280.0, 720.0])
        .with_context_setup(|ctx| ctx.set_fonts(mmd_player::ui::fonts::with_bundled_cjk()))
        .build_ui_state(App::frame, App::new(scene, 0.0));
    h.step();
    let rig = &player(&h).actor().unwrap().model.rig;
    let names: Vec<String> = player(&h)
        .ik_bones()
        .iter()
        .map(|&b| rig.bone_name(b).to_owned())
        .collect();
    assert!(names.len() >= 4, "{names:?}");
    let font = egui::TextStyle::Button.resolve(&h.ctx.global_style());
    let padding = h.ctx.global_style().spacing.button_padding.x;
    for name in &names {
        let text = h
            .ctx
            .fonts_mut(|f| f.layout_no_wrap(name.clone(), font.clone(), egui::Color32::WHITE))
            .size()
            .x;
        let button = h
            .get_all_by_label(name)
            .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
            .unwrap();
        assert!(
            button.rect().width() + 0.5 >= text + 2.0 * padding,
            "{name} is {:.1} wide for {:.1} of text",
            button.rect().width(),
            text
        );
    }
}
