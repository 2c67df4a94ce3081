//! The depth-limited search behind estimates: negamax alpha-beta to a fixed depth, the static
//! evaluation at the horizon, cells ordered by history (cells that caused cutoffs before) then by
//! how many lines pass through them. A node limit is counted exactly, so a node budget gives the
//! same answer on every run.

use super::eval::{ESTIMATE_SCALE, Evaluator};
use crate::engine::game::layout::Bits;
use crate::engine::game::position::{Move, Position};
use crate::engine::game::score::INFINITY;
use crate::engine::search::pv::PvTable;
use crate::engine::search::tree::terminal_value;
use crate::engine::search::{Cancelled, SearchStats, StopFlag};

/// Nodes between two looks at the stop flag.
const STOP_INTERVAL: u64 = 256;

/// What a depth-limited search found out about one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Absolute value for the side making the move: heuristic unless `exact`.
    pub value: i32,
    /// Whether the value is proven: a win or loss within the horizon, or no line reached it.
    pub exact: bool,
    /// Best play starting with the move, as deep as the search went.
    pub pv: Vec<Move>,
    /// Nodes this search generated, the move's own child included.
    pub nodes: u64,
}

/// One cell as the search tries it.
#[derive(Clone, Copy)]
struct Candidate {
    bit: Bits,
    /// The bit's index, where its history credit is kept.
    index: usize,
    mv: Move,
}

/// A depth-limited alpha-beta searcher for the positions of one game.
pub struct Horizon {
    eval: Evaluator,
    /// Every cell, most reaching first: the static move order.
    order: Vec<Candidate>,
    /// Cutoff credit per bit index, learnt across moves and depths.
    history: Vec<u32>,
    stop: StopFlag,
    node_limit: Option<u64>,
    /// Whether the limits apply to the current search (depth 1 always finishes).
    strict: bool,
    horizon_hit: bool,
    pv: PvTable,
    /// Counters since the searcher was made.
    pub stats: SearchStats,
}

impl Horizon {
    /// A searcher for `position`'s game that stops with `stop` or after `node_limit` nodes.
    pub fn new(position: &Position, stop: StopFlag, node_limit: Option<u64>) -> Horizon {
        let layout = position.layout();
        let eval = Evaluator::new(layout);
        let mut cells: Vec<usize> = (0..layout.rules.cells()).collect();
        cells.sort_by_key(|&c| std::cmp::Reverse(eval.reach(c)));
        Horizon {
            order: cells
                .into_iter()
                .map(|cell| Candidate {
                    bit: layout.bit(cell),
                    index: layout.bit(cell).trailing_zeros() as usize,
                    mv: Move(cell as u8),
                })
                .collect(),
            eval,
            history: vec![0; 128],
            stop,
            node_limit,
            strict: true,
            horizon_hit: false,
            pv: PvTable::default(),
            stats: SearchStats::default(),
        }
    }

    /// Searches `mv` of `position` to `depth` plies (the move included). With `strict` false the
    /// search ignores the node limit and the deadline (only a user's stop ends it).
    pub fn search_move(
        &mut self,
        position: &Position,
        mv: Move,
        depth: u32,
        strict: bool,
    ) -> Result<Found, Cancelled> {
        let child = position.play(mv).map_err(|_| Cancelled)?;
        self.strict = strict;
        self.horizon_hit = false;
        let before = self.stats.nodes;
        self.count_node()?;
        let mover = child.to_move();
        let sum = self
            .eval
            .sum(child.marks(mover), child.marks(mover.opponent()));
        let value = -self.negamax(&child, sum, -INFINITY, INFINITY, 0, depth.saturating_sub(1))?;
        let mut pv = vec![mv];
        pv.extend_from_slice(self.pv.line(0));
        Ok(Found {
            value,
            exact: !self.horizon_hit || value.abs() > ESTIMATE_SCALE,
            pv,
            nodes: self.stats.nodes - before,
        })
    }

    /// Replaces the node limit (counted over every search since the searcher was made).
    pub fn set_node_limit(&mut self, node_limit: Option<u64>) {
        self.node_limit = node_limit;
    }

    fn count_node(&mut self) -> Result<(), Cancelled> {
        if self.strict {
            if self
                .node_limit
                .is_some_and(|limit| self.stats.nodes >= limit)
            {
                return Err(Cancelled);
            }
            if self.stats.nodes.is_multiple_of(STOP_INTERVAL) {
                self.stop.check()?;
            }
        }
        self.stats.nodes += 1;
        Ok(())
    }

    /// `ply` counts from the searched move's child (0); `depth` is what is left to search; `sum` is
    /// the evaluation's raw sum for the side to move, kept up to date move by move.
    fn negamax(
        &mut self,
        position: &Position,
        sum: i64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: u32,
    ) -> Result<i32, Cancelled> {
        self.pv.clear(ply);
        self.stats.depth = self.stats.depth.max(ply as u32 + 1);
        if let Some(value) = terminal_value(position) {
            return Ok(value);
        }
        if depth == 0 {
            self.horizon_hit = true;
            return Ok(Evaluator::squash(sum));
        }
        let mover = position.to_move();
        let (me, them) = (position.marks(mover), position.marks(mover.opponent()));
        let layout = position.layout();
        let playable = layout.playable(position.occupied());
        // A fixed array of (history credit, place in the static order) and an insertion sort: no
        // allocation per node. Stable, so equal history keeps the static order.
        let mut moves = [(0u32, 0u8); 64];
        let mut count = 0;
        for (place, candidate) in self.order.iter().enumerate() {
            if playable & candidate.bit == 0 {
                continue;
            }
            let credit = self.history[candidate.index];
            let mut at = count;
            while at > 0 && moves[at - 1].0 < credit {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = (credit, place as u8);
            count += 1;
        }
        let mut best = -INFINITY;
        for &(_, place) in &moves[..count] {
            let Candidate { bit, index, mv } = self.order[usize::from(place)];
            self.count_node()?;
            // The child's sum is for the opponent, who is then to move.
            let child_sum = -(sum + self.eval.gain(me, them, bit));
            let child = position.play_bit(bit);
            let value = -self.negamax(&child, child_sum, -beta, -alpha, ply + 1, depth - 1)?;
            if value > best {
                best = value;
                self.pv.update(ply, mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                self.stats.cutoffs += 1;
                let credit = &mut self.history[index];
                *credit = credit.saturating_add(depth * depth);
                break;
            }
        }
        Ok(best)
    }
}
