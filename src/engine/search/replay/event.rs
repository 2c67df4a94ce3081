//! What one step of a replay reports: values on one scale for exact scores, estimates and the
//! infinite window, short move lists without allocation, and the events themselves.

use crate::engine::game::position::{Move, Player};
use crate::engine::game::score::signed;
use crate::engine::search::estimate::{ESTIMATE_SCALE, approximately};
use std::fmt;
use std::ops::{Deref, Neg};

/// One exact point of score on the key scale: estimates (|key| < `ESTIMATE_SCALE`) then fit
/// strictly between the exact draw (0) and the smallest decisive scores (±2 × `EXACT`).
const EXACT: i32 = 1000;
/// Beyond every score and estimate: the open ends of the first window.
const INFINITE: i32 = i32::MAX / 2;

/// A value in the replay, for the side to move at some node: an exact depth-aware score measured
/// from the replay's root (docs/algorithms.md), a heuristic estimate, or an end of the open window.
///
/// Values are compared by `key()`, which orders all three kinds correctly; the estimate flag only
/// says how the value was found (a draw and an estimate of 0 have the same key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReplayValue {
    key: i32,
    estimate: bool,
}

impl ReplayValue {
    /// Above every value: the initial β.
    pub const INFINITY: ReplayValue = ReplayValue {
        key: INFINITE,
        estimate: false,
    };
    /// Below every value: the initial α and the best of a node before its first child returns.
    pub const NEG_INFINITY: ReplayValue = ReplayValue {
        key: -INFINITE,
        estimate: false,
    };

    /// An exact depth-aware score (`+10` = a win at once on 3×3).
    pub fn exact(score: i32) -> ReplayValue {
        ReplayValue {
            key: score * EXACT,
            estimate: false,
        }
    }

    /// A heuristic value of the evaluator, in `-ESTIMATE_SCALE..ESTIMATE_SCALE`.
    pub fn estimate(value: i32) -> ReplayValue {
        ReplayValue {
            key: value.clamp(-(ESTIMATE_SCALE - 1), ESTIMATE_SCALE - 1),
            estimate: true,
        }
    }

    /// The ordering key: larger is better for the side the value belongs to.
    pub fn key(self) -> i32 {
        self.key
    }

    /// Whether this is a heuristic value rather than a proven one.
    pub fn is_estimate(self) -> bool {
        self.estimate
    }

    /// Whether this is an open end of a window (±∞).
    pub fn is_infinite(self) -> bool {
        self.key.abs() == INFINITE
    }

    /// The exact depth-aware score, if the value is one.
    pub fn score(self) -> Option<i32> {
        (!self.estimate && !self.is_infinite()).then_some(self.key / EXACT)
    }

    /// The estimate as a fraction strictly between -1 and 1, if the value is one.
    pub fn fraction(self) -> Option<f64> {
        self.estimate
            .then(|| f64::from(self.key) / f64::from(ESTIMATE_SCALE))
    }

    /// The larger of two values (the first on a tie), as a search keeps its best.
    pub fn max(self, other: ReplayValue) -> ReplayValue {
        if other.key > self.key { other } else { self }
    }
}

impl Neg for ReplayValue {
    type Output = ReplayValue;

    /// The same value from the other side's point of view (negamax).
    fn neg(self) -> ReplayValue {
        ReplayValue {
            key: -self.key,
            estimate: self.estimate,
        }
    }
}

impl fmt::Display for ReplayValue {
    /// `+10`, `-9`, `0`, `≈+0.35`, `+∞`, `-∞`: the exact scores and estimates as everywhere else.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if self.is_infinite() {
            (if self.key < 0 { "-∞" } else { "+∞" }).to_string()
        } else if let Some(fraction) = self.fraction() {
            approximately(fraction)
        } else {
            signed(self.key / EXACT)
        };
        f.pad(&text)
    }
}

/// Up to 64 moves (a path from the root, the moves a cutoff pruned) without a heap allocation,
/// so that stepping costs no allocation and a checkpoint stays small.
#[derive(Clone, Copy)]
pub struct MoveList {
    len: u8,
    moves: [Move; 64],
}

impl MoveList {
    /// No moves.
    pub const EMPTY: MoveList = MoveList {
        len: 0,
        moves: [Move(0); 64],
    };

    /// A copy of `moves` (at most 64: the largest board has 64 cells).
    pub fn from_slice(moves: &[Move]) -> MoveList {
        let mut list = MoveList::EMPTY;
        for &mv in moves.iter().take(64) {
            list.push(mv);
        }
        list
    }

    /// Appends a move (ignored beyond 64, which no board reaches).
    pub fn push(&mut self, mv: Move) {
        if usize::from(self.len) < self.moves.len() {
            self.moves[usize::from(self.len)] = mv;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..usize::from(self.len)]
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// What a transposition-table entry knows about a position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value itself.
    Exact,
    /// The value is at least this (the search that stored it failed high).
    Lower,
    /// The value is at most this (the search that stored it failed low).
    Upper,
}

impl Bound {
    /// `exact`, `lower` or `upper`, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// How a value with this bound reads in a sentence: `""`, `"at least "`, `"at most "`.
    pub fn words(self) -> &'static str {
        match self {
            Bound::Exact => "",
            Bound::Lower => "at least ",
            Bound::Upper => "at most ",
        }
    }

    /// How a value with this bound reads in a list or a picture: `""`, `"≥"`, `"≤"`.
    pub fn sign(self) -> &'static str {
        match self {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        }
    }

    /// The same bound from the other side's point of view: a lower bound for O is an upper
    /// bound for X.
    pub fn flipped(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
}

/// Where a bound of a node's window came from: the move that set it at a node of the path (the
/// node itself or an ancestor), with its value for the side that chose it; or the transposition
/// table; or nowhere yet (the open window, ±∞).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Nothing has set it: the bound is still ±∞.
    Open,
    /// `player`, choosing at `ply`, found `mv` worth `value` (for `player`).
    Move {
        /// Plies below the root of the node where the choice was made.
        ply: u32,
        /// Who chose there.
        player: Player,
        /// The move.
        mv: Move,
        /// Its value for `player`.
        value: ReplayValue,
    },
    /// The transposition table's entry for the node at `ply` narrowed it (the engine model).
    Table {
        /// Plies below the root of the node looked up.
        ply: u32,
    },
}

/// Why a node is a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafKind {
    /// This side has just completed a line.
    Won(Player),
    /// The board is full without a line.
    Draw,
    /// The depth budget: the evaluator estimates the position.
    Horizon,
}

/// What happened in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A child is entered (a node counted): `player` played `mv`; the child's window, for its
    /// side to move.
    Enter {
        /// The move into the child.
        mv: Move,
        /// Who played it.
        player: Player,
        /// α at the child (its side to move's point of view).
        alpha: ReplayValue,
        /// β at the child.
        beta: ReplayValue,
        /// Where α came from.
        alpha_from: Origin,
        /// Where β came from.
        beta_from: Origin,
    },
    /// The node is a finished game or lies at the depth budget: its value.
    Leaf {
        /// The value for the node's side to move.
        value: ReplayValue,
        /// Why the node is a leaf.
        kind: LeafKind,
    },
    /// The node is left with its final value; the parent's state after taking it into account.
    Return {
        /// The move that led into the node.
        mv: Move,
        /// The node's value, for the node's side to move.
        value: ReplayValue,
        /// Whether `value` is the node's value or a bound on it: a node whose search stopped at
        /// a cutoff is worth at least its value (`Lower`); one whose moves all stayed at or
        /// below α, its best refuted by a cutoff below it, at most (`Upper`).
        bound: Bound,
        /// Whether a table hit gave the node its value (the engine model).
        from_table: bool,
        /// Whether the node's search stopped at the bound a table entry had set on its window,
        /// which makes the value exact: at most it by the search, at least it by the table (or
        /// the other way round).
        table_met: bool,
        /// The parent's best so far afterwards, for the parent's side to move.
        parent_best: ReplayValue,
        /// Whether the node's move became the parent's best move.
        new_best: bool,
        /// Whether it raised the parent's α.
        raised_alpha: bool,
        /// The parent's α afterwards.
        parent_alpha: ReplayValue,
        /// The parent's β.
        parent_beta: ReplayValue,
    },
    /// A reply reached β: the node stops and its remaining moves are pruned.
    Cutoff {
        /// The reply that reached β.
        mv: Move,
        /// The node's value now, for its side to move (≥ β).
        value: ReplayValue,
        /// Whether the reply is worth `value` or at least that (`Lower`: its own search stopped
        /// early, as in `Return`).
        bound: Bound,
        /// The bound it crossed.
        beta: ReplayValue,
        /// Where β came from: the opponent's better choice higher up that refutes this line.
        beta_from: Origin,
        /// The moves not searched, in the order they would have been tried.
        pruned: MoveList,
    },
    /// The engine model's transposition table knew enough to end the node or narrow its window.
    TtHit {
        /// The stored value, for the node's side to move.
        value: ReplayValue,
        /// What the stored value is.
        bound: Bound,
        /// Whether the node ends here (otherwise its window was narrowed).
        ended: bool,
        /// α afterwards.
        alpha: ReplayValue,
        /// β afterwards.
        beta: ReplayValue,
    },
}

/// One step of a replay: where it happened and what happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// Plies below the root of the node the event is about (0 = the root).
    pub ply: u32,
    /// The moves from the root to that node.
    pub path: MoveList,
    /// The side to move at that node: every `value` of the event is from its point of view,
    /// except a return's parent fields (the parent's side).
    pub to_move: Player,
    /// What happened.
    pub kind: EventKind,
}

impl Event {
    /// `enter`, `leaf`, `return`, `cutoff` or `tt_hit`, as in the JSON.
    pub fn name(&self) -> &'static str {
        match self.kind {
            EventKind::Enter { .. } => "enter",
            EventKind::Leaf { .. } => "leaf",
            EventKind::Return { .. } => "return",
            EventKind::Cutoff { .. } => "cutoff",
            EventKind::TtHit { .. } => "tt_hit",
        }
    }

    /// The value the event reports for its node, if any.
    pub fn value(&self) -> Option<ReplayValue> {
        match self.kind {
            EventKind::Enter { .. } => None,
            EventKind::Leaf { value, .. }
            | EventKind::Return { value, .. }
            | EventKind::Cutoff { value, .. }
            | EventKind::TtHit { value, .. } => Some(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_losses_estimates_draws_and_wins() {
        let order = [
            ReplayValue::NEG_INFINITY,
            ReplayValue::exact(-10),
            ReplayValue::exact(-2),
            ReplayValue::estimate(-899),
            ReplayValue::exact(0),
            ReplayValue::estimate(315),
            ReplayValue::exact(2),
            ReplayValue::INFINITY,
        ];
        assert!(order.windows(2).all(|w| w[0].key() < w[1].key()));
        let shown: Vec<String> = order.iter().map(|v| v.to_string()).collect();
        assert_eq!(
            shown,
            ["-∞", "-10", "-2", "≈-1.00", "0", "≈+0.35", "+2", "+∞"]
        );
        assert_eq!(-ReplayValue::exact(9), ReplayValue::exact(-9));
        assert_eq!(ReplayValue::exact(-9).score(), Some(-9));
        assert_eq!(ReplayValue::INFINITY.score(), None);
    }
}
