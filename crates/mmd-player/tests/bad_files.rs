//! One wording for each kind of bad file: `inspect` (text and `--json`), another subcommand
//! (`pose`), the scene loader and the window's notices all say the same line, the problem in
//! words first and the technical detail after a dash.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use mmd_player::config_folder::ConfigFiles;
use mmd_player::services::desktop_services_in;
use std::path::Path;
use std::process::Command;

// The scene crate's test tone writer.
#[path = "../../mmd-scene/tests/tone_wav/mod.rs"]
mod tone_wav;

use mmd_scene::stage::scene::Scene;
use mmd_session::Player;
use mmd_session::action::Action;
use mmd_session::notices::Severity;
use tone_wav::tone_wav_with;

const ASSETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets");

fn asset(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(ASSETS).join(name)).unwrap()
}

/// What goes at a path for one kind of bad file.
enum Made {
    Bytes(Vec<u8>),
    Folder,
    Nothing,
}

/// One kind of bad file: its name, what is there, the words every part must start with, and
/// a piece of the detail that must follow them (`None`: the words are the whole line).
struct Case {
    name: &'static str,
    made: Made,
    words: &'static str,
    detail: Option<&'static str>,
}

fn cases() -> Vec<Case> {
    let model = asset("default_model.pmx");
    let motion = asset("default_motion.vmd");
    let mut too_many = motion.clone();
    // The bone key count, after the 30-byte signature and the 20-byte model name.
    too_many[50..54].copy_from_slice(&28646u32.to_le_bytes());
    let mut version_3 = model.clone();
    version_3[4..8].copy_from_slice(&3.0f32.to_le_bytes());
    let tone = tone_wav_with(1.0, 8000, 1);
    let mut damaged_wav = tone.clone();
    // The format chunk says it runs far past the end of the file.
    damaged_wav[16..20].copy_from_slice(&u32::MAX.to_le_bytes());
    let cut_wav = tone[..tone.len() / 3].to_vec();
    let noise: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 253) as u8).collect();
    let empty = |name| Case {
        name,
        made: Made::Bytes(Vec::new()),
        words: "the file is empty",
        detail: None,
    };
    vec![
        empty("empty.pmx"),
        empty("empty.vmd"),
        empty("empty.wav"),
        empty("empty.x"),
        Case {
            name: "cut.pmx",
            made: Made::Bytes(model[..20].to_vec()),
            words: "the file is damaged: it ends too early",
            detail: Some("PMX: model name: unexpected end of file"),
        },
        Case {
            name: "cut.vmd",
            made: Made::Bytes(motion[..40].to_vec()),
            words: "the file is damaged: it ends too early",
            detail: Some("VMD: header: model name: unexpected end of file"),
        },
        Case {
            name: "too_many.vmd",
            made: Made::Bytes(too_many),
            words: "the file is damaged: it says 28646 entries follow, more than the rest of it \
                    holds",
            detail: Some("count 28646 needs at least 3179706 bytes"),
        },
        Case {
            name: "version_3.pmx",
            made: Made::Bytes(version_3),
            words: "PMX version 3 is not supported",
            detail: Some("unsupported version 3 at byte 4"),
        },
        Case {
            name: "unknown.vmd",
            made: Made::Bytes(b"not an MMD file at all".to_vec()),
            words: "not an MMD or music file",
            detail: Some("it starts like no PMX, PMD, VMD"),
        },
        Case {
            name: "damaged.wav",
            made: Made::Bytes(damaged_wav),
            words: "the file is damaged: its sound does not decode",
            detail: Some("chunk"),
        },
        Case {
            name: "cut.wav",
            made: Made::Bytes(cut_wav),
            words: "the file is damaged: it ends too early",
            detail: Some("it says 1.0 s of sound, but only 0.3 s decode"),
        },
        Case {
            name: "noise.mp3",
            made: Made::Bytes(noise),
            words: "not a music file the player reads (WAV, MP3, Ogg Vorbis or FLAC)",
            detail: Some("not been recognized"),
        },
        Case {
            name: "missing.pmx",
            made: Made::Nothing,
            words: "the file does not exist",
            detail: Some(""),
        },
        Case {
            name: "folder.pmx",
            made: Made::Folder,
            words: "it is a folder, not a file",
            detail: None,
        },
    ]
}

/// `mmd-player ARGS` on a bad file: it fails with nothing on stdout; its stderr.
fn fails(args: &[&str], path: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mmd-player"))
        .args(args)
        .arg(path)
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    stderr
}

#[test]
fn each_kind_of_bad_file_reads_the_same_in_inspect_the_command_line_the_scene_and_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut player = Player::with_services(
        Scene::bundled().unwrap(),
        desktop_services_in(ConfigFiles::none()),
    );
    for case in cases() {
        let name = case.name;
        let path = dir.path().join(name);
        match case.made {
            Made::Bytes(bytes) => std::fs::write(&path, bytes).unwrap(),
            Made::Folder => std::fs::create_dir(&path).unwrap(),
            Made::Nothing => {}
        }

        // The scene loader: the words, then the detail after a dash.
        let error = Scene::from_files(std::slice::from_ref(&path))
            .err()
            .unwrap_or_else(|| panic!("{name} opened"));
        assert_eq!(error.path, path, "{name}");
        let message = error.message;
        match case.detail {
            None => assert_eq!(message, case.words, "{name}"),
            Some(detail) => {
                let rest = message
                    .strip_prefix(case.words)
                    .and_then(|rest| rest.strip_prefix(" — "))
                    .unwrap_or_else(|| panic!("{name}: {message}"));
                assert!(!rest.is_empty(), "{name}: the detail follows: {message}");
                assert!(rest.contains(detail), "{name}: {message}");
            }
        }

        // The command line: one line naming the file, then the same words.
        let line = format!("mmd-player: {}: {message}\n", path.display());
        assert_eq!(fails(&["inspect"], &path), line, "inspect {name}");
        assert_eq!(
            fails(&["inspect", "--json"], &path),
            line,
            "inspect --json {name}"
        );
        assert_eq!(
            fails(&["pose", "--frames", "0"], &path),
            line,
            "pose {name}"
        );

        // The window: a notice about the file, in the same words.
        player.apply(Action::Open(vec![path.clone()]));
        let notice = player.notices().iter().last().unwrap();
        assert_eq!(notice.severity, Severity::Error, "{name}");
        assert_eq!(notice.file, path.display().to_string(), "{name}");
        assert_eq!(notice.message, message, "{name}");
    }
}
