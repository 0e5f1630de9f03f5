//! The window drops the uploads of what left the stage every frame (`Uploads::retain`): the
//! uploads that stay must keep their own ids, so that each item still draws its own mesh.

use mmd_format::xfile;
use mmd_player::draw_list::{DrawItem, Uploads, scene_meshes};
use mmd_render::{OFFSCREEN_FORMAT, Renderer};
use mmd_scene::stage::scene::Scene;

mod common;
#[path = "x_meshes/mod.rs"]
mod x_meshes;

#[test]
fn uploads_left_after_a_drop_still_draw_their_own_meshes() {
    let Some(ctx) = common::gpu() else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let grey = x_meshes::material([0.5; 3], [0.0; 3]);
    let flat = |a: f32, b: f32| ([a, b, 0.0], [0.0, 0.0, -1.0]);
    // A box (8 vertices), a square (4), a box: told apart by their vertex counts.
    let meshes = [
        x_meshes::cube(1.0, grey.clone()),
        x_meshes::square(grey.clone(), flat),
        x_meshes::cube(2.0, grey),
    ];
    let files: Vec<_> = meshes
        .iter()
        .enumerate()
        .map(|(i, mesh)| {
            let path = dir.path().join(format!("mesh{i}.x"));
            std::fs::write(&path, xfile::write_text(mesh)).expect("write the mesh");
            path
        })
        .collect();
    let scene = Scene::from_files(&files).expect("open the meshes");
    let renderer = Renderer::new(&ctx.device, &ctx.queue, OFFSCREEN_FORMAT);
    let mut uploads = Uploads::default();
    let mut ids = Vec::new();
    for mesh in scene_meshes(&scene) {
        let (model, _) = mesh
            .upload(&ctx.device, &ctx.queue, &renderer)
            .expect("upload");
        uploads.insert(mesh.id, model);
        ids.push(mesh.id);
    }
    let item = |id| DrawItem {
        id,
        placement: glam::Mat4::IDENTITY,
        pose: None,
        look: Default::default(),
    };
    let vertex_counts = |uploads: &mut Uploads| -> Vec<u32> {
        let drawn = uploads.prepare(&ctx.queue, ids.iter().map(|&id| item(id)));
        drawn.iter().map(|m| m.vertex_count()).collect()
    };
    // The scene opens its bundled model before the meshes.
    let all = vertex_counts(&mut uploads);
    let model = all[0];
    assert_eq!(all, [model, 8, 4, 8]);

    let first_box = ids[1];
    uploads.retain(|id| id != first_box);
    assert!(!uploads.contains(first_box));
    assert_eq!(vertex_counts(&mut uploads), [model, 4, 8]);

    let (bundled, last_box) = (ids[0], ids[3]);
    uploads.retain(|id| id != bundled && id != last_box);
    assert_eq!(vertex_counts(&mut uploads), [4]);
}
