//! The `Searcher` interface that lets an analysis run any algorithm on any position, and the
//! counters every search keeps.

use super::Cancelled;
use crate::engine::game::position::{Move, Position};

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Child positions generated ("moves checked" in the minimax tutorial notebook); the root is not counted.
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

/// A borrowed searcher searches as its owner would: how an analysis runs on an engine the caller
/// keeps between analyses.
impl<S: Searcher + ?Sized> Searcher for &mut S {
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<Line, Cancelled> {
        (**self).search(position, alpha, beta)
    }

    fn stats(&self) -> SearchStats {
        (**self).stats()
    }
}
