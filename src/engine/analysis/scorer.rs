//! One thread's scorer of moves: its searcher (for the `engine` algorithm a `Solver`, all of a
//! position's scorers over one table), and the exact score of one move, a `MoveAnalysis`. The
//! analyses (`exact.rs`, `budgeted.rs`, `settle.rs`) make scorers here and spread the moves over
//! them with `parallel.rs`.

use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::{INFINITY, Score};
use crate::engine::search::alphabeta::AlphaBeta;
use crate::engine::search::minimax::Minimax;
use crate::engine::search::solver::{DEFAULT_HASH_BYTES, Solver};
use crate::engine::search::{Algorithm, Cancelled, SearchProgress, Searcher, StopFlag};
use std::sync::Arc;

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

/// One thread's searcher and the flag it stops on (whose deadline gives each move its share).
pub(crate) struct Scorer<'a> {
    pub searcher: Box<dyn Searcher + Send + 'a>,
    pub flag: StopFlag,
    /// Where a reader sees which moves are being scored (the engine's progress reader, if any).
    pub progress: Option<Arc<SearchProgress>>,
}

/// Where the `engine` algorithm's transposition table comes from (the other algorithms have none).
pub enum Table<'a> {
    /// A new, empty table of this many bytes (`None`: the default), so node counts are those of a
    /// cold start and reproducible.
    New(Option<usize>),
    /// The table of an engine the caller keeps between analyses: positions stored by earlier
    /// searches are not searched again, so node counts depend on what came before.
    Kept(&'a mut Solver),
}

impl Table<'_> {
    /// The same table for one more analysis, this one kept for the next: a kept solver lends
    /// itself again, a new table is new again.
    pub fn reborrow(&mut self) -> Table<'_> {
        match self {
            Table::New(bytes) => Table::New(*bytes),
            Table::Kept(solver) => Table::Kept(solver),
        }
    }
}

/// One scorer of the given algorithm per flag, each stopping on its own flag; the `engine`'s all
/// search with the one table from `table` (the first is the kept engine itself, if any).
pub(crate) fn scorers<'a>(
    algorithm: Algorithm,
    position: &Position,
    flags: Vec<StopFlag>,
    table: &'a mut Table<'_>,
) -> Vec<Scorer<'a>> {
    let alone = |flag: StopFlag| -> Scorer<'a> {
        let searcher: Box<dyn Searcher + Send + 'a> = match algorithm {
            Algorithm::Minimax => Box::new(Minimax::new(flag.clone())),
            _ => Box::new(AlphaBeta::new(flag.clone())),
        };
        Scorer {
            searcher,
            flag,
            progress: None,
        }
    };
    if algorithm != Algorithm::Engine {
        return flags.into_iter().map(alone).collect();
    }
    let mut flags = flags.into_iter();
    let first_flag = flags.next().unwrap_or_default();
    let shares = |solver: &Solver, flags: std::vec::IntoIter<StopFlag>| -> Vec<Scorer<'a>> {
        flags
            .map(|flag| Scorer {
                searcher: Box::new(solver.share(flag.clone())),
                flag,
                progress: solver.progress(),
            })
            .collect()
    };
    let (first, others, progress): (Box<dyn Searcher + Send + 'a>, _, _) = match table {
        Table::New(bytes) => {
            let solver = Solver::with_hash(
                position.layout(),
                first_flag.clone(),
                bytes.unwrap_or(DEFAULT_HASH_BYTES),
            );
            let others = shares(&solver, flags);
            (Box::new(solver), others, None)
        }
        Table::Kept(solver) => {
            solver.resume(first_flag.clone());
            let others = shares(solver, flags);
            let progress = solver.progress();
            (Box::new(&mut **solver), others, progress)
        }
    };
    let first = Scorer {
        searcher: first,
        flag: first_flag,
        progress,
    };
    std::iter::once(first).chain(others).collect()
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
