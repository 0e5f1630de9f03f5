//! Video files from rendered frames. The frames go as raw RGBA through a pipe to `ffmpeg`,
//! found on the PATH, which encodes them: H.264 in MP4 or VP9 in WebM, picked by the file's
//! extension. Encoding in-process would take a codec library with its own C build (x264,
//! libvpx) or a patent-encumbered Rust port; ffmpeg is on every platform's package manager,
//! and without it PNG frames still export.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread::JoinHandle;

use image::RgbaImage;

use mmd_scene::media::music_clock::music_time;
use mmd_scene::stage::scene::Scene;

/// The program the frames are handed to.
const FFMPEG: &str = "ffmpeg";

/// What to tell a user whose machine has no ffmpeg.
pub const INSTALL_FFMPEG: &str = "install ffmpeg to export video (Debian and Ubuntu: \
     apt-get install ffmpeg; Fedora: dnf install ffmpeg; macOS: brew install ffmpeg; \
     Windows: winget install ffmpeg); PNG frames export without it";

#[derive(Debug, thiserror::Error)]
pub enum VideoError {
    #[error("{0}: unknown video format; name the file .mp4 (H.264) or .webm (VP9)")]
    UnknownFormat(PathBuf),
    #[error("ffmpeg was not found on the PATH: {INSTALL_FFMPEG}")]
    NoEncoder,
    #[error("video size {width}x{height}: H.264 and VP9 need an even width and height")]
    OddSize { width: u32, height: u32 },
    #[error("{0} frames per second: a video needs between 1 and 240")]
    Rate(u32),
    #[error("a frame of {got_width}x{got_height} for a {width}x{height} video")]
    FrameSize {
        width: u32,
        height: u32,
        got_width: u32,
        got_height: u32,
    },
    #[error("ffmpeg could not be started: {0}")]
    Start(std::io::Error),
    #[error("ffmpeg failed to write {path}: {message}")]
    Encoder { path: PathBuf, message: String },
}

/// The music a video carries.
#[derive(Debug, Clone, PartialEq)]
pub struct AudioInput {
    /// A sound file ffmpeg reads (the scene's music).
    pub path: PathBuf,
    /// Seconds into the music at the video's first frame; negative: the video starts that
    /// long before the music, in silence.
    pub start: f64,
}

impl AudioInput {
    /// The scene's music for a video whose first frame is timeline frame `first_frame`,
    /// the music starting at frame `offset`; `None` without music.
    pub fn of_scene(scene: &Scene, first_frame: f32, offset: f32) -> Option<AudioInput> {
        scene.music.as_ref().map(|music| AudioInput {
            path: music.path.clone(),
            start: music_time(first_frame, offset),
        })
    }

    /// ffmpeg's input options for the music.
    fn input_arguments(&self) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = Vec::new();
        if self.start > 0.0 {
            args.extend(["-ss".into(), format!("{:.6}", self.start).into()]);
        }
        args.extend(["-i".into(), self.path.as_os_str().to_owned()]);
        args
    }

    /// The filter that lines the music up with the frames: silence before it starts, and
    /// silence after it ends so that the video's length, not the music's, decides.
    fn filter(&self) -> String {
        if self.start < 0.0 {
            let delay_ms = (-self.start * 1000.0).round() as u64;
            format!("adelay={delay_ms}:all=1,apad")
        } else {
            "apad".to_owned()
        }
    }
}

/// The codec a video file gets, from its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoCodec {
    /// H.264 in an MP4 container: plays everywhere, and video sites take it.
    H264,
    /// VP9 in WebM: free of patents, plays in every browser.
    Vp9,
}

impl VideoCodec {
    pub fn for_path(path: &Path) -> Result<VideoCodec, VideoError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("mp4" | "m4v" | "mov") => Ok(VideoCodec::H264),
            Some("webm") => Ok(VideoCodec::Vp9),
            _ => Err(VideoError::UnknownFormat(path.to_path_buf())),
        }
    }

    /// ffmpeg's audio codec options.
    fn audio_options(self) -> &'static [&'static str] {
        match self {
            VideoCodec::H264 => &["-c:a", "aac", "-b:a", "192k"],
            VideoCodec::Vp9 => &["-c:a", "libopus", "-b:a", "160k"],
        }
    }

    /// ffmpeg's output options. Both keep the quality visually lossless for rendered frames,
    /// 4:2:0 chroma (what players expect) and BT.709 colour, tagged so that players convert
    /// it back the way it was made.
    fn ffmpeg_options(self) -> &'static [&'static str] {
        match self {
            VideoCodec::H264 => &[
                "-c:v",
                "libx264",
                "-preset",
                "medium",
                "-crf",
                "16",
                "-movflags",
                "+faststart",
            ],
            VideoCodec::Vp9 => &[
                "-c:v",
                "libvpx-vp9",
                "-crf",
                "24",
                "-b:v",
                "0",
                "-deadline",
                "good",
                "-cpu-used",
                "4",
                "-row-mt",
                "1",
            ],
        }
    }
}

/// The ffmpeg arguments for `width`×`height` RGBA frames at `fps` into `path`, with `audio`
/// muxed in when given.
fn ffmpeg_arguments(
    codec: VideoCodec,
    path: &Path,
    (width, height, fps): (u32, u32, u32),
    audio: Option<&AudioInput>,
) -> Vec<std::ffi::OsString> {
    let size = format!("{width}x{height}");
    let rate = fps.to_string();
    let input = [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgba",
        "-s",
        &size,
        "-framerate",
        &rate,
        "-i",
        "pipe:0",
    ];
    let colour = [
        "-vf",
        "scale=out_color_matrix=bt709:out_range=tv",
        "-pix_fmt",
        "yuv420p",
        "-color_primaries",
        "bt709",
        "-color_trc",
        "bt709",
        "-colorspace",
        "bt709",
        "-color_range",
        "tv",
    ];
    let mut args: Vec<std::ffi::OsString> = input.iter().map(Into::into).collect();
    if let Some(audio) = audio {
        args.extend(audio.input_arguments());
        args.extend(["-map", "0:v:0", "-map", "1:a:0", "-af"].map(Into::into));
        args.push(audio.filter().into());
        args.extend(codec.audio_options().iter().map(Into::into));
        args.push("-shortest".into());
    }
    args.extend(colour.iter().chain(codec.ffmpeg_options()).map(Into::into));
    args.extend(["-r".into(), rate.into(), path.as_os_str().to_owned()]);
    args
}

/// What a `width`×`height` video at `fps` into `path` needs, checked before anything
/// starts: a codec the extension names, an even size and a rate ffmpeg takes.
pub fn check_video(
    path: &Path,
    (width, height): (u32, u32),
    fps: u32,
) -> Result<VideoCodec, VideoError> {
    let codec = VideoCodec::for_path(path)?;
    if !width.is_multiple_of(2) || !height.is_multiple_of(2) {
        return Err(VideoError::OddSize { width, height });
    }
    if !(1..=240).contains(&fps) {
        return Err(VideoError::Rate(fps));
    }
    Ok(codec)
}

/// An ffmpeg process encoding frames into one video file. Frames go in with
/// [`VideoEncoder::push`]; [`VideoEncoder::finish`] closes the file and reports whether
/// ffmpeg succeeded. Dropped unfinished, the process is killed and the file is left
/// incomplete.
#[derive(Debug)]
pub struct VideoEncoder {
    path: PathBuf,
    width: u32,
    height: u32,
    child: Child,
    stdin: Option<ChildStdin>,
    /// Collects what ffmpeg says on stderr, so that a full pipe never stalls it and its
    /// error can be shown.
    messages: Option<JoinHandle<String>>,
}

impl VideoEncoder {
    /// Starts ffmpeg for a `width`×`height` video at `fps` frames per second into `path`,
    /// whose extension picks the codec, carrying `audio` when given.
    pub fn start(
        path: &Path,
        (width, height): (u32, u32),
        fps: u32,
        audio: Option<&AudioInput>,
    ) -> Result<Self, VideoError> {
        let codec = check_video(path, (width, height), fps)?;
        let mut child = Command::new(FFMPEG)
            .args(ffmpeg_arguments(codec, path, (width, height, fps), audio))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => VideoError::NoEncoder,
                _ => VideoError::Start(e),
            })?;
        let stdin = child.stdin.take();
        let messages = child.stderr.take().map(|mut stderr| {
            std::thread::spawn(move || {
                let mut text = String::new();
                // What could not be read is only a message lost; the exit status still tells.
                let _ = stderr.read_to_string(&mut text);
                text
            })
        });
        Ok(VideoEncoder {
            path: path.to_path_buf(),
            width,
            height,
            child,
            stdin,
            messages,
        })
    }

    /// Appends one frame, which must have the video's size.
    pub fn push(&mut self, frame: &RgbaImage) -> Result<(), VideoError> {
        if frame.dimensions() != (self.width, self.height) {
            return Err(VideoError::FrameSize {
                width: self.width,
                height: self.height,
                got_width: frame.width(),
                got_height: frame.height(),
            });
        }
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(frame.as_raw()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        written.map_err(|e| {
            // ffmpeg quit: its own words say why better than the broken pipe does.
            let said = self.stop();
            self.encoder_error(if said.is_empty() { e.to_string() } else { said })
        })
    }

    /// Closes the video: waits for ffmpeg to write the file, and reports its error if it
    /// failed.
    pub fn finish(mut self) -> Result<(), VideoError> {
        drop(self.stdin.take());
        let status = self.child.wait();
        let said = self.messages.take().and_then(|m| m.join().ok());
        match status {
            Ok(status) if status.success() => Ok(()),
            Ok(status) => Err(self.encoder_error(
                said.filter(|s| !s.trim().is_empty())
                    .unwrap_or_else(|| status.to_string()),
            )),
            Err(e) => Err(self.encoder_error(e.to_string())),
        }
    }

    /// Ends ffmpeg now and returns what it had said.
    fn stop(&mut self) -> String {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.messages
            .take()
            .and_then(|m| m.join().ok())
            .unwrap_or_default()
            .trim()
            .to_owned()
    }

    fn encoder_error(&self, message: String) -> VideoError {
        VideoError::Encoder {
            path: self.path.clone(),
            message: message.trim().to_owned(),
        }
    }
}

impl Drop for VideoEncoder {
    fn drop(&mut self) {
        if self.stdin.is_some() {
            self.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codec_follows_the_extension() {
        let codec = |name: &str| VideoCodec::for_path(Path::new(name)).ok();
        assert_eq!(codec("dance.mp4"), Some(VideoCodec::H264));
        assert_eq!(codec("dance.MP4"), Some(VideoCodec::H264));
        assert_eq!(codec("dance.webm"), Some(VideoCodec::Vp9));
        assert_eq!(codec("dance.avi"), None);
        assert_eq!(codec("dance"), None);
    }

    #[test]
    fn odd_sizes_and_rates_are_refused_before_ffmpeg_starts() {
        let path = Path::new("never-written.mp4");
        assert!(matches!(
            VideoEncoder::start(path, (641, 480), 30, None),
            Err(VideoError::OddSize { .. })
        ));
        assert!(matches!(
            VideoEncoder::start(path, (640, 480), 0, None),
            Err(VideoError::Rate(0))
        ));
    }

    #[test]
    fn arguments_describe_the_raw_input_and_end_with_the_file() {
        let args = ffmpeg_arguments(VideoCodec::H264, Path::new("out.mp4"), (640, 360, 60), None);
        let args: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let after = |flag: &str| {
            let i = args.iter().position(|a| a == flag).unwrap_or(usize::MAX);
            args.get(i.wrapping_add(1)).cloned()
        };
        assert_eq!(after("-s").as_deref(), Some("640x360"));
        assert_eq!(after("-framerate").as_deref(), Some("60"));
        assert_eq!(after("-pix_fmt").as_deref(), Some("rgba"));
        assert_eq!(after("-c:v").as_deref(), Some("libx264"));
        assert_eq!(args.last().map(String::as_str), Some("out.mp4"));
        assert!(
            !args.iter().any(|a| a == "-map"),
            "no audio, no second input"
        );
    }

    #[test]
    fn music_is_cut_into_or_delayed_to_the_first_frame() {
        let text = |audio: &AudioInput| {
            let args = ffmpeg_arguments(
                VideoCodec::Vp9,
                Path::new("o.webm"),
                (64, 64, 30),
                Some(audio),
            );
            args.iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let later = text(&AudioInput {
            path: "song.wav".into(),
            start: 2.5,
        });
        assert!(later.contains("-ss 2.500000 -i song.wav"), "{later}");
        assert!(
            later.contains("-af apad") && later.contains("libopus"),
            "{later}"
        );
        let earlier = text(&AudioInput {
            path: "song.wav".into(),
            start: -1.25,
        });
        assert!(!earlier.contains("-ss"), "{earlier}");
        assert!(earlier.contains("adelay=1250:all=1,apad"), "{earlier}");
    }
}
