//! Progress on a terminal, through the real binary in a real pseudo-terminal: a long `analyze`,
//! `solve` or batch draws live lines on stderr and clears them, leaving only its result; with
//! stderr piped nothing of it appears; Ctrl-C during `analyze` prints what is known, marked
//! partial, with exit status 130; so does Ctrl-C during `selfplay`, `trace` and
//! `analyze --compare`.

#![cfg(unix)]

use crate::binary::tictree_command;

use crate::pty::Session;
use std::process::Stdio;
use std::time::Duration;

/// An analysis of a Connect Four position whose seven moves take about half a second to score
/// without the book (release build; the book holds them): several redraws, a tenth of a second
/// apart.
const HALF_SECOND: [&str; 6] = [
    "analyze",
    "--rules",
    "connect4",
    "--no-book",
    "--moves",
    "4453626",
];
/// One whose analysis takes most of a minute without the book (which holds it: the tests that
/// need the long search pass `--no-book`): there is time to press Ctrl-C.
const LONG: &str = "13712";

fn written(session: &Session) -> String {
    String::from_utf8_lossy(&session.screen.raw).into_owned()
}

#[test]
fn analyze_on_a_terminal_shows_progress_and_clears_it() {
    let mut session = Session::start(&HALF_SECOND);
    let status = session.finish();
    assert!(status.success(), "{status:?}");
    let raw = written(&session);
    // What was drawn while it searched: counts, the move being searched, nodes and speed.
    assert!(raw.contains("analyze · "), "{raw:?}");
    assert!(
        raw.contains(" of 7 moves exact · ") && raw.contains("searching "),
        "{raw:?}"
    );
    assert!(raw.contains(" nodes/s · "), "{raw:?}");
    assert!(raw.contains("scored  "), "{raw:?}");
    // What is left on the screen: the table alone.
    let screen = session.screen.contents();
    assert!(screen.contains("move  score  outcome"), "{screen}");
    assert!(screen.contains("engine: "), "{screen}");
    for gone in ["analyze · ", "nodes/s", "scored  ", "searching"] {
        assert!(
            !screen.contains(gone),
            "{gone:?} left on the screen:\n{screen}"
        );
    }
}

/// A terminal that cannot redraw (`TERM=dumb`) gets the result alone: no lines drawn and erased
/// (it would show their escape sequences as text).
#[test]
fn a_dumb_terminal_gets_no_progress() {
    let mut session = Session::spawn(
        env!("CARGO_BIN_EXE_tictree"),
        &HALF_SECOND,
        &[("TERM", "dumb")],
    );
    assert!(session.finish().success());
    let raw = written(&session);
    assert!(raw.contains("move  score  outcome"), "{raw:?}");
    assert!(
        !raw.contains("analyze · ") && !raw.contains('\x1b'),
        "{raw:?}"
    );
}

#[test]
fn with_stderr_piped_nothing_of_the_progress_appears() {
    let output = tictree_command().args(HALF_SECOND).output().unwrap();
    assert!(output.status.success());
    assert!(
        output.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.starts_with("connect4  "), "{out}");
    assert!(!out.contains('\x1b') && !out.contains("nodes/s"), "{out:?}");
}

#[test]
fn solve_and_batch_show_their_narrowing_and_counts_then_clear() {
    // Without the book, which holds this 7-ply position: its solve is then searched.
    let mut session = Session::start(&[
        "solve",
        "--rules",
        "connect4",
        "--moves",
        "3246313",
        "--no-book",
    ]);
    assert!(session.finish().success());
    let raw = written(&session);
    assert!(raw.contains("solve connect4 · "), "{raw:?}");
    assert!(
        raw.contains("Pons score ") && raw.contains(" · asking: "),
        "{raw:?}"
    );
    let screen = session.screen.contents();
    assert!(
        screen.contains("value     loss in 16 (score -12, Pons score -2, 32 plies"),
        "{screen}"
    );
    assert!(!screen.contains("asking"), "{screen}");

    // Three Begin-Medium lines, a tenth of a second or more each.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("begin-medium.txt");
    std::fs::write(&path, "32751571231557 -3\n335662333565 -2\n2416615552 4\n").unwrap();
    let path = path.to_str().unwrap();
    let mut session = Session::start(&["solve", "--rules", "connect4", "--batch", path]);
    assert!(session.finish().success());
    let raw = written(&session);
    assert!(raw.contains("batch connect4 · "), "{raw:?}");
    assert!(raw.contains(" of 3 lines read · "), "{raw:?}");
    let screen = session.screen.contents();
    for line in ["32751571231557 -3 ", "335662333565 -2 ", "2416615552 4 "] {
        assert!(screen.contains(line), "{line}:\n{screen}");
    }
    assert!(!screen.contains("batch connect4"), "{screen}");
}

#[test]
fn ctrl_c_during_analyze_prints_a_partial_result_with_status_130() {
    // One thread: the move being searched is the one the narrowing is about, and it is named.
    let mut session = Session::start(&[
        "analyze",
        "--rules",
        "connect4",
        "--moves",
        LONG,
        "--no-book",
        "--threads",
        "1",
    ]);
    session.screen.wait_for("searching ");
    // Ctrl-C as typed: the terminal turns it into SIGINT for the program.
    session.send(b"\x03");
    let status = session.finish();
    assert_eq!(status.exit_code(), 130, "{status:?}");
    let screen = session.screen.contents();
    assert!(
        screen.contains("connect4  "),
        "the table's header:\n{screen}"
    );
    assert!(
        screen.contains("partial: interrupted (Ctrl-C) after "),
        "{screen}"
    );
    assert!(screen.contains(" was being searched"), "{screen}");
    assert!(screen.contains("; no value for "), "{screen}");
    assert!(
        !screen.contains("analyze · "),
        "the progress is cleared:\n{screen}"
    );
}

#[test]
fn sigint_with_json_into_a_pipe_gives_a_partial_object() {
    let (status, out, err) = interrupted(&[
        "analyze",
        "--rules",
        "connect4",
        "--moves",
        LONG,
        "--json",
        "--no-book",
    ]);
    assert_eq!(status, Some(130));
    assert!(err.is_empty(), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["partial"], true);
    let unscored = json["unscored"].as_array().unwrap();
    assert!(!unscored.is_empty(), "{json}");
    // Moves without a value: not an exact analysis, whatever the scored ones are.
    assert_eq!(json["exact"], false, "{json}");
    assert_eq!(
        json["moves"].as_array().unwrap().len() + unscored.len(),
        7,
        "{json}"
    );
}

/// Runs the binary with stdout and stderr piped, sends it SIGINT once it is well under way, and
/// returns its exit status, stdout and stderr.
fn interrupted(args: &[&str]) -> (Option<i32>, String, String) {
    let child = tictree_command()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let output = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}

#[test]
fn sigint_during_selfplay_prints_the_games_finished_so_far() {
    let (status, out, err) = interrupted(&[
        "selfplay", "--rules", "connect4", "--x", "ai:3", "--o", "ai:3", "--games", "1000000",
    ]);
    assert_eq!(status, Some(130), "{out}{err}");
    assert!(err.is_empty(), "{err}");
    let games: u64 = out
        .lines()
        .find_map(|line| line.strip_prefix("games"))
        .and_then(|rest| rest.trim().parse().ok())
        .unwrap_or_else(|| panic!("no games line:\n{out}"));
    assert!(games < 1_000_000, "{out}");
    let note = format!("partial: interrupted (Ctrl-C) after {games} of 1000000 games");
    assert_eq!(out.lines().last(), Some(note.as_str()), "{out}");

    let (status, out, _) = interrupted(&[
        "selfplay", "--rules", "connect4", "--x", "ai:3", "--o", "ai:3", "--games", "1000000",
        "--json",
    ]);
    assert_eq!(status, Some(130));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["partial"], true, "{json}");
    let games = json["games"].as_u64().unwrap();
    let results = ["x_wins", "o_wins", "draws"].map(|k| json[k].as_u64().unwrap());
    assert_eq!(results.iter().sum::<u64>(), games, "{json}");
}

#[test]
fn sigint_during_trace_ends_with_a_partial_summary() {
    // Plain minimax on the empty Connect Four board: far more events than 700 ms can write.
    let (status, out, err) = interrupted(&[
        "trace",
        "--rules",
        "connect4",
        "--algo",
        "minimax",
        "--limit",
        "100000000",
    ]);
    assert_eq!(status, Some(130), "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 2, "{out}");
    for line in &lines {
        serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    }
    let summary: serde_json::Value = serde_json::from_str(lines[lines.len() - 1]).unwrap();
    assert_eq!(summary["event"], "summary");
    assert_eq!(summary["partial"], true);
    assert_eq!(summary["events"].as_u64(), Some(lines.len() as u64 - 1));
}

#[test]
fn sigint_during_compare_says_how_far_the_algorithm_it_stopped_got() {
    // Minimax alone needs far more than 700 ms on the empty Connect Four board.
    let (status, out, err) = interrupted(&["analyze", "--rules", "connect4", "--compare"]);
    assert_eq!(status, Some(130), "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&"partial: interrupted (Ctrl-C) during minimax; not run: alphabeta, engine"),
        "{out}"
    );
    let stopped = lines[lines.len() - 2];
    assert!(
        stopped.starts_with("minimax    stopped (Ctrl-C) after ")
            && stopped.contains(" ms: 0 of 7 moves scored, ")
            && stopped.ends_with(" plies deep"),
        "{out}"
    );
    let (status, out, _) = interrupted(&["analyze", "--rules", "connect4", "--compare", "--json"]);
    assert_eq!(status, Some(130));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["partial"], true, "{json}");
    assert_eq!(json["interrupted"], "minimax", "{json}");
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{json}");
    let row = &rows[0];
    assert_eq!(row["algorithm"], "minimax", "{json}");
    assert_eq!(row["finished"], false, "{json}");
    assert_eq!(row["stopped"], "interrupt", "{json}");
    assert_eq!(
        (row["scored"].as_u64(), row["moves"].as_u64()),
        (Some(0), Some(7))
    );
    // Minimax goes straight down to the end of a game: tens of plies, millions of nodes.
    let depth = row["depth"].as_u64().unwrap();
    assert!((7..=42).contains(&depth), "{json}");
    assert!(row["nodes"].as_u64().unwrap() > 100_000, "{json}");
}
