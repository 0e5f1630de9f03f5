//! Technique scripts walked as MME's reference (section 3) describes them: FXAA's real
//! script step by step, loops with their counters, the default script, and the scripts MME
//! refuses.

mod common;

use std::path::Path;

use common::fixture;

use mmd_effect::{ClearTarget, DrawKind, Effect, FileLoader, MemoryLoader, Options, read_effect};
use mmd_effect_runtime::script::{MAX_LOOP_COUNT, ScriptError, ScriptHost, Step, TechniqueScript};

/// Records every step as text; loop counts come from a table.
struct Recorder {
    counts: Vec<(&'static str, u32)>,
    steps: Vec<String>,
}

impl ScriptHost for Recorder {
    fn loop_count(&self, parameter: &str) -> u32 {
        self.counts
            .iter()
            .find(|(p, _)| *p == parameter)
            .map_or(0, |(_, n)| *n)
    }

    fn step(&mut self, step: Step<'_>) {
        self.steps.push(match step {
            Step::ColorTarget { index, texture } => format!("rt{index}={}", texture.unwrap_or("")),
            Step::DepthTarget(t) => format!("ds={}", t.unwrap_or("")),
            Step::ClearColorFrom(p) => format!("clearcolor={p}"),
            Step::ClearDepthFrom(p) => format!("cleardepth={p}"),
            Step::Clear(ClearTarget::Color) => "clear color".into(),
            Step::Clear(ClearTarget::Depth) => "clear depth".into(),
            Step::External => "external".into(),
            Step::BeginPass(p) => format!("pass {p}"),
            Step::Draw(DrawKind::Buffer) => "draw buffer".into(),
            Step::Draw(DrawKind::Geometry) => "draw geometry".into(),
            Step::LoopIndex { parameter, index } => format!("{parameter}={index}"),
        });
    }
}

fn effect(text: &str) -> Effect {
    let loader = MemoryLoader::new().with("t.fx", text);
    match read_effect(Path::new("t.fx"), &loader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    }
}

fn script(fx: &Effect) -> Result<TechniqueScript, ScriptError> {
    let Some(technique) = fx.techniques.first() else {
        panic!("no technique");
    };
    TechniqueScript::new(technique)
}

fn run(fx: &Effect, counts: Vec<(&'static str, u32)>) -> Vec<String> {
    let script = match script(fx) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let mut host = Recorder {
        counts,
        steps: Vec::new(),
    };
    script.run(&mut host);
    host.steps
}

#[test]
fn fxaa_captures_the_scene_then_draws_its_pass_over_the_screen() {
    let Some(path) = fixture("FXAA/FXAA.fx") else {
        return;
    };
    let fx = match read_effect(&path, &FileLoader, &Options::default()) {
        Ok(fx) => fx,
        Err(e) => panic!("{e}"),
    };
    let steps = run(&fx, vec![]);
    assert_eq!(
        steps,
        [
            "rt0=ScnMap",
            "ds=DepthBuffer",
            "clearcolor=ClearColor",
            "cleardepth=ClearDepth",
            "clear color",
            "clear depth",
            "external",
            "rt0=",
            "ds=",
            "clear color",
            "pass FXAA",
            "draw buffer",
        ]
    );
    assert_eq!(script(&fx).map(|s| s.external_count()), Ok(1));
}

#[test]
fn loops_repeat_their_body_with_the_counter_and_nest() {
    let fx = effect(
        "int N = 3; int M = 2; int I; int J;
technique T < string Script = \"LoopByCount=N; LoopGetIndex=I; LoopByCount=M; LoopGetIndex=J; Pass=P; LoopEnd=; LoopEnd=; Pass=Q;\"; > {
    pass P < string Script = \"Draw=Buffer;\"; > {}
    pass Q {}
}",
    );
    let steps = run(&fx, vec![("N", 3), ("M", 2)]);
    let mut expected = Vec::new();
    for i in 0..3 {
        expected.push(format!("I={i}"));
        for j in 0..2 {
            expected.extend([format!("J={j}"), "pass P".into(), "draw buffer".into()]);
        }
    }
    // A pass without a script draws the object.
    expected.extend(["pass Q".to_owned(), "draw geometry".into()]);
    assert_eq!(steps, expected);

    // A count of 0 skips the body, nested loops included; a huge one is capped.
    assert_eq!(
        run(&fx, vec![("N", 0), ("M", 5)]),
        ["pass Q", "draw geometry"]
    );
    let capped = run(&fx, vec![("N", 1), ("M", u32::MAX)]);
    assert_eq!(
        capped.iter().filter(|s| s.as_str() == "pass P").count(),
        MAX_LOOP_COUNT as usize
    );
}

#[test]
fn a_technique_without_a_script_runs_its_passes_in_order() {
    let fx = effect("technique T { pass A {} pass B < string Script = \"Draw=Buffer;\"; > {} }");
    assert_eq!(
        run(&fx, vec![]),
        ["pass A", "draw geometry", "pass B", "draw buffer"]
    );
    assert_eq!(script(&fx).map(|s| s.external_count()), Ok(0));
}

#[test]
fn scripts_mme_refuses_are_errors_naming_the_place() {
    let refused = |technique_script: &str, pass_script: &str| {
        let fx = effect(&format!(
            "technique T < string Script = \"{technique_script}\"; > {{ pass P < string Script = \"{pass_script}\"; > {{}} }}"
        ));
        match script(&fx) {
            Ok(_) => panic!("{technique_script} / {pass_script} was taken"),
            Err(e) => e,
        }
    };
    assert_eq!(
        refused("Pass=Missing;", "Draw=Buffer;"),
        ScriptError::NoSuchPass {
            technique: "T".into(),
            pass: "Missing".into()
        }
    );
    assert!(matches!(
        refused("Draw=Buffer;", "Draw=Buffer;"),
        ScriptError::Misplaced { .. }
    ));
    assert!(matches!(
        refused("Pass=P;", "ScriptExternal=Color; Draw=Buffer;"),
        ScriptError::Misplaced { place, .. } if place == "T/P"
    ));
    assert!(matches!(
        refused("LoopEnd=; Pass=P;", "Draw=Buffer;"),
        ScriptError::Loop { .. }
    ));
    assert!(matches!(
        refused("LoopByCount=N; Pass=P;", "Draw=Buffer;"),
        ScriptError::Loop { .. }
    ));
    assert!(matches!(
        refused("LoopGetIndex=I; Pass=P;", "Draw=Buffer;"),
        ScriptError::Loop { .. }
    ));
    let nine_deep = format!(
        "{}Pass=P;{}",
        "LoopByCount=N;".repeat(9),
        "LoopEnd=;".repeat(9)
    );
    assert!(matches!(
        refused(&nine_deep, "Draw=Buffer;"),
        ScriptError::Loop { .. }
    ));
    let eight_deep = format!(
        "{}Pass=P;{}",
        "LoopByCount=N;".repeat(8),
        "LoopEnd=;".repeat(8)
    );
    let fx = effect(&format!(
        "technique T < string Script = \"{eight_deep}\"; > {{ pass P {{}} }}"
    ));
    assert!(script(&fx).is_ok());
    assert!(matches!(
        refused("RenderPort=x; Pass=P;", "Draw=Buffer;"),
        ScriptError::Unknown { .. }
    ));
}

#[test]
fn every_technique_of_the_fixture_effects_has_a_script_mme_would_run() {
    let effects = [
        ("FXAA/FXAA.fx", 1),
        ("LightBloom/LightBloom.fx", 1),
        ("LightBloom/LightBloom with DirtMap.fx", 1),
        ("FilmGrain/FilmGrain.fx", 1),
        ("Hatching/Hatching.fx", 1),
    ];
    for (rel, externals) in effects {
        let Some(path) = fixture(rel) else {
            return;
        };
        let fx = match read_effect(&path, &FileLoader, &Options::default()) {
            Ok(fx) => fx,
            Err(e) => panic!("{e}"),
        };
        for technique in &fx.techniques {
            match TechniqueScript::new(technique) {
                Ok(s) => assert_eq!(s.external_count(), externals, "{rel}"),
                Err(e) => panic!("{rel}: {e}"),
            }
        }
    }
}
