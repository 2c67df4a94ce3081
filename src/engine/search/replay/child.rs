//! What a node knows about each of its children while it is on the replay's stack: the children
//! view shows it, so a student sees which replies were searched, with which value, which one is
//! being searched, which wait their turn, and which a cutoff pruned.

use super::event::{Bound, ReplayValue};

/// One child of a node on the stack, in the node's search order (`Replay::moves_of`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// Not searched yet.
    NotYet,
    /// On the path: being searched now.
    Searching,
    /// Searched: its value for the parent's side to move.
    Done {
        /// The value the child returned, for the parent's side to move (negamax).
        value: ReplayValue,
        /// Whether `value` is the child's value or a bound on it, for the parent's side to move:
        /// a child cut off is worth at most its value to the parent (`Upper`).
        bound: Bound,
        /// Whether the transposition table gave it without a search (the engine model).
        table: bool,
    },
    /// Skipped by a cutoff: the parent stopped before trying it.
    Pruned,
}

impl Child {
    /// The child's value, once searched.
    pub fn value(self) -> Option<ReplayValue> {
        match self {
            Child::Done { value, .. } => Some(value),
            _ => None,
        }
    }
}
