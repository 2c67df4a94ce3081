//! The engine model's transposition table, with a journal of its writes so that a replay can
//! move it back and forth in time instead of copying it into every checkpoint. A search that
//! only goes forward (`Trace`) keeps no journal, so its memory stops growing once the table is
//! full.

use super::event::{Bound, ReplayValue};
use crate::engine::game::layout::Bits;
use crate::engine::game::position::{Player, Position};
use std::collections::HashMap;

/// Beyond this many positions the table stops taking new ones (deterministically, so a re-run
/// from a checkpoint still makes the same decisions). A teaching model needs no more, and it keeps
/// the map within 7 MiB: a `Trace` of any length then stays near 15 MiB in all
/// (tests/memory/long_inputs.rs).
/// A replay's journal still grows with the nodes searched: under the app's node budget the two
/// hold 13 MiB on 8×8 k=5 and 15 MiB on Connect Four (the unit tests in replay/mod.rs).
const MAX_ENTRIES: usize = 1 << 16;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The stored value, for the position's side to move.
    pub value: ReplayValue,
    /// Whether it is the value or a bound on it.
    pub bound: Bound,
}

type Key = (Bits, Bits);

/// One store, with what it replaced: undo restores `old`, redo applies `new`.
#[derive(Clone, Copy)]
struct Write {
    key: Key,
    old: Option<Entry>,
    new: Entry,
}

/// Positions to entries, plus every write in order. `applied` writes are in the map; writes
/// after it were undone by going back and are replayed when a replay jumps forward again.
#[derive(Clone, Default)]
pub(crate) struct Table {
    entries: HashMap<Key, Entry>,
    journal: Vec<Write>,
    applied: usize,
    /// Keeps no journal: for a search that never goes back, so never `seek`s.
    forward_only: bool,
}

/// Positions of one game always sit at the same ply below the root (their number of marks), so
/// the marks alone are a complete key: values measured from the root stay valid.
fn key(position: &Position) -> Key {
    (position.marks(Player::X), position.marks(Player::O))
}

impl Table {
    /// A table that keeps no journal, for a search that never goes back.
    pub fn forward_only() -> Table {
        Table {
            forward_only: true,
            ..Table::default()
        }
    }

    /// What is known about `position`, if anything.
    pub fn probe(&self, position: &Position) -> Option<Entry> {
        self.entries.get(&key(position)).copied()
    }

    /// Records `entry` for `position` (unless the table is full and the position new).
    pub fn store(&mut self, position: &Position, entry: Entry) {
        let key = key(position);
        if self.entries.len() >= MAX_ENTRIES && !self.entries.contains_key(&key) {
            return;
        }
        let old = self.entries.insert(key, entry);
        if self.forward_only {
            return;
        }
        let write = Write {
            key,
            old,
            new: entry,
        };
        if self.applied < self.journal.len() {
            // A re-run after going back: the search is deterministic, so this is the same write.
            self.journal[self.applied] = write;
        } else {
            self.journal.push(write);
        }
        self.applied += 1;
    }

    /// How many writes are applied: a point in time a checkpoint can come back to.
    pub fn mark(&self) -> usize {
        self.applied
    }

    /// Undoes or redoes writes until exactly `mark` of them are applied.
    pub fn seek(&mut self, mark: usize) {
        let mark = mark.min(self.journal.len());
        while self.applied > mark {
            self.applied -= 1;
            let write = self.journal[self.applied];
            match write.old {
                Some(old) => self.entries.insert(write.key, old),
                None => self.entries.remove(&write.key),
            };
        }
        while self.applied < mark {
            let write = self.journal[self.applied];
            self.entries.insert(write.key, write.new);
            self.applied += 1;
        }
    }

    /// Rough heap size in bytes. Only the memory tests measure it.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.entries.capacity() * (size_of::<Key>() + size_of::<Entry>() + 8)
            + self.journal.capacity() * size_of::<Write>()
    }
}
