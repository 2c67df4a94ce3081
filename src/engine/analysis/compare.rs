//! Every algorithm on the same position, side by side (the `c` popup and `analyze --compare`).
//! Plain minimax cannot finish on big boards, so each algorithm gets a time allowance and a row
//! that did not finish in it says how far it got instead of holding everything up; and a
//! comparison can go to a depth instead of the end of the game, every algorithm with the same
//! evaluation at the horizon, so the values agree and only the work differs.

use crate::engine::analysis::appraisal::{Appraisal, MoveAppraisal};
use crate::engine::analysis::budget::Budget;
use crate::engine::analysis::budgeted::appraise;
use crate::engine::analysis::exact::analyze_or_stop;
use crate::engine::analysis::scorer::Table;
use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::INFINITY;
use crate::engine::search::alphabeta::AlphaBeta;
use crate::engine::search::estimate::{DepthLimit, ESTIMATE_SCALE, Found, Horizon};
use crate::engine::search::minimax::Minimax;
use crate::engine::search::{Algorithm, Cancelled, SearchStats, Searcher, StopFlag};
use std::time::{Duration, Instant};

/// How long each algorithm may run before its row is given up on, unless the caller says otherwise.
pub const ALLOWANCE: Duration = Duration::from_secs(10);

/// One algorithm's part of a comparison.
#[derive(Clone, Debug)]
pub enum CompareRow {
    /// The algorithm scored every move: exactly, or to the comparison's depth.
    Finished(Appraisal),
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

/// How far each algorithm of a comparison searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// To the end of the game: exact scores.
    Exact,
    /// This many plies (the move itself is ply 1), the static evaluation beyond.
    Depth(u32),
}

/// Nodes a depth-limited minimax may take in the depth `default_depth` chooses.
const DEPTH_NODES: f64 = 2_000_000.0;

/// Empty cells up to which minimax can search to the end in moments (3×3: 549,945 nodes).
const EXACT_EMPTY: u32 = 10;

/// How far a comparison should reach when the caller has no depth of its own: exact where plain
/// minimax finishes in moments, else the deepest depth whose full minimax tree (every legal move
/// at every ply) stays within about two million nodes: 7 on Connect Four, 3 on 8×8.
pub fn default_reach(position: &Position) -> Reach {
    let empty = position.empty_cells() as u32;
    let branching = position.legal_moves().len().max(2) as f64;
    if empty <= EXACT_EMPTY {
        return Reach::Exact;
    }
    let depth = (DEPTH_NODES.ln() / branching.ln()).floor() as u32;
    Reach::Depth(depth.clamp(1, empty))
}

/// Runs minimax, alphabeta and the engine on `position` one after the other, each for at most
/// `allowance`, as far as `reach` says, calling `on_row` as each row is known. When `stop` is
/// raised, the algorithm running gets an unfinished row (`cancelled`) saying how far it got,
/// and `Err(Cancelled)` follows: the algorithms after it never run.
pub fn compare(
    position: &Position,
    table: Option<usize>,
    reach: Reach,
    allowance: Duration,
    stop: &StopFlag,
    mut on_row: impl FnMut(&CompareRow),
) -> Result<Vec<CompareRow>, Cancelled> {
    let mut rows = Vec::new();
    let legal = position.legal_moves();
    for algorithm in Algorithm::ALL {
        let started = Instant::now();
        let flag = StopFlag::with_deadline(stop);
        flag.set_deadline(Some(started + allowance));
        let reached = match reach {
            Reach::Exact => exact(position, algorithm, table, &flag),
            Reach::Depth(depth) => to_depth(position, algorithm, depth, &legal, &flag, |_| {}),
        };
        let row = match reached {
            Ok(mut appraisal) => {
                appraisal.elapsed = started.elapsed();
                CompareRow::Finished(appraisal)
            }
            Err((scored, stats)) => CompareRow::Unfinished(Unfinished {
                algorithm,
                elapsed: started.elapsed(),
                scored,
                legal: legal.len(),
                stats,
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

/// The exact scores, as an appraisal; when stopped, the moves scored and the work done.
fn exact(
    position: &Position,
    algorithm: Algorithm,
    table: Option<usize>,
    flag: &StopFlag,
) -> Result<Appraisal, (usize, SearchStats)> {
    let started = Instant::now();
    let analysis = analyze_or_stop(position, algorithm, Table::New(table), 1, flag, |_| {})
        .map_err(|stopped| (stopped.moves.len(), stopped.stats))?;
    Ok(Appraisal {
        position: analysis.position,
        algorithm,
        budget: Budget::UNLIMITED,
        moves: analysis
            .moves
            .iter()
            .map(|m| MoveAppraisal::exact(m, started.elapsed()))
            .collect(),
        stats: analysis.stats,
        depth: None,
        elapsed: analysis.elapsed,
    })
}

/// Each legal move searched `depth` plies deep by `algorithm`: minimax and alpha-beta in cell
/// order with the evaluation at the horizon, the engine with its estimating search (`Horizon`:
/// alpha-beta ordered by history and reach, the same evaluation). Values agree; nodes differ.
/// `on_update` hears of each move as it is scored.
pub(crate) fn to_depth(
    position: &Position,
    algorithm: Algorithm,
    depth: u32,
    legal: &[Move],
    flag: &StopFlag,
    mut on_update: impl FnMut(&MoveAppraisal),
) -> Result<Appraisal, (usize, SearchStats)> {
    let started = Instant::now();
    let plies_below = depth.saturating_sub(1);
    let mut searcher = match algorithm {
        Algorithm::Minimax => DepthSearcher::Minimax(Minimax::to_depth(
            flag.clone(),
            DepthLimit::new(position, plies_below),
        )),
        Algorithm::AlphaBeta => DepthSearcher::AlphaBeta(AlphaBeta::to_depth(
            flag.clone(),
            DepthLimit::new(position, plies_below),
        )),
        Algorithm::Engine => DepthSearcher::Engine(Horizon::new(position, flag.clone(), None)),
    };
    let mut moves: Vec<MoveAppraisal> = Vec::new();
    for &mv in legal {
        let before = searcher.stats().nodes;
        let Ok(found) = searcher.search_move(position, mv, depth) else {
            // The moves scored, and what the unfinished one had searched.
            let mut stats = searcher.stats();
            let scored: u64 = moves.iter().map(|m| m.nodes).sum();
            stats.nodes = scored + (stats.nodes - before);
            return Err((moves.len(), stats));
        };
        let nodes = found.nodes;
        // The algorithm's own search to that depth, not the engine's estimator.
        let appraised = appraise(position, found, depth, nodes, started, false);
        on_update(&appraised);
        moves.push(appraised);
    }
    // Best first, ties in cell order (the sort is stable and `legal` is in cell order).
    moves.sort_by_key(|m| std::cmp::Reverse(m.value.rank()));
    let mut stats = searcher.stats();
    // A finished game's search reaches no ply.
    if !legal.is_empty() {
        stats.depth = stats.depth.max(depth);
    }
    let all_exact = moves.iter().all(|m| m.value.is_exact());
    Ok(Appraisal {
        position: *position,
        algorithm,
        budget: Budget::depth(depth),
        stats: SearchStats {
            nodes: moves.iter().map(|m| m.nodes).sum(),
            ..stats
        },
        moves,
        depth: (!all_exact).then_some(depth),
        elapsed: started.elapsed(),
    })
}

/// One algorithm's depth-limited search of one move at a time.
enum DepthSearcher {
    Minimax(Minimax),
    AlphaBeta(AlphaBeta),
    Engine(Horizon),
}

impl DepthSearcher {
    /// `mv` searched `depth` plies deep, as the engine's estimating search reports a move.
    fn search_move(
        &mut self,
        position: &Position,
        mv: Move,
        depth: u32,
    ) -> Result<Found, Cancelled> {
        if let DepthSearcher::Engine(horizon) = self {
            return horizon.search_move(position, mv, depth, true);
        }
        let child = position.play(mv).map_err(|_| Cancelled)?;
        let before = self.stats().nodes;
        let (line, reached) = match self {
            DepthSearcher::Minimax(s) => (s.search(&child, -INFINITY, INFINITY)?, s.take_reached()),
            DepthSearcher::AlphaBeta(s) => {
                (s.search(&child, -INFINITY, INFINITY)?, s.take_reached())
            }
            DepthSearcher::Engine(_) => unreachable!("searched above"),
        };
        let value = -line.value;
        let mut pv = vec![mv];
        pv.extend(line.pv);
        Ok(Found {
            value,
            exact: !reached || value.abs() > ESTIMATE_SCALE,
            pv,
            nodes: self.stats().nodes - before + 1,
        })
    }

    fn stats(&self) -> SearchStats {
        match self {
            DepthSearcher::Minimax(s) => s.stats(),
            DepthSearcher::AlphaBeta(s) => s.stats(),
            DepthSearcher::Engine(h) => h.stats,
        }
    }
}
