//! The search algorithms a user can choose, by name.

use std::fmt;
use std::str::FromStr;

/// The search algorithms a user can choose (docs/algorithms.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Textbook minimax: no pruning, cells in row-major order.
    Minimax,
    /// Plain alpha-beta, same order, no other tricks.
    AlphaBeta,
    /// The fastest exact search tictree has: the `Solver` of `search/solver/` (the product calls
    /// this algorithm "engine"; the Rust type that runs it is the solver).
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
