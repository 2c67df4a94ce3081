//! The game and its search: rules, positions, scores and the algorithms. No UI, no I/O, no threads:
//! callers decide where a search runs and stop it through a `StopFlag`.

pub mod alphabeta;
pub mod analysis;
pub mod appraisal;
pub mod budget;
pub mod estimate;
pub mod layout;
pub mod minimax;
pub mod notation;
pub mod position;
mod pv;
pub mod replay;
pub mod rules;
pub mod score;
pub mod search;
pub mod solve;
pub mod solver;
pub mod within;

pub use analysis::{Analysis, MoveAnalysis, analyze, analyze_with_table};
pub use appraisal::{Appraisal, MoveAppraisal, MoveValue};
pub use budget::Budget;
pub use estimate::Estimate;
pub use notation::NotationError;
pub use position::{IllegalMove, Move, Player, Position, Status};
pub use replay::{Counters, Event, EventKind, Level, Replay, ReplayLimits, ReplayValue};
pub use rules::{Rules, RulesError};
pub use score::{Outcome, Score};
pub use search::{Algorithm, Cancelled, SearchStats, Searcher, StopFlag};
pub use within::analyze_within;
