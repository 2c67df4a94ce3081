//! `tictree analyze --compare`: the same position under every algorithm, side by side. Ctrl-C
//! prints the rows finished so far and names the algorithm that was running.

use super::error::{CliError, Ending};
use super::format::status_words;
use super::interrupt::Interrupt;
use crate::engine::analysis::compare::ALLOWANCE;
use crate::engine::game::score::signed;
use crate::engine::{Algorithm, CompareRow, Position, compare};
use serde::Serialize;

/// One algorithm's row of the comparison. An unfinished row has no best move, score or nodes.
#[derive(Serialize)]
struct Row {
    algorithm: &'static str,
    finished: bool,
    best: Vec<String>,
    score: Option<i32>,
    nodes: Option<u64>,
    elapsed_ms: f64,
    nodes_per_s: Option<f64>,
}

impl Row {
    fn of(row: &CompareRow) -> Row {
        match row {
            CompareRow::Finished(analysis) => {
                let rules = analysis.position.rules();
                let seconds = analysis.elapsed.as_secs_f64();
                Row {
                    algorithm: analysis.algorithm.name(),
                    finished: true,
                    best: rules.move_names(&analysis.best()),
                    score: analysis.moves.first().map(|m| m.score.score),
                    nodes: Some(analysis.stats.nodes),
                    elapsed_ms: seconds * 1000.0,
                    nodes_per_s: Some(if seconds > 0.0 {
                        analysis.stats.nodes as f64 / seconds
                    } else {
                        0.0
                    }),
                }
            }
            CompareRow::Unfinished { algorithm, elapsed } => Row {
                algorithm: algorithm.name(),
                finished: false,
                best: Vec::new(),
                score: None,
                nodes: None,
                elapsed_ms: elapsed.as_secs_f64() * 1000.0,
                nodes_per_s: None,
            },
        }
    }
}

/// At most three moves, then how many more tie with them.
pub fn abbreviated(moves: &[String]) -> String {
    match moves.len() {
        0..=3 => moves.join(" "),
        n => format!("{} +{}", moves[..2].join(" "), n - 2),
    }
}

/// Analyses `position` with each algorithm and prints a table (or JSON) of the results.
pub fn run(position: &Position, table: Option<usize>, json: bool) -> Result<Ending, CliError> {
    let interrupt = Interrupt::catch();
    let mut finished = Vec::new();
    let result = compare(position, table, ALLOWANCE, interrupt.flag(), |row| {
        finished.push(Row::of(row));
    });
    // The algorithm that was running when Ctrl-C came: the one after the last finished row.
    let stopped = result
        .is_err()
        .then(|| Algorithm::ALL[finished.len().min(Algorithm::ALL.len() - 1)]);
    print(position, finished, stopped, json);
    Ok(if stopped.is_some() {
        Ending::Interrupted
    } else {
        Ending::Done
    })
}

/// Prints the rows; `stopped` names the algorithm Ctrl-C interrupted, if it did.
fn print(position: &Position, rows: Vec<Row>, stopped: Option<Algorithm>, json: bool) {
    if json {
        let mut object = serde_json::json!({ "position": position.to_notation(), "rows": rows });
        if let Some(algorithm) = stopped {
            object["partial"] = true.into();
            object["interrupted"] = algorithm.name().into();
        }
        crate::outln!("{object}");
        return;
    }
    crate::outln!(
        "{}  {}  {}",
        position.rules(),
        position.to_notation(),
        status_words(position)
    );
    crate::outln!(
        "{:<10} {:<12} {:>5} {:>10} {:>10} {:>12}",
        "algorithm",
        "best",
        "score",
        "nodes",
        "ms",
        "nodes/s"
    );
    for row in rows {
        if !row.finished {
            crate::outln!(
                "{:<10} not finished within {} s (gave up after {:.0} ms)",
                row.algorithm,
                ALLOWANCE.as_secs(),
                row.elapsed_ms
            );
            continue;
        }
        let score = row.score.map_or("-".into(), signed);
        crate::outln!(
            "{:<10} {:<12} {:>5} {:>10} {:>10.3} {:>12.0}",
            row.algorithm,
            abbreviated(&row.best),
            score,
            row.nodes.unwrap_or(0),
            row.elapsed_ms,
            row.nodes_per_s.unwrap_or(0.0)
        );
    }
    if let Some(algorithm) = stopped {
        let missing: Vec<&str> = Algorithm::ALL
            .iter()
            .skip_while(|&&a| a != algorithm)
            .map(|a| a.name())
            .collect();
        crate::outln!(
            "partial: interrupted (Ctrl-C) during {}; no row for {}",
            algorithm.name(),
            missing.join(", ")
        );
    }
}
