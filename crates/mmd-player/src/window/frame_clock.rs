//! Wall time for playback, counted from the first frame the user sees. Opening the window,
//! starting the GPU and uploading a model take seconds on a software renderer; counting them
//! would start the dance far past frame 0 before anything is shown. A long stall later (a
//! model loaded from the menu) holds the clock the same way.

use std::time::Instant;

#[derive(Debug, Clone, Copy, Default)]
pub struct FrameClock {
    /// When the last counted frame began; `None` until a frame has been presented since the
    /// clock was started or held.
    last: Option<Instant>,
}

impl FrameClock {
    /// A clock that waits for the first presented frame.
    pub fn new() -> FrameClock {
        FrameClock::default()
    }

    /// Seconds of playback since the previous frame began: 0 until a frame has been
    /// presented.
    pub fn tick(&mut self, now: Instant) -> f32 {
        match self.last {
            Some(last) => {
                self.last = Some(now);
                now.saturating_duration_since(last).as_secs_f32()
            }
            None => 0.0,
        }
    }

    /// A frame reached the screen; the first since the clock started or was held starts it.
    pub fn presented(&mut self, now: Instant) {
        self.last.get_or_insert(now);
    }

    /// Stops counting until the next presented frame.
    pub fn hold(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn time_starts_at_the_first_presented_frame() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut clock = FrameClock::new();
        // Window, GPU and model upload: 3 s before the first frame is on screen.
        assert_eq!(clock.tick(at(3000)), 0.0);
        clock.presented(at(3500));
        // Frames then count from that moment: the first playing frame is 0.1 s in.
        assert!((clock.tick(at(3600)) - 0.1).abs() < 1e-6);
        clock.presented(at(3650));
        assert!((clock.tick(at(3700)) - 0.1).abs() < 1e-6);
        // A model loads for 2 s: held, that time is not played.
        clock.hold();
        assert_eq!(clock.tick(at(5700)), 0.0);
        clock.presented(at(5750));
        assert!((clock.tick(at(5800)) - 0.05).abs() < 1e-6);
    }
}
