//! The scene's music as the player keeps it: its offset on the timeline, volume and mute, and
//! the clock that makes the timeline follow the music while it plays
//! ([`mmd_scene::media::music_clock`]). The window's audio output plays the music; the player only says
//! what to play and takes the time from it.

use super::Player;
use mmd_scene::media::music::Music;
use mmd_scene::media::music_clock::{MusicSync, MusicTrack};

/// How the music is played, kept when the music changes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MusicSettings {
    /// The timeline frame at which the music's start plays; negative: the music starts that
    /// many frames before the motion.
    pub offset: f32,
    /// 0 to 1.
    pub volume: f32,
    pub muted: bool,
}

impl Default for MusicSettings {
    fn default() -> MusicSettings {
        MusicSettings {
            offset: 0.0,
            volume: 1.0,
            muted: false,
        }
    }
}

/// The largest offset, either way: an hour of frames.
const MAX_OFFSET: f32 = 108_000.0;

#[derive(Debug, Default)]
pub(super) struct MusicState {
    pub(super) settings: MusicSettings,
    sync: MusicSync,
    /// Changes whenever the music is replaced or removed, so the audio output reloads it.
    pub(super) generation: u64,
}

impl Player {
    pub(super) fn music_changed(&mut self) {
        self.music.generation += 1;
        self.music.sync = MusicSync::default();
    }

    pub(super) fn set_music_offset(&mut self, frame: f32) {
        if frame.is_finite() {
            self.music.settings.offset = frame.clamp(-MAX_OFFSET, MAX_OFFSET);
            // The music is cued again at the frame shown.
            self.music.sync = MusicSync::default();
        }
    }

    pub(super) fn set_music_volume(&mut self, volume: f32) {
        if volume.is_finite() {
            self.music.settings.volume = volume.clamp(0.0, 1.0);
        }
    }

    pub(super) fn remove_music(&mut self) {
        if self.scene.music.take().is_some() {
            self.music_changed();
        }
    }

    /// Advances the timeline by `seconds` of wall time, following `track` (the scene's music
    /// being played out) while it sounds: see [`mmd_scene::media::music_clock`].
    pub fn advance_with_music(&mut self, track: &mut dyn MusicTrack, seconds: f32) {
        let offset = self.music.settings.offset;
        self.music
            .sync
            .drive(&mut self.playback, track, offset, seconds);
    }

    pub fn music(&self) -> Option<&Music> {
        self.scene.music.as_ref()
    }

    pub fn music_settings(&self) -> MusicSettings {
        self.music.settings
    }

    /// Changes whenever the music is replaced or removed.
    pub fn music_generation(&self) -> u64 {
        self.music.generation
    }
}
