//! The reader against the real effects in `../shared/fixtures/mme`: facts read by hand
//! from the files (the expected values below are copied from the effects' text), and
//! every `.fx`/`.fxsub` of the suite read.

mod common;

use std::collections::BTreeMap;

use mmd_effect::{
    ClearTarget, DrawKind, Effect, ErrorKind, FileLoader, Options, ScriptCommand, StateValue,
    TextureKind, read_effect,
};

fn read(rel: &str) -> Option<Effect> {
    let path = common::fixture(rel)?;
    match read_effect(&path, &FileLoader, &Options::default()) {
        Ok(effect) => Some(effect),
        Err(e) => panic!("{rel}: {e}"),
    }
}

fn target(name: &str) -> ScriptCommand {
    ScriptCommand::RenderColorTarget {
        index: 0,
        texture: (!name.is_empty()).then(|| name.to_owned()),
    }
}

#[test]
fn fxaa_technique_pass_and_script() {
    let Some(fx) = read("FXAA/FXAA.fx") else {
        return;
    };
    assert_eq!(fx.script_order(), Some("postprocess"));
    assert_eq!(fx.techniques.len(), 1);
    let tech = &fx.techniques[0];
    assert_eq!(tech.name.as_deref(), Some("FXAA"));
    assert_eq!(
        tech.script(),
        Some(vec![
            target("ScnMap"),
            ScriptCommand::RenderDepthStencilTarget(Some("DepthBuffer".into())),
            ScriptCommand::ClearSetColor("ClearColor".into()),
            ScriptCommand::ClearSetDepth("ClearDepth".into()),
            ScriptCommand::Clear(ClearTarget::Color),
            ScriptCommand::Clear(ClearTarget::Depth),
            ScriptCommand::ScriptExternal,
            target(""),
            ScriptCommand::RenderDepthStencilTarget(None),
            ScriptCommand::Clear(ClearTarget::Color),
            ScriptCommand::Pass("FXAA".into()),
        ])
    );
    assert_eq!(tech.passes.len(), 1);
    let pass = &tech.passes[0];
    assert_eq!(pass.name.as_deref(), Some("FXAA"));
    assert_eq!(
        pass.script(),
        Some(vec![ScriptCommand::Draw(DrawKind::Buffer)])
    );
    for state in [
        "AlphaBlendEnable",
        "AlphaTestEnable",
        "ZEnable",
        "ZWriteEnable",
    ] {
        assert_eq!(pass.state(state), Some(&StateValue::Bool(false)), "{state}");
    }
    let vs = pass
        .vertex_shader
        .as_ref()
        .map(|s| (s.profile.as_str(), s.entry.as_str()));
    let ps = pass
        .pixel_shader
        .as_ref()
        .map(|s| (s.profile.as_str(), s.entry.as_str()));
    assert_eq!(vs, Some(("vs_3_0", "FXAA3VS")));
    assert_eq!(ps, Some(("ps_3_0", "FXAA3PS")));

    let scn = fx.texture("ScnMap");
    assert_eq!(
        scn.and_then(|t| t.parameter.semantic.as_deref()),
        Some("RENDERCOLORTARGET")
    );
    assert_eq!(scn.and_then(|t| t.viewport_ratio()), Some([1.0, 1.0]));
    assert_eq!(scn.and_then(|t| t.format()), Some("X8R8G8B8"));
    let depth = fx.texture("DepthBuffer");
    assert_eq!(depth.map(|t| t.kind), Some(TextureKind::D2));
    assert_eq!(depth.and_then(|t| t.format()), Some("D24S8"));
    let samp = fx.sampler("ScnSamp");
    assert_eq!(samp.and_then(|s| s.texture.as_deref()), Some("ScnMap"));
    assert_eq!(
        samp.and_then(|s| s.state("MinFilter")),
        Some(&StateValue::Word("LINEAR".into()))
    );
    assert_eq!(
        samp.and_then(|s| s.state("AddressV")),
        Some(&StateValue::Word("CLAMP".into()))
    );
    assert_eq!(
        fx.parameter("ViewportSize")
            .and_then(|p| p.semantic.as_deref()),
        Some("VIEWPORTPIXELSIZE")
    );
    // FXAA's `#if 0 … #else` keeps the five-step quality table: P4 is 12.0.
    assert!(fx.hlsl().text.contains("12.0"));
    assert!(!fx.hlsl().text.contains("8.00"));
}

#[test]
fn lightbloom_targets_and_controller() {
    let Some(fx) = read("LightBloom/LightBloom.fx") else {
        return;
    };
    assert_eq!(
        fx.files.paths().len(),
        2,
        "LightBloom.fx and LightBloom.fxsub"
    );
    assert_eq!(fx.textures.len(), 15);
    let colour_targets: Vec<&str> = fx
        .textures
        .iter()
        .filter(|t| t.parameter.has_semantic("RENDERCOLORTARGET"))
        .map(|t| t.name())
        .collect();
    assert_eq!(colour_targets.len(), 14);
    let ratios = [
        ("ScnMap", 1.0),
        ("DownsampleMap1st", 1.0),
        ("DownsampleMap2nd", 0.5),
        ("DownsampleMap3rd", 0.25),
        ("BloomMap1st", 0.5),
        ("BloomMap3rdTemp", 0.125),
        ("BloomMap4th", 0.0625),
        ("BloomMap5th", 0.03125),
    ];
    for (name, ratio) in ratios {
        let t = fx.texture(name);
        assert_eq!(
            t.and_then(|t| t.viewport_ratio()),
            Some([ratio, ratio]),
            "{name}"
        );
        assert_eq!(t.and_then(|t| t.format()), Some("A16B16G16R16F"), "{name}");
    }
    // DIRT_MASK_MAP_ENABLE is 0: the dirt texture and its controls are left out.
    assert!(fx.texture("DirtMaskMap").is_none());
    assert!(fx.parameter("mDirtColorHP").is_none());

    let controls: Vec<_> = fx
        .parameters
        .iter()
        .filter(|p| p.has_semantic("CONTROLOBJECT"))
        .collect();
    assert_eq!(controls.len(), 27);
    for p in &controls {
        let model = p.annotation("name").and_then(|a| a.as_str());
        assert_eq!(model, Some("LightBloomController.pmx"), "{}", p.name);
    }
    let radius = fx.parameter("mBloomRadiusP");
    assert_eq!(
        radius
            .and_then(|p| p.annotation("item"))
            .and_then(|a| a.as_str()),
        Some("BloomRadius+")
    );
    let at = radius.map(|p| fx.files.resolve(p.loc));
    assert_eq!(at.as_ref().map(|l| l.line), Some(3));
    assert!(at.is_some_and(|l| l.file.ends_with("LightBloom/LightBloom.fxsub")));

    let tech = fx.technique("FimicGrain");
    assert_eq!(tech.map(|t| t.passes.len()), Some(20));
    let script = tech.and_then(|t| t.script()).unwrap_or_default();
    assert_eq!(
        script[..3],
        [
            target(""),
            ScriptCommand::ClearSetColor("ClearColor".into()),
            ScriptCommand::ClearSetDepth("ClearDepth".into()),
        ]
    );
    assert_eq!(
        script.last(),
        Some(&ScriptCommand::Pass("HDRTonemapping".into()))
    );
    assert_eq!(
        script
            .iter()
            .filter(|c| matches!(c, ScriptCommand::Pass(_)))
            .count(),
        19,
        "every pass but HDRDownsample2nd is run"
    );
    let comp = tech.and_then(|t| t.pass("GlareLightComp"));
    assert_eq!(
        comp.and_then(|p| p.state("AlphaBlendEnable")),
        Some(&StateValue::Bool(true))
    );
    assert_eq!(
        comp.and_then(|p| p.state("SrcBlend")),
        Some(&StateValue::Word("ONE".into()))
    );
    assert_eq!(
        comp.and_then(|p| p.state("DestBlend")),
        Some(&StateValue::Word("SRCALPHA".into()))
    );
    let down = tech.and_then(|t| t.pass("HDRDownsample2nd"));
    let vs = down.and_then(|p| p.vertex_shader.as_ref());
    assert_eq!(vs.map(|s| s.entry.as_str()), Some("HDRDownsampleVS"));
    assert_eq!(
        vs.map(|s| s.args.clone()),
        Some(vec!["ViewportOffset2 * 2".to_owned()])
    );
    let ps = down.and_then(|p| p.pixel_shader.as_ref());
    assert_eq!(
        ps.map(|s| s.args.clone()),
        Some(vec!["DownsampleSamp2nd".to_owned()])
    );
    let border = fx.sampler("BloomSamp1st");
    assert_eq!(
        border.and_then(|s| s.state("AddressU")),
        Some(&StateValue::Word("BORDER".into()))
    );
    assert_eq!(
        border.and_then(|s| s.state("BorderColor")),
        Some(&StateValue::Float(0.0))
    );
}

#[test]
fn lightbloom_with_dirt_map_turns_its_branch_on() {
    let Some(fx) = read("LightBloom/LightBloom with DirtMap.fx") else {
        return;
    };
    let dirt = fx.texture("DirtMaskMap");
    assert_eq!(
        dirt.and_then(|t| t.resource_name()),
        Some("Textures/DirtMaskTextureExample.png")
    );
    // Written `Miplevels`: annotation names are matched ignoring case.
    assert_eq!(dirt.and_then(|t| t.mip_levels()), Some(1));
    let controls = fx
        .parameters
        .iter()
        .filter(|p| p.has_semantic("CONTROLOBJECT"))
        .count();
    assert_eq!(controls, 31);
    assert_eq!(
        fx.sampler("DirtMaskMapSamp")
            .and_then(|s| s.state("SRGBTexture")),
        Some(&StateValue::Bool(true))
    );
}

#[test]
fn filmgrain_and_hatching_textures() {
    if let Some(fx) = read("FilmGrain/FilmGrain.fx") {
        let noise = fx.texture("NoiseMap");
        assert_eq!(noise.map(|t| t.kind), Some(TextureKind::D3));
        assert_eq!(
            noise.and_then(|t| t.resource_name()),
            Some("Textures/noise.dds")
        );
        // `texture = NoiseMap;` without angle brackets names the texture too.
        assert_eq!(
            fx.sampler("NoiseMapSamp")
                .and_then(|s| s.texture.as_deref()),
            Some("NoiseMap")
        );
        assert!(fx.hlsl().text.contains("sampler3D NoiseMapSamp;"));
        let passes: Vec<_> = fx.techniques[0]
            .passes
            .iter()
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(
            passes,
            [Some("FimicGrain".into()), Some("FimicLoop".into())]
        );
        assert_eq!(
            fx.parameters
                .iter()
                .filter(|p| p.has_semantic("CONTROLOBJECT"))
                .count(),
            13
        );
    }
    if let Some(fx) = read("Hatching/Hatching.fx") {
        let names: Vec<_> = (0..3)
            .map(|i| {
                fx.texture(&format!("Hatch{i}"))
                    .and_then(|t| t.resource_name())
            })
            .collect();
        assert_eq!(
            names,
            [
                Some("shader/textures/hatch_0.jpg"),
                Some("shader/textures/hatch_1.jpg"),
                Some("shader/textures/hatch_2.jpg")
            ]
        );
        let offscreen = fx.texture("HatchingMap");
        let p = offscreen.map(|t| &t.parameter);
        assert!(p.is_some_and(|p| p.has_semantic("OFFSCREENRENDERTARGET")));
        assert_eq!(offscreen.and_then(|t| t.format()), Some("G16R16F"));
        let default_effect = p
            .and_then(|p| p.annotation("DefaultEffect"))
            .and_then(|a| a.as_str());
        assert_eq!(
            default_effect,
            Some(
                "self = hide;*fog.pmx=hide;*controller*.pmx=hide;*editor*.pmx=hide;\
                 Volumetric*.pmx=hide;*.pmx=Hatching/Hatching 1.0.fx;"
            )
        );
        let clear = p
            .and_then(|p| p.annotation("ClearColor"))
            .and_then(|a| a.as_vector());
        assert_eq!(clear, Some(vec![1.0; 4]));
    }
}

/// Why a file did not read, in a few words (the error's kind, without its details).
fn cause(kind: &ErrorKind) -> String {
    match kind {
        ErrorKind::Unreadable { .. } => "an include that is not there".into(),
        ErrorKind::ErrorDirective(_) => "#error reached".into(),
        other => format!("{other}"),
    }
}

/// Every effect of the suite, read; `.fxsub` files are included by the `.fx` files, and
/// those that cannot stand alone fail only by naming includes relative to their includer.
#[test]
fn every_fixture_effect_reads() {
    let Some(root) = common::fixture("") else {
        return;
    };
    let files = common::effect_files(&root);
    assert_eq!(files.len(), 639, "530 .fx and 109 .fxsub");
    let mut fx_ok = 0;
    let mut fxsub_ok = 0;
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in &files {
        let is_sub = path.extension().is_some_and(|e| e == "fxsub");
        match read_effect(path, &FileLoader, &Options::default()) {
            Ok(_) if is_sub => fxsub_ok += 1,
            Ok(_) => fx_ok += 1,
            Err(e) => {
                let rel = path
                    .strip_prefix(&root)
                    .unwrap_or(path)
                    .display()
                    .to_string();
                failures
                    .entry(cause(&e.kind))
                    .or_default()
                    .push(format!("{rel}: {e}"));
            }
        }
    }
    println!("read: {fx_ok}/530 .fx, {fxsub_ok}/109 .fxsub");
    for (why, list) in &failures {
        println!("{} failed: {why}", list.len());
        for f in list {
            println!("  {f}");
        }
    }
    assert_eq!(fx_ok, 530, "every .fx reads");
    // The 20 `.fxsub` files of Ray-MMD's lights and skyboxes name `../../../ray.conf` (or
    // `Time of day.conf`) relative to the `.fx` one folder down that includes them.
    let only_includer_relative = failures.keys().all(|k| k == "an include that is not there");
    assert!(only_includer_relative, "{failures:#?}");
    assert_eq!(fxsub_ok, 89);
}
