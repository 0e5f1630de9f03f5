//! MME's `Script` annotation strings as commands: `"RenderColorTarget0=ScnMap; Clear=Color;
//! Pass=Main;"` becomes a typed list the runtime walks.

/// What a `Clear=` command clears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClearTarget {
    /// The bound colour targets.
    Color,
    /// The bound depth-stencil target.
    Depth,
}

/// What a `Draw=` command draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawKind {
    /// The object's geometry (object effects).
    Geometry,
    /// A full-screen rectangle (post effects).
    Buffer,
}

/// One script command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptCommand {
    /// `RenderColorTargetN=name` (N is 0 when left out); an empty name binds the default.
    RenderColorTarget {
        /// The target slot, 0 to 3.
        index: u8,
        /// The texture, or `None` for the default target.
        texture: Option<String>,
    },
    /// `RenderDepthStencilTarget=name`; an empty name binds the default.
    RenderDepthStencilTarget(Option<String>),
    /// `ClearSetColor=parameter`: the colour later clears use.
    ClearSetColor(String),
    /// `ClearSetDepth=parameter`: the depth later clears use.
    ClearSetDepth(String),
    /// `Clear=Color` or `Clear=Depth`.
    Clear(ClearTarget),
    /// `Pass=name`: runs a pass of the technique.
    Pass(String),
    /// `ScriptExternal=Color`: where a post effect lets the scene draw.
    ScriptExternal,
    /// `LoopByCount=parameter`.
    LoopByCount(String),
    /// `LoopEnd=`.
    LoopEnd,
    /// `LoopGetIndex=parameter`: the loop's counter is written to the parameter.
    LoopGetIndex(String),
    /// `Draw=Geometry` or `Draw=Buffer`.
    Draw(DrawKind),
    /// A command this reader does not know, or a known one with a value it cannot use;
    /// kept so that the runtime can report it.
    Unknown {
        /// The text left of `=`.
        command: String,
        /// The text right of `=`.
        value: String,
    },
}

/// Splits a script into commands: `;`-separated `Command=Value` pairs, white space around
/// either side ignored, commands matched ignoring case as MME does.
pub fn parse_script(script: &str) -> Vec<ScriptCommand> {
    script
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(parse_command)
        .collect()
}

fn parse_command(text: &str) -> ScriptCommand {
    let (command, value) = match text.split_once('=') {
        Some((c, v)) => (c.trim(), v.trim()),
        None => (text, ""),
    };
    let named = || (!value.is_empty()).then(|| value.to_owned());
    let lower = command.to_ascii_lowercase();
    let known = match lower.as_str() {
        "rendercolortarget" => Some(ScriptCommand::RenderColorTarget {
            index: 0,
            texture: named(),
        }),
        "renderdepthstenciltarget" => Some(ScriptCommand::RenderDepthStencilTarget(named())),
        "clearsetcolor" => named().map(ScriptCommand::ClearSetColor),
        "clearsetdepth" => named().map(ScriptCommand::ClearSetDepth),
        "clear" => match value.to_ascii_lowercase().as_str() {
            "color" => Some(ScriptCommand::Clear(ClearTarget::Color)),
            "depth" => Some(ScriptCommand::Clear(ClearTarget::Depth)),
            _ => None,
        },
        "pass" => named().map(ScriptCommand::Pass),
        "scriptexternal" => value
            .eq_ignore_ascii_case("color")
            .then_some(ScriptCommand::ScriptExternal),
        "loopbycount" => named().map(ScriptCommand::LoopByCount),
        "loopend" => Some(ScriptCommand::LoopEnd),
        "loopgetindex" => named().map(ScriptCommand::LoopGetIndex),
        "draw" => match value.to_ascii_lowercase().as_str() {
            "geometry" => Some(ScriptCommand::Draw(DrawKind::Geometry)),
            "buffer" => Some(ScriptCommand::Draw(DrawKind::Buffer)),
            _ => None,
        },
        _ => color_target_slot(&lower).map(|index| ScriptCommand::RenderColorTarget {
            index,
            texture: named(),
        }),
    };
    known.unwrap_or_else(|| ScriptCommand::Unknown {
        command: command.to_owned(),
        value: value.to_owned(),
    })
}

/// The slot of `rendercolortarget0` … `rendercolortarget3`.
fn color_target_slot(lower: &str) -> Option<u8> {
    let digit = lower.strip_prefix("rendercolortarget")?;
    match digit {
        "0" => Some(0),
        "1" => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn post_effect_script() {
        let script = "RenderColorTarget0=ScnMap; RenderDepthStencilTarget=DepthBuffer;\
            ClearSetColor=ClearColor;ClearSetDepth=ClearDepth;Clear=Color;Clear=Depth;\
            ScriptExternal=Color; RenderColorTarget=;RenderColorTarget2=Other;\
            LoopByCount=Count; LoopGetIndex=Index; Pass=Main; LoopEnd=; Draw=Buffer;";
        assert_eq!(
            parse_script(script),
            [
                ScriptCommand::RenderColorTarget {
                    index: 0,
                    texture: Some("ScnMap".into())
                },
                ScriptCommand::RenderDepthStencilTarget(Some("DepthBuffer".into())),
                ScriptCommand::ClearSetColor("ClearColor".into()),
                ScriptCommand::ClearSetDepth("ClearDepth".into()),
                ScriptCommand::Clear(ClearTarget::Color),
                ScriptCommand::Clear(ClearTarget::Depth),
                ScriptCommand::ScriptExternal,
                ScriptCommand::RenderColorTarget {
                    index: 0,
                    texture: None
                },
                ScriptCommand::RenderColorTarget {
                    index: 2,
                    texture: Some("Other".into())
                },
                ScriptCommand::LoopByCount("Count".into()),
                ScriptCommand::LoopGetIndex("Index".into()),
                ScriptCommand::Pass("Main".into()),
                ScriptCommand::LoopEnd,
                ScriptCommand::Draw(DrawKind::Buffer),
            ]
        );
    }

    #[test]
    fn unknown_and_bad_values_are_kept() {
        assert_eq!(
            parse_script("Clear=Stencil; RenderColorTarget7=X; Foo=Bar; Pass=;"),
            [
                ScriptCommand::Unknown {
                    command: "Clear".into(),
                    value: "Stencil".into()
                },
                ScriptCommand::Unknown {
                    command: "RenderColorTarget7".into(),
                    value: "X".into()
                },
                ScriptCommand::Unknown {
                    command: "Foo".into(),
                    value: "Bar".into()
                },
                ScriptCommand::Unknown {
                    command: "Pass".into(),
                    value: String::new()
                },
            ]
        );
    }
}
