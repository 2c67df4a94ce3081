//! What the app knows of one position's analysis while it arrives: the moves scored so far.

use crate::engine::analysis::appraisal::best_of;
use crate::engine::{Appraisal, Move, MoveAppraisal, Position};
use std::time::Duration;

/// The analysis of one position, as far as it has got.
#[derive(Clone, Debug)]
pub struct SearchView {
    /// The generation of the request; messages with another one are stale.
    pub generation: u64,
    /// The analysed position.
    pub position: Position,
    /// Candidate moves scored so far, best first (ties in cell order); estimates improve in place.
    pub moves: Vec<MoveAppraisal>,
    /// Number of legal moves, scored or not.
    pub total: usize,
    /// The deepest estimate so far (`None` while every value is exact).
    pub depth: Option<u32>,
    /// Time into the search of the latest value.
    pub elapsed: Duration,
    /// The finished analysis, once every move is scored.
    pub done: Option<Appraisal>,
}

impl SearchView {
    /// A search of `position` just asked for: nothing scored yet.
    pub fn new(generation: u64, position: Position) -> SearchView {
        SearchView {
            generation,
            position,
            moves: Vec::new(),
            total: position.legal_moves().len(),
            depth: None,
            elapsed: Duration::ZERO,
            done: None,
        }
    }

    /// Whether the search still runs.
    pub fn running(&self) -> bool {
        self.done.is_none() && self.total > 0
    }

    /// The moves sharing the best value so far.
    pub fn best(&self) -> Vec<Move> {
        best_of(&self.moves)
    }

    /// How many of the values shown are exact.
    pub fn exact_count(&self) -> usize {
        self.moves.iter().filter(|m| m.value.is_exact()).count()
    }

    /// The analysis of one move, if it is known yet.
    pub fn of(&self, mv: Move) -> Option<&MoveAppraisal> {
        self.moves.iter().find(|m| m.mv == mv)
    }

    /// Adds a live result, or replaces the move's earlier estimate: after every move with an
    /// equal or better value, so ties keep cell order.
    pub fn insert(&mut self, analysis: MoveAppraisal) {
        self.moves.retain(|m| m.mv != analysis.mv);
        if let Some(estimate) = analysis.value.estimate() {
            self.depth = self.depth.max(Some(estimate.depth));
        }
        self.elapsed = analysis.elapsed;
        let rank = analysis.value.rank();
        let at = self
            .moves
            .iter()
            .position(|m| m.value.rank() < rank)
            .unwrap_or(self.moves.len());
        self.moves.insert(at, analysis);
    }

    /// Takes the finished analysis.
    pub fn finish(&mut self, analysis: Appraisal) {
        self.moves = analysis.moves.clone();
        self.done = Some(analysis);
    }
}
