//! Bad input of every kind, for every command that takes it, through the real binary: exit status
//! 2, nothing on standard output, exactly one line on standard error that says what is wrong, and
//! never a panic or a backtrace (even with RUST_BACKTRACE set).

use crate::binary::tictree_command;
use std::process::Stdio;

/// A bad input: the arguments, and a part of the message that names the problem.
type Case = (Vec<&'static str>, &'static str);

/// Rules and moves: every command that sets up a game takes them, the full-screen game included
/// (it checks its options before it looks for a terminal).
const RULES_AND_MOVES: &[(&[&str], &str)] = &[
    (
        &["--rules", "go"],
        "unknown rules 'go': use tictactoe, 4x4, 5x5k4, connect4 or WxHkK[g]",
    ),
    (&["--rules", ""], "unknown rules ''"),
    (&["--rules", "3x3kk"], "unknown rules '3x3kk'"),
    (
        &["--rules", "3x3k4"],
        "k=4 is out of range for a 3x3 board: it must be 3\n",
    ),
    (
        &["--rules", "8x8k9"],
        "k=9 is out of range for an 8x8 board: it must be from 3 to 8\n",
    ),
    (&["--rules", "4x4k2"], "k=2 is out of range for a 4x4 board"),
    (
        &["--rules", "9x9"],
        "board width 9 is out of range: it must be from 3 to 8\n",
    ),
    (&["--rules", "8x9k5"], "board height 9 is out of range"),
    (&["--rules", "2x5k3"], "board width 2 is out of range"),
    (
        &["--moves", "b2 b2"],
        "move 2 'b2': the cell is already taken",
    ),
    (
        &["--moves", "a3 b3 a2 b2 a1 b1"],
        "move 6 'b1': the game is already over",
    ),
    (
        &["--moves", "d1"],
        "move 1 'd1': 'd1' is off the board: columns are a..c, rows 1..3",
    ),
    (&["--moves", "a4"], "move 1 'a4': 'a4' is off the board"),
    (&["--moves", "b2 b"], "move 2 'b': 'b' is not a cell"),
    (&["--moves", "b2 ?"], "move 2 '?': '?' is not a cell"),
    // Quoted as typed: a capital letter stays one.
    (&["--moves", "B2 Bx"], "move 2 'Bx': 'Bx' is not a cell"),
    (&["--moves", "D1"], "move 1 'D1': 'D1' is off the board"),
    (
        &["--rules", "connect4", "--moves", "44444444"],
        "move 7 '4': column 4 is full",
    ),
    (
        &["--rules", "connect4", "--moves", "12121212"],
        "move 8 '2': the game is already over",
    ),
    (
        &["--rules", "connect4", "--moves", "8"],
        "move 1 '8': columns are numbered 1..7",
    ),
    (
        &["--rules", "connect4", "--moves", "d h"],
        "move 2 'h': 'h' is not a column: use a..g",
    ),
    (&["--rules", "connect4", "--moves", "d2"], "move 1 'd2': "),
];

/// Positions: the commands that take one.
const POSITIONS: &[(&[&str], &str)] = &[
    (
        &["xx./..."],
        "position 'xx./...' has 2 row(s); tictactoe needs 3 rows of 3 cells",
    ),
    (
        &["x.o/.x./..o/..."],
        "position 'x.o/.x./..o/...' has 4 row(s)",
    ),
    (&[""], "the position is empty; tictactoe needs 3 rows"),
    (
        &["x.oo/.x./..o"],
        "row 1 of position 'x.oo/.x./..o' has 4 cell(s); tictactoe needs 3",
    ),
    (&["x.o//..o"], "row 2 of position 'x.o//..o' has 0 cell(s)"),
    (
        &["xxo/.x./..q"],
        "unexpected 'q' in position 'xxo/.x./..q': cells are x, o or .",
    ),
    (&["x.o/.x./..é"], "unexpected 'é'"),
    (
        &["x.o / .x. / ..o"],
        "unexpected ' ' in position 'x.o / .x. / ..o': cells are x, o or .",
    ),
    (
        &["x.o\n/.x./..o"],
        "unexpected '\\n' in position 'x.o\\n/.x./..o'",
    ),
    (
        &["xx./.../..."],
        "impossible position 'xx./.../...': X has 2 marks and O has 0 marks",
    ),
    (&["oo./x../..."], "X has 1 mark and O has 2 marks"),
    (&["xxx/ooo/..."], "both X and O have a line"),
    (&["xxx/oo./o.."], "X has a line but O moved last"),
    (
        &["--rules", "4x4k3", "xxx./oo.o/oo../xxx."],
        "X's lines cannot all have been completed by the last move",
    ),
    (
        &[
            "--rules",
            "connect4",
            "x....../......./......./......./......./.......",
        ],
        "a6 floats above an empty cell (gravity)",
    ),
    (
        &[
            "--rules",
            "connect4",
            "......./......./......./......./x....../o......",
        ],
        "no game stacks the columns so (with gravity X drops first, then each side in turn)",
    ),
    (
        &["xxx/oo./...", "--moves", "c1"],
        "move 1 'c1': the game is already over",
    ),
];

/// Algorithms, budgets, seeds and seats, for each command that takes them; options a command
/// does not take; a finished game to trace; the game without a terminal.
const OPTIONS: &[(&[&str], &str)] = &[
    (
        &["analyze", "--algo", "magic"],
        "unknown algorithm 'magic': use minimax, alphabeta or engine",
    ),
    (&["trace", "--algo", "magic"], "unknown algorithm 'magic'"),
    (&["--algo", "magic"], "unknown algorithm 'magic'"),
    (
        &["solve", "--algo", "minimax"],
        "unexpected argument '--algo' found (see --help)",
    ),
    (
        &["analyze", "--depth", "abc"],
        "--depth abc: expected a whole number from 1 to 64",
    ),
    (
        &["analyze", "--depth", "0"],
        "--depth 0: expected a whole number",
    ),
    (
        &["analyze", "--depth", "65"],
        "--depth 65: expected a whole number",
    ),
    (
        &["analyze", "--depth", "-1"],
        "--depth -1: expected a whole number",
    ),
    (
        &["analyze", "--depth", "1.5"],
        "--depth 1.5: expected a whole number",
    ),
    (
        &["analyze", "--time-ms", "soon"],
        "--time-ms soon: expected a whole number from 0 to 86,400,000",
    ),
    (&["analyze", "--time-ms", "-5"], "--time-ms -5: expected"),
    (
        &["analyze", "--time-ms", "86400001"],
        "--time-ms 86400001: expected",
    ),
    (
        &["analyze", "--nodes", "0"],
        "--nodes 0: expected a whole number from 1 to",
    ),
    (&["analyze", "--nodes", "many"], "--nodes many: expected"),
    (
        &["analyze", "--nodes", "99999999999999999999"],
        "--nodes 99999999999999999999: expected",
    ),
    (
        &["analyze", "--hash", "0"],
        "--hash 0: expected a whole number from 1 to 1,048,576",
    ),
    (
        &["analyze", "--hash", "1048577"],
        "--hash 1048577: expected",
    ),
    (
        &["analyze", "--threads", "0"],
        "--threads 0: expected a whole number from 1 to 256",
    ),
    (
        &["analyze", "--threads", "abc"],
        "--threads abc: expected a whole number from 1 to 256",
    ),
    (
        &["solve", "--threads", "100000"],
        "--threads 100000: expected a whole number from 1 to 256",
    ),
    (
        &["solve", "--threads", "-2"],
        "--threads -2: expected a whole number",
    ),
    (
        &["solve", "--batch", "-", "--threads", "0"],
        "--threads 0: expected a whole number",
    ),
    (
        &["bench", "--threads", "99999999999999999999999"],
        "--threads 99999999999999999999999: expected a whole number",
    ),
    (
        &["bench", "--threads", "two"],
        "--threads two: expected a whole number",
    ),
    (
        &["analyze", "--compare", "--depth", "0"],
        "--depth 0: expected a whole number from 1 to 64",
    ),
    (
        &["analyze", "--compare", "--nodes", "10"],
        "cannot be used with '--nodes <N>'",
    ),
    (
        &["solve", "--hash", "abc"],
        "--hash abc: expected a whole number",
    ),
    (
        &["solve", "--hash", "-3"],
        "--hash -3: expected a whole number",
    ),
    (
        &["solve", "--depth", "3"],
        "unexpected argument '--depth' found (see --help)",
    ),
    (
        &["solve", "--analyze"],
        "--analyze works with --batch; for one position use 'tictree analyze'",
    ),
    (
        &["solve", "--batch", "/nonexistent/positions.txt"],
        "--batch /nonexistent/positions.txt: No such file or directory",
    ),
    (
        &["solve", "--batch", "-", "x.o/.x./..o"],
        "the argument '--batch <FILE>' cannot be used with '[POSITION]' (see --help)",
    ),
    (
        &["bench", "--hash", "0"],
        "--hash 0: expected a whole number",
    ),
    (
        &["bench", "--hash", "lots"],
        "--hash lots: expected a whole number",
    ),
    (
        &["bench", "--only", " "],
        "--only needs a part of a row's name, such as 3x3 or Begin",
    ),
    (
        &["bench", "--only", "zzz"],
        "--only zzz: no row's name contains it; the rows are 3x3 analysis minimax · 3x3 analysis alphabeta · ",
    ),
    (
        &["bench", "--only", "3x3\nfoo"],
        "--only '3x3\\nfoo': no row's name contains it",
    ),
    (
        &["solve", "--batch", "no such file"],
        "--batch 'no such file': No such file or directory",
    ),
    (
        &["trace", "--depth", "0"],
        "--depth 0: expected a whole number from 1 to 64",
    ),
    (&["trace", "--depth", "deep"], "--depth deep: expected"),
    // A number's text is quoted whole, control characters escaped: not cut at the new line, its
    // escape sequence not dropped, an empty one visible.
    (
        &["selfplay", "--games", "1\n2"],
        "--games '1\\n2': expected a whole number from 1 to 1,000,000",
    ),
    (
        &["trace", "--depth", "\u{1b}[31mred"],
        "--depth '\\u{1b}[31mred': expected a whole number",
    ),
    (
        &["selfplay", "--seed", ""],
        "--seed '': expected a whole number",
    ),
    (
        &["analyze", "--depth", " 65 "],
        "--depth ' 65 ': expected a whole number",
    ),
    (
        &["trace", "--limit", "0"],
        "--limit 0: expected a whole number from 1 to",
    ),
    (&["trace", "--limit", "-1"], "--limit -1: expected"),
    (
        &["trace", "--time-ms", "5"],
        "unexpected argument '--time-ms' found (see --help)",
    ),
    (
        &["trace", "xxx/oo./..."],
        "game over: X won: there is no search to trace",
    ),
    (
        &["--depth", "0"],
        "--depth 0: expected a whole number from 1 to 64",
    ),
    (&["--depth", "x"], "--depth x: expected"),
    (
        &["--time-ms", "-1"],
        "--time-ms -1: expected a whole number",
    ),
    (&["--hash", "0"], "--hash 0: expected a whole number"),
    (
        &["--threads", "0"],
        "--threads 0: expected a whole number from 1 to 256",
    ),
    (
        &["--threads", "many"],
        "--threads many: expected a whole number",
    ),
    (
        &["--seed", "abc"],
        "--seed abc: expected a whole number from 0 to 18,446,744,073,709,551,615",
    ),
    (&["--seed", "-1"], "--seed -1: expected a whole number"),
    (
        &["--x", "robot"],
        "--x robot: unknown player: use human, ai, or ai:LEVEL",
    ),
    (
        &["--o", ""],
        "--o '': unknown player: use human, ai, or ai:LEVEL",
    ),
    (
        &["--o", "ai:5"],
        "--o ai:5: unknown level '5': use 1, 2, 3, 3:DEPTH or 4",
    ),
    (
        &["--x", "ai:3:99"],
        "--x ai:3:99: level 3:99: the depth is a number from 1 to 20",
    ),
    (
        &["--x", "human:2"],
        "--x human:2: unknown player: use human",
    ),
    (
        &["--nodes", "5"],
        "unexpected argument '--nodes' found (see --help)",
    ),
    // clap's tip, kept on the line.
    (
        &["analyse"],
        "unrecognized subcommand 'analyse'; a similar subcommand exists: 'analyze' (see --help)",
    ),
    (
        &[],
        "the game needs a terminal; for scripts use 'tictree analyze'",
    ),
    (
        &["selfplay", "--x", "human"],
        "--x human: selfplay needs two AIs (ai or ai:LEVEL)",
    ),
    (&["selfplay", "--o", "ai:0"], "--o ai:0: unknown level '0'"),
    (
        &["selfplay", "--o", "ai:00"],
        "--o ai:00: unknown level '00'",
    ),
    // Nothing after the colon: said so, the value quoted apart from the message's colon.
    (
        &["selfplay", "--x", "ai:"],
        "--x 'ai:': no level: use 1, 2, 3, 3:DEPTH or 4",
    ),
    (
        &["--o", "AI:"],
        "--o 'AI:': no level: use 1, 2, 3, 3:DEPTH or 4",
    ),
    (
        &["selfplay", "--o", "ai:3:"],
        "--o 'ai:3:': no depth after '3:': use 1 to 20",
    ),
    (
        &["selfplay", "--x", ""],
        "--x '': unknown player: use ai or ai:LEVEL (1 to 4, 3:DEPTH)",
    ),
    (
        &["selfplay", "--x", "ai:3:0"],
        "--x ai:3:0: level 3:0: the depth is a number from 1 to 20",
    ),
    (
        &["selfplay", "--games", "-5"],
        "--games -5: expected a whole number from 1 to 1,000,000",
    ),
    (&["selfplay", "--games", "lots"], "--games lots: expected"),
    (
        &["selfplay", "--seed", "x"],
        "--seed x: expected a whole number from 0 to 18,446,744,073,709,551,615",
    ),
    (
        &["selfplay", "--rules", "connect4", "--moves", "1212121"],
        "the game is already over in that position: nothing to play",
    ),
    (
        &["--config", "/tmp"],
        "--config /tmp: is a directory, not a file",
    ),
    (
        &["--config", "/dev/zero"],
        "--config /dev/zero: is not a regular file",
    ),
    (
        &["--config"],
        "a value is required for '--config <PATH>' but none was supplied",
    ),
    (
        &["--rules", "connect4", "--no-mouse"],
        "the game needs a terminal; for scripts use 'tictree analyze'",
    ),
    (&["book"], "a subcommand is needed (see --help)"),
    // What a user typed is echoed escaped: one line, no escape sequence reaches the terminal.
    (
        &["analyze", "--rules", "3x3\nfoo"],
        "unknown rules '3x3\\nfoo'",
    ),
    (
        &["analyze", "--rules", "\u{1b}[2J\u{1b}]0;title\u{7}"],
        "unknown rules '\\u{1b}[2J\\u{1b}]0;title\\u{7}'",
    ),
    (&["analyze", "--moves", "b2\u{1}"], "move 1 'b2\\u{1}'"),
    (
        &["book", "build", "--plies", "3"],
        "the following required arguments were not provided: --out <FILE> (see --help)",
    ),
    (
        &["book", "build", "--plies", "99", "--out", "x.book"],
        "--plies 99: expected a whole number from 0 to 20",
    ),
    (
        &["book", "build", "--plies", "12", "--out", "x.book"],
        "--plies 12: more than the 9 cells of tictactoe; every game is over by then",
    ),
    (
        &[
            "book", "build", "--plies", "2", "--out", "x.book", "--moves", "44",
        ],
        "unexpected argument '--moves' found (see --help)",
    ),
    (
        &[
            "book",
            "build",
            "--plies",
            "2",
            "--out",
            "/nonexistent/x.book",
        ],
        "--out /nonexistent/x.book: no directory /nonexistent: create it first",
    ),
    (
        &["book", "info", "/nonexistent.book"],
        "/nonexistent.book: No such file or directory",
    ),
    (
        &["book", "info", "Cargo.toml"],
        "Cargo.toml: not a tictree book",
    ),
    (
        &["book", "verify", "Cargo.toml", "--sample", "0"],
        "--sample 0: expected a whole number from 1 to 1,000,000,000",
    ),
    (
        &["analyze", "--book", "x.book", "--no-book"],
        "the argument '--book <FILE>' cannot be used with '--no-book' (see --help)",
    ),
    // Cases each command's own file used to check.
    (
        &["analyze", "--moves", "z9"],
        "move 1 'z9': 'z9' is off the board",
    ),
    (
        &["analyze", "--frobnicate"],
        "unexpected argument '--frobnicate' found (see --help)",
    ),
    (
        &["solve", "--frobnicate"],
        "unexpected argument '--frobnicate' found (see --help)",
    ),
    (&["solve", "--rules", "bogus"], "unknown rules 'bogus'"),
    (
        &["solve", "--hash", "0"],
        "--hash 0: expected a whole number from 1 to 1,048,576",
    ),
    (
        &["solve", "x.x/ooo/..."],
        "impossible position 'x.x/ooo/...': X has 2 marks and O has 3 marks",
    ),
    (&["trace", "--rules", "bogus"], "unknown rules 'bogus'"),
    (&["trace", "x.o/.x./..z"], "unexpected 'z' in position"),
    (
        &["trace", "--format", "svg"],
        "invalid value 'svg' for '--format <FORMAT>': use json or dot (see --help)",
    ),
    // A value the parser refuses is quoted as tictree's own messages quote one: not cut at its
    // new line, its escape sequence not dropped.
    (
        &["trace", "--format", "x\ny"],
        "invalid value 'x\\ny' for '--format <FORMAT>': use json or dot (see --help)",
    ),
    (
        &["trace", "--format", "\u{1b}[2J"],
        "invalid value '\\u{1b}[2J' for '--format <FORMAT>': use json or dot (see --help)",
    ),
    (
        &["\u{1b}[31mred"],
        "unrecognized subcommand '\\u{1b}[31mred' (see --help)",
    ),
    // A value starting with '-' is read as options: clap's tip, for the option it was meant for.
    (
        &["analyze", "--rules", "-3x3"],
        "unexpected argument '-3' found; to pass '-3x3' as a value, use '--rules=-3x3' (see --help)",
    ),
    (
        &["analyze", "--jsn"],
        "unexpected argument '--jsn' found; a similar argument exists: '--json' (see --help)",
    ),
    (
        &["trace", "--moves", "a3 a3"],
        "move 2 'a3': the cell is already taken",
    ),
    (
        &["selfplay", "--o", "ai:5"],
        "--o ai:5: unknown level '5': use 1, 2, 3, 3:DEPTH or 4",
    ),
    (
        &["selfplay", "--games", "0"],
        "--games 0: expected a whole number from 1 to 1,000,000",
    ),
    (
        &["selfplay", "--games", "many"],
        "--games many: expected a whole number from 1 to 1,000,000",
    ),
    (
        &["selfplay", "--moves", "a3 a1 b3 b1 c3"],
        "the game is already over in that position",
    ),
];

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for command in [&["analyze"][..], &["solve"], &["trace"], &["selfplay"], &[]] {
        for (args, says) in RULES_AND_MOVES {
            cases.push(([command, args].concat(), *says));
        }
    }
    for command in ["analyze", "solve", "trace"] {
        for (args, says) in POSITIONS {
            cases.push(([&[command][..], args].concat(), *says));
        }
    }
    cases.extend(OPTIONS.iter().map(|(args, says)| (args.to_vec(), *says)));
    cases
}

#[test]
fn every_bad_input_gets_one_specific_line_and_status_2() {
    let mut failures = Vec::new();
    for (args, says) in cases() {
        let output = tictree_command()
            .args(&args)
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::null())
            .output()
            .expect("tictree runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let problems = [
            (output.status.code() != Some(2), "exit status is not 2"),
            (!output.stdout.is_empty(), "something on standard output"),
            (stderr.lines().count() != 1, "not exactly one line"),
            (!stderr.starts_with("tictree: "), "no 'tictree: ' prefix"),
            (!stderr.contains(says), "not the expected message"),
            (stderr.contains("panicked"), "a panic"),
            (
                stderr.chars().any(|c| c.is_control() && c != '\n'),
                "a control character",
            ),
            (stderr.to_lowercase().contains("backtrace"), "a backtrace"),
        ];
        for (failed, what) in problems {
            if failed {
                failures.push(format!(
                    "{args:?}: {what} (status {:?}, expected {says:?}): {stderr}",
                    output.status.code()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A very long argument echoed in an error keeps the line readable: its start and its end (the
/// command's words and the reason) with the middle left out and counted.
#[test]
fn a_very_long_argument_is_echoed_shortened() {
    let rules = "8".repeat(100_000);
    let output = tictree_command()
        .args(["analyze", "--rules", &rules])
        .stdin(Stdio::null())
        .output()
        .expect("tictree runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.chars().count() < 1100, "{stderr}");
    assert!(
        stderr.starts_with("tictree: unknown rules '888"),
        "{stderr}"
    );
    assert!(stderr.contains(" … (99,"), "{stderr}");
    assert!(
        stderr.ends_with("such as 8x8k5, 6x5k4 or 7x6k4g\n"),
        "{stderr}"
    );
}
