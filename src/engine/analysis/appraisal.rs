//! What a budget-limited analysis says about each move: an exact score where the search got to
//! the end of every line, an estimate (value and depth) where it did not.

use crate::engine::analysis::budget::Budget;
use crate::engine::analysis::scorer::MoveAnalysis;
use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::Score;
use crate::engine::search::estimate::Estimate;
use crate::engine::search::{Algorithm, SearchStats};
use std::fmt;
use std::time::Duration;

/// A move's value: proven, or a heuristic guess from a depth-limited search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    /// The exact depth-aware score (docs/algorithms.md).
    Exact(Score),
    /// A heuristic value with the depth it comes from.
    Estimate(Estimate),
}

/// Ranks of exact results sit outside every estimate: a proven win beats any guess.
const DECIDED: i32 = 10_000;

impl MoveValue {
    /// A number that orders values best first: exact wins, then estimates and draws, then losses.
    pub fn rank(&self) -> i32 {
        match self {
            MoveValue::Exact(score) => match score.score.signum() {
                0 => 0,
                sign => sign * DECIDED + score.score,
            },
            MoveValue::Estimate(estimate) => estimate.value,
        }
    }

    /// The exact score, if the value is exact.
    pub fn exact(&self) -> Option<Score> {
        match self {
            MoveValue::Exact(score) => Some(*score),
            MoveValue::Estimate(_) => None,
        }
    }

    /// Whether the value is exact.
    pub fn is_exact(&self) -> bool {
        self.exact().is_some()
    }

    /// The value alone, as a score column shows it: `+8`, or `≈+0.35`.
    pub fn short(&self) -> String {
        match self {
            MoveValue::Exact(score) => score.to_string(),
            MoveValue::Estimate(estimate) => estimate.short(),
        }
    }

    /// The estimate, if the value is one.
    pub fn estimate(&self) -> Option<Estimate> {
        match self {
            MoveValue::Exact(_) => None,
            MoveValue::Estimate(estimate) => Some(*estimate),
        }
    }
}

impl fmt::Display for MoveValue {
    /// `+8 (win in 2)` or `≈ +0.35 (depth 7)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveValue::Exact(score) => write!(f, "{score} ({})", score.outcome()),
            MoveValue::Estimate(estimate) => estimate.fmt(f),
        }
    }
}

/// One candidate move as far as the analysis has got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAppraisal {
    /// The move.
    pub mv: Move,
    /// Its value for the side making it.
    pub value: MoveValue,
    /// Best play starting with the move (for an estimate, as deep as the search looked).
    pub pv: Vec<Move>,
    /// Nodes searched for this move so far, the move's own child position included.
    pub nodes: u64,
    /// Time from the start of the analysis until this value was known.
    pub elapsed: Duration,
    /// Whether the value comes from the engine's depth-limited estimating search (an estimate,
    /// or a win or loss it proved within its horizon) rather than from the analysis's
    /// algorithm: under a budget minimax and alpha-beta leave to it what they could not prove,
    /// and its nodes are then the move's.
    pub by_estimator: bool,
}

impl MoveAppraisal {
    /// Whether the move's exact score came mostly from stored results, the transposition
    /// table's (positions proven by the searches of earlier moves, symmetric ones included) or
    /// the opening book's, rather than from its own search: fewer nodes than plies from the
    /// move to the end of the game, which no search proves alone (it has to reach the end of
    /// the game at least once, a node a ply).
    pub fn stored(&self) -> bool {
        self.value
            .exact()
            .is_some_and(|score| self.nodes < u64::from(score.plies))
    }

    /// An exact result, found `elapsed` after the analysis started.
    pub fn exact(analysed: &MoveAnalysis, elapsed: Duration) -> MoveAppraisal {
        MoveAppraisal {
            mv: analysed.mv,
            value: MoveValue::Exact(analysed.score),
            pv: analysed.pv.clone(),
            nodes: analysed.nodes,
            elapsed,
            by_estimator: false,
        }
    }
}

/// Every legal move of a position, each exact or estimated, within a budget.
#[derive(Clone, Debug)]
pub struct Appraisal {
    /// The analysed position.
    pub position: Position,
    /// The algorithm of the exact searches.
    pub algorithm: Algorithm,
    /// The limits the analysis ran under.
    pub budget: Budget,
    /// Every legal move, best first (ties in cell order).
    pub moves: Vec<MoveAppraisal>,
    /// Totals over all moves and both kinds of search.
    pub stats: SearchStats,
    /// The deepest depth every estimated move was searched to (`None`: no estimate was needed).
    pub depth: Option<u32>,
    /// Wall-clock time of the whole analysis.
    pub elapsed: Duration,
}

impl Appraisal {
    /// Whether every move's value is exact.
    pub fn exact(&self) -> bool {
        self.moves.iter().all(|m| m.value.is_exact())
    }

    /// The moves whose values are not the analysis's algorithm's own but the engine's estimating
    /// search's: under a budget minimax and alpha-beta leave it the moves they could not prove.
    /// None for the engine, whose estimates are its own.
    pub fn left_to_estimator(&self) -> impl Iterator<Item = &MoveAppraisal> {
        let another = self.algorithm != Algorithm::Engine;
        self.moves.iter().filter(move |m| another && m.by_estimator)
    }

    /// The moves that share the best value (empty when the game is over).
    pub fn best(&self) -> Vec<Move> {
        best_of(&self.moves)
    }
}

/// The moves of a best-first list that share the first one's rank.
pub fn best_of(moves: &[MoveAppraisal]) -> Vec<Move> {
    let Some(top) = moves.first() else {
        return Vec::new();
    };
    moves
        .iter()
        .take_while(|m| m.value.rank() == top.value.rank())
        .map(|m| m.mv)
        .collect()
}
