//! One node of the replay's explicit stack.

use super::event::{Bound, Origin, ReplayValue};
use crate::engine::game::position::{Move, Position};

/// One node on the path from the root to the current node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The move into this node (`None` at the root).
    pub mv: Option<Move>,
    /// The node's position.
    pub position: Position,
    /// Plies below the root.
    pub ply: u32,
    /// α for the node's side to move (always −∞ at the root, which gives every move a full window).
    pub alpha: ReplayValue,
    /// β for the node's side to move.
    pub beta: ReplayValue,
    /// Where α came from.
    pub alpha_from: Origin,
    /// Where β came from.
    pub beta_from: Origin,
    /// The best value found so far (−∞ before the first child returns), for the side to move.
    pub best: ReplayValue,
    /// The move that gave `best`.
    pub best_move: Option<Move>,
    /// α when the children began: a value at or below it is only an upper bound (TT store).
    pub(crate) window_alpha: ReplayValue,
    /// Whether the node searched children (only those results are worth storing).
    pub(crate) searched: bool,
    /// What the table entry that gave the node its value knew (the children view marks such a
    /// node; a bound entry makes the value a bound).
    pub(crate) from_table: Option<Bound>,
    /// The table entry that narrowed the window without ending the node (engine model): its
    /// bound and value. A search failing at exactly that value meets it (`Machine::leave`).
    pub(crate) narrowed: Option<(Bound, ReplayValue)>,
    /// Whether the best so far is worth at least what it says: a child giving it is not an upper
    /// bound (`Machine::searched_bound`).
    pub(crate) best_sure: bool,
    /// Whether no child so far is worth more than it says (none is a lower bound).
    pub(crate) none_lower: bool,
    /// Whether a cutoff ended the node: its untried moves are pruned.
    pub(crate) cut: bool,
    /// Where the values of its tried children start in the machine.
    pub(crate) values_first: u32,
    /// This node's moves are `moves[first..end]` of the machine; `next` is the next to try.
    pub(crate) first: u32,
    pub(crate) next: u32,
    pub(crate) end: u32,
}

impl Level {
    /// The root: a full window, nothing found yet; its moves come first in the machine.
    pub(crate) fn root(position: Position) -> Level {
        Level {
            mv: None,
            searched: true,
            ..Level::child(
                Move(0),
                position,
                0,
                (ReplayValue::NEG_INFINITY, ReplayValue::INFINITY),
                0,
            )
        }
    }

    /// A child just entered by `mv`, with its window; its moves will start at `first`.
    pub(crate) fn child(
        mv: Move,
        position: Position,
        ply: u32,
        (alpha, beta): (ReplayValue, ReplayValue),
        first: u32,
    ) -> Level {
        Level {
            mv: Some(mv),
            position,
            ply,
            alpha,
            beta,
            alpha_from: Origin::Open,
            beta_from: Origin::Open,
            best: ReplayValue::NEG_INFINITY,
            best_move: None,
            window_alpha: alpha,
            searched: false,
            from_table: None,
            narrowed: None,
            best_sure: false,
            none_lower: true,
            cut: false,
            values_first: 0,
            first,
            next: first,
            end: first,
        }
    }
}
