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
