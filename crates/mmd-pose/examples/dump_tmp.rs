#![allow(clippy::unwrap_used)]
use mmd_pose::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1]).unwrap();
    let (rig, mesh) = if args[1].ends_with(".pmd") {
        let pmd = mmd_format::pmd::read(&bytes).unwrap();
        (Rig::from_pmd(&pmd).0, SkinMesh::from_pmx(&mmd_format::convert::pmd_to_pmx(&pmd)))
    } else {
        let pmx = mmd_format::pmx::read(&bytes).unwrap();
        (Rig::from_pmx(&pmx).0, SkinMesh::from_pmx(&pmx))
    };
    let frames: Vec<f32> = args[2].split(',').map(|f| f.parse().unwrap()).collect();
    let vmds: Vec<_> = args[3..].iter().map(|p| mmd_format::vmd::read(&std::fs::read(p).unwrap()).unwrap()).collect();
    let motion = Motion::bind(&rig, &vmds.iter().collect::<Vec<_>>());
    let mut pose = Pose::new(&rig);
    let ov = IkOverrides::new(&rig);
    let _ = mesh;
    for f in frames {
        evaluate(&rig, &motion, f, &ov, &mut pose);
        for (i, m) in pose.globals.iter().enumerate() {
            let a = m.to_cols_array();
            println!("{{\"frame\":{f},\"bone\":{i},\"name\":{:?},\"m\":{:?}}}", rig.bone_name(i), a);
        }
    }
}
