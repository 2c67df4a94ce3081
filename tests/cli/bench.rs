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
