//! The line arithmetic of one board in the solver's word size: where a mark would win, and which
//! cells still lie on a line somebody can complete. Everything is a handful of shifts per direction.

use super::bitboard::Bitboard;
use crate::engine::game::layout::Layout;

/// Precomputed masks and shift distances of one set of rules.
pub struct Geometry<B> {
    /// Every playable cell.
    pub full: B,
    /// The bottom cell of each column.
    pub bottom: B,
    /// Marks in a row needed to win.
    pub k: u32,
    /// Whether marks drop to the lowest empty cell.
    pub gravity: bool,
    /// Number of cells.
    pub cells: u32,
    /// With gravity, the cells whose height has the parity of the board's height: when every
    /// column has an even number of empty cells, the empty cells the side to move gets if the
    /// opponent answers each of its marks on top of it (see `follow_up.rs`). Empty without gravity.
    pub follow_up: B,
    /// Shift distances of the line directions that fit on the board (a line spanning more bits
    /// than the word holds cannot fit, so every shift below is narrower than the word).
    directions: [u32; 4],
    /// How many of `directions` are used.
    lines: usize,
}

impl<B: Bitboard> Geometry<B> {
    /// The geometry of a layout (which must fit in `B`).
    pub fn of(layout: &Layout) -> Geometry<B> {
        let k = u32::from(layout.rules.k);
        let mut directions = [0; 4];
        let mut lines = 0;
        for d in layout.directions {
            if (k - 1) * d < B::BITS {
                directions[lines] = d;
                lines += 1;
            }
        }
        Geometry {
            full: B::from_u128(layout.full),
            bottom: B::from_u128(layout.bottom),
            k: u32::from(layout.rules.k),
            gravity: layout.rules.gravity,
            cells: layout.rules.cells() as u32,
            follow_up: B::from_u128(follow_up(layout)),
            directions,
            lines,
        }
    }

    /// Cells where the next mark may go.
    #[inline]
    pub fn playable(&self, occupied: B) -> B {
        if self.gravity {
            (occupied + self.bottom) & self.full
        } else {
            self.full & !occupied
        }
    }

    /// Every empty cell that would complete a line of `marks` (playable now or not).
    #[inline]
    pub fn winning_cells(&self, marks: B, occupied: B) -> B {
        // One monomorphised copy per line length, so the loops below unroll completely.
        let [wins] = match self.k {
            3 => self.completions::<3, 0, 1>([marks]),
            4 => self.completions::<4, 0, 1>([marks]),
            5 => self.completions::<5, 0, 1>([marks]),
            6 => self.completions::<6, 0, 1>([marks]),
            7 => self.completions::<7, 0, 1>([marks]),
            _ => self.completions::<8, 0, 1>([marks]),
        };
        wins & self.full & !occupied
    }

    /// `winning_cells` for lines of K (which must be `k`) on a board whose column stride is
    /// STRIDE (0: not known when compiling). The search is monomorphised per K and STRIDE, so
    /// this inlines without a dispatch, and with a known stride every shift is by a constant.
    #[inline(always)]
    pub fn wins<const K: usize, const STRIDE: u32>(&self, marks: B, occupied: B) -> B {
        self.wins_lanes::<K, STRIDE, 1>([marks], [occupied])[0]
    }

    /// `wins` for N mark sets at once, each with its own occupied cells: each step is written for
    /// every lane, so the compiler does it for several lanes in one vector instruction (the move
    /// ordering counts the threats after four moves at a time: 4% faster on Connect Four).
    #[inline(always)]
    pub fn wins_lanes<const K: usize, const STRIDE: u32, const N: usize>(
        &self,
        marks: [B; N],
        occupied: [B; N],
    ) -> [B; N] {
        let mut wins = self.completions::<K, STRIDE, N>(marks);
        for (wins, &occupied) in wins.iter_mut().zip(&occupied) {
            *wins = *wins & self.full & !occupied;
        }
        wins
    }

    /// The column stride when every line direction fits in the word: the shape can then use a
    /// copy of the search compiled for that stride (see `wins`).
    pub fn stride(&self) -> Option<u32> {
        (self.lines == 4).then_some(self.directions[1])
    }

    /// The cells that complete a line of K, for each of N mark sets.
    #[inline(always)]
    fn completions<const K: usize, const STRIDE: u32, const N: usize>(
        &self,
        marks: [B; N],
    ) -> [B; N] {
        // The first direction is vertical (shift 1). With gravity an empty cell has only empty
        // cells above it, so the only vertical completion is on top of K-1 marks.
        let mut wins = [B::ZERO; N];
        if self.gravity {
            wins = marks.map(|m| m.shl(1));
            for i in 2..K as u32 {
                for (below, &m) in wins.iter_mut().zip(&marks) {
                    *below &= m.shl(i);
                }
            }
        } else {
            Self::along::<K, N>(&marks, 1, &mut wins);
        }
        if STRIDE != 0 {
            // The directions are those of `Layout`: vertical, horizontal, both diagonals.
            Self::along::<K, N>(&marks, STRIDE, &mut wins);
            Self::along::<K, N>(&marks, STRIDE + 1, &mut wins);
            Self::along::<K, N>(&marks, STRIDE - 1, &mut wins);
        } else if self.lines == 4 && N == 1 {
            // The usual case, unrolled for one lane (with four, the unrolled copy spilled
            // registers: 15% more instructions on 5×5 and 6×5 k=4).
            let [_, a, b, c] = self.directions;
            Self::along::<K, N>(&marks, a, &mut wins);
            Self::along::<K, N>(&marks, b, &mut wins);
            Self::along::<K, N>(&marks, c, &mut wins);
        } else {
            for &d in &self.directions[1..self.lines] {
                Self::along::<K, N>(&marks, d, &mut wins);
            }
        }
        wins
    }

    /// Adds to each lane of `wins` the cells that complete a line of K with its `marks` along
    /// direction `d`.
    #[inline(always)]
    fn along<const K: usize, const N: usize>(marks: &[B; N], d: u32, wins: &mut [B; N]) {
        // before[i]: the i cells before this one along d are all marks; after[i] likewise.
        let mut before = [[!B::ZERO; N]; K];
        let mut after = [[!B::ZERO; N]; K];
        for i in 1..K {
            for l in 0..N {
                before[i][l] = before[i - 1][l] & marks[l].shl(i as u32 * d);
                after[i][l] = after[i - 1][l] & marks[l].shr(i as u32 * d);
            }
        }
        for i in 0..K {
            for l in 0..N {
                wins[l] |= before[i][l] & after[K - 1 - i][l];
            }
        }
    }

    /// Whether `marks` contain k in a row.
    #[inline]
    pub fn has_line(&self, marks: B) -> bool {
        self.directions[..self.lines]
            .iter()
            .any(|&d| self.run_starts(marks, d) != B::ZERO)
    }

    /// `has_line` for lines of K (which must be `k`) on a board of column stride STRIDE (0: not
    /// known when compiling); with a known stride every shift is by a constant.
    #[inline(always)]
    pub fn has_line_of<const K: usize, const STRIDE: u32>(&self, marks: B) -> bool {
        if STRIDE == 0 {
            return self.has_line(marks);
        }
        run_starts(marks, 1, K as u32) | self.crossing_runs::<K, STRIDE>(marks) != B::ZERO
    }

    /// `has_line_of` without the vertical lines (the first direction).
    #[inline(always)]
    pub fn has_crossing_line_of<const K: usize, const STRIDE: u32>(&self, marks: B) -> bool {
        self.crossing_runs::<K, STRIDE>(marks) != B::ZERO
    }

    /// Whether `test` holds for every horizontal or diagonal line of K cells lying inside `set`
    /// (each given as its K cells); stops at the first that fails.
    #[inline(always)]
    pub fn all_crossing_lines<const K: usize, const STRIDE: u32>(
        &self,
        set: B,
        mut test: impl FnMut(B) -> bool,
    ) -> bool {
        let strided = [STRIDE, STRIDE + 1, STRIDE.saturating_sub(1)];
        let directions = if STRIDE == 0 {
            &self.directions[1..self.lines]
        } else {
            &strided[..]
        };
        for &d in directions {
            let mut starts = run_starts(set, d, K as u32);
            while starts != B::ZERO {
                let start = starts.low_bit();
                starts = starts ^ start;
                let line = (1..K as u32).fold(start, |line, i| line | start.shl(i * d));
                if !test(line) {
                    return false;
                }
            }
        }
        true
    }

    /// The first cell of every horizontal or diagonal run of K cells of `marks`.
    #[inline(always)]
    fn crossing_runs<const K: usize, const STRIDE: u32>(&self, marks: B) -> B {
        if STRIDE == 0 {
            return self.directions[1..self.lines]
                .iter()
                .fold(B::ZERO, |runs, &d| runs | self.run_starts(marks, d));
        }
        let runs = |d: u32| run_starts(marks, d, K as u32);
        runs(STRIDE) | runs(STRIDE + 1) | runs(STRIDE - 1)
    }

    /// The first cell of every run of k cells of `set` along direction `d`.
    #[inline]
    fn run_starts(&self, set: B, d: u32) -> B {
        run_starts(set, d, self.k)
    }

    /// Every cell on some line of k cells lying wholly inside `open` (the cells a side could still
    /// complete a line on: everything but the opponent's marks).
    #[inline]
    pub fn line_cells(&self, open: B) -> B {
        let mut cells = B::ZERO;
        for &d in &self.directions[..self.lines] {
            let mut spread = self.run_starts(open, d);
            // Smear each start over its k cells by doubling, as run_starts shrinks by halving.
            let mut len = 1;
            while len * 2 <= self.k {
                spread |= spread.shl(len * d);
                len *= 2;
            }
            if len < self.k {
                spread |= spread.shl((self.k - len) * d);
            }
            cells |= spread;
        }
        cells
    }
}

/// The first cell of every run of `k` cells of `set` along direction `d`, by halving: with a
/// constant `k` and `d` every shift is by a constant.
#[inline(always)]
fn run_starts<B: Bitboard>(set: B, d: u32, k: u32) -> B {
    let mut runs = set;
    let mut len = 1;
    while len * 2 <= k {
        runs &= runs.shr(len * d);
        len *= 2;
    }
    if len < k {
        runs &= runs.shr((k - len) * d);
    }
    runs
}

/// The cells of `Geometry::follow_up`: in every column, the heights (counted from 0 at the bottom)
/// of the same parity as the board's height.
fn follow_up(layout: &Layout) -> u128 {
    if !layout.rules.gravity {
        return 0;
    }
    let height = u32::from(layout.rules.height);
    let column: u128 = (0..height)
        .filter(|up| up % 2 == height % 2)
        .fold(0, |acc, up| acc | 1 << up);
    (0..u32::from(layout.rules.width)).fold(0, |acc, col| acc | column << (col * layout.stride))
}
