//! The move sorter: candidate moves with a score each, best handed out first.

/// Plies a search can reach: boards have at most 64 cells. The solver keeps one sorter per ply,
/// reused from node to node, so no node pays for initialising one.
pub const MAX_PLY: usize = 64;

/// Up to 64 moves (bit indices) with their scores, each packed with its index in one word. They
/// are kept unsorted: most nodes are refuted by their first move, so sorting the rest would be
/// wasted, and finding the best is a scan of a few words with no branch to mispredict (an
/// insertion sort's comparisons are taken or not at random).
pub struct MoveSorter {
    moves: [u32; 64],
    len: usize,
}

impl Default for MoveSorter {
    fn default() -> MoveSorter {
        MoveSorter {
            moves: [0; 64],
            len: 0,
        }
    }
}

impl MoveSorter {
    /// Forgets every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds the move to bit `index` (below 256) with its score; moves are added in increasing index
    /// order, and among equal scores the move added last comes out first.
    #[inline]
    pub fn add(&mut self, index: u32, score: u32) {
        // With the index in the low bits, comparing whole entries orders equal scores by index:
        // the later move above.
        self.moves[self.len & 63] = (score << 8) | index;
        self.len += 1;
    }

    /// The bit index of the best move not yet handed out.
    #[inline]
    pub fn pop_best(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let live = &self.moves[..self.len.min(64)];
        let mut at = 0;
        for (i, &entry) in live.iter().enumerate().skip(1) {
            if entry > live[at] {
                at = i;
            }
        }
        let best = live[at];
        self.len -= 1;
        // The last entry fills the gap: the order of those left does not matter.
        self.moves[at] = self.moves[self.len];
        Some(best & 0xff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_score_first_and_the_later_move_among_equals() {
        let mut sorter = MoveSorter::default();
        for (index, score) in [(3, 5), (7, 9), (10, 5), (12, 1), (20, 9)] {
            sorter.add(index, score);
        }
        let order: Vec<u32> = std::iter::from_fn(|| sorter.pop_best()).collect();
        assert_eq!(order, [20, 7, 10, 3, 12]);
        sorter.clear();
        assert_eq!(sorter.pop_best(), None);
    }
}
