//! Compiles the vendored Bullet (single precision, as MMD's Bullet 2.75 was) and our C shim.
//!
//! Compiled: every `.cpp` under `vendor/bullet3/src/{LinearMath, BulletCollision,
//! BulletDynamics}` except the directories and files in `SKIPPED_DIRS` / `SKIPPED_FILES`.
//! Those are the parts a rigid-body world with primitive shapes and 6DOF spring joints never
//! links (Featherstone multibodies, MLCP solvers, vehicles, characters, GImpact meshes, the
//! multithreaded world and its task schedulers, the serializer); skipping them shortens a cold
//! build, and the linker would drop them anyway.
//!
//! Bullet is optimised (`-O3`) in every profile, because a debug Bullet makes the tests
//! minutes slower, and built without debug info, which costs build time and nothing we use.

use std::path::{Path, PathBuf};

const SKIPPED_DIRS: [&str; 7] = [
    "TaskScheduler",
    "Gimpact",
    "Featherstone",
    "MLCPSolvers",
    "Vehicle",
    "Character",
    "DeformableBody",
];

const SKIPPED_FILES: [&str; 14] = [
    "btDiscreteDynamicsWorldMt.cpp",
    "btSimulationIslandManagerMt.cpp",
    "btSequentialImpulseConstraintSolverMt.cpp",
    "btBatchedConstraints.cpp",
    "btCollisionDispatcherMt.cpp",
    "btCollisionWorldImporter.cpp",
    "btSimpleDynamicsWorld.cpp",
    "btNNCGConstraintSolver.cpp",
    "btSerializer.cpp",
    "btSerializer64.cpp",
    "btGhostObject.cpp",
    "btConvexHull.cpp",
    "btPolarDecomposition.cpp",
    "btReducedVector.cpp",
];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let bullet = manifest.join("vendor/bullet3/src");
    println!("cargo:rerun-if-changed=csrc");
    println!("cargo:rerun-if-changed=vendor/bullet3/src");

    let mut files = Vec::new();
    for dir in ["LinearMath", "BulletCollision", "BulletDynamics"] {
        collect_cpp(&bullet.join(dir), &mut files);
    }
    // Sorted so that the archive, and therefore the binary, does not depend on directory order.
    files.sort();

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include(&bullet)
        .define("BT_NO_PROFILE", "1")
        .opt_level(3)
        .debug(false)
        .warnings(false)
        .extra_warnings(false)
        // The same floating-point results from every build of the same source.
        .flag_if_supported("-ffp-contract=off")
        // sqrt compiles to one instruction instead of a libm call that sets errno.
        .flag_if_supported("-fno-math-errno")
        .files(&files)
        .file(manifest.join("csrc/shim.cpp"))
        .compile("mmd_physics_bullet");
}

fn collect_cpp(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => panic!("vendored Bullet sources missing at {}: {e}", dir.display()),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !SKIPPED_DIRS.contains(&name.as_ref()) {
                collect_cpp(&path, out);
            }
        } else if name.ends_with(".cpp") && !SKIPPED_FILES.contains(&name.as_ref()) {
            out.push(path);
        }
    }
}
