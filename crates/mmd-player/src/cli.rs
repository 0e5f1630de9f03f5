//! The command line: `mmd-player [MODEL [MOTION...]]` opens the window; subcommands run
//! headless.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "mmd-player",
    version,
    about = "A player for MikuMikuDance models and motions",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub window: WindowArgs,
}

/// Arguments of the windowed player (no subcommand).
#[derive(Args, Debug, Default)]
pub struct WindowArgs {
    /// A PMX/PMD model followed by VMD motions (a VMD with camera keys becomes the camera
    /// motion) or a VPD pose. Without files the bundled default model and motion play.
    pub files: Vec<PathBuf>,
    /// Test hook: save the last rendered frame (UI included) as PNG, then exit.
    #[arg(long, value_name = "FILE", requires = "exit_after_frames")]
    pub screenshot: Option<PathBuf>,
    /// Test hook: render this many frames, then exit 0.
    #[arg(long, value_name = "N")]
    pub exit_after_frames: Option<u64>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print what a PMX, PMD, VMD or VPD file holds.
    Inspect(InspectArgs),
    /// Print model-space bone matrices (and optionally skinned vertices) as JSON lines.
    Pose(PoseArgs),
    /// Render frames to PNG files without a window.
    Render(RenderArgs),
    /// Measure pose evaluation speed over every frame of a motion.
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct InspectArgs {
    /// The file to inspect.
    pub file: PathBuf,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Per-IK-bone override on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IkSwitch {
    On,
    Off,
    Auto,
}

#[derive(Args, Debug)]
pub struct PoseArgs {
    /// Model (PMX or PMD) followed by VMD motions; without files, the bundled default.
    pub files: Vec<PathBuf>,
    /// Frames: comma separated numbers and inclusive ranges A..B.
    #[arg(long, value_name = "LIST")]
    pub frames: String,
    /// Override one IK bone: NAME=on|off|auto (repeatable).
    #[arg(long, value_name = "NAME=on|off|auto")]
    pub ik: Vec<String>,
    /// Override every IK bone.
    #[arg(long, value_enum, value_name = "on|off|auto")]
    pub ik_all: Option<IkSwitch>,
    /// Also print CPU-skinned vertex positions (vertex morphs applied).
    #[arg(long)]
    pub vertices: bool,
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Model (PMX or PMD) followed by VMD motions; without files, the bundled default.
    pub files: Vec<PathBuf>,
    /// Camera motion (VMD with camera keys).
    #[arg(long, value_name = "CAMERA.vmd")]
    pub camera: Option<PathBuf>,
    /// Frames: comma separated numbers and inclusive ranges A..B; default: every frame of the
    /// motion.
    #[arg(long, value_name = "LIST")]
    pub frames: Option<String>,
    /// Image size.
    #[arg(long, value_name = "WxH", default_value = "1280x720")]
    pub size: String,
    /// Output folder (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    pub model: PathBuf,
    pub motion: PathBuf,
    /// How many times every frame is evaluated; the median pass is reported.
    #[arg(long, default_value_t = 5)]
    pub passes: u32,
}
