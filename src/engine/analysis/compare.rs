//! Every algorithm on the same position, side by side (the `c` popup and `analyze --compare`).
//! Plain minimax cannot finish on big boards, so each algorithm gets a time allowance and a row
//! that did not finish in it says so instead of holding everything up.

use crate::engine::analysis::exact::{Analysis, Table, analyze_with_table};
use crate::engine::game::position::Position;
use crate::engine::search::{Algorithm, Cancelled, StopFlag};
use std::time::{Duration, Instant};

/// How long each algorithm may run before its row is given up on, unless the caller says otherwise.
pub const ALLOWANCE: Duration = Duration::from_secs(10);

/// One algorithm's part of a comparison.
#[derive(Clone, Debug)]
pub enum CompareRow {
    /// The algorithm scored every move.
    Finished(Analysis),
    /// It was still searching when its allowance ran out.
    Unfinished {
        /// The algorithm.
        algorithm: Algorithm,
        /// How long it ran.
        elapsed: Duration,
    },
}

impl CompareRow {
    /// The algorithm of the row.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            CompareRow::Finished(analysis) => analysis.algorithm,
            CompareRow::Unfinished { algorithm, .. } => *algorithm,
        }
    }
}

/// Runs minimax, alphabeta and the engine on `position` one after the other, each for at most
/// `allowance`, calling `on_row` as each row is known. `Err(Cancelled)` only when `stop` is raised.
pub fn compare(
    position: &Position,
    table: Option<usize>,
    allowance: Duration,
    stop: &StopFlag,
    mut on_row: impl FnMut(&CompareRow),
) -> Result<Vec<CompareRow>, Cancelled> {
    let mut rows = Vec::new();
    for algorithm in Algorithm::ALL {
        let started = Instant::now();
        let flag = StopFlag::with_deadline(stop);
        flag.set_deadline(Some(started + allowance));
        let row = match analyze_with_table(position, algorithm, Table::New(table), &flag, |_| {}) {
            Ok(analysis) => CompareRow::Finished(analysis),
            Err(Cancelled) if stop.is_stopped() => return Err(Cancelled),
            Err(Cancelled) => CompareRow::Unfinished {
                algorithm,
                elapsed: started.elapsed(),
            },
        };
        on_row(&row);
        rows.push(row);
    }
    Ok(rows)
}
