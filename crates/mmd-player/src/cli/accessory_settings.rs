//! `--accessory K:SETTING:SETTING…`: MMD's accessory settings for the K-th accessory of the
//! command line (from 1, `.x` and `.vac` files in their order), e.g.
//! `--accessory 1:pos=0,0,-5:si=2` or `--accessory 2:parent=1/右手首:rot=0,90,0:tr=0.5:ad=on`.
//!
//! Settings: `pos=X,Y,Z`, `rot=X,Y,Z` (degrees), `si=S`, `tr=T` (0..1), `ad=on|off`,
//! `shadow=on|off` (ground shadow), `show=on|off`, `parent=MODEL/BONE` (MODEL from 1) or
//! `parent=none`.

use anyhow::{Result, anyhow};
use glam::Vec3;
use mmd_scene::stage::accessory::AccessoryEdit;
use mmd_scene::stage::scene::Scene;

pub const ACCESSORY_VALUE: &str = "K:SETTING[:SETTING...]";

pub const ACCESSORY_HELP: &str = "Set an accessory's settings (repeatable): K is its place \
    among the .x and .vac files on the command line, from 1; each SETTING is pos=X,Y,Z, \
    rot=X,Y,Z (degrees), si=SIZE, tr=OPACITY (0..1), ad=on|off (additive), shadow=on|off \
    (ground shadow), show=on|off, parent=MODEL/BONE (MODEL from 1) or parent=none";

/// One `--accessory` value: which accessory (from 0) and its edits in order.
pub fn parse_accessory_settings(value: &str) -> Result<(usize, Vec<AccessoryEdit>), String> {
    let mut parts = value.split(':');
    let index = parts
        .next()
        .and_then(|k| k.trim().parse::<usize>().ok())
        .filter(|&k| k > 0)
        .ok_or_else(|| {
            "it must start with the accessory's number from 1, e.g. 1:si=2".to_owned()
        })?;
    let edits = parts.map(parse_setting).collect::<Result<Vec<_>, _>>()?;
    if edits.is_empty() {
        return Err("no setting after the number, e.g. 1:pos=0,0,-5".to_owned());
    }
    Ok((index - 1, edits))
}

fn parse_setting(setting: &str) -> Result<AccessoryEdit, String> {
    let (key, value) = setting
        .split_once('=')
        .ok_or_else(|| format!("{setting:?} is not KEY=VALUE"))?;
    let value = value.trim();
    Ok(match key.trim() {
        "pos" => AccessoryEdit::Position(vector(value, key)?),
        "rot" => AccessoryEdit::Rotation(vector(value, key)?),
        "si" => AccessoryEdit::Scale(number(value, key)?),
        "tr" => AccessoryEdit::Opacity(number(value, key)?),
        "ad" => AccessoryEdit::Additive(on_off(value, key)?),
        "shadow" => AccessoryEdit::GroundShadow(on_off(value, key)?),
        "show" => AccessoryEdit::Visible(on_off(value, key)?),
        "parent" if value.eq_ignore_ascii_case("none") => AccessoryEdit::Parent(None),
        "parent" => {
            let (model, bone) = value
                .split_once('/')
                .ok_or_else(|| format!("parent={value:?}: expected MODEL/BONE or none"))?;
            let model = model
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&m| m > 0)
                .ok_or_else(|| format!("parent={value:?}: MODEL is a number from 1"))?;
            AccessoryEdit::Parent(Some((model - 1, bone.to_owned())))
        }
        other => {
            return Err(format!(
                "unknown setting {other:?} (pos, rot, si, tr, ad, shadow, show, parent)"
            ));
        }
    })
}

fn number(value: &str, key: &str) -> Result<f32, String> {
    value
        .parse::<f32>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| format!("{key}={value:?} is not a number"))
}

fn vector(value: &str, key: &str) -> Result<Vec3, String> {
    let numbers = value
        .split(',')
        .map(|n| number(n.trim(), key))
        .collect::<Result<Vec<_>, _>>()?;
    match numbers.as_slice() {
        [x, y, z] => Ok(Vec3::new(*x, *y, *z)),
        _ => Err(format!("{key}={value:?}: expected three numbers X,Y,Z")),
    }
}

fn on_off(value: &str, key: &str) -> Result<bool, String> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{key}={value:?}: expected on or off")),
    }
}

/// Applies every `--accessory` value to `scene`'s accessories, in order; a number beyond the
/// scene's accessories, a model or bone that is not there, or a malformed value is an error.
pub fn set_accessories(scene: &mut Scene, values: &[String]) -> Result<()> {
    for value in values {
        let (index, edits) =
            parse_accessory_settings(value).map_err(|e| anyhow!("--accessory {value:?}: {e}"))?;
        let count = scene.accessories.len();
        let accessory = scene.accessories.get_mut(index).ok_or_else(|| {
            anyhow!(
                "--accessory {value:?}: the scene has {count} accessor{}",
                if count == 1 { "y" } else { "ies" }
            )
        })?;
        for edit in edits {
            accessory
                .edit(edit, &scene.actors)
                .map_err(|e| anyhow!("--accessory {value:?}: {e}"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_parses_in_order() {
        let (index, edits) = parse_accessory_settings(
            "2:pos=0,1.5,-3:rot=0,90,0:si=2:tr=0.5:ad=on:shadow=off:show=off:parent=1/右手首",
        )
        .expect("valid");
        assert_eq!(index, 1);
        assert_eq!(
            edits,
            vec![
                AccessoryEdit::Position(Vec3::new(0.0, 1.5, -3.0)),
                AccessoryEdit::Rotation(Vec3::new(0.0, 90.0, 0.0)),
                AccessoryEdit::Scale(2.0),
                AccessoryEdit::Opacity(0.5),
                AccessoryEdit::Additive(true),
                AccessoryEdit::GroundShadow(false),
                AccessoryEdit::Visible(false),
                AccessoryEdit::Parent(Some((0, "右手首".to_owned()))),
            ]
        );
        assert_eq!(
            parse_accessory_settings("1:parent=none"),
            Ok((0, vec![AccessoryEdit::Parent(None)]))
        );
    }

    #[test]
    fn malformed_values_say_what_is_wrong() {
        let error = |v: &str| parse_accessory_settings(v).expect_err(v);
        assert!(error("0:si=1").contains("from 1"));
        assert!(error("1").contains("no setting"));
        assert!(error("1:size=2").contains("unknown setting"));
        assert!(error("1:pos=1,2").contains("three numbers"));
        assert!(error("1:si=big").contains("not a number"));
        assert!(error("1:tr=NaN").contains("not a number"));
        assert!(error("1:ad=yes").contains("on or off"));
        assert!(error("1:parent=head").contains("MODEL/BONE"));
        assert!(error("1:parent=0/head").contains("from 1"));
    }
}
