//! Move generation of the exact search: only "non-losing" moves
//! (Pons' `possibleNonLosingMoves`), only live cells without gravity, in threat order.

use super::bitboard::Bitboard;
use super::negamax::{NO_MOVE, Negamax};
use super::sorter::MAX_PLY;
use crate::engine::game::score::{WIN, lost_at};

impl<B: Bitboard> Negamax<B> {
    /// The moves worth trying for `me` (who cannot win at once), with the opponent's winning cells
    /// (which the ordering needs too), or `Err(value)` when the position's value (or a bound
    /// outside the window, which this narrows) is already known.
    #[inline]
    pub(super) fn candidates<const K: usize, const STRIDE: u32>(
        &self,
        me: B,
        them: B,
        ply: u32,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Result<(B, B), i32> {
        let g = &self.geometry;
        let cells = g.cells;
        let occupied = me | them;
        let playable = g.playable(occupied);
        let their_wins = g.wins::<K, STRIDE>(them, occupied);
        let mut moves = playable;
        let forced = playable & their_wins;
        if forced != B::ZERO {
            if forced != forced.low_bit() {
                return Err(lost_at(ply + 2));
            }
            moves = forced;
        }
        if g.gravity {
            // Playing under an opponent's winning cell hands it over.
            moves &= !their_wins.shr(1);
            if moves == B::ZERO {
                return Err(lost_at(ply + 2));
            }
        } else {
            // A cell on no line either side can still complete changes nothing: an extra mark
            // anywhere else is never worse, so only live cells are tried.
            let empty = g.full & !occupied;
            let mine = g.line_cells(g.full & !them) & empty;
            let theirs = g.line_cells(g.full & !me) & empty;
            if mine | theirs == B::ZERO {
                return Err(0);
            }
            if mine == B::ZERO {
                *beta = (*beta).min(0);
            }
            if theirs == B::ZERO {
                *alpha = (*alpha).max(0);
            }
            if *alpha >= *beta {
                return Err(0);
            }
            moves &= mine | theirs;
        }
        if ply + 2 >= cells {
            // One or two cells left and no immediate win on either side.
            return Err(0);
        }
        // We win at the earliest with our next-but-one mark; they cannot win with their next.
        let max = if ply + 3 <= cells {
            WIN - (ply + 3) as i32
        } else {
            0
        };
        let min = if ply + 4 <= cells {
            lost_at(ply + 4)
        } else {
            0
        };
        if min >= *beta {
            return Err(min);
        }
        if max <= *alpha {
            return Err(max);
        }
        *alpha = (*alpha).max(min);
        *beta = (*beta).min(max);
        Ok((moves, their_wins))
    }

    /// Fills the sorter of ply `ply` with the moves in the order to try them: most winning cells of
    /// our own after the move first (Pons' ordering), with gravity leaving out those right above
    /// one of the opponent's (`their_wins`), then, with gravity, most of those cells right above a
    /// playable cell, then the static preference, in which, with gravity, the ply's killer move
    /// counts one column nearer the centre than it is, and a move in the column the opponent has
    /// just played wins a tie (`FOLLOW_BONUS`).
    #[inline(always)]
    pub(super) fn sort<const K: usize, const STRIDE: u32>(
        &mut self,
        ply: u32,
        me: B,
        occupied: B,
        moves: B,
        their_wins: B,
    ) {
        let g = &self.geometry;
        // With gravity, a winning cell of ours right above one of theirs can only be reached once
        // theirs is filled, which we must do ourselves to stop their line, and the opponent then
        // fills ours: it is worth little, and is not counted. A usable one right above a playable
        // cell restricts the game now: neither side may play under it, the opponent because we
        // would win. Counting the usable cells, then breaking ties by those right above a playable
        // cell, explored 22% fewer positions on the empty board's weak solve and 8–20% fewer on
        // Pons' Middle-Medium, Begin-Medium and Begin-Hard sets (`docs/engine.md`, "A node").
        let spoiled = if g.gravity {
            their_wins.shl(1)
        } else {
            B::ZERO
        };
        let sorter = &mut self.sorters[ply as usize % MAX_PLY];
        sorter.clear();
        let single = moves == moves.low_bit();
        let (killer, follow) = if g.gravity {
            let last = self.last_moves[ply as usize % MAX_PLY];
            // With gravity the cell above a move is the next one in its column.
            let above = if last == NO_MOVE { NO_MOVE } else { last + 1 };
            (self.killers[ply as usize % MAX_PLY], above)
        } else {
            (NO_MOVE, NO_MOVE)
        };
        let follow_bonus = self.follow_bonus;
        let weight = &self.weight;
        // Threats are counted for four moves at a time (see `Geometry::wins_lanes`): four lanes
        // ran 3% faster than two and 5% faster than eight on Connect Four, whose nodes mostly have
        // few moves.
        const LANES: usize = 4;
        let mut rest = moves;
        while rest != B::ZERO {
            // Up to LANES moves at a time: their threat counts are computed side by side.
            let mut bits = [B::ZERO; LANES];
            let mut count = 0;
            while rest != B::ZERO && count < LANES {
                bits[count] = rest.low_bit();
                rest = rest ^ bits[count];
                count += 1;
            }
            // The threat count of a lone move would not change the order.
            let threats = if single {
                [0; LANES]
            } else {
                let after = g.wins_lanes::<K, STRIDE, LANES>(
                    bits.map(|b| me | b),
                    bits.map(|b| occupied | b),
                );
                let mut threats = [0; LANES];
                for ((key, wins), &bit) in threats.iter_mut().zip(after).zip(&bits) {
                    let usable = wins & !spoiled;
                    let pressing = if g.gravity {
                        usable & g.playable(occupied | bit).shl(1)
                    } else {
                        B::ZERO
                    };
                    *key = usable.count() << 8 | pressing.count();
                }
                threats
            };
            for (&bit, &threats) in bits[..count].iter().zip(&threats) {
                let index = bit.lowest();
                let bonus = if index == killer { KILLER_BONUS } else { 0 }
                    + if index == follow { follow_bonus } else { 0 };
                // Both counts are at most 64 (cells) and the preference below 256 (a line count or
                // twice the width, ×4 for a helper), so the three fit the sorter's 24 bits.
                let score = (threats << 8) | (weight[index as usize & 127] + bonus);
                sorter.add(index, score);
            }
        }
    }
}

/// What the killer move adds to its static preference with gravity: the columns' preferences step
/// by 2 from the edge to the centre, so 3 puts the killer just ahead of the column one step nearer
/// the centre, and no further. Measured on Connect Four (`docs/engine.md`): a killer ahead of every
/// column of equal threat count explored more on three of Pons' sets; on free boards, where the
/// preference counts lines through a cell, any killer bonus explored more (5×5 k=4: 3.6×).
const KILLER_BONUS: u32 = 3;

/// What a move in the column the opponent has just played adds to its static preference with
/// gravity: 1, below the step of 2 between columns, so it only decides between the two columns
/// equally far from the centre. Which of those two to try first is otherwise arbitrary, and on
/// Connect Four's early positions, symmetric or nearly, it decides much: answering in the
/// opponent's column explored 13% fewer positions on the empty board's weak solve, 11% fewer on
/// its strong solve and 6% fewer over the 49 positions of two plies; on Pons' sets within 2%
/// either way, but for `bench`'s four Begin-Hard lines, 3.7% more (`docs/engine.md`, "A node",
/// step 5).
pub(super) const FOLLOW_BONUS: u32 = 1;
