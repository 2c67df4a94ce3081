//! Per-move analysis: the exact score of every legal move of a position, delivered one by one.

use crate::engine::analysis::parallel::{Scored, score_moves, totals};
use crate::engine::analysis::scorer::{MoveAnalysis, Table, scorers};
use crate::engine::game::position::{Move, Position};
use crate::engine::search::{Algorithm, Cancelled, SearchStats, StopFlag};
use std::time::{Duration, Instant};

/// The analysis of every legal move of a position.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The analysed position.
    pub position: Position,
    /// The algorithm used.
    pub algorithm: Algorithm,
    /// Every legal move, best first (ties in cell order).
    pub moves: Vec<MoveAnalysis>,
    /// Totals over all moves.
    pub stats: SearchStats,
    /// Wall-clock time of the whole analysis.
    pub elapsed: Duration,
}

impl Analysis {
    /// The moves that share the best score (empty when the game is over).
    pub fn best(&self) -> Vec<Move> {
        let Some(top) = self.moves.first() else {
            return Vec::new();
        };
        self.moves
            .iter()
            .take_while(|m| m.score == top.score)
            .map(|m| m.mv)
            .collect()
    }
}

/// Scores every legal move of `position` exactly, calling `on_move` as each one is known.
/// Returns `Err(Cancelled)` if `stop` is raised first. A finished game has no moves to analyse.
pub fn analyze(
    position: &Position,
    algorithm: Algorithm,
    stop: &StopFlag,
    on_move: impl FnMut(&MoveAnalysis),
) -> Result<Analysis, Cancelled> {
    analyze_with_table(position, algorithm, Table::New(None), stop, on_move)
}

/// `analyze` with the engine's transposition table from `table`.
pub fn analyze_with_table(
    position: &Position,
    algorithm: Algorithm,
    table: Table<'_>,
    stop: &StopFlag,
    on_move: impl FnMut(&MoveAnalysis),
) -> Result<Analysis, Cancelled> {
    analyze_parallel(position, algorithm, table, 1, stop, on_move)
}

/// `analyze_with_table` on `threads` threads (at least one), the moves spread over them, all of
/// them searching with the one table (`parallel.rs`). `on_move` is called on the caller's thread
/// as each move is scored, not always in cell order; the analysis is sorted as ever. With more
/// than one thread, node counts vary from run to run (unless the analysis is short enough to
/// finish before the other threads start); the scores never do.
pub fn analyze_parallel(
    position: &Position,
    algorithm: Algorithm,
    table: Table<'_>,
    threads: usize,
    stop: &StopFlag,
    on_move: impl FnMut(&MoveAnalysis),
) -> Result<Analysis, Cancelled> {
    analyze_or_stop(position, algorithm, table, threads, stop, on_move).map_err(|_| Cancelled)
}

/// How far an analysis got before it was stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stopped {
    /// The moves scored, in the order they were.
    pub moves: Vec<MoveAnalysis>,
    /// Counters of all the work, the moves left unfinished included.
    pub stats: SearchStats,
}

/// `analyze_parallel`, saying how far it got when `stop` is raised first.
pub fn analyze_or_stop(
    position: &Position,
    algorithm: Algorithm,
    mut table: Table<'_>,
    threads: usize,
    stop: &StopFlag,
    mut on_move: impl FnMut(&MoveAnalysis),
) -> Result<Analysis, Stopped> {
    let started = Instant::now();
    let threads = threads.max(1);
    let flags = if threads == 1 {
        vec![stop.clone()]
    } else {
        (0..threads)
            .map(|_| StopFlag::with_deadline(stop))
            .collect()
    };
    let mut scorers = scorers(algorithm, position, flags, &mut table);
    let legal = position.legal_moves();
    let pending: Vec<usize> = (0..legal.len()).collect();
    let before: Vec<SearchStats> = scorers.iter().map(|w| w.searcher.stats()).collect();
    let mut moves = Vec::new();
    let scored = score_moves(
        position,
        &legal,
        &pending,
        &mut scorers,
        None,
        stop,
        algorithm == Algorithm::Engine,
        |_, scored| {
            if let Scored::Exact(analysed) = scored {
                on_move(&analysed);
                moves.push(analysed);
            }
        },
    );
    // Each scored move's own child is counted, and the move itself is a ply (where there is
    // one: a finished game's analysis reaches no ply).
    let counted = |mut stats: SearchStats, moves: &[MoveAnalysis]| {
        stats.nodes += moves.len() as u64;
        stats.depth += u32::from(!legal.is_empty());
        stats
    };
    let stats = match scored {
        Ok(stats) if moves.len() == legal.len() => counted(stats, &moves),
        _ => {
            let stats = counted(totals(&scorers, &before), &moves);
            return Err(Stopped { moves, stats });
        }
    };
    // Best first, equal scores in cell order, whatever order the threads delivered them in.
    moves.sort_by_key(|m| {
        let cell = legal.iter().position(|&mv| mv == m.mv);
        (std::cmp::Reverse(m.score.score), cell)
    });
    Ok(Analysis {
        position: *position,
        algorithm,
        moves,
        stats,
        elapsed: started.elapsed(),
    })
}
