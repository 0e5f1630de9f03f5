//! The timeline: the current frame, play/pause, loop and speed. It only moves a frame
//! number; what is shown at that frame is computed from scratch (time is stateless), so
//! scrubbing to a frame shows exactly what playing up to it shows.

/// MMD runs at 30 frames per second.
pub const FRAMES_PER_SECOND: f32 = 30.0;
/// Slowest and fastest playback speeds offered.
pub const SPEED_RANGE: (f32, f32) = (0.25, 2.0);

#[derive(Debug, Clone, PartialEq)]
pub struct Playback {
    frame: f32,
    last_frame: f32,
    pub playing: bool,
    pub looping: bool,
    speed: f32,
}

impl Playback {
    /// A timeline over `0..=last_frame`, playing and looping from frame 0.
    pub fn new(last_frame: f32) -> Playback {
        Playback {
            frame: 0.0,
            last_frame: last_frame.max(0.0),
            playing: true,
            looping: true,
            speed: 1.0,
        }
    }

    pub fn frame(&self) -> f32 {
        self.frame
    }

    /// The whole frame the timeline shows: playback stops between frames, and the frame
    /// field and the scrub bar show the frame it is in.
    pub fn shown_frame(&self) -> f32 {
        self.frame.floor()
    }

    pub fn last_frame(&self) -> f32 {
        self.last_frame
    }

    pub fn speed(&self) -> f32 {
        self.speed
    }

    /// Sets the speed, clamped to [`SPEED_RANGE`].
    pub fn set_speed(&mut self, speed: f32) {
        self.speed = if speed.is_finite() {
            speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1)
        } else {
            1.0
        };
    }

    /// A new motion range (new files opened); the current frame is kept when still inside.
    pub fn set_last_frame(&mut self, last_frame: f32) {
        self.last_frame = last_frame.max(0.0);
        self.frame = self.frame.clamp(0.0, self.last_frame);
    }

    /// Jumps to `frame` (clamped to the motion; NaN goes to 0).
    pub fn seek(&mut self, frame: f32) {
        self.frame = if frame.is_nan() {
            0.0
        } else {
            frame.clamp(0.0, self.last_frame)
        };
    }

    pub fn toggle_play(&mut self) {
        if !self.playing && !self.looping && self.frame >= self.last_frame {
            self.frame = 0.0;
        }
        self.playing = !self.playing;
    }

    /// Pauses and moves by whole frames from the frame shown, so a step always lands next
    /// to the number the user sees.
    pub fn step(&mut self, frames: i32) {
        self.playing = false;
        self.seek(self.shown_frame() + frames as f32);
    }

    pub fn jump_to_start(&mut self) {
        self.seek(0.0);
    }

    pub fn jump_to_end(&mut self) {
        self.seek(self.last_frame);
    }

    /// Advances by `seconds` of wall time when playing. At the end it wraps (looping) or
    /// stops on the last frame.
    pub fn advance(&mut self, seconds: f32) {
        if !self.playing || !seconds.is_finite() || seconds <= 0.0 {
            return;
        }
        let next = self.frame + seconds * FRAMES_PER_SECOND * self.speed;
        if next <= self.last_frame {
            self.frame = next;
        } else if self.looping && self.last_frame > 0.0 {
            self.frame = next % self.last_frame;
        } else {
            self.frame = self.last_frame;
            self.playing = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playing_advances_thirty_frames_a_second_scaled_by_speed() {
        let mut p = Playback::new(100.0);
        p.advance(1.0);
        assert_eq!(p.frame(), 30.0);
        p.set_speed(0.5);
        p.advance(1.0);
        assert_eq!(p.frame(), 45.0);
        p.set_speed(10.0);
        assert_eq!(p.speed(), SPEED_RANGE.1);
    }

    #[test]
    fn looping_wraps_and_not_looping_stops_at_the_end() {
        let mut p = Playback::new(100.0);
        p.seek(90.0);
        p.advance(0.5);
        assert_eq!(p.frame(), 5.0);
        p.looping = false;
        p.seek(90.0);
        p.advance(0.5);
        assert_eq!(p.frame(), 100.0);
        assert!(!p.playing);
        p.toggle_play();
        assert_eq!(p.frame(), 0.0, "play at the end restarts");
    }

    #[test]
    fn steps_start_from_the_frame_shown() {
        let mut p = Playback::new(1000.0);
        for (from, frames, to) in [
            (696.4, 1, 697.0),
            (696.6, 1, 697.0),
            (696.6, -1, 695.0),
            (696.0, 1, 697.0),
            (0.9, -1, 0.0),
        ] {
            p.seek(from);
            assert_eq!(p.shown_frame(), from.floor());
            p.step(frames);
            assert_eq!(p.frame(), to, "{frames:+} from {from}");
            assert_eq!(p.shown_frame(), to);
        }
    }

    #[test]
    fn stepping_pauses_and_moves_whole_frames_within_range() {
        let mut p = Playback::new(10.0);
        p.seek(3.4);
        p.step(1);
        assert!(!p.playing);
        assert_eq!(p.frame(), 4.0);
        p.step(-100);
        assert_eq!(p.frame(), 0.0);
        p.jump_to_end();
        assert_eq!(p.frame(), 10.0);
        p.seek(f32::NAN);
        assert_eq!(p.frame(), 0.0);
    }
}
