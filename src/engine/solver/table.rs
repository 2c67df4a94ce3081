//! The transposition table: bounds on the values of positions already searched, in a fixed amount
//! of memory. Buckets of two slots: one keeps the entry that cost the most work to compute, the
//! other always takes the newest, so deep results survive a flood of shallow ones.

use super::bitboard::Bitboard;

/// What a search proved about a position's value: it lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

/// One stored position: its full key (so a hit is never a collision), its bounds and how much
/// work they cost (log2 of nodes, for replacement).
#[derive(Clone, Copy, Default)]
struct Entry<B> {
    key: (B, B),
    lower: i16,
    upper: i16,
    work: u8,
    /// The table generation that wrote the entry; any other generation reads as empty.
    generation: u8,
}

/// Bounds on the values of positions, keyed by their canonical form, within a memory budget.
pub struct TranspositionTable<B> {
    entries: Vec<Entry<B>>,
    /// Bucket index mask (the table has `2 * (mask + 1)` slots).
    mask: usize,
    stored: usize,
    /// Bumped by `clear`, which thereby empties the table without touching its memory.
    generation: u8,
}

impl<B: Bitboard> TranspositionTable<B> {
    /// A table of at most `bytes` bytes, and no bigger than `positions` entries would need.
    pub fn new(bytes: usize, positions: f64) -> TranspositionTable<B> {
        let slot = std::mem::size_of::<Entry<B>>();
        let by_budget = (bytes / slot).max(2);
        let wanted = positions.clamp(1024.0, 1e12) as usize;
        let slots = by_budget.min(wanted.next_power_of_two()).max(2);
        // Round down to a power of two so a bucket is found with a mask.
        let buckets = 1usize << (usize::BITS - 1 - (slots / 2).leading_zeros());
        TranspositionTable {
            entries: vec![Entry::default(); buckets * 2],
            mask: buckets - 1,
            stored: 0,
            generation: 1,
        }
    }

    #[inline]
    fn bucket(&self, key: (B, B)) -> usize {
        let h = key
            .0
            .fold64()
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29)
            ^ key.1.fold64().wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let h = h ^ (h >> 31);
        (h as usize & self.mask) * 2
    }

    /// The bounds known for a position.
    #[inline]
    pub fn get(&self, key: (B, B)) -> Option<Bounds> {
        let at = self.bucket(key);
        self.entries[at..at + 2]
            .iter()
            .find(|e| e.generation == self.generation && e.key == key)
            .map(|e| Bounds {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
            })
    }

    /// Records bounds proved for a position by a search of `nodes` nodes.
    pub fn store(&mut self, key: (B, B), bounds: Bounds, nodes: u64) {
        let at = self.bucket(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let fresh = Entry {
            key,
            lower: clamp(bounds.lower),
            upper: clamp(bounds.upper),
            work,
            generation: self.generation,
        };
        let current = self.generation;
        let slots = &mut self.entries[at..at + 2];
        let used = |e: &Entry<B>| e.generation == current;
        if let Some(e) = slots
            .iter_mut()
            .find(|e| e.generation == current && e.key == key)
        {
            // Both results are true facts about the same position: keep the tighter of each.
            e.lower = e.lower.max(fresh.lower);
            e.upper = e.upper.min(fresh.upper);
            e.work = e.work.max(work);
            return;
        }
        let slot = if !used(&slots[0]) || work >= slots[0].work {
            if used(&slots[0]) && !used(&slots[1]) {
                // Keep the displaced deep entry in the spare slot rather than losing it.
                slots[1] = slots[0];
                self.stored += 1;
            }
            0
        } else {
            1
        };
        if !used(&slots[slot]) {
            self.stored += 1;
        }
        slots[slot] = fresh;
    }

    /// Forgets every position, in constant time (a full wipe once every 255 calls).
    pub fn clear(&mut self) {
        self.stored = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    /// Number of positions stored.
    pub fn len(&self) -> usize {
        self.stored
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Memory used by the slots, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry<B>>()
    }
}
