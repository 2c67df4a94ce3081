//! Static bounds from the follow-up strategy (Allis' "claimeven"), on gravity boards.
//!
//! When the side to move (the "mover") plays, the other side (the "follower") can answer on top
//! of that mark, in the same column, as long as the column has a cell left. In a column with an
//! even number of empty cells that always works: the mover gets the cells whose height has the
//! parity of the board's height (`Geometry::follow_up`), the follower the others. In a column with
//! an odd number the mover gets the other parity, top cell included, and the follow-up breaks
//! when the mover takes that top cell. Which cells each side can end up with is then known in
//! advance, so a line check over one word can settle a position:
//!
//! - Every column even: if the mover's share holds no line, the mover never wins (value ≤ 0);
//!   if the follower's holds one too, the follower wins, at the latest with the last cell.
//! - One odd column: the follower's cells in it all lie below its top cell, so they are all
//!   taken before the follow-up can break. If the mover's share holds no line and the follower's
//!   marks plus those cells hold one, the follower wins (Allis' odd threat, for the follower).
//!   A line of the mover's may fit if a line of the follower's outruns it (below) using cells of
//!   that column alone, all below an empty cell of the mover's line there.
//! - An even number of odd columns: when the mover takes the top cell of one, the follower plays
//!   into another, which turns even, so odd columns keep coming in pairs and the follower always
//!   has an answer. The even columns split as above; in an odd column the mover can get any cell,
//!   though never two stacked ones (the follower answers in between). With two odd columns one of
//!   them is emptied by the mover first, on its own parity, so a line through both needs that
//!   parity in one of them. If no line of the mover fits, the follower holds, and wins if its
//!   share of the even columns holds a line, or, with two odd columns, if that share plus the
//!   follower's parity of either odd column does (the one the mover empties first leaves the
//!   follower every other cell below its top).
//! - Outrun lines (no odd column, or pairs of them): a line of the mover that fits is
//!   harmless if a line of the follower has every empty cell in an even column, below an empty
//!   cell of the mover's line in the same column. There the mover plays the cell under each of
//!   the follower's cells, and the follower answers on top, before the mover's cell above can be
//!   reached: the follower's line is complete first. If every line of the mover is outrun, the
//!   follower wins. (Allis' threats against each other in one column: the lower one decides.)
//!
//! Vertical lines never need checking for the mover: its cells are never stacked, so a vertical
//! line would have to end on k − 1 marks of its own, on the cell it can play now, an immediate
//! win, which the search has already ruled out wherever these bounds are asked for.
//!
//! The search asks one question per node, after the table has had its say: can we play a move
//! and then follow the opponent? With an odd number of empty cells every move leaves pairs of odd
//! columns (or none); with an even number, only a move into an odd column that leaves one is
//! tried: playing into an even column there, to follow with it odd, explored 1% fewer positions
//! for 5% more time. The other way round, the opponent following us from this node, needs no
//! asking: the parent has asked it already, move by move (at the root, the children settle it
//! in one position each).

use super::bitboard::{Bitboard, singles};
use super::geometry::Geometry;
use super::negamax::Negamax;
use crate::engine::game::score::WIN;

/// What the follower can force from a position, its mover to move.
enum Outcome {
    /// The follower at least draws.
    Holds,
    /// The follower wins.
    Wins,
}

impl<B: Bitboard> Negamax<B> {
    /// Raises `alpha` by what following the opponent after one of our `moves` guarantees (`me` to
    /// move at `ply`), or `Err(value)` when that alone refutes the opponent's last move.
    #[inline(always)]
    pub(super) fn follow_up_bound<const K: usize, const STRIDE: u32>(
        &self,
        me: B,
        them: B,
        moves: B,
        ply: u32,
        alpha: &mut i32,
        beta: i32,
    ) -> Result<(), i32> {
        let g = &self.geometry;
        let cells = g.cells;
        // Lower bounds: we play, then follow the opponent. Following wins at best with the last
        // cell, so when that cannot raise alpha nothing is worth computing.
        let best = WIN - cells as i32;
        if best <= *alpha {
            return Ok(());
        }
        let occupied = me | them;
        let empty = g.full & !occupied;
        let odd = odd_columns(g, occupied);
        // With an odd number of empty cells, the opponent is left with an even number: pairs.
        let pairs = (cells - ply) % 2 == 1;
        let rest = odd ^ odd.low_bit();
        let tried = if pairs {
            moves
        } else if rest == rest.low_bit() {
            odd & moves
        } else {
            B::ZERO
        };
        for play in singles(tried) {
            let left = empty ^ play;
            let after = odd_columns(g, occupied | play);
            let lower = match follow::<B, K, STRIDE>(g, them, me | play, left, after, pairs) {
                Some(Outcome::Wins) => best,
                Some(Outcome::Holds) => 0,
                None => continue,
            };
            if lower >= beta {
                return Err(lower);
            }
            *alpha = (*alpha).max(lower);
        }
        Ok(())
    }
}

/// The playable cell of every column with an odd number of empty cells.
#[inline(always)]
fn odd_columns<B: Bitboard>(g: &Geometry<B>, occupied: B) -> B {
    g.playable(occupied) & !g.follow_up
}

/// What `follower` can force by answering each of `mover`'s marks on top of it, `mover` to move
/// (who cannot win at once), `empty` the empty cells, `odd` the playable cells of the columns
/// with an odd number of them (`pairs`: an even number of such columns); `None` when a line of the
/// mover may fit and is not outrun, or with an odd number of odd columns unless the follower wins
/// by its odd threat.
#[inline(always)]
fn follow<B: Bitboard, const K: usize, const STRIDE: u32>(
    g: &Geometry<B>,
    mover: B,
    follower: B,
    empty: B,
    odd: B,
    pairs: bool,
) -> Option<Outcome> {
    let open = column_from(odd, empty);
    let even = empty & !open;
    let mover_even = mover | (even & g.follow_up);
    let follower_even = follower | (even & !g.follow_up);
    let rest = odd ^ odd.low_bit();
    let two = rest != B::ZERO && rest == rest.low_bit();
    if odd != B::ZERO && rest == B::ZERO {
        // One odd column: the mover gets its parity there, top cell included. The follower's
        // cells there are all taken before the follow-up can break (at the top cell), so a line
        // of the mover is outrun by one of the follower's whose empty cells lie in that column,
        // below an empty cell of the mover's line.
        let share = mover_even | (open & !g.follow_up);
        let wins = if g.has_crossing_line_of::<K, STRIDE>(share) {
            outrun::<B, K, STRIDE>(g, follower, share, open, g.follow_up)
        } else {
            g.has_line_of::<K, STRIDE>(follower | (open & g.follow_up))
        };
        return wins.then_some(Outcome::Wins);
    }
    if two {
        // Whichever of the two the mover empties first, on its own parity, leaves the follower
        // the other parity there.
        let first = column_from(odd.low_bit(), empty);
        let second = open ^ first;
        if (g.has_crossing_line_of::<K, STRIDE>(mover_even | (first & !g.follow_up) | second)
            || g.has_crossing_line_of::<K, STRIDE>(mover_even | first | (second & !g.follow_up)))
            && !outrun::<B, K, STRIDE>(g, follower, mover_even | open, even, !g.follow_up)
        {
            return None;
        }
        let wins = g.has_line_of::<K, STRIDE>(follower_even)
            || (g.has_line_of::<K, STRIDE>(follower_even | (first & g.follow_up))
                && g.has_line_of::<K, STRIDE>(follower_even | (second & g.follow_up)));
        return Some(if wins { Outcome::Wins } else { Outcome::Holds });
    }
    if !pairs {
        None
    } else if g.has_crossing_line_of::<K, STRIDE>(mover_even | open) {
        // The mover's lines may all come too late.
        let outran = outrun::<B, K, STRIDE>(g, follower, mover_even | open, even, !g.follow_up);
        outran.then_some(Outcome::Wins)
    } else if g.has_line_of::<K, STRIDE>(follower_even) {
        Some(Outcome::Wins)
    } else {
        Some(Outcome::Holds)
    }
}

/// Whether each line of the mover's share (`mover_share`: its marks and every empty cell it may
/// get) is outrun by a line of the follower's: one whose empty cells all lie in `columns` (the
/// empty cells of columns where the follower answers every mark on top until it has taken all
/// its cells there, `follower_cells`), each below an empty cell of the mover's line in the same
/// column. There the mover plays every cell under a follower's cell and the follower answers on
/// top, so the mover cannot reach a cell of its line before the follower's cells below it are
/// taken: the follower's line is complete first. If every line of the mover is outrun, the
/// follower wins, whichever the mover goes for.
#[inline(always)]
fn outrun<B: Bitboard, const K: usize, const STRIDE: u32>(
    g: &Geometry<B>,
    follower: B,
    mover_share: B,
    columns: B,
    follower_cells: B,
) -> bool {
    g.all_crossing_lines::<K, STRIDE>(mover_share, |line| {
        let under = below_in_column(line & columns, columns);
        g.has_line_of::<K, STRIDE>(follower | (under & follower_cells))
    })
}

/// The empty cells strictly below any of `cells` in their columns (boards are at most 8 high).
#[inline(always)]
fn below_in_column<B: Bitboard>(cells: B, empty: B) -> B {
    run_through(cells.shr(1) & empty, empty, B::shr)
}

/// Every `cell` given and the empty cells above it in its column (boards are at most 8 high, so
/// at most 7).
#[inline(always)]
fn column_from<B: Bitboard>(cell: B, empty: B) -> B {
    run_through(cell, empty, B::shl)
}

/// `run` extended through `open` cells, up to 7 steps of one cell in the direction `step` shifts
/// (a column, up or down), by doubling: each round also halves the open runs it may cross.
#[inline(always)]
fn run_through<B: Bitboard>(mut run: B, mut open: B, step: fn(B, u32) -> B) -> B {
    run |= open & step(run, 1);
    open &= step(open, 1);
    run |= open & step(run, 2);
    open &= step(open, 2);
    run | (open & step(run, 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns of stride 7 (Connect Four): bit `7 * column + height`.
    fn cell(column: u32, height: u32) -> u64 {
        1 << (7 * column + height)
    }

    #[test]
    fn below_in_column_is_every_empty_cell_under_each_given_one_and_no_other() {
        let full: u64 = (0..7).fold(0, |acc, c| acc | 0x3f << (7 * c));
        // Column a holds two marks, b none, c five.
        let occupied = cell(0, 0) | cell(0, 1) | (0..5).fold(0, |acc, h| acc | cell(2, h));
        let empty = full & !occupied;
        let cells = cell(0, 4) | cell(1, 5) | cell(2, 5);
        let expected = cell(0, 2) | cell(0, 3) | (0..5).fold(0, |acc, h| acc | cell(1, h));
        assert_eq!(below_in_column(cells, empty), expected);
        assert_eq!(below_in_column(cell(1, 0), empty), 0);
    }
}
