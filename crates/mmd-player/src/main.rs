//! `mmd-player`: the desktop player (no subcommand) and the headless subcommands.

mod cli;
mod window;

use clap::Parser;

/// wgpu allocates and frees many small blocks for every frame it records; glibc's allocator
/// spends a sixth of the frame's recording time consolidating them (perf), mimalloc a
/// fraction of that (see docs/speed.md, "Accessories in a frame").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

// The window's own strings (dialog titles, notices) come from the same locale files as the
// library's; `t!` looks them up in the crate it is written in.
rust_i18n::i18n!("locales", fallback = "en");

fn main() -> std::process::ExitCode {
    // Symphonia's probe logs an error of its own for every file it does not recognise; the
    // player says so once, in words (`mmd_scene::project::read_error`).
    let filter = "warn,symphonia_core::probe=off";
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(filter)).init();
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        Some(cli::Command::Inspect(args)) => cli::inspect::run(args),
        Some(cli::Command::Pose(args)) => cli::pose::run(args),
        Some(cli::Command::Render(args)) => cli::render::run(args),
        Some(cli::Command::Bench(args)) => cli::bench::run(args),
        Some(cli::Command::BakeMotion(args)) => cli::bake_motion::run(args),
        Some(cli::Command::SolvePose(args)) => cli::solve_pose::run(args),
        Some(cli::Command::SaveProject(args)) => cli::project::run_save(args),
        None => window::run(&cli.window),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mmd-player: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
