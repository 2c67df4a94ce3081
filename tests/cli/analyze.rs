//! `tictree analyze` through the real binary: the table, the JSON interface, `--compare`, depth
//! budgets, table sizes, marks for known scores, help. (Bad input: tests/cli/bad_input.rs.)

use crate::binary::tictree_command;
use serde_json::Value;
use std::process::Output;

fn tictree(args: &[&str]) -> Output {
    tictree_command().args(args).output().unwrap()
}

fn json(args: &[&str]) -> Value {
    let output = tictree(args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Runs a command that must fail on bad input: exit status 2, one line on stderr, nothing on stdout.
fn rejected(args: &[&str]) -> String {
    let output = tictree(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(output.stdout.is_empty());
    assert!(!stderr.contains("panicked"));
    stderr
}

#[test]
fn json_has_every_move_best_first() {
    let v = json(&["analyze", "--json", "x.o/.x./..."]);
    assert_eq!(
        v["rules"],
        serde_json::json!({"width":3,"height":3,"k":3,"gravity":false})
    );
    assert_eq!(v["position"], "x.o/.x./...");
    assert_eq!(v["to_move"], "O");
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["algorithm"], "engine");
    assert_eq!(v["exact"], true);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    // O must block at c1; everything else loses to X's diagonal at once.
    assert_eq!(moves[0]["move"], "c1");
    assert_eq!(
        (moves[0]["row"].as_u64(), moves[0]["col"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["best"], serde_json::json!(["c1"]));
    for m in &moves[1..] {
        assert_eq!(m["score"], -9);
        assert_eq!(m["outcome"], "loss");
        assert_eq!(m["plies"], 2);
        assert_eq!(m["pv"].as_array().unwrap().len(), 2);
        assert_eq!(m["pv"][1], "c1");
    }
    let nodes: u64 = moves.iter().map(|m| m["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["nodes"].as_u64(), Some(nodes));
    // Measured, not left at zero, and far below the test's own patience.
    let elapsed = v["elapsed_ms"].as_f64().unwrap();
    assert!(elapsed > 0.0 && elapsed < 60_000.0, "{elapsed}");
}

#[test]
fn minimax_reports_the_notebooks_count() {
    let v = json(&[
        "analyze", "--json", "--algo", "minimax", "--moves", "a3 b2 b3",
    ]);
    assert_eq!(v["nodes"], 934);
    assert_eq!(v["algorithm"], "minimax");
    assert_eq!(v["position"], "xx./.o./...");
}

/// Under a budget minimax and alpha-beta leave what they cannot prove to the engine's
/// estimating search (alpha-beta to a depth): the table says whose values and nodes those are.
/// A node budget alone runs only the estimating search, so every value is its.
#[test]
fn values_of_the_estimating_search_are_not_labelled_minimax() {
    let budgeted = [
        "analyze",
        "--rules",
        "4x4k3",
        "--algo",
        "minimax",
        "--nodes",
        "100000",
        "--threads",
        "1",
    ];
    let output = tictree(&budgeted);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(
            "every value here is the depth-limited alpha-beta search's, which makes the \
             estimates (minimax searches to the end of the game, so it runs only under a time \
             limit and no shorter depth limit); the nodes are its\n"
        ),
        "{text}"
    );
    // Without a budget every value is minimax's own.
    let exact = tictree(&["analyze", "--algo", "minimax", "--moves", "a3 b2 b3"]);
    assert!(!String::from_utf8_lossy(&exact.stdout).contains("alpha-beta search"));
    // The JSON says so move by move.
    let by_estimator = |args: &[&str]| -> Vec<bool> {
        json(args)["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["by_estimator"].as_bool().expect("by_estimator"))
            .collect()
    };
    assert_eq!(
        by_estimator(&[&budgeted[..], &["--json"]].concat()),
        [true; 16]
    );
    let own = by_estimator(&[
        "analyze", "--algo", "minimax", "--moves", "a3 b2 b3", "--json",
    ]);
    assert_eq!(own, [false; 6]);
}

#[test]
fn a_finished_game_is_not_an_error() {
    let v = json(&["analyze", "--json", "xxx/oo./..."]);
    assert_eq!(v["status"], "x_won");
    // Nobody is to move once the game is over.
    assert!(v["to_move"].is_null(), "{v}");
    assert_eq!(v["moves"], serde_json::json!([]));
    assert_eq!(v["best"], serde_json::json!([]));
    let v = json(&["analyze", "--json", "xox/xoo/oxx"]);
    assert_eq!(v["status"], "draw");
    assert!(v["to_move"].is_null(), "{v}");
    let table = tictree(&["analyze", "xxx/oo./..."]);
    assert!(
        String::from_utf8(table.stdout)
            .unwrap()
            .contains("game over: X won")
    );
    // Compared, with or without a depth: nothing searched, no ply reached.
    for depth in [&[][..], &["--depth", "3"]] {
        let args = [&["analyze", "--compare", "--json", "xox/xoo/oxx"], depth].concat();
        for row in json(&args)["rows"].as_array().unwrap() {
            assert_eq!(
                (&row["nodes"], &row["scored"], &row["depth"]),
                (
                    &serde_json::json!(0),
                    &serde_json::json!(0),
                    &serde_json::json!(0)
                ),
                "{row}"
            );
        }
    }
}

#[test]
fn the_table_is_for_people() {
    let output = tictree(&["analyze", "xx./oo./..."]);
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "tictactoe  xx./oo./...  X to move");
    assert!(
        lines[2].starts_with("c3      +10  win in 1"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("c2        0  draw"), "{}", lines[3]);
    assert!(lines[4].contains("-9  loss in 1"), "{}", lines[4]);
    assert!(lines.last().unwrap().contains("best c3"));
}

#[test]
fn every_command_takes_a_table_size_in_range() {
    let expected = "expected a whole number from 1 to 1,048,576";
    for command in [&["solve"][..], &["bench"], &["analyze"], &[]] {
        for bad in ["abc", "0", "-3", "1048577", "99999999999999999999"] {
            let args = [command, &["--hash", bad]].concat();
            let error = rejected(&args);
            assert!(
                error.contains(&format!("--hash {bad}: {expected}")),
                "{error}"
            );
        }
    }
    // A small table changes nothing but speed: the same exact answers.
    let small = json(&[
        "analyze", "--json", "--hash", "1", "--rules", "4x4", "--moves", "a1 d4",
    ]);
    let default = json(&["analyze", "--json", "--rules", "4x4", "--moves", "a1 d4"]);
    assert_eq!(small["moves"].as_array().unwrap().len(), 14);
    for (a, b) in small["moves"]
        .as_array()
        .unwrap()
        .iter()
        .zip(default["moves"].as_array().unwrap())
    {
        assert_eq!((&a["move"], &a["score"]), (&b["move"], &b["score"]));
    }
    let solved = json(&[
        "solve", "--json", "--hash", "1", "--rules", "4x4", "--moves", "a1 d4",
    ]);
    assert_eq!(solved["tt_bytes"], 1 << 20);
}

#[test]
fn compare_runs_every_algorithm_on_the_same_position() {
    let output = tictree(&["analyze", "--compare", "--json", "--moves", "a3 b2 b3"]);
    assert!(output.status.success());
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["minimax", "alphabeta", "engine"]);
    assert_eq!(rows[0]["nodes"], 934);
    for row in rows {
        assert_eq!(row["best"], serde_json::json!(["c3"]));
        assert_eq!(row["score"], 0);
        // The rate's name is `solve --json`'s.
        assert!(row["nodes_per_second"].as_f64().is_some(), "{row}");
    }
    assert!(rows[1]["nodes"].as_u64() < rows[0]["nodes"].as_u64());
    let table = String::from_utf8(tictree(&["analyze", "--compare"]).stdout).unwrap();
    assert!(table.contains("minimax    a3 b3 (7 more)"), "{table}");
    assert!(table.contains("549945"), "{table}");
}

/// A depth alone runs the chosen algorithm's own search to that depth: minimax and alpha-beta
/// count the nodes of their rows in `--compare --depth` and of `trace --depth` (the replay's
/// count), with the same values.
#[test]
fn a_depth_budget_searches_with_the_algorithm_asked_for() {
    let compare = json(&["analyze", "--compare", "--json", "--depth", "4"]);
    assert_eq!(compare["rules"]["width"], 3);
    let rows = compare["rows"].as_array().unwrap();
    for (row, algorithm, nodes) in [(&rows[0], "minimax", 3609), (&rows[1], "alphabeta", 1303)] {
        let alone = json(&["analyze", "--json", "--algo", algorithm, "--depth", "4"]);
        assert_eq!(alone["algorithm"], algorithm);
        let total: u64 = alone["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["nodes"].as_u64().unwrap())
            .sum();
        assert_eq!((total, &row["nodes"]), (nodes, &serde_json::json!(nodes)));
        assert_eq!(alone["moves"][0]["move"], "b2");
    }
    let trace = tictree(&["trace", "--algo", "alphabeta", "--depth", "4"]);
    let summary = String::from_utf8(trace.stdout).unwrap();
    let summary: Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    assert_eq!(summary["nodes"], 1303);
}

#[test]
fn a_depth_budget_gives_estimates_marked_as_such() {
    let v = json(&["analyze", "--json", "--depth", "3", "x.o/.x./..."]);
    assert_eq!(v["exact"], false);
    assert_eq!(v["depth"], 3);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    // Blocking at c1 leads nowhere within three plies: an estimate, with its depth and no outcome.
    assert_eq!(moves[0]["move"], "c1");
    assert!(moves[0]["score"].is_f64(), "{}", moves[0]);
    assert_eq!(moves[0]["depth"], 3);
    assert!(moves[0].get("outcome").is_none() && moves[0].get("plies").is_none());
    // Every other move loses at once: proven within the horizon, so exact.
    for m in &moves[1..] {
        assert_eq!(
            (m["score"].as_i64(), m["outcome"].as_str()),
            (Some(-9), Some("loss"))
        );
        assert!(m.get("depth").is_none());
    }
    let c4 = json(&["analyze", "--json", "--rules", "connect4", "--depth", "4"]);
    assert_eq!(c4["exact"], false);
    assert!(
        c4["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["depth"] == 4)
    );
    let table =
        String::from_utf8(tictree(&["analyze", "--depth", "3", "x.o/.x./..."]).stdout).unwrap();
    assert!(table.contains("c1   ≈+0.00  depth 3"), "{table}");
    assert!(rejected(&["analyze", "--depth", "0"]).contains("--depth 0"));
    assert!(rejected(&["analyze", "--nodes", "many"]).contains("--nodes many"));
    assert!(rejected(&["analyze", "--time-ms", "-5"]).contains("--time-ms -5"));
    assert!(rejected(&["--depth", "x"]).contains("--depth x"));
}

#[test]
fn help_names_only_documents_users_have() {
    use clap::CommandFactory;
    // Every subcommand's help, short and long, and the top-level one: users have docs/, nothing else.
    let mut commands = vec![Vec::new()];
    for sub in tictree::cli::Cli::command().get_subcommands() {
        commands.push(vec![sub.get_name().to_string()]);
    }
    assert!(
        commands.len() >= 5,
        "analyze, solve, bench, trace: {commands:?}"
    );
    for command in commands {
        for flag in ["--help", "-h"] {
            let args: Vec<&str> = command.iter().map(String::as_str).chain([flag]).collect();
            let output = tictree(&args);
            assert!(output.status.success(), "{args:?}");
            let help = String::from_utf8(output.stdout).unwrap();
            assert!(help.contains("Usage: tictree"), "{args:?}: {help}");
            assert!(!help.contains("PRODUCT"), "{args:?}: {help}");
        }
    }
    // analyze --json points to where its fields are described.
    let help = String::from_utf8(tictree(&["analyze", "--help"]).stdout).unwrap();
    assert!(
        help.contains("Print one JSON object instead of a table (its fields: docs/cli.md)"),
        "{help}"
    );
}

/// A move whose score the table or the book already held is marked: `1*` beside a nine-ply line
/// is not a search that proved a draw in one node.
#[test]
fn scores_known_from_the_table_or_the_book_are_marked() {
    let table = String::from_utf8(tictree(&["analyze"]).stdout).unwrap();
    let row = |name: &str| {
        table
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{table}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    // a3 is searched first; c3, its mirror image, is then in the table.
    assert_eq!(row("a3")[3], "84", "{table}");
    assert_eq!(row("c3")[3], "1*", "{table}");
    assert!(
        table.contains(
            "\n* known from earlier searches (the transposition table) or the opening book"
        ),
        "{table}"
    );
    let v = json(&["analyze", "--json"]);
    let stored: Vec<(String, bool)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["stored"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(stored.contains(&("a3".into(), false)), "{stored:?}");
    assert!(stored.contains(&("c3".into(), true)), "{stored:?}");
    // Connect Four after 4444: every reply is in the built-in opening book.
    let v = json(&[
        "analyze", "--json", "--rules", "connect4", "--moves", "4444",
    ]);
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(
            (m["nodes"].as_u64(), m["stored"].as_bool()),
            (Some(1), Some(true)),
            "{m}"
        );
    }
    // Without the book, the same moves are searched: no mark.
    let v = json(&[
        "analyze",
        "--json",
        "--rules",
        "connect4",
        "--moves",
        "4444",
        "--no-book",
    ]);
    let first = &v["moves"][0];
    assert_eq!(first["stored"], false, "{first}");
    // Minimax has no table: nothing is ever marked.
    let table = String::from_utf8(tictree(&["analyze", "--algo", "minimax"]).stdout).unwrap();
    assert!(!table.contains('*'), "{table}");
}

/// Times in the JSON of every command are milliseconds to the microsecond (`bench`'s means over
/// many positions: to the nanosecond), never a float's whole binary expansion
/// (`0.032750999999999995`).
#[test]
fn json_times_have_at_most_three_decimals() {
    let runs: [&[&str]; 4] = [
        &["analyze", "--json", "xx./.o./..."],
        &["analyze", "--json", "--compare", "xx./.o./..."],
        &["selfplay", "--json", "--games", "2", "--seed", "1"],
        &["solve", "--json", "xx./.o./..."],
    ];
    for args in runs {
        let out = String::from_utf8(tictree(args).stdout).unwrap();
        let mut times = 0;
        for (key, rest) in out.split('"').zip(out.split('"').skip(1)) {
            if key.ends_with("_ms") && rest.starts_with(':') {
                let number: String = rest[1..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                let decimals = number.split('.').nth(1).map_or(0, str::len);
                assert!(decimals <= 3, "{args:?}: {key} {number}");
                times += 1;
            }
        }
        assert!(times > 0, "{args:?}: {out}");
    }
}

/// `timeout -s INT` signals the command and its process group: one interrupt arrives twice
/// within microseconds. It is one Ctrl-C: the partial analysis is printed, status 130 (the second
/// used to end the program at once, with nothing printed, half the time).
#[cfg(unix)]
#[test]
fn one_interrupt_delivered_twice_still_prints_the_partial_analysis() {
    let child = crate::binary::spawn_piped(&[
        "analyze",
        "--rules",
        "connect4",
        "--no-book",
        "--moves",
        "4453",
        "--threads",
        "1",
    ]);
    // Long after the handler is set on a busy machine, long before the analysis ends (seconds).
    std::thread::sleep(std::time::Duration::from_millis(1000));
    for _ in 0..2 {
        // SAFETY: kill has no memory-safety preconditions.
        assert_eq!(
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        // Apart enough that the two are not merged into one pending signal, too close for a
        // person's second Ctrl-C.
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("partial"), "{out}");
}

/// Counts read as English at one too: a position with one move left is analysed in `1 node`, and
/// a budget of one node says `1 node`.
#[test]
fn one_node_is_said_in_the_singular() {
    let output = tictree(&[
        "analyze",
        "--nodes",
        "1",
        "--moves",
        "b2 a1 c3 a3 a2 c2 b3 b1",
    ]);
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("engine: 1 node in "), "{out}");
    assert!(!out.contains("1 nodes"), "{out}");
    let output = tictree(&["analyze", "--rules", "4x4", "--nodes", "1"]);
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("(budget 1 node, "), "{out}");
}

/// The parts of `analyze --json` that do not depend on the clock.
fn timeless(mut object: Value) -> Value {
    object.as_object_mut().unwrap().remove("elapsed_ms");
    object
}

/// A node budget next to a clock counts the exact solver's nodes too: the nodes, not the clock,
/// end this search (it once ran a second on the solver, millions of nodes, and said so).
#[test]
fn a_node_budget_next_to_a_clock_ends_the_exact_search_too() {
    let output = tictree(&[
        "analyze",
        "--rules",
        "connect4",
        "--no-book",
        "--time-ms",
        "60000",
        "--nodes",
        "1000",
        "--threads",
        "1",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("engine: 1,000 nodes in "), "{text}");
    assert!(
        last.ends_with(
            " (budget 60000 ms, 1000 nodes, 1 thread: estimates to depth 3, 0 of 7 moves \
             exact); best c1 e1"
        ),
        "{text}"
    );
}

/// When the node budget ends a timed analysis, its answer is the same on every run, on several
/// threads too (the exact phase then runs on one): after 4453626 the solver proves nothing in
/// its half of the 100,000 nodes, the estimates prove the six losses and spend the rest.
#[test]
fn a_timed_analysis_ended_by_its_nodes_is_the_same_on_every_run() {
    let args = [
        "analyze",
        "--rules",
        "connect4",
        "--no-book",
        "--moves",
        "4453626",
        "--time-ms",
        "600000",
        "--nodes",
        "100000",
        "--threads",
        "2",
        "--json",
    ];
    let first = timeless(json(&args));
    assert_eq!(first["nodes"], 100_000, "{first}");
    let moves = first["moves"].as_array().unwrap();
    let exact = moves.iter().filter(|m| m["outcome"].is_string()).count();
    assert_eq!(
        (moves[0]["move"].as_str(), exact),
        (Some("g1"), 6),
        "{first}"
    );
    assert_eq!(moves[0]["nodes"], 99_946, "{first}");
    for _ in 0..2 {
        assert_eq!(timeless(json(&args)), first);
    }
}

/// The exact algorithm still runs under both budgets, within its part of the nodes: minimax
/// proves six of the nine moves of the empty board (59,705 nodes and so on, as without a budget)
/// before its 90% of 400,000 nodes is spent, and the estimates settle the other three.
#[test]
fn the_exact_algorithm_gets_its_part_of_a_node_budget() {
    let object = json(&[
        "analyze",
        "--algo",
        "minimax",
        "--time-ms",
        "600000",
        "--nodes",
        "400000",
        "--json",
    ]);
    assert_eq!(object["nodes"], 378_142, "{object}");
    let by_minimax: Vec<&str> = object["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["by_estimator"] == false)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(by_minimax, ["a3", "b3", "c3", "b2", "a1", "c1"], "{object}");
}

/// Ctrl-C prints the moves scored so far: their best is only the best so far, and the totals
/// line says so and among how many moves, never `best d1` as if it were the answer (the true
/// best may be a move not scored yet). Here the depth-1 estimates are in and the exact solver,
/// half of ten minutes before it, has proven nothing. The JSON says `partial`.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_analysis_names_only_the_best_so_far() {
    let args = [
        "analyze",
        "--rules",
        "connect4",
        "--no-book",
        "--time-ms",
        "600000",
        "--threads",
        "1",
    ];
    for json in [false, true] {
        let mut command = tictree_command();
        command.args(args).args(json.then_some("--json"));
        let child = command
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while !crate::solve::catches(child.id(), libc::SIGINT) {
            assert!(started.elapsed() < std::time::Duration::from_secs(30));
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        // SAFETY: kill has no memory-safety preconditions.
        assert_eq!(
            unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130));
        let out = String::from_utf8(output.stdout).unwrap();
        if json {
            let object: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(
                (&object["partial"], &object["best"], &object["exact"]),
                (
                    &Value::from(true),
                    &Value::from(["d1"]),
                    &Value::from(false)
                ),
                "{out}"
            );
            continue;
        }
        let lines: Vec<&str> = out.lines().collect();
        let totals = lines[lines.len() - 2];
        assert!(
            totals.ends_with(
                " (budget 600000 ms, 1 thread: estimates to depth 1, 0 of 7 moves exact); best so \
                 far d1 (7 of 7 moves scored)"
            ),
            "{out}"
        );
        assert!(lines[lines.len() - 1].starts_with("partial: interrupted (Ctrl-C) after "));
    }
}

/// Under a budget the moves' node counts add up to the total: a move counts every node searched
/// for it, its exact attempt cut off by the clock and its deepest estimate cut short included
/// (docs/cli.md, `nodes`). Times vary, so the totals do; the sum holds on every run.
#[test]
fn the_moves_nodes_add_up_to_the_total_under_a_budget() {
    for args in [
        &["--time-ms", "400", "--threads", "1"][..],
        &["--time-ms", "400", "--threads", "2"],
        &["--time-ms", "400", "--threads", "1", "--algo", "alphabeta"],
        &["--time-ms", "60000", "--nodes", "300000", "--threads", "1"],
    ] {
        let mut all = vec![
            "analyze",
            "--json",
            "--rules",
            "connect4",
            "--no-book",
            "--moves",
            "4453",
        ];
        all.extend_from_slice(args);
        let analysis = json(&all);
        let moves = analysis["moves"].as_array().expect("moves");
        let sum: u64 = moves.iter().map(|m| m["nodes"].as_u64().unwrap()).sum();
        assert_eq!(
            analysis["nodes"].as_u64(),
            Some(sum),
            "{args:?}: {analysis}"
        );
    }
}
