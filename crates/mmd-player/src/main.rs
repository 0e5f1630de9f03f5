//! `mmd-player`: the desktop player (no subcommand) and the headless subcommands.

mod cli;
mod window;

use clap::Parser;

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        Some(cli::Command::Inspect(args)) => cli::inspect::run(args),
        Some(cli::Command::Pose(args)) => cli::pose::run(args),
        Some(cli::Command::Render(args)) => cli::render::run(args),
        Some(cli::Command::Bench(args)) => cli::bench::run(args),
        Some(cli::Command::BakeMotion(args)) => cli::bake_motion::run(args),
        Some(cli::Command::SolvePose(args)) => cli::solve_pose::run(args),
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
