//! PMM: MikuMikuDance's own project files, versions 0001 and 0002 ("Polygon Movie maker
//! 0001"/"0002" in the 30-byte magic field). A project holds its models (by absolute Windows
//! path) with every key of their motion, the camera, light, accessories, gravity and
//! self-shadow keys, the music, the play range, output settings, and the editor's own state
//! (panels, scroll positions, selections). [`read`] gives all of it as a [`Pmm`], the editor's
//! state included, typed so that what a player does not show can be listed, never dropped.
//!
//! # Layout
//!
//! No published specification exists. The layout below is the one nanoem reads and writes
//! (`nanoem/ext/document.c` and `document_p.h`, hkrn/nanoem, MIT: `nanoemDocumentParse`, the
//! `*Parse` and `*SaveToBuffer` functions); PMMEditor's `PmmReader.cs` (oigami/PMMEditor) and
//! mmd-anim's exporter (`mmd-anim-format` 0.5.3, `src/pmm.rs`) agree with it for 0002. For
//! 0001, the readers in pymeshio's `pmm/reader.py` and MikuMiku's `PMMReader.cs` agree with
//! nanoem on the sizes and order of the fields (their names for some differ: MikuMiku reads
//! the 4 unknown bytes of a 0001 bone state as a float). All numbers are little-endian; `i32` counts; text is Shift-JIS, either a fixed field
//! (NUL-terminated, the rest padding) or a `u8` length then that many bytes ("var").
//!
//! ```text
//! header      magic[30], output width i32, height i32, timeline width i32, view fov f32,
//!             editing camera/light/accessory u8, 5 panel flags u8 (0002: 6)
//! models      selected u8, count u8, 0001: count × name[20]; then each model:
//!   0002      slot u8, name var, English name var, path[256], fixed tracks u8,
//!             bone names (count, var each), morph names (count, var each),
//!             IK bones (count, i32 bone index each), outside-parent bones (count, i32 each),
//!   0001      slot u8, name[20], path[256]  (no names or counts: the PMD at the path gives
//!             the bone, morph and IK counts, see ModelShape)
//!   both      draw order u8, visible u8, selected bone i32, selected morphs 4 × i32,
//!             expanded frames (u8 count, u8 each), vertical scroll i32, last frame i32,
//!             bone keys (one initial per bone, count, indexed), morph keys (likewise),
//!             model key (one initial, count, indexed), bone states (one per bone),
//!             morph states (f32 per morph), IK states (u8 per IK bone),
//!   0002      outside-parent states (per outside-parent bone: begin i32, end i32, model i32,
//!             bone i32), additive u8, edge width f32, self-shadow u8, transform order u8
//! camera      initial key, count, indexed keys; look-at, position, angle (3 × f32 each),
//!             orthographic u8
//! light       initial key, count, indexed keys; colour, direction (3 × f32 each)
//! accessories selected u8, scroll i32, count u8, count × name[100]; each: slot u8,
//!             name[100], path[256], draw order u8, initial key, count, indexed keys,
//!             current state (as a key's, but scale before rotation), 0002: additive u8
//! settings    current frame i32, horizontal scroll i32, scroll thumb i32, editing mode i32,
//!             camera look mode u8, loop u8, play-from u8, play-to u8, from frame i32,
//!             to frame i32, music enabled u8, music path[256], video x i32, y i32,
//!             scale f32, path[256], shown i32, image x i32, y i32, scale f32, path[256],
//!             shown u8, information u8, grid u8, ground shadow u8, fps f32,
//!             screen capture mode i32, accessories drawn after models i32,
//!             ground shadow brightness f32  (0001 files may end before these two)
//! 0002 only   translucent ground shadow u8, physics mode u8, gravity (acceleration f32,
//!             noise i32, direction 3 × f32, noise on u8, keys), self-shadow (on u8,
//!             distance f32, keys), edge colour 3 × i32, black background u8, camera
//!             look-at model i32 and bone i32, a 4×4 f32 matrix (unknown, nanoem writes the
//!             identity), follow look-at u8, unknown u8, physics ground u8, frame in the
//!             text field i32, then optionally: a u8 flag and, when it is not 0, per model
//!             its slot u8 and selection i32
//! ```
//!
//! A key starts with `[index i32,] frame i32, previous i32, next i32`; the index is absent in
//! initial keys, whose index is their position (the track number). Each track is a linked
//! list: its initial key (at frame 0) links through `next` to the indexed keys, `next` 0 ends
//! it. Indexed keys are numbered after the initial ones. The reader follows the links and
//! gives each track's keys sorted by frame (`tracks.rs`); a broken link ends a track with a
//! warning, and a key no track reaches is left out with a warning. Then per kind:
//!
//! ```text
//! bone        4 curves (X, Y, Z, rotation) × (x1, y1, x2, y2) u8, translation 3 × f32,
//!             rotation quaternion 4 × f32, selected u8, 0002: physics off u8
//! morph       weight f32, selected u8
//! model       visible u8, u8 per IK bone (IK on), 0002: per outside-parent bone a model
//!             i32 and bone i32, selected u8
//! camera      distance f32 (negative in front, as VMD), look-at 3 × f32, angle 3 × f32,
//!             0002: followed model i32 and bone i32, 6 curves (X, Y, Z, rotation,
//!             distance, fov) × (x1, y1, x2, y2) u8, orthographic u8, fov i32, selected u8
//! light       colour 3 × f32, direction 3 × f32, selected u8
//! accessory   bit 0 shown, bits 1..7 transparency in percent (u8), parent model i32,
//!             parent bone i32, position 3 × f32, rotation 3 × f32 (radians), scale f32,
//!             shadow u8, selected u8
//! gravity     noise on u8, noise i32, acceleration f32, direction 3 × f32, selected u8
//! self-shadow mode u8, distance f32 (stored as a VMD stores it), selected u8
//! ```
//!
//! Bone and camera curve bytes are as nanoem reads them (`nanoemDocumentParseInterpolation`:
//! x1, y1, x2, y2); nanoem copies them unchanged into the motion it writes as VMD
//! (`emapp/src/internal/project/PMM.cc`), and mmd-anim's exporter fills them from a VMD's
//! first interpolation row, so a curve here is what [`crate::vmd::BoneKey::curve`] gives.

mod model;
mod read;
mod records;
pub mod to_vmd;
mod tracks;

pub use model::{ModelRef, ModelShape};
pub use read::{has_magic, read, read_with_models};

use crate::ReadWarning;

/// Which magic the file starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PmmVersion {
    /// "Polygon Movie maker 0001": MMD before PMX support. Its models keep no bone or morph
    /// names; see [`ModelShape`].
    V1,
    /// "Polygon Movie maker 0002".
    #[default]
    V2,
}

/// A project as MMD saved it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pmm {
    pub version: PmmVersion,
    /// The size of rendered output in pixels: width, height.
    pub output_size: [i32; 2],
    /// Frames per second MMD plays the project at (its "fps limit").
    pub fps: f32,
    pub play_range: PlayRange,
    pub audio: Audio,
    pub models: Vec<PmmModel>,
    pub camera: Camera,
    pub light: Light,
    pub accessories: Vec<PmmAccessory>,
    pub ground_shadow: GroundShadow,
    /// 0002 only.
    pub physics: Option<Physics>,
    /// 0002 only.
    pub self_shadow: Option<SelfShadow>,
    /// Edge colour, 0..255 per channel (0002 only).
    pub edge_color: Option<[i32; 3]>,
    /// Black background instead of white (0002 only).
    pub black_background: Option<bool>,
    pub background_video: Background,
    pub background_image: Background,
    /// How many accessories MMD draws before the models (the rest after); -1 for none set.
    /// Missing in some 0001 files.
    pub accessories_before_models: Option<i32>,
    pub editor: Editor,
    /// Bytes after everything the layout accounts for (0001 files written by later MMD
    /// versions have some), kept as they are.
    pub trailing: Vec<u8>,
    /// What the reader worked around: broken key links, negative frames, IK and
    /// outside-parent bone indices past the bone names, an unknown physics mode. Each names the
    /// byte offset of the value. [`ModelBone`] indices are kept as written and not checked.
    pub warnings: Vec<ReadWarning>,
}

/// The frames MMD plays.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayRange {
    pub looped: bool,
    /// The first frame played, when "play from" is on (the number is kept either way).
    pub start: FrameSetting,
    /// The last frame played, when "play to" is on.
    pub end: FrameSetting,
}

/// A frame number that is used only when `enabled`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FrameSetting {
    pub enabled: bool,
    pub frame: u32,
}

impl FrameSetting {
    pub fn get(&self) -> Option<u32> {
        self.enabled.then_some(self.frame)
    }
}

/// The music (a WAV file).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Audio {
    pub enabled: bool,
    /// As written: usually an absolute Windows path.
    pub path: String,
}

/// A background video or image drawn behind the scene.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Background {
    pub shown: bool,
    pub path: String,
    /// Offset in pixels: x, y.
    pub offset: [i32; 2],
    pub scale: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GroundShadow {
    pub shown: bool,
    /// Missing in some 0001 files.
    pub brightness: Option<f32>,
    /// Translucent ground shadow (0002 only).
    pub translucent: Option<bool>,
}

/// Physics settings (0002).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Physics {
    pub mode: PhysicsMode,
    /// A floor the rigid bodies rest on.
    pub ground: bool,
    pub gravity: Gravity,
}

/// MMD's physics menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PhysicsMode {
    /// 演算しない: no physics.
    Off,
    /// 常に演算: always.
    Always,
    /// オン/オフモード: only while playing.
    WhilePlaying,
    /// トレースモード: follows the timeline.
    #[default]
    Trace,
}

/// Gravity: its current setting and its keys (0002).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Gravity {
    pub current: GravityState,
    pub keys: Vec<GravityKey>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GravityState {
    pub acceleration: f32,
    pub noise_enabled: bool,
    pub noise: i32,
    pub direction: [f32; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GravityKey {
    pub frame: u32,
    pub state: GravityState,
    pub selected: bool,
}

/// The self-shadow: whether it is on, its current distance, and its keys (0002).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SelfShadow {
    pub enabled: bool,
    /// As a VMD key stores it: `(10000 - distance shown) / 100000`.
    pub distance: f32,
    pub keys: Vec<SelfShadowKey>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SelfShadowKey {
    pub frame: u32,
    /// 0 off, 1 mode 1, 2 mode 2.
    pub mode: u8,
    /// As a VMD key stores it.
    pub distance: f32,
    pub selected: bool,
}

/// A model's bone picked by index: the model's position in [`Pmm::models`] and the bone's in
/// its [`PmmModel::bone_names`], as MMD stores them (either negative: none). Kept as written
/// so that an index past its table stays visible; [`ModelBone::get`] gives a valid-looking
/// pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ModelBone {
    pub model: i32,
    pub bone: i32,
}

impl ModelBone {
    /// Nothing picked.
    pub const NONE: ModelBone = ModelBone {
        model: -1,
        bone: -1,
    };

    /// The (model, bone) indices when both are set, unchecked against the tables.
    pub fn get(&self) -> Option<(usize, usize)> {
        Some((
            usize::try_from(self.model).ok()?,
            usize::try_from(self.bone).ok()?,
        ))
    }
}

/// The camera: its keys and the view being edited.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Camera {
    pub keys: Vec<CameraKey>,
    pub current: CameraState,
    /// The bone the current (unkeyed) view looks at (0002).
    pub looking_at: Option<ModelBone>,
    /// The view follows `looking_at` (0002).
    pub follows_look_at: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CameraState {
    pub look_at: [f32; 3],
    pub position: [f32; 3],
    pub angle: [f32; 3],
    pub perspective: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CameraKey {
    pub frame: u32,
    /// Distance from the look-at point, negative in front as in a VMD.
    pub distance: f32,
    pub look_at: [f32; 3],
    /// Euler angles, radians.
    pub angle: [f32; 3],
    /// The bone the look-at point follows (0002; [`ModelBone::NONE`] when not following).
    pub follow: ModelBone,
    /// Curves X, Y, Z, rotation, distance, fov; each (x1, y1, x2, y2) in 0..=127.
    pub curves: [[u8; 4]; 6],
    pub perspective: bool,
    /// Vertical field of view, degrees.
    pub fov: i32,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Light {
    pub keys: Vec<LightKey>,
    pub current: LightState,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LightState {
    pub color: [f32; 3],
    pub direction: [f32; 3],
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LightKey {
    pub frame: u32,
    pub state: LightState,
    pub selected: bool,
}

/// One model: where it is, the names its tracks go by, every key, and the pose being edited.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PmmModel {
    /// The model's number as written (its position among the models, normally).
    pub slot: u8,
    pub name: String,
    /// 0002 only (empty in 0001).
    pub name_en: String,
    /// As written: usually an absolute Windows path.
    pub path: String,
    /// One per bone track, in the model's bone order (in 0001, from [`ModelShape`]).
    pub bone_names: Vec<String>,
    /// One per morph track, in the model's morph order (in 0001, from [`ModelShape`]).
    pub morph_names: Vec<String>,
    /// The IK bones (indices into `bone_names`), in the order of [`ModelKey::iks`].
    pub ik_bones: Vec<i32>,
    /// The bones that may take an outside parent (indices into `bone_names`, -1 for the
    /// whole model), in the order of [`ModelKey::outside_parents`] (0002; empty in 0001).
    pub outside_parent_bones: Vec<i32>,
    pub draw_order: u8,
    pub visible: bool,
    /// Per bone, its keys sorted by frame.
    pub bone_tracks: Vec<Vec<BoneKey>>,
    /// Per morph, its keys sorted by frame.
    pub morph_tracks: Vec<Vec<MorphKey>>,
    /// Show/IK/outside-parent keys sorted by frame.
    pub model_keys: Vec<ModelKey>,
    pub current: ModelPose,
    /// 0002 only.
    pub render: Option<ModelRender>,
    pub editor: ModelEditor,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BoneKey {
    pub frame: u32,
    pub translation: [f32; 3],
    /// Quaternion x, y, z, w.
    pub rotation: [f32; 4],
    /// Curves X, Y, Z, rotation; each (x1, y1, x2, y2), as [`crate::vmd::BoneKey::curve`]
    /// gives them.
    pub curves: [[u8; 4]; 4],
    /// The bone's rigid bodies follow the animation from this key (0002; false in 0001).
    pub physics_off: bool,
    pub selected: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MorphKey {
    pub frame: u32,
    pub weight: f32,
    pub selected: bool,
}

/// Whether the model is shown, each IK bone on, and each outside parent, from a frame on.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelKey {
    pub frame: u32,
    pub visible: bool,
    /// Per [`PmmModel::ik_bones`]: IK on.
    pub iks: Vec<bool>,
    /// Per [`PmmModel::outside_parent_bones`]: the parent (0002; empty in 0001).
    pub outside_parents: Vec<ModelBone>,
    pub selected: bool,
}

/// The pose being edited, not yet keyed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelPose {
    /// One per bone.
    pub bones: Vec<BoneState>,
    /// One weight per morph.
    pub morphs: Vec<f32>,
    /// One per IK bone: on.
    pub iks: Vec<bool>,
    /// One per outside-parent bone (0002).
    pub outside_parents: Vec<OutsideParentState>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BoneState {
    pub translation: [f32; 3],
    pub rotation: [f32; 4],
    /// Moved but not keyed.
    pub dirty: bool,
    /// 0002 only (false in 0001).
    pub physics_off: bool,
    /// Which of the bone's timeline rows are selected (a count or mask; not documented).
    pub selected_tracks: u8,
    /// Four bytes only 0001 has here, of unknown meaning (nanoem writes 0).
    pub v1_unknown: i32,
}

/// An outside parent being edited: the frames it spans and the parent.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct OutsideParentState {
    pub begin: i32,
    pub end: i32,
    pub parent: ModelBone,
}

/// How a model is drawn (0002).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ModelRender {
    pub additive: bool,
    pub edge_width: f32,
    pub self_shadow: bool,
    /// Position in MMD's transform (calculation) order.
    pub transform_order: u8,
}

/// The editor's state for one model (no effect on what plays).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelEditor {
    /// Timeline rows that are not display frames (0002).
    pub fixed_tracks: u8,
    pub selected_bone: i32,
    /// One per morph panel (eyebrow, eye, lip, other).
    pub selected_morphs: [i32; 4],
    /// One flag per display frame: expanded in the timeline.
    pub expanded_frames: Vec<u8>,
    pub vertical_scroll: i32,
    /// The last frame MMD showed for the model.
    pub last_frame: i32,
    /// From the file's end (0002): the model's selection in the model list, when written.
    pub selection: Option<i32>,
}

/// An accessory (a `.x` mesh): where it is, its keys and its current state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PmmAccessory {
    pub slot: u8,
    pub name: String,
    /// As written: usually an absolute Windows path to a `.x` file.
    pub path: String,
    pub draw_order: u8,
    pub keys: Vec<AccessoryKey>,
    pub current: AccessoryState,
    /// Drawn with additive blending (0002; false in 0001).
    pub additive: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AccessoryKey {
    pub frame: u32,
    pub state: AccessoryState,
    pub selected: bool,
}

/// What an accessory key sets.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AccessoryState {
    pub shown: bool,
    /// 0..=100 as MMD sets it (7 bits stored): opacity is `1 - transparency / 100`.
    pub transparency: u8,
    /// The bone it follows ([`ModelBone::NONE`]: none).
    pub parent: ModelBone,
    pub position: [f32; 3],
    /// Radians.
    pub rotation: [f32; 3],
    /// MMD's Si: the mesh is drawn ×`scale`.
    pub scale: f32,
    pub shadow: bool,
}

impl AccessoryState {
    /// Opacity, 0..1.
    pub fn opacity(&self) -> f32 {
        1.0 - f32::from(self.transparency) / 100.0
    }
}

/// The editor's own state (no effect on what plays).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Editor {
    pub timeline_width: i32,
    /// The field of view of the editing view, degrees.
    pub view_fov: f32,
    /// The timeline shows the camera, light and accessories (not a model).
    pub editing_camera_light_accessory: bool,
    /// Panels open: camera, light, accessory, bone, morph, then (0002) self-shadow.
    pub panels_open: Vec<bool>,
    pub selected_model: u8,
    /// 0001 only: the model names listed before the models (20 bytes each).
    pub model_list: Vec<String>,
    pub selected_accessory: u8,
    pub accessory_scroll: i32,
    /// The accessory names listed before the accessories (100 bytes each).
    pub accessory_list: Vec<String>,
    pub current_frame: i32,
    pub horizontal_scroll: i32,
    pub horizontal_scroll_thumb: i32,
    /// Select, box select, none, rotate, move (as nanoem numbers them).
    pub editing_mode: i32,
    pub camera_look_mode: u8,
    pub information_shown: bool,
    pub grid_shown: bool,
    pub screen_capture_mode: i32,
    /// Sixteen floats after the camera's look-at bone, of unknown meaning (0002; nanoem writes the
    /// identity matrix).
    pub unknown_matrix: Option<[f32; 16]>,
    /// A byte after [`Camera::follows_look_at`], of unknown meaning (0002).
    pub unknown_flag: Option<u8>,
    /// The frame typed in the frame field (0002).
    pub frame_field: Option<i32>,
    /// The flag before the models' selections at the file's end (0002, when present).
    pub model_selections_flag: Option<u8>,
}
