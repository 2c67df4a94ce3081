//! `tictree analyze --compare`: the same position under every algorithm, side by side. Ctrl-C
//! prints the rows finished so far and names the algorithm that was running.

use crate::cli::common::error::{CliError, Ending};
use crate::cli::common::format::{RulesJson, json_ms, status_words};
use crate::cli::common::interrupt::Interrupt;
use crate::cli::common::output::ReaderWatch;
use crate::engine::analysis::compare::ALLOWANCE;
use crate::engine::game::notation::plies;
use crate::engine::{Algorithm, CompareRow, MoveValue, Position, Reach, compare};
use serde::Serialize;
use std::time::Duration;

/// One algorithm's row of the comparison. An unfinished row has no best move or score; its
/// counts say how far it got.
#[derive(Serialize)]
struct Row {
    algorithm: &'static str,
    finished: bool,
    /// Why an unfinished row stopped: `allowance` (its time ran out) or `interrupt` (Ctrl-C).
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    best: Vec<String>,
    /// The best move's score: exact (a whole number) or, to a depth, an estimate between -1
    /// and +1 (as `analyze --json` gives them).
    score: serde_json::Value,
    nodes: u64,
    /// Moves scored, of `moves`.
    scored: usize,
    moves: usize,
    /// Deepest ply reached below the position (the move itself is ply 1).
    depth: u32,
    elapsed_ms: f64,
    nodes_per_second: f64,
}

impl Row {
    fn of(row: &CompareRow) -> Row {
        let rate = |nodes: u64, elapsed: Duration| {
            let seconds = elapsed.as_secs_f64();
            if seconds > 0.0 {
                (nodes as f64 / seconds).round()
            } else {
                0.0
            }
        };
        match row {
            CompareRow::Finished(analysis) => Row {
                algorithm: analysis.algorithm.name(),
                finished: true,
                stopped: None,
                best: analysis.position.rules().move_names(&analysis.best()),
                score: analysis
                    .moves
                    .first()
                    .map_or(serde_json::Value::Null, |m| match m.value {
                        MoveValue::Exact(score) => score.score.into(),
                        MoveValue::Estimate(e) => ((e.fraction() * 100.0).round() / 100.0).into(),
                    }),
                nodes: analysis.stats.nodes,
                scored: analysis.moves.len(),
                moves: analysis.moves.len(),
                depth: analysis.stats.depth,
                elapsed_ms: json_ms(analysis.elapsed.as_secs_f64() * 1e3),
                nodes_per_second: rate(analysis.stats.nodes, analysis.elapsed),
            },
            CompareRow::Unfinished(unfinished) => Row {
                algorithm: unfinished.algorithm.name(),
                finished: false,
                stopped: Some(if unfinished.cancelled {
                    "interrupt"
                } else {
                    "allowance"
                }),
                best: Vec::new(),
                score: serde_json::Value::Null,
                nodes: unfinished.stats.nodes,
                scored: unfinished.scored,
                moves: unfinished.legal,
                depth: unfinished.stats.depth,
                elapsed_ms: json_ms(unfinished.elapsed.as_secs_f64() * 1e3),
                nodes_per_second: rate(unfinished.stats.nodes, unfinished.elapsed),
            },
        }
    }
}

/// At most three moves, else two and how many more tie with them (`a3 b3 (7 more)`), in at most
/// `BEST_WIDTH` columns.
pub fn abbreviated(moves: &[String]) -> String {
    crate::app::names_within(moves, " ", 3)
}

/// The best column's width: `a3 b3 (7 more)`, or three moves of two or three characters.
const BEST_WIDTH: usize = 15;

/// Analyses `position` with each algorithm and prints a table (or JSON) of the results.
pub fn run(
    position: &Position,
    table: Option<usize>,
    reach: Reach,
    json: bool,
) -> Result<Ending, CliError> {
    let interrupt = Interrupt::catch();
    // The rows are written at the end, up to half a minute away.
    let reader = ReaderWatch::start(interrupt.flag());
    let mut rows = Vec::new();
    let mut shown = Vec::new();
    let result = compare(position, table, reach, ALLOWANCE, interrupt.flag(), |row| {
        rows.push(Row::of(row));
        shown.push(score_text(row));
    });
    reader.finish();
    // Ctrl-C: the last row is the algorithm it stopped.
    let stopped = result
        .is_err()
        .then(|| Algorithm::ALL[rows.len().clamp(1, Algorithm::ALL.len()) - 1]);
    print(position, reach, rows, &shown, stopped, json);
    Ok(if stopped.is_some() {
        Ending::Interrupted
    } else {
        Ending::Done
    })
}

/// The best score as the table shows it: `+3`, or `≈+0.35` to a depth.
fn score_text(row: &CompareRow) -> String {
    match row {
        CompareRow::Finished(analysis) => analysis
            .moves
            .first()
            .map_or("-".into(), |m| m.value.short()),
        CompareRow::Unfinished(_) => "-".into(),
    }
}

/// Prints the rows (`shown`: each row's best score as text); `stopped` names the algorithm
/// Ctrl-C interrupted, if it did.
fn print(
    position: &Position,
    reach: Reach,
    rows: Vec<Row>,
    shown: &[String],
    stopped: Option<Algorithm>,
    json: bool,
) {
    if json {
        print_json(position, reach, rows, stopped);
        return;
    }
    // Estimates (`≈+0.35`) take one column more than exact scores.
    let w = if reach == Reach::Exact { 5 } else { 6 };
    let reach_words = match reach {
        Reach::Exact => String::new(),
        Reach::Depth(depth) => format!("  to depth {depth}, the same evaluation beyond"),
    };
    crate::outln!(
        "{}  {}  {}{reach_words}",
        position.rules(),
        position.to_notation(),
        status_words(position)
    );
    crate::outln!(
        "{:<10} {:<BEST_WIDTH$} {:>w$} {:>10} {:>10} {:>12}",
        "algorithm",
        "best",
        "score",
        "nodes",
        "ms",
        "nodes/s"
    );
    for (row, score) in rows.into_iter().zip(shown) {
        print_row(&row, score, w);
    }
    if let Some(algorithm) = stopped {
        print_partial(algorithm);
    }
}

/// `--json`'s object, its fields in the order docs/cli.md gives them (the rules first, as in
/// every command's JSON).
#[derive(Serialize)]
struct Comparison {
    rules: RulesJson,
    position: String,
    /// The depth the comparison searched to, when not to the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    rows: Vec<Row>,
    /// Set when Ctrl-C cut the comparison short.
    #[serde(skip_serializing_if = "Option::is_none")]
    partial: Option<bool>,
    /// The algorithm Ctrl-C stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    interrupted: Option<&'static str>,
}

/// `--json`: one object, the rows and, when Ctrl-C cut the comparison short, which algorithm.
fn print_json(position: &Position, reach: Reach, rows: Vec<Row>, stopped: Option<Algorithm>) {
    let comparison = Comparison {
        rules: RulesJson::from(position.rules()),
        position: position.to_notation(),
        depth: match reach {
            Reach::Depth(depth) => Some(depth),
            Reach::Exact => None,
        },
        rows,
        partial: stopped.map(|_| true),
        interrupted: stopped.map(Algorithm::name),
    };
    match serde_json::to_string(&comparison) {
        Ok(text) => crate::outln!("{text}"),
        Err(error) => crate::errln!("tictree: cannot write the JSON: {error}"),
    }
}

/// One algorithm's line of the table (`w`: the score column's width), or why it did not finish
/// and how far it got.
fn print_row(row: &Row, score: &str, w: usize) {
    if !row.finished {
        let why = if row.stopped == Some("interrupt") {
            format!(
                "stopped ({cause}) after {:.0} ms",
                row.elapsed_ms,
                cause = crate::cli::common::interrupt::cause()
            )
        } else {
            format!("not finished within {} s", ALLOWANCE.as_secs())
        };
        crate::outln!(
            "{:<10} {why}: {} of {} moves scored, {} nodes, {} deep",
            row.algorithm,
            row.scored,
            row.moves,
            row.nodes,
            plies(row.depth)
        );
        return;
    }
    crate::outln!(
        "{:<10} {:<BEST_WIDTH$} {:>w$} {:>10} {:>10.3} {:>12.0}",
        row.algorithm,
        abbreviated(&row.best),
        score,
        row.nodes,
        row.elapsed_ms,
        row.nodes_per_second
    );
}

/// The last line after Ctrl-C: the algorithm it stopped and those it left unrun.
fn print_partial(algorithm: Algorithm) {
    let missing: Vec<&str> = Algorithm::ALL
        .iter()
        .skip_while(|&&a| a != algorithm)
        .skip(1)
        .map(|a| a.name())
        .collect();
    let missing = if missing.is_empty() {
        String::new()
    } else {
        format!("; not run: {}", missing.join(", "))
    };
    crate::outln!(
        "partial: interrupted ({cause}) during {}{missing}",
        algorithm.name(),
        cause = crate::cli::common::interrupt::cause()
    );
}
