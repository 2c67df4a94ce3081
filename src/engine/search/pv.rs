//! The triangular principal-variation table of the plain recursive searches.

use crate::engine::game::position::Move;

/// Best line found so far below each depth; reused between nodes so searching allocates nothing.
#[derive(Default)]
pub struct PvTable {
    lines: Vec<Vec<Move>>,
}

impl PvTable {
    /// Forgets the line at `depth` (a node starts with no best move).
    pub fn clear(&mut self, depth: usize) {
        if self.lines.len() <= depth + 1 {
            self.lines.resize_with(depth + 2, Vec::new);
        }
        self.lines[depth].clear();
    }

    /// Records `mv` followed by the line just found one level deeper as the best line at `depth`.
    pub fn update(&mut self, depth: usize, mv: Move) {
        let (head, tail) = self.lines.split_at_mut(depth + 1);
        let line = &mut head[depth];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The best line at `depth`.
    pub fn line(&self, depth: usize) -> &[Move] {
        &self.lines[depth]
    }
}
