//! The config file: a round trip, a missing file, a corrupt one (one warning, the defaults for
//! what could not be read, the file left as it was), flags over the file, and `--config` through
//! the real binary.

use crate::binary::tictree_command;
use clap::Parser;
use std::fs;
use std::path::Path;
use tictree::app::{LogKind, Palette, ReplayDepth, Seat, Settings};
use tictree::cli::Cli;
use tictree::config::{Store, load};
use tictree::engine::{Algorithm, Rules, Skill};

fn custom() -> Settings {
    Settings {
        rules: "6x5k4g".parse().unwrap(),
        x: Seat::Ai(Skill::Shallow(5)),
        o: Seat::Human,
        algorithm: Algorithm::Minimax,
        time_ms: 250,
        depth: 7,
        pace_ms: 2000,
        keep_analysing: false,
        threads: 2,
        hints: true,
        heat_map: true,
        mouse: false,
        theme: Palette::Mono,
        book: false,
        replay_depth: ReplayDepth::Plies(4),
        replay_nodes: 100_000,
    }
}

fn loaded_settings(path: &Path) -> (Settings, Option<String>) {
    let loaded = load(Some(path)).expect("a readable config");
    (Settings::default().patched(&loaded.patch), loaded.warning)
}

#[test]
fn saved_settings_load_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tictree").join("config.toml");
    let mut store = Store::new(Some(path.clone()), Settings::default());
    let report = store.save(&custom());
    assert_eq!(
        report,
        Some((
            LogKind::Info,
            format!("Settings saved to {}", path.display())
        ))
    );
    assert_eq!(loaded_settings(&path), (custom(), None));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nx = \"ai:3:5\"\n"), "{text}");
    assert!(text.contains("\nrules = \"6x5k4g\"\n"), "{text}");
    // Saving again says nothing more, and back to the defaults round-trips too.
    assert_eq!(store.save(&Settings::default()), None);
    assert_eq!(loaded_settings(&path), (Settings::default(), None));
}

#[test]
fn a_missing_file_means_the_defaults_and_is_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let loaded = load(Some(&path)).unwrap();
    assert_eq!(loaded.path.as_deref(), Some(path.as_path()));
    assert_eq!(loaded.warning, None);
    assert_eq!(
        Settings::default().patched(&loaded.patch),
        Settings::default()
    );
    assert!(!path.exists());
}

#[test]
fn a_corrupt_file_warns_once_keeps_what_it_can_and_is_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text =
        "# mine\nrules = \"connect4\"\nx = \"ai:9\"\nhints = \"yes\"\ncolour = 1\ndepth = 4\n";
    fs::write(&path, text).unwrap();
    let (settings, warning) = loaded_settings(&path);
    let warning = warning.expect("a warning");
    assert!(!warning.contains('\n'), "one line: {warning}");
    assert!(warning.contains("unknown key 'colour'"), "{warning}");
    assert!(
        warning.contains("hints = \"yes\": expected true or false"),
        "{warning}"
    );
    assert!(warning.contains("x = \"ai:9\""), "{warning}");
    // What could be read is kept, the rest is the default.
    assert_eq!(
        settings,
        Settings {
            rules: Rules::CONNECT4,
            depth: 4,
            ..Settings::default()
        }
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        text,
        "reading never writes"
    );
    // Saving a change rewrites only that key: the bad values and unknown keys stay for the
    // person to fix.
    let mut store = Store::new(Some(path.clone()), settings);
    store.save(&Settings {
        algorithm: Algorithm::AlphaBeta,
        ..settings
    });
    let after = fs::read_to_string(&path).unwrap();
    assert_eq!(after, format!("{text}algorithm = \"alphabeta\"\n"));
}

/// A setting written as text takes a bare number as its text: plies are a number, and
/// `replay_depth = 7` is what a person writes by hand.
#[test]
fn a_text_setting_takes_a_bare_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "replay_depth = 7\nx = 3\n").unwrap();
    let (settings, warning) = loaded_settings(&path);
    assert_eq!(settings.replay_depth, ReplayDepth::Plies(7));
    // A number that is no value of the setting says what the setting takes.
    let warning = warning.expect("a warning");
    assert!(warning.contains("x = 3: "), "{warning}");
    assert!(!warning.contains("in quotes"), "{warning}");
}

#[test]
fn a_file_that_is_not_toml_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let bytes = b"rules = \"4x4\"\nx = \n".to_vec();
    fs::write(&path, &bytes).unwrap();
    let (settings, warning) = loaded_settings(&path);
    assert_eq!(settings, Settings::default());
    let warning = warning.expect("a warning");
    assert!(warning.contains("not valid TOML (line 2:"), "{warning}");
    assert!(warning.contains("changes will not be saved"), "{warning}");
    // The settings popup says so from the start too; a usable file takes changes.
    assert!(load(Some(&path)).unwrap().unsaved);
    let mut store = Store::new(Some(path.clone()), settings);
    let changed = Settings {
        hints: true,
        ..settings
    };
    let (kind, report) = store.save(&changed).expect("a report");
    assert_eq!(kind, LogKind::Warning);
    assert!(report.starts_with("settings not saved:"), "{report}");
    assert_eq!(
        store.save(&changed),
        None,
        "the same failure is reported once"
    );
    assert_eq!(fs::read(&path).unwrap(), bytes, "byte for byte as it was");
    // Not UTF-8 either: a warning, not a crash, and the file stays.
    let binary = [0xff, 0xfe, 0x00, 0x41];
    fs::write(&path, binary).unwrap();
    assert!(loaded_settings(&path).1.unwrap().contains("not UTF-8"));
    assert!(load(Some(&path)).unwrap().unsaved);
    assert!(
        Store::new(Some(path.clone()), settings)
            .save(&changed)
            .is_some()
    );
    assert_eq!(fs::read(&path).unwrap(), binary);
    fs::write(&path, "rules = \"4x4\"\n").unwrap();
    assert!(!load(Some(&path)).unwrap().unsaved);
}

#[test]
fn flags_win_over_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let file = "o = \"ai:1\"\nalgorithm = \"minimax\"\ntime_ms = 500\ndepth = 3\nmouse = true\nrules = \"4x4\"\n";
    fs::write(&path, file).unwrap();
    let patch = load(Some(&path)).unwrap().patch;
    let options = |args: &[&str]| {
        let cli = Cli::try_parse_from([&["tictree"], args].concat()).expect("valid flags");
        cli.play.options(&patch).expect("valid options")
    };
    // Without flags, the file.
    let plain = options(&[]);
    assert_eq!(plain.settings.o, Seat::Ai(Skill::Random));
    assert_eq!(plain.settings.algorithm, Algorithm::Minimax);
    assert_eq!(plain.budget().time.map(|t| t.as_millis()), Some(500));
    assert_eq!(plain.budget().depth, Some(3));
    assert_eq!(plain.settings.rules.to_string(), "4x4");
    // --moves are read under the file's rules.
    let moved = options(&["--moves", "d4"]);
    assert_eq!(moved.start.to_notation(), "...x/..../..../....");
    // Each flag wins over its key; --depth alone sets the whole budget, as without a file.
    let flagged = options(&[
        "--o",
        "ai:2",
        "--depth",
        "6",
        "--no-mouse",
        "--rules",
        "connect4",
    ]);
    assert_eq!(flagged.settings.o, Seat::Ai(Skill::WinOrBlock));
    assert_eq!(
        flagged.settings.algorithm,
        Algorithm::Minimax,
        "no --algo: the file's"
    );
    assert_eq!(flagged.budget().depth, Some(6));
    assert_eq!(flagged.budget().time, None);
    assert!(!flagged.settings.mouse);
    assert_eq!(flagged.settings.rules, Rules::CONNECT4);
}

/// The binary's exit status and standard error, without a terminal.
fn run(args: &[&str], config_home: &Path) -> (i32, String) {
    let output = tictree_command()
        .args(args)
        .env("XDG_CONFIG_HOME", config_home)
        .output()
        .expect("tictree runs");
    (
        output.status.code().expect("an exit status"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_config_path_that_cannot_be_read_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let directory = dir.path().to_str().unwrap();
    let (status, stderr) = run(&["--config", directory], dir.path());
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!("tictree: --config {directory}: is a directory, not a file\n")
    );
    let (status, stderr) = run(&["--config", ""], dir.path());
    assert_eq!(status, 2);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("tictree: ") && stderr.contains("--config"),
        "{stderr}"
    );
    // A bad flag is reported before the file is looked at.
    let (status, stderr) = run(&["--config", directory, "--x", "robot"], dir.path());
    assert_eq!(status, 2);
    assert!(stderr.contains("--x robot"), "{stderr}");
}

#[test]
fn a_corrupt_config_is_no_error_on_the_command_line() {
    // Its warning goes to the game's log; without a terminal the game refuses as always.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "x = [").unwrap();
    let (status, stderr) = run(&["--config", path.to_str().unwrap()], dir.path());
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "tictree: the game needs a terminal; for scripts use 'tictree analyze'\n"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "x = [");
}

#[test]
fn help_documents_config() {
    let dir = tempfile::tempdir().unwrap();
    let output = tictree_command()
        .arg("--help")
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("--config <PATH>"), "{help}");
    assert!(help.contains("tictree/config.toml"), "{help}");
}

#[test]
fn the_default_path_follows_xdg_config_home() {
    // Only where the platform's rule is XDG's.
    if cfg!(target_os = "linux") {
        let expected = std::env::var_os("XDG_CONFIG_HOME")
            .filter(|dir| Path::new(dir).is_absolute())
            .map(|dir| Path::new(&dir).join("tictree/config.toml"));
        if let Some(expected) = expected {
            assert_eq!(tictree::config::default_path(), Some(expected));
        } else {
            let home = std::env::var_os("HOME").expect("HOME");
            assert_eq!(
                tictree::config::default_path(),
                Some(Path::new(&home).join(".config/tictree/config.toml"))
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn a_config_path_that_is_not_a_regular_file_is_never_replaced() {
    // `--config /dev/null` or a pipe: saving would swap a regular file in its place.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pipe");
    crate::binary::make_pipe(&path);
    let mut store = Store::new(Some(path.clone()), Settings::default());
    let changed = Settings {
        hints: true,
        ..Settings::default()
    };
    let (kind, report) = store.save(&changed).expect("a report");
    assert_eq!(kind, LogKind::Warning);
    assert!(report.ends_with("pipe is not a regular file"), "{report}");
    assert!(!fs::metadata(&path).unwrap().is_file(), "still the pipe");
}

#[cfg(unix)]
#[test]
fn config_dev_null_plays_with_the_defaults_and_leaves_every_file_alone() {
    use std::os::unix::fs::FileTypeExt;
    let loaded = load(Some(Path::new("/dev/null"))).expect("read as empty");
    assert_eq!(loaded.warning, None);
    let mut store = Store::new(loaded.path, Settings::default());
    let changed = Settings {
        hints: true,
        ..Settings::default()
    };
    let (kind, report) = store.save(&changed).expect("a report");
    assert_eq!(kind, LogKind::Warning);
    assert_eq!(
        report,
        "settings not saved: /dev/null is not a regular file"
    );
    // Said once, however many changes follow.
    assert_eq!(store.save(&Settings::default()), None);
    let null = fs::metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device(), "still the device");
}

#[test]
fn crlf_and_a_byte_order_mark_stay_when_a_setting_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = "\u{feff}# mine\r\nhints = false   # for now\r\ntheme = \"mono\"\r\n";
    fs::write(&path, text).unwrap();
    let (settings, warning) = loaded_settings(&path);
    assert_eq!(warning, None);
    let mut store = Store::new(Some(path.clone()), settings);
    let changed = Settings {
        hints: true,
        algorithm: Algorithm::Minimax,
        ..settings
    };
    store.save(&changed);
    // Only the changed key's line is new; the added key ends as its neighbours do.
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "\u{feff}# mine\r\nhints = true   # for now\r\ntheme = \"mono\"\r\nalgorithm = \"minimax\"\r\n"
    );
    assert_eq!(loaded_settings(&path), (changed, None));
}

#[test]
fn a_duplicate_key_is_reported_on_its_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for (text, line) in [
        ("hints = true\nhints = false\n", 2),
        (
            "# a\nrules = \"4x4\"\n\nx = \"human\"\nrules = \"connect4\"\n",
            5,
        ),
    ] {
        fs::write(&path, text).unwrap();
        let warning = loaded_settings(&path).1.expect("a warning");
        assert!(
            warning.contains(&format!("not valid TOML (line {line}: duplicate key")),
            "{warning}"
        );
    }
}

#[test]
fn a_failed_save_leaves_the_file_as_it_was() {
    // The temporary file cannot be made (its name is taken by a directory), as with a full disk.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "hints = false\n").unwrap();
    fs::create_dir(
        dir.path()
            .join(format!(".config.toml.{}.tmp", std::process::id())),
    )
    .unwrap();
    let mut store = Store::new(Some(path.clone()), Settings::default());
    let (kind, report) = store
        .save(&Settings {
            hints: true,
            ..Settings::default()
        })
        .expect("a report");
    assert_eq!(kind, LogKind::Warning);
    assert!(
        report.starts_with("settings not saved: cannot write"),
        "{report}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "hints = false\n");
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_a_link_and_its_target_is_written() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let hints = Settings {
        hints: true,
        ..Settings::default()
    };
    // To a file that does not exist yet, in a directory that does not either; relative targets
    // are relative to the link's directory, wherever the game runs.
    let dangling = dir.path().join("dangling.toml");
    symlink("kept/config.toml", &dangling).unwrap();
    assert_eq!(loaded_settings(&dangling), (Settings::default(), None));
    let mut store = Store::new(Some(dangling.clone()), Settings::default());
    assert_eq!(
        store.save(&hints).map(|(kind, _)| kind),
        Some(LogKind::Info)
    );
    assert!(
        fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::metadata(dir.path().join("kept/config.toml"))
            .unwrap()
            .is_file()
    );
    assert_eq!(loaded_settings(&dangling), (hints, None));
    // To a file elsewhere, through a second link: both stay, the file is replaced.
    fs::create_dir(dir.path().join("links")).unwrap();
    let chained = dir.path().join("links/config.toml");
    symlink("../dangling.toml", &chained).unwrap();
    let mut store = Store::new(Some(chained.clone()), hints);
    store.save(&Settings::default());
    for link in [&chained, &dangling] {
        assert!(fs::symlink_metadata(link).unwrap().file_type().is_symlink());
    }
    assert_eq!(loaded_settings(&chained), (Settings::default(), None));
    assert_eq!(
        fs::read_dir(dir.path().join("kept")).unwrap().count(),
        1,
        "no temporary file left"
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_never_replaced() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    // A newline in the path: the warning is still one line.
    let path = dir.path().join("my\nconfig.toml");
    fs::write(&path, "hints = false\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let before = fs::metadata(&path).unwrap();
    let mut store = Store::new(Some(path.clone()), Settings::default());
    let changed = Settings {
        hints: true,
        ..Settings::default()
    };
    let (kind, report) = store.save(&changed).expect("a warning");
    assert_eq!(kind, LogKind::Warning);
    assert!(
        report.ends_with("my\\nconfig.toml is read-only"),
        "{report}"
    );
    assert_eq!(store.save(&changed), None, "once");
    let after = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "hints = false\n");
    assert_eq!(
        (after.ino(), after.mode(), after.uid(), after.gid()),
        (before.ino(), before.mode(), before.uid(), before.gid()),
        "the same file, untouched"
    );
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_permissions_and_group() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // SAFETY: these only read the process's ids.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let other = if uid == 0 {
        Some(gid + 4242)
    } else {
        let mut groups = vec![0; 256];
        // SAFETY: the buffer holds as many groups as it says.
        let count = unsafe { libc::getgroups(256, groups.as_mut_ptr()) };
        groups.truncate(count.max(0) as usize);
        groups.into_iter().find(|&group| group != gid)
    };
    let Some(other) = other else {
        eprintln!("skipped: this user is in no group but its own");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "hints = false\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::chown(&path, None, Some(other)).unwrap();
    let before = fs::metadata(&path).unwrap();
    let mut store = Store::new(Some(path.clone()), Settings::default());
    let report = store.save(&Settings {
        hints: true,
        ..Settings::default()
    });
    assert_eq!(report.map(|(kind, _)| kind), Some(LogKind::Info));
    let after = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "hints = true\n");
    assert_ne!(after.ino(), before.ino(), "a new file renamed into place");
    assert_eq!(after.mode() & 0o7777, 0o640);
    assert_eq!((after.uid(), after.gid()), (before.uid(), other));
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left"
    );
}

#[cfg(unix)]
#[test]
fn a_config_path_that_is_a_pipe_is_refused_without_opening_it() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    // Opening a pipe with no writer would wait forever, before the terminal is even set up.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pipe");
    crate::binary::make_pipe(&path);
    let mut child = tictree_command()
        .args(["--config", path.to_str().unwrap()])
        .env("XDG_CONFIG_HOME", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("tictree waited on the pipe");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "tictree: --config {}: is not a regular file\n",
            path.display()
        )
    );
    assert!(output.stdout.is_empty());
}

/// Two sessions saving at the same instant each keep their change: the second no longer patches
/// the text the first was replacing, which dropped the first one's change about one time in five.
#[test]
fn two_sessions_saving_at_once_keep_both_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for round in 0..40 {
        fs::write(&path, "# shared\nhints = false\nheat_map = false\n").unwrap();
        let (settings, _) = loaded_settings(&path);
        let barrier = std::sync::Barrier::new(2);
        std::thread::scope(|scope| {
            for hints in [true, false] {
                let (path, barrier) = (&path, &barrier);
                scope.spawn(move || {
                    let mut store = Store::new(Some(path.clone()), settings);
                    let changed = if hints {
                        Settings {
                            hints: true,
                            ..settings
                        }
                    } else {
                        Settings {
                            heat_map: true,
                            ..settings
                        }
                    };
                    barrier.wait();
                    store.save(&changed);
                });
            }
        });
        let (both, _) = loaded_settings(&path);
        assert!(
            both.hints && both.heat_map,
            "round {round}: {}",
            fs::read_to_string(&path).unwrap()
        );
    }
}
