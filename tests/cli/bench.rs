//! `tictree bench` through the real binary: its rows report right answers.

use crate::binary::tictree;

#[test]
fn bench_rows_report_right_answers() {
    let (code, out, _) = tictree(&["bench", "--json", "--only", "3x3"]);
    assert_eq!(code, 0);
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for row in rows {
        assert_eq!(row["correct"], row["positions"], "{row}");
        // The per-move analyses count no positions explored: null, not a count of 0.
        assert!(row["explored"].is_null(), "{row}");
        assert!(row["mean_explored"].is_null(), "{row}");
    }
    assert_eq!(rows[0]["nodes"], 549_945);
}

/// `--only` matching no row lists every row's name whole: the message is where a user learns
/// them (it was cut in the middle at 400 characters).
#[test]
fn only_matching_nothing_lists_every_row_whole() {
    let (code, _, err) = tictree(&["bench", "--only", "zzz"]);
    assert_eq!(code, 2);
    assert!(!err.contains("left out"), "{err}");
    for row in [
        "3x3 analysis minimax",
        "connect4 Test_L3_R1 End-Easy",
        "connect4 Test_L1_R3 Begin-Hard",
        "realtime along strong games",
    ] {
        assert!(err.contains(row), "{row}: {err}");
    }
}

/// Means are given to the nanosecond and the speed-up comes from the totals: End-Easy's
/// positions take 4 or 5 µs each, and means rounded to whole microseconds made speed-ups of
/// 0.20× to 2.75× out of noise.
#[test]
fn means_and_speed_ups_are_not_rounded_to_microseconds() {
    let (code, out, _) = tictree(&["bench", "--json", "--only", "End-Easy", "--threads", "2"]);
    assert_eq!(code, 0);
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    let row = &rows[0];
    let number = |value: &serde_json::Value| value.as_f64().unwrap();
    let positions = number(&row["positions"]);
    let mean = number(&row["mean_ms"]);
    assert!(
        (mean - number(&row["elapsed_ms"]) / positions).abs() < 1e-6,
        "{row}"
    );
    // The solver's rows count positions explored, on both runs.
    assert!(number(&row["explored"]) > 0.0, "{row}");
    assert!(number(&row["threaded"]["explored"]) > 0.0, "{row}");
    let speedup = number(&row["elapsed_ms"]) / number(&row["threaded"]["elapsed_ms"]);
    assert!((number(&row["speedup"]) - speedup).abs() < 1e-9, "{row}");
}

/// Ctrl-C during `bench --json` prints the rows done as the one JSON array, as the table has
/// printed its rows by then (it printed nothing).
#[cfg(unix)]
#[test]
fn ctrl_c_during_bench_json_prints_the_rows_done() {
    let child =
        crate::binary::spawn_piped(&["bench", "--json", "--only", "Test_L", "--threads", "1"]);
    // End-Easy and Middle-Easy take milliseconds, the rows after them seconds to minutes: three
    // seconds in, some rows are done and one is running, even with the machine busy compiling
    // (one second was not always enough to map the table and finish a row).
    std::thread::sleep(std::time::Duration::from_millis(3000));
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap())
        .collect();
    let order = [
        "connect4 Test_L3_R1 End-Easy",
        "connect4 Test_L2_R1 Middle-Easy",
        "connect4 Test_L2_R2 Middle-Medium",
        "connect4 Test_L1_R1 Begin-Easy",
        "connect4 Test_L1_R2 Begin-Medium",
    ];
    assert!(!names.is_empty() && order.starts_with(&names), "{names:?}");
}

/// `--json` writes its array only at the end: the suite looks for its reader between its steps
/// (as `selfplay` does between games) and ends quietly, status 0, soon after the reader has gone,
/// not after the realtime row's 358 analyses of up to 1.5 s each.
#[cfg(target_os = "linux")]
#[test]
fn bench_json_ends_soon_after_its_reader_has_gone() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = crate::binary::spawn_piped(&[
        "bench",
        "--json",
        "--threads",
        "1",
        "--hash",
        "16",
        "--only",
        "realtime",
    ]);
    drop(child.stdout.take());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("bench --json still running 20 s after its reader went away");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!((status.code(), err.as_str()), (Some(0), ""));
}

/// The table's headings stay apart however many threads: `256 threads` does not run into
/// `mean time` before it, nor `speed-up` into it, and each heading ends where its column does.
#[test]
fn the_headings_of_a_run_on_many_threads_stay_apart() {
    let (code, out, err) = tictree(&[
        "bench",
        "--only",
        "3x3 analysis alphabeta",
        "--threads",
        "256",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let headings: Vec<&str> = lines[0]
        .split("  ")
        .map(str::trim)
        .filter(|heading| !heading.is_empty())
        .collect();
    assert_eq!(
        headings,
        [
            "row",
            "right",
            "nodes",
            "mean nodes",
            "mean expl.",
            "mean time",
            "256 threads",
            "speed-up",
            "Pons (explored, time)"
        ],
        "{out}"
    );
    // Right-aligned: the row's time on 256 threads and its speed-up end under their headings.
    let end = |line: &str, text: &str| {
        line.find(text)
            .map(|at| line[..at + text.len()].chars().count())
    };
    let row = lines[1];
    let speedup = row
        .split_whitespace()
        .rev()
        .find(|cell| cell.ends_with('×'))
        .unwrap();
    assert_eq!(end(row, speedup), end(lines[0], "speed-up"), "{out}");
    let threaded = row
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .nth(6)
        .unwrap();
    assert_eq!(end(row, threaded), end(lines[0], "256 threads"), "{out}");
}
