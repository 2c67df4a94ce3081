//! The questions a caller asks of a position, answered with the searches:
//!
//! - `analyze` (exact.rs): the exact score of every legal move, an `Analysis`.
//! - `analyze_within` (budgeted.rs): the same under a `Budget`, an `Appraisal` whose move values
//!   are exact where the budget allowed and marked estimates elsewhere.
//! - `settle` (settle.rs): carries an `Appraisal` on past its budget until every move is exact.
//! - `solve` (solve.rs): the value of the position itself, a `Solution`, with the solver's counters.
//! - `compare` (compare.rs): each algorithm's per-move analysis of one position, side by side.
//! - `review` (review.rs): a game's moves judged against the best move of each position.

pub mod appraisal;
pub mod book_build;
pub mod budget;
pub mod budgeted;
pub mod compare;
pub mod exact;
mod node_share;
mod parallel;
pub mod review;
pub mod scorer;
pub mod settle;
pub mod solve;
