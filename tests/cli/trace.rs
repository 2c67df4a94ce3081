//! `tictree trace` through the real binary: the events nest, cutoffs prune exactly the untried
//! siblings, leaves carry the depth-aware scores, the summary agrees with `analyze`.

use crate::binary::tictree_command;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use tictree::engine::{Algorithm, Position, Rules, Status, StopFlag, analyze};

fn trace(args: &[&str]) -> (i32, Vec<Value>, String) {
    let output = tictree_command().arg("trace").args(args).output().unwrap();
    let lines = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (
        output.status.code().unwrap_or(-1),
        lines,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// A node still open in the trace: its position and the moves entered from it so far.
struct Open {
    position: Position,
    path: Vec<String>,
    tried: Vec<String>,
    best: Option<i64>,
}

/// Checks every event of a trace of `moves` (3×3) against the rules of the search, and the
/// summary against `analyze`. Returns the number of cutoffs seen.
fn check(algorithm: Algorithm, moves: &str) -> u64 {
    let rules = Rules::TICTACTOE;
    let root = Position::empty(rules).play_moves(moves).unwrap();
    let (code, events, stderr) = trace(&["--algo", algorithm.name(), "--moves", moves]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let mut open = vec![Open {
        position: root,
        path: Vec::new(),
        tried: Vec::new(),
        best: None,
    }];
    let (mut enters, mut cutoffs) = (0u64, 0u64);
    let (summary, events) = events.split_last().unwrap();
    for event in events {
        let depth = open.len();
        let top = open.last_mut().unwrap();
        let ply = event["ply"].as_u64().unwrap() as usize;
        let path = names(&event["path"]);
        match event["event"].as_str().unwrap() {
            "enter" => {
                enters += 1;
                let mv = event["move"].as_str().unwrap().to_string();
                assert_eq!(ply, depth, "{event}");
                top.tried.push(mv.clone());
                let mut expected = top.path.clone();
                expected.push(mv.clone());
                assert_eq!(path, expected);
                let position = top.position.play(rules.parse_cell(&mv).unwrap()).unwrap();
                if algorithm == Algorithm::Minimax || ply == 1 {
                    assert!(
                        event["alpha"].is_null() && event["beta"].is_null(),
                        "{event}"
                    );
                }
                open.push(Open {
                    position,
                    path,
                    tried: Vec::new(),
                    best: None,
                });
            }
            "leaf" => {
                assert_eq!((ply, &path), (depth - 1, &top.path));
                let value = event["value"].as_i64().unwrap();
                let expected = match top.position.status() {
                    Status::Won(_) => -(9 + 2 - ply as i64),
                    Status::Draw => 0,
                    Status::Ongoing => panic!("a leaf in an unfinished game: {event}"),
                };
                assert_eq!(value, expected, "{event}");
                top.best = Some(value);
            }
            "return" => {
                assert_eq!((ply, &path), (depth - 1, &top.path), "{event}");
                let value = event["value"].as_i64().unwrap();
                if algorithm != Algorithm::Engine {
                    assert_eq!(Some(value), top.best, "{event}");
                }
                open.pop();
                let parent = open.last_mut().unwrap();
                let best = parent.best.map_or(-value, |b| b.max(-value));
                assert_eq!(event["best"].as_i64(), Some(best), "{event}");
                parent.best = Some(best);
            }
            "cutoff" => {
                cutoffs += 1;
                assert_eq!((ply, &path), (depth - 1, &top.path));
                let (value, beta) = (event["value"].as_i64(), event["beta"].as_i64());
                assert!(value.unwrap() >= beta.unwrap(), "{event}");
                assert_eq!(value, top.best);
                check_pruned(top, event, algorithm);
            }
            "tt_hit" => {
                assert_eq!(algorithm, Algorithm::Engine);
                assert!(["exact", "lower", "upper"].contains(&event["bound"].as_str().unwrap()));
                if event["ended"] == true {
                    top.best = event["value"].as_i64();
                }
            }
            other => panic!("unknown event {other}"),
        }
    }
    assert_eq!(open.len(), 1, "every entered node returned");
    check_summary(summary, &root, algorithm, enters, cutoffs);
    cutoffs
}

/// A cutoff's pruned moves are exactly the node's moves not tried yet (in cell order, except
/// for the engine model, which orders its moves).
fn check_pruned(top: &Open, event: &Value, algorithm: Algorithm) {
    let mut all = top.tried.clone();
    all.extend(names(&event["pruned"]));
    let legal = top.position.legal_moves().into_iter();
    let mut legal: Vec<String> = legal.map(|mv| Rules::TICTACTOE.move_name(mv)).collect();
    if algorithm == Algorithm::Engine {
        all.sort();
        legal.sort();
    }
    assert_eq!(all, legal, "{event}");
}

/// The summary line agrees with the events counted and with `analyze` of the same position.
fn check_summary(
    summary: &Value,
    root: &Position,
    algorithm: Algorithm,
    enters: u64,
    cutoffs: u64,
) {
    assert_eq!(summary["event"], "summary");
    assert_eq!(summary["truncated"], false);
    assert_eq!(summary["nodes"].as_u64(), Some(enters));
    assert_eq!(summary["cutoffs"].as_u64(), Some(cutoffs));
    let analysis = analyze(root, algorithm, &StopFlag::default(), |_| {}).unwrap();
    if algorithm != Algorithm::Engine {
        assert_eq!(enters, analysis.stats.nodes);
    }
    let scores = summary["scores"].as_object().unwrap();
    assert_eq!(scores.len(), analysis.moves.len());
    for m in &analysis.moves {
        assert_eq!(
            scores[&Rules::TICTACTOE.move_name(m.mv)].as_i64(),
            Some(i64::from(m.score.score)),
            "{} {:?}",
            root.to_notation(),
            m.mv
        );
    }
}

#[test]
fn alphabeta_events_are_consistent_and_match_analyze() {
    assert_eq!(check(Algorithm::AlphaBeta, ""), 13_124);
    for moves in ["a3", "b2", "a3 b2 b3", "c1 a2 b2", "b2 a3 c1 a1"] {
        assert!(check(Algorithm::AlphaBeta, moves) > 0);
    }
}

#[test]
fn minimax_and_engine_events_are_consistent() {
    assert_eq!(check(Algorithm::Minimax, "a3 b2"), 0);
    assert_eq!(check(Algorithm::Minimax, "a3 b2 b3"), 0);
    for moves in ["", "a3", "b2 a1"] {
        check(Algorithm::Engine, moves);
    }
}

#[test]
fn the_default_is_alphabeta_and_the_lines_read_as_documented() {
    let output = tictree_command()
        .args(["trace", "--moves", "a3 b2 b3"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        r#"{"event":"enter","ply":1,"path":["c3"],"to_move":"X","move":"c3","player":"O","alpha":null,"beta":null,"alpha_from":null,"beta_from":null}"#
    );
    assert_eq!(
        lines[4],
        r#"{"event":"leaf","ply":4,"path":["c3","a2","c2","a1"],"to_move":"O","value":-7,"result":"x_won"}"#
    );
    assert_eq!(
        lines[10],
        r#"{"event":"cutoff","ply":4,"path":["c3","a2","c2","b1"],"to_move":"O","move":"a1","value":6,"beta":-7,"pruned":["c1"],"bound":"exact","beta_from":{"source":"move","ply":3,"player":"X","move":"a1","value":7}}"#
    );
    // Root scores in search order (cell order for alpha-beta).
    assert_eq!(
        lines.last().copied(),
        Some(
            r#"{"event":"summary","algorithm":"alphabeta","nodes":220,"cutoffs":86,"tt_hits":0,"max_depth":6,"events":609,"truncated":false,"scores":{"c3":0,"a2":-9,"c2":-9,"a1":-9,"b1":-9,"c1":-9},"best":["c3"]}"#
        )
    );
}

#[test]
fn budgets_truncate_and_estimate() {
    let (code, events, _) = trace(&["--limit", "5"]);
    assert_eq!(code, 0);
    let summary = events.last().unwrap();
    assert_eq!(
        (summary["nodes"].as_u64(), &summary["truncated"]),
        (Some(5), &Value::Bool(true))
    );
    assert_eq!(events.iter().filter(|e| e["event"] == "enter").count(), 5);
    let (code, events, _) = trace(&["--depth", "2", "--algo", "minimax"]);
    assert_eq!(code, 0);
    let leaves: Vec<&Value> = events.iter().filter(|e| e["event"] == "leaf").collect();
    assert_eq!(leaves.len(), 72);
    for leaf in leaves {
        assert_eq!(
            (&leaf["result"], &leaf["estimate"]),
            (&Value::from("horizon"), &Value::Bool(true))
        );
        let value = leaf["value"].as_f64().unwrap();
        assert!(leaf["value"].is_f64() && value.abs() < 1.0, "{leaf}");
    }
    let summary = events.last().unwrap();
    assert_eq!(summary["best"], serde_json::json!(["b2"]));
    assert!(summary["scores"]["b2"].is_f64());
}

#[test]
fn a_reader_that_stops_early_is_a_normal_end() {
    let mut child = tictree_command()
        .args(["trace", "--algo", "minimax"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(
        first.starts_with(r#"{"event":"enter","ply":1,"path":["a3"]"#),
        "{first}"
    );
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn the_limit_bounds_the_lines_written() {
    // Each node gives at most four events (docs/cli.md): N nodes, at most 4N lines and the
    // summary.
    for algo in ["minimax", "alphabeta", "engine"] {
        let (code, events, _) = trace(&["--rules", "connect4", "--algo", algo, "--limit", "2000"]);
        assert_eq!(code, 0);
        let summary = events.last().unwrap();
        assert_eq!(summary["truncated"], true);
        assert_eq!(summary["nodes"], 2000);
        assert!(
            events.len() <= 4 * 2000 + 1,
            "{algo}: {} lines",
            events.len()
        );
        assert_eq!(summary["events"].as_u64(), Some(events.len() as u64 - 1));
    }
}

/// Every bound of an `enter` and every cutoff's β says where it came from: α from a choice of the
/// side to move (at this node's ply or above) worth exactly α to it, β from the opponent's choice
/// worth −β to the side to move; `null` exactly when the bound is open. The engine model's table
/// can set them too (`source` `table`).
#[test]
fn enters_and_cutoffs_carry_where_their_bounds_came_from() {
    let mut sources = std::collections::BTreeSet::new();
    for algorithm in ["alphabeta", "engine"] {
        let (code, events, _) = trace(&["--algo", algorithm, "--moves", "a3 b2"]);
        assert_eq!(code, 0);
        for event in &events {
            let ply = event["ply"].as_u64().unwrap_or(0);
            let bounds: &[(&str, &str, i64)] = match event["event"].as_str() {
                Some("enter") => &[("alpha", "alpha_from", 1), ("beta", "beta_from", -1)],
                Some("cutoff") => &[("beta", "beta_from", -1)],
                _ => continue,
            };
            for &(bound, from, sign) in bounds {
                let origin = &event[from];
                assert!(origin.is_null() || origin.is_object(), "{event}");
                assert_eq!(origin.is_null(), event[bound].is_null(), "{event}");
                if origin.is_null() {
                    continue;
                }
                sources.insert(origin["source"].as_str().unwrap().to_string());
                // An enter's bounds come from above it; a cutoff's β may be its own table's.
                let above = if event["event"] == "enter" {
                    ply
                } else {
                    ply + 1
                };
                assert!(origin["ply"].as_u64().unwrap() < above, "{event}");
                if origin["source"] == "move" {
                    let mover = event["to_move"].as_str().unwrap();
                    let own = origin["player"].as_str().unwrap() == mover;
                    assert_eq!(own, sign == 1, "{event}");
                    let value = origin["value"].as_i64().unwrap();
                    assert_eq!(value * sign, event[bound].as_i64().unwrap(), "{event}");
                }
            }
        }
    }
    assert!(sources.contains("move"), "{sources:?}");
}

/// Every excerpt of `tictree trace … | sed -n A,Bp` in the docs is what the command prints: lines
/// A to B of its output, word for word (they had drifted: `return` events without their bound).
#[test]
fn the_docs_trace_excerpts_are_the_commands_output() {
    let mut checked = 0;
    for doc in ["docs/minimax.md", "docs/cli.md"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
        let text = std::fs::read_to_string(path).unwrap();
        for block in text.split("```\n$ tictree trace").skip(1) {
            let (command, rest) = block.split_once('\n').unwrap();
            let Some((args, range)) = command.split_once(" | sed -n ") else {
                continue;
            };
            let (first, last) = range.trim_end_matches('p').split_once(',').unwrap();
            let (first, last): (usize, usize) = (first.parse().unwrap(), last.parse().unwrap());
            let shown: Vec<&str> = rest.split("\n```").next().unwrap().lines().collect();
            // The quoted words of the command: `--moves "a3 b2 b3 c1"` is one argument.
            let mut words = Vec::new();
            for (index, part) in args.split('"').enumerate() {
                if index % 2 == 1 {
                    words.push(part.to_string());
                } else {
                    words.extend(part.split_whitespace().map(str::to_string));
                }
            }
            let output = tictree_command()
                .arg("trace")
                .args(&words)
                .output()
                .unwrap();
            let printed = String::from_utf8(output.stdout).unwrap();
            let lines: Vec<&str> = printed
                .lines()
                .skip(first - 1)
                .take(last + 1 - first)
                .collect();
            assert_eq!(shown, lines, "{doc}: trace{command}");
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} excerpts");
}
