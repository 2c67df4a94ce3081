//! The game and its search: rules, positions, scores and the algorithms. No UI, no I/O, and no
//! thread that outlives a call: callers decide where a search runs and stop it through a
//! `StopFlag`; a search asked to use several threads starts scoped ones and joins them before it
//! returns.
//!
//! Three layers, each using only the ones above it:
//! - `game`: the rules, positions, notation and scores (docs/engine.md, "The game").
//! - `book`: opening books, the exact values of the first plies' positions (format and lookup).
//! - `search`: the algorithms that walk the game tree (minimax, alpha-beta, the exact solver, the
//!   heuristic horizon search, the step-by-step replay) and what they share.
//! - `analysis`: what callers ask of a position (per-move analysis, exact or within a budget;
//!   solving; comparing the algorithms).
//! - `quiz`: questions on real positions, answered by the exact engine and the replayed search.
//! - `player`: how an AI of each skill level picks its move.

pub mod analysis;
pub mod book;
pub mod game;
pub mod quiz;
pub mod search;
pub mod skill;

pub use analysis::appraisal::{Appraisal, MoveAppraisal, MoveValue};
pub use analysis::budget::Budget;
pub use analysis::budgeted::{analyze_within, analyze_within_table};
pub use analysis::compare::{CompareRow, Reach, Unfinished, compare, default_reach};
pub use analysis::exact::{Analysis, analyze, analyze_parallel, analyze_with_table};
pub use analysis::review::{Judgement, MoveReview, ReviewEvent, ReviewSearch, Verdict, review};
pub use analysis::scorer::{MoveAnalysis, Table};
pub use analysis::settle::settle;
pub use game::notation::NotationError;
pub use game::position::{IllegalMove, Move, Player, Position, Status};
pub use game::rules::{Rules, RulesError};
pub use game::score::{Outcome, Score};
pub use search::estimate::Estimate;
pub use search::replay::{
    Child, Counters, Event, EventKind, Level, Replay, ReplayLimits, ReplayValue, Seek, View,
};
pub use search::solver::Solver;
pub use search::{
    Algorithm, Cancelled, Narrowing, Phase, SearchProgress, SearchStats, Searcher, StopFlag,
};
pub use skill::Skill;
