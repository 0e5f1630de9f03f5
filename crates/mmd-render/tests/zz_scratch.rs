#![allow(clippy::unwrap_used)]
mod common;
use mmd_pose::{Pose, Rig};
use mmd_render::*;

fn shoot(model: &str, motion: &str, frame: f32, out: &str, camera: Option<Camera>) {
    let Some((ctx, renderer)) = common::gpu() else {
        return;
    };
    let path = common::fixture(model).unwrap();
    let pmx = common::read_pmx(&path);
    let (rig, _) = Rig::from_pmx(&pmx);
    let mut pose = Pose::new(&rig);
    if !motion.is_empty() {
        let vmd = mmd_format::vmd::read(&std::fs::read(common::fixture(motion).unwrap()).unwrap())
            .unwrap();
        let m = mmd_pose::Motion::bind(&rig, &[&vmd]);
        mmd_pose::evaluate(
            &rig,
            &m,
            frame,
            &mmd_pose::IkOverrides::new(&rig),
            &mut pose,
        );
    }
    let t = std::time::Instant::now();
    let (mut model, warnings) = ModelGpu::new(
        &ctx.device,
        &ctx.queue,
        &renderer,
        &pmx,
        &DirTextureSource::new(path.parent().unwrap()),
    );
    eprintln!("load {:?} {warnings:?}", t.elapsed());
    model.update(&ctx.queue, &pose.skinning, &pose.morph_weights);
    let mut v = Vec::new();
    mmd_pose::SkinMesh::from_pmx(&pmx).skin(&pose, &mut v);
    let b = Aabb::from_points(v.iter().copied()).unwrap();
    let cam = camera.unwrap_or(Camera::framing(b, 1.0));
    let off = Offscreen::new(&ctx.device, &renderer, 640, 640).unwrap();
    let img = off
        .render(
            &ctx.device,
            &ctx.queue,
            &renderer,
            &[&model],
            &View {
                camera: cam,
                ..Default::default()
            },
        )
        .unwrap();
    std::fs::create_dir_all("/tmp/scratch").unwrap();
    img.save(format!("/tmp/scratch/{out}.png")).unwrap();
}

#[test]
fn gene() {
    shoot(
        "gene/Gene_light.pmx",
        "gene/motion/02_laugh.vmd",
        30.0,
        "gene",
        None,
    );
}
#[test]
fn gene_face() {
    let cam = Camera {
        target: glam::Vec3::new(0.0, 17.3, 0.0),
        rotation: glam::Vec3::ZERO,
        distance: -7.0,
        fov_y_deg: 30.0,
        perspective: true,
    };
    shoot(
        "gene/Gene_light.pmx",
        "gene/motion/02_laugh.vmd",
        30.0,
        "gene_face",
        Some(cam),
    );
}
#[test]
fn luka() {
    shoot(
        "blender_mmd_tools/pmx/巡音ルカ.pmx",
        "mmd-viewer-js/vmd/wavefile_v2.vmd",
        300.0,
        "luka",
        None,
    );
}
#[test]
fn uka() {
    shoot("uka/MS_Uka.pmx", "", 0.0, "uka", None);
}

#[test]
fn luka_face() {
    let cam = Camera {
        target: glam::Vec3::new(0.0, 17.5, 0.0),
        rotation: glam::Vec3::new(0.0, 0.4, 0.0),
        distance: -8.0,
        fov_y_deg: 30.0,
        perspective: true,
    };
    shoot(
        "blender_mmd_tools/pmx/巡音ルカ.pmx",
        "",
        0.0,
        "luka_face",
        Some(cam),
    );
}
