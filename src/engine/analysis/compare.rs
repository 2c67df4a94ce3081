//! Every algorithm on the same position, side by side (the `c` popup and `analyze --compare`).
//! Plain minimax cannot finish on big boards, so each algorithm gets a time allowance and a row
//! that did not finish in it says so instead of holding everything up.

use crate::engine::analysis::exact::{Analysis, Table, analyze_or_stop};
use crate::engine::game::position::{Position, Status};
use crate::engine::search::{Algorithm, Cancelled, SearchStats, StopFlag};
use std::time::{Duration, Instant};

/// How long each algorithm may run before its row is given up on, unless the caller says otherwise.
pub const ALLOWANCE: Duration = Duration::from_secs(10);

/// One algorithm's part of a comparison.
#[derive(Clone, Debug)]
pub enum CompareRow {
    /// The algorithm scored every move.
    Finished(Analysis),
    /// It was stopped before it scored every move: its allowance ran out, or the caller stopped
    /// the comparison.
    Unfinished(Unfinished),
}

/// How far an algorithm got before it was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// How long it ran.
    pub elapsed: Duration,
    /// Moves it scored, of `legal`.
    pub scored: usize,
    /// Legal moves of the position.
    pub legal: usize,
    /// Its counters: nodes searched and deepest ply reached.
    pub stats: SearchStats,
    /// The caller stopped it (Esc, Ctrl-C), not its allowance.
    pub cancelled: bool,
}

impl CompareRow {
    /// The algorithm of the row.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            CompareRow::Finished(analysis) => analysis.algorithm,
            CompareRow::Unfinished(unfinished) => unfinished.algorithm,
        }
    }
}

/// Runs minimax, alphabeta and the engine on `position` one after the other, each for at most
/// `allowance`, calling `on_row` as each row is known. When `stop` is raised, the algorithm
/// running gets an unfinished row (`cancelled`) saying how far it got, and `Err(Cancelled)`
/// follows: the algorithms after it never run.
pub fn compare(
    position: &Position,
    table: Option<usize>,
    allowance: Duration,
    stop: &StopFlag,
    mut on_row: impl FnMut(&CompareRow),
) -> Result<Vec<CompareRow>, Cancelled> {
    let mut rows = Vec::new();
    let legal = if position.status() == Status::Ongoing {
        position.legal_moves().len()
    } else {
        0
    };
    for algorithm in Algorithm::ALL {
        let started = Instant::now();
        let flag = StopFlag::with_deadline(stop);
        flag.set_deadline(Some(started + allowance));
        let table = Table::New(table);
        let row = match analyze_or_stop(position, algorithm, table, 1, &flag, |_| {}) {
            Ok(analysis) => CompareRow::Finished(analysis),
            Err(stopped) => CompareRow::Unfinished(Unfinished {
                algorithm,
                elapsed: started.elapsed(),
                scored: stopped.moves.len(),
                legal,
                stats: stopped.stats,
                cancelled: stop.is_stopped(),
            }),
        };
        on_row(&row);
        if stop.is_stopped() {
            return Err(Cancelled);
        }
        rows.push(row);
    }
    Ok(rows)
}
