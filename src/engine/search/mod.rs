//! The searches: textbook minimax, plain alpha-beta, the tuned exact solver (`engine`), the
//! heuristic depth-limited search behind estimates, and the step-by-step replay. What they share
//! lives here too: the algorithm names, stopping, statistics, and the `Searcher` interface.

mod algorithm;
pub mod alphabeta;
pub mod estimate;
pub mod minimax;
mod progress;
mod pv;
pub mod replay;
mod searcher;
pub mod solver;
mod stop;
pub(crate) mod tree;

pub use algorithm::Algorithm;
pub use progress::{Narrowing, Phase, SearchProgress};
pub use searcher::{Line, SearchStats, Searcher};
pub use stop::{Cancelled, StopFlag};
