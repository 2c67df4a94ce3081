//! What the app knows of one position's analysis while it arrives: the moves scored so far.

use crate::app::jobs::Live;
use crate::engine::analysis::appraisal::best_of;
use crate::engine::{Appraisal, Move, MoveAppraisal, Position, Skill};
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
    /// The finished analysis, once every move is scored; while the analysis settles, the exact
    /// scores arriving after it are folded in.
    pub done: Option<Appraisal>,
    /// Whether the search goes on past its budget until every move is exact (see `settling`).
    pub settles: bool,
    /// How far the search has got, as its latest `Progress` message said (`engine` only).
    pub live: Option<Live>,
    /// The move of an AI below level 4 in this position, which it chooses on its own.
    pub choice: Choice,
}

/// Where the choice of an AI below level 4 stands (level 4 plays from the analysis instead).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Choice {
    /// Not asked for.
    #[default]
    None,
    /// Asked of the worker for this level.
    Asked(Skill),
    /// Made by this level, with the time it took.
    Made(Skill, Option<Move>, Duration),
}

impl SearchView {
    /// A search of `position` just asked for: nothing scored yet. With `settles`, the worker goes
    /// on past the budget until every move is exact.
    pub fn new(generation: u64, position: Position, settles: bool) -> SearchView {
        SearchView {
            generation,
            position,
            moves: Vec::new(),
            total: position.legal_moves().len(),
            depth: None,
            elapsed: Duration::ZERO,
            done: None,
            settles,
            live: None,
            choice: Choice::None,
        }
    }

    /// Whether the search still runs within its budget.
    pub fn running(&self) -> bool {
        self.done.is_none() && self.total > 0
    }

    /// Whether the budget is spent and the search goes on in the background, estimates giving
    /// way to exact scores as they are proven.
    pub fn settling(&self) -> bool {
        self.settles && self.done.as_ref().is_some_and(|done| !done.exact())
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
        if let Some(done) = &mut self.done {
            // Settling: the finished analysis takes the exact score too, so the recommendation
            // follows it at once.
            insert_ranked(&mut done.moves, analysis.clone());
        }
        if let Some(estimate) = analysis.value.estimate() {
            self.depth = self.depth.max(Some(estimate.depth));
        }
        self.elapsed = analysis.elapsed;
        insert_ranked(&mut self.moves, analysis);
    }

    /// Takes the latest word on how far the search has got.
    pub fn watch(&mut self, live: Live) {
        self.live = Some(live);
    }

    /// Takes the finished analysis.
    pub fn finish(&mut self, analysis: Appraisal) {
        self.moves = analysis.moves.clone();
        self.done = Some(analysis);
    }
}

/// Puts a move's analysis into a best-first list in place of its earlier one: after every move
/// with an equal or better value, so ties keep cell order.
fn insert_ranked(moves: &mut Vec<MoveAppraisal>, analysis: MoveAppraisal) {
    moves.retain(|m| m.mv != analysis.mv);
    let rank = analysis.value.rank();
    let at = moves
        .iter()
        .position(|m| m.value.rank() < rank)
        .unwrap_or(moves.len());
    moves.insert(at, analysis);
}
