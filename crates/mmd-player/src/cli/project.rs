//! Projects on the command line: `mmd-player save-project FILES... [render options] --out
//! SCENE` writes the project the same files and options make for `render`, and `render`,
//! `pose` and the window open a project (ours, or MikuMikuDance's `.pmm`) given alone in
//! place of the files, with its settings as the defaults of their options.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use mmd_physics::SubstepRate;
use mmd_scene::engine::PhysicsMode;
use mmd_scene::project::document::PhysicsEntry;
use mmd_scene::project::{self, HostSettings, Leftovers};
use mmd_scene::stage::layers::LayerSpec;
use mmd_scene::stage::scene::Scene;

use super::render::{parse_size, read_camera};
use super::{Fps, OnOff, PhysicsArgs, SaveProjectArgs, SceneArgs, layer_specs, place_models};
use crate::cli::accessory_settings::set_accessories;

/// Whether `files` is one project file (ours or a `.pmm`).
pub fn project_alone(files: &[PathBuf]) -> Option<&Path> {
    let [file] = files else { return None };
    let bytes = std::fs::read(file).ok()?;
    project::is_any_project(&bytes).then_some(file.as_path())
}

/// The scene of the command line's files, as `render` and `pose` open them: a project given
/// alone is opened (what does not open is printed as a warning; `layers` are added to its last
/// model) and its settings returned; otherwise the files and layers make the scene.
pub fn open_scene(
    files: &[PathBuf],
    layers: &[LayerSpec],
) -> Result<(Scene, Option<HostSettings>)> {
    let Some(path) = project_alone(files) else {
        if files.len() > 1
            && let Some(p) = files
                .iter()
                .find(|f| project_alone(std::slice::from_ref(f)).is_some())
        {
            bail!(
                "{}: a project opens alone, without other files",
                p.display()
            );
        }
        return Ok((Scene::from_files_with_layers(files, layers)?, None));
    };
    let opened = project::open::open_any(path)?;
    for notice in &opened.notices {
        eprintln!("warning: {}: {notice}", path.display());
    }
    for problem in &opened.problems {
        eprintln!("warning: {problem}");
    }
    let mut scene = opened.scene;
    if let Some(last) = scene.actors.len().checked_sub(1) {
        scene.add_layers(last, layers)?;
    }
    Ok((scene, Some(opened.settings)))
}

/// Physics as `args` ask, else as the project has it, else off (the command line's default,
/// for speed).
pub fn physics_of(args: &PhysicsArgs, project: Option<&HostSettings>) -> PhysicsEntry {
    let (mode, rate) = project.map_or((PhysicsMode::Off, SubstepRate::Hz60), |p| {
        p.physics.engine_settings()
    });
    PhysicsEntry::of(
        args.physics.unwrap_or(mode),
        args.physics_hz.map_or(rate, |hz| hz.rate()),
    )
}

/// How a scene is rendered: each option as given, else the project's, else its default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderSettings {
    pub width: u32,
    pub height: u32,
    pub fps: Fps,
    pub self_shadow: bool,
    pub ground_shadow: bool,
    pub music_offset: f32,
    pub physics: PhysicsEntry,
}

impl RenderSettings {
    pub fn of(args: &SceneArgs, project: Option<&HostSettings>) -> Result<RenderSettings> {
        let defaults = HostSettings::default();
        let base = project.unwrap_or(&defaults);
        let (width, height) = match &args.size {
            Some(size) => parse_size(size)?,
            None => (base.export.width.max(1), base.export.height.max(1)),
        };
        let fps = args.fps.unwrap_or(if base.export.fps == 60 {
            Fps::Sixty
        } else {
            Fps::Thirty
        });
        let on = |flag: Option<OnOff>, setting: bool| flag.map_or(setting, |f| f == OnOff::On);
        Ok(RenderSettings {
            width,
            height,
            fps,
            self_shadow: on(args.self_shadow, base.view.self_shadow),
            ground_shadow: on(args.ground_shadow, base.view.ground_shadow),
            music_offset: args.music_offset.unwrap_or(base.music.offset),
            physics: physics_of(&args.physics, project),
        })
    }

    /// The project's settings with these.
    fn into_host(self, mut host: HostSettings) -> HostSettings {
        host.physics = self.physics;
        host.export.width = self.width;
        host.export.height = self.height;
        host.export.fps = self.fps.per_second();
        host.view.self_shadow = self.self_shadow;
        host.view.ground_shadow = self.ground_shadow;
        host.music.offset = self.music_offset;
        host
    }
}

/// The scene `args` make (a project, or files), placed and with its accessories and camera
/// as the options say, with the project's settings if it is one.
pub fn scene_of(args: &SceneArgs) -> Result<(Scene, Option<HostSettings>)> {
    let (mut scene, project) = open_scene(&args.files, &layer_specs(&args.layer)?)?;
    place_models(&mut scene, &args.place)?;
    set_accessories(&mut scene, &args.accessory)?;
    if let Some(path) = &args.camera {
        read_camera(path, &mut scene)?;
    }
    Ok((scene, project))
}

pub fn run_save(args: &SaveProjectArgs) -> Result<()> {
    let (scene, project) = scene_of(&args.scene)?;
    let settings = RenderSettings::of(&args.scene, project.as_ref())?;
    let host = settings.into_host(project.unwrap_or_default());
    let document = project::save::save(&scene, &host, &Leftovers::default(), &args.out)?;
    eprintln!(
        "wrote {} ({} model(s), {} accessory(ies))",
        args.out.display(),
        document.models.len(),
        document.accessories.len()
    );
    Ok(())
}
