//! Where each cell lives in a bitboard, and the line arithmetic that follows from it.
//!
//! Cells are stored column by column, bottom to top, with one always-empty padding bit on top of
//! each column (the layout of Pons' Connect Four solver). The padding bit stops every shift used for
//! line detection from wrapping onto the next column, whatever k is, and makes "lowest empty cell of
//! each column" a single addition. The widest board, 8×8, needs 8 × 9 = 72 bits, hence `u128`.

use crate::engine::game::rules::Rules;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A set of cells, one bit per cell in the padded column-major layout.
pub type Bits = u128;

/// Precomputed bit geometry for one set of rules.
#[derive(Debug)]
pub struct Layout {
    /// The rules this layout was built for.
    pub rules: Rules,
    /// Bits per column: the height plus the padding bit.
    pub stride: u32,
    /// Every playable cell.
    pub full: Bits,
    /// The bottom cell of each column.
    pub bottom: Bits,
    /// Shift distances of the four line directions: vertical, horizontal and both diagonals.
    pub directions: [u32; 4],
    /// Bit index of each cell, by cell number (row-major from the top-left).
    cell_bits: Vec<u32>,
}

impl Layout {
    /// The layout for these rules, built once per process and shared.
    pub fn of(rules: Rules) -> &'static Layout {
        static CACHE: OnceLock<Mutex<HashMap<Rules, &'static Layout>>> = OnceLock::new();
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Leaking is bounded: there are fewer than a thousand distinct rule sets.
        cache
            .entry(rules)
            .or_insert_with(|| Box::leak(Box::new(Layout::build(rules))))
    }

    fn build(rules: Rules) -> Layout {
        let (w, h) = (u32::from(rules.width), u32::from(rules.height));
        let stride = h + 1;
        let mut full: Bits = 0;
        let mut bottom: Bits = 0;
        let mut cell_bits = Vec::with_capacity(rules.cells());
        for row in 0..h {
            for col in 0..w {
                let bit = col * stride + (h - 1 - row);
                cell_bits.push(bit);
                full |= 1 << bit;
            }
        }
        for col in 0..w {
            bottom |= 1 << (col * stride);
        }
        Layout {
            rules,
            stride,
            full,
            bottom,
            directions: [1, stride, stride + 1, stride - 1],
            cell_bits,
        }
    }

    /// The bit of a cell number.
    pub fn bit(&self, cell: usize) -> Bits {
        1 << self.cell_bits[cell]
    }

    /// The cell number of a single-bit set.
    pub fn cell_of(&self, bit: Bits) -> usize {
        let index = bit.trailing_zeros();
        let (col, up) = (index / self.stride, index % self.stride);
        let row = u32::from(self.rules.height) - 1 - up;
        (row * u32::from(self.rules.width) + col) as usize
    }

    /// The cells of a column, bottom to top.
    pub fn column(&self, col: usize) -> Bits {
        ((1 << self.rules.height) - 1) << (col as u32 * self.stride)
    }

    /// The first cell of every run of `k` marks in `marks`, for one direction.
    fn run_starts(&self, marks: Bits, direction: u32) -> Bits {
        let k = u32::from(self.rules.k);
        let mut runs = marks;
        let mut len = 1;
        while len * 2 <= k {
            runs &= runs >> (len * direction);
            len *= 2;
        }
        if len < k {
            // Two overlapping runs of `len` cover the `k` cells because k - len < len.
            runs &= runs >> ((k - len) * direction);
        }
        runs
    }

    /// Whether `marks` contain k in a row.
    pub fn has_line(&self, marks: Bits) -> bool {
        self.directions
            .iter()
            .any(|&d| self.run_starts(marks, d) != 0)
    }

    /// Every cell that belongs to some k-in-a-row of `marks` (the winning line(s) to highlight).
    pub fn line_cells(&self, marks: Bits) -> Bits {
        let mut cells = 0;
        for &d in &self.directions {
            let starts = self.run_starts(marks, d);
            for i in 0..u32::from(self.rules.k) {
                cells |= starts << (i * d);
            }
        }
        cells
    }

    /// The empty cells where the next mark may go: every empty cell, or with gravity the lowest
    /// empty cell of each column that is not full.
    pub fn playable(&self, occupied: Bits) -> Bits {
        if self.rules.gravity {
            (occupied + self.bottom) & self.full
        } else {
            self.full & !occupied
        }
    }

    /// Iterates over the single bits of a set, lowest first.
    pub fn bits(set: Bits) -> impl Iterator<Item = Bits> {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            Some(bit)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(layout: &Layout, cells: &[usize]) -> Bits {
        cells.iter().map(|&c| layout.bit(c)).fold(0, |a, b| a | b)
    }

    #[test]
    fn lines_are_found_in_every_direction_and_never_wrap() {
        let layout = Layout::of("4x3k3".parse().unwrap());
        // Rows of a 4×3 board: 0 1 2 3 / 4 5 6 7 / 8 9 10 11.
        assert!(layout.has_line(marks(layout, &[1, 2, 3])));
        assert!(layout.has_line(marks(layout, &[0, 4, 8])));
        assert!(layout.has_line(marks(layout, &[1, 6, 11])));
        assert!(layout.has_line(marks(layout, &[3, 6, 9])));
        assert!(!layout.has_line(marks(layout, &[2, 3, 4])));
        assert!(!layout.has_line(marks(layout, &[8, 0, 1])));
        assert!(!layout.has_line(marks(layout, &[3, 7, 8])));
    }

    #[test]
    fn long_lines_need_all_k_cells() {
        let layout = Layout::of("8x8k7".parse().unwrap());
        let six: Vec<usize> = (0..6).collect();
        let seven: Vec<usize> = (0..7).collect();
        assert!(!layout.has_line(marks(layout, &six)));
        assert!(layout.has_line(marks(layout, &seven)));
        let diagonal: Vec<usize> = (0..7).map(|i| i * 9 + 1).collect();
        assert!(layout.has_line(marks(layout, &diagonal)));
        assert_eq!(
            layout.line_cells(marks(layout, &diagonal)),
            marks(layout, &diagonal)
        );
    }

    #[test]
    fn cells_and_bits_correspond() {
        let layout = Layout::of(Rules::CONNECT4);
        for cell in 0..42 {
            assert_eq!(layout.cell_of(layout.bit(cell)), cell);
        }
        assert_eq!(layout.full.count_ones(), 42);
        assert_eq!(Layout::bits(layout.playable(0)).count(), 7);
        // The bottom row is row 5 from the top.
        assert_eq!(layout.cell_of(layout.playable(0) & layout.column(0)), 35);
    }
}
