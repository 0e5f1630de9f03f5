//! Running a technique's script as MME does (its reference, section 3): the technique's
//! commands in order, each `Pass=` running that pass's own script (`Draw=Geometry` when it
//! has none), `LoopByCount`…`LoopEnd` repeating what they enclose with `LoopGetIndex`
//! giving the count so far. What a command does to the GPU is the host's; this checks
//! where each command stands when the effect loads, and walks them each frame telling the
//! host each step.

use mmd_effect::{ClearTarget, DrawKind, ScriptCommand, Technique};
use thiserror::Error;

/// The most times a loop runs: a count read from a parameter (a float set by a slider, a
/// value a user typed) must not stall the frame.
pub const MAX_LOOP_COUNT: u32 = 1024;

/// One thing the script asks of the host, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// Bind a colour target to a slot (`None`: the default target).
    ColorTarget {
        /// The slot, 0 to 3.
        index: u8,
        /// The render target texture.
        texture: Option<&'a str>,
    },
    /// Bind the depth-stencil target (`None`: the default one).
    DepthTarget(Option<&'a str>),
    /// The parameter whose value later colour clears use.
    ClearColorFrom(&'a str),
    /// The parameter whose value later depth clears use.
    ClearDepthFrom(&'a str),
    /// Clear the bound colour targets or depth target.
    Clear(ClearTarget),
    /// Draw the rest of the scene into the bound targets (`ScriptExternal=Color`).
    External,
    /// A pass begins: later draws use its shaders and states.
    BeginPass(&'a str),
    /// Draw the object's geometry or the screen rectangle with the current pass.
    Draw(DrawKind),
    /// A loop's counter parameter gets its value.
    LoopIndex {
        /// The parameter.
        parameter: &'a str,
        /// The iteration, from 0.
        index: u32,
    },
}

/// A script that cannot run as written.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ScriptError {
    /// `Pass=` names no pass of the technique.
    #[error("technique {technique}: Pass={pass} names no pass")]
    NoSuchPass {
        /// The technique.
        technique: String,
        /// The name.
        pass: String,
    },
    /// A command where MME does not take it (`Pass=` in a pass, `Draw=` in a technique …).
    #[error("{place}: {command} is not allowed here")]
    Misplaced {
        /// The technique or pass.
        place: String,
        /// The command as parsed.
        command: String,
    },
    /// A loop without its end, an end without its loop, or a counter outside a loop.
    #[error("{place}: {detail}")]
    Loop {
        /// The technique.
        place: String,
        /// What is wrong.
        detail: String,
    },
    /// A command MME does not have.
    #[error("{place}: unknown script command {command}={value}")]
    Unknown {
        /// The technique or pass.
        place: String,
        /// The command.
        command: String,
        /// Its value.
        value: String,
    },
}

/// What the host gives the script and does for it.
pub trait ScriptHost {
    /// How many times `LoopByCount=parameter` runs: the parameter's value, truncated (a
    /// bool counts as 1 or 0).
    fn loop_count(&self, parameter: &str) -> u32;
    /// Does one step.
    fn step(&mut self, step: Step<'_>);
}

/// The deepest loops may nest.
pub const MAX_LOOP_DEPTH: usize = 8;

/// A technique's script, read and checked once when the effect loads, so running it each
/// frame only walks it. The default is an empty script.
#[derive(Clone, Debug, Default)]
pub struct TechniqueScript {
    name: String,
    commands: Vec<ScriptCommand>,
    /// Each pass's name and script (`Draw=Geometry` where it has none).
    passes: Vec<(String, Vec<ScriptCommand>)>,
}

impl TechniqueScript {
    /// The script of `technique`: its `Script`, or without one each pass in order.
    pub fn new(technique: &Technique) -> Result<TechniqueScript, ScriptError> {
        let name = technique.name.clone().unwrap_or_else(|| "(unnamed)".into());
        let passes: Vec<(String, Vec<ScriptCommand>)> = technique
            .passes
            .iter()
            .map(|p| {
                let script = p
                    .script()
                    .unwrap_or_else(|| vec![ScriptCommand::Draw(DrawKind::Geometry)]);
                (p.name.clone().unwrap_or_default(), script)
            })
            .collect();
        let commands = technique.script().unwrap_or_else(|| {
            passes
                .iter()
                .map(|(n, _)| ScriptCommand::Pass(n.clone()))
                .collect()
        });
        let script = TechniqueScript {
            name,
            commands,
            passes,
        };
        script.check()?;
        Ok(script)
    }

    /// The technique's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many times the script draws the rest of the scene (`ScriptExternal=Color`),
    /// loops left out: a post effect must do it exactly once.
    pub fn external_count(&self) -> usize {
        self.commands
            .iter()
            .filter(|c| matches!(c, ScriptCommand::ScriptExternal))
            .count()
    }

    /// Every command where MME takes it, every pass named, every loop closed.
    fn check(&self) -> Result<(), ScriptError> {
        let mut depth = 0usize;
        for command in &self.commands {
            match command {
                ScriptCommand::Pass(pass) => {
                    if self.pass(pass).is_none() {
                        return Err(ScriptError::NoSuchPass {
                            technique: self.name.clone(),
                            pass: pass.clone(),
                        });
                    }
                }
                ScriptCommand::LoopByCount(_) => {
                    depth += 1;
                    if depth > MAX_LOOP_DEPTH {
                        return Err(
                            self.loop_error(format!("loops nested deeper than {MAX_LOOP_DEPTH}"))
                        );
                    }
                }
                ScriptCommand::LoopEnd => {
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| self.loop_error("LoopEnd without LoopByCount".into()))?;
                }
                ScriptCommand::LoopGetIndex(parameter) if depth == 0 => {
                    return Err(self.loop_error(format!("LoopGetIndex={parameter} outside a loop")));
                }
                ScriptCommand::Draw(_) => return Err(misplaced(&self.name, command)),
                other => shared_step(&self.name, other).map(|_| ())?,
            }
        }
        if depth > 0 {
            return Err(self.loop_error("LoopByCount without LoopEnd".into()));
        }
        for (pass, commands) in &self.passes {
            let place = || format!("{}/{pass}", self.name);
            for command in commands {
                match command {
                    ScriptCommand::Draw(_) => {}
                    ScriptCommand::Pass(_)
                    | ScriptCommand::LoopByCount(_)
                    | ScriptCommand::LoopEnd
                    | ScriptCommand::LoopGetIndex(_)
                    | ScriptCommand::ScriptExternal => return Err(misplaced(&place(), command)),
                    other => shared_step(&place(), other).map(|_| ())?,
                }
            }
        }
        Ok(())
    }

    fn loop_error(&self, detail: String) -> ScriptError {
        ScriptError::Loop {
            place: self.name.clone(),
            detail,
        }
    }

    fn pass(&self, name: &str) -> Option<&[ScriptCommand]> {
        self.passes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.as_slice())
    }

    /// Runs the script on `host`. It was checked when read, so this cannot fail and
    /// allocates nothing.
    pub fn run(&self, host: &mut dyn ScriptHost) {
        let mut at = 0;
        // The open loops: where each body starts, its iteration and its count.
        let mut loops = [(0usize, 0u32, 0u32); MAX_LOOP_DEPTH];
        let mut depth = 0usize;
        while let Some(command) = self.commands.get(at) {
            at += 1;
            match command {
                ScriptCommand::Pass(pass) => {
                    host.step(Step::BeginPass(pass));
                    for command in self.pass(pass).unwrap_or(&[]) {
                        if let ScriptCommand::Draw(kind) = command {
                            host.step(Step::Draw(*kind));
                        } else if let Some(step) = shared_step("", command).ok().flatten() {
                            host.step(step);
                        }
                    }
                }
                ScriptCommand::LoopByCount(parameter) => {
                    let count = host.loop_count(parameter).min(MAX_LOOP_COUNT);
                    match loops.get_mut(depth) {
                        Some(slot) if count > 0 => {
                            *slot = (at, 0, count);
                            depth += 1;
                        }
                        _ => at = loop_end_after(&self.commands, at),
                    }
                }
                ScriptCommand::LoopEnd => {
                    if let Some((start, iteration, count)) =
                        depth.checked_sub(1).and_then(|d| loops.get_mut(d))
                    {
                        *iteration += 1;
                        if *iteration < *count {
                            at = *start;
                        } else {
                            depth -= 1;
                        }
                    }
                }
                ScriptCommand::LoopGetIndex(parameter) => {
                    if let Some((_, iteration, _)) = depth.checked_sub(1).and_then(|d| loops.get(d))
                    {
                        host.step(Step::LoopIndex {
                            parameter,
                            index: *iteration,
                        });
                    }
                }
                other => {
                    if let Some(step) = shared_step("", other).ok().flatten() {
                        host.step(step);
                    }
                }
            }
        }
    }
}

/// Where the loop whose body starts at `from` ends: the index after its `LoopEnd` (the
/// script's end if it has none, which [`TechniqueScript::new`] refuses).
fn loop_end_after(commands: &[ScriptCommand], from: usize) -> usize {
    let mut depth = 1usize;
    for (i, command) in commands.iter().enumerate().skip(from) {
        match command {
            ScriptCommand::LoopByCount(_) => depth += 1,
            ScriptCommand::LoopEnd => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    commands.len()
}

/// The step of a command technique and pass scripts both take; `None` for the commands
/// only one of them takes (handled where they stand); an error for an unknown one.
fn shared_step<'a>(
    place: &str,
    command: &'a ScriptCommand,
) -> Result<Option<Step<'a>>, ScriptError> {
    Ok(Some(match command {
        ScriptCommand::RenderColorTarget { index, texture } => Step::ColorTarget {
            index: *index,
            texture: texture.as_deref(),
        },
        ScriptCommand::RenderDepthStencilTarget(texture) => Step::DepthTarget(texture.as_deref()),
        ScriptCommand::ClearSetColor(parameter) => Step::ClearColorFrom(parameter),
        ScriptCommand::ClearSetDepth(parameter) => Step::ClearDepthFrom(parameter),
        ScriptCommand::Clear(target) => Step::Clear(*target),
        ScriptCommand::ScriptExternal => Step::External,
        ScriptCommand::Unknown { command, value } => {
            return Err(ScriptError::Unknown {
                place: place.to_owned(),
                command: command.clone(),
                value: value.clone(),
            });
        }
        ScriptCommand::Pass(_)
        | ScriptCommand::LoopByCount(_)
        | ScriptCommand::LoopEnd
        | ScriptCommand::LoopGetIndex(_)
        | ScriptCommand::Draw(_) => return Ok(None),
    }))
}

fn misplaced(place: &str, command: &ScriptCommand) -> ScriptError {
    ScriptError::Misplaced {
        place: place.to_owned(),
        command: format!("{command:?}"),
    }
}
