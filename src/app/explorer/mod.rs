//! The tree explorer: a line of hypothetical moves below the position on the board, the move
//! selected at each level, and the analyses of the positions explored so far.
//!
//! Selections are moves, not row numbers: live results reorder the lists while they arrive, and
//! the highlighted row must stay the move that Enter or → acts on.

pub(in crate::app) mod update;

use crate::app::play::search_view::SearchView;
use crate::engine::{Move, MoveAppraisal, Position};
use std::collections::{HashMap, VecDeque};

/// Positions whose analyses the explorer keeps; the oldest is forgotten beyond this.
pub const CACHE_CAPACITY: usize = 256;

/// Where the explorer stands.
#[derive(Clone, Debug, Default)]
pub struct Explorer {
    /// Moves from the position on the board to the explored one (empty: the board itself).
    pub line: Vec<Move>,
    /// The selected move at each level: `selected[i]` belongs to the position after `line[..i]`.
    /// `None`: the first (best) move of the list, whatever it is when the list fills in.
    pub selected: Vec<Option<Move>>,
    /// How many plies of the selected move's principal variation `v` has played out on the preview.
    pub pv_shown: usize,
}

impl Explorer {
    /// The selection at the current level.
    pub fn selection(&self) -> Option<Move> {
        self.selected.get(self.line.len()).copied().flatten()
    }

    /// Selects a move at the current level (and forgets the principal variation shown).
    pub fn select(&mut self, mv: Option<Move>) {
        self.selected.resize(self.line.len() + 1, None);
        let level = self.line.len();
        self.selected[level] = mv;
        self.pv_shown = 0;
    }

    /// Goes one level down, through `mv`.
    pub fn expand(&mut self, mv: Move) {
        self.select(Some(mv));
        self.line.push(mv);
        self.selected.truncate(self.line.len());
        self.selected.push(None);
        self.pv_shown = 0;
    }

    /// Goes one level up; the move it came through stays selected. False at the top.
    pub fn collapse(&mut self) -> bool {
        if self.line.pop().is_none() {
            return false;
        }
        self.selected.truncate(self.line.len() + 1);
        self.pv_shown = 0;
        true
    }

    /// Back to the position on the board, keeping the selection there.
    pub fn reset(&mut self) {
        let top = self.selected.first().copied().flatten();
        *self = Explorer::default();
        self.selected.push(top);
    }
}

/// The move a selection stands for in a best-first list: the selected move if the list has it,
/// else the list's first.
pub fn resolve(selection: Option<Move>, moves: &[MoveAppraisal]) -> Option<Move> {
    selection
        .filter(|mv| moves.iter().any(|m| m.mv == *mv))
        .or_else(|| moves.first().map(|m| m.mv))
}

/// The analyses of explored positions, keyed by position (an analysis does not depend on how the
/// position was reached), the oldest forgotten first once `CACHE_CAPACITY` is reached.
#[derive(Clone, Debug, Default)]
pub struct Analyses {
    views: HashMap<Position, SearchView>,
    order: VecDeque<Position>,
}

impl Analyses {
    /// The analysis of a position, as far as it has got.
    pub fn get(&self, position: &Position) -> Option<&SearchView> {
        self.views.get(position)
    }

    /// The analysis of a position, to update with a result.
    pub fn get_mut(&mut self, position: &Position) -> Option<&mut SearchView> {
        self.views.get_mut(position)
    }

    /// Starts keeping a position's analysis, forgetting the oldest beyond capacity.
    pub fn insert(&mut self, view: SearchView) {
        let position = view.position;
        if self.views.insert(position, view).is_none() {
            self.order.push_back(position);
        }
        while self.order.len() > CACHE_CAPACITY {
            if let Some(old) = self.order.pop_front() {
                self.views.remove(&old);
            }
        }
    }

    /// Forgets a position's analysis (an interrupted one, to be asked for again).
    pub fn remove(&mut self, position: &Position) {
        if self.views.remove(position).is_some() {
            self.order.retain(|p| p != position);
        }
    }

    /// Forgets everything (the algorithm or the budget changed).
    pub fn clear(&mut self) {
        self.views.clear();
        self.order.clear();
    }

    /// How many positions are kept.
    pub fn len(&self) -> usize {
        self.views.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.views.is_empty()
    }
}
