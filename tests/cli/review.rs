//! `tictree review` through the real binary: every move judged against the best move there, the
//! same by every algorithm, Connect Four with the opening book, bad input refused.

use crate::binary::tictree;
use serde_json::Value;

/// `review --json` of `moves`, each line parsed.
fn judged(args: &[&str]) -> Vec<Value> {
    let (code, out, err) = tictree(&[&["review", "--json"][..], args].concat());
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn verdicts(lines: &[Value]) -> Vec<&str> {
    lines
        .iter()
        .map(|l| l["verdict"].as_str().unwrap())
        .collect()
}

/// A game with a mistake and two inaccuracies: O's b3 loses a drawn game, O's b1 loses at once
/// where c3 lasts a move longer, X's a3 wins in two where c3 wins at once.
const GAME: &str = "b2 b3 a1 b1 a3 c1 c3";

#[test]
fn each_move_is_judged_with_its_score_the_best_moves_and_the_outcome_before_and_after() {
    let lines = judged(&["--moves", GAME]);
    assert_eq!(
        verdicts(&lines),
        [
            "best",
            "mistake",
            "best",
            "inaccuracy",
            "inaccuracy",
            "best",
            "best"
        ]
    );
    let mistake = &lines[1];
    assert_eq!(mistake["ply"], 2);
    assert_eq!(mistake["player"], "O");
    assert_eq!(mistake["move"], "b3");
    assert_eq!(
        (mistake["score"].as_i64(), mistake["outcome"].as_str()),
        (Some(-5), Some("loss in 3"))
    );
    assert_eq!(mistake["best"], serde_json::json!(["a3", "c3", "a1", "c1"]));
    assert_eq!(
        (
            mistake["best_score"].as_i64(),
            mistake["best_outcome"].as_str()
        ),
        (Some(0), Some("draw"))
    );
    assert_eq!(
        (mistake["before"].as_str(), mistake["after"].as_str()),
        (Some("draw"), Some("loss"))
    );
    let slower = &lines[4];
    assert_eq!(
        (slower["move"].as_str(), slower["score"].as_i64()),
        (Some("a3"), Some(8))
    );
    assert_eq!(
        (slower["best"].clone(), slower["best_score"].as_i64()),
        (serde_json::json!(["c3"]), Some(10))
    );
    assert_eq!(
        (slower["before"].as_str(), slower["after"].as_str()),
        (Some("win"), Some("win"))
    );
}

#[test]
fn minimax_alphabeta_and_engine_judge_alike() {
    let without_nodes = |algo: &str| -> Vec<Value> {
        let mut lines = judged(&["--algo", algo, "--moves", "a3 b2 b3 a1 c1 c2"]);
        for line in &mut lines {
            line.as_object_mut().unwrap().remove("nodes");
        }
        lines
    };
    let engine = without_nodes("engine");
    assert_eq!(
        verdicts(&engine),
        ["best", "best", "best", "mistake", "mistake", "mistake"]
    );
    assert_eq!(without_nodes("minimax"), engine);
    assert_eq!(without_nodes("alphabeta"), engine);
}

#[test]
fn the_table_says_each_verdict_and_counts_them_per_player() {
    let (code, out, _) = tictree(&["review", "--moves", GAME]);
    assert_eq!(code, 0);
    let expected = "\
7 moves from the empty board (tictactoe), each scored for the side that played it:
 ply  player move score  outcome     best moves           score  verdict
   1  X      b2       0  draw        a3 b3 c3 (6 more)        0  best
   2  O      b3      -5  loss in 3   a3 c3 a1 c1              0  mistake: draw → loss in 3
   3  X      a1      +6  win in 3    a3 c3 a2 (3 more)       +6  best
   4  O      b1      -9  loss in 1   c3                      -7  inaccuracy: loss in 2 → loss in 1
   5  X      a3      +8  win in 2    c3                     +10  inaccuracy: win in 1 → win in 2
   6  O      c1      -9  loss in 1   c3 a2 c2 c1             -9  best
   7  X      c3     +10  win in 1    c3 a2                  +10  best
X: 1 inaccuracy (5. a3) · O: 1 mistake, 1 inaccuracy (2. b3, 4. b1)
";
    assert_eq!(out, expected);
}

/// One move: the heading says so in the singular, and O, who played none, is not praised for it.
#[test]
fn a_game_of_one_move_says_so() {
    let (code, out, _) = tictree(&["review", "--moves", "b2"]);
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(
        rows[0],
        "1 move from the empty board (tictactoe), each scored for the side that played it:"
    );
    assert_eq!(rows[3], "X: every move best · O: no move played");
}

/// A position out of reach within `--time-ms` (8×8 k=5 from the start: no solver settles it in a
/// tenth of a second) leaves its move unjudged, as JSON and in the table, and the review goes on.
#[test]
fn a_move_whose_position_is_out_of_time_is_unjudged_and_counted_apart() {
    let args = ["--rules", "8x8k5", "--time-ms", "100", "--moves", "d4 e5"];
    let lines = judged(&args);
    assert_eq!(lines.len(), 2);
    assert_eq!(verdicts(&lines), ["unjudged", "unjudged"]);
    assert_eq!(lines[0]["move"], "d4");
    assert!(lines[0].get("score").is_none(), "{}", lines[0]);
    let (code, out, _) = tictree(&[&["review"][..], &args].concat());
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(
        rows[2],
        "   1  X      d4       ?  unjudged: no exact score within the time per position"
    );
    assert_eq!(
        rows[4],
        "X: no move judged, 1 unjudged · O: no move judged, 1 unjudged"
    );
}

#[test]
fn a_connect_four_game_is_judged_with_the_book_and_agrees_with_a_search_without_it() {
    // O's e1 at ply 8 loses in 16 where b1 lasts to 17: `tictree analyze --no-book --rules
    // connect4 --moves 4444443` scores b1 -10 and e1 -12.
    let lines = judged(&["--rules", "connect4", "--moves", "44444435"]);
    assert_eq!(
        verdicts(&lines),
        [
            "best",
            "best",
            "best",
            "best",
            "best",
            "best",
            "best",
            "inaccuracy"
        ]
    );
    let last = &lines[7];
    assert_eq!(
        (last["move"].as_str(), last["score"].as_i64()),
        (Some("e1"), Some(-12))
    );
    assert_eq!(
        (last["best"].clone(), last["best_score"].as_i64()),
        (serde_json::json!(["b1"]), Some(-10))
    );
    // The first plies are in the book: their positions need no search of their own.
    assert_eq!(lines[0]["best"], serde_json::json!(["d1"]));
    assert!(lines[0]["nodes"].as_u64().unwrap() < 100, "{}", lines[0]);
}

#[test]
fn a_game_that_is_missing_empty_or_illegal_is_one_line_and_status_2() {
    for (args, says) in [
        (
            &["review"][..],
            "review needs the game: give its moves with --moves",
        ),
        (
            &["review", "--moves", ""][..],
            "--moves has no moves to review",
        ),
        (
            &["review", "--moves", "b2 b2"][..],
            "move 2 'b2': the cell is already taken",
        ),
        (
            &["review", "--algo", "best", "--moves", "b2"][..],
            "algorithm",
        ),
    ] {
        let (code, out, err) = tictree(args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Ctrl-C ends the review after the moves judged so far, and the table still gets its counts
/// line, for those moves and apart the moves not reached, then says it is partial (as
/// `selfplay`'s tally does); with `--json` the objects printed stand and stderr says how far it
/// got. Each 8×8 k=5 position of this opening is out of reach within its 300 ms, so a move is
/// done every 0.3 s: Ctrl-C comes once the first row is out, long before the twelfth.
#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_review_with_the_counts_of_the_moves_judged() {
    use std::io::BufRead;
    for json in [false, true] {
        let mut args = vec![
            "review",
            "--rules",
            "8x8k5",
            "--time-ms",
            "300",
            "--threads",
            "1",
            "--moves",
            "d4 e5 d5 e4 c3 f6 c4 f5 b2 g7 b3 g6",
        ];
        if json {
            args.push("--json");
        }
        let mut child = crate::binary::spawn_piped(&args);
        let mut out = std::io::BufReader::new(child.stdout.take().expect("piped"));
        // The rows before the first move's: the heading's two, or none in JSON.
        let mut rows = Vec::new();
        for _ in 0..if json { 1 } else { 3 } {
            let mut row = String::new();
            out.read_line(&mut row).unwrap();
            rows.push(row.trim_end().to_string());
        }
        // SAFETY: kill has no memory-safety preconditions.
        assert_eq!(
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        rows.extend(out.lines().map(Result::unwrap));
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130));
        let err = String::from_utf8(output.stderr).unwrap();
        let shown = rows.join("\n");
        if json {
            let done = rows.len();
            assert!((1..12).contains(&done), "{shown}");
            assert!(
                err.contains(&format!(
                    "review interrupted (Ctrl-C) after {done} of 12 moves"
                )),
                "{err}"
            );
        } else {
            // The heading's two rows, a row a move, the counts, the partial line.
            assert!(rows.len() >= 5, "{shown}");
            let done = rows.len() - 4;
            assert!((1..12).contains(&done), "{shown}");
            let (x, o) = (done.div_ceil(2), done / 2);
            let side = |name: &str, unjudged: usize| match unjudged {
                0 => format!("{name}: no move reviewed yet"),
                6 => format!("{name}: no move judged, 6 unjudged"),
                n => format!(
                    "{name}: no move judged, {n} unjudged, {} not reviewed",
                    6 - n
                ),
            };
            assert_eq!(
                rows[rows.len() - 2],
                format!("{} · {}", side("X", x), side("O", o)),
                "{shown}"
            );
            assert_eq!(
                rows[rows.len() - 1],
                format!("partial: interrupted (Ctrl-C) after {done} of 12 moves")
            );
        }
    }
}
