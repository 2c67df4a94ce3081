//! The move sorter: candidate moves kept in increasing order of a score, best handed out first.

/// Plies a search can reach: boards have at most 64 cells. The solver keeps one sorter per ply,
/// reused from node to node, so no node pays for initialising one.
pub const MAX_PLY: usize = 64;

/// Up to 64 moves (bit indices) with their scores, sorted by insertion: nodes have few moves, so
/// this beats a full sort, and packing score and index in one word keeps the array small.
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

    /// Adds the move to bit `index` (below 128; moves are added in increasing index order); among
    /// equal scores, the move added last comes out first.
    #[inline]
    pub fn add(&mut self, index: u32, score: u32) {
        let entry = (score << 8) | index;
        let mut at = self.len;
        // Moves arrive in increasing index order, so comparing whole entries orders equal scores
        // exactly as comparing scores alone would (the later move above).
        while at > 0 && self.moves[at - 1] > entry {
            self.moves[at] = self.moves[at - 1];
            at -= 1;
        }
        self.moves[at] = entry;
        self.len += 1;
    }

    /// The bit index of the best move not yet handed out.
    #[inline]
    pub fn pop_best(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.moves[self.len] & 0xff)
    }
}
