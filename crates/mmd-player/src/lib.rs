//! The window-free core of the desktop player: the bundled default scene, loading files into
//! a scene, the timeline, the user's IK and morph overrides, the free camera, and which pose
//! is drawn. The binary's window layer (`src/app/`) only forwards input to these types and
//! draws what they say, so integration tests can drive the player without a window.

pub mod default_assets;
pub mod fonts;
pub mod orbit;
pub mod playback;
pub mod player;
pub mod scene;
