//! Whether the machine can encode and inspect video, and what ffprobe finds in a video, for
//! the tests that need to.
// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use std::process::Command;

/// Whether `ffmpeg` and `ffprobe` run; with `MMD_REQUIRE_FFMPEG=1` they must.
pub fn have_ffmpeg() -> bool {
    let runs = |program: &str| {
        Command::new(program)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if runs("ffmpeg") && runs("ffprobe") {
        return true;
    }
    assert_ne!(
        std::env::var("MMD_REQUIRE_FFMPEG").as_deref(),
        Ok("1"),
        "MMD_REQUIRE_FFMPEG=1 but ffmpeg or ffprobe is not on the PATH"
    );
    eprintln!("skipping: ffmpeg or ffprobe is not on the PATH");
    false
}

/// One stream of a media file as ffprobe sees it.
pub struct Stream {
    /// "video" or "audio".
    pub kind: String,
    pub codec: String,
    /// Frames decoded (video).
    pub frames: Option<u64>,
    /// Frames per second as a fraction, e.g. "30/1" (video).
    pub rate: String,
}

/// What ffprobe reports of a media file: its streams and the container's duration.
pub struct Probe {
    pub streams: Vec<Stream>,
    pub duration: f64,
}

impl Probe {
    /// The first video stream.
    pub fn video(&self) -> &Stream {
        self.streams.iter().find(|s| s.kind == "video").unwrap()
    }

    /// Each stream's kind and codec, in order.
    pub fn codecs(&self) -> Vec<(&str, &str)> {
        self.streams
            .iter()
            .map(|s| (s.kind.as_str(), s.codec.as_str()))
            .collect()
    }
}

/// Every stream of `media`, its video frames counted by decoding them.
pub fn probe(media: &std::path::Path) -> Probe {
    let output = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames"])
        .args([
            "-show_entries",
            "stream=codec_type,codec_name,nb_read_frames,r_frame_rate",
        ])
        .args(["-show_entries", "format=duration", "-of", "json"])
        .arg(media)
        .output()
        .unwrap();
    assert!(output.status.success(), "ffprobe: {output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
    let streams = json["streams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| Stream {
            kind: text(&s["codec_type"]),
            codec: text(&s["codec_name"]),
            frames: s["nb_read_frames"].as_str().and_then(|n| n.parse().ok()),
            rate: text(&s["r_frame_rate"]),
        })
        .collect();
    let duration = json["format"]["duration"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    Probe { streams, duration }
}
