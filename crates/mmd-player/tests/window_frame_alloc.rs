//! The window's own work for a frame allocates nothing while a scene plays: moving the
//! timeline, posing and evaluating the frame (`Player::update_pose`), writing the title and
//! walking the draw list, as `window/event_loop.rs` does every frame (egui's and wgpu's own
//! work aside). A counting global allocator watches the playing thread.
#![allow(unsafe_code, clippy::unwrap_used, clippy::expect_used)]

#[path = "../../mmd-pose/tests/counting_alloc/mod.rs"]
mod counting_alloc;
mod x_meshes;

use counting_alloc::allocations;
use mmd_format::xfile;
use mmd_player::config_folder::ConfigFiles;
use mmd_player::draw_list::{draw_items, frame_view};
use mmd_player::services::desktop_services_in;
use mmd_player::ui;
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::scene::{OpenInto, Scene};
use mmd_session::Player;
use mmd_session::action::Action;

/// The bundled dance with a prop held by a bone and one on the floor.
fn scene_with_props(dir: &std::path::Path) -> Scene {
    let prop = dir.join("prop.x");
    let x = x_meshes::cube(0.5, x_meshes::material([1.0, 0.0, 0.0], [0.2; 3]));
    std::fs::write(&prop, xfile::write_text(&x)).unwrap();
    let mut scene = Scene::bundled().unwrap();
    scene
        .open(&[prop.clone(), prop], OpenInto::Add { selected: Some(0) })
        .unwrap();
    let actors = scene.actors.clone();
    let hand = actors[0].model.rig.bone_name(5).to_owned();
    scene.accessories[0]
        .edit(AccessoryEdit::Parent(Some((0, hand))), &actors)
        .unwrap();
    scene
}

/// Allocations of `frames` frames of the window's per-frame work, a 60th of a second each.
fn allocations_playing(player: &mut Player, title: &mut String, frames: usize) -> usize {
    let before = allocations();
    let mut drawn = 0;
    for _ in 0..frames {
        player.advance(1.0 / 60.0);
        player.update_pose();
        ui::write_window_title(player, title);
        let view = frame_view(player.frame(), &player.view_options());
        drawn += draw_items(&player.scene, player.frame(), |i| player.shown_pose(i)).count();
        std::hint::black_box(&view);
    }
    assert!(drawn >= frames, "the model is drawn every frame");
    allocations() - before
}

#[test]
fn a_playing_frame_of_the_window_allocates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut player = Player::with_services(
        scene_with_props(dir.path()),
        desktop_services_in(ConfigFiles::none()),
    );
    if !player.playback().playing {
        player.apply(Action::TogglePlay);
    }
    assert!(player.playback().playing);
    let mut title = String::new();
    // The first frames build what is kept (the frame's lists, the title's memory).
    allocations_playing(&mut player, &mut title, 5);
    assert_eq!(allocations_playing(&mut player, &mut title, 120), 0);
    assert!(title.contains("mmd-player"), "{title}");
}
