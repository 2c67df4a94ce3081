//! The transposition table: what is known about positions already searched.

use crate::engine::layout::Bits;
use std::collections::HashMap;

/// What a search proved about a position's value: it lies in `lower..=upper`.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

/// Bounds on the values of positions, keyed by their canonical form.
#[derive(Default)]
pub struct TranspositionTable {
    entries: HashMap<(Bits, Bits), Bounds>,
}

impl TranspositionTable {
    /// The bounds known for a position.
    pub fn get(&self, key: (Bits, Bits)) -> Option<Bounds> {
        self.entries.get(&key).copied()
    }

    /// Records the result of a search of a position with window `(alpha, beta)` that returned `value`.
    pub fn store(&mut self, key: (Bits, Bits), alpha: i32, beta: i32, value: i32) {
        let entry = self.entries.entry(key).or_insert(Bounds {
            lower: i32::MIN,
            upper: i32::MAX,
        });
        if value <= alpha {
            entry.upper = entry.upper.min(value);
        } else if value >= beta {
            entry.lower = entry.lower.max(value);
        } else {
            *entry = Bounds {
                lower: value,
                upper: value,
            };
        }
    }

    /// Number of positions stored.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
