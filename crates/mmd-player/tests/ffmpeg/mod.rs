//! Whether the machine can encode and inspect video, for the tests that need to.

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
