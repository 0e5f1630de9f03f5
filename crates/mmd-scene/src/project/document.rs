//! The project file as written: JSON, human-readable, every path relative to the project's
//! folder. Each struct is one part of the scene; every field has a default, so a file that
//! leaves one out (an earlier version's) still opens, and fields this version does not know
//! (a later version's) are reported by [`super::read`], never fatal.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::stage::accessory_motion::AccessoryKey;

/// What the `format` field says of every project file.
pub const FORMAT: &str = "mmd-player project";
/// The version this build writes. Version 1 is the first; version 2 adds accessory keys,
/// gravity keys and the camera following a bone (MMD's projects have them).
pub const VERSION: u32 = 2;

/// A whole project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Document {
    pub format: String,
    pub version: u32,
    /// The models in MMD's drawing order.
    pub models: Vec<ModelEntry>,
    /// The scene's own camera motion (a VMD with camera keys only); `None`: the camera comes
    /// from the first layer that has camera keys, if any.
    pub camera: Option<FileRef>,
    pub light: Option<FileRef>,
    pub self_shadow: Option<FileRef>,
    pub accessories: Vec<AccessoryEntry>,
    pub music: Option<MusicEntry>,
    pub physics: PhysicsEntry,
    pub view: ViewEntry,
    /// The camera the view draws with when it is not the camera motion.
    pub free_camera: Option<CameraEntry>,
    /// Whether the view draws with the camera motion (when there is one).
    pub use_camera_motion: bool,
    /// The light as set by hand, over the light motion.
    pub light_by_hand: Option<LightEntry>,
    pub timeline: TimelineEntry,
    pub export: ExportEntry,
    /// Gravity keys (since version 2); none: MMD's default gravity.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gravity: Vec<GravityKeyEntry>,
    /// The bone the camera's look-at point follows, keyed (since version 2).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub camera_follow: Vec<OutsideParentKeyEntry>,
}

impl Default for Document {
    fn default() -> Document {
        Document {
            format: FORMAT.to_owned(),
            version: VERSION,
            models: Vec::new(),
            camera: None,
            light: None,
            self_shadow: None,
            accessories: Vec::new(),
            music: None,
            physics: PhysicsEntry::default(),
            view: ViewEntry::default(),
            free_camera: None,
            use_camera_motion: true,
            light_by_hand: None,
            timeline: TimelineEntry::default(),
            export: ExportEntry::default(),
            gravity: Vec::new(),
            camera_follow: Vec::new(),
        }
    }
}

/// One gravity key: from `frame` on (blending to the next key), gravity of `acceleration`
/// (9.8: the earth's) along `direction`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GravityKeyEntry {
    pub frame: u32,
    pub acceleration: f32,
    pub direction: [f32; 3],
}

impl Default for GravityKeyEntry {
    fn default() -> GravityKeyEntry {
        GravityKeyEntry {
            frame: 0,
            acceleration: 9.8,
            direction: [0.0, -1.0, 0.0],
        }
    }
}

/// A file a part of the scene is read from: a path relative to the project's folder, or the
/// bundled default model or dance.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileRef {
    Bundled,
    File(String),
}

/// One model and what moves it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ModelEntry {
    pub file: FileRef,
    /// Where it stands: its model space moved by this much.
    pub position: [f32; 3],
    pub visible: bool,
    /// IK bones switched by hand, by bone name: `true` on, `false` off (the others follow the
    /// motion's keys).
    pub ik: BTreeMap<String, bool>,
    /// IK bones whose chain the Jacobian solver solves instead of MMD's CCD, by bone name.
    pub jacobian_ik: Vec<String>,
    /// Morph weights pinned by hand, by morph name.
    pub morph_pins: BTreeMap<String, f32>,
    pub layers: Vec<LayerEntry>,
    /// Bones hanging from other models' bones (外部親), from their keys' frames on.
    pub outside_parents: Vec<OutsideParentEntry>,
}

impl Default for ModelEntry {
    fn default() -> ModelEntry {
        ModelEntry {
            file: FileRef::Bundled,
            position: [0.0; 3],
            visible: true,
            ik: BTreeMap::new(),
            jacobian_ik: Vec::new(),
            morph_pins: BTreeMap::new(),
            layers: Vec::new(),
            outside_parents: Vec::new(),
        }
    }
}

/// One bone's outside parent keys, the bone by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutsideParentEntry {
    pub bone: String,
    pub keys: Vec<OutsideParentKeyEntry>,
}

/// From `frame` on, the bone hangs from `parent` (none: its own parent again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutsideParentKeyEntry {
    pub frame: u32,
    pub parent: Option<ParentEntry>,
}

/// One motion layer: the files merged into it and how it blends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LayerEntry {
    pub files: Vec<FileRef>,
    pub weight: f32,
    /// The timeline frame at which the layer's frame 0 plays.
    pub offset: f32,
    pub enabled: bool,
    pub looping: bool,
    /// `blend` or `replace`.
    pub mode: LayerModeEntry,
}

impl Default for LayerEntry {
    fn default() -> LayerEntry {
        LayerEntry {
            files: Vec::new(),
            weight: 1.0,
            offset: 0.0,
            enabled: true,
            looping: false,
            mode: LayerModeEntry::Blend,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayerModeEntry {
    #[default]
    Blend,
    Replace,
}

/// One accessory: its `.x` file and MMD's accessory settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AccessoryEntry {
    pub file: String,
    /// What the interface calls it (a `.vac`'s name).
    pub name: String,
    pub visible: bool,
    pub position: [f32; 3],
    /// Degrees about X, Y and Z.
    pub rotation: [f32; 3],
    /// Si.
    pub scale: f32,
    /// Tr.
    pub opacity: f32,
    /// AD.
    pub additive: bool,
    pub ground_shadow: bool,
    pub parent: Option<ParentEntry>,
    /// Its keys (since version 2); while it has any, they set the settings above each frame.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<AccessoryKeyEntry>,
}

/// One accessory key: what it sets from `frame` on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AccessoryKeyEntry {
    pub frame: u32,
    pub visible: bool,
    pub position: [f32; 3],
    /// Degrees about X, Y and Z.
    pub rotation: [f32; 3],
    pub scale: f32,
    pub opacity: f32,
    pub ground_shadow: bool,
    pub parent: Option<ParentEntry>,
}

impl AccessoryKeyEntry {
    /// `key` as the file keeps it, held by `parent` (its model by place in the project).
    pub fn of(key: &AccessoryKey, parent: Option<ParentEntry>) -> AccessoryKeyEntry {
        AccessoryKeyEntry {
            frame: key.frame,
            visible: key.visible,
            position: key.position.to_array(),
            rotation: key.rotation.to_array(),
            scale: key.scale,
            opacity: key.opacity,
            ground_shadow: key.ground_shadow,
            parent,
        }
    }
}

impl Default for AccessoryKeyEntry {
    fn default() -> AccessoryKeyEntry {
        AccessoryKeyEntry {
            frame: 0,
            visible: true,
            position: [0.0; 3],
            rotation: [0.0; 3],
            scale: 1.0,
            opacity: 1.0,
            ground_shadow: true,
            parent: None,
        }
    }
}

impl Default for AccessoryEntry {
    fn default() -> AccessoryEntry {
        AccessoryEntry {
            file: String::new(),
            name: String::new(),
            visible: true,
            position: [0.0; 3],
            rotation: [0.0; 3],
            scale: 1.0,
            opacity: 1.0,
            additive: false,
            ground_shadow: true,
            parent: None,
            keys: Vec::new(),
        }
    }
}

/// A model's bone (holding an accessory, or parenting another model's bone): the model by its
/// place in [`Document::models`], and the bone's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParentEntry {
    pub model: usize,
    pub bone: String,
}

/// The song and how it plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MusicEntry {
    pub file: String,
    /// The timeline frame at which the music's start plays.
    pub offset: f32,
    /// 0 to 1.
    pub volume: f32,
    pub muted: bool,
}

impl Default for MusicEntry {
    fn default() -> MusicEntry {
        MusicEntry {
            file: String::new(),
            offset: 0.0,
            volume: 1.0,
            muted: false,
        }
    }
}

/// How rigid bodies are simulated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhysicsEntry {
    /// `off`, `live` or `baked`.
    pub mode: PhysicsModeEntry,
    /// Substeps per second: 60, 120 or 240.
    pub rate: u32,
}

impl Default for PhysicsEntry {
    fn default() -> PhysicsEntry {
        PhysicsEntry {
            mode: PhysicsModeEntry::Baked,
            rate: 60,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhysicsModeEntry {
    Off,
    Live,
    Baked,
}

/// What the view draws besides the models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewEntry {
    pub edges: bool,
    pub ground_shadow: bool,
    pub self_shadow: bool,
    pub skeleton: bool,
    pub wireframe: bool,
}

impl Default for ViewEntry {
    /// As MMD starts.
    fn default() -> ViewEntry {
        ViewEntry {
            edges: true,
            ground_shadow: true,
            self_shadow: true,
            skeleton: false,
            wireframe: false,
        }
    }
}

/// A camera as MMD keys it: the point looked at, the rotation (radians), the distance
/// (negative: in front) and the vertical field of view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CameraEntry {
    pub target: [f32; 3],
    pub rotation: [f32; 3],
    pub distance: f32,
    pub fov_y_deg: f32,
    pub perspective: bool,
}

/// A light: where it shines (a direction) and its colour (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LightEntry {
    pub direction: [f32; 3],
    pub color: [f32; 3],
}

/// Where playback stands.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TimelineEntry {
    /// The frame shown.
    pub frame: f32,
    /// Playback speed, 1 as recorded.
    pub speed: f32,
}

impl Default for TimelineEntry {
    fn default() -> TimelineEntry {
        TimelineEntry {
            frame: 0.0,
            speed: 1.0,
        }
    }
}

/// How the scene is rendered to images or video.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExportEntry {
    pub width: u32,
    pub height: u32,
    /// 30 (MMD's frames) or 60 (the half frames too).
    pub fps: u32,
    /// The first and last frame rendered; `None`: every frame of the motion.
    pub frames: Option<(f32, f32)>,
}

impl Default for ExportEntry {
    fn default() -> ExportEntry {
        ExportEntry {
            width: 1280,
            height: 720,
            fps: 30,
            frames: None,
        }
    }
}
