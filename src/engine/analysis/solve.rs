//! Solving one position: its value (exact, or only win/draw/loss) with the statistics of the search.

use crate::engine::game::position::{Move, Position, Status};
use crate::engine::game::score::{INFINITY, Score, pons};
use crate::engine::search::solver::{ReadLine, Solver, TableUsage};
use crate::engine::search::{Cancelled, SearchStats, Searcher, StopFlag};
use std::time::{Duration, Instant};

/// What a solve found out about a position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The position's value for its side to move: exact, or with `weak` only its sign is meaningful.
    pub value: i32,
    /// Whether only win/draw/loss was asked for.
    pub weak: bool,
    /// Best play (exact solves only).
    pub pv: Vec<Move>,
    /// False when the stop flag came while the line was read: `pv` is its beginning (the value
    /// is known all the same).
    pub line_complete: bool,
    /// Counters of the search.
    pub stats: SearchStats,
    /// Calls of the inner negamax: Pons' "positions explored".
    pub explored: u64,
    /// How full the transposition table ended up.
    pub table: TableUsage,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Wall-clock time reading the line after it (not part of `elapsed`, as its nodes are not
    /// part of `stats`).
    pub line_elapsed: Duration,
}

impl Solution {
    /// The value as the tutorials' depth-aware score of the best move (exact solves only: a weak
    /// solve's value is just a sign).
    pub fn score(&self, position: &Position) -> Score {
        debug_assert!(!self.weak, "a weak solve has no score");
        Score::from_value(self.value, position.rules().cells(), position.ply())
    }

    /// Pons' score (`score::pons`: on Connect Four ±(22 − the winner's stones at the end), 0 for
    /// a draw); a weak solve gives only the sign.
    pub fn pons_score(&self, position: &Position) -> i32 {
        if self.weak {
            return self.value;
        }
        pons(self.value, position.rules().cells())
    }
}

/// Solves a position with `engine` (whose table may already hold useful results); `with_line`
/// asks for the principal variation too (exact solves only; it costs extra searches, uncounted
/// and timed apart). Stopped while the line is read, the value stands and the line is its
/// beginning (`line_complete`).
pub fn solve_with(
    solver: &mut Solver,
    position: &Position,
    weak: bool,
    with_line: bool,
) -> Result<Solution, Cancelled> {
    let started = Instant::now();
    let (before, explored) = (solver.stats(), solver.explored());
    let (alpha, beta) = if weak { (-1, 1) } else { (-INFINITY, INFINITY) };
    let ongoing = position.status() == Status::Ongoing;
    let value = if ongoing {
        solver.value(position, alpha, beta)?
    } else {
        crate::engine::search::tree::terminal_value(position).unwrap_or(0)
    };
    let elapsed = started.elapsed();
    let line = if ongoing && with_line && !weak {
        solver.line(position, value)
    } else {
        ReadLine {
            moves: Vec::new(),
            complete: true,
        }
    };
    Ok(Solution {
        value: if weak { value.signum() } else { value },
        weak,
        pv: line.moves,
        line_complete: line.complete,
        stats: solver.stats() - before,
        explored: solver.explored() - explored,
        table: solver.table_usage(),
        elapsed,
        line_elapsed: started.elapsed() - elapsed,
    })
}

/// Solves a position with a fresh engine whose table uses at most `hash_bytes` bytes (all of it
/// mapped up front).
pub fn solve(
    position: &Position,
    weak: bool,
    hash_bytes: usize,
    stop: &StopFlag,
) -> Result<Solution, Cancelled> {
    let mut solver = Solver::with_hash(position.layout(), stop.clone(), hash_bytes);
    // Map the table before the clock starts: the time reported is the search's.
    solver.touch_table()?;
    solve_with(&mut solver, position, weak, true)
}
