//! Standard output as a Unix filter's: a reader that goes away ends the command quietly with
//! status 0, a full disk is one line on stderr and status 2; never a panic (docs/reliability.md).

use crate::binary::tictree_command;
use std::process::Stdio;

/// Commands that print to standard output, each with arguments quick enough for a test.
const COMMANDS: &[&[&str]] = &[
    &["analyze"],
    &["analyze", "--json"],
    &["analyze", "--compare"],
    &["analyze", "--rules", "connect4"],
    &["solve"],
    &["solve", "--json"],
    &["selfplay", "--games", "20", "--seed", "1"],
    &["selfplay", "--games", "20", "--seed", "1", "--json"],
    &["bench", "--only", "3x3", "--threads", "1"],
    &["bench", "--only", "3x3", "--threads", "1", "--json"],
    &["--help"],
    &["--version"],
    &["book", "info", "data/book/connect4.book"],
];

#[test]
fn a_closed_reader_ends_every_command_quietly() {
    for args in COMMANDS {
        let mut child = tictree_command()
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the command writes anything.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_line_and_status_2() {
    for args in COMMANDS {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = tictree_command()
            .args(*args)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "tictree: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_error_with_a_full_standard_error_still_ends_with_status_2() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = tictree_command()
        .args(["analyze", "--rules", "99"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// A batch's results that cannot be written are the output's fault, not the input file's: the
/// message is the one every command gives, not `--batch -: …`.
#[cfg(target_os = "linux")]
#[test]
fn a_batch_to_a_full_disk_blames_the_output() {
    use std::io::Write;
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut child = tictree_command()
        .args(["solve", "--rules", "connect4", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"4453\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "tictree: cannot write the output: No space left on device (os error 28)\n"
    );
}

/// `selfplay` writes its tally only at the end: a reader that goes away (`| head -1` once it has
/// the heading, `| true`) ends the series after the game being played, not after a million
/// games (minutes). Linux tells a pipe without a reader apart without a write.
#[cfg(target_os = "linux")]
#[test]
fn a_reader_gone_ends_a_long_selfplay_after_the_game_being_played() {
    use std::io::{BufRead, BufReader};
    let endless = ["selfplay", "--games", "1000000", "--seed", "1"];
    for json in [false, true] {
        let mut child = tictree_command()
            .args(endless)
            .args(json.then_some("--json"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        if !json {
            // The heading comes before any game, as `head -1` reads it.
            let mut heading = String::new();
            reader.read_line(&mut heading).unwrap();
            assert_eq!(heading, "selfplay  tictactoe  from .../.../...  seed 1\n");
        }
        // The reader goes away; the series must end long before its minutes are up.
        drop(reader);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                child.kill().unwrap();
                panic!("selfplay went on without a reader (json: {json})");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_eq!(status.code(), Some(0), "json: {json}");
    }
}

/// `analyze` and `solve` write nothing until their search is done, minutes away on the empty
/// Connect Four board without the book: a reader that goes away meanwhile (`| true`, `| head`
/// killed) ends them within a fraction of a second, quietly and with status 0, where they once
/// searched on until killed.
#[cfg(target_os = "linux")]
#[test]
fn a_reader_gone_ends_a_long_search_soon_and_quietly() {
    let endless: &[&[&str]] = &[
        &["analyze", "--threads", "1"],
        &["analyze", "--json"],
        &["analyze", "--time-ms", "600000"],
        &["analyze", "--compare"],
        &["solve", "--threads", "1"],
        &["solve", "--json"],
    ];
    for args in endless {
        let mut child = tictree_command()
            .args(*args)
            .args(["--rules", "connect4", "--no-book"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Well into the search, then the reader goes away.
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(child.stdout.take());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if std::time::Instant::now() > deadline {
                child.kill().unwrap();
                panic!("{args:?} searched on without a reader");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert_eq!((status.code(), stderr.as_str()), (Some(0), ""), "{args:?}");
    }
}
