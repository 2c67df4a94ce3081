//! Static bounds from the follow-up strategy (Allis' "claimeven"), on gravity boards.
//!
//! When the side to move (the "mover") plays, the other side (the "follower") can answer on top
//! of that mark, in the same column, as long as the column has a cell left. In a column with an
//! even number of empty cells that always works: the mover gets the cells whose height has the
//! parity of the board's height (`Geometry::follow_up`), the follower the others. In a column with
//! an odd number the mover gets the other parity, top cell included, and the follow-up breaks
//! when the mover takes that top cell. Which cells each side ends up with is then known in
//! advance, so a line check over one word can settle a position:
//!
//! - Every column even: if the mover's share holds no line, the mover never wins (value ≤ 0);
//!   if the follower's holds one too, the follower wins, at the latest with the last cell.
//! - One odd column: the follower's cells in it all lie below its top cell, so they are all
//!   taken before the follow-up can break. If the mover's share holds no line and the follower's
//!   marks plus those cells hold one, the follower wins (Allis' odd threat, for the follower).
//!
//! The search uses them both ways round: the opponent following us from this node (every column
//! even), and us following the opponent after a move of ours into an odd column, when it leaves
//! every column even or one odd column.

use super::bitboard::{Bitboard, singles};
use super::geometry::Geometry;
use super::negamax::Solver;
use crate::engine::game::score::{WIN, lost_at};

/// What the follower can force from a position, its mover to move.
enum Outcome {
    /// The follower at least draws.
    Holds,
    /// The follower wins.
    Wins,
}

impl<B: Bitboard> Solver<B> {
    /// Narrows `(alpha, beta)` by the follow-up bounds of the position (`me` to move, `moves` the
    /// moves worth trying), or `Err(value)` when a bound alone decides the search.
    #[inline(always)]
    pub(super) fn follow_up_bounds<const K: usize, const STRIDE: u32>(
        &self,
        me: B,
        them: B,
        moves: B,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Result<(), i32> {
        let g = &self.geometry;
        let cells = g.cells;
        let occupied = me | them;
        let empty = g.full & !occupied;
        // The playable cell of every column with an odd number of empty cells.
        let odd = g.playable(occupied) & !g.follow_up;
        let rest = odd ^ odd.low_bit();
        // Upper bounds: the opponent follows us from here. (With one odd column the opponent
        // could also win by its odd threats, but that settles too few positions to repay the
        // line checks on every node: 0.1% fewer positions on Connect Four.)
        if odd == B::ZERO
            && let Some(outcome) = follow::<B, K, STRIDE>(g, me, them, empty, B::ZERO)
        {
            let upper = match outcome {
                Outcome::Wins => lost_at(cells),
                Outcome::Holds => 0,
            };
            if upper <= *alpha {
                return Err(upper);
            }
            *beta = (*beta).min(upper);
        }
        // Lower bounds: we play into an odd column, then follow the opponent, with every column
        // even or one odd column left.
        if rest == rest.low_bit() {
            for play in singles(odd & moves) {
                let left = empty ^ play;
                let other = odd ^ play;
                let column = if other == B::ZERO {
                    B::ZERO
                } else {
                    column_from(other, left)
                };
                let lower = match follow::<B, K, STRIDE>(g, them, me | play, left, column) {
                    Some(Outcome::Wins) => WIN - cells as i32,
                    Some(Outcome::Holds) => 0,
                    None => continue,
                };
                if lower >= *beta {
                    return Err(lower);
                }
                *alpha = (*alpha).max(lower);
            }
        }
        Ok(())
    }
}

/// What `follower` can force by answering each of `mover`'s marks on top of it, `mover` to move,
/// `empty` the empty cells, `column` the empty cells of the one column with an odd number of them
/// (none: every column is even); `None` when the mover's share holds a line.
#[inline(always)]
fn follow<B: Bitboard, const K: usize, const STRIDE: u32>(
    g: &Geometry<B>,
    mover: B,
    follower: B,
    empty: B,
    column: B,
) -> Option<Outcome> {
    let share = mover | (empty & !column & g.follow_up) | (column & !g.follow_up);
    if g.has_line_of::<K, STRIDE>(share) {
        return None;
    }
    if column == B::ZERO {
        // Every cell is filled in turn: the follower gets all the others.
        if g.has_line_of::<K, STRIDE>(follower | (empty & !g.follow_up)) {
            Some(Outcome::Wins)
        } else {
            Some(Outcome::Holds)
        }
    } else if g.has_line_of::<K, STRIDE>(follower | (column & g.follow_up)) {
        // Only the odd column's cells are sure to come before the follow-up breaks.
        Some(Outcome::Wins)
    } else {
        None
    }
}

/// `cell` and the empty cells above it in its column (boards are at most 8 high, so at most 7).
#[inline(always)]
fn column_from<B: Bitboard>(cell: B, empty: B) -> B {
    let (mut run, mut open) = (cell, empty);
    run |= open & run.shl(1);
    open &= open.shl(1);
    run |= open & run.shl(2);
    open &= open.shl(2);
    run | (open & run.shl(4))
}
