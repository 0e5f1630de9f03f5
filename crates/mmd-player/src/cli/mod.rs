//! The command line: `mmd-player [MODEL [MOTION...]]` opens the window; subcommands run
//! headless, one file each, on the same scene engine as the window.

pub mod accessory_settings;
pub mod bake_motion;
pub mod bench;
mod frame_list;
pub mod inspect;
pub mod pose;
mod posing;
pub mod project;
pub mod render;
pub mod solve_pose;

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use mmd_physics::SubstepRate;
use mmd_player::i18n::Language;
use mmd_scene::engine::PhysicsMode;
use mmd_scene::stage::layers::LayerSpec;

use accessory_settings::{ACCESSORY_HELP, ACCESSORY_VALUE};

const MUSIC_OFFSET_HELP: &str = "The timeline frame where the music begins (negative: the \
     music starts that many frames before the motion)";

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
    /// PMX/PMD models, each followed by its VMD motions or VPD pose (a VMD with camera keys
    /// becomes the camera motion), accessories (.x, or .vac with its .x), and music (WAV,
    /// MP3, Ogg Vorbis or FLAC): `A.pmx a.vmd B.pmx b.vmd stage.x cam.vmd song.wav`. Without
    /// files the bundled default model and motion play.
    pub files: Vec<PathBuf>,
    #[arg(long, value_name = LAYER_VALUE, help = LAYER_HELP)]
    pub layer: Vec<String>,
    #[arg(long, value_name = "MODEL=X,Y,Z", allow_hyphen_values = true, help = PLACE_HELP)]
    pub place: Vec<String>,
    #[arg(long, value_name = ACCESSORY_VALUE, allow_hyphen_values = true, help = ACCESSORY_HELP)]
    pub accessory: Vec<String>,
    #[arg(long, value_name = "FRAME", allow_hyphen_values = true, default_value_t = 0.0, help = MUSIC_OFFSET_HELP)]
    pub music_offset: f32,
    /// The window's size at start, in pixels (at least 480x360); default: the size it was
    /// left at, else 1280x720.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// Rigid-body physics at start: baked (the default, as MMD plays a motion; live physics
    /// is shown until the bake is ready), live or off. Default: the mode the window was left
    /// in, else baked. Given here, it is for this run and is not kept.
    #[arg(long, value_name = "off|live|baked", value_parser = physics_mode)]
    pub physics: Option<PhysicsMode>,
    /// Open paused at this frame (otherwise playing from the first).
    #[arg(long, value_name = "FRAME")]
    pub frame: Option<f32>,
    /// Test hook: save the last rendered frame (UI included) as PNG, then exit.
    #[arg(long, value_name = "FILE", requires = "exit_after_frames")]
    pub screenshot: Option<PathBuf>,
    /// Test hook: render this many frames, then exit 0.
    #[arg(long, value_name = "N")]
    pub exit_after_frames: Option<u64>,
    /// Start in Pose mode (paused on the first frame), as Edit → Pose mode does.
    #[arg(long)]
    pub pose_mode: bool,
    /// The interface's language (default: the one the window was left in, else the system's,
    /// English unless it is Japanese). Given here, it is for this run and is not kept.
    #[arg(long, value_name = "en|ja")]
    pub lang: Option<Language>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print what a PMX, PMD, VMD, VPD, .x or .vac file holds.
    Inspect(InspectArgs),
    /// Print model-space bone matrices (and optionally skinned vertices) as JSON lines.
    Pose(PoseArgs),
    /// Render frames to PNG files without a window.
    Render(RenderArgs),
    /// Measure pose evaluation speed over every frame of a motion.
    Bench(BenchArgs),
    /// Write the blend of motion layers as one ordinary VMD (a key per frame).
    BakeMotion(BakeMotionArgs),
    /// Pose the whole body toward model-space targets (feet pinned) and write a VPD.
    SolvePose(SolvePoseArgs),
    /// Write the project the files and options make, for `render`, `pose` and the window.
    SaveProject(SaveProjectArgs),
}

const LAYER_VALUE: &str = "FILE[:WEIGHT[:OFFSET]]";

/// The `--layer` values, parsed (checked after clap, so a bad one fails with one line and
/// status 1 like every other error).
pub fn layer_specs(values: &[String]) -> Result<Vec<LayerSpec>> {
    values
        .iter()
        .map(|v| v.parse().map_err(|e| anyhow!("--layer {e}")))
        .collect()
}
/// `--place K=X,Y,Z`: the K-th model (from 1, in command-line order) moved to X,Y,Z.
pub fn placements(values: &[String]) -> Result<Vec<(usize, glam::Vec3)>> {
    values
        .iter()
        .map(|v| {
            let parsed = v.split_once('=').and_then(|(k, xyz)| {
                let k = k.trim().parse::<usize>().ok().filter(|&k| k > 0)?;
                let numbers: Vec<f32> = xyz
                    .split(',')
                    .map(|n| n.trim().parse::<f32>().ok().filter(|n| n.is_finite()))
                    .collect::<Option<_>>()?;
                let [x, y, z] = numbers.as_slice() else {
                    return None;
                };
                Some((k - 1, glam::Vec3::new(*x, *y, *z)))
            });
            parsed.ok_or_else(|| anyhow!("--place {v:?}: expected MODEL=X,Y,Z, e.g. 2=-8,0,0"))
        })
        .collect()
}

/// Moves the scene's models as `--place` says; a model number beyond the scene's is an
/// error.
pub fn place_models(scene: &mut mmd_scene::stage::scene::Scene, values: &[String]) -> Result<()> {
    for (index, position) in placements(values)? {
        let count = scene.actors.len();
        let actor = scene
            .actors
            .get_mut(index)
            .ok_or_else(|| anyhow!("--place {}: the scene has {count} model(s)", index + 1))?;
        actor.position = position;
    }
    Ok(())
}

const PLACE_HELP: &str = "Move a model on the stage (repeatable): MODEL is its place among \
    the models on the command line, from 1; X,Y,Z in model units (a model is about 20 tall)";

const LAYER_HELP: &str = "Add a motion layer (repeatable): a VMD or VPD blended with the \
    motions by WEIGHT (0..=2, default 1), its frame 0 played at timeline frame OFFSET";

impl PhysicsHz {
    pub fn rate(self) -> SubstepRate {
        match self {
            PhysicsHz::Hz60 => SubstepRate::Hz60,
            PhysicsHz::Hz120 => SubstepRate::Hz120,
            PhysicsHz::Hz240 => SubstepRate::Hz240,
        }
    }
}

/// `--physics off|live|baked`.
fn physics_mode(text: &str) -> Result<PhysicsMode, String> {
    text.parse()
}

#[derive(Args, Debug)]
pub struct InspectArgs {
    /// The file to inspect.
    pub file: PathBuf,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Substeps per second of motion time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PhysicsHz {
    #[value(name = "60")]
    Hz60,
    #[value(name = "120")]
    Hz120,
    #[value(name = "240")]
    Hz240,
}

/// Rigid-body physics options shared by `pose`, `render` and `save-project`.
#[derive(Args, Debug, Clone, Copy)]
pub struct PhysicsArgs {
    /// Simulate the models' rigid bodies (alone: baked): live steps the bodies as the frames
    /// are visited in order (every whole frame in between is simulated; a frame before the
    /// previous one starts again from it); baked simulates every frame from 0 to the end
    /// once, then looks the frames up; off leaves them on their bones [default: the
    /// project's, else off, for speed].
    #[arg(long, num_args = 0..=1, default_missing_value = "baked", value_name = "off|live|baked", value_parser = physics_mode)]
    pub physics: Option<PhysicsMode>,
    /// Physics substeps per second [default: the project's, else 60].
    #[arg(long, value_enum, value_name = "60|120|240")]
    pub physics_hz: Option<PhysicsHz>,
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
    /// Models (PMX or PMD), each followed by its VMD motions or VPD poses, a camera VMD,
    /// music; or one project file (its IK switches and physics are the defaults of the
    /// options); without files, the bundled default.
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
    #[arg(long, value_name = LAYER_VALUE, help = LAYER_HELP)]
    pub layer: Vec<String>,
    /// IK solver: ccd (MMD's, the default) or jacobian for every chain, or NAME=ccd|jacobian
    /// for one IK bone's chain (repeatable; named chains win).
    #[arg(long, value_name = "[NAME=]ccd|jacobian")]
    pub ik_method: Vec<String>,
    /// Also print CPU-skinned vertex positions (vertex morphs applied).
    #[arg(long)]
    pub vertices: bool,
    #[command(flatten)]
    pub physics: PhysicsArgs,
}

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("output").required(true).multiple(true).args(["out", "video"])))]
pub struct RenderArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Frames: comma separated numbers and inclusive ranges A..B; default: the project's
    /// export range, else every frame of the motion.
    #[arg(long, value_name = "LIST")]
    pub frames: Option<String>,
    /// Output folder for PNG frames (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also (or instead) encode the frames into a video: .mp4 (H.264) or .webm (VP9), by
    /// ffmpeg found on the PATH, with the music given among the files.
    #[arg(long, value_name = "FILE")]
    pub video: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SaveProjectArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// The project file to write (relative paths inside it start from its folder).
    #[arg(long, value_name = "SCENE")]
    pub out: PathBuf,
}

/// What makes a scene and how it is rendered, shared by `render` and `save-project`. Each
/// option left out takes the project's setting when the files are one project, else the
/// default shown.
#[derive(Args, Debug)]
pub struct SceneArgs {
    /// Models (PMX or PMD), each followed by its VMD motions or VPD poses, accessories (.x
    /// or .vac), a camera VMD, music; or one project file; without files, the bundled
    /// default.
    pub files: Vec<PathBuf>,
    /// Camera motion (VMD with camera keys).
    #[arg(long, value_name = "CAMERA.vmd")]
    pub camera: Option<PathBuf>,
    /// Image size [default: 1280x720].
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    #[arg(long, value_name = "FRAME", allow_hyphen_values = true, help = MUSIC_OFFSET_HELP)]
    pub music_offset: Option<f32>,
    #[arg(long, value_name = "MODEL=X,Y,Z", allow_hyphen_values = true, help = PLACE_HELP)]
    pub place: Vec<String>,
    #[arg(long, value_name = ACCESSORY_VALUE, allow_hyphen_values = true, help = ACCESSORY_HELP)]
    pub accessory: Vec<String>,
    /// Frames per second of the output: 60 also renders the half frames between MMD's 30 fps
    /// frames (without --frames) and plays the video at 60 [default: 30].
    #[arg(long, value_enum, value_name = "30|60")]
    pub fps: Option<Fps>,
    #[arg(long, value_name = LAYER_VALUE, help = LAYER_HELP)]
    pub layer: Vec<String>,
    /// MMD's self-shadow (on as in MMD; mode and distance from self-shadow keys when a VMD
    /// has them) [default: on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub self_shadow: Option<OnOff>,
    /// MMD's ground shadow, the models' shadow cast along the light onto the floor (on as in
    /// MMD's View menu; materials without the ground-shadow flag never cast it) [default:
    /// on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub ground_shadow: Option<OnOff>,
    #[command(flatten)]
    pub physics: PhysicsArgs,
}

/// Output frame rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Fps {
    #[value(name = "30")]
    Thirty,
    #[value(name = "60")]
    Sixty,
}

impl Fps {
    pub fn per_second(self) -> u32 {
        match self {
            Fps::Thirty => 30,
            Fps::Sixty => 60,
        }
    }
}

/// A switch on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Models (PMX or PMD), each followed by its VMD motions; at least one of each.
    #[arg(required = true, num_args = 2..)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_name = LAYER_VALUE, help = LAYER_HELP)]
    pub layer: Vec<String>,
    /// How many times every frame is evaluated; the median pass is reported.
    #[arg(long, default_value_t = 5)]
    pub passes: u32,
    /// Also time the rigid-body physics of every frame (adds `physics_ms_per_frame`).
    #[arg(long)]
    pub physics: bool,
    /// Physics substeps per second.
    #[arg(long, value_enum, default_value = "60", value_name = "60|120|240")]
    pub physics_hz: PhysicsHz,
}

#[derive(Args, Debug)]
pub struct BakeMotionArgs {
    /// The model the layers are bound to (PMX or PMD).
    pub model: PathBuf,
    #[arg(long, value_name = LAYER_VALUE, help = LAYER_HELP, required = true)]
    pub layer: Vec<String>,
    /// Frames to bake, an inclusive range of whole frames A..B; default: 0 to the layers'
    /// last key.
    #[arg(long, value_name = "A..B")]
    pub frames: Option<String>,
    /// The VMD to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct SolvePoseArgs {
    /// Model (PMX or PMD) followed by VMD motions (or a VPD pose) giving the starting pose;
    /// without files, the bundled default.
    pub files: Vec<PathBuf>,
    /// The frame of the motions the solve starts from (and keeps near).
    #[arg(long, value_name = "F", default_value_t = 0.0)]
    pub frame: f32,
    /// Drag bone BONE to the model-space point X,Y,Z (repeatable).
    #[arg(long, value_name = "BONE=X,Y,Z")]
    pub target: Vec<String>,
    /// Hold bone BONE where the motion has it, in position and orientation (repeatable).
    #[arg(long, value_name = "BONE")]
    pub pin: Vec<String>,
    /// Do not pin the feet (pinned by default).
    #[arg(long)]
    pub free_feet: bool,
    /// Replace a bone's joint range, degrees: BONE=MIN:MAX for a hinge (ひじ, ひざ), else
    /// BONE=X0:X1,Y0:Y1,Z0:Z1 (repeatable).
    #[arg(long, value_name = "BONE=RANGE")]
    pub range: Vec<String>,
    /// The VPD to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Also write the pose as VMD keys at frame F (a whole frame).
    #[arg(long, value_name = "FILE")]
    pub key_vmd: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_name_a_model_from_one_and_three_finite_numbers() {
        let parse = |v: &str| placements(&[v.to_owned()]).ok();
        assert_eq!(
            parse("2=-8,0,1.5"),
            Some(vec![(1, glam::Vec3::new(-8.0, 0.0, 1.5))])
        );
        assert_eq!(parse(" 1 = 0, 0 , 0"), Some(vec![(0, glam::Vec3::ZERO)]));
        for bad in [
            "0=1,2,3",
            "1=1,2",
            "1=1,2,3,4",
            "1=inf,0,0",
            "x=1,2,3",
            "1,2,3",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
