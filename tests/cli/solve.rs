//! `tictree solve` through the real binary: the exact value as JSON, a weak solve, the table's
//! budget (`--hash`: kept to, lowered when above half the memory, Ctrl-C while it is mapped).
//! `solve --batch`: tests/cli/solve_batch.rs.

use crate::binary::{tictree, tictree_command};

#[test]
fn solve_prints_the_exact_value_as_json() {
    let (code, out, _) = tictree(&["solve", "--rules", "4x3k3", "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["value"], "win");
    assert_eq!(json["weak"], false);
    // The game ends with the 7th mark: 12 + 2 - 7 depth-aware, (12 + 2 - 7) / 2 on Pons' scale.
    assert_eq!(
        (&json["score"], &json["pons_score"]),
        (&7.into(), &3.into())
    );
    assert!(json["nodes"].as_u64().unwrap() > 0);
    assert!(json["tt_bytes"].as_u64().unwrap() <= (128 << 20) + 64);
    assert_eq!(json["tt_exact_keys"], true);
    // The line is a whole game.
    assert_eq!(
        json["pv"].as_array().unwrap().len() as u64,
        json["plies"].as_u64().unwrap()
    );
}

/// With the opening book the line of a position the book answers is read to the end of the game,
/// past the book's plies, and a win at once ends it: at the book's last ply (8) the winning move
/// is the line, as without the book.
#[test]
fn a_win_at_once_where_the_book_stops_is_the_line() {
    for book in [None, Some("--no-book")] {
        let mut args = vec![
            "solve", "--rules", "connect4", "--moves", "12121776", "--json",
        ];
        args.extend(book);
        let (code, out, _) = tictree(&args);
        assert_eq!(code, 0);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["outcome"], "win in 1", "{book:?}");
        assert_eq!(json["pv"], serde_json::json!(["a4"]), "{book:?}");
    }
    // A position within the book: `solve` reads its line past the book's last ply to the end of
    // the game, the same line as without the book (at each step the first move in the same
    // order with the value that continues it).
    let line = |book: &[&str]| {
        let args = [
            &["solve", "--rules", "connect4", "--moves", "4453", "--json"],
            book,
        ]
        .concat();
        let (code, out, err) = tictree(&args);
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["pv_complete"], true);
        assert_eq!(
            json["pv"].as_array().unwrap().len() as u64,
            json["plies"].as_u64().unwrap()
        );
        json["pv"].clone()
    };
    let with_book = line(&[]);
    assert_eq!(
        with_book.as_array().unwrap()[..4],
        ["c2", "d3", "d4", "d5"].map(serde_json::Value::from)
    );
    assert_eq!(with_book, line(&["--no-book"]));
}

#[test]
fn weak_solve_gives_only_the_outcome() {
    // O to move after 4444443 loses (the exact solve says: loss in 17, score -10).
    let (code, out, _) = tictree(&[
        "solve", "--rules", "connect4", "--weak", "--moves", "4444443",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("value     loss (weak solve)"), "{out}");
    // The book answers at once: one position explored, said in the singular.
    assert!(out.contains("nodes     0 (1 position explored)\n"), "{out}");
    // A win, a draw and a loss on 3×3: the weak value is the exact one's outcome, without the
    // score or the line.
    for (moves, value, outcome) in [
        ("a1 b1", "win", "win in 3"),
        ("a3 b2 b3", "draw", "draw"),
        ("a1 b2 c3 a3 c1", "loss", "loss in 1"),
    ] {
        let json = |weak: &[&str]| {
            let (code, out, err) =
                tictree(&[&["solve", "--json", "--moves", moves], weak].concat());
            assert_eq!(code, 0, "{err}");
            serde_json::from_str::<serde_json::Value>(&out).unwrap()
        };
        let (weak, exact) = (json(&["--weak"]), json(&[]));
        assert_eq!(weak["value"], value, "{moves}");
        assert_eq!(exact["value"], value, "{moves}");
        assert_eq!(exact["outcome"], outcome, "{moves}");
        assert_eq!(weak["weak"], true);
        assert!(
            weak["score"].is_null()
                && weak["pons_score"].is_null()
                && weak["pv"] == serde_json::json!([]),
            "{weak}"
        );
    }
}

#[test]
fn solve_respects_a_small_hash_budget() {
    let (code, out, _) = tictree(&[
        "solve", "--rules", "4x4", "--hash", "1", "--json", "--moves", "b2 c3",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The budget, plus one cache line used to align the buckets.
    assert!(json["tt_bytes"].as_u64().unwrap() <= (1 << 20) + 64);
    assert_eq!(json["value"], "draw");
}

/// Linux's `MemTotal`, in MiB.
#[cfg(target_os = "linux")]
fn total_mib() -> u64 {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap();
    let line = info.lines().find(|l| l.starts_with("MemTotal:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        >> 10
}

#[test]
#[cfg(target_os = "linux")]
fn a_hash_above_half_the_available_memory_is_lowered_with_a_note() {
    let run = |hash: &str| {
        tictree_command()
            .args(["solve", "--json", "--hash", hash])
            .output()
            .unwrap()
    };
    let output = run("1048576");
    assert!(output.status.success());
    let err = String::from_utf8(output.stderr).unwrap();
    let numbers: Vec<u64> = err
        .strip_prefix("tictree: note: --hash 1048576 is more than half the memory available (")
        .and_then(|rest| rest.strip_suffix(" MiB\n"))
        .and_then(|rest| rest.split_once(" MiB): the table gets at most "))
        .map(|(available, most)| {
            [available, most]
                .map(|n| n.replace(',', "").parse().unwrap())
                .to_vec()
        })
        .unwrap_or_else(|| panic!("one note: {err}"));
    let (available, most) = (numbers[0], numbers[1]);
    assert!(available <= total_mib(), "{err}");
    assert_eq!(most, available / 2, "{err}");
    // The command goes on, its answer unchanged: 3×3 gets only the slots it can use anyway.
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["value"], "draw");
    assert!(json["tt_bytes"].as_u64().unwrap() <= most << 20);
    // A budget within it is taken as given, without a word.
    let output = run("1");
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

#[test]
#[cfg(unix)]
fn ctrl_c_while_a_big_table_is_mapped_stops_it() {
    use std::time::{Duration, Instant};
    // 8 GiB (or half the available memory, if less): seconds of mapping before the search of
    // the empty board, which itself takes minutes without the book.
    let mut child = tictree_command()
        .args([
            "solve",
            "--rules",
            "connect4",
            "--no-book",
            "--hash",
            "8192",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    // A hang guard, not a speed claim: mapping used to go on to the end, 12 s and more.
    let deadline = Instant::now() + Duration::from_secs(5);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running 5 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(output.stdout.is_empty());
    // After the note, if the budget was lowered: while mapping, or (a machine quick to map it)
    // during the search.
    let last = err.lines().last().unwrap_or_default();
    assert!(
        last == "tictree: solve interrupted (Ctrl-C) while the table was being mapped, before the search"
            || last.starts_with("tictree: solve interrupted (Ctrl-C) after "),
        "{err}"
    );
}

/// SIGTERM (`timeout`, `kill`) stops a solve as Ctrl-C does, and the message names it.
#[test]
#[cfg(unix)]
fn sigterm_prints_what_the_narrowing_knew_and_names_the_signal() {
    let child = tictree_command()
        .args([
            "solve",
            "--rules",
            "connect4",
            "--no-book",
            "--threads",
            "1",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Sent once the command catches it (on a busy machine it may not have started yet), and
    // with the search under way.
    let started = std::time::Instant::now();
    while !catches(child.id(), libc::SIGTERM) {
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) },
        0
    );
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(143), "{err}");
    assert!(output.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    // During the search, or (a busy machine) while its table is still mapped.
    assert!(
        err.starts_with("tictree: solve interrupted (SIGTERM) after ")
            && err.contains(" nodes; known so far: ")
            || err
                == "tictree: solve interrupted (SIGTERM) while the table was being mapped, \
                       before the search\n",
        "{err}"
    );
}

/// A finished game has nobody to move: the text says how it ended, as `analyze` does, and the
/// JSON's `to_move` is null beside its `status`.
#[test]
fn a_finished_game_says_how_it_ended_not_who_is_to_move() {
    for (position, ended, status) in [
        ("xox/xoo/oxx", "game over: draw", "draw"),
        ("xxx/oo./...", "game over: X won", "x_won"),
    ] {
        let (code, out, err) = tictree(&["solve", position]);
        assert_eq!(code, 0, "{err}");
        let first = format!("position  {position} ({ended})");
        assert_eq!(out.lines().next(), Some(first.as_str()), "{out}");
        let (code, out, err) = tictree(&["solve", "--json", position]);
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(json["to_move"].is_null(), "{json}");
        assert_eq!(json["status"], status);
    }
    let (_, out, _) = tictree(&["solve", "x../.../..."]);
    assert!(
        out.starts_with("position  x../.../... (O to move)\n"),
        "{out}"
    );
    let (_, out, _) = tictree(&["solve", "--json", "x../.../..."]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["to_move"], "O");
}

/// Whether process `pid` catches `signal` now (Linux: the `SigCgt` mask of /proc/PID/status).
#[cfg(unix)]
pub(crate) fn catches(pid: u32, signal: i32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}
