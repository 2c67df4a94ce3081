//! The transposition table: bounds on the values of positions already searched, in a fixed amount
//! of memory.
//!
//! A position's key (its canonical marks, at most `key_bits` bits) is scrambled by a bijection of
//! `key_bits`-bit integers; the low bits choose a bucket and the rest, up to 64 bits, are stored to
//! recognise the position. When the rest fits in 64 bits the stored part and the bucket together
//! are the whole key, so a hit is never a collision (every gravity board; free boards with
//! `width × (height + 1) ≤ 42`, such as 6×6, with the default budget); beyond, the 64 stored bits make a collision unlikely rather
//! than impossible. A bucket is one cache line of four entries; a newcomer replaces an empty or
//! stale entry, else the one that cost the least work, so deep results survive.
//!
//! Several threads can search with one table at once, each through its own view (`share`), without
//! locks: the words are atomics read and written with relaxed ordering (plain moves on x86-64), and
//! an entry's first word is stored as `check ^ meta` (Hyatt's lockless hashing), so a pair whose two
//! words come from different writes almost always fails the check and reads as absent. The second
//! word also carries a 16-bit tag, a hash of the check: a torn pair can only pass for the position
//! looked up if its bounds word carries that position's tag too, so on top of the xor (as many
//! bits as the check has: 28 for Connect Four with the default table) 16 more bits must agree by
//! chance. A lost or torn write only loses a bound. With one thread no pair is ever torn.

use super::bitboard::Bitboard;
use super::huge_pages;
use crate::engine::game::score::INFINITY;
use crate::engine::search::{Cancelled, StopFlag};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// What the views of one table share.
struct Memory {
    words: Box<[AtomicU64]>,
    /// Positions stored by views that have handed in their counts (`flush`).
    stored: AtomicUsize,
}

/// What a search proved about a position's value: it lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

impl Bounds {
    /// The value is at least `value` (a cutoff proved no more).
    #[inline(always)]
    pub fn at_least(value: i32) -> Bounds {
        Bounds {
            lower: value,
            upper: INFINITY,
        }
    }

    /// What a search of the window `alpha..beta` that found `best` proved: an upper bound if it
    /// failed low, a lower bound if it failed high, else the exact value.
    #[inline(always)]
    pub fn of_search(best: i32, alpha: i32, beta: i32) -> Bounds {
        if best <= alpha {
            Bounds {
                lower: -INFINITY,
                upper: best,
            }
        } else if best >= beta {
            Bounds::at_least(best)
        } else {
            Bounds {
                lower: best,
                upper: best,
            }
        }
    }
}

/// One stored position, kept in two words of the table: the check (xored with the second word),
/// then the rest packed.
#[derive(Clone, Copy, Default)]
struct Entry {
    check: u64,
    lower: i16,
    upper: i16,
    /// log2 of the nodes its search took.
    work: u8,
    /// The table generation that wrote the entry; any other generation reads as empty.
    generation: u8,
    /// A hash of `check` (see the module comment).
    tag: u16,
}

impl Entry {
    fn unpack(check: u64, meta: u64) -> Entry {
        Entry {
            check,
            lower: meta as u16 as i16,
            upper: (meta >> 16) as u16 as i16,
            work: (meta >> 32) as u8,
            generation: (meta >> 40) as u8,
            tag: (meta >> 48) as u16,
        }
    }

    fn meta(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.work) << 32
            | u64::from(self.generation) << 40
            | u64::from(self.tag) << 48
    }
}

/// Where a position lives in the table: its bucket's first word and its stored check.
#[derive(Clone, Copy)]
pub struct Slot {
    at: usize,
    check: u64,
    /// The check's tag (see the module comment).
    tag: u16,
}

/// The 16-bit tag of a check: its top bits after a multiplicative hash.
#[inline]
fn tag_of(check: u64) -> u16 {
    (check.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as u16
}

/// Words per bucket: four entries of two words, one 64-byte cache line.
const BUCKET: usize = 8;

/// Words `touch` maps between two looks at the stop flag: a 2 MiB huge page, about a
/// millisecond of the kernel's zeroing.
const TOUCH_CHUNK: usize = 1 << 18;

/// Words in the smallest page (4 KiB): `touch` writes one of each.
const PAGE_WORDS: usize = 512;

/// Bounds on the values of positions, keyed by their canonical form, within a memory budget: one
/// thread's view of the table (the memory is shared with the views made by `share`).
pub struct TranspositionTable<B> {
    /// The buckets, as zeroed words: the allocator hands out zero pages lazily, so a big table
    /// costs nothing until used and memory use reflects the positions stored. Generation 0 (all
    /// zero) reads as empty. Owned jointly by every view.
    memory: Arc<Memory>,
    /// `memory`'s first word and length, kept here so that an access costs no extra indirection.
    base: *const AtomicU64,
    len: usize,
    /// Words to skip so buckets start on a cache line.
    offset: usize,
    /// log2 of the number of buckets.
    index_bits: u32,
    /// Width of the keys given to `get`/`store`: `(a, b)` is read as `a + b << word_bits`.
    key_bits: u32,
    word_bits: u32,
    /// Positions this view stored in empty or stale slots (a count per view: a shared counter
    /// would be written by every thread on most nodes).
    stored: usize,
    /// Bumped by `clear`, which thereby empties the table without touching its memory. Views
    /// made by `share` copy it: clearing is for the owner, between searches.
    generation: u8,
    marker: std::marker::PhantomData<B>,
}

// SAFETY: `base` and `len` describe the boxed slice that `memory` keeps alive (a boxed slice never
// moves), and those words are atomics, which any thread may access: a view is as sendable as an
// `Arc<Memory>`.
unsafe impl<B: Send> Send for TranspositionTable<B> {}

const MIX1: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
const MIX2: u128 = 0xC2B2_AE3D_27D4_EB4F_1656_67B1_9E37_79F9;

impl<B: Bitboard> TranspositionTable<B> {
    /// A table of at most `bytes` bytes (and no more entries than `positions`), for keys whose
    /// words use `word_bits` bits each and whose second word is zero when `single` holds.
    pub fn new(
        bytes: usize,
        positions: f64,
        word_bits: u32,
        single: bool,
    ) -> TranspositionTable<B> {
        let by_budget = (bytes / (BUCKET * 8)).max(1);
        let wanted = (positions / 4.0).clamp(256.0, 1e15) as usize;
        let count = by_budget.min(wanted.next_power_of_two());
        // Round down to a power of two so a bucket is found with a mask.
        let mut index_bits = usize::BITS - 1 - count.leading_zeros();
        let key_bits = if single {
            word_bits
        } else {
            (2 * word_bits).min(128)
        };
        // A budget the system cannot grant (more than its memory) gets the largest half, quarter…
        // that it can: a smaller table only makes searches slower, never wrong.
        let (words, offset) = loop {
            match huge_pages::zeroed_words(BUCKET << index_bits) {
                Some(found) => break found,
                None if index_bits > 0 => index_bits -= 1,
                None => std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u64; BUCKET]>()),
            }
        };
        let (base, len) = (words.as_ptr(), words.len());
        TranspositionTable {
            offset,
            memory: Arc::new(Memory {
                words,
                stored: AtomicUsize::new(0),
            }),
            base,
            len,
            index_bits,
            key_bits,
            word_bits,
            stored: 0,
            generation: 1,
            marker: std::marker::PhantomData,
        }
    }

    /// Another view of the same memory, for another thread searching at the same time: same
    /// generation, its own count of positions stored.
    pub fn share(&self) -> TranspositionTable<B> {
        TranspositionTable {
            memory: Arc::clone(&self.memory),
            stored: 0,
            ..*self
        }
    }

    /// Every word of the table.
    #[inline(always)]
    fn words(&self) -> &[AtomicU64] {
        // SAFETY: see the `Send` implementation: `memory` keeps these `len` words alive.
        unsafe { std::slice::from_raw_parts(self.base, self.len) }
    }

    /// Where a key lives: its bucket and the bits stored to recognise it. Computed once per node
    /// and used for both the lookup and the store.
    #[inline]
    pub fn locate(&self, key: (B, B)) -> Slot {
        let (index, check) = self.scramble(key);
        Slot {
            at: self.offset + index * BUCKET,
            check,
            tag: tag_of(check),
        }
    }

    /// The bucket and the stored check of a key: a bijection of `key_bits`-bit integers, split.
    #[inline]
    fn scramble(&self, key: (B, B)) -> (usize, u64) {
        let (a, b) = (key.0.to_u128(), key.1.to_u128());
        if self.key_bits <= 64 {
            // The common case (every gravity board but 8×8, free boards up to 5×5) in 64-bit words.
            let mask = u64::MAX >> (64 - self.key_bits);
            let half = self.key_bits / 2;
            let mut x = (a | (b << self.word_bits)) as u64;
            x = x.wrapping_mul(MIX1 as u64) & mask;
            x ^= x >> half;
            x = x.wrapping_mul(MIX2 as u64) & mask;
            x ^= x >> half;
            let index = (x as usize) & ((1 << self.index_bits) - 1);
            return (index, x >> self.index_bits);
        }
        let (mut x, mask) = if self.key_bits < 128 {
            (a | (b << self.word_bits), (1u128 << self.key_bits) - 1)
        } else {
            // Too wide to be exact (free 8×8 only): fold both words into one 128-bit hash.
            (
                a.wrapping_mul(MIX1) ^ b.wrapping_mul(MIX2).rotate_left(64),
                u128::MAX,
            )
        };
        let half = self.key_bits / 2;
        x = x.wrapping_mul(MIX1) & mask;
        x ^= x >> half;
        x = x.wrapping_mul(MIX2) & mask;
        x ^= x >> half;
        let index = (x as usize) & ((1 << self.index_bits) - 1);
        (index, (x >> self.index_bits) as u64)
    }

    /// The four entries of a slot's bucket, as (check, meta) word pairs.
    #[inline]
    fn bucket(&self, slot: Slot) -> &[AtomicU64; BUCKET] {
        let words: &[AtomicU64] = &self.words()[slot.at..];
        words
            .first_chunk::<BUCKET>()
            .expect("a slot's bucket lies inside the table")
    }

    /// Starts loading a slot's bucket into the cache, so a later `get` does not wait for memory.
    #[inline]
    pub fn prefetch(&self, slot: Slot) {
        let bucket: *const AtomicU64 = self.words()[slot.at..].as_ptr();
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; it never faults and reads nothing the program sees.
        // SSE is part of the x86_64 baseline, so the intrinsic's target feature is always present.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The bounds known for the position at a slot.
    #[inline]
    pub fn get(&self, slot: Slot) -> Option<Bounds> {
        let bucket = self.bucket(slot);
        // The generation and the tag, the top 24 bits of an entry of this position written now.
        let top = u64::from(slot.tag) << 8 | u64::from(self.generation);
        for pair in bucket.chunks_exact(2) {
            let meta = pair[1].load(Relaxed);
            let check = pair[0].load(Relaxed) ^ meta;
            if check == slot.check && meta >> 40 == top {
                let e = Entry::unpack(check, meta);
                return Some(Bounds {
                    lower: i32::from(e.lower),
                    upper: i32::from(e.upper),
                });
            }
        }
        None
    }

    /// Records bounds proved for the position at a slot by a search of `nodes` nodes.
    #[inline]
    pub fn store(&mut self, slot: Slot, bounds: Bounds, nodes: u64) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let current = self.generation;
        let words: &[AtomicU64] = &self.words()[slot.at..];
        let Some(words) = words.first_chunk::<BUCKET>() else {
            return;
        };
        let write = |i: usize, e: &Entry| {
            let meta = e.meta();
            words[2 * i].store(e.check ^ meta, Relaxed);
            words[2 * i + 1].store(meta, Relaxed);
        };
        // One pass: an entry of this position is merged into; otherwise the victim is the first
        // stale entry, else the first of those that cost the least work.
        let mut victim = 0;
        let mut least = u32::MAX;
        for i in 0..BUCKET / 2 {
            let meta = words[2 * i + 1].load(Relaxed);
            let e = Entry::unpack(words[2 * i].load(Relaxed) ^ meta, meta);
            if e.generation != current {
                if least > 0 {
                    least = 0;
                    victim = i;
                }
                continue;
            }
            if e.check == slot.check && e.tag == slot.tag {
                // Both results are true facts about the same position: keep the tighter of each.
                let merged = Entry {
                    lower: e.lower.max(clamp(bounds.lower)),
                    upper: e.upper.min(clamp(bounds.upper)),
                    work: e.work.max(work),
                    ..e
                };
                write(i, &merged);
                return;
            }
            let cost = 1 + u32::from(e.work);
            if cost < least {
                least = cost;
                victim = i;
            }
        }
        let fresh = Entry {
            check: slot.check,
            lower: clamp(bounds.lower),
            upper: clamp(bounds.upper),
            work,
            generation: current,
            tag: slot.tag,
        };
        write(victim, &fresh);
        if least == 0 {
            self.stored += 1;
        }
    }

    /// Forgets every position, in constant time (a full wipe once every 255 calls).
    pub fn clear(&mut self) {
        self.stored = 0;
        self.memory.stored.store(0, Relaxed);
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.wipe();
            self.generation = 1;
        }
    }

    /// Maps every page of the table now rather than one by one during a search (benchmarks time
    /// searches, not the operating system's page faults), and forgets every stored position.
    /// One write a page is enough: the kernel hands each page out zeroed, and once the
    /// generation has moved on every entry is stale, so zeroing one word of it loses nothing. (An
    /// `or` with 0 would not do: the compiler makes it a load, which maps no page.) Mapping
    /// gigabytes still takes seconds, so `stop` is looked at between huge pages; once it is
    /// raised the rest is left to be mapped as it is used.
    pub fn touch(&mut self, stop: &StopFlag) -> Result<(), Cancelled> {
        self.clear();
        let end = self.offset + (BUCKET << self.index_bits);
        for chunk in self.memory.words[self.offset..end].chunks(TOUCH_CHUNK) {
            if stop.is_stopped() {
                return Err(Cancelled);
            }
            for word in chunk.iter().step_by(PAGE_WORDS) {
                word.store(0, Relaxed);
            }
        }
        Ok(())
    }

    /// Zeroes the words holding buckets (the allocation has spare words for alignment around
    /// them). Only between searches: a view searching meanwhile would find half a table.
    fn wipe(&mut self) {
        let end = self.offset + (BUCKET << self.index_bits);
        for word in &self.memory.words[self.offset..end] {
            word.store(0, Relaxed);
        }
    }

    /// Number of positions stored: exact with one thread; with several, the sum of what each
    /// view stored in an empty or stale slot (two threads may have filled the same one).
    pub fn len(&self) -> usize {
        (self.stored + self.memory.stored.load(Relaxed)).min(self.capacity())
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        (1 << self.index_bits) * 4
    }

    /// Memory reserved for the slots, in bytes (pages never written are not resident).
    pub fn bytes(&self) -> usize {
        (BUCKET << self.index_bits) * 8
    }

    /// Whether a hit can never be a collision (see the module comment).
    pub fn is_exact(&self) -> bool {
        self.key_bits < 128 && self.key_bits <= 64 + self.index_bits
    }
}

impl<B> TranspositionTable<B> {
    /// Hands this view's count of positions stored over to the table's (done when a view is
    /// dropped), so that `len` of any view counts them.
    pub fn flush(&mut self) {
        self.memory.stored.fetch_add(self.stored, Relaxed);
        self.stored = 0;
    }
}

impl<B> Drop for TranspositionTable<B> {
    fn drop(&mut self) {
        self.flush();
    }
}
