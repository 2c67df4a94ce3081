//! Estimates: what a depth-limited search says about a move it could not solve. A static
//! evaluation of open lines (eval.rs) scores the positions at the search horizon, and an
//! alpha-beta search (horizon.rs) backs those scores up, depth by depth.

mod eval;
mod horizon;

pub use eval::Evaluator;
pub use horizon::{Found, Horizon};

use std::fmt;

/// The largest heuristic value. Decisive values are at least `WIN - cells` (936 on 8×8), so a
/// value above this bound is a proven win or loss, never a guess.
pub const ESTIMATE_SCALE: i32 = 900;

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
