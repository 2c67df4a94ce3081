//! The post-game review (`R`): every move of the game so far judged against the best move of its
//! position (best, inaccuracy, mistake), filled in live by a `Job::Review`, one move selected and
//! shown on the board. `update.rs` is the review's part of `App::update`.

pub(in crate::app) mod update;

use crate::engine::{Move, MoveReview, Player, Position, Verdict};

/// The review being read.
#[derive(Clone, Debug)]
pub struct ReviewState {
    /// The generation of the job judging the moves; its replies are dropped if stale.
    pub generation: u64,
    /// The position the game started from.
    pub start: Position,
    /// The moves reviewed: the game's when the review opened.
    pub moves: Vec<Move>,
    /// The moves judged so far, in the game's order (the job judges them in turn).
    pub judged: Vec<MoveReview>,
    /// The selected move's index in `moves`.
    pub selected: usize,
}

impl ReviewState {
    /// A review of `moves` from `start`, nothing judged yet, the first move selected.
    pub fn new(generation: u64, start: Position, moves: Vec<Move>) -> ReviewState {
        ReviewState {
            generation,
            start,
            moves,
            judged: Vec::new(),
            selected: 0,
        }
    }

    /// Whether moves are still being judged.
    pub fn running(&self) -> bool {
        self.judged.len() < self.moves.len()
    }

    /// The position before the move at `index`, and who is to play it.
    pub fn before(&self, index: usize) -> Position {
        let mut position = self.start;
        for &mv in &self.moves[..index.min(self.moves.len())] {
            // The moves were the game's, legal in turn.
            position = position.play(mv).unwrap_or(position);
        }
        position
    }

    /// The selected move's verdict, once it is judged.
    pub fn selected_review(&self) -> Option<&MoveReview> {
        self.judged.get(self.selected)
    }

    /// How many of `player`'s judged moves got `verdict`.
    pub fn count(&self, player: Player, verdict: Verdict) -> usize {
        self.judged
            .iter()
            .filter(|judged| judged.player == player && judged.verdict == verdict)
            .count()
    }

    /// The index of the nearest judged move that was not best, after the selection (`forward`)
    /// or before it.
    pub fn flagged_from_selection(&self, forward: bool) -> Option<usize> {
        let flagged = |index: &usize| self.judged[*index].verdict != Verdict::Best;
        if forward {
            (self.selected + 1..self.judged.len()).find(flagged)
        } else {
            (0..self.selected.min(self.judged.len()))
                .rev()
                .find(flagged)
        }
    }
}
