//! The committed `assets/` files must be exactly what the generator produces, so the
//! shipped model can always be rebuilt from code (`cargo run -p mmd-assets --bin
//! gen-default-assets`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

#[test]
fn committed_assets_equal_generator_output() {
    let assets = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets"));
    for file in mmd_assets::generate().unwrap() {
        let committed = std::fs::read(assets.join(file.path)).unwrap_or_else(|e| {
            panic!("assets/{} missing ({e}); run gen-default-assets", file.path)
        });
        assert!(
            committed == file.bytes,
            "assets/{} differs from the generator's output; run gen-default-assets",
            file.path
        );
    }
}

#[test]
fn generated_model_and_motion_read_back() {
    let files = mmd_assets::generate().unwrap();
    let model = mmd_format::pmx::read(&files[0].bytes).unwrap();
    assert_eq!(model.name, mmd_assets::figure::MODEL_NAME);
    assert!(model.vertices.len() > 5000);
    let motion = mmd_format::vmd::read(&files[1].bytes).unwrap();
    assert_eq!(motion.last_frame(), mmd_assets::dance::LOOP_FRAMES);
    for file in &files[2..] {
        let image = image::load_from_memory(&file.bytes).unwrap();
        assert!(image.width() >= 32 && image.height() >= 32, "{}", file.path);
    }
}

#[test]
fn generation_is_deterministic() {
    assert_eq!(
        mmd_assets::generate().unwrap(),
        mmd_assets::generate().unwrap()
    );
}
