//! The music as the playback clock, as nanoem does it: while the timeline plays at normal
//! speed over the music, the frame shown is where the music is heard, so a dance never drifts
//! from its song however long it plays and however unevenly frames are drawn. Before the music
//! starts, after it ends, and at other speeds (where the music is muted rather than
//! time-stretched: a stretched song is not the song the dance was made to) the wall clock
//! moves the timeline as without music. Whatever moves the timeline otherwise (a seek, a step,
//! a jump, a loop back to the start) cues the music to the frame it lands on.
//!
//! The music is reached through [`MusicTrack`], so the window's audio output and the tests'
//! simulated one are driven the same way.

use crate::media::playback::{FRAMES_PER_SECOND, Playback};

/// A music track being played out.
pub trait MusicTrack {
    /// Seconds into the music being heard now.
    fn position(&self) -> f64;
    /// Whether it is sounding: playing, and not past its end.
    fn sounding(&self) -> bool;
    fn play(&mut self);
    fn pause(&mut self);
    /// Moves to `seconds` into the music, in `0..duration`.
    fn seek(&mut self, seconds: f64);
    /// Seconds of music.
    fn duration(&self) -> f64;
}

/// Seconds into the music at timeline `frame`, the music's start playing at frame `offset`.
pub fn music_time(frame: f32, offset: f32) -> f64 {
    f64::from(frame - offset) / f64::from(FRAMES_PER_SECOND)
}

/// The timeline frame at which `seconds` of the music play.
pub fn music_frame(seconds: f64, offset: f32) -> f32 {
    (f64::from(offset) + seconds * f64::from(FRAMES_PER_SECOND)) as f32
}

/// Keeps the timeline and the music together, one displayed frame at a time.
#[derive(Debug, Clone, Default)]
pub struct MusicSync {
    /// Where the last [`MusicSync::drive`] left the timeline; any other frame means something
    /// else moved it since, and the music is cued again.
    left_at: Option<f32>,
}

impl MusicSync {
    /// Moves `playback` on by one displayed frame that took `wall_seconds`: to where `track`
    /// is heard while it sounds under a timeline playing at normal speed, by the wall clock
    /// otherwise; starts, stops and cues the music to match. The music's start plays at
    /// timeline frame `offset` (negative: the music starts before the motion).
    pub fn drive(
        &mut self,
        playback: &mut Playback,
        track: &mut dyn MusicTrack,
        offset: f32,
        wall_seconds: f32,
    ) {
        if !playback.playing || playback.speed() != 1.0 {
            if track.sounding() {
                track.pause();
            }
            playback.advance(wall_seconds);
            self.left_at = None;
            return;
        }
        let frame = playback.frame();
        if self.left_at != Some(frame) {
            cue(track, frame, offset);
        }
        if track.sounding() {
            let heard = music_frame(track.position(), offset);
            if heard > playback.last_frame() {
                // Past the motion's end: the timeline loops or stops by its own rules, and
                // the music follows it there.
                playback.advance((heard - frame).max(0.0) / FRAMES_PER_SECOND);
                cue(track, playback.frame(), offset);
            } else if heard >= frame {
                playback.seek(heard);
            }
        } else {
            let before = music_time(frame, offset);
            playback.advance(wall_seconds);
            let now = music_time(playback.frame(), offset);
            // The music's start reached, or the timeline looped back into it.
            if (before < 0.0 && now >= 0.0) || now < before {
                cue(track, playback.frame(), offset);
            }
        }
        self.left_at = Some(playback.frame());
    }
}

/// Plays the music from where timeline `frame` is in it, or silences it when the frame lies
/// outside it.
fn cue(track: &mut dyn MusicTrack, frame: f32, offset: f32) {
    let at = music_time(frame, offset);
    if (0.0..track.duration()).contains(&at) {
        track.seek(at);
        track.play();
    } else if track.sounding() {
        track.pause();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track that plays in simulated time and reports its position in whole audio buffers,
    /// as an audio device does; its clock runs 0.2% fast against the wall clock, as a sound
    /// card's crystal may (ten minutes: 1.2 s, 36 frames, apart).
    struct SimulatedTrack {
        duration: f64,
        /// Seconds into the music actually heard.
        heard: f64,
        playing: bool,
        buffer: f64,
    }

    impl SimulatedTrack {
        fn new(duration: f64) -> SimulatedTrack {
            SimulatedTrack {
                duration,
                heard: 0.0,
                playing: false,
                // 512 frames at 44.1 kHz.
                buffer: 512.0 / 44_100.0,
            }
        }

        /// `seconds` of wall time pass.
        fn pass(&mut self, seconds: f64) {
            if self.playing {
                self.heard = (self.heard + seconds * 1.002).min(self.duration);
            }
        }
    }

    impl MusicTrack for SimulatedTrack {
        fn position(&self) -> f64 {
            (self.heard / self.buffer).floor() * self.buffer
        }
        fn sounding(&self) -> bool {
            self.playing && self.heard < self.duration
        }
        fn play(&mut self) {
            self.playing = true;
        }
        fn pause(&mut self) {
            self.playing = false;
        }
        fn seek(&mut self, seconds: f64) {
            self.heard = seconds.clamp(0.0, self.duration);
        }
        fn duration(&self) -> f64 {
            self.duration
        }
    }

    /// Display frames of uneven length: 60 Hz with ±40% jitter and, every 97th, a stall of
    /// a tenth of a second (a slow frame, a model loading).
    fn frame_time(i: u64) -> f64 {
        let jitter = ((i * 7919) % 101) as f64 / 100.0 - 0.5;
        if i % 97 == 96 {
            0.1
        } else {
            (1.0 + 0.8 * jitter) / 60.0
        }
    }

    /// Plays for `seconds`, checking after every displayed frame that the timeline is within
    /// one frame of the music heard while the music sounds.
    fn play(
        sync: &mut MusicSync,
        playback: &mut Playback,
        track: &mut SimulatedTrack,
        offset: f32,
        seconds: f64,
    ) {
        let mut elapsed = 0.0;
        let mut i = 0;
        while elapsed < seconds {
            let dt = frame_time(i);
            track.pass(dt);
            sync.drive(playback, track, offset, dt as f32);
            if track.sounding() {
                let heard = music_frame(track.heard, offset);
                assert!(
                    (playback.frame() - heard).abs() <= 1.0,
                    "at {elapsed:.2} s the timeline shows {} while the music is at frame {heard}",
                    playback.frame()
                );
            }
            elapsed += dt;
            i += 1;
        }
    }

    #[test]
    fn ten_minutes_of_uneven_frames_stay_within_a_frame_of_the_music() {
        let mut playback = Playback::new(30.0 * 700.0);
        let mut track = SimulatedTrack::new(660.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 0.0, 600.0);
        assert!(track.sounding());
        assert!((playback.frame() - music_frame(track.heard, 0.0)).abs() <= 1.0);
        // The wall clock alone would be 36 frames behind the music by now.
        assert!((track.heard - 601.2).abs() < 0.2, "{}", track.heard);
    }

    #[test]
    fn seeking_pausing_and_jumping_cue_the_music() {
        let mut playback = Playback::new(3000.0);
        let mut track = SimulatedTrack::new(120.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 0.0, 5.0);

        // Paused: the music stops with the timeline and stays where it was.
        playback.playing = false;
        play(&mut sync, &mut playback, &mut track, 0.0, 2.0);
        assert!(!track.sounding());
        let paused_at = playback.frame();
        // The music played on until the frame that paused it was drawn.
        assert!((music_frame(track.heard, 0.0) - paused_at).abs() <= 4.0);

        // A seek while paused, then play: the music starts from the new frame.
        playback.seek(1200.0);
        playback.playing = true;
        play(&mut sync, &mut playback, &mut track, 0.0, 3.0);
        assert!((track.heard - (40.0 + 3.0)).abs() < 0.1, "{}", track.heard);

        // A jump while playing.
        playback.jump_to_start();
        play(&mut sync, &mut playback, &mut track, 0.0, 1.0);
        assert!((track.heard - 1.0).abs() < 0.1, "{}", track.heard);
    }

    #[test]
    fn a_looping_motion_takes_the_music_back_with_it() {
        // A 10 s motion over a minute of music: every loop starts the music again.
        let mut playback = Playback::new(300.0);
        let mut track = SimulatedTrack::new(60.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 0.0, 35.0);
        assert!(
            (track.heard - 5.0).abs() < 0.1,
            "after three loops and 5 s the music is 5 s in, not {}",
            track.heard
        );
    }

    #[test]
    fn an_offset_starts_the_music_at_its_frame() {
        // The music starts at frame 60: two seconds of motion first, on the wall clock.
        let mut playback = Playback::new(3000.0);
        let mut track = SimulatedTrack::new(60.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 60.0, 1.9);
        assert!(!track.sounding());
        play(&mut sync, &mut playback, &mut track, 60.0, 2.1);
        assert!(track.sounding());
        assert!((track.heard - 2.0).abs() < 0.1, "{}", track.heard);

        // Negative: frame 0 plays the music 3 s in.
        let mut playback = Playback::new(3000.0);
        let mut track = SimulatedTrack::new(60.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, -90.0, 1.0);
        assert!((track.heard - 4.0).abs() < 0.1, "{}", track.heard);
    }

    #[test]
    fn other_speeds_mute_the_music_and_normal_speed_brings_it_back_in_step() {
        let mut playback = Playback::new(3000.0);
        let mut track = SimulatedTrack::new(120.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 0.0, 2.0);
        playback.set_speed(0.5);
        play(&mut sync, &mut playback, &mut track, 0.0, 4.0);
        assert!(!track.sounding());
        assert!(
            (playback.frame() - 120.0).abs() < 2.0,
            "2 s at 1× and 4 s at 0.5×: frame {}",
            playback.frame()
        );
        playback.set_speed(1.0);
        play(&mut sync, &mut playback, &mut track, 0.0, 1.0);
        assert!(track.sounding());
        assert!((track.heard - 5.0).abs() < 0.1, "{}", track.heard);
    }

    #[test]
    fn after_the_music_ends_the_wall_clock_goes_on() {
        let mut playback = Playback::new(3000.0);
        let mut track = SimulatedTrack::new(3.0);
        let mut sync = MusicSync::default();
        play(&mut sync, &mut playback, &mut track, 0.0, 6.0);
        assert!(!track.sounding());
        assert!(
            (playback.frame() - 180.0).abs() < 2.0,
            "{}",
            playback.frame()
        );
    }
}
