//! Textbook minimax (negamax form): every child of every node, cells in row-major order.

use super::tree::{children_in_cell_order, terminal_value};
use crate::engine::game::position::Position;
use crate::engine::game::score::INFINITY;
use crate::engine::search::estimate::DepthLimit;
use crate::engine::search::pv::PvTable;
use crate::engine::search::{Cancelled, Line, SearchStats, Searcher, StopFlag};

/// Plain minimax; ignores the window it is given, so every value is exact.
pub struct Minimax {
    stop: StopFlag,
    stats: SearchStats,
    pv: PvTable,
    /// Where the search stops and evaluates instead (`None`: at the end of the game).
    limit: Option<DepthLimit>,
}

impl Minimax {
    /// A searcher that gives up when `stop` is raised.
    pub fn new(stop: StopFlag) -> Minimax {
        Minimax {
            stop,
            stats: SearchStats::default(),
            pv: PvTable::default(),
            limit: None,
        }
    }

    /// A searcher that stops at `limit` and evaluates there.
    pub fn to_depth(stop: StopFlag, limit: DepthLimit) -> Minimax {
        Minimax {
            limit: Some(limit),
            ..Minimax::new(stop)
        }
    }

    /// Whether the searches since the last call stopped at the depth limit anywhere.
    pub fn take_reached(&mut self) -> bool {
        self.limit.as_mut().is_some_and(DepthLimit::take_reached)
    }

    fn value(&mut self, position: &Position, depth: usize) -> Result<i32, Cancelled> {
        self.stop.check()?;
        self.pv.clear(depth);
        self.stats.depth = self.stats.depth.max(depth as u32);
        if let Some(value) = terminal_value(position) {
            return Ok(value);
        }
        if let Some(value) = self.limit.as_mut().and_then(|l| l.cut(position, depth)) {
            return Ok(value);
        }
        let mut best = -INFINITY;
        for (mv, child) in children_in_cell_order(position) {
            self.stats.nodes += 1;
            let value = -self.value(&child, depth + 1)?;
            if value > best {
                best = value;
                self.pv.update(depth, mv);
            }
        }
        Ok(best)
    }
}

impl Searcher for Minimax {
    fn search(&mut self, position: &Position, _alpha: i32, _beta: i32) -> Result<Line, Cancelled> {
        let value = self.value(position, 0)?;
        Ok(Line {
            value,
            pv: self.pv.line(0).to_vec(),
        })
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}
