//! The window's audio output: the scene's music played on the system's default sound device
//! (rodio over cpal), exposed to the player as the [`MusicTrack`] its clock follows. The
//! device is opened the first time there is music; where none can be opened (no sound card, a
//! server, a container) the music plays silently, the timeline runs on the wall clock, and a
//! notice says so.

use std::time::Duration;

use mmd_scene::media::music::Music;
use mmd_scene::media::music_clock::MusicTrack;
use mmd_session::Player;
use mmd_session::notices::Notice;
use rodio::{DeviceSinkBuilder, MixerDeviceSink};
use rust_i18n::t;

/// The sound device, opened when first needed.
enum Device {
    Unopened,
    Open(MixerDeviceSink),
    /// Opening failed; not tried again.
    Missing,
}

pub struct AudioOut {
    device: Device,
    track: Option<RodioTrack>,
    /// The player's music generation the track was made for.
    generation: Option<u64>,
}

impl AudioOut {
    pub fn new() -> AudioOut {
        AudioOut {
            device: Device::Unopened,
            track: None,
            generation: None,
        }
    }

    /// The track to drive the timeline with: the player's music, loaded (again) when it
    /// changed, at the player's volume; `None` without music or without a sound device.
    pub fn track(&mut self, player: &mut Player) -> Option<&mut dyn MusicTrack> {
        let generation = player.music_generation();
        if self.generation != Some(generation) {
            self.generation = Some(generation);
            self.track = player
                .music()
                .cloned()
                .and_then(|music| self.load(music, player));
        }
        let track = self.track.as_mut()?;
        let settings = player.music_settings();
        let volume = if settings.muted { 0.0 } else { settings.volume };
        track.output.set_volume(volume);
        Some(track)
    }

    fn load(&mut self, music: Music, player: &mut Player) -> Option<RodioTrack> {
        if matches!(self.device, Device::Unopened) {
            self.device = match DeviceSinkBuilder::open_default_sink() {
                Ok(mut sink) => {
                    sink.log_on_drop(false);
                    Device::Open(sink)
                }
                Err(e) => {
                    log::warn!("no sound device: {e}");
                    player.add_notice(Notice::warning(
                        music.path.display().to_string(),
                        t!("window.no_sound_device", error = e),
                    ));
                    Device::Missing
                }
            };
        }
        let Device::Open(sink) = &self.device else {
            return None;
        };
        let output = rodio::Player::connect_new(sink.mixer());
        output.pause();
        let mut track = RodioTrack { output, music };
        track.queue();
        Some(track)
    }
}

/// The music on the sound device.
struct RodioTrack {
    output: rodio::Player,
    music: Music,
}

impl RodioTrack {
    /// Queues the music from its start when nothing is queued (at first, and after it
    /// played to its end).
    fn queue(&mut self) {
        if self.output.empty() {
            match self.music.decoder() {
                Ok(decoder) => self.output.append(decoder),
                Err(e) => log::warn!("{}: {e}", self.music.label),
            }
        }
    }
}

impl MusicTrack for RodioTrack {
    fn position(&self) -> f64 {
        self.output.get_pos().as_secs_f64()
    }

    fn sounding(&self) -> bool {
        !self.output.is_paused() && !self.output.empty()
    }

    fn play(&mut self) {
        self.output.play();
    }

    fn pause(&mut self) {
        self.output.pause();
    }

    fn seek(&mut self, seconds: f64) {
        self.queue();
        if let Err(e) = self
            .output
            .try_seek(Duration::from_secs_f64(seconds.max(0.0)))
        {
            log::warn!("{}: cannot seek to {seconds:.2} s: {e}", self.music.label);
        }
    }

    fn duration(&self) -> f64 {
        self.music.duration()
    }
}
