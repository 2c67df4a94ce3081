//! What every search algorithm shares: the choice of algorithm, cancellation, statistics, and the
//! `Searcher` interface that lets the analysis run any algorithm on any position.

use super::position::{Move, Position};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

/// The search algorithms a user can choose (docs/algorithms.md).
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

/// A shared flag that stops a running search from another thread, or (a budget's flag) at a deadline.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<Flag>);

#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    /// A budget's flag also stops when the caller's flag is raised.
    parent: Option<StopFlag>,
    deadline: Option<Deadline>,
}

/// A movable deadline. Reading the clock costs about as much as a search node, so it is read only
/// on every `CLOCK_EVERY`-th look at the flag; the solver looks every 256 nodes, so the clock is
/// read every 4,096 nodes, about a millisecond of search: the overshoot stays that small.
#[derive(Debug)]
struct Deadline {
    origin: Instant,
    /// Nanoseconds after `origin`; `u64::MAX` means no deadline.
    at: AtomicU64,
    looks: AtomicU32,
    /// Latched once the clock is seen past the deadline, until the deadline moves.
    passed: AtomicBool,
}

const CLOCK_EVERY: u32 = 16;

impl StopFlag {
    /// A flag that stops when `parent` stops or when its own deadline (none at first) passes: the
    /// flag a budget-limited search runs under, so "out of time" and "cancelled" stay apart.
    pub fn with_deadline(parent: &StopFlag) -> StopFlag {
        StopFlag(Arc::new(Flag {
            raised: AtomicBool::new(false),
            parent: Some(parent.clone()),
            deadline: Some(Deadline {
                origin: Instant::now(),
                at: AtomicU64::new(u64::MAX),
                looks: AtomicU32::new(0),
                passed: AtomicBool::new(false),
            }),
        }))
    }

    /// Moves the deadline (`None`: no deadline). Does nothing on a flag made without one.
    pub fn set_deadline(&self, at: Option<Instant>) {
        if let Some(deadline) = &self.0.deadline {
            let nanos = at.map_or(u64::MAX, |at| {
                at.saturating_duration_since(deadline.origin).as_nanos() as u64
            });
            deadline.at.store(nanos, Ordering::Relaxed);
            deadline.passed.store(false, Ordering::Relaxed);
        }
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for (or the deadline has passed).
    pub fn is_stopped(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
            || self.0.parent.as_ref().is_some_and(StopFlag::is_stopped)
            || self.0.deadline.as_ref().is_some_and(Deadline::passed)
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

impl Deadline {
    fn passed(&self) -> bool {
        if self.passed.load(Ordering::Relaxed) {
            return true;
        }
        let at = self.at.load(Ordering::Relaxed);
        if at == u64::MAX
            || !self
                .looks
                .fetch_add(1, Ordering::Relaxed)
                .is_multiple_of(CLOCK_EVERY)
        {
            return false;
        }
        let passed = self.origin.elapsed().as_nanos() as u64 >= at;
        if passed {
            self.passed.store(true, Ordering::Relaxed);
        }
        passed
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

impl std::ops::AddAssign for SearchStats {
    /// Totals of two searches; the depth is the deeper of the two.
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes += other.nodes;
        self.cutoffs += other.cutoffs;
        self.tt_hits += other.tt_hits;
        self.depth = self.depth.max(other.depth);
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
