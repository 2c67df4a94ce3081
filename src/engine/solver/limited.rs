//! The depth-limited search for positions too big to solve in the time allowed: the same moves and
//! pruning as the exact search, a heuristic value at the horizon. Decisive values it returns are
//! still exact (every shorter line was searched); other values are estimates unless no line was
//! cut short (`Solver::cut`).

use super::bitboard::Bitboard;
use super::negamax::{STOP_INTERVAL, Solver};
use super::sorter::MoveSorter;
use crate::engine::score::{INFINITY, WIN, lost_at};
use crate::engine::search::Cancelled;

/// Largest heuristic value: well inside the gap between a draw (0) and the smallest decisive value
/// (`WIN - cells`), so estimates never pass for wins or losses.
pub const HEURISTIC_MAX: i32 = 400;

impl<B: Bitboard> Solver<B> {
    /// The value of any position searched `depth` plies deep, within `(alpha, beta)`, fail-soft.
    pub fn limited(
        &mut self,
        me: B,
        them: B,
        ply: u32,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let g = &self.geometry;
        let occupied = me | them;
        if g.has_line(them) {
            return Ok(lost_at(ply));
        }
        if occupied == g.full {
            return Ok(0);
        }
        if g.winning_cells(me, occupied) & g.playable(occupied) != B::ZERO {
            self.stats.nodes += 1;
            return Ok(WIN - (ply + 1) as i32);
        }
        self.limited_node(me, them, ply, depth, alpha, beta)
    }

    fn limited_node(
        &mut self,
        me: B,
        them: B,
        ply: u32,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Cancelled> {
        self.explored += 1;
        if self.explored.is_multiple_of(STOP_INTERVAL) {
            self.check()?;
        }
        self.stats.depth = self.stats.depth.max(ply - self.root_ply);
        let moves = match self.candidates(me, them, ply, &mut alpha, &mut beta) {
            Ok(moves) => moves,
            Err(value) => return Ok(value),
        };
        if depth == 0 {
            self.cut = true;
            return Ok(self.evaluate(me, them));
        }
        let occupied = me | them;
        let mut sorter = MoveSorter::default();
        self.sort_into(&mut sorter, me, occupied, moves);
        let mut best = -INFINITY;
        while let Some(index) = sorter.pop_best() {
            let bit = B::ONE.shl(index);
            self.stats.nodes += 1;
            let value = -self.limited_node(them, me | bit, ply + 1, depth - 1, -beta, -alpha)?;
            best = best.max(value);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
            }
        }
        Ok(best)
    }

    /// A static guess for the side to move, in `-HEURISTIC_MAX..=HEURISTIC_MAX`: marks on lines
    /// still open to their owner, and cells that would complete a line, weigh for their side.
    fn evaluate(&self, me: B, them: B) -> i32 {
        let g = &self.geometry;
        let occupied = me | them;
        let open = g.open_marks(me, them) as i32 - g.open_marks(them, me) as i32;
        let threats = g.winning_cells(me, occupied).count() as i32
            - g.winning_cells(them, occupied).count() as i32;
        (4 * open + 40 * threats).clamp(-HEURISTIC_MAX, HEURISTIC_MAX)
    }
}
