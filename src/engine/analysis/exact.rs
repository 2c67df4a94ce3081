//! Per-move analysis: the exact score of every legal move of a position, delivered one by one.

use crate::engine::analysis::parallel::{Scored, Scorer, score_moves, totals};
use crate::engine::game::position::{Move, Position, Status};
use crate::engine::game::score::{INFINITY, Score};
use crate::engine::search::alphabeta::AlphaBeta;
use crate::engine::search::minimax::Minimax;
use crate::engine::search::solver::{DEFAULT_HASH_BYTES, Solver};
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
    Kept(&'a mut Solver),
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
    let legal = if position.status() == Status::Ongoing {
        position.legal_moves()
    } else {
        Vec::new()
    };
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
    // Each scored move's own child is counted, and the move itself is a ply.
    let counted = |mut stats: SearchStats, moves: &[MoveAnalysis]| {
        stats.nodes += moves.len() as u64;
        stats.depth += 1;
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
