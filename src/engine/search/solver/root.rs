//! The root of a search: the exact value by a series of null-window searches (Pons' iterative
//! narrowing of `[min, max]`), and the principal variation read back from the table.

use super::bitboard::{Bitboard, singles};
use super::negamax::Negamax;
use crate::engine::game::score::{WIN, pons};
use crate::engine::search::{Cancelled, Narrowing};

impl<B: Bitboard> Negamax<B> {
    /// The value of a position within `(alpha, beta)`, fail-soft like an alpha-beta search, found by
    /// null-window tests: each only asks "better than x?", which prunes far more than a wide window.
    /// With helpers, each test runs on every thread (`parallel.rs`), and all start the next one
    /// together.
    pub fn exact(
        &mut self,
        me: B,
        them: B,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        let cells = self.geometry().cells;
        // The side to move wins at the earliest with its next mark, and has lost at the earliest
        // already (the position may be a finished game).
        let (mut lo, mut hi) = (alpha.max(-WIN + ply as i32), beta.min(WIN - ply as i32 - 1));
        let mut last = lo;
        self.start_alone();
        while lo < hi {
            let med = pivot(lo, hi, cells);
            // Once per null-window test, never per node: free for the search.
            if let Some(progress) = &self.progress {
                progress.set_narrowing(Narrowing {
                    lower: lo,
                    upper: hi,
                    test: med,
                });
            }
            // A bound is moved to the nearest value the game can end with, so the narrowing
            // never tests between a value and an impossible neighbour.
            last = self.value_together(me, them, ply, med, med + 1)?;
            if last <= med {
                last = reachable_from(last, -1, ply, cells);
                hi = last;
            } else {
                last = reachable_from(last, 1, ply, cells);
                lo = last;
            }
        }
        Ok(last)
    }

    /// Best play from a position of known exact value, appended to `line`: at each step the first
    /// move, in static order, whose child has exactly the value that continues the line. Stopped,
    /// `line` holds the moves found until then.
    pub fn principal_variation(
        &mut self,
        mut me: B,
        mut them: B,
        mut ply: u32,
        mut value: i32,
        line: &mut Vec<u32>,
    ) -> Result<(), Cancelled> {
        // A root the opening book answered has no tree in the table: unless asked to go on, the
        // line stops where the book does, rather than solving the positions beyond it from
        // scratch (a fraction of a second each on Connect Four, too much for every move of an
        // analysis).
        let last = if ply < self.book_until && !self.line_past_book {
            self.book_until - 1
        } else {
            u32::MAX
        };
        loop {
            let g = self.geometry();
            let occupied = me | them;
            if g.has_line(them) || occupied == g.full {
                break;
            }
            let mut moves: Vec<u32> = singles(g.playable(occupied)).map(|b| b.lowest()).collect();
            moves.sort_by_key(|&i| std::cmp::Reverse(self.weight(i)));
            if ply >= last {
                // Where the book stops, a win at once still ends the line: it needs no search
                // (the book leaves such positions out). The first in the same order as below.
                let wins = g.winning_cells(me, occupied);
                line.extend(moves.iter().find(|&&i| wins & B::ONE.shl(i) != B::ZERO));
                break;
            }
            let mut next = None;
            for index in moves {
                let bit = B::ONE.shl(index);
                if -self.exact(them, me | bit, ply + 1, -value - 1, -value + 1)? == value {
                    next = Some(index);
                    break;
                }
            }
            let Some(index) = next else { break };
            line.push(index);
            (me, them) = (them, me | B::ONE.shl(index));
            ply += 1;
            value = -value;
        }
        Ok(())
    }
}

/// A value as Pons' compact score (`score::pons`), in which the decisive values a position can
/// really have are consecutive integers.
fn compact(value: i32, cells: u32) -> i32 {
    pons(value, cells as usize)
}

/// The largest value whose compact score is `score`: "value > expand(s)" means "score > s".
fn expand(score: i32, cells: u32) -> i32 {
    let top = |s: i32| WIN - cells as i32 - 1 + 2 * s;
    match score.signum() {
        1 => top(score),
        -1 => -top(-score) + 1,
        _ => 0,
    }
}
/// Whether a decisive value (a game ending with `WIN − |value|` marks on the board) can be the
/// value of a position at `ply`: the side to move places the marks after odd numbers of plies, so
/// it wins only after an odd number and loses only after an even number. Two adjacent values are
/// thus one real ending and one impossible one: the empty Connect Four board's first test gave
/// "at least a win with the 42nd mark", which the first player cannot place, and one more test
/// (18 M positions) found the win with the 41st.
fn reachable(value: i32, ply: u32) -> bool {
    let plies = WIN - value.abs() - ply as i32;
    plies % 2 == i32::from(value > 0)
}

/// The nearest value a game can end with from `value` in the direction of `step`: +1 for a
/// search's lower bound (the smallest such value at least `value`), −1 for an upper bound.
fn reachable_from(value: i32, step: i32, ply: u32, cells: u32) -> i32 {
    if value.abs() < WIN - cells as i32 || reachable(value, ply) {
        value
    } else if WIN - value.abs() == cells as i32 && value.signum() == -step {
        // The side this value says wins cannot place the last mark: the next value towards 0 is
        // a draw.
        0
    } else {
        value + step
    }
}

/// The threshold of the next test, in `lo..hi`. Pons' order first: halfway in compact scores,
/// moved out to half the lower bound when the middle is at or below 0 and that half lies further
/// down (half the upper bound likewise above 0), so the first tests settle the positions won or
/// lost early, cheaply. Once both bounds lie within half the scale of a draw, the sign comes
/// first: the tests next to the value are the costly ones, and a value that near a draw usually
/// needs a test next to 0. The empty Connect Four board (+1) is then tested at −11, 10, 0, 5, 3, 2
/// and 1 rather than about −10, 10, −5, 5, −2, 2, 1 and 0: 383 M → 299 M positions (a trade on Pons'
/// sets, some explore more: `docs/engine.md`, "The root").
fn pivot(lo: i32, hi: i32, cells: u32) -> i32 {
    let (min, max) = (compact(lo, cells), compact(hi, cells));
    // Half the largest compact score (a win with the first mark): 10 on Connect Four.
    let half = compact(WIN - 1, cells) / 2;
    let mut med = min + (max - min) / 2;
    if -half <= min && min <= 0 && 0 < max && max <= half {
        med = 0;
    } else if med <= 0 && min / 2 < med {
        med = min / 2;
    } else if med >= 0 && max / 2 > med {
        med = max / 2;
    }
    expand(med, cells).clamp(lo, hi - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Connect Four's order: Pons' halving towards the bounds while a bound lies beyond ±10, then
    /// the sign first.
    #[test]
    fn pons_order_until_both_bounds_are_near_a_draw_then_the_sign() {
        let cells = 42;
        let above = |score: i32| expand(score, cells) + 1;
        // The whole range: half the lower bound (a loss before any mark, −22 in compact scores),
        // then half the upper one.
        assert_eq!(pivot(-WIN, WIN - 1, cells), expand(-11, cells));
        assert_eq!(pivot(above(-10), WIN - 1, cells), expand(10, cells));
        // Within ±10 on both sides: the sign, where Pons would test −5.
        assert_eq!(pivot(above(-10), expand(10, cells), cells), 0);
        // Once the sign is known (at least a win with the 41st mark, +1), halving again: 1..=10
        // tests 5.
        assert_eq!(pivot(WIN - 41, expand(10, cells), cells), expand(5, cells));
        // A bound beyond ±10 keeps Pons' order even when the other is near 0.
        assert_eq!(pivot(above(-3), WIN - 1, cells), expand(10, cells));
    }
}
