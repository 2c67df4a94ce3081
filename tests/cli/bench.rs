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
    let speedup = number(&row["elapsed_ms"]) / number(&row["threaded"]["elapsed_ms"]);
    assert!((number(&row["speedup"]) - speedup).abs() < 1e-9, "{row}");
}
