//! `tictree solve --batch` through the real binary: Pons' End-Easy lines get their published
//! scores, bad and disagreeing lines are numbered on stderr without stopping the batch, the exit
//! status tells, standard input works, `--json` lines parse, and `--analyze` prints what Pons'
//! solver prints with `-a` (checked against `tictree analyze` too).

use crate::binary::{spawn_piped, tictree, tictree_command, tictree_with_input};
use serde_json::Value;
use std::io::Write;

/// The first 20 lines of Pons' End-Easy set: positions that solve in microseconds.
fn end_easy() -> String {
    let path = format!("{}/data/connect4/Test_L3_R1", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().take(20).map(|l| format!("{l}\n")).collect()
}

/// `text` as a file in a temporary directory (kept alive by the returned guard).
fn file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("positions.txt");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap().to_string();
    (dir, path)
}

#[test]
fn pons_end_easy_lines_get_their_published_scores() {
    let input = end_easy();
    let (_dir, path) = file(&input);
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", &path], "");
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.err, "");
    let lines: Vec<&str> = run.out.lines().collect();
    assert_eq!(lines.len(), 20, "{}", run.out);
    for (given, printed) in input.lines().zip(&lines) {
        // Pons' own two columns come back first: the moves and the (same) score.
        assert!(
            printed.starts_with(&format!("{given} ")),
            "{given} → {printed}"
        );
        let columns: Vec<&str> = printed.split(' ').collect();
        assert_eq!(columns.len(), 5, "moves score nodes explored µs: {printed}");
        let explored: u64 = columns[3].parse().unwrap();
        assert!(explored >= 1, "{printed}");
        // The time is measured, not left at zero.
        assert!(columns[4].parse::<f64>().unwrap() > 0.0, "{printed}");
    }
    // The first line by itself: -1, as in the file.
    assert!(lines[0].starts_with("2252576253462244111563365343671351441 -1 "));
}

#[test]
fn a_wrong_expected_score_is_status_1_and_names_the_line() {
    let input: String = end_easy()
        .lines()
        .enumerate()
        .map(|(i, line)| match i {
            // Line 5 really scores -1.
            4 => "65214673556155731566316327373221417 3\n".to_string(),
            _ => format!("{line}\n"),
        })
        .collect();
    let (_dir, path) = file(&input);
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", &path], "");
    assert_eq!(run.code, 1);
    assert_eq!(run.out.lines().count(), 20, "every line is still solved");
    assert!(
        run.out
            .contains("\n65214673556155731566316327373221417 -1 ")
    );
    let err: Vec<&str> = run.err.lines().collect();
    assert_eq!(
        err,
        [
            "tictree: line 5: expected 3, found -1",
            "tictree: 1 line(s) failed: 0 could not be solved, 1 disagreed with the expected \
             score; 20 solved"
        ]
    );
}

#[test]
fn malformed_lines_are_numbered_and_the_batch_goes_on() {
    let input =
        "4453 -2\n44a53\n1111111\n44556671\n\n# a comment\n,,,\n67152117737262713366376314254 6\n";
    let (_dir, path) = file(input);
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", &path], "");
    assert_eq!(run.code, 1, "{}", run.err);
    let solved: Vec<&str> = run
        .out
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(solved, ["4453", "67152117737262713366376314254"]);
    assert!(run.out.starts_with("4453 -2 "), "{}", run.out);
    let err: Vec<&str> = run.err.lines().collect();
    assert_eq!(
        err,
        [
            "tictree: line 2: '44a53': 'a' is not a column; moves are column digits 1..7",
            "tictree: line 3: move 7 '1': column 1 is full",
            "tictree: line 4: move 8 '1': the game is already over",
            // Not the empty board, which a batch writes as a position.
            "tictree: line 7: separators but no moves",
            "tictree: 4 line(s) failed: 4 could not be solved, 0 disagreed with the expected \
             score; 2 solved",
        ]
    );
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let input = end_easy();
    let (_dir, path) = file(&input);
    let from_file = tictree_with_input(&["solve", "--rules", "connect4", "--batch", &path], "");
    let from_stdin = tictree_with_input(&["solve", "--rules", "connect4", "--batch", "-"], &input);
    assert_eq!(from_stdin.code, 0, "{}", from_stdin.err);
    let scores = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(scores(&from_stdin.out), scores(&from_file.out));
    assert_eq!(scores(&from_stdin.out), input.lines().collect::<Vec<_>>());
}

#[test]
fn json_lines_parse_and_carry_the_check() {
    let input = "4453626 -2\n4453626\n2252576253462244111563365343671351441 0\n";
    // Without the book, which holds the 7-ply first line: its answer is then searched.
    let run = tictree_with_input(
        &[
            "solve",
            "--rules",
            "connect4",
            "--batch",
            "-",
            "--json",
            "--no-book",
        ],
        input,
    );
    assert_eq!(run.code, 1, "the third line disagrees: {}", run.err);
    let objects: Vec<serde_json::Value> = run
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 3);
    let first = &objects[0];
    assert_eq!(first["line"], 1);
    assert_eq!(first["moves"], "4453626");
    assert_eq!(first["to_move"], "O");
    assert_eq!(first["weak"], false);
    assert!(first["nodes"].as_u64().unwrap() > 0);
    let elapsed = first["elapsed_ms"].as_f64().unwrap();
    assert!(elapsed > 0.0 && elapsed < 60_000.0, "{elapsed}");
    // Expected scores are Pons': they are checked against `pons_score`.
    let pons = first["pons_score"].as_i64().unwrap();
    assert_eq!(
        (first["expected"].as_i64(), first["agrees"].as_bool()),
        (Some(-2), Some(pons == -2))
    );
    // No expected score: nothing to agree with.
    assert_eq!(objects[1]["pons_score"], first["pons_score"]);
    assert_eq!(objects[1]["score"], first["score"]);
    assert!(objects[1].get("expected").is_none() && objects[1].get("agrees").is_none());
    assert_eq!(
        (
            objects[2]["pons_score"].as_i64(),
            objects[2]["agrees"].as_bool()
        ),
        (Some(-1), Some(false))
    );
    // After 37 stones, X wins with the 41st: -(42 + 2 + 37 - 41) depth-aware, -(44 - 41) / 2
    // on Pons' scale.
    assert_eq!(
        (objects[2]["value"].as_str(), objects[2]["score"].as_i64()),
        (Some("loss"), Some(-40))
    );
    assert!(
        run.err.contains("tictree: line 3: expected 0, found -1"),
        "{}",
        run.err
    );
}

/// An End-Easy position with three full columns, and every column's score as Pons' own solver
/// prints it with `-a` (run once by hand on his code; -1000 marks a full column).
const POSITION: &str = "7422341735647741166133573473242566";
const PONS_A: [i64; 7] = [-3, 1, -1000, -1000, -4, 1, -1000];

#[test]
fn analyze_prints_every_column_as_pons_does() {
    let run = tictree_with_input(
        &["solve", "--rules", "connect4", "--batch", "-", "--analyze"],
        &format!("{POSITION}\n"),
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out, format!("{POSITION} -3 1 -1000 -1000 -4 1 -1000\n"));
    // The per-move analysis agrees once its depth-aware scores are put on Pons' scale:
    // a game ending with T stones scores ±(42 + 2 − T) / 2.
    let analyze = tictree_with_input(
        &[
            "analyze", "--rules", "connect4", "--moves", POSITION, "--json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&analyze.out).unwrap();
    let stones = POSITION.len() as i64;
    let mut columns = [-1000i64; 7];
    let mut depth_aware = vec![serde_json::Value::Null; 7];
    for m in json["moves"].as_array().unwrap() {
        let col = (m["move"].as_str().unwrap().as_bytes()[0] - b'a') as usize;
        let (score, plies) = (m["score"].as_i64().unwrap(), m["plies"].as_i64().unwrap());
        columns[col] = score.signum() * (44 - (stones + plies)) / 2;
        depth_aware[col] = m["score"].clone();
    }
    assert_eq!(columns, PONS_A);
    assert_eq!(
        serde_json::Value::from(depth_aware.clone()),
        serde_json::json!([-40, 37, null, null, -42, 37, null])
    );
    // Given back as expected scores, Pons' line checks out; one score is the best column's.
    for expected in [" -3 1 -1000 -1000 -4 1 -1000", " 1"] {
        let again = tictree_with_input(
            &[
                "solve",
                "--rules",
                "connect4",
                "--batch",
                "-",
                "--analyze",
                "--json",
            ],
            &format!("{POSITION}{expected}\n"),
        );
        assert_eq!(again.code, 0, "{expected}: {}", again.err);
        let object: serde_json::Value = serde_json::from_str(&again.out).unwrap();
        assert_eq!(object["agrees"], true);
        // Pons' scale is `pons_scores`; `scores` are analyze's depth-aware scores.
        assert_eq!(
            object["pons_scores"],
            serde_json::json!([-3, 1, null, null, -4, 1, null])
        );
        assert_eq!(
            object["scores"],
            serde_json::Value::from(depth_aware.clone())
        );
        assert_eq!(
            object["values"],
            serde_json::json!(["loss", "win", null, null, "loss", "win", null])
        );
        assert!(object.get("score").is_none() && object.get("pons_score").is_none());
    }
}

#[test]
fn weak_batches_check_only_the_sign() {
    let run = tictree_with_input(
        &["solve", "--rules", "connect4", "--batch", "-", "--weak"],
        &format!("{POSITION} 1\n{POSITION} -1\n"),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.out
            .lines()
            .map(|l| l.split(' ').nth(1).unwrap())
            .collect::<Vec<_>>(),
        ["1", "1"]
    );
    assert_eq!(
        run.err.lines().next(),
        Some("tictree: line 2: expected -1, found 1")
    );
    let analyze = tictree_with_input(
        &[
            "solve",
            "--rules",
            "connect4",
            "--batch",
            "-",
            "--weak",
            "--analyze",
        ],
        &format!("{POSITION}\n"),
    );
    assert_eq!(
        analyze.out,
        format!("{POSITION} -1 1 -1000 -1000 -1 1 -1000\n")
    );
    // A weak solve has no exact score on either scale: the JSON gives only the outcome.
    let json = |extra: &[&str]| -> serde_json::Value {
        let args = [
            &[
                "solve", "--rules", "connect4", "--batch", "-", "--weak", "--json",
            ][..],
            extra,
        ]
        .concat();
        let run = tictree_with_input(&args, &format!("{POSITION} 1\n"));
        assert_eq!(run.code, 0, "{extra:?}: {}", run.err);
        serde_json::from_str(&run.out).unwrap()
    };
    let one = json(&[]);
    assert_eq!(
        (
            &one["value"],
            &one["score"],
            &one["pons_score"],
            &one["agrees"]
        ),
        (
            &serde_json::json!("win"),
            &serde_json::Value::Null,
            &serde_json::Value::Null,
            &serde_json::json!(true)
        )
    );
    let columns = json(&["--analyze"]);
    assert_eq!(
        columns["values"],
        serde_json::json!(["loss", "win", null, null, "loss", "win", null])
    );
    assert!(
        columns["scores"].is_null() && columns["pons_scores"].is_null(),
        "{columns}"
    );
}

/// `score` means the depth-aware score everywhere and `pons_score` Pons' scale: a single solve
/// and a batch line of the same position say the same on both.
#[test]
fn solve_and_batch_give_the_same_scores_under_the_same_names() {
    let single = tictree_command()
        .args([
            "solve", "--rules", "connect4", "--json", "--moves", "4453626",
        ])
        .output()
        .unwrap();
    assert!(single.status.success());
    let single: serde_json::Value = serde_json::from_slice(&single.stdout).unwrap();
    let batch = tictree_with_input(
        &["solve", "--rules", "connect4", "--batch", "-", "--json"],
        "4453626\n",
    );
    assert_eq!(batch.code, 0, "{}", batch.err);
    let batch: serde_json::Value = serde_json::from_str(&batch.out).unwrap();
    for object in [&single, &batch] {
        // O to move loses: X's line ends the game with the 39th stone (X's 20th), so
        // -(42 + 2 + 7 - 39) depth-aware and -(22 - 20) on Pons' scale.
        assert_eq!(
            (&object["value"], &object["score"], &object["pons_score"]),
            (
                &serde_json::json!("loss"),
                &serde_json::json!(-12),
                &serde_json::json!(-2)
            ),
            "{object}"
        );
    }
    assert_eq!(single["position"], batch["position"]);
}

#[test]
fn boards_without_gravity_take_cells_or_the_position_notation() {
    // X to move with two in the top row wins at once: the game ends with 5 marks, (9+2-5)/2 = 3.
    let input = "xx./oo./... 3\na3 a2 b3 b2 3\na3,a2,b3,b2\nb2 0\n.../.../... 0\n";
    let run = tictree_with_input(&["solve", "--batch", "-"], input);
    assert_eq!(run.code, 0, "{}", run.err);
    let firsts: Vec<String> = run
        .out
        .lines()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        firsts,
        [
            "xx./oo./... 3",
            "a3,a2,b3,b2 3",
            "a3,a2,b3,b2 3",
            "b2 0",
            ".../.../... 0"
        ]
    );
    // One score per cell, top row first; taken cells are -1000. c3 wins at once; c2 blocks O
    // and draws; a1, b1 or c1 let O complete its row with the sixth mark: -(9 + 2 - 6) / 2.
    let analyze = tictree_with_input(&["solve", "--batch", "-", "--analyze"], "xx./oo./...\n");
    assert_eq!(
        analyze.out, "xx./oo./... -1000 -1000 3 -1000 -1000 0 -2 -2 -2\n",
        "{}",
        analyze.err
    );
    // Scores for some cells but not all are that line's error, in the board's words.
    let few = tictree_with_input(&["solve", "--batch", "-", "--analyze"], "x.o/.x./..o 0 0\n");
    assert_eq!(few.code, 1);
    assert!(
        few.err
            .contains("2 scores given: give one (the position's) or 9 (one per cell)"),
        "{}",
        few.err
    );
    let digits = tictree_with_input(&["solve", "--batch", "-"], "4453\n");
    assert_eq!(digits.code, 1);
    assert!(
        digits
            .err
            .contains("line 1: '4453': column digits need gravity rules")
    );
}

#[test]
fn usage_errors_are_status_2() {
    for (args, message) in [
        (
            vec!["solve", "--batch", "/no/such/file"],
            "--batch /no/such/file: No such file",
        ),
        (
            vec!["solve", "--batch", ""],
            "--batch is empty: name the file of positions, or - for standard input",
        ),
        (vec!["solve", "--analyze"], "--analyze works with --batch"),
        (
            vec!["solve", "--batch", "-", "--moves", "44"],
            "cannot be used with",
        ),
        (
            vec!["solve", "--batch", "-", "--rules", "9x9"],
            "board width 9 is out of range",
        ),
    ] {
        let run = tictree_with_input(&args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.err);
        assert_eq!(run.err.lines().count(), 1, "{args:?}: {}", run.err);
        assert!(run.err.contains(message), "{args:?}: {}", run.err);
        assert!(run.out.is_empty());
    }
}

#[test]
fn one_expected_score_with_analyze_names_the_best_move_it_was_compared_with() {
    let analyze = ["solve", "--batch", "-", "--analyze"];
    let run = tictree_with_input(
        &[&analyze[..], &["--rules", "connect4"]].concat(),
        &format!("{POSITION} 3\n"),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.err.lines().next(),
        Some(
            "tictree: line 1: expected 3, found 1 (best move: column 2 or 6); all columns: \
             -3 1 -1000 -1000 -4 1 -1000"
        )
    );
    // Without gravity the best cells are named.
    let run = tictree_with_input(&analyze, "x.o/.x./... 2\n");
    assert_eq!(
        run.err.lines().next(),
        Some(
            "tictree: line 1: expected 2, found 0 (best move: c1); all cells: \
             -1000 -3 -1000 -3 -1000 -3 -3 -3 0"
        )
    );
    // A score per column is compared column by column: the message stays as it was.
    let run = tictree_with_input(
        &[&analyze[..], &["--rules", "connect4"]].concat(),
        &format!("{POSITION} -3 1 -1000 -1000 -4 2 -1000\n"),
    );
    assert_eq!(
        run.err.lines().next(),
        Some(
            "tictree: line 1: expected -3 1 -1000 -1000 -4 2 -1000, found -3 1 -1000 -1000 -4 \
             1 -1000"
        )
    );
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_ignored() {
    let input = "\u{feff}4453626 -2\n4453 -2\n";
    let (_dir, path) = file(input);
    for run in [
        tictree_with_input(&["solve", "--rules", "connect4", "--batch", &path], ""),
        tictree_with_input(&["solve", "--rules", "connect4", "--batch", "-"], input),
    ] {
        assert_eq!(run.code, 0, "{}", run.err);
        assert_eq!(run.err, "");
        let scores: Vec<String> = run
            .out
            .lines()
            .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(scores, ["4453626 -2", "4453 -2"]);
    }
}

/// A binary file (the opening book, given by mistake) stops the batch with one line, status 2:
/// it used to print a complaint for each of its hundreds of "lines".
#[test]
fn a_binary_file_is_one_error_not_one_per_line() {
    let book = format!("{}/data/book/connect4.book", env!("CARGO_MANIFEST_DIR"));
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", &book], "");
    assert_eq!(run.code, 2, "{}", run.err);
    assert_eq!(
        run.err,
        format!("tictree: --batch {book}: line 1 holds a NUL byte: not a text file\n")
    );
    // The lines before it are answered as usual.
    let run = tictree_with_input(
        &["solve", "--rules", "connect4", "--batch", "-"],
        "4453626\n44\0\n",
    );
    assert_eq!(run.code, 2, "{}", run.err);
    assert!(run.out.starts_with("4453626 "), "{}", run.out);
    assert!(
        run.err
            .ends_with("line 2 holds a NUL byte: not a text file\n"),
        "{}",
        run.err
    );
    // However long the line: `< /dev/zero` has no newline at all, and stops at once.
    let zeros = "\0".repeat(10_000); // longer than a line is kept, within a pipe's buffer
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", "-"], &zeros);
    assert_eq!(run.code, 2, "{}", run.err);
    assert_eq!(
        run.err,
        "tictree: --batch -: line 1 holds a NUL byte: not a text file\n"
    );
}

#[test]
fn a_line_longer_than_any_position_is_that_lines_error() {
    let digits = "4".repeat(5_000);
    let comment = format!("# {}", "x".repeat(10_000));
    let input = format!("4453 -2\n{digits}\n{comment}\n4453626 -2\n");
    let run = tictree_with_input(&["solve", "--rules", "connect4", "--batch", "-"], &input);
    assert_eq!(run.code, 1, "{}", run.err);
    let solved: Vec<&str> = run
        .out
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(solved, ["4453", "4453626"]);
    let err: Vec<&str> = run.err.lines().collect();
    assert_eq!(
        err,
        [
            "tictree: line 2: 5,000 bytes long, more than any position and its scores take \
             (4,096 at most)",
            "tictree: 1 line(s) failed: 1 could not be solved, 0 disagreed with the expected \
             score; 2 solved",
        ]
    );
    // The longest line a position can need is well within: every cell of 8×8 named, and a
    // score per cell, as `--analyze` prints them.
    let cells: Vec<String> = (b'a'..=b'h')
        .flat_map(|col| (1..=8).map(move |row| format!("{}{row}", col as char)))
        .collect();
    let longest = format!("{} {}\n", cells.join(", "), ["-1000"; 64].join(" "));
    let run = tictree_with_input(
        &["solve", "--rules", "8x8", "--batch", "-", "--analyze"],
        &longest,
    );
    assert!(!run.err.contains("bytes long"), "{}", run.err);
}

/// Sends Ctrl-C's signal to `child` and waits for it to end. A hang guard, not a speed claim:
/// the batch stops at once, whatever it was reading or waiting for.
#[cfg(unix)]
fn interrupt(child: &mut std::process::Child) {
    // SAFETY: kill has no memory-safety preconditions.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running 10 s after Ctrl-C");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
#[cfg(unix)]
fn ctrl_c_while_reading_a_line_without_end_names_the_line() {
    let mut child = spawn_piped(&[
        "solve", "--rules", "connect4", "--hash", "1", "--batch", "-",
    ]);
    let mut stdin = child.stdin.take().unwrap();
    // A line, then digits without a newline for as long as tictree reads them.
    std::thread::spawn(move || {
        let digits = vec![b'4'; 1 << 16];
        let _ = stdin.write_all(b"4453 -2\n");
        while stdin.write_all(&digits).is_ok() {}
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    interrupt(&mut child);
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .starts_with("4453 -2 ")
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("tictree: batch interrupted (Ctrl-C) at line 2, after ")
            && err.ends_with(" and 1 position(s) solved\n"),
        "{err}"
    );
}

/// Ctrl-C while the batch waits for a line that has not come (a generator pausing, someone
/// typing) stops it at once, as it stops a search: the input stays open, nothing more arrives.
#[test]
#[cfg(unix)]
fn ctrl_c_while_waiting_for_the_next_line_stops_the_batch() {
    let mut child = spawn_piped(&[
        "solve", "--rules", "connect4", "--hash", "1", "--batch", "-",
    ]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"4453 -2\n").unwrap();
    stdin.flush().unwrap();
    // The first line is answered; then the batch waits on the open input.
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut answered = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut answered).unwrap();
    assert!(answered.starts_with("4453 -2 "), "{answered}");
    interrupt(&mut child);
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let err = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{err}");
    assert!(
        err.starts_with("tictree: batch interrupted (Ctrl-C) at line 2, after ")
            && err.ends_with(" and 1 position(s) solved\n"),
        "{err}"
    );
}

/// A finished game is answered as `solve` answers it: the side to move has lost, with no move
/// left (`--analyze`: every column -1000, as for a full one), never an error.
#[test]
fn a_finished_game_is_answered_as_solve_answers_it() {
    let c4 = ["solve", "--rules", "connect4", "--batch", "-"];
    let run = tictree_with_input(&c4, "4455667 -18\n");
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.starts_with("4455667 -18 0 0 "), "{}", run.out);
    let single = tictree(&[
        "solve", "--rules", "connect4", "--moves", "4455667", "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&single.1).unwrap();
    assert_eq!(json["pons_score"], -18);
    let analyze = tictree_with_input(&[&c4[..], &["--analyze"]].concat(), "4455667\n");
    assert_eq!(analyze.code, 0, "{}", analyze.err);
    assert_eq!(
        analyze.out,
        "4455667 -1000 -1000 -1000 -1000 -1000 -1000 -1000\n"
    );
}

/// A finished game's JSON line says what `solve --json` says of it: nobody to move, and how the
/// game ended (it once gave the side that would move next, with no `status`).
#[test]
fn a_finished_game_in_json_has_nobody_to_move_and_says_how_it_ended() {
    // Each line, and the same position as `solve` is given it.
    let cases = [
        (
            "connect4",
            "4455667",
            ["--moves", "4455667"],
            Value::Null,
            "x_won",
        ),
        (
            "tictactoe",
            "xox/xoo/oxx",
            ["--", "xox/xoo/oxx"],
            Value::Null,
            "draw",
        ),
        (
            "connect4",
            "4453626",
            ["--moves", "4453626"],
            "O".into(),
            "ongoing",
        ),
    ];
    for (rules, moves, position, to_move, status) in cases {
        let single = tictree(&[&["solve", "--rules", rules, "--json"][..], &position].concat());
        let single: Value = serde_json::from_str(&single.1).unwrap();
        for analyze in [false, true] {
            let mut args = vec!["solve", "--rules", rules, "--batch", "-", "--json"];
            args.extend(analyze.then_some("--analyze"));
            let run = tictree_with_input(&args, &format!("{moves}\n"));
            assert_eq!(run.code, 0, "{moves}: {}", run.err);
            let line: Value = serde_json::from_str(&run.out).unwrap();
            assert_eq!(
                (&line["to_move"], line["status"].as_str()),
                (&to_move, Some(status)),
                "{line}"
            );
            assert_eq!(
                (&line["to_move"], &line["status"]),
                (&single["to_move"], &single["status"]),
                "{moves}"
            );
        }
    }
}
