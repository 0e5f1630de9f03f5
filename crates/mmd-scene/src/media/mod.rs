//! The timeline and the music: [`playback::Playback`] moves the frame (play, pause, loop,
//! speed), [`music::Music`] is the song decoded without a sound output, and [`music_clock`]
//! makes the music the clock while it plays at normal speed.

pub mod music;
pub mod music_clock;
pub mod playback;
