//! The `engine` algorithm: alpha-beta with a transposition table, symmetry, move ordering and
//! threat detection. It returns the same exact values as minimax, in far fewer nodes.

mod symmetry;
mod table;

use crate::engine::layout::{Bits, Layout};
use crate::engine::minimax::terminal_value;
use crate::engine::position::{Move, Position};
use crate::engine::score::{INFINITY, WIN, lost_at};
use crate::engine::search::{Cancelled, Line, SearchStats, Searcher, StopFlag};
use symmetry::Symmetries;
use table::TranspositionTable;

/// The exact solver behind the default algorithm.
pub struct Engine {
    layout: &'static Layout,
    stop: StopFlag,
    stats: SearchStats,
    table: TranspositionTable,
    symmetries: Symmetries,
    /// Bits in the order moves are tried: cells on more potential lines first (the centre).
    order: Vec<Bits>,
    root_ply: u32,
}

impl Engine {
    /// A solver for one game's positions that gives up when `stop` is raised.
    pub fn new(layout: &'static Layout, stop: StopFlag) -> Engine {
        Engine {
            layout,
            stop,
            stats: SearchStats::default(),
            table: TranspositionTable::default(),
            symmetries: Symmetries::of(layout),
            order: move_order(layout),
            root_ply: 0,
        }
    }

    /// Cells where `marks` would complete a line with one more mark, among `playable`.
    fn winning_cells(&self, marks: Bits, playable: Bits) -> Bits {
        Layout::bits(playable)
            .filter(|&bit| self.layout.has_line(marks | bit))
            .fold(0, |acc, bit| acc | bit)
    }

    fn value(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Cancelled> {
        self.stop.check()?;
        let ply = position.ply();
        self.stats.depth = self.stats.depth.max(ply - self.root_ply);
        if let Some(value) = terminal_value(position) {
            return Ok(value);
        }
        let me = position.marks(position.to_move());
        let them = position.marks(position.to_move().opponent());
        let playable = self.layout.playable(position.occupied());
        if self.winning_cells(me, playable) != 0 {
            self.stats.nodes += 1;
            return Ok(-lost_at(ply + 1));
        }
        let threats = self.winning_cells(them, playable);
        let candidates = match threats.count_ones() {
            0 => playable,
            1 => threats,
            _ => {
                // Two threats: whichever we block, the other wins.
                self.stats.nodes += 1;
                return Ok(lost_at(ply + 2));
            }
        };
        // No win is possible before our next-but-one move, nor a loss before the opponent's next.
        beta = beta.min(WIN - (ply + 3) as i32);
        alpha = alpha.max(lost_at(ply + 2));
        if alpha >= beta {
            return Ok(beta);
        }
        let key = self.symmetries.canonical(
            position.marks(crate::engine::Player::X),
            position.marks(crate::engine::Player::O),
        );
        if let Some(bounds) = self.table.get(key) {
            if bounds.lower >= beta || bounds.upper <= alpha || bounds.lower == bounds.upper {
                self.stats.tt_hits += 1;
                return Ok(if bounds.lower >= beta {
                    bounds.lower
                } else {
                    bounds.upper
                });
            }
            alpha = alpha.max(bounds.lower);
            beta = beta.min(bounds.upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = -INFINITY;
        for index in 0..self.order.len() {
            let bit = self.order[index];
            if candidates & bit == 0 {
                continue;
            }
            self.stats.nodes += 1;
            let value = -self.value(&position.play_bit(bit), -beta, -alpha)?;
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                self.stats.cutoffs += 1;
                break;
            }
        }
        self.table.store(key, alpha0, beta0, best);
        Ok(best)
    }

    /// The best line from a position whose exact value is known, found by asking, move by move,
    /// which child has exactly the value that continues it. Not counted in the statistics.
    fn principal_variation(
        &mut self,
        position: &Position,
        value: i32,
    ) -> Result<Vec<Move>, Cancelled> {
        let saved = self.stats;
        let mut line = Vec::new();
        let (mut position, mut value) = (*position, value);
        while terminal_value(&position).is_none() {
            let playable = self.layout.playable(position.occupied());
            let mut next = None;
            for index in 0..self.order.len() {
                let bit = self.order[index];
                if playable & bit == 0 {
                    continue;
                }
                let child = position.play_bit(bit);
                if -self.value(&child, -value - 1, -value + 1)? == value {
                    next = Some((bit, child));
                    break;
                }
            }
            let Some((bit, child)) = next else { break };
            line.push(Move(self.layout.cell_of(bit) as u8));
            position = child;
            value = -value;
        }
        self.stats = saved;
        Ok(line)
    }
}

/// Cells sorted by how many potential lines pass through them, most first; ties in cell order.
fn move_order(layout: &Layout) -> Vec<Bits> {
    let cells = layout.rules.cells();
    let k = u32::from(layout.rules.k);
    let mut weighted: Vec<(usize, Bits)> = (0..cells)
        .map(|cell| {
            let bit = layout.bit(cell);
            let mut lines = 0;
            for &d in &layout.directions {
                for offset in 0..k {
                    // A line of k starting `offset` steps before this cell, inside the board.
                    let start = bit.checked_shr(offset * d).unwrap_or(0);
                    let cells_of_line =
                        (0..k).fold(0, |acc, i| acc | start.checked_shl(i * d).unwrap_or(0));
                    if start != 0
                        && cells_of_line.count_ones() == k
                        && cells_of_line & !layout.full == 0
                    {
                        lines += 1;
                    }
                }
            }
            (lines, bit)
        })
        .collect();
    weighted.sort_by_key(|&(lines, _)| std::cmp::Reverse(lines));
    weighted.into_iter().map(|(_, bit)| bit).collect()
}

impl Searcher for Engine {
    fn search(&mut self, position: &Position, alpha: i32, beta: i32) -> Result<Line, Cancelled> {
        self.root_ply = position.ply();
        let value = self.value(position, alpha, beta)?;
        let pv = if alpha < value && value < beta {
            self.principal_variation(position, value)?
        } else {
            Vec::new()
        };
        Ok(Line { value, pv })
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}
