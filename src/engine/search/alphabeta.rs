//! Plain alpha-beta (negamax form): minimax's order, plus cutoffs and nothing else.

use super::tree::{children_in_cell_order, terminal_value};
use crate::engine::game::position::Position;
use crate::engine::game::score::INFINITY;
use crate::engine::search::estimate::DepthLimit;
use crate::engine::search::pv::PvTable;
use crate::engine::search::{Cancelled, Line, SearchStats, Searcher, StopFlag};

/// Alpha-beta without transposition table or move ordering.
pub struct AlphaBeta {
    stop: StopFlag,
    stats: SearchStats,
    pv: PvTable,
    /// Where the search stops and evaluates instead (`None`: at the end of the game).
    limit: Option<DepthLimit>,
}

impl AlphaBeta {
    /// A searcher that gives up when `stop` is raised.
    pub fn new(stop: StopFlag) -> AlphaBeta {
        AlphaBeta {
            stop,
            stats: SearchStats::default(),
            pv: PvTable::default(),
            limit: None,
        }
    }

    /// A searcher that stops at `limit` and evaluates there.
    pub fn to_depth(stop: StopFlag, limit: DepthLimit) -> AlphaBeta {
        AlphaBeta {
            limit: Some(limit),
            ..AlphaBeta::new(stop)
        }
    }

    /// Whether the searches since the last call stopped at the depth limit anywhere.
    pub fn take_reached(&mut self) -> bool {
        self.limit.as_mut().is_some_and(DepthLimit::take_reached)
    }

    fn value(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        depth: usize,
    ) -> Result<i32, Cancelled> {
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
            let value = -self.value(&child, -beta, -alpha, depth + 1)?;
            if value > best {
                best = value;
                self.pv.update(depth, mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                self.stats.cutoffs += 1;
                break;
            }
        }
        Ok(best)
    }
}

impl Searcher for AlphaBeta {
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<Line, Cancelled> {
        let value = self.value(position, alpha, beta, 0)?;
        Ok(Line {
            value,
            pv: self.pv.line(0).to_vec(),
        })
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}
