//! `tictree analyze --compare`: the same position under every algorithm, side by side.

use super::error::CliError;
use super::format::status_words;
use crate::engine::{Algorithm, Analysis, Position, StopFlag, analyze_with_table};
use serde::Serialize;

/// One algorithm's row of the comparison.
#[derive(Serialize)]
struct Row {
    algorithm: &'static str,
    best: Vec<String>,
    score: Option<i32>,
    nodes: u64,
    elapsed_ms: f64,
    nodes_per_s: f64,
}

impl Row {
    fn of(analysis: &Analysis) -> Row {
        let rules = analysis.position.rules();
        let seconds = analysis.elapsed.as_secs_f64();
        Row {
            algorithm: analysis.algorithm.name(),
            best: rules.move_names(&analysis.best()),
            score: analysis.moves.first().map(|m| m.score.score),
            nodes: analysis.stats.nodes,
            elapsed_ms: seconds * 1000.0,
            nodes_per_s: if seconds > 0.0 {
                analysis.stats.nodes as f64 / seconds
            } else {
                0.0
            },
        }
    }
}

/// At most three moves, then how many more tie with them.
fn abbreviated(moves: &[String]) -> String {
    match moves.len() {
        0..=3 => moves.join(" "),
        n => format!("{} +{}", moves[..2].join(" "), n - 2),
    }
}

/// Analyses `position` with each algorithm and prints a table (or JSON) of the results.
pub fn run(position: &Position, table: Option<usize>, json: bool) -> Result<(), CliError> {
    let stop = StopFlag::default();
    let rows: Vec<Row> = Algorithm::ALL
        .into_iter()
        .map(|algorithm| {
            analyze_with_table(position, algorithm, table, &stop, |_| {}).map(|a| Row::of(&a))
        })
        .collect::<Result<_, _>>()
        .map_err(|_| CliError("the comparison was cancelled".into()))?;
    if json {
        let object = serde_json::json!({ "position": position.to_notation(), "rows": rows });
        println!("{object}");
        return Ok(());
    }
    println!(
        "{}  {}  {}",
        position.rules(),
        position.to_notation(),
        status_words(position)
    );
    println!(
        "{:<10} {:<12} {:>5} {:>10} {:>10} {:>12}",
        "algorithm", "best", "score", "nodes", "ms", "nodes/s"
    );
    for row in rows {
        let score = row.score.map_or("-".into(), |s| format!("{s:+}"));
        println!(
            "{:<10} {:<12} {:>5} {:>10} {:>10.3} {:>12.0}",
            row.algorithm,
            abbreviated(&row.best),
            score,
            row.nodes,
            row.elapsed_ms,
            row.nodes_per_s
        );
    }
    Ok(())
}
