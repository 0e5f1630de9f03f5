//! Writes the default model, motion and textures into the repository's `assets/` folder
//! (or the folder given as the only argument).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let out = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets")),
        PathBuf::from,
    );
    let files = match mmd_assets::generate() {
        Ok(files) => files,
        Err(e) => {
            eprintln!("gen-default-assets: {e}");
            return ExitCode::FAILURE;
        }
    };
    for file in files {
        let path = out.join(file.path);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &file.bytes));
        if let Err(e) = written {
            eprintln!("gen-default-assets: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("{} ({} bytes)", path.display(), file.bytes.len());
    }
    ExitCode::SUCCESS
}
