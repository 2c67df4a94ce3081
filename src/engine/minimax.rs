//! Textbook minimax (negamax form): every child of every node, cells in row-major order.

use super::position::{Move, Position};
use super::pv::PvTable;
use super::score::{INFINITY, lost_at};
use super::search::{Cancelled, Line, SearchStats, Searcher, StopFlag};

/// Plain minimax; ignores the window it is given, so every value is exact.
pub struct Minimax {
    stop: StopFlag,
    stats: SearchStats,
    pv: PvTable,
}

impl Minimax {
    /// A searcher that gives up when `stop` is raised.
    pub fn new(stop: StopFlag) -> Minimax {
        Minimax {
            stop,
            stats: SearchStats::default(),
            pv: PvTable::default(),
        }
    }

    fn value(&mut self, position: &Position, depth: usize) -> Result<i32, Cancelled> {
        self.stop.check()?;
        self.pv.clear(depth);
        self.stats.depth = self.stats.depth.max(depth as u32);
        if let Some(value) = terminal_value(position) {
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

/// The legal moves of an unfinished game and their positions, in the textbook order: cells
/// row-major from the top-left (with gravity, the columns left to right).
pub(crate) fn children_in_cell_order(
    position: &Position,
) -> impl Iterator<Item = (Move, Position)> + '_ {
    let layout = position.layout();
    let playable = layout.playable(position.occupied());
    (0..position.rules().cells()).filter_map(move |cell| {
        let bit = layout.bit(cell);
        (playable & bit != 0).then(|| (Move(cell as u8), position.play_bit(bit)))
    })
}

/// The value of a finished game for its side to move, or `None` while it goes on. Only the side
/// that just moved can have completed a line.
pub(crate) fn terminal_value(position: &Position) -> Option<i32> {
    let layout = position.layout();
    if layout.has_line(position.marks(position.to_move().opponent())) {
        Some(lost_at(position.ply()))
    } else if position.occupied() == layout.full {
        Some(0)
    } else {
        None
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
