//! `mmd-player`: the desktop player (no subcommand) and the headless subcommands.

mod app;
mod bake_motion;
mod bench;
mod cli;
mod frame_list;
mod frame_poser;
mod inspect;
mod pose_dump;
mod render_frames;
mod solve_pose;

use clap::Parser;

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        Some(cli::Command::Inspect(args)) => inspect::run(args),
        Some(cli::Command::Pose(args)) => pose_dump::run(args),
        Some(cli::Command::Render(args)) => render_frames::run(args),
        Some(cli::Command::Bench(args)) => bench::run(args),
        Some(cli::Command::BakeMotion(args)) => bake_motion::run(args),
        Some(cli::Command::SolvePose(args)) => solve_pose::run(args),
        None => app::run(&cli.window),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mmd-player: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
