//! What every search algorithm shares: the choice of algorithm, cancellation, statistics, and the
//! `Searcher` interface that lets the analysis run any algorithm on any position.

use super::position::{Move, Position};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The search algorithms a user can choose (PRODUCT §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Textbook minimax: no pruning, cells in row-major order.
    Minimax,
    /// Plain alpha-beta, same order, no other tricks.
    AlphaBeta,
    /// The fastest exact search tictree has.
    #[default]
    Engine,
}

impl Algorithm {
    /// All algorithms, simplest first.
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Engine];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Engine => "engine",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Algorithm, String> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| format!("unknown algorithm '{text}': use minimax, alphabeta or engine"))
    }
}

/// A search was stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

/// A shared flag that stops a running search from another thread.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once a stop was asked for: for `?` inside searches.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_stopped() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Child positions generated ("moves checked" in the seed notebook); the root is not counted.
    pub nodes: u64,
    /// Alpha-beta cutoffs.
    pub cutoffs: u64,
    /// Transposition-table lookups that ended or narrowed a search.
    pub tt_hits: u64,
    /// Deepest ply reached below the analysed position.
    pub depth: u32,
}

impl std::ops::Sub for SearchStats {
    type Output = SearchStats;

    fn sub(self, earlier: SearchStats) -> SearchStats {
        SearchStats {
            nodes: self.nodes - earlier.nodes,
            cutoffs: self.cutoffs - earlier.cutoffs,
            tt_hits: self.tt_hits - earlier.tt_hits,
            depth: self.depth,
        }
    }
}

/// A value and the line of play that achieves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Absolute value for the side to move (see `score`).
    pub value: i32,
    /// Best play from the searched position, as far as the search knows it.
    pub pv: Vec<Move>,
}

/// One algorithm, searching positions of one game and accumulating statistics.
pub trait Searcher {
    /// The value of `position` for its side to move: exact when it lies strictly between `alpha`
    /// and `beta`, otherwise only a bound on the same side of the window.
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<Line, Cancelled>;

    /// Statistics accumulated since the searcher was made.
    fn stats(&self) -> SearchStats;
}
