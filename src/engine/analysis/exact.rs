//! Per-move analysis: the exact score of every legal move of a position, delivered one by one.

use crate::engine::game::position::{Move, Position, Status};
use crate::engine::game::score::{INFINITY, Score};
use crate::engine::search::alphabeta::AlphaBeta;
use crate::engine::search::minimax::Minimax;
use crate::engine::search::solver::{DEFAULT_HASH_BYTES, Engine};
use crate::engine::search::{Algorithm, Cancelled, SearchStats, Searcher, StopFlag};
use std::time::{Duration, Instant};

/// The analysis of one candidate move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The move.
    pub mv: Move,
    /// Its exact score for the side making it.
    pub score: Score,
    /// Best play starting with the move itself.
    pub pv: Vec<Move>,
    /// Nodes searched for this move, the move's own child position included.
    pub nodes: u64,
}

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

/// Where the `engine` algorithm's transposition table comes from (the other algorithms have none).
pub enum Table<'a> {
    /// A new, empty table of this many bytes (`None`: the default), so node counts are those of a
    /// cold start and reproducible.
    New(Option<usize>),
    /// The table of an engine the caller keeps between analyses: positions stored by earlier
    /// searches are not searched again, so node counts depend on what came before.
    Kept(&'a mut Engine),
}

/// A searcher of the given algorithm, stopping on `stop`.
pub(crate) fn searcher<'a>(
    algorithm: Algorithm,
    position: &Position,
    stop: StopFlag,
    table: &'a mut Table<'_>,
) -> Box<dyn Searcher + 'a> {
    match (algorithm, table) {
        (Algorithm::Minimax, _) => Box::new(Minimax::new(stop)),
        (Algorithm::AlphaBeta, _) => Box::new(AlphaBeta::new(stop)),
        (Algorithm::Engine, Table::New(bytes)) => Box::new(Engine::with_hash(
            position.layout(),
            stop,
            bytes.unwrap_or(DEFAULT_HASH_BYTES),
        )),
        (Algorithm::Engine, Table::Kept(engine)) => {
            engine.resume(stop);
            Box::new(&mut **engine)
        }
    }
}

/// Scores one legal move exactly with `searcher` (whose statistics keep accumulating).
pub(crate) fn score_move(
    searcher: &mut dyn Searcher,
    position: &Position,
    mv: Move,
) -> Result<MoveAnalysis, Cancelled> {
    let before = searcher.stats();
    let child = position.play(mv).map_err(|_| Cancelled)?;
    let line = searcher.search(&child, -INFINITY, INFINITY)?;
    let score = Score::from_value(-line.value, position.rules().cells(), position.ply());
    let mut pv = vec![mv];
    pv.extend(line.pv);
    Ok(MoveAnalysis {
        mv,
        score,
        pv,
        nodes: (searcher.stats() - before).nodes + 1,
    })
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
    mut table: Table<'_>,
    stop: &StopFlag,
    mut on_move: impl FnMut(&MoveAnalysis),
) -> Result<Analysis, Cancelled> {
    let started = Instant::now();
    let mut searcher = searcher(algorithm, position, stop.clone(), &mut table);
    let mut moves = Vec::new();
    if position.status() == Status::Ongoing {
        for mv in position.legal_moves() {
            let analysed = score_move(searcher.as_mut(), position, mv)?;
            on_move(&analysed);
            moves.push(analysed);
        }
    }
    // Stable: equal scores keep cell order.
    moves.sort_by_key(|m| std::cmp::Reverse(m.score.score));
    let mut stats = searcher.stats();
    stats.nodes += moves.len() as u64;
    stats.depth += 1;
    Ok(Analysis {
        position: *position,
        algorithm,
        moves,
        stats,
        elapsed: started.elapsed(),
    })
}
