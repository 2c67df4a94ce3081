//! `tictree solve` and `tictree bench` through the real binary.

use crate::binary::tictree;

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

#[test]
fn weak_solve_gives_only_the_outcome() {
    // O to move after 4444443 loses (the exact solve says: loss in 17, score -10).
    let (code, out, _) = tictree(&[
        "solve", "--rules", "connect4", "--weak", "--moves", "4444443",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("value     loss (weak solve)"), "{out}");
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
