//! Motion layers as the scene keeps them: the files each layer was made from, a layer to add
//! (`--layer FILE[:WEIGHT[:OFFSET]]`, the menu's "Add as layer…", Shift + drop), and the
//! edits of one layer. How layers blend is `mmd_pose::Layers`' rule: per bone only the
//! layers animating it, rotations as exp(Σ wᵢ·log qᵢ), translations and morphs as weighted
//! sums, weights normalised above a sum of 1; a Replace layer drops the layers before it on
//! what it keys.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use mmd_pose::{CameraMotion, Layer, LayerMode, LightMotion, MAX_LAYER_WEIGHT, Rig};

use crate::project::files::{LoadError, MotionFile, bind, read_file};

/// The files one layer was made from (one or more VMDs merged, or a VPD pose), what the
/// interface calls it, and its camera and light keys if it has any.
#[derive(Clone)]
pub struct LayerSource {
    pub label: String,
    pub files: Vec<MotionFile>,
    /// The camera of the last file with camera keys.
    pub camera: Option<CameraMotion>,
    /// The light of the last file with light keys.
    pub light: Option<LightMotion>,
}

impl LayerSource {
    /// A layer of `files`, named after them.
    pub fn new(files: Vec<MotionFile>) -> LayerSource {
        let label = files
            .iter()
            .map(|f| f.label.as_str())
            .collect::<Vec<_>>()
            .join(" + ");
        let camera = files
            .iter()
            .rev()
            .find_map(|f| CameraMotion::from_vmd(&f.vmd));
        let light = files
            .iter()
            .rev()
            .find_map(|f| LightMotion::from_vmd(&f.vmd));
        LayerSource {
            label,
            files,
            camera,
            light,
        }
    }
}

/// A change the Motions panel asks of one layer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LayerEdit {
    /// Clamped into `[0, MAX_LAYER_WEIGHT]`; not finite is ignored.
    Weight(f32),
    Enabled(bool),
    /// In frames; not finite is ignored.
    Offset(f32),
    Looping(bool),
    Mode(LayerMode),
    /// Towards the first layer.
    MoveUp,
    MoveDown,
    Remove,
}

/// A layer to add: its file, weight and frame offset (`FILE[:WEIGHT[:OFFSET]]` on the command
/// line).
#[derive(Debug, Clone, PartialEq)]
pub struct LayerSpec {
    pub path: PathBuf,
    pub weight: f32,
    pub offset: f32,
}

impl LayerSpec {
    /// `path` at weight 1, no offset.
    pub fn new(path: impl Into<PathBuf>) -> LayerSpec {
        LayerSpec {
            path: path.into(),
            weight: 1.0,
            offset: 0.0,
        }
    }
}

impl FromStr for LayerSpec {
    type Err = String;

    /// `FILE`, `FILE:WEIGHT` or `FILE:WEIGHT:OFFSET`. The numbers are taken from the end, so
    /// a path may hold ':' (a Windows drive); a path that exists as written is taken whole.
    fn from_str(text: &str) -> Result<LayerSpec, String> {
        if text.is_empty() {
            return Err("expected FILE[:WEIGHT[:OFFSET]]".to_owned());
        }
        if Path::new(text).exists() {
            return Ok(LayerSpec::new(text));
        }
        let mut path = text;
        let mut numbers = Vec::new();
        while numbers.len() < 2 {
            match path.rsplit_once(':') {
                Some((head, tail)) if !head.is_empty() => match tail.trim().parse::<f32>() {
                    Ok(n) => {
                        numbers.push(n);
                        path = head;
                    }
                    Err(_) => break,
                },
                _ => break,
            }
        }
        numbers.reverse();
        let weight = numbers.first().copied().unwrap_or(1.0);
        let offset = numbers.get(1).copied().unwrap_or(0.0);
        if !(0.0..=MAX_LAYER_WEIGHT).contains(&weight) {
            return Err(format!(
                "{text:?}: the weight {weight} is not in 0..={MAX_LAYER_WEIGHT}"
            ));
        }
        if !offset.is_finite() {
            return Err(format!("{text:?}: the offset {offset} is not a number"));
        }
        Ok(LayerSpec {
            path: PathBuf::from(path),
            weight,
            offset,
        })
    }
}

/// The motion or pose of `spec` bound to `rig` as a layer with the spec's weight and offset.
pub fn read_layer(rig: &Rig, spec: &LayerSpec) -> Result<Layer, LoadError> {
    let motion = read_file(&spec.path)?.motion.ok_or_else(|| LoadError {
        path: spec.path.clone(),
        message: "has no bone, morph or IK keys to make a layer of".to_owned(),
    })?;
    Ok(Layer {
        weight: spec.weight,
        offset: spec.offset,
        ..Layer::new(bind(rig, std::slice::from_ref(&motion)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_take_weight_and_offset_from_the_end() {
        let spec = |s: &str| s.parse::<LayerSpec>();
        assert_eq!(spec("a.vmd"), Ok(LayerSpec::new("a.vmd")));
        assert_eq!(
            spec("a.vmd:0.3"),
            Ok(LayerSpec {
                weight: 0.3,
                ..LayerSpec::new("a.vmd")
            })
        );
        assert_eq!(
            spec("dir/a.vmd:0.7:-12"),
            Ok(LayerSpec {
                path: "dir/a.vmd".into(),
                weight: 0.7,
                offset: -12.0
            })
        );
        assert_eq!(
            spec(r"C:\motions\a.vmd:1.5:30"),
            Ok(LayerSpec {
                path: r"C:\motions\a.vmd".into(),
                weight: 1.5,
                offset: 30.0
            })
        );
        assert_eq!(
            spec(r"C:\motions\a.vmd"),
            Ok(LayerSpec::new(r"C:\motions\a.vmd"))
        );
        assert!(spec("a.vmd:2.5").is_err(), "above the largest weight");
        assert!(spec("a.vmd:-0.1").is_err());
        assert!(spec("a.vmd:0.5:inf").is_err());
        assert!(spec("").is_err());
    }
}
