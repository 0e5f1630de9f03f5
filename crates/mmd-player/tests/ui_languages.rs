//! The interface in English and Japanese, laid out at 1280×720, 900×600 and 480×360 with
//! three models loaded and drawn with the bundled Japanese font only (a character no font
//! has fails the test): the Language menu switches every label; no label is cut off by the
//! panel it sits in; the view keeps most of the window; the last error shows without moving
//! anything; Play and Pause take the same room; the right panel is named for what it holds
//! and a bone's key count is explained.
//!
//! The language is one setting for the whole process, so every test here holds
//! [`LANGUAGE`] while it runs and sets the language it needs first.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ui_harness;

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use egui::accesskit::NodeId;
use egui::accesskit::Role;
use egui::{Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, By, NodeT, Queryable};
use mmd_player::i18n::Language;
use mmd_scene::stage::scene::Scene;
use mmd_session::action::Action;
use ui_harness::{App, click};

/// Held by each test: the language is shared by every thread of the process.
static LANGUAGE: Mutex<()> = Mutex::new(());

fn speaking(language: Language) -> MutexGuard<'static, ()> {
    let guard = LANGUAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    language.set();
    guard
}

/// What the tests look for, as each language writes it.
struct Words {
    file: &'static str,
    language: &'static str,
    bones: &'static str,
    scene: &'static str,
    morphs: &'static str,
    play: &'static str,
    pause: &'static str,
    looping: &'static str,
    keys_legend: &'static str,
    keys_hint: &'static str,
    dismiss: &'static str,
    hide_bones: &'static str,
    show_bones: &'static str,
    hide_scene: &'static str,
    show_scene: &'static str,
}

const ENGLISH: Words = Words {
    file: "File",
    language: "Language",
    bones: "Bones",
    scene: "Scene",
    morphs: "Morphs",
    play: "Play",
    pause: "Pause",
    looping: "Loop",
    keys_legend: "·N after a name: the bone's keys in the motions",
    keys_hint: "%{name}: keys in the motions: %{count}",
    dismiss: "Dismiss",
    hide_bones: "Hide the bones panel",
    show_bones: "Show the bones panel",
    hide_scene: "Hide the scene panel",
    show_scene: "Show the scene panel",
};

const JAPANESE: Words = Words {
    file: "ファイル",
    language: "言語",
    bones: "ボーン",
    scene: "シーン",
    morphs: "モーフ",
    play: "再生",
    pause: "一時停止",
    looping: "ループ",
    keys_legend: "名前の後の ·N: モーションにあるそのボーンのキー数",
    keys_hint: "%{name}: モーションのキー数 %{count}",
    dismiss: "閉じる",
    hide_bones: "ボーンパネルを隠す",
    show_bones: "ボーンパネルを表示",
    hide_scene: "シーンパネルを隠す",
    show_scene: "シーンパネルを表示",
};

fn words(language: Language) -> &'static Words {
    match language {
        Language::English => &ENGLISH,
        Language::Japanese => &JAPANESE,
    }
}

/// The window sizes checked, each with the least share of its width the view keeps (before
/// these fixes: half at 1280×720 with three models, 40% at 900×600).
const SIZES: [([f32; 2], f32); 3] = [
    ([1280.0, 720.0], 0.6),
    ([900.0, 600.0], 0.52),
    ([480.0, 360.0], 0.8),
];

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// Three models, the first with a motion: Gene, Uka and Luka from the shared fixtures (long
/// IK bone names, hundreds of bones), or the bundled model three times without them.
fn three_models() -> Scene {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures");
    let files: Vec<PathBuf> = if fixtures.is_dir() {
        [
            "gene/Gene_light.pmx",
            "gene/motion/02_laugh.vmd",
            "uka/MS_Uka.pmx",
            "blender_mmd_tools/pmx/巡音ルカ.pmx",
        ]
        .iter()
        .map(|f| fixtures.join(f))
        .collect()
    } else {
        assert!(
            !std::env::var("MMD_REQUIRE_FIXTURES").is_ok_and(|v| v == "1"),
            "MMD_REQUIRE_FIXTURES=1 but {} is missing",
            fixtures.display()
        );
        let model = assets().join("default_model.pmx");
        let motion = assets().join("default_motion.vmd");
        vec![model.clone(), motion, model.clone(), model]
    };
    Scene::from_files(&files).unwrap()
}

/// The interface over `scene` at `size`, drawing text with egui's fonts and the bundled
/// Japanese font only; a missing glyph panics.
fn harness_sized(scene: Scene, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(size)
        .with_context_setup(|ctx| ctx.set_fonts(mmd_player::ui::fonts::with_bundled_cjk()))
        .build_ui_state(App::frame, App::new(scene, 0.0));
    // The panels settle on their widths over the first frames (egui fits a panel to its
    // contents a little at a time).
    for _ in 0..10 {
        h.step();
    }
    h.run();
    h
}

/// The roles of the widgets whose whole rect must show.
const WIDGETS: [Role; 9] = [
    Role::Button,
    Role::CheckBox,
    Role::RadioButton,
    Role::Label,
    Role::Slider,
    Role::TextInput,
    Role::SpinButton,
    Role::ComboBox,
    Role::ProgressIndicator,
];

/// The panel (egui's `Pane` node) holding a node, if any: widgets in a window or popup have
/// none.
fn pane_of(node: &AccessKitNode<'_>) -> Option<NodeId> {
    let mut at = node.parent();
    while let Some(parent) = at {
        if parent.role() == Role::Pane {
            return Some(parent.locate().0);
        }
        at = parent.parent();
    }
    None
}

/// Each of the window's panels, known by a widget it holds, with the region its widgets must
/// keep to: the side panels and the view their strip of the window (the view's rect tells the
/// panels' edges), the menu bar and the timeline the window.
fn panes(h: &Harness<'_, App>, w: &Words, size: [f32; 2]) -> Vec<(NodeId, &'static str, Rect)> {
    let window = Rect::from_min_size(Pos2::ZERO, Vec2::from(size));
    let view = h.state().ui.view_rect;
    let left = Rect::from_x_y_ranges(0.0..=view.left(), window.y_range());
    let right = Rect::from_x_y_ranges(view.right()..=window.right(), window.y_range());
    let anchors = [
        (w.file, "menu bar", window),
        (w.looping, "timeline", window),
        (w.hide_bones, "left panel", left),
        (w.show_bones, "left panel", left),
        (w.hide_scene, "right panel", right),
        (w.show_scene, "right panel", right),
    ];
    anchors
        .into_iter()
        .filter_map(|(label, name, region)| {
            let node = h.query_by_label(label)?;
            Some((pane_of(&node.accesskit_node())?, name, region))
        })
        .collect()
}

/// How many widgets lie in the window's panels, and each that reaches past its panel, left or
/// right, or, in the menu bar and the timeline, past the window. A side panel's rows scrolled
/// out of sight above or below are in the panel.
fn clipped(h: &Harness<'_, App>, w: &Words, size: [f32; 2]) -> (usize, Vec<String>) {
    let panes = panes(h, w, size);
    assert_eq!(
        panes.len(),
        4,
        "the menu bar, the timeline and two side panels"
    );
    let mut checked = 0;
    let mut found = Vec::new();
    for node in h.query_all(By::new().predicate(|n| WIDGETS.contains(&n.role()))) {
        let ak = node.accesskit_node();
        let Some(pane) = pane_of(&ak) else {
            continue;
        };
        let Some(&(_, panel, region)) = panes.iter().find(|(id, _, _)| *id == pane) else {
            continue;
        };
        checked += 1;
        let rect = node.rect();
        let outside = rect.left() < region.left() - 0.5 || rect.right() > region.right() + 0.5;
        let bars = panel == "menu bar" || panel == "timeline";
        let beyond = bars && (rect.bottom() > region.bottom() + 0.5 || rect.top() < -0.5);
        if outside || beyond {
            let label = ak.label().or_else(|| ak.value()).unwrap_or_default();
            found.push(format!(
                "{:?} {label:?} {rect:?} past the {panel} {region:?}",
                ak.role()
            ));
        }
    }
    (checked, found)
}

/// How many widgets of `role` lie wholly in `region`, below `below`.
fn shown_in(h: &Harness<'_, App>, role: Role, region: Rect, below: f32) -> usize {
    h.query_all(By::new().role(role))
        .filter(|n| region.contains_rect(n.rect()) && n.rect().top() >= below)
        .count()
}

#[test]
fn the_language_menu_switches_every_label_and_back() {
    let _language = speaking(Language::English);
    let mut h = harness_sized(Scene::bundled().unwrap(), SIZES[0].0);
    assert!(h.query_by_label(ENGLISH.file).is_some());
    click(&mut h, ENGLISH.language);
    click(&mut h, Language::Japanese.native_name());
    assert_eq!(Language::current(), Language::Japanese);
    for label in [
        JAPANESE.file,
        JAPANESE.bones,
        JAPANESE.scene,
        "物理演算",
        "表示",
    ] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    assert!(h.query_by_label(ENGLISH.file).is_none());
    // Every menu opens in Japanese without a character the bundled font lacks.
    for menu in [
        "ファイル",
        "編集",
        "表示",
        "物理演算",
        "音楽",
        "言語",
        "ヘルプ",
    ] {
        click(&mut h, menu);
        h.key_press(egui::Key::Escape);
        h.run();
    }
    click(&mut h, "表示");
    for label in ["地面影", "セルフ影", "エッジ（輪郭線）"] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    h.key_press(egui::Key::Escape);
    h.run();
    click(&mut h, "ヘルプ");
    click(&mut h, "キーとマウスの操作");
    assert!(h.query_by_label("再生 / 一時停止").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    // The languages keep their own names, so the way back reads the same in either.
    click(&mut h, JAPANESE.language);
    click(&mut h, Language::English.native_name());
    assert_eq!(Language::current(), Language::English);
    assert!(h.query_by_label(ENGLISH.file).is_some());
    assert!(h.query_by_label(JAPANESE.file).is_none());
}

/// The layout checks at one size in one language.
fn check_layout(language: Language, (size, least_view_share): ([f32; 2], f32)) {
    let w = words(language);
    let mut h = harness_sized(three_models(), size);
    let what = format!("{language:?} at {}×{}", size[0], size[1]);

    let (checked, problems) = clipped(&h, w, size);
    assert!(checked > 20, "{what}: only {checked} widgets in the panels");
    assert!(problems.is_empty(), "{what}: cut off: {problems:#?}");
    if size[0] < mmd_player::ui::NARROW {
        // The side panels start collapsed here; opened, they fit too.
        click(&mut h, w.show_bones);
        click(&mut h, w.show_scene);
        // Past the panels' slide.
        for _ in 0..30 {
            h.step();
        }
        h.run();
        let (checked, problems) = clipped(&h, w, size);
        assert!(
            checked > 60,
            "{what}: only {checked} widgets in the open panels"
        );
        assert!(
            problems.is_empty(),
            "{what}, panels open: cut off: {problems:#?}"
        );
        click(&mut h, w.hide_bones);
        click(&mut h, w.hide_scene);
    }

    // The view keeps most of the window: the side panels start at a share of it (and
    // collapsed below 800 points).
    let view = h.state().ui.view_rect;
    let width_share = view.width() / size[0];
    assert!(
        width_share >= least_view_share,
        "{what}: the view is {view:?}"
    );
    if size == SIZES[0].0 {
        let area_share = view.area() / (size[0] * size[1]);
        assert!(
            area_share > 0.5,
            "{what}: the view has {area_share:.2} of the window"
        );
    }

    // Play and Pause take the same room: nothing after the button moves.
    let transport = |h: &Harness<'_, App>, name: &str| {
        let button = h.get_by_role_and_label(Role::Button, name).rect();
        let next = h.get_by_role_and_label(Role::CheckBox, w.looping).rect();
        (button, next)
    };
    let paused = transport(&h, w.play);
    h.state_mut().player.apply(Action::TogglePlay);
    h.run();
    let playing = transport(&h, w.pause);
    assert_eq!(paused, playing, "{what}: the transport moved");
    h.state_mut().player.apply(Action::TogglePlay);
    h.run();

    // The last error shows over the view: nothing moves when it comes or goes.
    let file = h.get_by_label(w.file).rect();
    h.state_mut().player.error = Some("a.pmx: cannot read".to_owned());
    h.run();
    let banner = h.get_by_label_contains("⚠ a.pmx").rect();
    assert!(view.contains_rect(banner), "{what}: the banner {banner:?}");
    assert_eq!(h.state().ui.view_rect, view, "{what}: the view moved");
    assert_eq!(
        h.get_by_label(w.file).rect(),
        file,
        "{what}: the menu moved"
    );
    let (_, problems) = clipped(&h, w, size);
    assert!(problems.is_empty(), "{what} with the banner: {problems:#?}");
    h.get_by_label(w.dismiss).click();
    h.run();
    assert!(
        h.query_by_label_contains("⚠").is_none(),
        "{what}: dismissed"
    );
    assert_eq!(h.state().ui.view_rect, view, "{what}: the view moved back");

    if size[0] >= mmd_player::ui::NARROW {
        // Both panels keep their search fields and some rows of their lists in sight.
        let left = Rect::from_x_y_ranges(0.0..=view.left(), view.y_range());
        let right = Rect::from_x_y_ranges(view.right()..=size[0], view.y_range());
        for (region, side) in [(left, "bones"), (right, "morphs")] {
            let search = h
                .query_all(By::new().role(Role::TextInput))
                .map(|n| n.rect())
                .find(|r| region.contains(r.center()))
                .unwrap_or_else(|| panic!("{what}: no {side} search"));
            assert!(
                region.contains_rect(search),
                "{what}: {side} search {search:?}"
            );
            let role = if side == "bones" {
                Role::Button
            } else {
                Role::Slider
            };
            let rows = shown_in(&h, role, region, search.bottom());
            assert!(rows >= 3, "{what}: {rows} {side} rows in sight");
        }
        // The right panel is named for what it holds, its sections in order.
        let scene = h.get_by_label(w.scene).rect();
        let morphs = h.get_by_label(w.morphs).rect();
        assert!(
            scene.left() >= view.right() && morphs.top() > scene.top(),
            "{what}"
        );
        // A bone's key count is explained beside the tree and on hover.
        let legend = h.get_by_label(w.keys_legend).rect();
        assert!(legend.right() <= view.left() + 0.5, "{what}: {legend:?}");
        let (row, at) = h
            .query_all(By::new().role(Role::Button))
            .find_map(|n| {
                let label = n.accesskit_node().label()?;
                label.contains("  ·").then(|| (label, n.rect().center()))
            })
            .unwrap_or_else(|| panic!("{what}: no bone with keys"));
        let (name, count) = row.split_once("  ·").unwrap();
        let hint = w
            .keys_hint
            .replace("%{name}", name)
            .replace("%{count}", count);
        h.hover_at(at);
        for _ in 0..20 {
            h.step();
        }
        h.run();
        assert!(
            h.query_by_label(&hint).is_some(),
            "{what}: no {hint:?} on hover"
        );
    }
}

#[test]
fn english_fits_every_size() {
    let _language = speaking(Language::English);
    for size in SIZES {
        check_layout(Language::English, size);
    }
}

#[test]
fn japanese_fits_every_size() {
    let _language = speaking(Language::Japanese);
    for size in SIZES {
        check_layout(Language::Japanese, size);
    }
}
