//! The static evaluation at the search horizon: open lines, weighted by how many marks they hold.

use crate::engine::game::layout::{Bits, Layout};
use crate::engine::game::position::Move;

/// The largest heuristic value. Decisive values are at least `WIN - cells` (936 on 8×8), so a
/// value above this bound is a proven win or loss, never a guess.
pub const ESTIMATE_SCALE: i32 = 900;

/// Every window of k cells of one board, and how much a window is worth by its number of marks.
pub struct Evaluator {
    windows: Vec<Bits>,
    /// `weight[c]`: a window holding `c` marks of one side and none of the other. Each extra mark
    /// quadruples it, so one nearly complete line outweighs several loose marks.
    weight: Vec<i32>,
    /// Per cell number: the windows through it (the centre of a board is worth more than a corner).
    reach: Vec<u32>,
    /// Per bit index: the windows through that cell, so a move's effect is found without
    /// looking at the rest of the board.
    through: Vec<Vec<Bits>>,
}

/// Raw sums around this size map to about ±0.5: the squash keeps every estimate inside the scale.
const HALF_POINT: i32 = 64;

impl Evaluator {
    /// The windows of one game.
    pub fn new(layout: &Layout) -> Evaluator {
        let rules = layout.rules;
        let (w, h, k) = (
            i32::from(rules.width),
            i32::from(rules.height),
            i32::from(rules.k),
        );
        let mut windows = Vec::new();
        let mut reach = vec![0; rules.cells()];
        let mut through = vec![Vec::new(); Bits::BITS as usize];
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for row in 0..h {
                for col in 0..w {
                    let (end_row, end_col) = (row + dr * (k - 1), col + dc * (k - 1));
                    if end_row >= h || end_col < 0 || end_col >= w {
                        continue;
                    }
                    let mut mask = 0;
                    for i in 0..k {
                        let cell =
                            Move::at(&rules, (row + dr * i) as usize, (col + dc * i) as usize);
                        mask |= layout.bit(cell.cell());
                        reach[cell.cell()] += 1;
                    }
                    for i in 0..k {
                        let cell =
                            Move::at(&rules, (row + dr * i) as usize, (col + dc * i) as usize);
                        through[layout.bit(cell.cell()).trailing_zeros() as usize].push(mask);
                    }
                    windows.push(mask);
                }
            }
        }
        let weight = (0..=k)
            .map(|c| {
                if c == 0 {
                    0
                } else {
                    1 << (2 * (c - 1)).min(24)
                }
            })
            .collect();
        Evaluator {
            windows,
            weight,
            reach,
            through,
        }
    }

    /// Every window's worth for the side owning `me`: the raw sum that `squash` turns into an
    /// estimate.
    pub fn sum(&self, me: Bits, them: Bits) -> i64 {
        let mut sum = 0i64;
        for &window in &self.windows {
            let (mine, theirs) = ((me & window).count_ones(), (them & window).count_ones());
            if theirs == 0 {
                sum += i64::from(self.weight[mine as usize]);
            } else if mine == 0 {
                sum -= i64::from(self.weight[theirs as usize]);
            }
        }
        sum
    }

    /// How `sum(me, them)` changes when the side owning `me` marks the empty cell `bit`: only
    /// the windows through that cell change, so a search keeps the sum up to date move by move
    /// instead of evaluating every window at every horizon node.
    pub fn gain(&self, me: Bits, them: Bits, bit: Bits) -> i64 {
        let mut gain = 0i64;
        for &window in &self.through[bit.trailing_zeros() as usize] {
            let (mine, theirs) = ((me & window).count_ones(), (them & window).count_ones());
            if theirs == 0 {
                // Still open for us, with one more mark.
                let mine = mine as usize;
                gain += i64::from(self.weight[mine + 1] - self.weight[mine]);
            } else if mine == 0 {
                // Open for them until now: no longer worth anything to them.
                gain += i64::from(self.weight[theirs as usize]);
            }
        }
        gain
    }

    /// A raw sum squashed into `-ESTIMATE_SCALE..ESTIMATE_SCALE`.
    pub fn squash(sum: i64) -> i32 {
        let scale = i64::from(ESTIMATE_SCALE);
        // Strictly inside the scale, so a heuristic value never reads as a proven result.
        ((scale - 1) * sum / (sum.abs() + i64::from(HALF_POINT))) as i32
    }

    /// How many windows pass through a cell.
    pub fn reach(&self, cell: usize) -> u32 {
        self.reach[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Player, Position, Rules};

    #[test]
    fn open_lines_count_and_the_centre_reaches_most() {
        let position = Position::empty(Rules::TICTACTOE);
        let eval = Evaluator::new(position.layout());
        assert_eq!(eval.windows.len(), 8);
        assert_eq!((eval.reach(4), eval.reach(0), eval.reach(1)), (4, 3, 2));
        assert_eq!(Evaluator::squash(eval.sum(0, 0)), 0);
        let centre = Position::empty(Rules::TICTACTOE).play_moves("b2").unwrap();
        let x = Evaluator::squash(eval.sum(centre.marks(Player::X), centre.marks(Player::O)));
        assert!(x > 0 && x < ESTIMATE_SCALE, "{x}");
        assert_eq!(
            Evaluator::squash(eval.sum(centre.marks(Player::O), centre.marks(Player::X))),
            -x
        );
    }

    #[test]
    fn a_move_changes_the_sum_by_its_gain() {
        // Along random games on boards with and without gravity, keeping the sum move by move
        // gives exactly the sum recomputed from scratch.
        for rules in ["8x8k5", "connect4", "4x4", "5x5k4"] {
            let rules: Rules = rules.parse().unwrap();
            let mut position = Position::empty(rules);
            let eval = Evaluator::new(position.layout());
            let mut seed = 12345u64;
            while position.status() == crate::engine::Status::Ongoing {
                let mover = position.to_move();
                let (me, them) = (position.marks(mover), position.marks(mover.opponent()));
                let sum = eval.sum(me, them);
                let moves = position.legal_moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = moves[(seed >> 33) as usize % moves.len()];
                let bit = position.layout().bit(mv.cell());
                let after = eval.sum(me | bit, them);
                assert_eq!(after, sum + eval.gain(me, them, bit), "{position:?} {mv:?}");
                assert_eq!(eval.sum(them, me | bit), -after);
                position = position.play(mv).unwrap();
            }
        }
    }
}
