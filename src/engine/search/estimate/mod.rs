//! Estimates: what a depth-limited search says about a move it could not solve. A static
//! evaluation of open lines (eval.rs) scores the positions at the search horizon, and an
//! alpha-beta search (horizon.rs) backs those scores up, depth by depth.

mod eval;
mod horizon;

pub use eval::{ESTIMATE_SCALE, Evaluator};
pub use horizon::{Found, Horizon};

use crate::engine::game::position::Position;
use std::fmt;

/// A depth limit for the textbook searchers (minimax, alpha-beta), with the static evaluation
/// of the estimates at the horizon, so a depth-limited comparison finds the same values as the
/// `engine`'s depth-limited search (`Horizon`) and only the work differs.
pub struct DepthLimit {
    /// Plies searched below the searched position before the evaluation takes over.
    plies: usize,
    eval: Evaluator,
    /// Whether a search since the last `take_reached` stopped at the limit anywhere.
    reached: bool,
}

impl DepthLimit {
    /// A limit `plies` below the searched position, for `position`'s game.
    pub fn new(position: &Position, plies: u32) -> DepthLimit {
        DepthLimit {
            plies: plies as usize,
            eval: Evaluator::new(position.layout()),
            reached: false,
        }
    }

    /// At the limit (`ply` plies below the searched position), the heuristic value of
    /// `position` for its side to move; `None` above it.
    pub fn cut(&mut self, position: &Position, ply: usize) -> Option<i32> {
        if ply < self.plies {
            return None;
        }
        self.reached = true;
        let mover = position.to_move();
        let sum = self
            .eval
            .sum(position.marks(mover), position.marks(mover.opponent()));
        Some(Evaluator::squash(sum))
    }

    /// Whether a search stopped at the limit since the last call (its value is then an
    /// estimate, unless a win or loss was proven within the limit).
    pub fn take_reached(&mut self) -> bool {
        std::mem::take(&mut self.reached)
    }
}

/// A heuristic value of a move for the side making it, from a search `depth` plies deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// In `-ESTIMATE_SCALE..=ESTIMATE_SCALE`; positive favours the side making the move.
    pub value: i32,
    /// Plies searched, the move itself included.
    pub depth: u32,
}

impl Estimate {
    /// The value on the scale shown to users, strictly between -1 and +1.
    pub fn fraction(&self) -> f64 {
        f64::from(self.value) / f64::from(ESTIMATE_SCALE)
    }

    /// `≈+0.35`: the value alone, as a score column shows it.
    pub fn short(&self) -> String {
        approximately(self.fraction())
    }
}

/// `≈+0.35`, `≈-1.00`: a heuristic fraction, never to be mistaken for an exact score.
pub fn approximately(fraction: f64) -> String {
    format!("≈{fraction:+.2}")
}

impl fmt::Display for Estimate {
    /// `≈ +0.35 (depth 7)`: never to be mistaken for an exact score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "≈ {:+.2} (depth {})", self.fraction(), self.depth)
    }
}
