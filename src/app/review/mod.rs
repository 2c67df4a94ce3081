//! The post-game review (`R`): every move of the game so far judged against the best move of its
//! position (best, inaccuracy, mistake), filled in live by a `Job::Review`, one move selected and
//! shown on the board. `update.rs` is the review's part of `App::update`.

pub(in crate::app) mod update;

use crate::app::play::search_view::SearchView;
use crate::engine::{Judgement, Move, MoveReview, Player, Position, Verdict};
use std::time::Duration;

/// The most time a review gives one position (unless the time per move is "no limit"): past it
/// the move is left unjudged and the review goes on, so a board too big to solve (8×8 from the
/// start) still has its later, smaller positions judged. Ten seconds covers every Connect Four
/// position after the opening book on two threads.
pub const REVIEW_LIMIT: Duration = Duration::from_secs(10);

/// The time each position of a review may take: `REVIEW_LIMIT`, or no limit when the time per
/// move has none (the player asked for exact answers however long they take).
pub fn review_limit(time_ms: u64) -> Option<Duration> {
    (time_ms > 0).then_some(REVIEW_LIMIT)
}

/// The review being read.
#[derive(Clone, Debug)]
pub struct ReviewState {
    /// The generation of the job judging the moves; its replies are dropped if stale.
    pub generation: u64,
    /// The position the review starts from: where the game record starts (the empty board, or
    /// a position set up), before any opening.
    pub start: Position,
    /// The moves reviewed: the game's opening (`--moves`, a pasted list), then the moves played
    /// in the game when the review opened.
    pub moves: Vec<Move>,
    /// How many of `moves` are the opening, before the game's start: judged like the others,
    /// but the game cannot go back to them.
    pub opening: usize,
    /// The moves reviewed so far, in the game's order (the job reviews them in turn), each
    /// judged or left unjudged (out of time).
    pub judged: Vec<MoveReview>,
    /// The selected move's index in `moves`.
    pub selected: usize,
    /// While the next move is judged: its position's moves scored so far, of how many.
    pub scoring: Option<(usize, usize)>,
    /// The game's analysis as the review found it, when it had finished: leaving the review
    /// shows it again rather than searching (and logging) the same position anew.
    pub game_search: Option<Box<SearchView>>,
}

impl ReviewState {
    /// A review of `moves` from `start`, the first `opening` of them the game's opening, nothing
    /// judged yet, the first move selected.
    pub fn new(generation: u64, start: Position, moves: Vec<Move>, opening: usize) -> ReviewState {
        ReviewState {
            generation,
            start,
            moves,
            opening,
            judged: Vec::new(),
            selected: 0,
            scoring: None,
            game_search: None,
        }
    }

    /// Whether Enter can take the game back to the selected move: not to one of the opening,
    /// which is before the game's start.
    pub fn can_go_to_selected(&self) -> bool {
        self.selected >= self.opening
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

    /// The selected move's review, once it is reviewed.
    pub fn selected_review(&self) -> Option<&MoveReview> {
        self.judged.get(self.selected)
    }

    /// The selected move's judgement, once it is judged.
    pub fn selected_judgement(&self) -> Option<&Judgement> {
        self.selected_review()?.judgement.as_ref()
    }

    /// How many of `player`'s reviewed moves got `verdict` (`None`: were left unjudged).
    pub fn count(&self, player: Player, verdict: Option<Verdict>) -> usize {
        self.judged
            .iter()
            .filter(|judged| judged.player == player && judged.verdict() == verdict)
            .count()
    }

    /// The index of the nearest judged move that was not best, after the selection (`forward`)
    /// or before it.
    pub fn flagged_from_selection(&self, forward: bool) -> Option<usize> {
        let flagged = |index: &usize| {
            self.judged[*index]
                .verdict()
                .is_some_and(|verdict| verdict != Verdict::Best)
        };
        if forward {
            (self.selected + 1..self.judged.len()).find(flagged)
        } else {
            (0..self.selected.min(self.judged.len()))
                .rev()
                .find(flagged)
        }
    }
}
